//! Custom fields of tags (docs/tags.md "Fields").

use axum::extract::State;
use serde::Deserialize;
use serde_json::Value;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use super::{IdsRequest, done};
use crate::extract::Scoped;
use crate::routes::declare::Declare;
use crate::state::AppState;
use domain::device::tag_fields::{self, TagFieldInput, TagFieldRow};
use kernel::error::{ApiOk, ApiResult, Envelope};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .read(routes!(field_list))
        .read(routes!(field_detail))
        .write(routes!(field_save))
        .write(routes!(field_delete))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TagFieldListRequest {
    /// One enterprise of the scope (default: the whole scope).
    #[serde(default, alias = "entId", alias = "ent_id")]
    enterprise_id: Option<i64>,
}

/// The custom fields of tags in scope, by their order and name, with how many tags carry each.
#[utoipa::path(post, path = "/tag/field/list", tag = "device", security(("x-token" = [])),
    request_body = TagFieldListRequest, responses((status = 200, body = Envelope<Vec<TagFieldRow>>)))]
async fn field_list(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<TagFieldListRequest>,
) -> ApiResult<Vec<TagFieldRow>> {
    Ok(ApiOk(
        tag_fields::list(&state.db, &scope, req.enterprise_id).await?,
    ))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct TagFieldIdRequest {
    id: i64,
}

/// One custom field.
#[utoipa::path(post, path = "/tag/field/detail", tag = "device", security(("x-token" = [])),
    request_body = TagFieldIdRequest, responses((status = 200, body = Envelope<TagFieldRow>)))]
async fn field_detail(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<TagFieldIdRequest>,
) -> ApiResult<TagFieldRow> {
    Ok(ApiOk(tag_fields::detail(&state.db, &scope, req.id).await?))
}

/// Creates (no `id`) or edits a custom field; a duplicate name, an unknown type or a choice
/// field without options is refused naming the field.
#[utoipa::path(post, path = "/tag/field/save", tag = "device", security(("x-token" = [])),
    request_body = TagFieldInput, responses((status = 200, body = Envelope<TagFieldRow>)))]
async fn field_save(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<TagFieldInput>,
) -> ApiResult<TagFieldRow> {
    Ok(ApiOk(tag_fields::save(&state.db, &scope, &req).await?))
}

/// Deletes custom fields, all or none; they leave their tags and their values go.
#[utoipa::path(post, path = "/tag/field/delete", tag = "device", security(("x-token" = [])),
    request_body = IdsRequest, responses((status = 200, body = Envelope<Value>)))]
async fn field_delete(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<IdsRequest>,
) -> ApiResult<Value> {
    tag_fields::delete(&state.db, &scope, &req.ids).await?;
    done()
}
