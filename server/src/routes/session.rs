use axum::Extension;
use axum::extract::State;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use super::middleware::RawToken;
use crate::error::{ApiOk, ApiResult, Envelope};
use crate::extract::{ApiJson, CurrentUser};
use crate::services::session::{self, UserInfo};
use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(login))
        .routes(routes!(logout))
        .routes(routes!(get_user_info))
}

#[derive(Deserialize, ToSchema)]
pub struct LoginRequest {
    /// `visitorLogin` signs in as the built-in read-only visitor (no password needed); any
    /// other value (`work`, `message`, `system`, `changeColony`, …) is a password sign-in whose
    /// follow-up the console decides.
    #[serde(rename = "type", default)]
    kind: String,
    #[serde(default)]
    username: String,
    #[serde(default)]
    password: String,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LoginResponse {
    token: String,
    user: UserInfo,
    /// Milliseconds since the epoch.
    expires_at: i64,
}

/// Signs in with a username and password (or as the visitor) and returns a session token.
#[utoipa::path(post, path = "/base/login", tag = "session", request_body = LoginRequest,
    responses((status = 200, body = Envelope<LoginResponse>)))]
async fn login(
    State(state): State<AppState>,
    ApiJson(req): ApiJson<LoginRequest>,
) -> ApiResult<LoginResponse> {
    let user = if req.kind == "visitorLogin" {
        session::visitor_sign_in(&state.db).await?
    } else {
        session::password_sign_in(&state.db, req.username.trim(), &req.password).await?
    };
    let (token, expires) = state.tokens.issue(&user);
    let user = session::user_info(&state.db, user).await?;
    Ok(ApiOk(LoginResponse {
        token,
        user,
        expires_at: expires.timestamp_millis(),
    }))
}

/// Signs out: the presented token is revoked (also across restarts).
#[utoipa::path(post, path = "/jwt/jsonInBlacklist", tag = "session", security(("x-token" = [])),
    responses((status = 200, body = Envelope<serde_json::Value>)))]
async fn logout(
    State(state): State<AppState>,
    CurrentUser(claims): CurrentUser,
    Extension(RawToken(token)): Extension<RawToken>,
) -> ApiResult<serde_json::Value> {
    state.tokens.revoke(&state.db, &token, &claims).await?;
    Ok(ApiOk(serde_json::json!({})))
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UserInfoResponse {
    user_info: UserInfo,
}

/// The signed-in user, with the active role and the role held in each enterprise.
#[utoipa::path(get, path = "/user/getUserInfo", tag = "session", security(("x-token" = [])),
    responses((status = 200, body = Envelope<UserInfoResponse>)))]
async fn get_user_info(
    State(state): State<AppState>,
    CurrentUser(claims): CurrentUser,
) -> ApiResult<UserInfoResponse> {
    let user = session::find_user_by_id(&state.db, claims.uid).await?;
    Ok(ApiOk(UserInfoResponse {
        user_info: session::user_info(&state.db, user).await?,
    }))
}
