//! A tag's form on one tagged vehicle or device (docs/tags.md "Tag form").

use std::collections::HashMap;

use axum::extract::State;
use serde::Deserialize;
use serde_json::Value;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::extract::Scoped;
use crate::routes::declare::Declare;
use crate::state::AppState;
use domain::device::tag_values::{self, TagForm, TagTarget};
use kernel::error::{ApiOk, ApiResult, Envelope};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .read(routes!(tag_form))
        .write(routes!(set_values))
}

/// The fields of a tag with their values on one vehicle or device carrying it.
#[utoipa::path(post, path = "/tag/form", tag = "device", security(("x-token" = [])),
    request_body = TagTarget, responses((status = 200, body = Envelope<TagForm>)))]
async fn tag_form(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<TagTarget>,
) -> ApiResult<TagForm> {
    Ok(ApiOk(tag_values::get(&state.db, &scope, &req).await?))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TagSetValuesRequest {
    #[serde(flatten)]
    target: TagTarget,
    /// Field id → value (text, number or a `YYYY-MM-DD` date; empty or null clears it). The
    /// whole form: fields left out are cleared.
    #[serde(default)]
    #[schema(value_type = Object)]
    values: HashMap<String, Value>,
}

/// Saves a tag's form on one vehicle or device, checked by the fields' types, all or none.
#[utoipa::path(post, path = "/tag/setValues", tag = "device", security(("x-token" = [])),
    request_body = TagSetValuesRequest, responses((status = 200, body = Envelope<TagForm>)))]
async fn set_values(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<TagSetValuesRequest>,
) -> ApiResult<TagForm> {
    Ok(ApiOk(
        tag_values::set(&state.db, &scope, &req.target, &req.values).await?,
    ))
}
