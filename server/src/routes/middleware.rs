use axum::body::Body;
use axum::extract::{MatchedPath, Request, State};
use axum::http::{HeaderValue, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

use super::ClientAddr;
use crate::state::AppState;
use domain::authz::{CallKind, CallKinds};
use domain::oplog;
use domain::session::SessionState;
use kernel::changes;
use kernel::error::AppError;
use kernel::i18n::cookie;
use kernel::text;

/// The token a request presents: the `x-token` header, else the `x-token` cookie.
#[derive(Clone)]
pub struct RawToken(pub String);

pub fn token_of(headers: &axum::http::HeaderMap) -> Option<String> {
    header_token(headers)
        .or_else(|| non_empty(cookie(headers, "x-token")))
        .map(str::to_owned)
}

fn header_token(headers: &axum::http::HeaderMap) -> Option<&str> {
    non_empty(headers.get("x-token").and_then(|v| v.to_str().ok()))
}

fn non_empty(token: Option<&str>) -> Option<&str> {
    token.map(str::trim).filter(|t| !t.is_empty())
}

/// Marks a request whose token came from the `x-token` cookie alone. Browsers attach cookies
/// to requests other sites make them send, so such a request may write only from this site.
#[derive(Clone, Copy)]
pub struct CookieOnly;

/// Judges the token once per request (extractors read the verdict and the caller's
/// [`Principal`](domain::principal::Principal)) and hands out a fresh token in
/// `new-token` when the current one is inside its buffer window.
pub async fn session(State(state): State<AppState>, mut req: Request, next: Next) -> Response {
    let token = token_of(req.headers());
    let (verdict, principal) = match token.as_deref() {
        None => (SessionState::Anonymous, None),
        Some(t) => match state.principals.authenticate(&state.tokens, t).await {
            Ok(judged) => judged,
            Err(err) => return err.into_response(),
        },
    };
    let refreshed = match &verdict {
        SessionState::Valid(claims) => state.tokens.refresh(claims),
        _ => None,
    };
    if let Some(token) = token {
        if header_token(req.headers()).is_none() {
            req.extensions_mut().insert(CookieOnly);
        }
        req.extensions_mut().insert(RawToken(token));
    }
    if let Some(principal) = principal {
        req.extensions_mut().insert(principal);
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

/// Finds the declared kind of the routed call and hands it to the layers and extractors
/// after it; a method the path does not serve answers the 404 envelope.
pub async fn classify(State(kinds): State<CallKinds>, mut req: Request, next: Next) -> Response {
    let path = req
        .extensions()
        .get::<MatchedPath>()
        .map_or_else(|| req.uri().path().to_owned(), |m| m.as_str().to_owned());
    match kinds.get(&path, req.method().as_str()) {
        Some(kind) => {
            req.extensions_mut().insert(kind);
            next.run(req).await
        }
        None => AppError::NoSuchCall(req.uri().path().to_owned()).into_response(),
    }
}

fn kind_of(req: &Request) -> CallKind {
    // `classify` runs first on every routed call.
    req.extensions()
        .get::<CallKind>()
        .copied()
        .unwrap_or(CallKind::Write)
}

/// Open and device calls pass; every other call needs a valid session (else code 100) and a
/// policy for the caller's role (else code 7, and the handler never runs). A write signed in
/// by the cookie alone must come from this site (else code 7).
pub async fn authorize(State(state): State<AppState>, req: Request, next: Next) -> Response {
    let kind = kind_of(&req);
    if !kind.signed_in() {
        return next.run(req).await;
    }
    let path = req
        .extensions()
        .get::<MatchedPath>()
        .map_or_else(|| req.uri().path().to_owned(), |m| m.as_str().to_owned());
    let claims = match req.extensions().get::<SessionState>() {
        Some(SessionState::Valid(claims)) => claims.clone(),
        Some(SessionState::Rejected(text)) => {
            return AppError::SignedOut(text.clone()).into_response();
        }
        _ => {
            return AppError::SignedOut(text!(
                "未登录或非法访问，请登录",
                "Not signed in; please sign in"
            ))
            .into_response();
        }
    };
    if kind == CallKind::Write
        && req.extensions().get::<CookieOnly>().is_some()
        && !from_this_site(&req)
    {
        return AppError::fail(text!(
            "拒绝跨站写请求：请在 x-token 请求头中携带令牌",
            "A cross-site write was refused: send the token in the x-token header"
        ))
        .into_response();
    }
    if state
        .policies
        .allows(claims.authority_id, &path, req.method().as_str())
        .await
    {
        next.run(req).await
    } else {
        AppError::fail(text!("权限不足", "Permission denied")).into_response()
    }
}

/// Whether the request's `Origin` (or, without one, its `Referer`) is this site, as the edge
/// resolved it. A request carrying neither cannot show where it comes from.
fn from_this_site(req: &Request) -> bool {
    let Some(client) = req.extensions().get::<ClientAddr>() else {
        return false;
    };
    let headers = req.headers();
    headers
        .get(header::ORIGIN)
        .or_else(|| headers.get(header::REFERER))
        .and_then(|v| v.to_str().ok())
        .is_some_and(|source| client.same_origin(source))
}

/// Hands what the call's services announced to the caches once it has answered.
pub async fn apply_changes(State(state): State<AppState>, req: Request, next: Next) -> Response {
    let (res, changes) = changes::collect(next.run(req)).await;
    if !changes.is_empty() {
        state.apply(&changes).await;
    }
    res
}

/// Records every write call in the operation log: request and response bodies with their
/// secrets masked (sign-ins are open calls, audited by the session service instead).
pub async fn record(State(state): State<AppState>, req: Request, next: Next) -> Response {
    if !kind_of(&req).is_operation() {
        return next.run(req).await;
    }
    let method = req.method().as_str().to_owned();
    let path = req.uri().path().to_owned();
    let started = std::time::Instant::now();
    let at = chrono::Utc::now();
    let headers = req.headers();
    let agent = headers
        .get(header::USER_AGENT)
        .and_then(|v| v.to_str().ok())
        .unwrap_or_default()
        .to_owned();
    let ip = crate::extract::client_ip(req.extensions());
    let user_id = match req.extensions().get::<SessionState>() {
        Some(SessionState::Valid(c)) => Some(c.uid),
        _ => None,
    };
    let multipart = headers
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("multipart/"));
    let (req, body) = if multipart {
        (req, "[file]".to_owned())
    } else {
        let (parts, body) = req.into_parts();
        let Ok(bytes) = axum::body::to_bytes(body, state.cfg.body_limit).await else {
            return AppError::fail(text!("请求体过大", "The request body is too large"))
                .into_response();
        };
        let text = oplog::mask_body(&bytes);
        (Request::from_parts(parts, Body::from(bytes)), text)
    };
    let res = next.run(req).await;
    let (parts, resp_body) = res.into_parts();
    let is_json = parts
        .headers
        .get(header::CONTENT_TYPE)
        .is_some_and(|v| v.as_bytes().starts_with(b"application/json"));
    let (resp_body, resp) = if is_json {
        match axum::body::to_bytes(resp_body, usize::MAX).await {
            Ok(bytes) => {
                let text = oplog::mask_body(&bytes);
                (Body::from(bytes), text)
            }
            Err(_) => (Body::empty(), String::new()),
        }
    } else {
        (resp_body, "[binary]".to_owned())
    };
    oplog::store(
        state.db.clone(),
        oplog::Entry {
            at,
            user_id,
            ip,
            method,
            path,
            status: parts.status.as_u16(),
            latency_ms: i64::try_from(started.elapsed().as_millis()).unwrap_or(i64::MAX),
            agent,
            body,
            resp,
        },
    );
    Response::from_parts(parts, resp_body)
}
