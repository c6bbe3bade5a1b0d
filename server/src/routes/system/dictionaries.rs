//! Dictionaries and their details. JSON keys follow the admin-framework family the console comes
//! from (`ID`, `sysDictionaryID`, …).

use super::query_opt;
use super::{IdBody, page_of};
use crate::extract::{ApiJson, ApiQuery};
use crate::routes::declare::Declare;
use crate::state::AppState;
use axum::extract::State;
use chrono::{DateTime, Utc};
use domain::dictionary::{self, DetailFields, DetailFilter, DictionaryFields};
use entities::{sys_dictionary, sys_dictionary_detail};
use kernel::error::{ApiOk, ApiResult, AppError, Envelope};
use kernel::paging::PageResult;
use kernel::text;
use serde::{Deserialize, Deserializer, Serialize};
use serde_json::json;
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::{router::OpenApiRouter, routes};

pub fn router() -> OpenApiRouter<AppState> {
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

fn query_flag<'de, D: Deserializer<'de>>(de: D) -> Result<Option<bool>, D::Error> {
    match Option::<String>::deserialize(de)? {
        None => Ok(None),
        Some(s) if s.trim().is_empty() => Ok(None),
        Some(s) => domain::tabular::parse_flag(&s).map(Some).ok_or_else(|| {
            serde::de::Error::custom(format!("expected true/false or 1/0, got {s:?}"))
        }),
    }
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
