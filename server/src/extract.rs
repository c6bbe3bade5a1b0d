//! Request extractors whose rejections speak the envelope: bad bodies become code 7 with a
//! message naming the field, a missing session becomes code 100.

use axum::body::Bytes;
use axum::extract::rejection::BytesRejection;
use axum::extract::{FromRequest, FromRequestParts, Request};
use axum::http::request::Parts;
use serde::de::DeserializeOwned;

use domain::session::{Claims, SessionState};
use kernel::error::AppError;
use kernel::text;

/// A JSON body. An empty body reads as `{}` so calls whose fields are all optional accept it.
pub struct ApiJson<T>(pub T);

impl<S: Send + Sync, T: DeserializeOwned> FromRequest<S> for ApiJson<T> {
    type Rejection = AppError;

    async fn from_request(req: Request, state: &S) -> Result<Self, Self::Rejection> {
        parse_json(&json_body(req, state).await?).map(ApiJson)
    }
}

/// The JSON text of a request body; an empty body reads as `{}`. A body sent as anything but
/// JSON is refused (code 7, naming the type): a browser sends `text/plain` and form bodies
/// across sites without asking, JSON only to sites that allow it.
async fn json_body<S: Send + Sync>(req: Request, state: &S) -> Result<Bytes, AppError> {
    let content_type = req
        .headers()
        .get(axum::http::header::CONTENT_TYPE)
        .map(|v| String::from_utf8_lossy(v.as_bytes()).into_owned());
    let bytes = Bytes::from_request(req, state)
        .await
        .map_err(|r| body_rejection(&r))?;
    if bytes.iter().all(u8::is_ascii_whitespace) {
        return Ok(Bytes::from_static(b"{}"));
    }
    match content_type {
        Some(t) if is_json(&t) => Ok(bytes),
        Some(t) => Err(AppError::fail(text!(
            "请求体类型 {} 不受支持，请使用 application/json",
            "Content type {} is not accepted; send application/json",
            t
        ))),
        None => Err(AppError::fail(text!(
            "请求体缺少类型，请使用 application/json",
            "The request body has no content type; send application/json"
        ))),
    }
}

/// `application/json` or a `+json` type (`application/merge-patch+json`), any parameters.
fn is_json(content_type: &str) -> bool {
    let essence = content_type
        .split(';')
        .next()
        .unwrap_or_default()
        .trim()
        .to_ascii_lowercase();
    essence == "application/json"
        || (essence.starts_with("application/") && essence.ends_with("+json"))
}

fn body_rejection(rejection: &BytesRejection) -> AppError {
    if rejection.status() == axum::http::StatusCode::PAYLOAD_TOO_LARGE {
        AppError::fail(text!("请求体过大", "The request body is too large"))
    } else {
        AppError::fail(text!(
            "无法读取请求体：{}",
            "Cannot read the request body: {}",
            rejection.body_text()
        ))
    }
}

/// Checks JSON against the input rules ([`crate::input`]) and deserializes it, naming the
/// offending field in the error.
pub fn parse_json<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, AppError> {
    crate::input::check_json(bytes)?;
    deserialize(bytes)
}

fn deserialize<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, AppError> {
    let de = &mut serde_json::Deserializer::from_slice(bytes);
    serde_path_to_error::deserialize(de).map_err(|err| {
        let path = err.path().to_string();
        let inner = err.into_inner();
        if inner.is_syntax() || inner.is_eof() {
            return AppError::fail(text!(
                "请求体不是合法的 JSON：{}",
                "The request body is not valid JSON: {}",
                inner
            ));
        }
        field_error(&path, &inner.to_string())
    })
}

/// A body or query that does not fit its type; a bad value names its field (`data.field`).
fn field_error(path: &str, detail: &str) -> AppError {
    // serde reports a missing field at the parent path with the name in the message.
    if path == "." {
        AppError::fail(text!("请求参数错误：{}", "Invalid request: {}", detail))
    } else {
        AppError::field(
            path,
            text!("请求参数 {} 错误：{}", "Invalid field {}: {}", path, detail),
        )
    }
}

/// Query-string parameters (GET calls), with the same error messages as [`ApiJson`].
pub struct ApiQuery<T>(pub T);

impl<S: Send + Sync, T: DeserializeOwned> FromRequestParts<S> for ApiQuery<T> {
    type Rejection = AppError;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Self, Self::Rejection> {
        let query = parts.uri.query().unwrap_or_default();
        crate::input::check_query(query)?;
        deserialize_query(query).map(ApiQuery)
    }
}

fn deserialize_query<T: DeserializeOwned>(query: &str) -> Result<T, AppError> {
    let de = serde_urlencoded::Deserializer::new(form_urlencoded::parse(query.as_bytes()));
    serde_path_to_error::deserialize(de)
        .map_err(|err| field_error(&err.path().to_string(), &err.inner().to_string()))
}

/// The signed-in caller. Rejects with code 100 when the request has no valid session.
#[derive(Debug, Clone)]
pub struct CurrentUser(pub Claims);

impl<S: Send + Sync> FromRequestParts<S> for CurrentUser {
    type Rejection = AppError;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Self, Self::Rejection> {
        match parts.extensions.get::<SessionState>() {
            Some(SessionState::Valid(claims)) => Ok(Self(claims.as_ref().clone())),
            Some(SessionState::Rejected(text)) => Err(AppError::SignedOut(text.clone())),
            Some(SessionState::Anonymous) | None => Err(AppError::SignedOut(text!(
                "未登录或非法访问，请登录",
                "Not signed in; please sign in"
            ))),
        }
    }
}

/// The signed-in caller's principal (user row and memberships) as the session check loaded
/// it from the cache: handlers about the caller need not read them again.
pub struct SignedIn(pub std::sync::Arc<domain::principal::Principal>);

impl<S: Send + Sync> FromRequestParts<S> for SignedIn {
    type Rejection = AppError;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Self, Self::Rejection> {
        parts
            .extensions
            .get::<std::sync::Arc<domain::principal::Principal>>()
            .cloned()
            .map(Self)
            .ok_or_else(|| {
                AppError::SignedOut(text!(
                    "未登录或非法访问，请登录",
                    "Not signed in; please sign in"
                ))
            })
    }
}

/// The client's address as the edge resolved it ([`ClientAddr`](crate::routes::ClientAddr):
/// the TCP peer, or what a trusted proxy forwarded).
pub fn client_ip(extensions: &axum::http::Extensions) -> String {
    extensions
        .get::<crate::routes::ClientAddr>()
        .map(|c| c.ip.to_string())
        .unwrap_or_default()
}

/// The caller's address (see [`client_ip`]).
pub struct ClientIp(pub String);

impl<S: Send + Sync> FromRequestParts<S> for ClientIp {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Self, Self::Rejection> {
        Ok(Self(client_ip(&parts.extensions)))
    }
}

/// Where a sign-in comes from: the caller's address ([`ClientIp`]) and browser.
pub struct SignInOrigin(pub domain::signins::Origin);

impl<S: Send + Sync> FromRequestParts<S> for SignInOrigin {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        let ClientIp(ip) = ClientIp::from_request_parts(parts, state).await?;
        let agent = parts
            .headers
            .get(axum::http::header::USER_AGENT)
            .and_then(|v| v.to_str().ok())
            .unwrap_or_default()
            .to_owned();
        Ok(Self(domain::signins::Origin { ip, agent }))
    }
}

/// The signed-in caller with their data scope. The `x-ent-id` header picks the enterprise to
/// act for (refused with code 7 unless the caller may act for it); empty, `0`, `null` and
/// `undefined` mean "my current enterprise". A `/captain` request is served under the caller's
/// trusteeship (code 7 without one), and a read-only trusteeship refuses mutating calls.
pub struct Tenant(pub domain::scope::Scope);

impl FromRequestParts<crate::state::AppState> for Tenant {
    type Rejection = AppError;

    async fn from_request_parts(
        parts: &mut Parts,
        state: &crate::state::AppState,
    ) -> Result<Self, Self::Rejection> {
        // Refuses a missing or rejected session with its own message.
        CurrentUser::from_request_parts(parts, state).await?;
        let requested = match parts
            .headers
            .get("x-ent-id")
            .map(|v| v.to_str().map(str::trim))
        {
            None | Some(Ok("" | "0" | "null" | "undefined")) => None,
            Some(Ok(v)) => Some(v.parse::<i64>().map_err(|_| {
                AppError::fail(text!(
                    "x-ent-id 必须是企业编号",
                    "x-ent-id must be an enterprise id"
                ))
            })?),
            Some(Err(_)) => {
                return Err(AppError::fail(text!(
                    "x-ent-id 必须是企业编号",
                    "x-ent-id must be an enterprise id"
                )));
            }
        };
        let captain = parts
            .extensions
            .get::<crate::routes::Trusteeship>()
            .is_some();
        let SignedIn(principal) = SignedIn::from_request_parts(parts, state).await?;
        let scope =
            domain::scope::Scope::resolve(&state.db, &state.tree, &principal, requested, captain)
                .await?;
        let kind = parts.extensions.get::<domain::authz::CallKind>().copied();
        if scope.read_only() && kind != Some(domain::authz::CallKind::Read) {
            return Err(AppError::fail(text!(
                "托管授权为只读，不能修改数据",
                "This trusteeship is read-only; nothing may be changed"
            )));
        }
        Ok(Tenant(scope))
    }
}

/// Fields by which a payload names the enterprise it acts for (`enterprise` is added to every
/// console request; `entId` and `enterpriseId` name the enterprise a call is about).
pub const ENTERPRISE_FIELDS: [&str; 4] = ["enterprise", "entId", "enterpriseId", "ent_id"];

/// Refuses (code 7, naming it) any enterprise a payload names in `fields` that the scope may
/// not act for. Empty, `0`, `null` and `undefined` name none.
pub fn check_named_enterprises<'a>(
    scope: &domain::scope::Scope,
    lookup: impl Fn(&str) -> Option<&'a serde_json::Value>,
    fields: &[&str],
) -> Result<(), AppError> {
    use serde_json::Value;
    for field in fields {
        let id = match lookup(field) {
            None | Some(Value::Null) => None,
            Some(Value::Number(n)) => Some(n.as_i64().ok_or_else(|| not_an_id(field))?),
            Some(Value::String(s)) => match s.trim() {
                "" | "0" | "null" | "undefined" => None,
                v => Some(v.parse::<i64>().map_err(|_| not_an_id(field))?),
            },
            Some(_) => return Err(not_an_id(field)),
        };
        if let Some(id) = id.filter(|id| *id != 0) {
            scope.require(id)?;
        }
    }
    Ok(())
}

fn not_an_id(field: &str) -> AppError {
    AppError::field(
        field,
        text!(
            "请求参数 {} 必须是企业编号",
            "Field {} must be an enterprise id",
            field
        ),
    )
}

/// [`Tenant`] and a JSON body ([`ApiJson`]) together: an enterprise the body names in one of
/// [`ENTERPRISE_FIELDS`] that the caller may not act for is refused (code 7) before the
/// handler runs, so nothing is read or written.
pub struct Scoped<T>(pub domain::scope::Scope, pub T);

impl<T: DeserializeOwned> FromRequest<crate::state::AppState> for Scoped<T> {
    type Rejection = AppError;

    async fn from_request(
        req: Request,
        state: &crate::state::AppState,
    ) -> Result<Self, Self::Rejection> {
        let (mut parts, body) = req.into_parts();
        let Tenant(scope) = Tenant::from_request_parts(&mut parts, state).await?;
        let bytes = json_body(Request::from_parts(parts, body), state).await?;
        crate::input::check_json(&bytes)?;
        if let Ok(serde_json::Value::Object(map)) = serde_json::from_slice(&bytes) {
            check_named_enterprises(&scope, |k| map.get(k), &ENTERPRISE_FIELDS)?;
        }
        deserialize(&bytes).map(|body| Scoped(scope, body))
    }
}

/// [`Tenant`] and query-string parameters ([`ApiQuery`]), with the same check as [`Scoped`].
pub struct ScopedQuery<T>(pub domain::scope::Scope, pub T);

impl<T: DeserializeOwned> FromRequestParts<crate::state::AppState> for ScopedQuery<T> {
    type Rejection = AppError;

    async fn from_request_parts(
        parts: &mut Parts,
        state: &crate::state::AppState,
    ) -> Result<Self, Self::Rejection> {
        let Tenant(scope) = Tenant::from_request_parts(parts, state).await?;
        let query = parts.uri.query().unwrap_or_default();
        crate::input::check_query(query)?;
        let map: serde_json::Map<String, serde_json::Value> =
            form_urlencoded::parse(query.as_bytes())
                .map(|(k, v)| (k.into_owned(), serde_json::Value::String(v.into_owned())))
                .collect();
        check_named_enterprises(&scope, |k| map.get(k), &ENTERPRISE_FIELDS)?;
        deserialize_query(query).map(|q| ScopedQuery(scope, q))
    }
}
