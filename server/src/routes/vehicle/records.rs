//! Vehicle records: detail, create and edit, delete, plates, receivers, transfer, install
//! state, follows, axle layouts and wheel sensors, model, responsible members.

use crate::extract::Scoped;
use crate::routes::declare::Declare;
use crate::state::AppState;
use axum::extract::State;
use domain::vehicle::catalogue::ModelPick;
use domain::vehicle::records::{
    self, AxleLayout, MemberOut, VehicleDetail, VehicleInput, WheelOut,
};
use kernel::error::{ApiOk, ApiResult, Envelope};
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .read(routes!(car_info))
        .read(routes!(info_all))
        .write(routes!(update_car_info))
        .write(routes!(del_car))
        .write(routes!(update_plate))
        .write(routes!(update_imei))
        .write(routes!(transfer))
        .write(routes!(set_install))
        .write(routes!(attention))
        .read(routes!(get_sensor))
        .read(routes!(axle_list))
        .write(routes!(axle_change))
        .read(routes!(correlation_user))
        .write(routes!(correlation_set_user))
        .write(routes!(up_model_id))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CarIdRequest {
    #[serde(alias = "car_id", alias = "id", alias = "ID")]
    pub car_id: i64,
}

/// Everything about one vehicle: record, enterprise, group, trailer (and the tractor pulling
/// it), drivers, responsible members, receiver, wheel positions with readings, live state.
#[utoipa::path(post, path = "/web/car/carInfo", tag = "vehicle",
    security(("x-token" = [])), request_body = CarIdRequest,
    responses((status = 200, body = Envelope<VehicleDetail>)))]
async fn car_info(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<CarIdRequest>,
) -> ApiResult<VehicleDetail> {
    Ok(ApiOk(records::detail(&state.db, &scope, req.car_id).await?))
}

/// carInfo plus the vehicle's settings and its latest trailer swaps.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct VehicleInfoAll {
    #[serde(flatten)]
    pub detail: VehicleDetail,
    pub support_swing: bool,
    pub swing: Value,
    pub device_setting: Value,
    pub swaps: Vec<domain::vehicle::trailers::SwapRow>,
}

/// The full vehicle detail with drop-and-hook settings, device settings and the latest ten
/// trailer swaps.
#[utoipa::path(post, path = "/web/car/infoAll", tag = "vehicle",
    security(("x-token" = [])), request_body = CarIdRequest,
    responses((status = 200, body = Envelope<VehicleInfoAll>)))]
async fn info_all(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<CarIdRequest>,
) -> ApiResult<VehicleInfoAll> {
    let detail = records::detail(&state.db, &scope, req.car_id).await?;
    let settings = records::settings(&state.db, req.car_id).await?;
    let swaps = records::recent_swaps(&state.db, req.car_id).await?;
    Ok(ApiOk(VehicleInfoAll {
        detail,
        support_swing: settings.support_swing,
        swing: serde_json::from_str(&settings.swing).unwrap_or_else(|_| json!({})),
        device_setting: serde_json::from_str(&settings.device_setting)
            .unwrap_or_else(|_| json!({})),
        swaps: swaps.into_iter().map(Into::into).collect(),
    }))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UpdateCarRequest {
    /// The vehicle to edit; absent or 0 creates one.
    #[serde(default, alias = "car_id", alias = "id", alias = "ID")]
    car_id: Option<i64>,
    /// The enterprise of a new vehicle (default: the acting one).
    #[serde(default, alias = "ent_id", alias = "enterpriseId")]
    ent_id: Option<i64>,
    /// Required on creation; trimmed, upper-cased, unique platform-wide.
    #[serde(default)]
    plate: Option<String>,
    #[serde(default)]
    vin: Option<String>,
    /// 0 tractor/truck, 1 trailer, 2 bus, 3 other.
    #[serde(default)]
    kind: Option<i16>,
    /// Wheels per axle from the front, e.g. "2,4,4" (1–8 axles, 1–8 wheels, even except the
    /// steer axle); default "2,4". Changing it keeps the readings of unchanged positions.
    #[serde(default, alias = "axle_layout")]
    axle_layout: Option<String>,
    /// The trailer to hitch (a trailer of the scope, not hitched elsewhere); 0 unhitches.
    #[serde(default, alias = "trailer_id")]
    trailer_id: Option<i64>,
    #[serde(default, alias = "brand_id")]
    brand_id: Option<i64>,
    #[serde(default, alias = "series_id")]
    series_id: Option<i64>,
    #[serde(default, alias = "class_id")]
    class_id: Option<i64>,
    /// Vehicle image (see getPicture).
    #[serde(default, alias = "device_type_id")]
    device_type_id: Option<i16>,
    #[serde(default, alias = "head_img_url")]
    head_img_url: Option<String>,
    #[serde(default, alias = "install_state")]
    install_state: Option<i16>,
    /// 0 vehicle battery, 1 own battery, 2 solar.
    #[serde(default, alias = "carPowerSupply")]
    power_supply: Option<i16>,
    #[serde(default)]
    recharge: Option<bool>,
    #[serde(default)]
    remark: Option<String>,
    /// A group of the vehicle's enterprise; 0 takes it out of its group.
    #[serde(default, alias = "group_id")]
    group_id: Option<i64>,
    /// Replaces its drivers (drivers of its enterprise).
    #[serde(default, alias = "driver_ids")]
    driver_ids: Option<Vec<i64>>,
}

/// Creates (no carId) or edits a vehicle: plate, VIN, kind, axle layout (wheel positions are
/// created or reconciled), trailer, group, drivers; a new vehicle also gets its live-state
/// row. Answers the vehicle's detail.
#[utoipa::path(post, path = "/web/car/updateCarInfo", tag = "vehicle",
    security(("x-token" = [])), request_body = UpdateCarRequest,
    responses((status = 200, body = Envelope<VehicleDetail>)))]
async fn update_car_info(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<UpdateCarRequest>,
) -> ApiResult<VehicleDetail> {
    let input = VehicleInput {
        id: req.car_id,
        enterprise_id: req.ent_id,
        plate: req.plate,
        vin: req.vin,
        kind: req.kind,
        axle_layout: req.axle_layout,
        trailer_id: req.trailer_id,
        brand_id: req.brand_id,
        series_id: req.series_id,
        class_id: req.class_id,
        device_type_id: req.device_type_id,
        head_img_url: req.head_img_url,
        install_state: req.install_state,
        power_supply: req.power_supply,
        recharge: req.recharge,
        remark: req.remark,
        group_id: req.group_id,
        driver_ids: req.driver_ids,
    };
    let id = records::save(&state.db, &scope, input).await?;
    Ok(ApiOk(records::detail(&state.db, &scope, id).await?))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CarIdsRequest {
    #[serde(alias = "car_ids", alias = "ids")]
    pub car_ids: Vec<i64>,
}

/// How many rows a batch call changed.
#[derive(Debug, Serialize, ToSchema)]
pub struct Affected {
    pub affected: u64,
}

/// Deletes vehicles, all or none. Their wheels, state, follows, driver links and settings go
/// with them; receivers and sensors are unbound (kept); trailers they pull are unhitched.
#[utoipa::path(post, path = "/web/car/delCar", tag = "vehicle",
    security(("x-token" = [])), request_body = CarIdsRequest,
    responses((status = 200, body = Envelope<Affected>)))]
async fn del_car(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<CarIdsRequest>,
) -> ApiResult<Affected> {
    let affected = records::delete(&state.db, &scope, &req.car_ids).await?;
    Ok(ApiOk(Affected { affected }))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UpdatePlateRequest {
    #[serde(alias = "car_id", alias = "id")]
    car_id: i64,
    plate: String,
}

/// Renames a vehicle; the plate (trimmed, upper-cased) stays unique platform-wide.
#[utoipa::path(post, path = "/web/car/updatePlate", tag = "vehicle",
    security(("x-token" = [])), request_body = UpdatePlateRequest,
    responses((status = 200, body = Envelope<Value>)))]
async fn update_plate(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<UpdatePlateRequest>,
) -> ApiResult<Value> {
    let plate = records::rename(&state.db, &scope, req.car_id, &req.plate).await?;
    Ok(ApiOk(json!({ "carId": req.car_id, "plate": plate })))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UpdateImeiRequest {
    #[serde(alias = "car_id", alias = "id")]
    car_id: i64,
    /// A receiver of the vehicle's enterprise not bound elsewhere; empty unbinds.
    #[serde(default)]
    imei: String,
}

/// Binds a receiver (by IMEI) to the vehicle, replacing its current one (one receiver per
/// vehicle); an empty imei unbinds. Answers the bound device id (null when unbound).
#[utoipa::path(post, path = "/web/car/updateImei", tag = "vehicle",
    security(("x-token" = [])), request_body = UpdateImeiRequest,
    responses((status = 200, body = Envelope<Value>)))]
async fn update_imei(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<UpdateImeiRequest>,
) -> ApiResult<Value> {
    let device = records::bind_receiver(&state.db, &scope, req.car_id, &req.imei).await?;
    Ok(ApiOk(json!({ "carId": req.car_id, "deviceId": device })))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TransferRequest {
    #[serde(alias = "car_ids", alias = "ids")]
    car_ids: Vec<i64>,
    /// The enterprise receiving them (one the caller may act for).
    #[serde(alias = "toEntId", alias = "ent_id", alias = "targetEntId")]
    ent_id: i64,
}

/// Moves vehicles, with their receivers, repeaters and sensors, to another enterprise the
/// caller may act for, in one transaction (group assignments and driver links of the old
/// enterprise are dropped).
#[utoipa::path(post, path = "/web/car/transfer", tag = "vehicle",
    security(("x-token" = [])), request_body = TransferRequest,
    responses((status = 200, body = Envelope<Affected>)))]
async fn transfer(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<TransferRequest>,
) -> ApiResult<Affected> {
    let affected = records::transfer(&state.db, &scope, &req.car_ids, req.ent_id).await?;
    Ok(ApiOk(Affected { affected }))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SetInstallRequest {
    #[serde(alias = "car_ids", alias = "ids")]
    car_ids: Vec<i64>,
    /// 0 not installed, 1 installed, 2 installing.
    #[serde(alias = "install_state", alias = "state")]
    install_state: i16,
}

/// Sets the install state of vehicles.
#[utoipa::path(post, path = "/web/car/set_install", tag = "vehicle",
    security(("x-token" = [])), request_body = SetInstallRequest,
    responses((status = 200, body = Envelope<Affected>)))]
async fn set_install(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<SetInstallRequest>,
) -> ApiResult<Affected> {
    let affected = records::set_install(&state.db, &scope, &req.car_ids, req.install_state).await?;
    Ok(ApiOk(Affected { affected }))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AttentionRequest {
    #[serde(alias = "car_id", alias = "id")]
    car_id: i64,
    /// true follows, false stops following.
    #[serde(alias = "follow")]
    attention: bool,
}

/// Follows or stops following a vehicle (for the caller); answers `{carId, attention}`.
#[utoipa::path(post, path = "/web/car/attention", tag = "vehicle",
    security(("x-token" = [])), request_body = AttentionRequest,
    responses((status = 200, body = Envelope<Value>)))]
async fn attention(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<AttentionRequest>,
) -> ApiResult<Value> {
    let on = records::follow(&state.db, &scope, req.car_id, req.attention).await?;
    Ok(ApiOk(json!({ "carId": req.car_id, "attention": on })))
}

/// The wheel positions of a vehicle with their sensors and latest readings (bar, °C, %).
#[utoipa::path(post, path = "/web/car/getSensor", tag = "vehicle",
    security(("x-token" = [])), request_body = CarIdRequest,
    responses((status = 200, body = Envelope<Vec<WheelOut>>)))]
async fn get_sensor(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<CarIdRequest>,
) -> ApiResult<Vec<WheelOut>> {
    domain::vehicle::find(&state.db, &scope, req.car_id).await?;
    Ok(ApiOk(records::wheels(&state.db, req.car_id).await?))
}

/// A vehicle's axle layout, axle by axle with its wheel positions.
#[utoipa::path(post, path = "/web/car/axle_list", tag = "vehicle",
    security(("x-token" = [])), request_body = CarIdRequest,
    responses((status = 200, body = Envelope<AxleLayout>)))]
async fn axle_list(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<CarIdRequest>,
) -> ApiResult<AxleLayout> {
    Ok(ApiOk(
        records::axle_list(&state.db, &scope, req.car_id).await?,
    ))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AxleChangeRequest {
    #[serde(alias = "car_id", alias = "id")]
    car_id: i64,
    /// e.g. "2,4,4".
    #[serde(alias = "axle_layout", alias = "axle")]
    axle_layout: String,
}

/// Changes a vehicle's axle layout: wheel positions no longer there go (their sensors lose
/// their place), new ones are added, unchanged ones keep their readings.
#[utoipa::path(post, path = "/web/car/axle/change", tag = "vehicle",
    security(("x-token" = [])), request_body = AxleChangeRequest,
    responses((status = 200, body = Envelope<AxleLayout>)))]
async fn axle_change(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<AxleChangeRequest>,
) -> ApiResult<AxleLayout> {
    Ok(ApiOk(
        records::change_axles(&state.db, &scope, req.car_id, &req.axle_layout).await?,
    ))
}

/// The members (users) responsible for a vehicle; phones masked.
#[utoipa::path(post, path = "/web/car/correlation/user", tag = "vehicle",
    security(("x-token" = [])), request_body = CarIdRequest,
    responses((status = 200, body = Envelope<Vec<MemberOut>>)))]
async fn correlation_user(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<CarIdRequest>,
) -> ApiResult<Vec<MemberOut>> {
    Ok(ApiOk(
        records::members(&state.db, &scope, req.car_id).await?,
    ))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SetMembersRequest {
    #[serde(alias = "car_id", alias = "id")]
    car_id: i64,
    /// Members of the vehicle's enterprise; replaces the current set.
    #[serde(alias = "user_ids", alias = "uids")]
    user_ids: Vec<i64>,
}

/// Sets the members responsible for a vehicle (each a member of its enterprise).
#[utoipa::path(post, path = "/web/car/correlation/set_user", tag = "vehicle",
    security(("x-token" = [])), request_body = SetMembersRequest,
    responses((status = 200, body = Envelope<Vec<MemberOut>>)))]
async fn correlation_set_user(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<SetMembersRequest>,
) -> ApiResult<Vec<MemberOut>> {
    Ok(ApiOk(
        records::set_members(&state.db, &scope, req.car_id, &req.user_ids).await?,
    ))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UpModelIdRequest {
    #[serde(alias = "car_ids", alias = "ids")]
    car_ids: Vec<i64>,
    #[serde(default)]
    brand_id: Option<i64>,
    #[serde(default)]
    series_id: Option<i64>,
    #[serde(default)]
    class_id: Option<i64>,
}

/// Gives vehicles a brand, series and class from the catalogue, all or none (each must be one
/// the caller sees; the series of the brand; 0 clears). A class also sets the vehicle image.
#[utoipa::path(post, path = "/web/car/upModelId", tag = "vehicle",
    security(("x-token" = [])), request_body = UpModelIdRequest,
    responses((status = 200, body = Envelope<Affected>)))]
async fn up_model_id(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<UpModelIdRequest>,
) -> ApiResult<Affected> {
    let pick = ModelPick {
        brand_id: req.brand_id,
        series_id: req.series_id,
        class_id: req.class_id,
    };
    let affected = records::set_model(&state.db, &scope, &req.car_ids, pick).await?;
    Ok(ApiOk(Affected { affected }))
}
