//! Sensors: lists, detail, log, binding and unbinding; the installer's view of a device.

use axum::extract::State;
use serde::Deserialize;
use serde_json::Value;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::routes::declare::Declare;

use super::{DeviceRequest, done};
use crate::extract::Scoped;
use crate::state::AppState;
use domain::device::sensors::{self, SensorFilter, SensorLogRow, SensorRow, Tie, WorkInfo};
use kernel::error::{ApiOk, ApiResult, Envelope};
use kernel::paging::{PageQuery, PageResult};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .read(routes!(sensor_list))
        .read(routes!(get_sensor))
        .read(routes!(sensor_info))
        .read(routes!(sensor_log))
        .write(routes!(det_sensor))
        .write(routes!(change_tie))
}

pub fn tapi() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().read(routes!(work_info))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SensorListRequest {
    #[serde(flatten)]
    page: PageQuery,
    #[serde(flatten)]
    filter: SensorFilter,
}

/// Sensors in scope, paged, newest first, with where each is fitted and its latest reading.
#[utoipa::path(post, path = "/web/device/sensor_list", tag = "device",
    security(("x-token" = [])), request_body = SensorListRequest,
    responses((status = 200, body = Envelope<PageResult<SensorRow>>)))]
async fn sensor_list(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<SensorListRequest>,
) -> ApiResult<PageResult<SensorRow>> {
    Ok(ApiOk(
        sensors::list(&state.db, &scope, &req.filter, req.page).await?,
    ))
}

/// The sensors bound to one device, by wheel position.
#[utoipa::path(post, path = "/web/device/getSensor", tag = "device",
    security(("x-token" = [])), request_body = DeviceRequest,
    responses((status = 200, body = Envelope<Vec<SensorRow>>)))]
async fn get_sensor(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<DeviceRequest>,
) -> ApiResult<Vec<SensorRow>> {
    Ok(ApiOk(
        sensors::of_device(&state.db, &scope, req.id, req.imei.as_deref()).await?,
    ))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SensorRequest {
    #[serde(default, alias = "ID", alias = "sensorId")]
    id: Option<i64>,
    #[serde(default)]
    sensor_no: Option<String>,
}

/// One sensor by id or number.
#[utoipa::path(post, path = "/web/device/sensor_info", tag = "device",
    security(("x-token" = [])), request_body = SensorRequest,
    responses((status = 200, body = Envelope<SensorRow>)))]
async fn sensor_info(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<SensorRequest>,
) -> ApiResult<SensorRow> {
    Ok(ApiOk(
        sensors::info(&state.db, &scope, req.id, req.sensor_no.as_deref()).await?,
    ))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SensorLogRequest {
    #[serde(flatten)]
    page: PageQuery,
    #[serde(default)]
    sensor_no: Option<String>,
    #[serde(default)]
    device_id: Option<i64>,
    #[serde(default, alias = "carId")]
    vehicle_id: Option<i64>,
}

/// The sensor log (bind, replace, unbind, delete), newest first.
#[utoipa::path(post, path = "/web/device/getSensorLog", tag = "device",
    security(("x-token" = [])), request_body = SensorLogRequest,
    responses((status = 200, body = Envelope<PageResult<SensorLogRow>>)))]
async fn sensor_log(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<SensorLogRequest>,
) -> ApiResult<PageResult<SensorLogRow>> {
    Ok(ApiOk(
        sensors::log(
            &state.db,
            &scope,
            req.sensor_no.as_deref(),
            req.device_id,
            req.vehicle_id,
            req.page,
        )
        .await?,
    ))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DetSensorRequest {
    /// Sensor ids.
    ids: Vec<i64>,
    /// Delete the sensors (default: only unbind them).
    #[serde(default)]
    delete: bool,
}

/// Unbinds sensors from their wheels (or deletes them), all or none.
#[utoipa::path(post, path = "/web/device/detSensor", tag = "device",
    security(("x-token" = [])), request_body = DetSensorRequest,
    responses((status = 200, body = Envelope<Value>)))]
async fn det_sensor(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<DetSensorRequest>,
) -> ApiResult<Value> {
    sensors::detach(&state.db, &scope, &req.ids, req.delete).await?;
    done()
}

/// Binds a sensor to a wheel position of the vehicle the device is fitted to (sensor row and
/// wheel in one transaction); a sensor on another wheel or an occupied wheel needs `replace`.
#[utoipa::path(post, path = "/web/device/change_tie", tag = "device",
    security(("x-token" = [])), request_body = Tie,
    responses((status = 200, body = Envelope<SensorRow>)))]
async fn change_tie(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<Tie>,
) -> ApiResult<SensorRow> {
    Ok(ApiOk(sensors::tie(&state.db, &scope, &req).await?))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct WorkInfoRequest {
    imei: String,
}

/// The installer tool's view of a device: the device, its vehicle's wheels and its sensors.
#[utoipa::path(post, path = "/tool/work_info", tag = "device", security(("x-token" = [])),
    request_body = WorkInfoRequest, responses((status = 200, body = Envelope<WorkInfo>)))]
async fn work_info(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<WorkInfoRequest>,
) -> ApiResult<WorkInfo> {
    Ok(ApiOk(
        sensors::work_info(&state.db, &scope, &req.imei).await?,
    ))
}
