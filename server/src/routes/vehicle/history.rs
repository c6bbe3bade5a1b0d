//! Calls over a vehicle's history: readings, mileage, trips, tracks, axle temperatures, spray
//! cooling, alarms, view log, service records, and the `/tapi` partner calls (pressures,
//! tread depths). Time ranges are RFC 3339 (`start`/`end`, at most 31 days); day ranges are
//! dates (`startDate`/`endDate`, UTC days). See `services::vehicle::{history, mileage,
//! alarms, records}` for the rules.

use axum::extract::State;
use serde::Deserialize;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::routes::declare::Declare;

use crate::extract::Scoped;
use crate::state::AppState;
use domain::vehicle::alarms::{self, AlarmFilter, AlarmRow, Submit};
use domain::vehicle::history::{
    self, AlarmTrack, AxleSeries, AxleStats, Instant, Itinerary, Pressures, ReadingFilter,
    ReadingRow, SprayActivity, SprayHistory, TimeRange,
};
use domain::vehicle::mileage::{
    self, Computed, DayKm, DayRange, MileagePage, TripRow, VehicleFilter,
};
use domain::vehicle::service_records::{
    self, DepthInput, DepthLines, ServiceInput, ServiceRow, ViewRow,
};
use kernel::error::{ApiOk, ApiResult, Envelope};
use kernel::paging::{PageQuery, PageResult};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .read(routes!(data_list))
        .read(routes!(data_mileage_list))
        .read(routes!(mileage_histogram))
        .read(routes!(itinerary))
        .read(routes!(instant))
        .read(routes!(braking_tp))
        .read(routes!(car_spray))
        .read(routes!(abnormal_track))
        .read(routes!(trip_management))
        .write(routes!(compute))
        .read(routes!(view_log))
        .write(routes!(alarm_submit))
        .read(routes!(abnormal_list))
        .read(routes!(axle_data))
        .read(routes!(axle_statistical))
        .write(routes!(car_service))
        .read(routes!(get_spray))
        .read(routes!(analyse_recent))
}

pub fn tapi() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .read(routes!(pressure))
        .read(routes!(deep_lines))
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
pub struct MileageListRequest {
    #[serde(flatten)]
    page: PageQuery,
    #[serde(flatten)]
    filter: VehicleFilter,
    #[serde(flatten)]
    range: DayRange,
}

/// Mileage per vehicle over whole UTC days (at most 366), paged by plate, with the totals
/// of every vehicle the filter covers (`totalKm`, `totalDrivingSeconds`).
#[utoipa::path(post, path = "/web/car/data_mileage_list", tag = "vehicle",
    security(("x-token" = [])), request_body = MileageListRequest,
    responses((status = 200, body = Envelope<MileagePage>)))]
async fn data_mileage_list(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<MileageListRequest>,
) -> ApiResult<MileagePage> {
    Ok(ApiOk(
        mileage::mileage_list(&state.db, &scope, &req.filter, req.range, req.page).await?,
    ))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct HistogramRequest {
    /// One vehicle; absent: every vehicle the filter covers.
    #[serde(default, alias = "carId")]
    vehicle_id: Option<i64>,
    #[serde(flatten)]
    filter: VehicleFilter,
    #[serde(flatten)]
    range: DayRange,
}

/// Km and driving seconds per day, for one vehicle or the fleet in scope; every day of the
/// range is present.
#[utoipa::path(post, path = "/web/car/mileage_histogram", tag = "vehicle",
    security(("x-token" = [])), request_body = HistogramRequest,
    responses((status = 200, body = Envelope<Vec<DayKm>>)))]
async fn mileage_histogram(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<HistogramRequest>,
) -> ApiResult<Vec<DayKm>> {
    Ok(ApiOk(
        mileage::histogram(&state.db, &scope, req.vehicle_id, &req.filter, req.range).await?,
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

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TripRequest {
    #[serde(flatten)]
    page: PageQuery,
    #[serde(flatten)]
    filter: VehicleFilter,
    #[serde(flatten)]
    range: TimeRange,
    /// Only trips of at least this many km.
    #[serde(default)]
    min_km: Option<f64>,
}

/// Trips (computed by `compute`) that started in the range, newest first, paged; by vehicles,
/// plate or enterprise.
#[utoipa::path(post, path = "/web/car/trip_management", tag = "vehicle",
    security(("x-token" = [])), request_body = TripRequest,
    responses((status = 200, body = Envelope<PageResult<TripRow>>)))]
async fn trip_management(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<TripRequest>,
) -> ApiResult<PageResult<TripRow>> {
    Ok(ApiOk(
        mileage::trip_list(
            &state.db,
            &scope,
            &req.filter,
            req.range,
            req.min_km,
            req.page,
        )
        .await?,
    ))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ComputeRequest {
    #[serde(alias = "carId", alias = "id")]
    vehicle_id: i64,
    #[serde(flatten)]
    range: DayRange,
}

/// Recomputes a vehicle's trips and daily mileage over whole UTC days (at most 31) from its
/// positions; running it again gives the same rows.
#[utoipa::path(post, path = "/web/car/compute", tag = "vehicle",
    security(("x-token" = [])), request_body = ComputeRequest,
    responses((status = 200, body = Envelope<Computed>)))]
async fn compute(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<ComputeRequest>,
) -> ApiResult<Computed> {
    Ok(ApiOk(
        mileage::compute(&state.db, &scope, req.vehicle_id, req.range).await?,
    ))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ViewLogRequest {
    #[serde(flatten)]
    page: PageQuery,
    #[serde(alias = "carId", alias = "id")]
    vehicle_id: i64,
    /// Record this view first (default true).
    #[serde(default = "yes")]
    record: bool,
}

fn yes() -> bool {
    true
}

/// Records that the caller viewed a vehicle and lists who viewed it, newest first.
#[utoipa::path(post, path = "/web/car/view_log", tag = "vehicle",
    security(("x-token" = [])), request_body = ViewLogRequest,
    responses((status = 200, body = Envelope<PageResult<ViewRow>>)))]
async fn view_log(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<ViewLogRequest>,
) -> ApiResult<PageResult<ViewRow>> {
    Ok(ApiOk(
        service_records::view_log(&state.db, &scope, req.vehicle_id, req.record, req.page).await?,
    ))
}

/// Handles an alarm: `state` 1 acknowledges an active one, 2 clears an active or
/// acknowledged one, with a note. Allowed to the vehicle's own enterprises and to partners
/// holding it under maintenance custody. The change goes to the websocket and to the
/// enterprise's webhooks.
#[utoipa::path(post, path = "/web/car/alarmSubmit", tag = "vehicle",
    security(("x-token" = [])), request_body = Submit,
    responses((status = 200, body = Envelope<AlarmRow>)))]
async fn alarm_submit(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<Submit>,
) -> ApiResult<AlarmRow> {
    let handled = alarms::submit(&state.db, &scope, &req).await?;
    state.push.alarm_changed((&handled).into()).await;
    Ok(ApiOk(handled))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AlarmListRequest {
    #[serde(flatten)]
    page: PageQuery,
    #[serde(flatten)]
    filter: AlarmFilter,
}

/// Alarms of the vehicles in scope, newest first, paged; by state, kind, level, vehicle,
/// enterprise and start time.
#[utoipa::path(post, path = "/web/abnormal/list", tag = "vehicle",
    security(("x-token" = [])), request_body = AlarmListRequest,
    responses((status = 200, body = Envelope<PageResult<AlarmRow>>)))]
async fn abnormal_list(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<AlarmListRequest>,
) -> ApiResult<PageResult<AlarmRow>> {
    Ok(ApiOk(
        alarms::list(&state.db, &scope, &req.filter, req.page).await?,
    ))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CarServiceRequest {
    #[serde(flatten)]
    page: PageQuery,
    #[serde(alias = "carId", alias = "id")]
    vehicle_id: i64,
    /// A record to add first.
    #[serde(default)]
    create: Option<ServiceInput>,
}

/// A vehicle's service records, newest first; with `create`, adds one first (own
/// enterprises and maintenance-custody partners).
#[utoipa::path(post, path = "/web/service/car_service", tag = "vehicle",
    security(("x-token" = [])), request_body = CarServiceRequest,
    responses((status = 200, body = Envelope<PageResult<ServiceRow>>)))]
async fn car_service(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<CarServiceRequest>,
) -> ApiResult<PageResult<ServiceRow>> {
    Ok(ApiOk(
        service_records::car_services(
            &state.db,
            &scope,
            req.vehicle_id,
            req.create.as_ref(),
            req.page,
        )
        .await?,
    ))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PlateRequest {
    #[serde(default, alias = "carId", alias = "id")]
    vehicle_id: Option<i64>,
    /// The plate, when no id is given.
    #[serde(default)]
    plate: Option<String>,
    /// `deepLines`: measurements to record first (all or none).
    #[serde(default)]
    readings: Vec<DepthInput>,
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

/// Tread depths per wheel (latest and history) of a vehicle by id or plate; `readings`
/// records new measurements first (own enterprises and maintenance-custody partners).
#[utoipa::path(post, path = "/tyre/deepLines", tag = "vehicle",
    security(("x-token" = [])), request_body = PlateRequest,
    responses((status = 200, body = Envelope<DepthLines>)))]
async fn deep_lines(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<PlateRequest>,
) -> ApiResult<DepthLines> {
    Ok(ApiOk(
        service_records::deep_lines(
            &state.db,
            &scope,
            req.vehicle_id,
            req.plate.as_deref(),
            &req.readings,
        )
        .await?,
    ))
}
