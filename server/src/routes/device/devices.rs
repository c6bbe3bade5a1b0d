//! Device records: list, create/edit, serial numbers, lookups, repeaters, versions, heavy
//! reporters, online rates.

use axum::extract::State;
use serde::Deserialize;
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::routes::declare::Declare;

use crate::extract::{Scoped, ScopedQuery};
use crate::state::AppState;
use domain::device::devices::{
    self, DayRate, DeviceFilter, DeviceInput, DeviceRow, HeavyDevice, ImeiSn, ReceiverRepeaters,
    VersionCount,
};
use kernel::error::{ApiOk, ApiResult, Envelope};
use kernel::paging::{PageQuery, PageResult};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .read(routes!(list))
        .write(routes!(save))
        .write(routes!(set_sn))
        .read(routes!(imei_sn))
        .write(routes!(parent_number))
        .read(routes!(versions))
        .read(routes!(heavy))
        .read(routes!(online_rate))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DeviceListRequest {
    #[serde(flatten)]
    page: PageQuery,
    #[serde(flatten)]
    filter: DeviceFilter,
}

/// Devices in scope, paged, filtered (imei/sn keyword, enterprise, part number, version,
/// online, bound, kind, tag) and sorted; each row with its SIM carrier.
#[utoipa::path(post, path = "/web/device/list", tag = "device", security(("x-token" = [])),
    request_body = DeviceListRequest,
    responses((status = 200, body = Envelope<PageResult<DeviceRow>>)))]
async fn list(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<DeviceListRequest>,
) -> ApiResult<PageResult<DeviceRow>> {
    Ok(ApiOk(
        devices::list(&state.db, &scope, &req.filter, req.page).await?,
    ))
}

/// Creates (no `id`) or edits a device; a duplicate imei or sn is refused naming it. Creating
/// answers the device's report key (`deviceKey`) once.
#[utoipa::path(post, path = "/web/device/imei", tag = "device", security(("x-token" = [])),
    request_body = DeviceInput, responses((status = 200, body = Envelope<DeviceRow>)))]
async fn save(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<DeviceInput>,
) -> ApiResult<DeviceRow> {
    let saved = devices::save(&state.db, &scope, req).await?;
    // Its binding or owner may have changed: ingestion looks it up afresh.
    Ok(ApiOk(saved))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SetSnRequest {
    #[serde(default, alias = "deviceId", alias = "ID")]
    id: Option<i64>,
    #[serde(default)]
    imei: Option<String>,
    /// The serial number (unique); empty clears it.
    sn: String,
}

/// Gives a device its serial number.
#[utoipa::path(post, path = "/web/device/setUpSn", tag = "device", security(("x-token" = [])),
    request_body = SetSnRequest, responses((status = 200, body = Envelope<DeviceRow>)))]
async fn set_sn(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<SetSnRequest>,
) -> ApiResult<DeviceRow> {
    Ok(ApiOk(
        devices::set_sn(&state.db, &scope, req.id, req.imei.as_deref(), &req.sn).await?,
    ))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ImeiSnRequest {
    /// Imeis or serial numbers (1–500), each matched against both.
    #[serde(default)]
    keys: Vec<String>,
    /// One key (same as `keys: [key]`).
    #[serde(default, alias = "imei", alias = "sn")]
    key: Option<String>,
}

/// Looks devices up by imei or serial number.
#[utoipa::path(post, path = "/web/device/imeiSn", tag = "device", security(("x-token" = [])),
    request_body = ImeiSnRequest, responses((status = 200, body = Envelope<Vec<ImeiSn>>)))]
async fn imei_sn(
    State(state): State<AppState>,
    Scoped(scope, mut req): Scoped<ImeiSnRequest>,
) -> ApiResult<Vec<ImeiSn>> {
    req.keys.extend(req.key);
    Ok(ApiOk(devices::imei_sn(&state.db, &scope, &req.keys).await?))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ParentNumberRequest {
    #[serde(default, alias = "deviceId", alias = "ID")]
    id: Option<i64>,
    #[serde(default)]
    imei: Option<String>,
    /// Move this repeater under the receiver with this imei (same enterprise); absent: only
    /// answer the family.
    #[serde(default)]
    parent_imei: Option<String>,
}

/// A device's receiver with its repeaters; with `parentImei`, first moves the repeater there.
#[utoipa::path(post, path = "/web/device/parentNumber", tag = "device",
    security(("x-token" = [])), request_body = ParentNumberRequest,
    responses((status = 200, body = Envelope<ReceiverRepeaters>)))]
async fn parent_number(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<ParentNumberRequest>,
) -> ApiResult<ReceiverRepeaters> {
    Ok(ApiOk(
        devices::parent_number(
            &state.db,
            &scope,
            req.id,
            req.imei.as_deref(),
            req.parent_imei.as_deref(),
        )
        .await?,
    ))
}

#[derive(Debug, Default, Deserialize, ToSchema, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
#[schema(as = DeviceEntRequest)]
pub struct EntRequest {
    /// One enterprise (default: every enterprise in scope).
    #[serde(default, alias = "entId", alias = "ent_id")]
    enterprise_id: Option<i64>,
}

/// Firmware versions in use, by part number, with device and online counts.
#[utoipa::path(post, path = "/web/device/version", tag = "device", security(("x-token" = [])),
    request_body = EntRequest, responses((status = 200, body = Envelope<Vec<VersionCount>>)))]
async fn versions(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<EntRequest>,
) -> ApiResult<Vec<VersionCount>> {
    Ok(ApiOk(
        devices::versions(&state.db, &scope, req.enterprise_id).await?,
    ))
}

#[derive(Debug, Deserialize, ToSchema, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct HeavyQuery {
    #[serde(default, alias = "entId", alias = "ent_id")]
    enterprise_id: Option<i64>,
    /// The period, 1–168 hours back (default 24).
    #[serde(default = "day")]
    hours: i64,
    /// How many devices, 1–100 (default 10).
    #[serde(default = "ten")]
    limit: u64,
}

fn day() -> i64 {
    24
}

fn ten() -> u64 {
    10
}

/// The devices that reported most (heartbeats) in the period: chatty or faulty devices.
#[utoipa::path(get, path = "/web/device/heavy", tag = "device", security(("x-token" = [])),
    params(HeavyQuery), responses((status = 200, body = Envelope<Vec<HeavyDevice>>)))]
async fn heavy(
    State(state): State<AppState>,
    ScopedQuery(scope, q): ScopedQuery<HeavyQuery>,
) -> ApiResult<Vec<HeavyDevice>> {
    Ok(ApiOk(
        devices::heavy(&state.db, &scope, q.enterprise_id, q.hours, q.limit).await?,
    ))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OnlineRateRequest {
    #[serde(default, alias = "entId", alias = "ent_id")]
    enterprise_id: Option<i64>,
    /// First day, `YYYY-MM-DD` (UTC).
    #[serde(alias = "startTime")]
    start: String,
    /// Last day, `YYYY-MM-DD`, at most 30 days after `start`.
    #[serde(alias = "endTime")]
    end: String,
}

/// The online rate of the devices in scope by day: devices with a heartbeat that day over
/// devices registered by its end.
#[utoipa::path(post, path = "/web/device/online_rate", tag = "device",
    security(("x-token" = [])), request_body = OnlineRateRequest,
    responses((status = 200, body = Envelope<Vec<DayRate>>)))]
async fn online_rate(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<OnlineRateRequest>,
) -> ApiResult<Vec<DayRate>> {
    Ok(ApiOk(
        devices::online_rate(&state.db, &scope, req.enterprise_id, &req.start, &req.end).await?,
    ))
}
