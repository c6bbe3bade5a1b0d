//! System calls: dictionaries and their details, operation and sign-in records, files and
//! uploads, CSV import, upload grants and WeChat share signing. JSON keys follow the
//! admin-framework family the console comes from (`ID`, `parentID`, `sysDictionaryID`, …).

use axum::body::Body;
use axum::extract::multipart::{Field, MultipartError, MultipartRejection};
use axum::extract::{DefaultBodyLimit, FromRequest, Multipart, Path, Request, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::{Extension, Router};
use chrono::{DateTime, NaiveDate, NaiveDateTime, Utc};
use entities::{sys_dictionary, sys_dictionary_detail, sys_file};
use serde::{Deserialize, Deserializer, Serialize};
use serde_json::json;
use tower::ServiceExt as _;
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::routes::declare::Declare;

use crate::extract::{ApiJson, ApiQuery, CurrentUser, ScopedQuery, Tenant};
use crate::state::AppState;
use domain::dictionary::{self, DetailFields, DetailFilter, DictionaryFields};
use domain::files::{self, FileStore, Incoming, UPLOAD_CALL, UploadGrant};
use domain::import::{self, ImportReport};
use domain::oplog::{self, RecordFilter, UserBrief};
use domain::session::SessionState;
use domain::signins::{self, SignInFilter, SignInRow};
use kernel::error::{ApiOk, ApiResult, AppError, Envelope};
use kernel::paging::{PageQuery, PageResult};
use kernel::text;

pub fn router() -> OpenApiRouter<AppState> {
    // Uploads and imports enforce their own limit (`uploads.max_bytes`) while streaming.
    let uploads = OpenApiRouter::new()
        .open(routes!(uploading))
        .write(routes!(upload_file))
        .write(routes!(import_csv))
        .layer(DefaultBodyLimit::disable());
    OpenApiRouter::new()
        .write(routes!(create_dictionary))
        .write(routes!(delete_dictionary))
        .write(routes!(update_dictionary))
        .read(routes!(find_dictionary))
        .read(routes!(list_dictionaries))
        .write(routes!(create_detail))
        .write(routes!(delete_detail))
        .write(routes!(update_detail))
        .read(routes!(find_detail))
        .read(routes!(list_details))
        .read(routes!(list_operation_records))
        .write(routes!(delete_operation_records))
        .read(routes!(list_sign_ins))
        .read(routes!(list_files))
        .write(routes!(delete_file))
        .read(routes!(upload_grant))
        .open(routes!(wechat_jssdk))
        .merge(uploads)
}

/// `GET /uploads/YYYY/MM/<uuid>.<ext>`: locally stored files (outside `/api`).
pub fn uploads() -> Router<AppState> {
    Router::new().route("/uploads/{*key}", axum::routing::get(serve_upload))
}

// ---- lenient input ----

/// A switch given as a boolean, 0/1, or a string of either.
fn flag<'de, D: Deserializer<'de>>(de: D) -> Result<Option<bool>, D::Error> {
    #[derive(Deserialize)]
    #[serde(untagged)]
    enum Raw {
        Bool(bool),
        Int(i64),
        Text(String),
    }
    match Option::<Raw>::deserialize(de)? {
        None => Ok(None),
        Some(Raw::Bool(b)) => Ok(Some(b)),
        Some(Raw::Int(i)) => Ok(Some(i != 0)),
        Some(Raw::Text(t)) if t.trim().is_empty() => Ok(None),
        Some(Raw::Text(t)) => domain::tabular::parse_flag(&t).map(Some).ok_or_else(|| {
            serde::de::Error::custom(format!("expected true/false or 1/0, got {t:?}"))
        }),
    }
}

/// A query parameter that may be sent empty (`?status=`): empty reads as absent.
fn query_opt<'de, D, T>(de: D) -> Result<Option<T>, D::Error>
where
    D: Deserializer<'de>,
    T: std::str::FromStr,
    T::Err: std::fmt::Display,
{
    match Option::<String>::deserialize(de)? {
        None => Ok(None),
        Some(s) if s.trim().is_empty() => Ok(None),
        Some(s) => s.trim().parse().map(Some).map_err(serde::de::Error::custom),
    }
}

fn query_flag<'de, D: Deserializer<'de>>(de: D) -> Result<Option<bool>, D::Error> {
    match Option::<String>::deserialize(de)? {
        None => Ok(None),
        Some(s) if s.trim().is_empty() => Ok(None),
        Some(s) => domain::tabular::parse_flag(&s).map(Some).ok_or_else(|| {
            serde::de::Error::custom(format!("expected true/false or 1/0, got {s:?}"))
        }),
    }
}

fn page_of(page: Option<u64>, page_size: Option<u64>) -> PageQuery {
    let d = PageQuery::default();
    PageQuery {
        page: page.unwrap_or(d.page),
        page_size: page_size.unwrap_or(d.page_size),
    }
}

/// `{ID}` (also `id`).
#[derive(Deserialize, ToSchema)]
pub struct IdBody {
    #[serde(rename = "ID", alias = "id", alias = "Id")]
    id: i64,
}

// ---- dictionaries ----

#[derive(Serialize, ToSchema)]
pub struct DictionaryOut {
    #[serde(rename = "ID")]
    id: i64,
    #[serde(rename = "CreatedAt")]
    created_at: DateTime<Utc>,
    #[serde(rename = "UpdatedAt")]
    updated_at: DateTime<Utc>,
    /// Display name.
    name: String,
    /// Unique key, e.g. `order_state`.
    #[serde(rename = "type")]
    kind: String,
    status: bool,
    desc: String,
    #[serde(rename = "parentID")]
    parent_id: Option<i64>,
    /// Child dictionaries (list only).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(no_recursion)]
    children: Option<Vec<DictionaryOut>>,
    /// Enabled details in display order (find only).
    #[serde(
        rename = "sysDictionaryDetails",
        skip_serializing_if = "Option::is_none"
    )]
    details: Option<Vec<DetailOut>>,
}

impl From<sys_dictionary::Model> for DictionaryOut {
    fn from(d: sys_dictionary::Model) -> Self {
        Self {
            id: d.id,
            created_at: d.created_at,
            updated_at: d.updated_at,
            name: d.name,
            kind: d.r#type,
            status: d.status,
            desc: d.desc,
            parent_id: d.parent_id,
            children: None,
            details: None,
        }
    }
}

#[derive(Deserialize, ToSchema)]
pub struct DictionaryBody {
    name: String,
    /// Unique key.
    #[serde(rename = "type")]
    kind: String,
    /// Default true.
    #[serde(default, deserialize_with = "flag")]
    status: Option<bool>,
    #[serde(default)]
    desc: Option<String>,
    /// The parent dictionary; absent, null or 0 for none.
    #[serde(rename = "parentID", alias = "parentId", default)]
    parent_id: Option<i64>,
}

impl DictionaryBody {
    fn fields(self) -> DictionaryFields {
        DictionaryFields {
            name: self.name,
            kind: self.kind,
            status: self.status.unwrap_or(true),
            desc: self.desc.unwrap_or_default(),
            parent_id: self.parent_id,
        }
    }
}

#[derive(Deserialize, ToSchema)]
pub struct UpdateDictionaryBody {
    #[serde(rename = "ID", alias = "id", alias = "Id")]
    id: i64,
    #[serde(flatten)]
    fields: DictionaryBody,
}

/// Creates a dictionary (`type` must be unique); answers it.
#[utoipa::path(post, path = "/sysDictionary/createSysDictionary", tag = "system",
    security(("x-token" = [])), request_body = DictionaryBody,
    responses((status = 200, body = Envelope<DictionaryOut>)))]
async fn create_dictionary(
    State(state): State<AppState>,
    ApiJson(req): ApiJson<DictionaryBody>,
) -> ApiResult<DictionaryOut> {
    let row = dictionary::create_dictionary(&state.db, req.fields()).await?;
    Ok(ApiOk(row.into()))
}

/// Deletes a dictionary and its details (refused while child dictionaries remain).
#[utoipa::path(delete, path = "/sysDictionary/deleteSysDictionary", tag = "system",
    security(("x-token" = [])), request_body = IdBody,
    responses((status = 200, body = Envelope<serde_json::Value>)))]
async fn delete_dictionary(
    State(state): State<AppState>,
    ApiJson(req): ApiJson<IdBody>,
) -> ApiResult<serde_json::Value> {
    dictionary::delete_dictionary(&state.db, req.id).await?;
    Ok(ApiOk(json!({})))
}

/// Updates a dictionary (type stays unique; a dictionary cannot sit under itself).
#[utoipa::path(put, path = "/sysDictionary/updateSysDictionary", tag = "system",
    security(("x-token" = [])), request_body = UpdateDictionaryBody,
    responses((status = 200, body = Envelope<DictionaryOut>)))]
async fn update_dictionary(
    State(state): State<AppState>,
    ApiJson(req): ApiJson<UpdateDictionaryBody>,
) -> ApiResult<DictionaryOut> {
    let row = dictionary::update_dictionary(&state.db, req.id, req.fields.fields()).await?;
    Ok(ApiOk(row.into()))
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct FindDictionaryQuery {
    /// The dictionary's type …
    #[serde(rename = "type", default)]
    kind: Option<String>,
    /// … or its id.
    #[serde(rename = "ID", alias = "id", default, deserialize_with = "query_opt")]
    #[param(value_type = Option<i64>)]
    id: Option<i64>,
    /// Find enabled (default) or disabled dictionaries.
    #[serde(default, deserialize_with = "query_flag")]
    #[param(value_type = Option<bool>)]
    status: Option<bool>,
}

#[derive(Serialize, ToSchema)]
pub struct FoundDictionary {
    #[serde(rename = "resysDictionary")]
    dictionary: DictionaryOut,
}

/// A dictionary by `type` or `ID`, with its enabled details in display order.
#[utoipa::path(get, path = "/sysDictionary/findSysDictionary", tag = "system",
    security(("x-token" = [])), params(FindDictionaryQuery),
    responses((status = 200, body = Envelope<FoundDictionary>)))]
async fn find_dictionary(
    State(state): State<AppState>,
    ApiQuery(q): ApiQuery<FindDictionaryQuery>,
) -> ApiResult<FoundDictionary> {
    let (d, details) =
        dictionary::find_dictionary(&state.db, q.kind.as_deref(), q.id, q.status).await?;
    let mut out = DictionaryOut::from(d);
    out.details = Some(details.into_iter().map(DetailOut::from).collect());
    Ok(ApiOk(FoundDictionary { dictionary: out }))
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ListDictionariesQuery {
    /// Part of the name or type.
    #[serde(default)]
    name: Option<String>,
}

/// Every dictionary (or those whose name or type contains `name`), each with its children.
#[utoipa::path(get, path = "/sysDictionary/getSysDictionaryList", tag = "system",
    security(("x-token" = [])), params(ListDictionariesQuery),
    responses((status = 200, body = Envelope<Vec<DictionaryOut>>)))]
async fn list_dictionaries(
    State(state): State<AppState>,
    ApiQuery(q): ApiQuery<ListDictionariesQuery>,
) -> ApiResult<Vec<DictionaryOut>> {
    let rows = dictionary::list_dictionaries(&state.db, q.name.as_deref()).await?;
    Ok(ApiOk(
        rows.into_iter()
            .map(|(d, kids)| {
                let mut out = DictionaryOut::from(d);
                out.children = Some(kids.into_iter().map(DictionaryOut::from).collect());
                out
            })
            .collect(),
    ))
}

// ---- dictionary details ----

#[derive(Serialize, ToSchema)]
pub struct DetailOut {
    #[serde(rename = "ID")]
    id: i64,
    #[serde(rename = "CreatedAt")]
    created_at: DateTime<Utc>,
    #[serde(rename = "UpdatedAt")]
    updated_at: DateTime<Utc>,
    /// Chinese label.
    label: String,
    /// English label ("" when none).
    #[serde(rename = "labelEn")]
    label_en: String,
    value: String,
    /// Free-form extra data (the seeded unit dictionaries carry conversion JSON here).
    extend: String,
    status: bool,
    /// `!status`, for the console's selects.
    disabled: bool,
    sort: i32,
    #[serde(rename = "sysDictionaryID")]
    sys_dictionary_id: i64,
    #[serde(rename = "parentID")]
    parent_id: Option<i64>,
    /// 0 at the top.
    level: i32,
    /// Comma-separated ancestor ids, root first.
    path: String,
}

impl From<sys_dictionary_detail::Model> for DetailOut {
    fn from(d: sys_dictionary_detail::Model) -> Self {
        Self {
            id: d.id,
            created_at: d.created_at,
            updated_at: d.updated_at,
            label: d.label,
            label_en: d.label_en,
            value: d.value,
            extend: d.extend,
            status: d.status,
            disabled: !d.status,
            sort: d.sort,
            sys_dictionary_id: d.sys_dictionary_id,
            parent_id: d.parent_id,
            level: d.level,
            path: d.path,
        }
    }
}

#[derive(Deserialize, ToSchema)]
pub struct DetailBody {
    label: String,
    #[serde(rename = "labelEn", default)]
    label_en: Option<String>,
    /// Values are text; numbers are accepted and kept as written.
    #[serde(deserialize_with = "text_or_number")]
    #[schema(value_type = String)]
    value: String,
    #[serde(default)]
    extend: Option<String>,
    /// Default true.
    #[serde(default, deserialize_with = "flag")]
    status: Option<bool>,
    #[serde(default)]
    sort: Option<i32>,
    #[serde(rename = "sysDictionaryID", alias = "sysDictionaryId")]
    sys_dictionary_id: i64,
    /// The parent detail (same dictionary); absent, null or 0 for a top-level detail.
    #[serde(rename = "parentID", alias = "parentId", default)]
    parent_id: Option<i64>,
}

fn text_or_number<'de, D: Deserializer<'de>>(de: D) -> Result<String, D::Error> {
    #[derive(Deserialize)]
    #[serde(untagged)]
    enum Raw {
        Text(String),
        Number(serde_json::Number),
    }
    Ok(match Raw::deserialize(de)? {
        Raw::Text(t) => t,
        Raw::Number(n) => n.to_string(),
    })
}

impl DetailBody {
    fn fields(self) -> DetailFields {
        DetailFields {
            label: self.label,
            label_en: self.label_en.unwrap_or_default(),
            value: self.value,
            extend: self.extend.unwrap_or_default(),
            status: self.status.unwrap_or(true),
            sort: self.sort.unwrap_or(0),
            sys_dictionary_id: self.sys_dictionary_id,
            parent_id: self.parent_id,
        }
    }
}

#[derive(Deserialize, ToSchema)]
pub struct UpdateDetailBody {
    #[serde(rename = "ID", alias = "id", alias = "Id")]
    id: i64,
    #[serde(flatten)]
    fields: DetailBody,
}

/// Adds a detail to a dictionary; level and path follow from the parent.
#[utoipa::path(post, path = "/sysDictionaryDetail/createSysDictionaryDetail", tag = "system",
    security(("x-token" = [])), request_body = DetailBody,
    responses((status = 200, body = Envelope<DetailOut>)))]
async fn create_detail(
    State(state): State<AppState>,
    ApiJson(req): ApiJson<DetailBody>,
) -> ApiResult<DetailOut> {
    let row = dictionary::create_detail(&state.db, req.fields()).await?;
    Ok(ApiOk(row.into()))
}

/// Deletes a detail (refused while it has children).
#[utoipa::path(delete, path = "/sysDictionaryDetail/deleteSysDictionaryDetail", tag = "system",
    security(("x-token" = [])), request_body = IdBody,
    responses((status = 200, body = Envelope<serde_json::Value>)))]
async fn delete_detail(
    State(state): State<AppState>,
    ApiJson(req): ApiJson<IdBody>,
) -> ApiResult<serde_json::Value> {
    dictionary::delete_detail(&state.db, req.id).await?;
    Ok(ApiOk(json!({})))
}

/// Updates a detail; moving it moves its descendants along.
#[utoipa::path(put, path = "/sysDictionaryDetail/updateSysDictionaryDetail", tag = "system",
    security(("x-token" = [])), request_body = UpdateDetailBody,
    responses((status = 200, body = Envelope<DetailOut>)))]
async fn update_detail(
    State(state): State<AppState>,
    ApiJson(req): ApiJson<UpdateDetailBody>,
) -> ApiResult<DetailOut> {
    let row = dictionary::update_detail(&state.db, req.id, req.fields.fields()).await?;
    Ok(ApiOk(row.into()))
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct FindDetailQuery {
    #[serde(rename = "ID", alias = "id", default, deserialize_with = "query_opt")]
    #[param(value_type = i64)]
    id: Option<i64>,
}

#[derive(Serialize, ToSchema)]
pub struct FoundDetail {
    #[serde(rename = "reSysDictionaryDetail")]
    detail: DetailOut,
}

/// One detail by `ID`.
#[utoipa::path(get, path = "/sysDictionaryDetail/findSysDictionaryDetail", tag = "system",
    security(("x-token" = [])), params(FindDetailQuery),
    responses((status = 200, body = Envelope<FoundDetail>)))]
async fn find_detail(
    State(state): State<AppState>,
    ApiQuery(q): ApiQuery<FindDetailQuery>,
) -> ApiResult<FoundDetail> {
    let id = q.id.ok_or_else(|| {
        AppError::fail(text!(
            "请求参数 ID 不能为空",
            "The ID parameter is required"
        ))
    })?;
    let row = dictionary::find_detail(&state.db, id).await?;
    Ok(ApiOk(FoundDetail { detail: row.into() }))
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct DetailListQuery {
    /// Default 1.
    #[serde(default, deserialize_with = "query_opt")]
    #[param(value_type = Option<u64>)]
    page: Option<u64>,
    /// Default 10, at most 500.
    #[serde(rename = "pageSize", default, deserialize_with = "query_opt")]
    #[param(value_type = Option<u64>)]
    page_size: Option<u64>,
    /// Part of the label.
    #[serde(default)]
    label: Option<String>,
    /// Exact value.
    #[serde(default)]
    value: Option<String>,
    #[serde(default, deserialize_with = "query_flag")]
    #[param(value_type = Option<bool>)]
    status: Option<bool>,
    #[serde(
        rename = "sysDictionaryID",
        alias = "sysDictionaryId",
        default,
        deserialize_with = "query_opt"
    )]
    #[param(value_type = Option<i64>)]
    sys_dictionary_id: Option<i64>,
    #[serde(
        rename = "parentID",
        alias = "parentId",
        default,
        deserialize_with = "query_opt"
    )]
    #[param(value_type = Option<i64>)]
    parent_id: Option<i64>,
    #[serde(default, deserialize_with = "query_opt")]
    #[param(value_type = Option<i32>)]
    level: Option<i32>,
}

/// One page of details, by sort then id.
#[utoipa::path(get, path = "/sysDictionaryDetail/getSysDictionaryDetailList", tag = "system",
    security(("x-token" = [])), params(DetailListQuery),
    responses((status = 200, body = Envelope<PageResult<DetailOut>>)))]
async fn list_details(
    State(state): State<AppState>,
    ApiQuery(q): ApiQuery<DetailListQuery>,
) -> ApiResult<PageResult<DetailOut>> {
    let filter = DetailFilter {
        label: q.label,
        value: q.value,
        status: q.status,
        sys_dictionary_id: q.sys_dictionary_id,
        parent_id: q.parent_id,
        level: q.level,
    };
    let page = page_of(q.page, q.page_size);
    Ok(ApiOk(
        dictionary::list_details(&state.db, filter, page, DetailOut::from).await?,
    ))
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

// ---- files ----

#[derive(Serialize, ToSchema)]
pub struct FileOut {
    #[serde(rename = "ID")]
    id: i64,
    #[serde(rename = "CreatedAt")]
    created_at: DateTime<Utc>,
    #[serde(rename = "UpdatedAt")]
    updated_at: DateTime<Utc>,
    /// The name the client gave (metadata only).
    name: String,
    #[serde(rename = "classId")]
    class_id: i64,
    /// Where to fetch it: `/uploads/YYYY/MM/<uuid>.<ext>` (local store) or the S3 address.
    url: String,
    /// Extension.
    tag: String,
    /// Storage key `YYYY/MM/<uuid>.<ext>`.
    key: String,
    size: i64,
    mime: String,
}

impl From<sys_file::Model> for FileOut {
    fn from(f: sys_file::Model) -> Self {
        Self {
            id: f.id,
            created_at: f.created_at,
            updated_at: f.updated_at,
            name: f.name,
            class_id: f.class_id,
            url: f.url,
            tag: f.tag,
            key: f.key,
            size: f.size,
            mime: f.mime,
        }
    }
}

#[derive(Deserialize, ToSchema)]
pub struct FileListBody {
    #[serde(flatten)]
    page: PageQuery,
    /// Part of the file name.
    #[serde(default)]
    keyword: Option<String>,
    /// Only this class (0 or absent: all).
    #[serde(rename = "classId", default)]
    class_id: Option<i64>,
}

/// One page of uploaded files, newest first.
#[utoipa::path(post, path = "/fileUploadAndDownload/getFileList", tag = "system",
    security(("x-token" = [])), request_body = FileListBody,
    responses((status = 200, body = Envelope<PageResult<FileOut>>)))]
async fn list_files(
    State(state): State<AppState>,
    ApiJson(req): ApiJson<FileListBody>,
) -> ApiResult<PageResult<FileOut>> {
    Ok(ApiOk(
        FileStore::list(
            &state.db,
            req.keyword.as_deref(),
            req.class_id,
            req.page,
            FileOut::from,
        )
        .await?,
    ))
}

/// Deletes an uploaded file: its record and the stored object.
#[utoipa::path(delete, path = "/fileUploadAndDownload/deleteFile", tag = "system",
    security(("x-token" = [])), request_body = IdBody,
    responses((status = 200, body = Envelope<serde_json::Value>)))]
async fn delete_file(
    State(state): State<AppState>,
    ApiJson(req): ApiJson<IdBody>,
) -> ApiResult<serde_json::Value> {
    state.files.delete(&state.db, req.id).await?;
    Ok(ApiOk(json!({})))
}

/// The multipart form of the upload calls.
#[derive(ToSchema)]
#[allow(dead_code)]
pub struct UploadForm {
    /// The file (name with an allowed extension; content must match it).
    #[schema(value_type = String, format = Binary)]
    file: Vec<u8>,
    /// Optional class (sent before `file`).
    #[schema(rename = "classId")]
    class_id: Option<i64>,
    /// Upload grant from `GET /aliyunToken` (uploading only; before `file`), instead of a
    /// session.
    token: Option<String>,
}

fn form_error(err: &MultipartError) -> AppError {
    if err.status() == StatusCode::PAYLOAD_TOO_LARGE {
        return AppError::fail(text!("请求体过大", "The request body is too large"));
    }
    AppError::fail(text!(
        "无法读取上传的表单：{}",
        "Cannot read the upload form: {}",
        err.body_text()
    ))
}

fn not_a_form(rejection: &MultipartRejection) -> AppError {
    AppError::fail(text!(
        "请用 multipart/form-data 上传，文件放在 file 字段：{}",
        "Send multipart/form-data with the file in the `file` field: {}",
        rejection.body_text()
    ))
}

/// A short text field (at most 4 KiB).
async fn small_text(mut field: Field<'_>) -> Result<String, AppError> {
    let name = field.name().unwrap_or_default().to_owned();
    let mut bytes = Vec::new();
    while let Some(chunk) = field.chunk().await.map_err(|e| form_error(&e))? {
        bytes.extend_from_slice(&chunk);
        if bytes.len() > 4096 {
            return Err(AppError::fail(text!(
                "表单字段 {} 过长",
                "The form field {} is too long",
                name
            )));
        }
    }
    String::from_utf8(bytes).map_err(|_| {
        AppError::fail(text!(
            "表单字段 {} 不是 UTF-8 文本",
            "The form field {} is not UTF-8 text",
            name
        ))
    })
}

fn class_id_of(raw: &str) -> Result<i64, AppError> {
    let raw = raw.trim();
    if raw.is_empty() {
        return Ok(0);
    }
    raw.parse().map_err(|_| {
        AppError::fail(text!(
            "请求参数 classId 错误：{} 不是整数",
            "Invalid field classId: {} is not a whole number",
            raw
        ))
    })
}

/// Who may upload, and how much.
struct Uploader {
    uid: Option<i64>,
    max_bytes: u64,
}

/// A grant (checked and honoured), else the session and its policy for the uploading call.
async fn uploader(
    state: &AppState,
    session: Option<&SessionState>,
    grant: Option<&str>,
) -> Result<Uploader, AppError> {
    if let Some(token) = grant.map(str::trim).filter(|t| !t.is_empty()) {
        let claims = state.files.verify_grant(token)?;
        return Ok(Uploader {
            uid: Some(claims.uid),
            max_bytes: claims.max.min(state.files.max_bytes()),
        });
    }
    match session {
        Some(SessionState::Valid(claims)) => {
            if state
                .policies
                .allows(claims.authority_id, UPLOAD_CALL, "POST")
                .await
            {
                Ok(Uploader {
                    uid: Some(claims.uid),
                    max_bytes: state.files.max_bytes(),
                })
            } else {
                Err(AppError::fail(text!("权限不足", "Permission denied")))
            }
        }
        Some(SessionState::Rejected(text)) => Err(AppError::SignedOut(text.clone())),
        _ => Err(AppError::SignedOut(text!(
            "未登录或非法访问，请登录",
            "Not signed in; please sign in"
        ))),
    }
}

/// How an upload form's sender is judged.
enum Auth<'a> {
    /// Already judged (a call behind the policy middleware).
    Known(Uploader),
    /// Judged when the file arrives: by a grant (header, query or a `token` field), else by
    /// the session.
    Deferred {
        session: Option<&'a SessionState>,
        grant: Option<String>,
    },
}

impl Auth<'_> {
    async fn resolve(&self, state: &AppState) -> Result<Uploader, AppError> {
        match self {
            Self::Known(who) => Ok(Uploader {
                uid: who.uid,
                max_bytes: who.max_bytes,
            }),
            Self::Deferred { session, grant } => uploader(state, *session, grant.as_deref()).await,
        }
    }
}

/// Reads an upload form: optional `token` and `classId`, then `file`, which is stored.
async fn receive(
    state: &AppState,
    mut form: Multipart,
    mut auth: Auth<'_>,
) -> Result<sys_file::Model, AppError> {
    let mut class_id = 0;
    let mut saved: Option<sys_file::Model> = None;
    while let Some(mut field) = form.next_field().await.map_err(|e| form_error(&e))? {
        match field.name().unwrap_or_default() {
            "token" => {
                let token = small_text(field).await?;
                if let Auth::Deferred { grant, .. } = &mut auth {
                    *grant = Some(token);
                }
            }
            "classId" => class_id = class_id_of(&small_text(field).await?)?,
            "file" => {
                if saved.is_some() {
                    return Err(AppError::fail(text!(
                        "每次只能上传一个文件",
                        "Send one file per request"
                    )));
                }
                let who = auth.resolve(state).await?;
                let incoming = Incoming {
                    name: field.file_name().unwrap_or_default().to_owned(),
                    class_id,
                    uploaded_by: who.uid,
                    max_bytes: who.max_bytes,
                };
                saved = Some(state.files.save(&state.db, incoming, field).await?);
            }
            // Unknown fields are read and dropped.
            _ => while field.chunk().await.map_err(|e| form_error(&e))?.is_some() {},
        }
    }
    let Some(row) = saved else {
        // A stranger hears "sign in" before "send a file".
        auth.resolve(state).await?;
        return Err(AppError::fail(text!(
            "缺少文件：请把文件放在 file 字段",
            "No file: send it in the `file` field"
        )));
    };
    if row.class_id == class_id {
        Ok(row)
    } else {
        // `classId` came after the file.
        state.files.set_class(&state.db, row, class_id).await
    }
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct GrantQuery {
    /// An upload grant (instead of a session).
    #[serde(default)]
    token: Option<String>,
}

#[derive(Serialize, ToSchema)]
pub struct Uploaded {
    /// Where to fetch the file.
    url: String,
    /// The name the client gave.
    name: String,
    /// Storage key.
    key: String,
    size: i64,
    #[serde(rename = "ID")]
    id: i64,
}

/// Uploads one file (multipart `file`, optional `classId`) with a session or an upload grant
/// (`x-upload-token` header, `token` query parameter or a `token` field before `file`).
#[utoipa::path(post, path = "/web/tool/aliyun/uploading", tag = "system",
    security(("x-token" = [])), params(GrantQuery),
    request_body(content = UploadForm, content_type = "multipart/form-data"),
    responses((status = 200, body = Envelope<Uploaded>)))]
async fn uploading(
    State(state): State<AppState>,
    session: Option<Extension<SessionState>>,
    headers: HeaderMap,
    ApiQuery(q): ApiQuery<GrantQuery>,
    form: Result<Multipart, MultipartRejection>,
) -> ApiResult<Uploaded> {
    let grant = headers
        .get("x-upload-token")
        .and_then(|v| v.to_str().ok())
        .map(str::to_owned)
        .or(q.token);
    let session = session.map(|Extension(s)| s);
    let form = match form {
        Ok(form) => form,
        Err(rejection) => {
            // Tell a stranger to sign in before telling them how to send a form.
            uploader(&state, session.as_ref(), grant.as_deref()).await?;
            return Err(not_a_form(&rejection));
        }
    };
    let auth = Auth::Deferred {
        session: session.as_ref(),
        grant,
    };
    let row = receive(&state, form, auth).await?;
    Ok(ApiOk(Uploaded {
        url: row.url,
        name: row.name,
        key: row.key,
        size: row.size,
        id: row.id,
    }))
}

#[derive(Serialize, ToSchema)]
pub struct UploadedFile {
    file: FileOut,
}

/// Uploads one file (multipart `file`, optional `classId`) and records it.
#[utoipa::path(post, path = "/fileUploadAndDownload/upload", tag = "system",
    security(("x-token" = [])),
    request_body(content = UploadForm, content_type = "multipart/form-data"),
    responses((status = 200, body = Envelope<UploadedFile>)))]
async fn upload_file(
    State(state): State<AppState>,
    CurrentUser(me): CurrentUser,
    form: Result<Multipart, MultipartRejection>,
) -> ApiResult<UploadedFile> {
    let form = form.map_err(|r| not_a_form(&r))?;
    // The policy middleware has judged the session already.
    let auth = Auth::Known(Uploader {
        uid: Some(me.uid),
        max_bytes: state.files.max_bytes(),
    });
    let row = receive(&state, form, auth).await?;
    Ok(ApiOk(UploadedFile { file: row.into() }))
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct UploadGrantQuery {
    /// S3 store: the extension of the object the URL will write (default `bin`).
    #[serde(default)]
    ext: Option<String>,
}

/// What a browser needs to upload directly: for the local store a short-lived signed grant
/// for `/web/tool/aliyun/uploading`; for an S3 store a presigned PUT URL.
#[utoipa::path(get, path = "/aliyunToken", tag = "session",
    security(("x-token" = [])), params(UploadGrantQuery),
    responses((status = 200, body = Envelope<UploadGrant>)))]
async fn upload_grant(
    State(state): State<AppState>,
    CurrentUser(me): CurrentUser,
    ApiQuery(q): ApiQuery<UploadGrantQuery>,
) -> ApiResult<UploadGrant> {
    let ext = q.ext.as_deref().map(|e| e.trim().trim_start_matches('.'));
    Ok(ApiOk(
        state.files.grant(me.uid, ext.filter(|e| !e.is_empty()))?,
    ))
}

// ---- CSV import ----

#[derive(Deserialize, ToSchema)]
pub struct ImportJson {
    /// The target, e.g. `sys_dictionary_details` or `sys_apis`.
    table: String,
    /// The CSV text (header row first).
    content: String,
}

/// The multipart form of the import.
#[derive(ToSchema)]
#[allow(dead_code)]
pub struct ImportForm {
    table: String,
    #[schema(value_type = String, format = Binary)]
    file: Vec<u8>,
}

/// Imports a CSV or XLSX file (first worksheet) into a table (`sys_dictionary_details`,
/// `sys_apis`, `vehicles`, `drivers`; tenant rows within the caller's scope): every row is
/// checked first; with any error nothing is written and the answer is code 7 with
/// `[{row, column, message}]` in `data`.
#[utoipa::path(post, path = "/web/tool/csv", tag = "system",
    security(("x-token" = [])),
    request_body(content(
        (ImportJson = "application/json"),
        (ImportForm = "multipart/form-data"),
    )),
    responses((status = 200, body = Envelope<ImportReport>)))]
async fn import_csv(
    State(state): State<AppState>,
    Tenant(scope): Tenant,
    req: Request,
) -> ApiResult<ImportReport> {
    let multipart = req
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("multipart/"));
    let (table, content) = if multipart {
        let mut form = Multipart::from_request(req, &state)
            .await
            .map_err(|r| not_a_form(&r))?;
        let mut table = None;
        let mut content = None;
        let limit = state.files.max_bytes();
        while let Some(mut field) = form.next_field().await.map_err(|e| form_error(&e))? {
            match field.name().unwrap_or_default() {
                "table" => table = Some(small_text(field).await?),
                "file" => {
                    let mut bytes = Vec::new();
                    while let Some(chunk) = field.chunk().await.map_err(|e| form_error(&e))? {
                        if (bytes.len() + chunk.len()) as u64 > limit {
                            return Err(files::too_large(limit));
                        }
                        bytes.extend_from_slice(&chunk);
                    }
                    content = Some(bytes);
                }
                _ => while field.chunk().await.map_err(|e| form_error(&e))?.is_some() {},
            }
        }
        let table = table.ok_or_else(|| {
            AppError::fail(text!("缺少 table 字段", "The table field is missing"))
        })?;
        let content = content.ok_or_else(|| {
            AppError::fail(text!(
                "缺少文件：请把 CSV 放在 file 字段",
                "No file: send the CSV in the `file` field"
            ))
        })?;
        (table, content)
    } else {
        // The route lifts the body limit for files; a JSON import keeps the general one.
        let limit = state.cfg.body_limit;
        let req = req.map(|b| axum::body::Body::new(http_body_util::Limited::new(b, limit)));
        let ApiJson(body) = ApiJson::<ImportJson>::from_request(req, &state).await?;
        (body.table, body.content.into_bytes())
    };
    Ok(ApiOk(
        import::run(&state.db, &scope, &table, &content).await?,
    ))
}

// ---- WeChat ----

#[derive(Deserialize, ToSchema)]
pub struct JsSdkBody {
    /// The page's URL (anything after `#` is ignored).
    url: String,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct JsSdkOut {
    app_id: String,
    /// SHA-1 of `jsapi_ticket=…&noncestr=…&timestamp=…&url=…`.
    signature: String,
    nonce_str: String,
    /// Unix seconds.
    timestamp: i64,
}

/// Signs a page URL for WeChat's JS-SDK (`wx.config`), for sharing; code 7 when WeChat is
/// not configured.
#[utoipa::path(post, path = "/wechat/getWechatJSSDK", tag = "session", request_body = JsSdkBody,
    responses((status = 200, body = Envelope<JsSdkOut>)))]
async fn wechat_jssdk(
    State(state): State<AppState>,
    ApiJson(req): ApiJson<JsSdkBody>,
) -> ApiResult<JsSdkOut> {
    let signed = state.wechat.sign(&req.url).await?;
    Ok(ApiOk(JsSdkOut {
        app_id: signed.app_id,
        signature: signed.signature,
        nonce_str: signed.nonce_str,
        timestamp: signed.timestamp,
    }))
}

// ---- serving uploads ----

/// RFC 5987 `filename*` value.
fn rfc5987(name: &str) -> String {
    let mut out = String::from("UTF-8''");
    for b in name.bytes() {
        if b.is_ascii_alphanumeric() || b"!#$&+-.^_`|~".contains(&b) {
            out.push(b as char);
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

fn disposition(name: &str, inline: bool) -> String {
    let ascii: String = name
        .chars()
        .map(|c| {
            if c.is_ascii_graphic() && c != '"' && c != '\\' || c == ' ' {
                c
            } else {
                '_'
            }
        })
        .collect();
    let kind = if inline { "inline" } else { "attachment" };
    format!("{kind}; filename=\"{ascii}\"; filename*={}", rfc5987(name))
}

async fn serve_upload(
    State(state): State<AppState>,
    Path(key): Path<String>,
    req: Request,
) -> Response {
    let found = match state.files.local_file(&state.db, &key).await {
        Ok(found) => found,
        Err(err) => return err.into_response(),
    };
    let Some((path, row)) = found else {
        return (StatusCode::NOT_FOUND, "Not Found").into_response();
    };
    let served = match tower_http::services::ServeFile::new(path)
        .oneshot(req)
        .await
    {
        Ok(res) => res,
        Err(never) => match never {},
    };
    let mut res = served.map(Body::new);
    if res.status() == StatusCode::NOT_FOUND {
        return (StatusCode::NOT_FOUND, "Not Found").into_response();
    }
    let h = res.headers_mut();
    if let Ok(mime) = HeaderValue::from_str(&row.mime) {
        h.insert(header::CONTENT_TYPE, mime);
    }
    if let Ok(value) = HeaderValue::from_str(&disposition(&row.name, files::is_image(&row.tag))) {
        h.insert(header::CONTENT_DISPOSITION, value);
    }
    h.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    h.insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static("default-src 'none'; img-src 'self'; sandbox"),
    );
    h.insert(
        header::CACHE_CONTROL,
        HeaderValue::from_static("public, max-age=31536000, immutable"),
    );
    res
}
