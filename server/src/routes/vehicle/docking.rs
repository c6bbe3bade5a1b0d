//! Synchronisation with the docking platform and the records of past runs.

use crate::extract::Scoped;
use crate::routes::declare::Declare;
use crate::state::AppState;
use axum::extract::State;
use domain::vehicle::docking::{self, SyncRow};
use kernel::error::{ApiOk, ApiResult, Envelope};
use kernel::paging::{PageQuery, PageResult};
use serde::Deserialize;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .write(routes!(synchronization))
        .read(routes!(synchronization2))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SyncRequest {
    #[serde(default, alias = "ent_id", alias = "enterpriseId")]
    ent_id: Option<i64>,
    /// The docking platform (0 none, 1 fleet-management platform, 2 logistics app, 3–13
    /// named carriers and tyre-service firms).
    #[serde(default)]
    platform: i16,
}

/// Synchronises the enterprise's vehicles with its docking platform: records the vehicles
/// reported and what changed since the previous synchronisation (added / removed plates,
/// vehicles without a receiver). No external call is made here.
#[utoipa::path(post, path = "/web/car/synchronization", tag = "vehicle",
    security(("x-token" = [])), request_body = SyncRequest,
    responses((status = 200, body = Envelope<SyncRow>)))]
async fn synchronization(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<SyncRequest>,
) -> ApiResult<SyncRow> {
    Ok(ApiOk(
        docking::synchronize(&state.db, &scope, req.ent_id, req.platform).await?,
    ))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SyncListRequest {
    #[serde(flatten)]
    page: PageQuery,
    #[serde(default, alias = "ent_id", alias = "enterpriseId")]
    ent_id: Option<i64>,
}

/// The synchronisation records in scope (what each synchronisation reported), newest first.
#[utoipa::path(post, path = "/web/car/synchronization2", tag = "vehicle",
    security(("x-token" = [])), request_body = SyncListRequest,
    responses((status = 200, body = Envelope<PageResult<SyncRow>>)))]
async fn synchronization2(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<SyncListRequest>,
) -> ApiResult<PageResult<SyncRow>> {
    Ok(ApiOk(
        docking::sync_records(&state.db, &scope, req.ent_id, req.page).await?,
    ))
}
