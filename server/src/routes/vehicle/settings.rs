//! A vehicle's own settings: drop-and-hook (swing) settings and the settings sent to its device.

use super::records::{Affected, CarIdRequest};
use crate::extract::Scoped;
use crate::routes::declare::Declare;
use crate::state::AppState;
use axum::extract::State;
use domain::vehicle::settings::{self, SwingOut};
use kernel::error::{ApiOk, ApiResult, Envelope};
use serde::Deserialize;
use serde_json::{Value, json};
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .write(routes!(set_support_swing))
        .write(routes!(save_swing))
        .read(routes!(get_swing))
        .write(routes!(device_setting))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SupportSwingRequest {
    #[serde(alias = "car_ids", alias = "ids")]
    car_ids: Vec<i64>,
    /// Whether the vehicles take part in drop-and-hook operation.
    #[serde(alias = "support_swing", alias = "support")]
    support_swing: bool,
}

/// Marks vehicles as taking part in drop-and-hook (swing, 甩挂) operation, or not.
#[utoipa::path(post, path = "/web/car/setSupportSwing", tag = "vehicle",
    security(("x-token" = [])), request_body = SupportSwingRequest,
    responses((status = 200, body = Envelope<Affected>)))]
async fn set_support_swing(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<SupportSwingRequest>,
) -> ApiResult<Affected> {
    let affected =
        settings::set_support_swing(&state.db, &scope, &req.car_ids, req.support_swing).await?;
    Ok(ApiOk(Affected { affected }))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SaveSwingRequest {
    #[serde(alias = "car_id", alias = "id")]
    car_id: i64,
    #[serde(default, alias = "support_swing")]
    support_swing: Option<bool>,
    /// The swing options (an object, e.g. `{yard, maxTrailers, autoRecord}`), at most 8 KiB.
    #[serde(default = "empty_object")]
    swing: Value,
}

fn empty_object() -> Value {
    json!({})
}

/// Saves a vehicle's drop-and-hook (swing, 甩挂) options.
#[utoipa::path(post, path = "/web/car/save_swing", tag = "vehicle",
    security(("x-token" = [])), request_body = SaveSwingRequest,
    responses((status = 200, body = Envelope<SwingOut>)))]
async fn save_swing(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<SaveSwingRequest>,
) -> ApiResult<SwingOut> {
    Ok(ApiOk(
        settings::save_swing(&state.db, &scope, req.car_id, req.support_swing, req.swing).await?,
    ))
}

/// A vehicle's drop-and-hook (swing, 甩挂) settings.
#[utoipa::path(post, path = "/web/car/get_swing", tag = "vehicle",
    security(("x-token" = [])), request_body = CarIdRequest,
    responses((status = 200, body = Envelope<SwingOut>)))]
async fn get_swing(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<CarIdRequest>,
) -> ApiResult<SwingOut> {
    Ok(ApiOk(
        settings::get_swing(&state.db, &scope, req.car_id).await?,
    ))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DeviceSettingRequest {
    #[serde(alias = "car_id", alias = "id")]
    car_id: i64,
    /// New settings (an object, at most 8 KiB); absent reads them.
    #[serde(default)]
    setting: Option<Value>,
}

/// Reads, or with `setting` saves, the device settings of a vehicle (the configuration its
/// receiver gets: report interval, thresholds …, as an object).
#[utoipa::path(post, path = "/web/car/device_setting", tag = "vehicle",
    security(("x-token" = [])), request_body = DeviceSettingRequest,
    responses((status = 200, body = Envelope<Value>)))]
async fn device_setting(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<DeviceSettingRequest>,
) -> ApiResult<Value> {
    Ok(ApiOk(
        settings::device_setting(&state.db, &scope, req.car_id, req.setting).await?,
    ))
}
