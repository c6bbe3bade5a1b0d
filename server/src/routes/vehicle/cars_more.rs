//! Trailers and drop-and-hook (trailer swaps), drivers, swing and device settings, live states
//! of chosen vehicles, docking-platform synchronisation, the demonstration fleet, enterprise
//! pickers and the vehicle image catalogue.

use axum::extract::State;
use chrono::{DateTime, Utc};
use serde::Deserialize;
use serde_json::{Value, json};
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::routes::declare::Declare;

use super::cars::{Affected, CarIdRequest, CarIdsRequest};
use crate::extract::Scoped;
use crate::state::AppState;
use domain::vehicle::catalogue::{self, CarTypeHit, ModelPick};
use domain::vehicle::drivers::{self, DriverFilter, DriverInput, DriverRow};
use domain::vehicle::extras::{self, FirmOut, SwingOut, SyncRow, VehiclePicture, VehicleStateRow};
use domain::vehicle::records;
use domain::vehicle::trailers::{self, Place, SwapFilter, SwapRow, TrailerUsage};
use kernel::error::{ApiOk, ApiResult, Envelope};
use kernel::paging::{PageQuery, PageResult};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .write(routes!(trailer_change))
        .write(routes!(exchange_trailer))
        .read(routes!(trailer_list))
        .read(routes!(analyse_trailer))
        .read(routes!(driver_list))
        .write(routes!(update_driver))
        .write(routes!(set_support_swing))
        .write(routes!(save_swing))
        .read(routes!(get_swing))
        .write(routes!(device_setting))
        .read(routes!(state_list))
        .write(routes!(synchronization))
        .read(routes!(synchronization2))
        .write(routes!(found_demonstration))
        .read(routes!(search_firms))
        .read(routes!(get_picture))
        .read(routes!(search_car_type))
        .write(routes!(up_model_id))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TrailerChangeRequest {
    /// The tractor.
    #[serde(alias = "car_id", alias = "id")]
    car_id: i64,
    /// The trailer to hitch (a trailer of the scope not hitched elsewhere); 0 or absent
    /// unhitches.
    #[serde(default, alias = "trailer_id")]
    trailer_id: Option<i64>,
    /// Where it happened, when known.
    #[serde(default)]
    address: String,
    #[serde(default)]
    lat: Option<f64>,
    #[serde(default)]
    lon: Option<f64>,
}

/// Hitches a trailer to a tractor, swaps it for the one hitched, or unhitches (trailerId 0);
/// every change is recorded as a trailer swap (who, when, from, to, where).
#[utoipa::path(post, path = "/web/car/trailerChange", tag = "vehicle",
    security(("x-token" = [])), request_body = TrailerChangeRequest,
    responses((status = 200, body = Envelope<Value>)))]
async fn trailer_change(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<TrailerChangeRequest>,
) -> ApiResult<Value> {
    let place = Place {
        address: req.address,
        lat: req.lat,
        lon: req.lon,
    };
    trailers::change(&state.db, &scope, req.car_id, req.trailer_id, place).await?;
    Ok(ApiOk(json!({})))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ExchangeTrailerRequest {
    /// One tractor.
    #[serde(alias = "car_id", alias = "id")]
    car_id: i64,
    /// The other tractor.
    #[serde(alias = "other_car_id", alias = "exchangeCarId")]
    other_car_id: i64,
    #[serde(default)]
    address: String,
    #[serde(default)]
    lat: Option<f64>,
    #[serde(default)]
    lon: Option<f64>,
}

/// Two tractors exchange their trailers (drop-and-hook); each change is recorded.
#[utoipa::path(post, path = "/web/car/exchangeTrailer", tag = "vehicle",
    security(("x-token" = [])), request_body = ExchangeTrailerRequest,
    responses((status = 200, body = Envelope<Value>)))]
async fn exchange_trailer(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<ExchangeTrailerRequest>,
) -> ApiResult<Value> {
    let place = Place {
        address: req.address,
        lat: req.lat,
        lon: req.lon,
    };
    trailers::exchange(&state.db, &scope, req.car_id, req.other_car_id, place).await?;
    Ok(ApiOk(json!({})))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TrailerListRequest {
    #[serde(flatten)]
    page: PageQuery,
    #[serde(default, alias = "ent_id", alias = "enterpriseId")]
    ent_id: Option<i64>,
    /// Records of this tractor or trailer.
    #[serde(default, alias = "car_id")]
    car_id: Option<i64>,
    /// A tractor or trailer plate contains it.
    #[serde(default)]
    plate: Option<String>,
    /// From this time (inclusive), RFC 3339.
    #[serde(default, alias = "start_time")]
    start_time: Option<DateTime<Utc>>,
    /// Up to this time (exclusive), RFC 3339.
    #[serde(default, alias = "end_time")]
    end_time: Option<DateTime<Utc>>,
}

impl TrailerListRequest {
    fn filter(&self) -> SwapFilter {
        SwapFilter {
            enterprise_id: self.ent_id,
            vehicle_id: self.car_id,
            plate: self.plate.clone(),
            from: self.start_time,
            to: self.end_time,
        }
    }
}

/// Trailer swap records (hitch, unhitch, swap), newest first, paged.
#[utoipa::path(post, path = "/web/car/trailerList", tag = "vehicle",
    security(("x-token" = [])), request_body = TrailerListRequest,
    responses((status = 200, body = Envelope<PageResult<SwapRow>>)))]
async fn trailer_list(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<TrailerListRequest>,
) -> ApiResult<PageResult<SwapRow>> {
    Ok(ApiOk(
        trailers::list(&state.db, &scope, &req.filter(), req.page).await?,
    ))
}

/// Per-trailer usage from the swap records in the period: hitches, distinct tractors,
/// seconds spent hitched (an open hitch counts up to now), the tractor pulling it now.
#[utoipa::path(post, path = "/web/car/analyse_trailer", tag = "vehicle",
    security(("x-token" = [])), request_body = TrailerListRequest,
    responses((status = 200, body = Envelope<Vec<TrailerUsage>>)))]
async fn analyse_trailer(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<TrailerListRequest>,
) -> ApiResult<Vec<TrailerUsage>> {
    Ok(ApiOk(
        trailers::analyse(&state.db, &scope, &req.filter()).await?,
    ))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DriverListRequest {
    #[serde(flatten)]
    page: PageQuery,
    #[serde(default, alias = "ent_id", alias = "enterpriseId")]
    ent_id: Option<i64>,
    /// Name, phone or licence contains it.
    #[serde(default, alias = "name")]
    keyword: Option<String>,
    /// Only the drivers of this vehicle.
    #[serde(default, alias = "car_id")]
    car_id: Option<i64>,
    /// Full phone numbers (for the edit dialog); masked otherwise.
    #[serde(default)]
    edit: bool,
}

/// Drivers in scope, newest first, paged; phones masked (first 3, last 4) unless `edit`.
#[utoipa::path(post, path = "/web/car/driverList", tag = "vehicle",
    security(("x-token" = [])), request_body = DriverListRequest,
    responses((status = 200, body = Envelope<PageResult<DriverRow>>)))]
async fn driver_list(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<DriverListRequest>,
) -> ApiResult<PageResult<DriverRow>> {
    let filter = DriverFilter {
        enterprise_id: req.ent_id,
        keyword: req.keyword,
        vehicle_id: req.car_id,
        edit: req.edit,
    };
    Ok(ApiOk(
        drivers::list(&state.db, &scope, filter, req.page).await?,
    ))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UpdateDriverRequest {
    /// The driver to edit; absent or 0 creates one.
    #[serde(default, alias = "ID")]
    id: Option<i64>,
    /// Deletes the drivers `ids` (or `id`) instead.
    #[serde(default)]
    delete: bool,
    #[serde(default)]
    ids: Vec<i64>,
    /// The enterprise of a new driver (default: the acting one).
    #[serde(default, alias = "ent_id", alias = "enterpriseId")]
    ent_id: Option<i64>,
    /// 1–32 characters (required on creation).
    #[serde(default)]
    name: Option<String>,
    #[serde(default)]
    phone: Option<String>,
    #[serde(default)]
    license: Option<String>,
    #[serde(default)]
    remark: Option<String>,
    /// Replaces the vehicles the driver drives (vehicles of the driver's enterprise).
    #[serde(default, alias = "car_ids")]
    car_ids: Option<Vec<i64>>,
}

/// Creates, edits (with the vehicles they drive) or deletes (`delete: true`) drivers.
/// Answers `{id}` or `{affected}`.
#[utoipa::path(post, path = "/web/car/update_driver", tag = "vehicle",
    security(("x-token" = [])), request_body = UpdateDriverRequest,
    responses((status = 200, body = Envelope<Value>)))]
async fn update_driver(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<UpdateDriverRequest>,
) -> ApiResult<Value> {
    if req.delete {
        let mut ids = req.ids;
        ids.extend(req.id);
        let affected = drivers::delete(&state.db, &scope, &ids).await?;
        return Ok(ApiOk(json!({ "affected": affected })));
    }
    let input = DriverInput {
        id: req.id,
        enterprise_id: req.ent_id,
        name: req.name,
        phone: req.phone,
        license: req.license,
        remark: req.remark,
        car_ids: req.car_ids,
    };
    let id = drivers::save(&state.db, &scope, input).await?;
    Ok(ApiOk(json!({ "id": id })))
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
        extras::set_support_swing(&state.db, &scope, &req.car_ids, req.support_swing).await?;
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
        extras::save_swing(&state.db, &scope, req.car_id, req.support_swing, req.swing).await?,
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
        extras::get_swing(&state.db, &scope, req.car_id).await?,
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
        extras::device_setting(&state.db, &scope, req.car_id, req.setting).await?,
    ))
}

/// The live states of the named vehicles (those in scope, at most 500).
#[utoipa::path(post, path = "/web/car/state_list", tag = "vehicle",
    security(("x-token" = [])), request_body = CarIdsRequest,
    responses((status = 200, body = Envelope<Vec<VehicleStateRow>>)))]
async fn state_list(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<CarIdsRequest>,
) -> ApiResult<Vec<VehicleStateRow>> {
    Ok(ApiOk(
        extras::states(&state.db, &scope, &req.car_ids).await?,
    ))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SyncRequest {
    #[serde(default, alias = "ent_id", alias = "enterpriseId")]
    ent_id: Option<i64>,
    /// The docking platform (0 none, 1 fleet-management platform, 2 logistics app, 3–13
    /// named carriers and tyre-service firms).
    #[serde(default)]
    platform: i16,
}

/// Synchronises the enterprise's vehicles with its docking platform: records the vehicles
/// reported and what changed since the previous synchronisation (added / removed plates,
/// vehicles without a receiver). No external call is made here.
#[utoipa::path(post, path = "/web/car/synchronization", tag = "vehicle",
    security(("x-token" = [])), request_body = SyncRequest,
    responses((status = 200, body = Envelope<SyncRow>)))]
async fn synchronization(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<SyncRequest>,
) -> ApiResult<SyncRow> {
    Ok(ApiOk(
        extras::synchronize(&state.db, &scope, req.ent_id, req.platform).await?,
    ))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SyncListRequest {
    #[serde(flatten)]
    page: PageQuery,
    #[serde(default, alias = "ent_id", alias = "enterpriseId")]
    ent_id: Option<i64>,
}

/// The synchronisation records in scope (what each synchronisation reported), newest first.
#[utoipa::path(post, path = "/web/car/synchronization2", tag = "vehicle",
    security(("x-token" = [])), request_body = SyncListRequest,
    responses((status = 200, body = Envelope<PageResult<SyncRow>>)))]
async fn synchronization2(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<SyncListRequest>,
) -> ApiResult<PageResult<SyncRow>> {
    Ok(ApiOk(
        extras::sync_records(&state.db, &scope, req.ent_id, req.page).await?,
    ))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DemoRequest {
    /// Default: the acting enterprise.
    #[serde(default, alias = "ent_id", alias = "enterpriseId")]
    ent_id: Option<i64>,
}

/// Creates a demonstration fleet for the enterprise (two tractors pulling two trailers and a
/// bus, plates `DEMO<entId>-<n>`, with wheels and states); refused when it has one. Answers
/// `{carIds}`.
#[utoipa::path(post, path = "/web/car/found_demonstration", tag = "vehicle",
    security(("x-token" = [])), request_body = DemoRequest,
    responses((status = 200, body = Envelope<Value>)))]
async fn found_demonstration(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<DemoRequest>,
) -> ApiResult<Value> {
    let ids = extras::found_demonstration(&state.db, &scope, req.ent_id).await?;
    Ok(ApiOk(json!({ "carIds": ids })))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SearchFirmsRequest {
    /// Name contains it (case ignored); empty lists the first 50.
    #[serde(default, alias = "name", alias = "entName")]
    keyword: String,
}

/// Enterprises in scope whose name contains the keyword (at most 50), for pickers.
#[utoipa::path(post, path = "/web/car/searchFirms", tag = "vehicle",
    security(("x-token" = [])), request_body = SearchFirmsRequest,
    responses((status = 200, body = Envelope<Vec<FirmOut>>)))]
async fn search_firms(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<SearchFirmsRequest>,
) -> ApiResult<Vec<FirmOut>> {
    Ok(ApiOk(
        extras::search_firms(&state.db, &scope, &req.keyword).await?,
    ))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct NoFields {}

/// The vehicle images (about a dozen) by deviceTypeId, names in the request's language.
#[utoipa::path(post, path = "/web/car/getPicture", tag = "vehicle",
    security(("x-token" = [])), request_body = NoFields,
    responses((status = 200, body = Envelope<Vec<VehiclePicture>>)))]
async fn get_picture(Scoped(_scope, _req): Scoped<NoFields>) -> ApiResult<Vec<VehiclePicture>> {
    Ok(ApiOk(extras::pictures()))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SearchCarTypeRequest {
    /// Name contains it (case ignored); empty lists the first of each kind.
    #[serde(default, alias = "name")]
    keyword: String,
}

/// Car brands, series (with their brand) and classes the caller sees whose name contains the
/// keyword, at most 50 of each: the vehicle form's model picker.
#[utoipa::path(post, path = "/web/car/searchCarType", tag = "vehicle",
    security(("x-token" = [])), request_body = SearchCarTypeRequest,
    responses((status = 200, body = Envelope<Vec<CarTypeHit>>)))]
async fn search_car_type(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<SearchCarTypeRequest>,
) -> ApiResult<Vec<CarTypeHit>> {
    Ok(ApiOk(
        catalogue::search_car_types(&state.db, &scope, &req.keyword).await?,
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
