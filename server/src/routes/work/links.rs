//! Vehicles, devices, alarms, snapshot, location, labels and declaration of a work order.

use axum::extract::State;
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::extract::Scoped;
use crate::routes::declare::Declare;
use crate::state::AppState;
use domain::work::OrderRef;
use domain::work::links::{
    self, AlarmLink, CarQuery, DeclarationInput, DeviceQuery, LabelInput, LinkedAlarm, Location,
    OrderCar, Snapshot,
};
use domain::work::orders::{Declaration, OrderDevice};
use kernel::error::{ApiOk, ApiResult, Envelope};
use kernel::paging::PageResult;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .read(routes!(order_car))
        .read(routes!(order_device_ent))
        .write(routes!(abnormal_association))
        .read(routes!(snapshoot))
        .write(routes!(location))
        .write(routes!(label))
        .write(routes!(declaration))
}

/// Vehicles the caller may open work orders on: of the enterprises it sees, or in its maintenance
/// custody.
#[utoipa::path(post, path = "/work/order_car", tag = "work",
    security(("x-token" = [])), request_body = CarQuery,
    responses((status = 200, body = Envelope<PageResult<OrderCar>>)))]
async fn order_car(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<CarQuery>,
) -> ApiResult<PageResult<OrderCar>> {
    Ok(ApiOk(links::cars(&state.db, &scope, req).await?))
}

/// Devices the caller may name on a work order.
#[utoipa::path(post, path = "/work/order_device_ent", tag = "work",
    security(("x-token" = [])), request_body = DeviceQuery,
    responses((status = 200, body = Envelope<PageResult<OrderDevice>>)))]
async fn order_device_ent(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<DeviceQuery>,
) -> ApiResult<PageResult<OrderDevice>> {
    Ok(ApiOk(links::devices(&state.db, &scope, req).await?))
}

/// Links alarms (`alarmIds`) to a work order, then answers the alarms it answers.
#[utoipa::path(post, path = "/work/abnormalAssociation", tag = "work",
    security(("x-token" = [])), request_body = AlarmLink,
    responses((status = 200, body = Envelope<Vec<LinkedAlarm>>)))]
async fn abnormal_association(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<AlarmLink>,
) -> ApiResult<Vec<LinkedAlarm>> {
    Ok(ApiOk(links::alarms(&state.db, &scope, req).await?))
}

/// The vehicle's live state stored when the work order was opened.
#[utoipa::path(post, path = "/work/snapshoot", tag = "work",
    security(("x-token" = [])), request_body = OrderRef,
    responses((status = 200, body = Envelope<Snapshot>)))]
async fn snapshoot(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<OrderRef>,
) -> ApiResult<Snapshot> {
    Ok(ApiOk(links::snapshot(&state.db, &scope, req.id).await?))
}

/// The location of a work order; with `lat`/`lon` or `address` sets it first.
#[utoipa::path(post, path = "/work/location", tag = "work",
    security(("x-token" = [])), request_body = Location,
    responses((status = 200, body = Envelope<Location>)))]
async fn location(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<Location>,
) -> ApiResult<Location> {
    Ok(ApiOk(links::location(&state.db, &scope, req).await?))
}

/// Labels: of one order (`id`; replaced first when `labels` is given), or every label in use on
/// the orders the caller sees.
#[utoipa::path(post, path = "/work/label", tag = "work",
    security(("x-token" = [])), request_body = LabelInput,
    responses((status = 200, body = Envelope<Vec<String>>)))]
async fn label(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<LabelInput>,
) -> ApiResult<Vec<String>> {
    Ok(ApiOk(links::labels(&state.db, &scope, req).await?))
}

/// The declaration of a driver or customer on a work order; with `declaration` records it first.
#[utoipa::path(post, path = "/work/declaration", tag = "work",
    security(("x-token" = [])), request_body = DeclarationInput,
    responses((status = 200, body = Envelope<Option<Declaration>>)))]
async fn declaration(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<DeclarationInput>,
) -> ApiResult<Option<Declaration>> {
    Ok(ApiOk(links::declaration(&state.db, &scope, req).await?))
}
