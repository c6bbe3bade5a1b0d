//! Area `device`: receivers, repeaters and sensors, firmware and upgrades, commands, tags,
//! white table, sale records, spray data. Every handler takes the caller's scope through
//! [`Scoped`](crate::extract::Scoped).

mod commands;
mod devices;
mod firmware;
mod records;
mod sensors;
mod tag_fields;
mod tag_search;
mod tag_values;
mod tags;

use serde::Deserialize;
use serde_json::{Value, json};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;

use crate::state::AppState;
use kernel::error::{ApiOk, ApiResult};
use kernel::paging::PageQuery;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .merge(devices::router())
        .merge(sensors::router())
        .merge(firmware::router())
        .merge(commands::router())
        .merge(records::router())
        .merge(tags::router())
        .merge(tag_fields::router())
        .merge(tag_values::router())
        .merge(tag_search::router())
}

/// The `/tapi` calls of the area.
pub fn tapi() -> OpenApiRouter<AppState> {
    records::tapi().merge(sensors::tapi())
}

fn done() -> ApiResult<Value> {
    Ok(ApiOk(json!({})))
}

/// One device, by id or imei.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DeviceRequest {
    #[serde(default, alias = "deviceId", alias = "ID")]
    id: Option<i64>,
    #[serde(default)]
    imei: Option<String>,
}

/// One device's rows, paged (every device in scope when none is named).
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DevicePageRequest {
    #[serde(flatten)]
    page: PageQuery,
    #[serde(default, alias = "deviceId", alias = "ID")]
    id: Option<i64>,
    #[serde(default)]
    imei: Option<String>,
}

/// Rows to change, all or none.
#[derive(Debug, Deserialize, ToSchema)]
#[schema(as = DeviceIdsRequest)]
pub struct IdsRequest {
    ids: Vec<i64>,
}
