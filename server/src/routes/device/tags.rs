//! Tags of an enterprise and their links to vehicles and devices.

use axum::extract::State;
use serde::Deserialize;
use serde_json::Value;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::routes::declare::Declare;

use super::{IdsRequest, done};
use crate::extract::Scoped;
use crate::state::AppState;
use domain::device::devices::DeviceRow;
use domain::device::tags::{self, TagDetail, TagInput, TagRow, TagSave};
use kernel::error::{ApiOk, ApiResult, Envelope};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .read(routes!(tag_list))
        .read(routes!(search_label))
        .write(routes!(add_tags))
        .write(routes!(del_tags))
        .write(routes!(set_tags))
        .write(routes!(set_device))
        .read(routes!(device_tags))
        .read(routes!(service_tags))
        .read(routes!(tag_detail))
        .write(routes!(tag_save))
        .write(routes!(tag_sort))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TagListRequest {
    #[serde(default, alias = "entId", alias = "ent_id")]
    enterprise_id: Option<i64>,
    /// vehicle, device, label or service (default: all).
    #[serde(default, rename = "type", alias = "kind")]
    kind: Option<String>,
    /// Part of the name.
    #[serde(default, alias = "name")]
    keyword: Option<String>,
    /// The tags of this vehicle only.
    #[serde(default, alias = "carId")]
    vehicle_id: Option<i64>,
}

/// Tags in scope (of one kind, enterprise or vehicle when given), with link counts.
#[utoipa::path(post, path = "/tag/list", tag = "device", security(("x-token" = [])),
    request_body = TagListRequest, responses((status = 200, body = Envelope<Vec<TagRow>>)))]
async fn tag_list(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<TagListRequest>,
) -> ApiResult<Vec<TagRow>> {
    let list = match req.vehicle_id {
        Some(v) => tags::of_vehicle(&state.db, &scope, v).await?,
        None => {
            tags::list(
                &state.db,
                &scope,
                req.enterprise_id,
                req.kind.as_deref(),
                req.keyword.as_deref(),
            )
            .await?
        }
    };
    Ok(ApiOk(list))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SearchLabelRequest {
    /// Part of the name.
    #[serde(default, alias = "name", alias = "label")]
    keyword: Option<String>,
    #[serde(default, rename = "type", alias = "kind")]
    kind: Option<String>,
}

/// Searches tags and labels in scope by name.
#[utoipa::path(post, path = "/search_label", tag = "device", security(("x-token" = [])),
    request_body = SearchLabelRequest, responses((status = 200, body = Envelope<Vec<TagRow>>)))]
async fn search_label(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<SearchLabelRequest>,
) -> ApiResult<Vec<TagRow>> {
    Ok(ApiOk(
        tags::list(
            &state.db,
            &scope,
            None,
            req.kind.as_deref(),
            req.keyword.as_deref(),
        )
        .await?,
    ))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AddTagsRequest {
    /// The enterprise (default: the acting one).
    #[serde(default, alias = "entId", alias = "ent_id")]
    enterprise_id: Option<i64>,
    /// The tags to create (1–100); a single `name`/`color`/`kind` works too.
    #[serde(default)]
    tags: Vec<TagInput>,
    #[serde(flatten)]
    single: TagInput,
}

/// Creates tags, all or none; a name already used in the enterprise for that kind is refused.
#[utoipa::path(post, path = "/addTags", tag = "device", security(("x-token" = [])),
    request_body = AddTagsRequest, responses((status = 200, body = Envelope<Vec<TagRow>>)))]
async fn add_tags(
    State(state): State<AppState>,
    Scoped(scope, mut req): Scoped<AddTagsRequest>,
) -> ApiResult<Vec<TagRow>> {
    if req.single.name.is_some() {
        req.tags.push(req.single);
    }
    Ok(ApiOk(
        tags::add(&state.db, &scope, req.enterprise_id, &req.tags).await?,
    ))
}

/// Deletes tags with their links to vehicles and devices, all or none.
#[utoipa::path(post, path = "/delTags", tag = "device", security(("x-token" = [])),
    request_body = IdsRequest, responses((status = 200, body = Envelope<Value>)))]
async fn del_tags(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<IdsRequest>,
) -> ApiResult<Value> {
    tags::delete(&state.db, &scope, &req.ids).await?;
    done()
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SetTagsRequest {
    #[serde(alias = "carId")]
    vehicle_id: i64,
    /// The vehicle's tags from now on (its enterprise's tags); empty clears them.
    #[serde(alias = "tags")]
    tag_ids: Vec<i64>,
}

/// Sets a vehicle's tags.
#[utoipa::path(post, path = "/tag/setTags", tag = "device", security(("x-token" = [])),
    request_body = SetTagsRequest, responses((status = 200, body = Envelope<Vec<TagRow>>)))]
async fn set_tags(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<SetTagsRequest>,
) -> ApiResult<Vec<TagRow>> {
    Ok(ApiOk(
        tags::set_vehicle_tags(&state.db, &scope, req.vehicle_id, &req.tag_ids).await?,
    ))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SetDeviceTagsRequest {
    #[serde(default, alias = "deviceId", alias = "ID")]
    id: Option<i64>,
    #[serde(default)]
    imei: Option<String>,
    /// The device's tags from now on (its enterprise's tags); empty clears them.
    #[serde(alias = "tags")]
    tag_ids: Vec<i64>,
}

/// Sets a device's tags; answers the device.
#[utoipa::path(post, path = "/tag/set_device", tag = "device", security(("x-token" = [])),
    request_body = SetDeviceTagsRequest, responses((status = 200, body = Envelope<DeviceRow>)))]
async fn set_device(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<SetDeviceTagsRequest>,
) -> ApiResult<DeviceRow> {
    Ok(ApiOk(
        tags::set_device_tags(&state.db, &scope, req.id, req.imei.as_deref(), &req.tag_ids).await?,
    ))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct KindTagsRequest {
    #[serde(default, alias = "entId", alias = "ent_id")]
    enterprise_id: Option<i64>,
    #[serde(default, alias = "name")]
    keyword: Option<String>,
}

async fn tags_of_kind(
    state: &AppState,
    scope: &domain::scope::Scope,
    req: &KindTagsRequest,
    kind: &str,
) -> ApiResult<Vec<TagRow>> {
    Ok(ApiOk(
        tags::list(
            &state.db,
            scope,
            req.enterprise_id,
            Some(kind),
            req.keyword.as_deref(),
        )
        .await?,
    ))
}

/// Device tags in scope, with how many devices carry each.
#[utoipa::path(post, path = "/web/device/device_tags", tag = "device",
    security(("x-token" = [])), request_body = KindTagsRequest,
    responses((status = 200, body = Envelope<Vec<TagRow>>)))]
async fn device_tags(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<KindTagsRequest>,
) -> ApiResult<Vec<TagRow>> {
    tags_of_kind(&state, &scope, &req, "device").await
}

/// Service labels (work-order problem types), kept as tags of kind `service`.
#[utoipa::path(post, path = "/web/device/serviceTags", tag = "device",
    security(("x-token" = [])), request_body = KindTagsRequest,
    responses((status = 200, body = Envelope<Vec<TagRow>>)))]
async fn service_tags(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<KindTagsRequest>,
) -> ApiResult<Vec<TagRow>> {
    tags_of_kind(&state, &scope, &req, "service").await
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct TagIdRequest {
    id: i64,
}

/// One tag with the custom fields it carries.
#[utoipa::path(post, path = "/tag/detail", tag = "device", security(("x-token" = [])),
    request_body = TagIdRequest, responses((status = 200, body = Envelope<TagDetail>)))]
async fn tag_detail(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<TagIdRequest>,
) -> ApiResult<TagDetail> {
    Ok(ApiOk(tags::detail(&state.db, &scope, req.id).await?))
}

/// Creates (no `id`) or edits a tag with the custom fields it carries; a field leaving the
/// tag takes its values along.
#[utoipa::path(post, path = "/tag/save", tag = "device", security(("x-token" = [])),
    request_body = TagSave, responses((status = 200, body = Envelope<TagDetail>)))]
async fn tag_save(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<TagSave>,
) -> ApiResult<TagDetail> {
    Ok(ApiOk(tags::save(&state.db, &scope, &req).await?))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TagSortRequest {
    /// The enterprise (default: the acting one).
    #[serde(default, alias = "entId", alias = "ent_id")]
    enterprise_id: Option<i64>,
    /// vehicle, device, label or service.
    #[serde(default, rename = "type", alias = "kind")]
    kind: String,
    /// Every tag of that kind in the enterprise, first to last.
    #[serde(default)]
    ids: Vec<i64>,
}

/// Orders the tags of one kind in one write; answers them in their new order.
#[utoipa::path(post, path = "/tag/sort", tag = "device", security(("x-token" = [])),
    request_body = TagSortRequest, responses((status = 200, body = Envelope<Vec<TagRow>>)))]
async fn tag_sort(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<TagSortRequest>,
) -> ApiResult<Vec<TagRow>> {
    Ok(ApiOk(
        tags::sort(&state.db, &scope, req.enterprise_id, &req.kind, &req.ids).await?,
    ))
}
