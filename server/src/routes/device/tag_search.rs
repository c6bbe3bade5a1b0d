//! Quick search by tags and the tag workspace's overview (docs/tags.md).

use axum::extract::State;
use serde::Deserialize;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::extract::Scoped;
use crate::routes::declare::Declare;
use crate::state::AppState;
use domain::device::tag_search::{self, TagOverview, TagSearchInput, TagSearchRow};
use kernel::error::{ApiOk, ApiResult, Envelope};
use kernel::paging::{PageQuery, PageResult};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .read(routes!(search))
        .read(routes!(overview))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TagSearchRequest {
    #[serde(flatten)]
    page: PageQuery,
    #[serde(flatten)]
    input: TagSearchInput,
}

/// Vehicles (or devices) in scope carrying every chosen tag, optionally with a field value
/// condition (equal, or a range for numbers and dates), paged.
#[utoipa::path(post, path = "/tag/search", tag = "device", security(("x-token" = [])),
    request_body = TagSearchRequest, responses((status = 200, body = Envelope<PageResult<TagSearchRow>>)))]
async fn search(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<TagSearchRequest>,
) -> ApiResult<PageResult<TagSearchRow>> {
    Ok(ApiOk(
        tag_search::search(&state.db, &scope, &req.input, req.page).await?,
    ))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TagOverviewRequest {
    /// One enterprise of the scope (default: the whole scope).
    #[serde(default, alias = "entId", alias = "ent_id")]
    enterprise_id: Option<i64>,
}

/// The tag workspace's landing: tags per kind, the most used tags, fields, untagged vehicles
/// and devices.
#[utoipa::path(post, path = "/tag/overview", tag = "device", security(("x-token" = [])),
    request_body = TagOverviewRequest, responses((status = 200, body = Envelope<TagOverview>)))]
async fn overview(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<TagOverviewRequest>,
) -> ApiResult<TagOverview> {
    Ok(ApiOk(
        tag_search::overview(&state.db, &scope, req.enterprise_id).await?,
    ))
}
