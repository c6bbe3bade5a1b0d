//! Calls over a vehicle's history: readings, mileage, trips, tracks, axle temperatures, spray
//! cooling, alarms, view log, service records, and the `/tapi` partner calls (pressures,
//! tread depths). Time ranges are RFC 3339 (`start`/`end`, at most 31 days); day ranges are
//! dates (`startDate`/`endDate`, UTC days). See `services::vehicle::{history, mileage,
//! alarms, records}` for the rules.

use super::PlateRequest;
use crate::extract::Scoped;
use crate::routes::declare::Declare;
use crate::state::AppState;
use axum::extract::State;
use domain::vehicle::history::{
    self, AlarmTrack, AxleSeries, AxleStats, Instant, Itinerary, Pressures, ReadingFilter,
    ReadingRow, SprayActivity, SprayHistory, TimeRange,
};
use kernel::error::{ApiOk, ApiResult, Envelope};
use kernel::paging::{PageQuery, PageResult};
use serde::Deserialize;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

pub fn tapi() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().read(routes!(pressure))
}

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .read(routes!(data_list))
        .read(routes!(itinerary))
        .read(routes!(instant))
        .read(routes!(braking_tp))
        .read(routes!(car_spray))
        .read(routes!(abnormal_track))
        .read(routes!(axle_data))
        .read(routes!(axle_statistical))
        .read(routes!(get_spray))
        .read(routes!(analyse_recent))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DataListRequest {
    #[serde(flatten)]
    page: PageQuery,
    #[serde(flatten)]
    filter: ReadingFilter,
}

/// Stored tyre and axle readings of 1–100 vehicles in a time range, newest first, paged;
/// optionally one wheel position or one kind (1 tyre, 2 axle).
#[utoipa::path(post, path = "/web/car/data_list", tag = "vehicle",
    security(("x-token" = [])), request_body = DataListRequest,
    responses((status = 200, body = Envelope<PageResult<ReadingRow>>)))]
async fn data_list(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<DataListRequest>,
) -> ApiResult<PageResult<ReadingRow>> {
    Ok(ApiOk(
        history::readings(&state.db, &scope, &req.filter, req.page).await?,
    ))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TrackRequest {
    #[serde(alias = "carId", alias = "id")]
    vehicle_id: i64,
    #[serde(flatten)]
    range: TimeRange,
    /// At most this many points (default 2000, at most 10000), evenly spread.
    #[serde(default)]
    max_points: Option<usize>,
    /// `AbnormalTrack` only: just this alarm.
    #[serde(default)]
    alarm_id: Option<i64>,
}

/// A vehicle's positions over a range, thinned to at most `maxPoints`, with its distance and
/// stops (three minutes or more).
#[utoipa::path(post, path = "/web/car/itinerary", tag = "vehicle",
    security(("x-token" = [])), request_body = TrackRequest,
    responses((status = 200, body = Envelope<Itinerary>)))]
async fn itinerary(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<TrackRequest>,
) -> ApiResult<Itinerary> {
    Ok(ApiOk(
        history::itinerary(&state.db, &scope, req.vehicle_id, req.range, req.max_points).await?,
    ))
}

/// For each alarm of the vehicle overlapping the range (or only `alarmId`), the positions
/// from its start to its clearing.
#[utoipa::path(post, path = "/web/car/AbnormalTrack", tag = "vehicle",
    security(("x-token" = [])), request_body = TrackRequest,
    responses((status = 200, body = Envelope<Vec<AlarmTrack>>)))]
async fn abnormal_track(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<TrackRequest>,
) -> ApiResult<Vec<AlarmTrack>> {
    Ok(ApiOk(
        history::abnormal_track(
            &state.db,
            &scope,
            req.vehicle_id,
            req.range,
            req.alarm_id,
            req.max_points,
        )
        .await?,
    ))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct VehicleRequest {
    #[serde(alias = "carId", alias = "id")]
    vehicle_id: i64,
}

/// A vehicle's latest snapshot: position, every wheel's latest tyre reading, hub
/// temperatures of the last 24 hours and alarms not yet cleared.
#[utoipa::path(post, path = "/web/car/instant", tag = "vehicle",
    security(("x-token" = [])), request_body = VehicleRequest,
    responses((status = 200, body = Envelope<Instant>)))]
async fn instant(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<VehicleRequest>,
) -> ApiResult<Instant> {
    Ok(ApiOk(
        history::instant(&state.db, &scope, req.vehicle_id).await?,
    ))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AxleRequest {
    #[serde(alias = "carId", alias = "id")]
    vehicle_id: i64,
    #[serde(flatten)]
    range: TimeRange,
    /// Only these wheel positions.
    #[serde(default)]
    positions: Vec<i32>,
    /// `brakingTp`: the least rise (°C, default 10) over the preceding ten minutes' low that
    /// makes a peak.
    #[serde(default)]
    min_rise: Option<f64>,
}

/// Braking heat: hub temperature series per wheel position with the peaks that rose at
/// least `minRise` °C within ten minutes.
#[utoipa::path(post, path = "/web/car/brakingTp", tag = "vehicle",
    security(("x-token" = [])), request_body = AxleRequest,
    responses((status = 200, body = Envelope<Vec<AxleSeries>>)))]
async fn braking_tp(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<AxleRequest>,
) -> ApiResult<Vec<AxleSeries>> {
    let min_rise = Some(req.min_rise.unwrap_or(10.0));
    Ok(ApiOk(
        history::axle_data(
            &state.db,
            &scope,
            req.vehicle_id,
            req.range,
            &req.positions,
            min_rise,
        )
        .await?,
    ))
}

/// Hub temperature series per wheel position over a range, with max and mean.
#[utoipa::path(post, path = "/web/car/axle/axleData", tag = "vehicle",
    security(("x-token" = [])), request_body = AxleRequest,
    responses((status = 200, body = Envelope<Vec<AxleSeries>>)))]
async fn axle_data(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<AxleRequest>,
) -> ApiResult<Vec<AxleSeries>> {
    Ok(ApiOk(
        history::axle_data(
            &state.db,
            &scope,
            req.vehicle_id,
            req.range,
            &req.positions,
            None,
        )
        .await?,
    ))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AxleStatsRequest {
    /// 1–100 vehicles.
    #[serde(default, alias = "carIds")]
    vehicle_ids: Vec<i64>,
    #[serde(default, alias = "carId")]
    vehicle_id: Option<i64>,
    #[serde(flatten)]
    range: TimeRange,
    /// °C; default 100.
    #[serde(default)]
    threshold: Option<f64>,
}

/// Per vehicle and wheel position: hub temperature samples, max, mean, samples over the
/// threshold and the largest difference to the partner wheel of the same axle.
#[utoipa::path(post, path = "/web/car/axle/statistical", tag = "vehicle",
    security(("x-token" = [])), request_body = AxleStatsRequest,
    responses((status = 200, body = Envelope<Vec<AxleStats>>)))]
async fn axle_statistical(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<AxleStatsRequest>,
) -> ApiResult<Vec<AxleStats>> {
    let ids: Vec<i64> = req.vehicle_ids.into_iter().chain(req.vehicle_id).collect();
    Ok(ApiOk(
        history::axle_statistics(&state.db, &scope, &ids, req.range, req.threshold).await?,
    ))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SprayRequest {
    #[serde(alias = "carId", alias = "id")]
    vehicle_id: i64,
    #[serde(flatten)]
    range: TimeRange,
}

/// A vehicle's spray-cooling flags and events (activations, faults) over a range.
#[utoipa::path(post, path = "/web/car/spray", tag = "vehicle",
    security(("x-token" = [])), request_body = SprayRequest,
    responses((status = 200, body = Envelope<SprayHistory>)))]
async fn car_spray(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<SprayRequest>,
) -> ApiResult<SprayHistory> {
    Ok(ApiOk(
        history::spray(&state.db, &scope, req.vehicle_id, req.range).await?,
    ))
}

/// A vehicle's spray-cooling status: switch and fault flags and the last 24 hours' events.
#[utoipa::path(post, path = "/web/spray/getSpray", tag = "device",
    security(("x-token" = [])), request_body = VehicleRequest,
    responses((status = 200, body = Envelope<SprayHistory>)))]
async fn get_spray(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<VehicleRequest>,
) -> ApiResult<SprayHistory> {
    Ok(ApiOk(
        history::spray_status(&state.db, &scope, req.vehicle_id).await?,
    ))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RecentSprayRequest {
    #[serde(flatten)]
    page: PageQuery,
    /// Only these vehicles (default: all in scope).
    #[serde(default, alias = "carIds")]
    vehicle_ids: Vec<i64>,
    /// The window, 1–90 days (default 7).
    #[serde(default = "seven")]
    days: i64,
}

fn seven() -> i64 {
    7
}

/// Spray-cooling activity per vehicle over the recent days: activations, seconds sprayed,
/// faults, last event and highest trigger temperature; most active first, paged.
#[utoipa::path(post, path = "/web/spray/analyse_recent", tag = "device",
    security(("x-token" = [])), request_body = RecentSprayRequest,
    responses((status = 200, body = Envelope<PageResult<SprayActivity>>)))]
async fn analyse_recent(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<RecentSprayRequest>,
) -> ApiResult<PageResult<SprayActivity>> {
    Ok(ApiOk(
        history::spray_recent(&state.db, &scope, &req.vehicle_ids, req.days, req.page).await?,
    ))
}

/// Latest tyre pressures (bar), temperatures and status of a vehicle by id or plate.
#[utoipa::path(post, path = "/car/pressure", tag = "vehicle",
    security(("x-token" = [])), request_body = PlateRequest,
    responses((status = 200, body = Envelope<Pressures>)))]
async fn pressure(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<PlateRequest>,
) -> ApiResult<Pressures> {
    Ok(ApiOk(
        history::pressures(&state.db, &scope, req.vehicle_id, req.plate.as_deref()).await?,
    ))
}
