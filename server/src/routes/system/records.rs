//! Operation records and sign-in records.

use super::page_of;
use super::query_opt;
use crate::extract::{ApiJson, ApiQuery, CurrentUser, ScopedQuery};
use crate::routes::declare::Declare;
use crate::state::AppState;
use axum::extract::State;
use chrono::{DateTime, NaiveDate, NaiveDateTime, Utc};
use domain::oplog::{self, RecordFilter, UserBrief};
use domain::signins::{self, SignInFilter, SignInRow};
use kernel::error::{ApiOk, ApiResult, AppError, Envelope};
use kernel::paging::PageResult;
use kernel::text;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::{router::OpenApiRouter, routes};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .read(routes!(list_operation_records))
        .write(routes!(delete_operation_records))
        .read(routes!(list_sign_ins))
}

// ---- operation records ----

#[derive(Serialize, ToSchema)]
pub struct RecordUser {
    #[serde(rename = "ID")]
    id: i64,
    #[serde(rename = "userName")]
    username: String,
    #[serde(rename = "nickName")]
    nick_name: String,
}

impl From<UserBrief> for RecordUser {
    fn from(u: UserBrief) -> Self {
        Self {
            id: u.id,
            username: u.username,
            nick_name: u.nick_name,
        }
    }
}

#[derive(Serialize, ToSchema)]
pub struct OperationRecordOut {
    #[serde(rename = "ID")]
    id: i64,
    #[serde(rename = "CreatedAt")]
    created_at: DateTime<Utc>,
    ip: String,
    method: String,
    path: String,
    /// HTTP status.
    status: i32,
    /// Envelope code of the answer (0, 7, 100), when it had one.
    code: Option<i32>,
    latency_ms: i64,
    agent: String,
    /// Request body (secrets masked, truncated; `[file]` for uploads).
    body: String,
    /// Response body (secrets masked, truncated).
    resp: String,
    user_id: Option<i64>,
    /// The caller, when signed in and still existing.
    user: Option<RecordUser>,
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct RecordListQuery {
    #[serde(default, deserialize_with = "query_opt")]
    #[param(value_type = Option<u64>)]
    page: Option<u64>,
    #[serde(rename = "pageSize", default, deserialize_with = "query_opt")]
    #[param(value_type = Option<u64>)]
    page_size: Option<u64>,
    /// Exact HTTP method.
    #[serde(default)]
    method: Option<String>,
    /// Part of the path.
    #[serde(default)]
    path: Option<String>,
    /// HTTP status.
    #[serde(default, deserialize_with = "query_opt")]
    #[param(value_type = Option<i32>)]
    status: Option<i32>,
    #[serde(
        rename = "user_id",
        alias = "userId",
        default,
        deserialize_with = "query_opt"
    )]
    #[param(value_type = Option<i64>)]
    user_id: Option<i64>,
    /// From this time (inclusive): RFC 3339, `YYYY-MM-DD[ HH:MM:SS]` (UTC) or epoch ms.
    #[serde(rename = "startTime", alias = "start_time", default)]
    start_time: Option<String>,
    /// Until this time (inclusive; a bare date means the whole day).
    #[serde(rename = "endTime", alias = "end_time", default)]
    end_time: Option<String>,
}

/// A time bound: RFC 3339, `YYYY-MM-DD HH:MM:SS` / `YYYY-MM-DDTHH:MM:SS` (UTC), a bare date
/// (its start, or its end when `end`), or milliseconds since the epoch.
fn time_bound(
    raw: Option<&str>,
    field: &str,
    end: bool,
) -> Result<Option<DateTime<Utc>>, AppError> {
    let Some(raw) = raw.map(str::trim).filter(|r| !r.is_empty()) else {
        return Ok(None);
    };
    if let Ok(t) = DateTime::parse_from_rfc3339(raw) {
        return Ok(Some(t.with_timezone(&Utc)));
    }
    for format in ["%Y-%m-%d %H:%M:%S", "%Y-%m-%dT%H:%M:%S"] {
        if let Ok(t) = NaiveDateTime::parse_from_str(raw, format) {
            return Ok(Some(t.and_utc()));
        }
    }
    if let Ok(d) = NaiveDate::parse_from_str(raw, "%Y-%m-%d") {
        let t = if end {
            d.and_hms_milli_opt(23, 59, 59, 999)
        } else {
            d.and_hms_opt(0, 0, 0)
        };
        return Ok(t.map(|t| t.and_utc()));
    }
    if let Some(t) = raw
        .parse::<i64>()
        .ok()
        .and_then(DateTime::<Utc>::from_timestamp_millis)
    {
        return Ok(Some(t));
    }
    Err(AppError::fail(text!(
        "请求参数 {} 不是有效的时间：{}",
        "Invalid field {}: {} is not a time (RFC 3339, YYYY-MM-DD HH:MM:SS or epoch ms)",
        field,
        raw
    )))
}

/// One page of operation records, newest first, with the caller's name.
#[utoipa::path(get, path = "/sysOperationRecord/getSysOperationRecordList", tag = "system",
    security(("x-token" = [])), params(RecordListQuery),
    responses((status = 200, body = Envelope<PageResult<OperationRecordOut>>)))]
async fn list_operation_records(
    State(state): State<AppState>,
    ApiQuery(q): ApiQuery<RecordListQuery>,
) -> ApiResult<PageResult<OperationRecordOut>> {
    let filter = RecordFilter {
        method: q.method,
        path: q.path,
        status: q.status,
        user_id: q.user_id,
        from: time_bound(q.start_time.as_deref(), "startTime", false)?,
        to: time_bound(q.end_time.as_deref(), "endTime", true)?,
    };
    let page = oplog::list(&state.db, filter, page_of(q.page, q.page_size)).await?;
    Ok(ApiOk(PageResult {
        list: page
            .list
            .into_iter()
            .map(|(r, user)| OperationRecordOut {
                id: r.id,
                created_at: r.created_at,
                ip: r.ip,
                method: r.method,
                path: r.path,
                status: r.status,
                code: r.code,
                latency_ms: r.latency_ms,
                agent: r.agent,
                body: r.body,
                resp: r.resp,
                user_id: r.user_id,
                user: user.map(RecordUser::from),
            })
            .collect(),
        total: page.total,
        page: page.page,
        page_size: page.page_size,
    }))
}

#[derive(Deserialize, ToSchema)]
pub struct IdsBody {
    ids: Vec<i64>,
}

#[derive(Serialize, ToSchema)]
#[schema(as = RecordsDeleted)]
pub struct Deleted {
    /// How many of the ids existed.
    deleted: u64,
}

/// Deletes operation records by id (this project's own call). The log is append-only: only
/// the super admin (active role 888) may delete; anyone else gets code 7.
#[utoipa::path(delete, path = "/sysOperationRecord/deleteSysOperationRecordByIds", tag = "system",
    security(("x-token" = [])), request_body = IdsBody,
    responses((status = 200, body = Envelope<Deleted>)))]
async fn delete_operation_records(
    State(state): State<AppState>,
    CurrentUser(me): CurrentUser,
    ApiJson(req): ApiJson<IdsBody>,
) -> ApiResult<Deleted> {
    let deleted = oplog::delete_by_ids(&state.db, me.authority_id, &req.ids).await?;
    Ok(ApiOk(Deleted { deleted }))
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct SignInListQuery {
    #[serde(default, deserialize_with = "query_opt")]
    #[param(value_type = Option<u64>)]
    page: Option<u64>,
    #[serde(rename = "pageSize", default, deserialize_with = "query_opt")]
    #[param(value_type = Option<u64>)]
    page_size: Option<u64>,
    /// Part of the name (or phone) given.
    #[serde(default)]
    username: Option<String>,
    /// Exact address.
    #[serde(default)]
    ip: Option<String>,
    /// ok, bad_password, unknown_user, captcha, frozen, throttled, bad_code, expired or error.
    #[serde(default)]
    result: Option<String>,
    /// From this time (inclusive), as for operation records.
    #[serde(rename = "startTime", alias = "start_time", default)]
    start_time: Option<String>,
    /// Until this time (inclusive; a bare date means the whole day).
    #[serde(rename = "endTime", alias = "end_time", default)]
    end_time: Option<String>,
}

/// One page of sign-in attempts (every sign-in path, failures included; never a token or a
/// password), newest first. Platform staff see every attempt; anyone else the attempts on
/// accounts of the enterprises they see.
#[utoipa::path(get, path = "/sysLoginRecord/getSysLoginRecordList", tag = "system",
    security(("x-token" = [])), params(SignInListQuery),
    responses((status = 200, body = Envelope<PageResult<SignInRow>>)))]
async fn list_sign_ins(
    State(state): State<AppState>,
    ScopedQuery(scope, q): ScopedQuery<SignInListQuery>,
) -> ApiResult<PageResult<SignInRow>> {
    let filter = SignInFilter {
        username: q.username,
        ip: q.ip,
        result: q.result,
        from: time_bound(q.start_time.as_deref(), "startTime", false)?,
        to: time_bound(q.end_time.as_deref(), "endTime", true)?,
    };
    Ok(ApiOk(
        signins::list(&state.db, &scope, &filter, page_of(q.page, q.page_size)).await?,
    ))
}
