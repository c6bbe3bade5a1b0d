//! Fleet reports over finished days, from the roll-ups (`domain::report::rollups`): the trend,
//! alarms by hour and kind, per enterprise and per vehicle figures, periodic reports, and chart
//! series.

use axum::extract::State;
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::extract::Scoped;
use crate::routes::declare::Declare;
use crate::state::AppState;
use domain::report::rollups::{
    self, AlarmCount, ChartPoint, ChartRequest, EnterpriseFigures, FleetPeriod, PeriodicReport,
    PeriodicRequest, Trend, VehicleFigures, VehiclePeriodRequest,
};
use kernel::error::{ApiOk, ApiResult, Envelope};
use kernel::paging::PageResult;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .read(routes!(trend))
        .read(routes!(hour_distribution))
        .read(routes!(alarm_pie_chart))
        .read(routes!(analysis_table))
        .read(routes!(analysis_detail))
        .read(routes!(ship_list))
        .read(routes!(chart_data))
}

/// The fleet's trend over finished days (`startDate`..`endDate`, at most 366 days; one
/// enterprise of the scope with `enterpriseId`, else all): per day and in total, vehicles that
/// reported, distance, driving and offline seconds, alarms raised, hottest tyre and hub,
/// lowest pressure.
#[utoipa::path(post, path = "/dataReport/chart", tag = "report",
    security(("x-token" = [])), request_body = FleetPeriod,
    responses((status = 200, body = Envelope<Trend>)))]
async fn trend(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<FleetPeriod>,
) -> ApiResult<Trend> {
    Ok(ApiOk(rollups::trend(&state.db, &scope, &req).await?))
}

/// Alarms raised over finished days by hour of day (UTC, 24 entries; `key` is the hour), split
/// by level (1 warning, 2 critical).
#[utoipa::path(post, path = "/dataReport/hour_distribution", tag = "report",
    security(("x-token" = [])), request_body = FleetPeriod,
    responses((status = 200, body = Envelope<Vec<AlarmCount>>)))]
async fn hour_distribution(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<FleetPeriod>,
) -> ApiResult<Vec<AlarmCount>> {
    Ok(ApiOk(
        rollups::hour_distribution(&state.db, &scope, &req).await?,
    ))
}

/// Alarms raised over finished days by kind (`key`; the kinds that occurred, most first),
/// split by level.
#[utoipa::path(post, path = "/dataReport/alarm_pie_chart", tag = "report",
    security(("x-token" = [])), request_body = FleetPeriod,
    responses((status = 200, body = Envelope<Vec<AlarmCount>>)))]
async fn alarm_pie_chart(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<FleetPeriod>,
) -> ApiResult<Vec<AlarmCount>> {
    Ok(ApiOk(rollups::alarm_kinds(&state.db, &scope, &req).await?))
}

/// The period's figures per enterprise of the scope, most distance first.
#[utoipa::path(post, path = "/dataReport/analysis_table", tag = "report",
    security(("x-token" = [])), request_body = FleetPeriod,
    responses((status = 200, body = Envelope<Vec<EnterpriseFigures>>)))]
async fn analysis_table(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<FleetPeriod>,
) -> ApiResult<Vec<EnterpriseFigures>> {
    Ok(ApiOk(
        rollups::by_enterprise(&state.db, &scope, &req).await?,
    ))
}

/// A daily, weekly (Monday to Sunday) or monthly fleet report for the period holding `day`:
/// its trend and totals beside the previous period's, alarms by kind, and the enterprises.
#[utoipa::path(post, path = "/dataReport/analysis_detail", tag = "report",
    security(("x-token" = [])), request_body = PeriodicRequest,
    responses((status = 200, body = Envelope<PeriodicReport>)))]
async fn analysis_detail(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<PeriodicRequest>,
) -> ApiResult<PeriodicReport> {
    Ok(ApiOk(rollups::periodic(&state.db, &scope, &req).await?))
}

/// The period's figures per vehicle (counted in the enterprise it belonged to each day),
/// sorted by `sort` (`km`, `drivingSeconds`, `alarms`, `offlineSeconds`, `maxTyreTemp`,
/// `maxHubTemp`; most first), paged.
#[utoipa::path(post, path = "/dataReport/ship_list", tag = "report",
    security(("x-token" = [])), request_body = VehiclePeriodRequest,
    responses((status = 200, body = Envelope<PageResult<VehicleFigures>>)))]
async fn ship_list(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<VehiclePeriodRequest>,
) -> ApiResult<PageResult<VehicleFigures>> {
    Ok(ApiOk(rollups::by_vehicle(&state.db, &scope, &req).await?))
}

/// A chart's series: `measure` (`km` or `distanceKm`, `drivingHours`, `vehicleDays`, `alarms`,
/// `offlineHours`, `maxTyreTemp`, `maxHubTemp`, `minPressure`) grouped by `grouping` (`day`,
/// `week`, `month`, `enterprise`; `alarmKind` and `hour` for alarms) over the period.
#[utoipa::path(post, path = "/dataReport/chart_data", tag = "report",
    security(("x-token" = [])), request_body = ChartRequest,
    responses((status = 200, body = Envelope<Vec<ChartPoint>>)))]
async fn chart_data(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<ChartRequest>,
) -> ApiResult<Vec<ChartPoint>> {
    Ok(ApiOk(rollups::chart_data(&state.db, &scope, &req).await?))
}
