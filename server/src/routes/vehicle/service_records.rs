//! Service records of a vehicle: the service log, car service entries and tread-depth lines.

use super::PlateRequest;
use crate::extract::Scoped;
use crate::routes::declare::Declare;
use crate::state::AppState;
use axum::extract::State;
use domain::stock::services::{self as stock_services, ServiceInput};
use domain::vehicle::service_records::{self, DepthLines, ServiceRow, ViewRow};
use kernel::error::{ApiOk, ApiResult, Envelope};
use kernel::paging::{PageQuery, PageResult};
use serde::Deserialize;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

pub fn tapi() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().read(routes!(deep_lines))
}

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .read(routes!(view_log))
        .write(routes!(car_service))
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
        stock_services::car_service(
            &state.db,
            &state.live,
            &scope,
            req.vehicle_id,
            req.create.as_ref(),
            req.page,
        )
        .await?,
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
