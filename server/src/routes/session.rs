//! Sign-in, sign-out, registration, QR sign-in and user accounts (area `session`).

use axum::Extension;
use axum::extract::State;
use axum::http::HeaderMap;
use axum::response::{IntoResponse, Response};
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::routes::declare::Declare;

use super::middleware::{RawToken, token_of};
use crate::extract::{ApiJson, ClientIp, CurrentUser, Scoped, SignInOrigin, SignedIn};
use crate::state::AppState;
use domain::qr::{QrAction, QrStatus};
use domain::session::{self, SignIn, UserInfo};
use domain::sms::{self, Purpose};
use domain::users::{self, NewUser, UserFilter, UserRow, UserUpdate};
use kernel::error::{ApiOk, ApiResult, AppError, Envelope};
use kernel::paging::{PageQuery, PageResult};
use kernel::text;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .open(routes!(login))
        .open(routes!(captcha))
        .write(routes!(logout))
        .read(routes!(get_user_info))
        .open(routes!(time_key))
        .open(routes!(scan))
        .open(routes!(recons))
        .open(routes!(send_sms))
        .open(routes!(register))
        .open(routes!(phone_code))
        .open(routes!(phone_login))
        .read(routes!(user_list))
        .read(routes!(member))
        .write(routes!(admin_register))
        .write(routes!(set_user_info))
        .write(routes!(set_self_info))
        .write(routes!(delete_user))
        .write(routes!(reset_password))
        .write(routes!(change_password))
        .write(routes!(cancel_account))
        .write(routes!(reset_username))
        .write(routes!(set_user_authority))
}

type Empty = Value;

fn done() -> ApiResult<Empty> {
    Ok(ApiOk(json!({})))
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LoginRequest {
    /// `visitorLogin` signs in as the built-in read-only visitor (no password needed); other
    /// values (`work`, `message`, `system`, `changeColony`, …) are password sign-ins whose
    /// follow-up the console decides. With an empty password and an `x-token` header holding a
    /// stored alternate account's token, that account is signed in (account switching).
    #[serde(rename = "type", default)]
    kind: String,
    #[serde(default)]
    username: String,
    #[serde(default)]
    password: String,
    /// Required after a few failed attempts (the answer then has `data.needCaptcha: true`).
    #[serde(default)]
    captcha_id: String,
    #[serde(default)]
    captcha: String,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LoginResponse {
    token: String,
    user: UserInfo,
    /// Milliseconds since the epoch.
    expires_at: i64,
}

async fn session_for(
    state: &AppState,
    user: entities::sys_user::Model,
) -> ApiResult<LoginResponse> {
    let (token, expires) = state.tokens.issue(&user);
    let user = session::user_info(&state.db, user).await?;
    Ok(ApiOk(LoginResponse {
        token,
        user,
        expires_at: expires.timestamp_millis(),
    }))
}

/// Signs in with a username and password (or as the visitor, or as a stored alternate
/// account) and returns a session token. Failures are counted per IP and account: after 3 a
/// captcha is required, after 10 the account is locked for 15 minutes.
#[utoipa::path(post, path = "/base/login", tag = "session", request_body = LoginRequest,
    responses((status = 200, body = Envelope<LoginResponse>)))]
async fn login(
    State(state): State<AppState>,
    SignInOrigin(origin): SignInOrigin,
    headers: HeaderMap,
    ApiJson(req): ApiJson<LoginRequest>,
) -> ApiResult<LoginResponse> {
    let alternate = token_of(&headers);
    let user = session::sign_in(
        &state.db,
        &state.guard,
        &state.tokens,
        SignIn {
            kind: &req.kind,
            username: &req.username,
            password: &req.password,
            captcha_id: &req.captcha_id,
            captcha: &req.captcha,
            alternate_token: alternate.as_deref(),
        },
        &origin,
    )
    .await?;
    session_for(&state, user).await
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CaptchaResponse {
    captcha_id: String,
    /// A PNG data URI.
    pic_path: String,
    captcha_length: usize,
    /// Whether the sign-in from this address needs it now.
    open_captcha: bool,
}

/// A graphic captcha (valid 5 minutes, one use) for sign-in, registration and SMS requests.
#[utoipa::path(post, path = "/base/captcha", tag = "session",
    responses((status = 200, body = Envelope<CaptchaResponse>)))]
async fn captcha(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
) -> ApiResult<CaptchaResponse> {
    let image = state.guard.new_captcha();
    Ok(ApiOk(CaptchaResponse {
        captcha_id: image.id,
        pic_path: image.data_uri,
        captcha_length: image.length,
        open_captcha: state.guard.needs_captcha(&ip, ""),
    }))
}

/// Signs out: the presented token is revoked (also across restarts).
#[utoipa::path(post, path = "/jwt/jsonInBlacklist", tag = "session", security(("x-token" = [])),
    responses((status = 200, body = Envelope<Empty>)))]
async fn logout(
    State(state): State<AppState>,
    CurrentUser(claims): CurrentUser,
    Extension(RawToken(token)): Extension<RawToken>,
) -> ApiResult<Empty> {
    state.tokens.revoke(&state.db, &token, &claims).await?;
    done()
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
    SignedIn(me): SignedIn,
) -> ApiResult<UserInfoResponse> {
    Ok(ApiOk(UserInfoResponse {
        user_info: session::user_info_with(&state.db, me.user.clone(), &me.memberships).await?,
    }))
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TimeKey {
    key: String,
    /// Path of the confirmation page to encode in the QR code (prefix the site's origin).
    qr_url: String,
    /// Milliseconds since the epoch.
    expires_at: i64,
}

/// Starts a QR sign-in: a key valid for two minutes, to show as a QR code.
#[utoipa::path(post, path = "/base/timeKey", tag = "session", responses((status = 200, body = Envelope<TimeKey>)))]
async fn time_key(State(state): State<AppState>) -> ApiResult<TimeKey> {
    let (key, expires) = state.qr.issue();
    Ok(ApiOk(TimeKey {
        qr_url: format!("/qr-login?key={key}"),
        key,
        expires_at: expires.timestamp_millis(),
    }))
}

#[derive(Deserialize, ToSchema)]
pub struct KeyRequest {
    key: String,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ScanResponse {
    /// waiting, scanned, confirmed, expired or failed.
    status: QrStatus,
    /// Present once, with `confirmed`.
    #[serde(skip_serializing_if = "Option::is_none")]
    token: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    user: Option<UserInfo>,
    #[serde(skip_serializing_if = "Option::is_none")]
    expires_at: Option<i64>,
}

/// The waiting browser's poll of a QR sign-in. `confirmed` carries the session (once).
#[utoipa::path(post, path = "/base/scan", tag = "session", request_body = KeyRequest,
    responses((status = 200, body = Envelope<ScanResponse>)))]
async fn scan(
    State(state): State<AppState>,
    SignInOrigin(origin): SignInOrigin,
    ApiJson(req): ApiJson<KeyRequest>,
) -> ApiResult<ScanResponse> {
    let (status, user_id) = state.qr.poll(&req.key);
    let mut answer = ScanResponse {
        status,
        token: None,
        user: None,
        expires_at: None,
    };
    if let Some(uid) = user_id {
        let user = session::qr_sign_in(&state.db, uid, &origin).await?;
        let ApiOk(login) = session_for(&state, user).await?;
        answer.token = Some(login.token);
        answer.user = Some(login.user);
        answer.expires_at = Some(login.expires_at);
    }
    Ok(ApiOk(answer))
}

#[derive(Deserialize, ToSchema)]
pub struct ReconsRequest {
    key: String,
    /// scan (the phone opened the link), confirm (sign the browser in) or cancel.
    action: QrAction,
}

#[derive(Serialize, ToSchema)]
pub struct ReconsResponse {
    status: QrStatus,
}

/// The phone's side of a QR sign-in (account binding): the signed-in user scans, then
/// confirms or cancels. Needs the phone's session token.
#[utoipa::path(post, path = "/user/recons", tag = "session", security(("x-token" = [])),
    request_body = ReconsRequest, responses((status = 200, body = Envelope<ReconsResponse>)))]
async fn recons(
    State(state): State<AppState>,
    CurrentUser(me): CurrentUser,
    ApiJson(req): ApiJson<ReconsRequest>,
) -> ApiResult<ReconsResponse> {
    if me.visitor {
        return Err(AppError::fail(text!(
            "访客不能扫码登录",
            "Visitors cannot confirm a QR sign-in"
        )));
    }
    Ok(ApiOk(ReconsResponse {
        status: state.qr.act(&req.key, me.uid, req.action)?,
    }))
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SmsRequest {
    phone: String,
    captcha_id: String,
    captcha: String,
    /// register (phone must be new), login (phone must be registered) or bind.
    purpose: Purpose,
}

/// Sends an SMS verification code after a graphic captcha (one per minute per phone, ten a day).
#[utoipa::path(post, path = "/base/sendSms", tag = "session", request_body = SmsRequest,
    responses((status = 200, body = Envelope<Empty>)))]
async fn send_sms(
    State(state): State<AppState>,
    ApiJson(req): ApiJson<SmsRequest>,
) -> ApiResult<Empty> {
    sms::check_phone(&req.phone)?;
    state.guard.verify_captcha(&req.captcha_id, &req.captcha)?;
    sms::send_code(&state.db, state.sms.as_ref(), &req.phone, req.purpose).await?;
    done()
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RegisterRequest {
    phone: String,
    sms_code: String,
    password: String,
    /// Display name.
    nick_name: String,
    #[serde(default)]
    real_name: String,
    country: String,
    company: String,
}

/// Registers a user with a verified phone; their company becomes a new enterprise (awaiting
/// verification) that they administer. Answers a session, as a sign-in does.
#[utoipa::path(post, path = "/base/register", tag = "session", request_body = RegisterRequest,
    responses((status = 200, body = Envelope<LoginResponse>)))]
async fn register(
    State(state): State<AppState>,
    SignInOrigin(origin): SignInOrigin,
    ApiJson(req): ApiJson<RegisterRequest>,
) -> ApiResult<LoginResponse> {
    sms::check_phone(&req.phone)?;
    users::check_password(&req.password)?;
    sms::verify_code(&state.db, &req.phone, Purpose::Register, &req.sms_code).await?;
    let user = users::register(
        &state.db,
        users::Registration {
            phone: req.phone,
            password: req.password,
            nick_name: req.nick_name,
            real_name: req.real_name,
            country: req.country,
            company: req.company,
        },
    )
    .await?;
    session::registered(&state.db, &user, &origin);
    session_for(&state, user).await
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PhoneCodeRequest {
    phone: String,
    captcha_id: String,
    captcha: String,
}

/// Phone sign-in, step 1: sends a sign-in code to a registered phone.
#[utoipa::path(post, path = "/user/phone", tag = "session", request_body = PhoneCodeRequest,
    responses((status = 200, body = Envelope<Empty>)))]
async fn phone_code(
    State(state): State<AppState>,
    ApiJson(req): ApiJson<PhoneCodeRequest>,
) -> ApiResult<Empty> {
    sms::check_phone(&req.phone)?;
    state.guard.verify_captcha(&req.captcha_id, &req.captcha)?;
    sms::send_code(&state.db, state.sms.as_ref(), &req.phone, Purpose::Login).await?;
    done()
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PhoneLoginRequest {
    phone: String,
    sms_code: String,
}

/// Phone sign-in, step 2: the code from the SMS signs the phone's account in.
#[utoipa::path(post, path = "/user/login", tag = "session", request_body = PhoneLoginRequest,
    responses((status = 200, body = Envelope<LoginResponse>)))]
async fn phone_login(
    State(state): State<AppState>,
    SignInOrigin(origin): SignInOrigin,
    ApiJson(req): ApiJson<PhoneLoginRequest>,
) -> ApiResult<LoginResponse> {
    let user = session::phone_sign_in(&state.db, &req.phone, &req.sms_code, &origin).await?;
    session_for(&state, user).await
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UserListRequest {
    #[serde(flatten)]
    page: PageQuery,
    #[serde(default, alias = "username")]
    user_name: Option<String>,
    #[serde(default)]
    nick_name: Option<String>,
    #[serde(default)]
    phone: Option<String>,
    #[serde(default)]
    email: Option<String>,
    #[serde(default)]
    authority_id: Option<i64>,
    /// Platform staff may list any enterprise's members; others see their current enterprise.
    #[serde(default)]
    enterprise_id: Option<i64>,
    /// Matches username, nickname, real name or phone.
    #[serde(default)]
    keyword: Option<String>,
}

/// Users, paged and filtered, with their role in each enterprise.
#[utoipa::path(post, path = "/user/getUserList_recons", tag = "session", security(("x-token" = [])),
    request_body = UserListRequest, responses((status = 200, body = Envelope<PageResult<UserRow>>)))]
async fn user_list(
    State(state): State<AppState>,
    Scoped(actor, req): Scoped<UserListRequest>,
) -> ApiResult<PageResult<UserRow>> {
    let filter = UserFilter {
        user_name: req.user_name,
        nick_name: req.nick_name,
        phone: req.phone,
        email: req.email,
        authority_id: req.authority_id,
        enterprise_id: req.enterprise_id,
        keyword: req.keyword,
    };
    Ok(ApiOk(
        users::list(&state.db, &actor, filter, req.page).await?,
    ))
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MemberRequest {
    #[serde(flatten)]
    page: PageQuery,
    #[serde(default, alias = "entId")]
    enterprise_id: Option<i64>,
    #[serde(default)]
    keyword: Option<String>,
}

/// Members of an enterprise (default: the caller's current one) with their roles.
#[utoipa::path(post, path = "/user/member", tag = "session", security(("x-token" = [])),
    request_body = MemberRequest, responses((status = 200, body = Envelope<PageResult<UserRow>>)))]
async fn member(
    State(state): State<AppState>,
    Scoped(actor, req): Scoped<MemberRequest>,
) -> ApiResult<PageResult<UserRow>> {
    Ok(ApiOk(
        users::members(&state.db, &actor, req.enterprise_id, req.keyword, req.page).await?,
    ))
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AdminRegisterRequest {
    #[serde(alias = "username")]
    user_name: String,
    #[serde(alias = "password")]
    pass_word: String,
    nick_name: String,
    #[serde(default)]
    header_img: String,
    authority_id: i64,
    /// The enterprise the user joins (default: the caller's current one).
    #[serde(default)]
    enterprise_id: Option<i64>,
    #[serde(default)]
    phone: String,
    #[serde(default)]
    email: String,
    /// 1 normal (default), 2 frozen.
    #[serde(default)]
    enable: i16,
}

#[derive(Serialize, ToSchema)]
pub struct UserResponse {
    user: UserRow,
}

/// Creates a user with a role in an enterprise.
#[utoipa::path(post, path = "/user/admin_register", tag = "session", security(("x-token" = [])),
    request_body = AdminRegisterRequest, responses((status = 200, body = Envelope<UserResponse>)))]
async fn admin_register(
    State(state): State<AppState>,
    Scoped(actor, req): Scoped<AdminRegisterRequest>,
) -> ApiResult<UserResponse> {
    let user = users::create(
        &state.db,
        &actor,
        NewUser {
            user_name: req.user_name,
            password: req.pass_word,
            nick_name: req.nick_name,
            header_img: req.header_img,
            phone: req.phone,
            email: req.email,
            enable: req.enable,
            authority_id: req.authority_id,
            enterprise_id: req.enterprise_id,
        },
    )
    .await?;
    Ok(ApiOk(UserResponse { user }))
}

#[derive(Deserialize, ToSchema, Default)]
#[serde(rename_all = "camelCase")]
pub struct UserInfoRequest {
    #[serde(rename = "ID", alias = "id", default)]
    id: i64,
    nick_name: Option<String>,
    header_img: Option<String>,
    phone: Option<String>,
    email: Option<String>,
    enable: Option<i16>,
    side_mode: Option<String>,
    active_color: Option<String>,
    base_color: Option<String>,
    /// Replaces the user's role in `enterpriseId`; the first is the active one.
    authority_ids: Option<Vec<i64>>,
    enterprise_id: Option<i64>,
}

impl From<UserInfoRequest> for UserUpdate {
    fn from(r: UserInfoRequest) -> Self {
        Self {
            id: r.id,
            nick_name: r.nick_name,
            header_img: r.header_img,
            phone: r.phone,
            email: r.email,
            enable: r.enable,
            side_mode: r.side_mode,
            active_color: r.active_color,
            base_color: r.base_color,
            authority_ids: r.authority_ids,
            enterprise_id: r.enterprise_id,
        }
    }
}

/// Updates a user (profile, frozen state, console settings, role in an enterprise).
#[utoipa::path(put, path = "/user/setUserInfo", tag = "session", security(("x-token" = [])),
    request_body = UserInfoRequest, responses((status = 200, body = Envelope<UserResponse>)))]
async fn set_user_info(
    State(state): State<AppState>,
    Scoped(actor, req): Scoped<UserInfoRequest>,
) -> ApiResult<UserResponse> {
    if req.id == 0 {
        return Err(AppError::fail(text!("缺少用户 ID", "Missing field ID")));
    }
    Ok(ApiOk(UserResponse {
        user: users::update(&state.db, &actor, req.into()).await?,
    }))
}

/// Updates the caller's own profile and console settings (side mode, colours).
#[utoipa::path(put, path = "/user/setSelfInfo", tag = "session", security(("x-token" = [])),
    request_body = UserInfoRequest, responses((status = 200, body = Envelope<UserResponse>)))]
async fn set_self_info(
    State(state): State<AppState>,
    CurrentUser(me): CurrentUser,
    ApiJson(req): ApiJson<UserInfoRequest>,
) -> ApiResult<UserResponse> {
    let update = UserUpdate {
        enable: None,
        authority_ids: None,
        enterprise_id: None,
        ..req.into()
    };
    Ok(ApiOk(UserResponse {
        user: users::update_self(&state.db, me.uid, update).await?,
    }))
}

#[derive(Deserialize, ToSchema)]
#[schema(as = UserIdRequest)]
pub struct IdRequest {
    #[serde(alias = "ID")]
    id: i64,
}

/// Deletes a user (not oneself, not the built-in visitor).
#[utoipa::path(delete, path = "/user/deleteUser", tag = "session", security(("x-token" = [])),
    request_body = IdRequest, responses((status = 200, body = Envelope<Empty>)))]
async fn delete_user(
    State(state): State<AppState>,
    Scoped(actor, req): Scoped<IdRequest>,
) -> ApiResult<Empty> {
    users::delete(&state.db, &actor, req.id).await?;
    done()
}

#[derive(Deserialize, ToSchema)]
pub struct ResetPasswordRequest {
    #[serde(rename = "ID", alias = "id")]
    id: i64,
    password: String,
}

/// Sets another user's password.
#[utoipa::path(post, path = "/user/resetPassword", tag = "session", security(("x-token" = [])),
    request_body = ResetPasswordRequest, responses((status = 200, body = Envelope<Empty>)))]
async fn reset_password(
    State(state): State<AppState>,
    Scoped(actor, req): Scoped<ResetPasswordRequest>,
) -> ApiResult<Empty> {
    users::reset_password(&state.db, &actor, req.id, &req.password).await?;
    done()
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ChangePasswordRequest {
    password: String,
    new_password: String,
}

/// Changes the caller's own password (the current one is required).
#[utoipa::path(post, path = "/user/changePassword", tag = "session", security(("x-token" = [])),
    request_body = ChangePasswordRequest, responses((status = 200, body = Envelope<Empty>)))]
async fn change_password(
    State(state): State<AppState>,
    CurrentUser(me): CurrentUser,
    ApiJson(req): ApiJson<ChangePasswordRequest>,
) -> ApiResult<Empty> {
    users::change_password(&state.db, me.uid, &req.password, &req.new_password).await?;
    done()
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CancellationRequest {
    /// The caller's current password.
    #[serde(default)]
    password: String,
    /// Why, optionally (at most 500 characters); kept with the request.
    #[serde(default)]
    reason: String,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CancellationAnswer {
    /// When the request was recorded (ms since the epoch).
    requested_at: i64,
    /// The end of the cooling-off period (ms): until then an administrator can restore the
    /// account by enabling it again.
    cooling_off_until: i64,
}

/// Cancels the caller's own account: the current password is required; the built-in
/// accounts and the last administrator of an enterprise are refused (code 7). The account is
/// frozen at once (no sign-in, its tokens refused) and the request recorded with its
/// cooling-off period; the enterprise's data stays with the enterprise.
#[utoipa::path(post, path = "/user/cancellation", tag = "session", security(("x-token" = [])),
    request_body = CancellationRequest, responses((status = 200, body = Envelope<CancellationAnswer>)))]
async fn cancel_account(
    State(state): State<AppState>,
    CurrentUser(me): CurrentUser,
    ApiJson(req): ApiJson<CancellationRequest>,
) -> ApiResult<CancellationAnswer> {
    let done = domain::cancellation::request(&state.db, me.uid, &req.password, &req.reason).await?;
    Ok(ApiOk(CancellationAnswer {
        requested_at: done.requested_at.timestamp_millis(),
        cooling_off_until: done.cooling_off_until.timestamp_millis(),
    }))
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ResetUsernameRequest {
    #[serde(rename = "ID", alias = "id")]
    id: i64,
    #[serde(alias = "username")]
    user_name: String,
}

/// Renames a user's sign-in name.
#[utoipa::path(post, path = "/user/resetUsername", tag = "session", security(("x-token" = [])),
    request_body = ResetUsernameRequest, responses((status = 200, body = Envelope<UserResponse>)))]
async fn reset_username(
    State(state): State<AppState>,
    Scoped(actor, req): Scoped<ResetUsernameRequest>,
) -> ApiResult<UserResponse> {
    Ok(ApiOk(UserResponse {
        user: users::reset_username(&state.db, &actor, req.id, req.user_name.trim()).await?,
    }))
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SetAuthorityRequest {
    authority_id: i64,
    /// Which enterprise's role, when the same role is held in several.
    #[serde(default)]
    enterprise_id: Option<i64>,
}

/// Switches the caller's active role (one they hold); the answer and the `new-token` header
/// carry a token for it.
#[utoipa::path(post, path = "/user/setUserAuthority", tag = "session", security(("x-token" = [])),
    request_body = SetAuthorityRequest, responses((status = 200, body = Envelope<LoginResponse>)))]
async fn set_user_authority(
    State(state): State<AppState>,
    CurrentUser(me): CurrentUser,
    ApiJson(req): ApiJson<SetAuthorityRequest>,
) -> Result<Response, AppError> {
    let user =
        users::switch_authority(&state.db, me.uid, req.authority_id, req.enterprise_id).await?;
    let ApiOk(login) = session_for(&state, user).await?;
    let mut res = ApiOk(&login).into_response();
    if let Ok(token) = login.token.parse() {
        res.headers_mut().insert("new-token", token);
    }
    Ok(res)
}
