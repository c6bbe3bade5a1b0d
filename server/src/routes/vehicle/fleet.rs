//! The fleet as the console sees it: the map's `watchList4`, the counters (`statistics`) and the fleet list.

use crate::extract::Scoped;
use crate::routes::declare::Declare;
use crate::state::AppState;
use axum::extract::State;
use axum::http::{HeaderMap, header};
use axum::response::{IntoResponse, Response};
use domain::vehicle::fleet::{
    FleetFeed, FleetFilter, FleetStatistics, ListFilter, SortField, SortOrder, StateFilter,
    VehicleRow,
};
use domain::vehicle::snapshot::{FeedAnswer, FeedRequest};
use kernel::error::{ApiGzipOk, ApiOk, ApiRawOk, ApiResult, Envelope};
use kernel::paging::{PageQuery, PageResult};
use serde::Deserialize;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .read(routes!(watch_list))
        .read(routes!(statistics))
        .read(routes!(list))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WatchListRequest {
    /// Only this enterprise's vehicles (default: every vehicle in scope).
    #[serde(default, alias = "ent_id", alias = "enterpriseId")]
    ent_id: Option<i64>,
    /// Only the vehicles this member is responsible for (correlation/user).
    #[serde(default)]
    uid: Option<i64>,
    /// 0 (default): every key; 1: the map subset (keys marked * in docs/fleet-data.md).
    #[serde(default, rename = "data_volume", alias = "dataVolume")]
    data_volume: u8,
    /// The `version` of an earlier answer: only what changed after it (a delta), or the whole
    /// feed when that cannot be told.
    #[serde(default)]
    since: Option<String>,
}

/// The map feed: every vehicle in scope with abbreviated keys (docs/fleet-data.md: `i` carId,
/// `p` plate, `o` offline, `gp` {t, la, lo, s, ad, di}, `ta` tp_abnormal …; a flag is present
/// only when set), the caller's followed vehicles (`followed`) and the `version` it reflects.
/// With `since` (a version held), only the vehicles changed after it and the ids `removed`
/// (`delta: true`), or the whole feed when the version is unknown here. Offline = no report
/// for 30 minutes or never. Served from the in-memory fleet snapshot; the whole feed is sent
/// gzip-compressed when the client accepts gzip.
#[utoipa::path(post, path = "/web/car/watchList4", tag = "vehicle",
    security(("x-token" = [])), request_body = WatchListRequest,
    responses((status = 200, body = Envelope<FleetFeed>)))]
async fn watch_list(
    State(state): State<AppState>,
    headers: HeaderMap,
    Scoped(scope, req): Scoped<WatchListRequest>,
) -> Result<Response, kernel::error::AppError> {
    if req.data_volume > 1 {
        return Err(kernel::error::AppError::fail(kernel::text!(
            "data_volume 须为 0 或 1",
            "data_volume must be 0 or 1"
        )));
    }
    let request = FeedRequest {
        filter: FleetFilter {
            enterprise_id: req.ent_id,
            member_id: req.uid,
        },
        full: req.data_volume == 0,
        since: req.since,
    };
    let gzip = headers
        .get(header::ACCEPT_ENCODING)
        .and_then(|v| v.to_str().ok())
        .is_some_and(kernel::gzip::accepted);
    Ok(match state.fleet.watch_list(&scope, request, gzip).await? {
        FeedAnswer::Gzip(body) => ApiGzipOk(body).into_response(),
        FeedAnswer::Json(data) => ApiRawOk(data).into_response(),
    })
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StatisticsRequest {
    /// Only this enterprise's vehicles (default: every vehicle in scope).
    #[serde(default, alias = "ent_id", alias = "enterpriseId")]
    ent_id: Option<i64>,
}

/// Vehicle counts by state over the map's fleet: all, alarm, offline, online, driving (online
/// and moving), parked, followed (by the caller), notInstalled, closed.
#[utoipa::path(post, path = "/web/car/statistics", tag = "vehicle",
    security(("x-token" = [])), request_body = StatisticsRequest,
    responses((status = 200, body = Envelope<FleetStatistics>)))]
async fn statistics(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<StatisticsRequest>,
) -> ApiResult<FleetStatistics> {
    let filter = FleetFilter {
        enterprise_id: req.ent_id,
        member_id: None,
    };
    Ok(ApiOk(state.fleet.statistics(&scope, filter).await?))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CarListRequest {
    #[serde(flatten)]
    page: PageQuery,
    /// Plate or VIN contains it (case ignored).
    #[serde(default, alias = "plate")]
    keyword: Option<String>,
    #[serde(default, alias = "ent_id", alias = "enterpriseId")]
    ent_id: Option<i64>,
    #[serde(default, alias = "group_id")]
    group_id: Option<i64>,
    /// 0 tractor/truck, 1 trailer, 2 bus, 3 other.
    #[serde(default)]
    kind: Option<i16>,
    /// 0 not installed, 1 installed, 2 installing.
    #[serde(default, alias = "install_state")]
    install_state: Option<i16>,
    /// alarm, offline, online, driving, followed or notInstalled.
    #[serde(default)]
    state: Option<StateFilter>,
    /// id (default), plate, created, finalTime or installState.
    #[serde(default)]
    sort: SortField,
    /// asc or desc (default).
    #[serde(default)]
    order: SortOrder,
}

/// The vehicle list: filtered, sorted (ties broken by id, so pages are stable), paged.
#[utoipa::path(post, path = "/web/car/list", tag = "vehicle",
    security(("x-token" = [])), request_body = CarListRequest,
    responses((status = 200, body = Envelope<PageResult<VehicleRow>>)))]
async fn list(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<CarListRequest>,
) -> ApiResult<PageResult<VehicleRow>> {
    let filter = ListFilter {
        fleet: FleetFilter {
            enterprise_id: req.ent_id,
            member_id: None,
        },
        keyword: req.keyword,
        group_id: req.group_id,
        kind: req.kind,
        install_state: req.install_state,
        state: req.state,
        sort: req.sort,
        order: req.order,
    };
    Ok(ApiOk(state.fleet.list(&scope, filter, req.page).await?))
}
