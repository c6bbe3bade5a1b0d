//! Mileage: daily distances, the mileage histogram, trips and their recomputation.

use crate::extract::Scoped;
use crate::routes::declare::Declare;
use crate::state::AppState;
use axum::extract::State;
use domain::vehicle::history::TimeRange;
use domain::vehicle::mileage::{
    self, Computed, DayKm, DayRange, MileagePage, TripRow, VehicleFilter,
};
use kernel::error::{ApiOk, ApiResult, Envelope};
use kernel::paging::{PageQuery, PageResult};
use serde::Deserialize;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .read(routes!(data_mileage_list))
        .read(routes!(mileage_histogram))
        .read(routes!(trip_management))
        .write(routes!(compute))
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
