//! The websocket at the brand's `wsUrl` (default `/ws`; docs/live.md). Signed in by token
//! (`?token=`, since browsers cannot set headers on a websocket, or the `x-token`
//! header/cookie), scoped like every call to the user's current enterprise (or `?ent=` when
//! they may act for it), it pushes vehicle updates, alarms and the user's own messages,
//! pings every 20 s and drops a connection silent for 60 s. A console that reconnects sends
//! `{"type":"resume","after":N}` and gets what it missed, or `{"type":"resync"}` when that is
//! no longer kept.

use std::sync::Arc;
use std::time::Duration;

use axum::Router;
use axum::extract::ws::rejection::WebSocketUpgradeRejection;
use axum::extract::ws::{Message, Utf8Bytes, WebSocket, WebSocketUpgrade};
use axum::extract::{Query, State};
use axum::http::HeaderMap;
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use serde::Deserialize;
use serde_json::json;
use tokio::sync::broadcast::error::RecvError;
use tokio::time::{Instant, interval};

use super::middleware::token_of;
use crate::state::AppState;
use domain::live::hub::{CatchUp, LiveEvent};
use domain::principal::Principal;
use domain::scope::{Scope, VehicleVisibility};
use domain::session::SessionState;
use kernel::error::AppError;
use kernel::text;

const PING_EVERY: Duration = Duration::from_secs(20);
const SILENCE_LIMIT: Duration = Duration::from_secs(60);
/// Relations change rarely; a connection re-reads the vehicles they cover this often.
const COVERAGE_REFRESH: Duration = Duration::from_secs(60);

pub fn routes() -> Router<AppState> {
    Router::new().route("/ws", get(connect))
}

#[derive(Debug, Deserialize)]
struct ConnectQuery {
    token: Option<String>,
    /// The enterprise to act for (default: the user's current one).
    ent: Option<i64>,
}

async fn connect(
    State(state): State<AppState>,
    Query(query): Query<ConnectQuery>,
    headers: HeaderMap,
    upgrade: Result<WebSocketUpgrade, WebSocketUpgradeRejection>,
) -> Response {
    let Ok(upgrade) = upgrade else {
        return AppError::fail(text!(
            "这里是 WebSocket 地址，请用 WebSocket 连接",
            "This is the websocket address; connect with a websocket"
        ))
        .into_response();
    };
    match authorize(&state, query, &headers).await {
        Ok((token, scope)) => upgrade
            .on_upgrade(move |socket| serve(state, token, scope, socket))
            .into_response(),
        Err(err) => err.into_response(),
    }
}

async fn authorize(
    state: &AppState,
    query: ConnectQuery,
    headers: &HeaderMap,
) -> Result<(String, Scope), AppError> {
    let token = query
        .token
        .filter(|t| !t.trim().is_empty())
        .or_else(|| token_of(headers))
        .ok_or(AppError::SignedOut(text!("未登录", "Not signed in")))?;
    let principal = signed_in(state, &token).await?;
    let scope = Scope::resolve(&state.db, &state.tree, &principal, query.ent, false).await?;
    Ok((token, scope))
}

/// The same session check as every HTTP call: a frozen or deleted account is refused.
async fn signed_in(state: &AppState, token: &str) -> Result<Arc<Principal>, AppError> {
    match state.principals.authenticate(&state.tokens, token).await? {
        (SessionState::Valid(_), Some(principal)) => Ok(principal),
        (SessionState::Rejected(why), _) => Err(AppError::SignedOut(why)),
        _ => Err(AppError::SignedOut(text!("未登录", "Not signed in"))),
    }
}

/// Which events a connection may see: its enterprises' vehicles and those its relations cover.
struct Audience {
    scope: Scope,
    vehicles: VehicleVisibility,
    checked_at: Instant,
}

impl Audience {
    async fn new(state: &AppState, scope: Scope) -> Result<Self, AppError> {
        let vehicles = scope.vehicle_visibility(&state.db).await?;
        Ok(Self {
            scope,
            vehicles,
            checked_at: Instant::now(),
        })
    }

    async fn refresh(&mut self, state: &AppState) {
        if self.checked_at.elapsed() < COVERAGE_REFRESH {
            return;
        }
        // On a database hiccup keep the last known coverage rather than drop the console.
        if let Ok(vehicles) = self.scope.vehicle_visibility(&state.db).await {
            self.vehicles = vehicles;
        }
        self.checked_at = Instant::now();
    }

    fn sees(&self, event: &LiveEvent) -> bool {
        match event.recipient {
            // A pushed message goes to its member's connections only, staff included.
            Some(user) => user == self.scope.user.id,
            None => self.vehicles.sees(event.vehicle_id, event.enterprise_id),
        }
    }
}

#[derive(Debug, Deserialize)]
#[serde(tag = "type", rename_all = "lowercase")]
enum ClientMessage {
    Resume { after: u64 },
    Ping,
}

fn text_frame(value: &serde_json::Value) -> Message {
    Message::Text(Utf8Bytes::from(value.to_string()))
}

fn event_frame(event: &LiveEvent) -> Message {
    Message::Text(Utf8Bytes::from(event.frame.as_ref()))
}

async fn serve(state: AppState, token: String, scope: Scope, mut socket: WebSocket) {
    let Ok(mut audience) = Audience::new(&state, scope).await else {
        return;
    };
    let (mut events, mut seen) = state.live.subscribe();
    let hello = json!({"type": "hello", "seq": seen, "heartbeat": PING_EVERY.as_secs()});
    if socket.send(text_frame(&hello)).await.is_err() {
        return;
    }
    let mut ping = interval(PING_EVERY);
    let mut heard = Instant::now();
    loop {
        tokio::select! {
            received = events.recv() => {
                let event = match received {
                    Ok(event) => event,
                    Err(RecvError::Lagged(_)) => {
                        // Too slow to keep up: start again from a fresh fetch.
                        (events, seen) = state.live.subscribe();
                        let resync = json!({"type": "resync", "seq": seen});
                        if socket.send(text_frame(&resync)).await.is_err() {
                            return;
                        }
                        continue;
                    }
                    Err(RecvError::Closed) => return,
                };
                seen = event.seq;
                audience.refresh(&state).await;
                if audience.sees(&event) && socket.send(event_frame(&event)).await.is_err() {
                    return;
                }
            }
            incoming = socket.recv() => {
                let Some(Ok(message)) = incoming else { return };
                heard = Instant::now();
                let Message::Text(text) = message else { continue };
                match serde_json::from_str::<ClientMessage>(text.as_str()) {
                    Ok(ClientMessage::Resume { after }) => {
                        if !catch_up(&state, &audience, &mut socket, after, seen).await {
                            return;
                        }
                    }
                    Ok(ClientMessage::Ping) => {
                        if socket.send(text_frame(&json!({"type": "pong"}))).await.is_err() {
                            return;
                        }
                    }
                    Err(err) => {
                        let error = json!({"type": "error", "msg": err.to_string()});
                        if socket.send(text_frame(&error)).await.is_err() {
                            return;
                        }
                    }
                }
            }
            _ = ping.tick() => {
                // A session signed out, frozen or deleted since the upgrade ends here too.
                if heard.elapsed() > SILENCE_LIMIT || signed_in(&state, &token).await.is_err() {
                    let _ = socket.send(Message::Close(None)).await;
                    return;
                }
                if socket.send(Message::Ping(axum::body::Bytes::new())).await.is_err() {
                    return;
                }
            }
        }
    }
}

/// Sends what the connection missed after `after` (up to `until`, where the live stream
/// takes over), or asks it to resync. Answers false when the socket is gone.
async fn catch_up(
    state: &AppState,
    audience: &Audience,
    socket: &mut WebSocket,
    after: u64,
    until: u64,
) -> bool {
    match state.live.since(after, until) {
        CatchUp::Events(missed) => {
            for event in missed.iter().filter(|e| audience.sees(e)) {
                if socket.send(event_frame(event)).await.is_err() {
                    return false;
                }
            }
            true
        }
        CatchUp::Resync => socket
            .send(text_frame(&json!({"type": "resync", "seq": until})))
            .await
            .is_ok(),
    }
}
