//! Area `track` (issue 16): points of interest and geofences, routes, day tracks and
//! long-range analyses, fragments, uploads. The rules are in `domain::track`; see
//! docs/tracks.md.

use axum::extract::{DefaultBodyLimit, Multipart, State};
use chrono::NaiveDate;
use domain::track::charging::{self, ChargingAnalysis};
use domain::track::fragments::{self, FragmentRun, Rebuild};
use domain::track::pois::{
    self, MapPois, Nearby, NearbyDispose, NearbyOrders, PoiInput, PoiRow, PoiSearch, Viewport,
};
use domain::track::routes::{
    self, AssignInput, GenerateNodes, GeneratedNodes, RouteFilter, RouteInput, RouteRow,
};
use domain::track::tracks::{self, AnalyseQuery, DayTrack, DayTrackQuery, TrackAnalysis};
use domain::track::uploads::{self, TrackUploaded, UploadMeta};
use domain::vehicle::history::TimeRange;
use domain::vehicle::mileage::DayRange;
use ingestion::drive::{self, DriveRequest, DriveStarted};
use kernel::error::{ApiOk, ApiResult, AppError, Envelope};
use kernel::paging::{PageQuery, PageResult};
use kernel::text;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::{router::OpenApiRouter, routes};

use super::system::files::{file_bytes, form_error, not_a_form, small_text};
use crate::extract::{Scoped, ScopedQuery, Tenant};
use crate::routes::Empty;
use crate::routes::declare::Declare;
use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .write(routes!(poi_add))
        .write(routes!(poi_delete))
        .read(routes!(poi_search))
        .read(routes!(poi_search_map))
        .read(routes!(poi_polygon))
        .read(routes!(nearby_order))
        .read(routes!(nearby_dispose))
        .read(routes!(route_list))
        .write(routes!(route_add))
        .write(routes!(route_delete))
        .write(routes!(route_assign))
        .read(routes!(generate_nodes))
        .read(routes!(day_track))
        .read(routes!(analyse))
        .write(routes!(rebuild_fragments))
        .read(routes!(charging_analysis))
        .write(routes!(simulated_positioning))
        .merge(
            // The file is read within the upload limit (`uploads.max_bytes`) as it streams.
            OpenApiRouter::new()
                .write(routes!(track_upload))
                .layer(DefaultBodyLimit::disable()),
        )
}

#[derive(Debug, Serialize, ToSchema)]
pub struct Saved {
    id: i64,
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct Ids {
    #[serde(alias = "id")]
    ids: Vec<i64>,
}

// ---- points of interest --------------------------------------------------------------------

/// Adds a point of interest or geofence (a point, a circle or a polygon), or updates it when
/// `id` is given. A polygon whose edges cross is refused.
#[utoipa::path(post, path = "/poi/add", tag = "track", security(("x-token" = [])),
    request_body = PoiInput, responses((status = 200, body = Envelope<Saved>)))]
async fn poi_add(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<PoiInput>,
) -> ApiResult<Saved> {
    Ok(ApiOk(Saved {
        id: pois::save(&state.db, &scope, req).await?,
    }))
}

/// Deletes points of interest: all or none.
#[utoipa::path(post, path = "/poi/deletePoi", tag = "track", security(("x-token" = [])),
    request_body = Ids, responses((status = 200, body = Envelope<Empty>)))]
async fn poi_delete(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<Ids>,
) -> ApiResult<Empty> {
    pois::delete(&state.db, &scope, &req.ids).await?;
    Ok(ApiOk(Empty {}))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct PoiSearchRequest {
    #[serde(flatten)]
    page: PageQuery,
    #[serde(flatten)]
    search: PoiSearch,
}

/// Points of interest by name and types; around `lon`/`lat` within `radius` metres, nearest
/// first, with their distance.
#[utoipa::path(post, path = "/poi/search", tag = "track", security(("x-token" = [])),
    request_body = PoiSearchRequest, responses((status = 200, body = Envelope<PageResult<PoiRow>>)))]
async fn poi_search(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<PoiSearchRequest>,
) -> ApiResult<PageResult<PoiRow>> {
    Ok(ApiOk(
        pois::search(&state.db, &state.pois, &scope, &req.search, req.page).await?,
    ))
}

/// The points of interest of a map viewport (at most `limit`).
#[utoipa::path(post, path = "/poi/searchMap", tag = "track", security(("x-token" = [])),
    request_body = Viewport, responses((status = 200, body = Envelope<MapPois>)))]
async fn poi_search_map(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<Viewport>,
) -> ApiResult<MapPois> {
    Ok(ApiOk(
        pois::in_viewport(&state.db, &state.pois, &scope, &req).await?,
    ))
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct PointQuery {
    lon: f64,
    lat: f64,
}

/// The circles and polygons (geofences) that contain a point, given as query parameters.
#[utoipa::path(post, path = "/geo/poi/polygon", tag = "track", security(("x-token" = [])),
    params(PointQuery), responses((status = 200, body = Envelope<Vec<PoiRow>>)))]
async fn poi_polygon(
    State(state): State<AppState>,
    ScopedQuery(scope, q): ScopedQuery<PointQuery>,
) -> ApiResult<Vec<PoiRow>> {
    Ok(ApiOk(
        pois::containing(&state.db, &state.pois, &scope, [q.lon, q.lat]).await?,
    ))
}

/// Open work orders near a point or an alarm's place, nearest first.
#[utoipa::path(post, path = "/poi/nearby_order", tag = "track", security(("x-token" = [])),
    request_body = Nearby, responses((status = 200, body = Envelope<NearbyOrders>)))]
async fn nearby_order(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<Nearby>,
) -> ApiResult<NearbyOrders> {
    Ok(ApiOk(pois::nearby_orders(&state.db, &scope, &req).await?))
}

/// The nearest repair shops and service areas to a point or an alarm's place, and the
/// technicians whose open orders are nearest.
#[utoipa::path(post, path = "/poi/nearby_dispose", tag = "track", security(("x-token" = [])),
    request_body = Nearby, responses((status = 200, body = Envelope<NearbyDispose>)))]
async fn nearby_dispose(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<Nearby>,
) -> ApiResult<NearbyDispose> {
    Ok(ApiOk(
        pois::nearby_dispose(&state.db, &state.pois, &scope, &req).await?,
    ))
}

// ---- routes --------------------------------------------------------------------------------

#[derive(Debug, Deserialize, ToSchema)]
pub struct RouteListRequest {
    #[serde(flatten)]
    page: PageQuery,
    #[serde(flatten)]
    filter: RouteFilter,
}

/// Routes with their nodes, corridor, length and vehicles, newest first; each vehicle with how
/// it keeps to the route by its latest report (the map's route colours).
#[utoipa::path(post, path = "/route/list", tag = "track", security(("x-token" = [])),
    request_body = RouteListRequest, responses((status = 200, body = Envelope<PageResult<RouteRow>>)))]
async fn route_list(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<RouteListRequest>,
) -> ApiResult<PageResult<RouteRow>> {
    Ok(ApiOk(
        routes::list(
            &state.db,
            state.ingest.places(),
            &scope,
            &req.filter,
            req.page,
        )
        .await?,
    ))
}

/// Adds a route (two or more nodes, a corridor of 10–5000 m), or updates it when `id` is given.
#[utoipa::path(post, path = "/route/add", tag = "track", security(("x-token" = [])),
    request_body = RouteInput, responses((status = 200, body = Envelope<Saved>)))]
async fn route_add(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<RouteInput>,
) -> ApiResult<Saved> {
    Ok(ApiOk(Saved {
        id: routes::save(&state.db, &scope, req).await?,
    }))
}

/// Deletes routes; their vehicles are then on none.
#[utoipa::path(post, path = "/route/delete", tag = "track", security(("x-token" = [])),
    request_body = Ids, responses((status = 200, body = Envelope<Empty>)))]
async fn route_delete(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<Ids>,
) -> ApiResult<Empty> {
    routes::delete(&state.db, &scope, &req.ids).await?;
    Ok(ApiOk(Empty {}))
}

#[derive(Debug, Serialize, ToSchema)]
pub struct Assigned {
    assigned: usize,
}

/// Puts vehicles on a route (off any other), or off every route with `routeId` 0.
#[utoipa::path(post, path = "/route/carAddLine", tag = "track", security(("x-token" = [])),
    request_body = AssignInput, responses((status = 200, body = Envelope<Assigned>)))]
async fn route_assign(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<AssignInput>,
) -> ApiResult<Assigned> {
    Ok(ApiOk(Assigned {
        assigned: routes::assign(&state.db, &scope, &req).await?,
    }))
}

/// Route nodes generated from a drawn line, a vehicle's driven track or an uploaded track,
/// simplified (Douglas–Peucker) at `tolerance` metres.
#[utoipa::path(post, path = "/locus/xapi/route_genRouteNodes_action", tag = "track",
    security(("x-token" = [])), request_body = GenerateNodes,
    responses((status = 200, body = Envelope<GeneratedNodes>)))]
async fn generate_nodes(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<GenerateNodes>,
) -> ApiResult<GeneratedNodes> {
    Ok(ApiOk(
        routes::generate_nodes(&state.db, &scope, &req).await?,
    ))
}

// ---- tracks --------------------------------------------------------------------------------

/// A vehicle's track for one UTC day, simplified at `tolerance` metres, with stops, speeding
/// stretches and where alarms were raised.
#[utoipa::path(post, path = "/web/track/day", tag = "track", security(("x-token" = [])),
    request_body = DayTrackQuery, responses((status = 200, body = Envelope<DayTrack>)))]
async fn day_track(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<DayTrackQuery>,
) -> ApiResult<DayTrack> {
    Ok(ApiOk(tracks::day(&state.db, &scope, &req).await?))
}

/// A vehicle's days over a range of up to 366 days from fragments. More than seven days to
/// build go to a background run: the answer carries `jobId`; ask again with `{jobId}` for the
/// progress, `{jobId, cancel: true}` to stop it.
#[utoipa::path(post, path = "/web/track/analyse", tag = "track", security(("x-token" = [])),
    request_body = AnalyseQuery, responses((status = 200, body = Envelope<TrackAnalysis>)))]
async fn analyse(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<AnalyseQuery>,
) -> ApiResult<TrackAnalysis> {
    Ok(ApiOk(tracks::analyse(&state.db, &scope, &req).await?))
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(rename_all = "camelCase")]
pub struct RebuildQuery {
    /// `true`: list the runs (the generation log) instead of starting one.
    #[serde(default)]
    runs: bool,
    #[serde(default)]
    page: Option<u64>,
    #[serde(default)]
    page_size: Option<u64>,
    /// One vehicle; every vehicle in scope when absent.
    #[serde(default, alias = "carId")]
    vehicle_id: Option<i64>,
    /// First day, `YYYY-MM-DD`.
    #[serde(default, alias = "startDate")]
    start: Option<NaiveDate>,
    /// Last day, `YYYY-MM-DD` (at most 366 days after `start`).
    #[serde(default, alias = "endDate")]
    end: Option<NaiveDate>,
}

/// The generation log, or a rebuild just started.
#[derive(Debug, Serialize, ToSchema)]
#[serde(untagged)]
pub enum RebuildAnswer {
    Started(FragmentRun),
    Runs(PageResult<FragmentRun>),
}

/// Rebuilds the track fragments of one vehicle or of every vehicle in scope over a day range,
/// in the background (the answer is the run, which the generation log follows); with
/// `runs=true`, lists the runs instead.
#[utoipa::path(get, path = "/xtrack/reBuildFragment", tag = "track", security(("x-token" = [])),
    params(RebuildQuery), responses((status = 200, body = Envelope<RebuildAnswer>)))]
async fn rebuild_fragments(
    State(state): State<AppState>,
    ScopedQuery(scope, q): ScopedQuery<RebuildQuery>,
) -> ApiResult<RebuildAnswer> {
    if q.runs {
        let page = PageQuery {
            page: q.page.unwrap_or(1),
            page_size: q.page_size.unwrap_or(kernel::paging::DEFAULT_PAGE_SIZE),
        };
        return Ok(ApiOk(RebuildAnswer::Runs(
            fragments::runs(&state.db, &scope, page).await?,
        )));
    }
    let (Some(start_date), Some(end_date)) = (q.start, q.end) else {
        return Err(AppError::field(
            "start",
            text!(
                "start/end：请给出日期范围（YYYY-MM-DD）",
                "start/end: give the day range (YYYY-MM-DD)"
            ),
        ));
    };
    let rebuild = Rebuild {
        vehicle_id: q.vehicle_id,
        range: DayRange {
            start_date,
            end_date,
        },
    };
    Ok(ApiOk(RebuildAnswer::Started(
        fragments::rebuild(&state.db, &scope, &rebuild).await?,
    )))
}

/// The multipart form of a track upload.
#[derive(ToSchema)]
#[allow(dead_code)]
pub struct TrackUploadForm {
    #[schema(value_type = String, format = Binary)]
    file: Vec<u8>,
    name: Option<String>,
    vehicle_id: Option<i64>,
    route_id: Option<i64>,
    /// `wgs84` (default) or `gcj02`.
    coord: Option<String>,
}

fn id_field(field: &str, value: &str) -> Result<Option<i64>, AppError> {
    let v = value.trim();
    if v.is_empty() {
        return Ok(None);
    }
    v.parse()
        .map(Some)
        .map_err(|_| AppError::field(field, text!("{}：须为数字", "{}: must be a number", field)))
}

/// Uploads a GPX, KML or CSV track (`file`), optionally for a vehicle or a route; answers the
/// points kept and the rows skipped with their reason.
#[utoipa::path(post, path = "/web/amap/track_upload", tag = "track", security(("x-token" = [])),
    request_body(content = TrackUploadForm, content_type = "multipart/form-data"),
    responses((status = 200, body = Envelope<TrackUploaded>)))]
async fn track_upload(
    State(state): State<AppState>,
    Tenant(scope): Tenant,
    form: Result<Multipart, axum::extract::multipart::MultipartRejection>,
) -> ApiResult<TrackUploaded> {
    let mut form = form.map_err(|r| not_a_form(&r))?;
    let limit = state.files.max_bytes();
    let mut meta = UploadMeta::default();
    let mut file: Option<(String, Vec<u8>)> = None;
    while let Some(mut field) = form.next_field().await.map_err(|e| form_error(&e))? {
        match field.name().unwrap_or_default() {
            "file" => {
                let name = field.file_name().unwrap_or_default().to_owned();
                file = Some((name, file_bytes(field, limit).await?));
            }
            "name" => meta.name = Some(small_text(field).await?),
            "vehicleId" | "carId" => {
                meta.vehicle_id = id_field("vehicleId", &small_text(field).await?)?;
            }
            "routeId" => meta.route_id = id_field("routeId", &small_text(field).await?)?,
            "coord" => meta.coord = Some(small_text(field).await?),
            _ => while field.chunk().await.map_err(|e| form_error(&e))?.is_some() {},
        }
    }
    let Some((name, bytes)) = file else {
        return Err(AppError::field(
            "file",
            text!(
                "缺少文件：请把轨迹放在 file 字段",
                "No file: send the track in the `file` field"
            ),
        ));
    };
    Ok(ApiOk(
        uploads::upload(&state.db, &scope, &name, &bytes, &meta).await?,
    ))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ChargingRequest {
    #[serde(alias = "carId", alias = "id")]
    vehicle_id: i64,
    #[serde(flatten)]
    range: TimeRange,
}

/// A vehicle's charging sessions and low-voltage periods over a range (at most 31 days), from
/// the supply voltage its reports carried, with the voltage series.
#[utoipa::path(post, path = "/charging_analysis", tag = "track", security(("x-token" = [])),
    request_body = ChargingRequest, responses((status = 200, body = Envelope<ChargingAnalysis>)))]
async fn charging_analysis(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<ChargingRequest>,
) -> ApiResult<ChargingAnalysis> {
    Ok(ApiOk(
        charging::analyse(&state.db, &scope, req.vehicle_id, req.range).await?,
    ))
}

/// Drives a vehicle's receiver along a route, an upload, a driven range or drawn points through
/// the real ingestion path: as history ending now, or live from now (`live: true`). Platform
/// staff only.
#[utoipa::path(post, path = "/test/simulated_positioning", tag = "track", security(("x-token" = [])),
    request_body = DriveRequest, responses((status = 200, body = Envelope<DriveStarted>)))]
async fn simulated_positioning(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<DriveRequest>,
) -> ApiResult<DriveStarted> {
    Ok(ApiOk(
        drive::simulate(&state.ingest, &state.db, &scope, &req).await?,
    ))
}
