//! The live logs: alarm incidents, the tyre log, the reports devices sent and ingestion's
//! counts (`domain::report::{incidents, tpms, reads}`, `ingestion::summary`).

use axum::extract::State;
use serde::Deserialize;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::routes::declare::Declare;

use crate::extract::Scoped;
use crate::state::AppState;
use domain::report::incidents::{self, IncidentFilter, IncidentRow};
use domain::report::reads::{self, ReadRow, ReadsFilter};
use domain::report::tpms::{self, TpmsFilter};
use domain::vehicle::fleet::AreaCell;
use domain::vehicle::history::ReadingRow;
use ingestion::summary::{self, IngestionSummary};
use kernel::error::{ApiOk, ApiResult, Envelope};
use kernel::paging::{PageQuery, PageResult};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .read(routes!(incidents_list))
        .read(routes!(tpms_log))
        .read(routes!(reads_list))
        .read(routes!(ingestion_statistics))
        .read(routes!(areal_distribution))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct IncidentsRequest {
    #[serde(flatten)]
    page: PageQuery,
    #[serde(flatten)]
    filter: IncidentFilter,
}

/// Alarm incidents of the vehicles in scope, newest first, paged: start, acknowledgement and
/// clear with who acted, duration; by vehicle, enterprise, kind, level, state and start time
/// (`start`/`end`, at most 31 days when both are given). Page through it to export.
#[utoipa::path(post, path = "/web/log/incidents", tag = "report",
    security(("x-token" = [])), request_body = IncidentsRequest,
    responses((status = 200, body = Envelope<PageResult<IncidentRow>>)))]
async fn incidents_list(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<IncidentsRequest>,
) -> ApiResult<PageResult<IncidentRow>> {
    Ok(ApiOk(
        incidents::list(&state.db, &scope, &req.filter, req.page).await?,
    ))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TpmsLogRequest {
    #[serde(flatten)]
    page: PageQuery,
    #[serde(flatten)]
    filter: TpmsFilter,
}

/// A vehicle's tyre readings (pressure bar, temperature °C, battery %, status bits) over a
/// time range (`start`/`end`, at most 31 days), optionally one wheel position; newest first,
/// paged.
#[utoipa::path(post, path = "/web/log/tpms_log", tag = "report",
    security(("x-token" = [])), request_body = TpmsLogRequest,
    responses((status = 200, body = Envelope<PageResult<ReadingRow>>)))]
async fn tpms_log(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<TpmsLogRequest>,
) -> ApiResult<PageResult<ReadingRow>> {
    Ok(ApiOk(
        tpms::list(&state.db, &scope, &req.filter, req.page).await?,
    ))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReadsRequest {
    #[serde(flatten)]
    page: PageQuery,
    #[serde(flatten)]
    filter: ReadsFilter,
}

/// The reports a device (`deviceId` or `imei`) sent over a time range (at most 31 days),
/// newest first, paged: accepted ones with position and tyre count, refused ones with the
/// reason and the part that was wrong (the most recent 10,000 refusals are kept).
#[utoipa::path(post, path = "/web/log/reads", tag = "report",
    security(("x-token" = [])), request_body = ReadsRequest,
    responses((status = 200, body = Envelope<PageResult<ReadRow>>)))]
async fn reads_list(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<ReadsRequest>,
) -> ApiResult<PageResult<ReadRow>> {
    Ok(ApiOk(
        reads::list(&state.db, &scope, &req.filter, req.page).await?,
    ))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct IngestionStatisticsRequest {
    /// Days of daily counts, 1–90 (default 14).
    #[serde(default = "fourteen")]
    days: u16,
}

fn fourteen() -> u16 {
    14
}

/// Device reports accepted and refused by reason: since the server started, and per day (UTC)
/// over the last `days` days. Platform staff only.
#[utoipa::path(post, path = "/web/log/statistics_ingestion", tag = "report",
    security(("x-token" = [])), request_body = IngestionStatisticsRequest,
    responses((status = 200, body = Envelope<IngestionSummary>)))]
async fn ingestion_statistics(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<IngestionStatisticsRequest>,
) -> ApiResult<IngestionSummary> {
    Ok(ApiOk(
        summary::summary(&state.db, &scope, state.ingest.stats(), req.days).await?,
    ))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AreaRequest {
    /// Cell size in degrees (default 1; 0.01 to 10).
    #[serde(default)]
    cell: Option<f64>,
}

/// Where the fleet is now: the vehicles in scope by map cell of their last position, with
/// counts by state (online, driving, parked, offline, in alarm), most vehicles first.
#[utoipa::path(post, path = "/dataReport/areal_distribution", tag = "report",
    security(("x-token" = [])), request_body = AreaRequest,
    responses((status = 200, body = Envelope<Vec<AreaCell>>)))]
async fn areal_distribution(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<AreaRequest>,
) -> ApiResult<Vec<AreaCell>> {
    Ok(ApiOk(state.fleet.areas(&scope, req.cell).await?))
}
