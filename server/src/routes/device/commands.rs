//! Commands queued for devices and device parameter settings.

use std::collections::BTreeMap;

use axum::extract::State;
use serde::Deserialize;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::routes::declare::Declare;

use super::DeviceRequest;
use crate::extract::Scoped;
use crate::state::AppState;
use domain::device::commands::{self, CommandRow, DeviceSettings, SettingDef};
use kernel::error::{ApiOk, ApiResult, Envelope};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .write(routes!(cmd2))
        .write(routes!(cmd3))
        .write(routes!(set_switch))
        .read(routes!(setting_list))
        .read(routes!(setting_info))
        .write(routes!(setting_up))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RawCommandRequest {
    #[serde(default, alias = "deviceId", alias = "ID")]
    id: Option<i64>,
    #[serde(default)]
    imei: Option<String>,
    /// The instruction text, 1–200 printable characters.
    #[serde(alias = "cmd")]
    command: String,
}

/// Queues a raw instruction for a device (delivered when it next connects).
#[utoipa::path(post, path = "/web/device/cmd2", tag = "device", security(("x-token" = [])),
    request_body = RawCommandRequest, responses((status = 200, body = Envelope<CommandRow>)))]
async fn cmd2(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<RawCommandRequest>,
) -> ApiResult<CommandRow> {
    Ok(ApiOk(
        commands::raw(&state.db, &scope, req.id, req.imei.as_deref(), &req.command).await?,
    ))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ActionRequest {
    #[serde(default, alias = "deviceId", alias = "ID")]
    id: Option<i64>,
    #[serde(default)]
    imei: Option<String>,
    /// restart, locate, reset_sensors, clear_alarm or factory_reset.
    action: String,
}

/// Queues a named action for a device.
#[utoipa::path(post, path = "/web/device/cmd3", tag = "device", security(("x-token" = [])),
    request_body = ActionRequest, responses((status = 200, body = Envelope<CommandRow>)))]
async fn cmd3(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<ActionRequest>,
) -> ApiResult<CommandRow> {
    Ok(ApiOk(
        commands::action(&state.db, &scope, req.id, req.imei.as_deref(), &req.action).await?,
    ))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SwitchRequest {
    #[serde(default, alias = "deviceId", alias = "ID")]
    id: Option<i64>,
    #[serde(default)]
    imei: Option<String>,
    /// spray, buzzer, sensor_learning or low_power.
    switch: String,
    on: bool,
}

/// Queues switching a device feature on or off.
#[utoipa::path(post, path = "/web/device/setSwitch", tag = "device",
    security(("x-token" = [])), request_body = SwitchRequest,
    responses((status = 200, body = Envelope<CommandRow>)))]
async fn set_switch(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<SwitchRequest>,
) -> ApiResult<CommandRow> {
    Ok(ApiOk(
        commands::switch(
            &state.db,
            &scope,
            req.id,
            req.imei.as_deref(),
            &req.switch,
            req.on,
        )
        .await?,
    ))
}

/// The parameters a receiver takes, with units, ranges and defaults.
#[utoipa::path(post, path = "/web/device/setting_list", tag = "device",
    security(("x-token" = [])), request_body = DeviceRequest,
    responses((status = 200, body = Envelope<Vec<SettingDef>>)))]
async fn setting_list(Scoped(_scope, _req): Scoped<DeviceRequest>) -> ApiResult<Vec<SettingDef>> {
    Ok(ApiOk(commands::settings_catalogue()))
}

/// One device's parameters (wanted values or defaults) and its latest settings command.
#[utoipa::path(post, path = "/web/device/setting_info", tag = "device",
    security(("x-token" = [])), request_body = DeviceRequest,
    responses((status = 200, body = Envelope<DeviceSettings>)))]
async fn setting_info(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<DeviceRequest>,
) -> ApiResult<DeviceSettings> {
    Ok(ApiOk(
        commands::settings_of(&state.db, &scope, req.id, req.imei.as_deref()).await?,
    ))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SettingUpRequest {
    #[serde(default, alias = "deviceId", alias = "ID")]
    id: Option<i64>,
    #[serde(default)]
    imei: Option<String>,
    /// Parameter key → value (see setting_list for keys and ranges).
    values: BTreeMap<String, i64>,
}

/// Stores parameter values for a device and queues them as a settings command, all or none.
#[utoipa::path(post, path = "/web/device/setting_up", tag = "device",
    security(("x-token" = [])), request_body = SettingUpRequest,
    responses((status = 200, body = Envelope<DeviceSettings>)))]
async fn setting_up(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<SettingUpRequest>,
) -> ApiResult<DeviceSettings> {
    Ok(ApiOk(
        commands::set_settings(&state.db, &scope, req.id, req.imei.as_deref(), &req.values).await?,
    ))
}
