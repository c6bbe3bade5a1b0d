use axum::extract::{Request, State};
use axum::http::HeaderValue;
use axum::middleware::Next;
use axum::response::Response;

use crate::i18n::cookie;
use crate::services::session::SessionState;
use crate::state::AppState;

/// The token a request presents: the `x-token` header, else the `x-token` cookie.
#[derive(Clone)]
pub struct RawToken(pub String);

pub fn token_of(headers: &axum::http::HeaderMap) -> Option<String> {
    headers
        .get("x-token")
        .and_then(|v| v.to_str().ok())
        .or_else(|| cookie(headers, "x-token"))
        .map(str::trim)
        .filter(|t| !t.is_empty())
        .map(str::to_owned)
}

/// Judges the token once per request (extractors read the verdict) and hands out a fresh
/// token in `new-token` when the current one is inside its buffer window.
pub async fn session(State(state): State<AppState>, mut req: Request, next: Next) -> Response {
    let token = token_of(req.headers());
    let verdict = token
        .as_deref()
        .map_or(SessionState::Anonymous, |t| state.tokens.verify(t));
    let refreshed = match &verdict {
        SessionState::Valid(claims) => state.tokens.refresh(claims),
        _ => None,
    };
    if let Some(token) = token {
        req.extensions_mut().insert(RawToken(token));
    }
    req.extensions_mut().insert(verdict);
    let mut res = next.run(req).await;
    if let Some((token, expires)) = refreshed
        && let (Ok(token), Ok(expires)) = (
            HeaderValue::from_str(&token),
            HeaderValue::from_str(&expires.timestamp().to_string()),
        )
    {
        res.headers_mut().insert("new-token", token);
        res.headers_mut().insert("new-expires-at", expires);
    }
    res
}

/// Trusteeship (console-spec §6) prefixes call paths with `/captain`; the same handlers
/// answer them, so the prefix is removed before routing.
pub fn strip_captain<B>(mut req: axum::http::Request<B>) -> axum::http::Request<B> {
    let path = req.uri().path();
    let stripped = ["/api", "/tapi"].iter().find_map(|base| {
        path.strip_prefix(base)
            .and_then(|rest| rest.strip_prefix("/captain"))
            .filter(|rest| rest.is_empty() || rest.starts_with('/'))
            .map(|rest| format!("{base}{rest}"))
    });
    if let Some(new_path) = stripped {
        let pq = match req.uri().query() {
            Some(q) => format!("{new_path}?{q}"),
            None => new_path,
        };
        let mut parts = req.uri().clone().into_parts();
        if let Ok(pq) = pq.parse() {
            parts.path_and_query = Some(pq);
            if let Ok(uri) = axum::http::Uri::from_parts(parts) {
                req.extensions_mut().insert(Trusteeship);
                *req.uri_mut() = uri;
            }
        }
    }
    req
}

/// Marks a request that came in under the `/captain` prefix.
#[derive(Clone, Copy, Debug)]
pub struct Trusteeship;
