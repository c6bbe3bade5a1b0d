//! Per-device records: white table, sale, CTWing, production log, heartbeat tests, receiver
//! installs (acceptor log), the device journal and the installer applets.

use axum::extract::State;
use serde::{Deserialize, Serialize};

use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::routes::declare::Declare;

use super::{DevicePageRequest, DeviceRequest};
use crate::extract::Scoped;
use crate::state::AppState;
use domain::device::devices::DeviceRow;
use domain::device::records::{
    self, AcceptorRow, Applet, CtwingRow, HeartbeatTestRow, JournalEntry, ProductionRecord, Sale,
};
use kernel::error::{ApiOk, ApiResult, Envelope};
use kernel::paging::{PageQuery, PageResult};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .read(routes!(white_table))
        .read(routes!(is_white))
        .write(routes!(save_table))
        .read(routes!(ctwing_log))
        .write(routes!(up_ctwing))
        .read(routes!(production_log))
        .write(routes!(test_heartbeat_set))
        .read(routes!(test_heartbeat_list))
        .read(routes!(acceptor_log))
        .write(routes!(up_acceptor))
        .read(routes!(captain_log))
        .read(routes!(applets))
}

pub fn tapi() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .read(routes!(get_sale))
        .write(routes!(set_sale))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WhiteTableRequest {
    #[serde(flatten)]
    page: PageQuery,
    #[serde(default, alias = "entId", alias = "ent_id")]
    enterprise_id: Option<i64>,
}

/// The white table: devices in scope allowed to connect, paged.
#[utoipa::path(post, path = "/web/device/white_table", tag = "device",
    security(("x-token" = [])), request_body = WhiteTableRequest,
    responses((status = 200, body = Envelope<PageResult<DeviceRow>>)))]
async fn white_table(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<WhiteTableRequest>,
) -> ApiResult<PageResult<DeviceRow>> {
    Ok(ApiOk(
        records::white_table(&state.db, &scope, req.enterprise_id, req.page).await?,
    ))
}

#[derive(Debug, Serialize, ToSchema)]
pub struct WhiteAnswer {
    white: bool,
}

/// Whether a device is listed in the white table.
#[utoipa::path(post, path = "/web/device/is_white", tag = "device",
    security(("x-token" = [])), request_body = DeviceRequest,
    responses((status = 200, body = Envelope<WhiteAnswer>)))]
async fn is_white(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<DeviceRequest>,
) -> ApiResult<WhiteAnswer> {
    let white = records::is_white(&state.db, &scope, req.id, req.imei.as_deref()).await?;
    Ok(ApiOk(WhiteAnswer { white }))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SaveTableRequest {
    /// Device ids.
    ids: Vec<i64>,
    /// Take them off the table (default: add them).
    #[serde(default)]
    remove: bool,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ChangedAnswer {
    /// Devices added or removed (already listed / absent ones are skipped).
    changed: u64,
}

/// Adds devices to the white table or takes them off, all or none.
#[utoipa::path(post, path = "/web/device/save_table", tag = "device",
    security(("x-token" = [])), request_body = SaveTableRequest,
    responses((status = 200, body = Envelope<ChangedAnswer>)))]
async fn save_table(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<SaveTableRequest>,
) -> ApiResult<ChangedAnswer> {
    let changed = records::save_table(&state.db, &scope, &req.ids, req.remove).await?;
    Ok(ApiOk(ChangedAnswer { changed }))
}

/// A device's sale record (null when none).
#[utoipa::path(post, path = "/device/getSale", tag = "device", security(("x-token" = [])),
    request_body = DeviceRequest, responses((status = 200, body = Envelope<Option<Sale>>)))]
async fn get_sale(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<DeviceRequest>,
) -> ApiResult<Option<Sale>> {
    Ok(ApiOk(
        records::sale(&state.db, &scope, req.id, req.imei.as_deref()).await?,
    ))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SetSaleRequest {
    #[serde(default, alias = "deviceId", alias = "ID")]
    id: Option<i64>,
    #[serde(default)]
    imei: Option<String>,
    #[serde(flatten)]
    sale: Sale,
}

/// Records (or replaces) a device's sale: customer, date, price, warranty months.
#[utoipa::path(post, path = "/device/setSale", tag = "device", security(("x-token" = [])),
    request_body = SetSaleRequest, responses((status = 200, body = Envelope<Sale>)))]
async fn set_sale(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<SetSaleRequest>,
) -> ApiResult<Sale> {
    Ok(ApiOk(
        records::set_sale(&state.db, &scope, req.id, req.imei.as_deref(), req.sale).await?,
    ))
}

/// CTWing registration log (of one device when named), newest first.
#[utoipa::path(post, path = "/web/device/ctwingLog", tag = "device",
    security(("x-token" = [])), request_body = DevicePageRequest,
    responses((status = 200, body = Envelope<PageResult<CtwingRow>>)))]
async fn ctwing_log(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<DevicePageRequest>,
) -> ApiResult<PageResult<CtwingRow>> {
    Ok(ApiOk(
        records::ctwing_log(&state.db, &scope, req.id, req.imei.as_deref(), req.page).await?,
    ))
}

/// Registers a device on CTWing (China Telecom IoT); the request and result are logged.
#[utoipa::path(post, path = "/web/device/upCtwing", tag = "device",
    security(("x-token" = [])), request_body = DeviceRequest,
    responses((status = 200, body = Envelope<CtwingRow>)))]
async fn up_ctwing(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<DeviceRequest>,
) -> ApiResult<CtwingRow> {
    Ok(ApiOk(
        records::up_ctwing(&state.db, &scope, req.id, req.imei.as_deref()).await?,
    ))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ProductionLogRequest {
    #[serde(flatten)]
    page: PageQuery,
    #[serde(default)]
    imei: Option<String>,
    /// Test records to append first (from a factory test station), all or none.
    #[serde(default)]
    records: Vec<ProductionRecord>,
}

/// Factory test records of the devices in scope; appends `records` first when given.
#[utoipa::path(post, path = "/web/device/productionLog", tag = "device",
    security(("x-token" = [])), request_body = ProductionLogRequest,
    responses((status = 200, body = Envelope<PageResult<ProductionRecord>>)))]
async fn production_log(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<ProductionLogRequest>,
) -> ApiResult<PageResult<ProductionRecord>> {
    Ok(ApiOk(
        records::production_log(
            &state.db,
            &scope,
            req.imei.as_deref(),
            &req.records,
            req.page,
        )
        .await?,
    ))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct HeartbeatTestRequest {
    #[serde(default, alias = "deviceId", alias = "ID")]
    id: Option<i64>,
    #[serde(default)]
    imei: Option<String>,
    /// Test length, 1–1440 minutes.
    minutes: i32,
}

/// Starts a heartbeat test on a device for `minutes`.
#[utoipa::path(post, path = "/web/device/test_heartbeat_set", tag = "device",
    security(("x-token" = [])), request_body = HeartbeatTestRequest,
    responses((status = 200, body = Envelope<HeartbeatTestRow>)))]
async fn test_heartbeat_set(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<HeartbeatTestRequest>,
) -> ApiResult<HeartbeatTestRow> {
    Ok(ApiOk(
        records::start_heartbeat_test(&state.db, &scope, req.id, req.imei.as_deref(), req.minutes)
            .await?,
    ))
}

/// Heartbeat tests with their results computed from the heartbeats received.
#[utoipa::path(post, path = "/web/device/test_heartbeat_list", tag = "device",
    security(("x-token" = [])), request_body = DevicePageRequest,
    responses((status = 200, body = Envelope<PageResult<HeartbeatTestRow>>)))]
async fn test_heartbeat_list(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<DevicePageRequest>,
) -> ApiResult<PageResult<HeartbeatTestRow>> {
    Ok(ApiOk(
        records::heartbeat_tests(&state.db, &scope, req.id, req.imei.as_deref(), req.page).await?,
    ))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AcceptorLogRequest {
    #[serde(flatten)]
    page: PageQuery,
    #[serde(default, alias = "carId")]
    vehicle_id: Option<i64>,
    #[serde(default)]
    device_id: Option<i64>,
}

/// Receiver installs, replacements and removals, newest first.
#[utoipa::path(post, path = "/web/device/acceptorLog", tag = "device",
    security(("x-token" = [])), request_body = AcceptorLogRequest,
    responses((status = 200, body = Envelope<PageResult<AcceptorRow>>)))]
async fn acceptor_log(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<AcceptorLogRequest>,
) -> ApiResult<PageResult<AcceptorRow>> {
    Ok(ApiOk(
        records::acceptor_log(&state.db, &scope, req.vehicle_id, req.device_id, req.page).await?,
    ))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UpAcceptorRequest {
    #[serde(alias = "carId")]
    vehicle_id: i64,
    /// The receiver to fit; empty or absent takes the current one off.
    #[serde(default)]
    imei: Option<String>,
    #[serde(default)]
    remark: Option<String>,
}

/// Fits a receiver to a vehicle (replacing the old one, whose sensors move over) or removes
/// it; logged. Answers the vehicle's receiver, null after a removal.
#[utoipa::path(post, path = "/web/device/up_acceptor", tag = "device",
    security(("x-token" = [])), request_body = UpAcceptorRequest,
    responses((status = 200, body = Envelope<Option<DeviceRow>>)))]
async fn up_acceptor(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<UpAcceptorRequest>,
) -> ApiResult<Option<DeviceRow>> {
    Ok(ApiOk(
        records::up_acceptor(
            &state.db,
            &scope,
            req.vehicle_id,
            req.imei.as_deref(),
            req.remark.as_deref(),
        )
        .await?,
    ))
}

/// A device's journal: commands, upgrades, receiver changes and CTWing registrations, newest
/// first.
#[utoipa::path(post, path = "/web/device/captain_log", tag = "device",
    security(("x-token" = [])), request_body = DevicePageRequest,
    responses((status = 200, body = Envelope<PageResult<JournalEntry>>)))]
async fn captain_log(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<DevicePageRequest>,
) -> ApiResult<PageResult<JournalEntry>> {
    Ok(ApiOk(
        records::journal(&state.db, &scope, req.id, req.imei.as_deref(), req.page).await?,
    ))
}

/// The installer mini-program's pages (no payload).
#[utoipa::path(post, path = "/web/device/applets", tag = "device",
    security(("x-token" = [])), request_body = serde_json::Value,
    responses((status = 200, body = Envelope<Vec<Applet>>)))]
async fn applets() -> ApiResult<Vec<Applet>> {
    Ok(ApiOk(records::applets()))
}
