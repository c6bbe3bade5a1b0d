//! Trailers and drop-and-hook: hitching and swapping, the trailer list and a trailer's use.

use crate::extract::Scoped;
use crate::routes::declare::Declare;
use crate::state::AppState;
use axum::extract::State;
use chrono::{DateTime, Utc};
use domain::vehicle::trailers::{self, Place, SwapFilter, SwapRow, TrailerUsage};
use kernel::error::{ApiOk, ApiResult, Envelope};
use kernel::paging::{PageQuery, PageResult};
use serde::Deserialize;
use serde_json::{Value, json};
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .write(routes!(trailer_change))
        .write(routes!(exchange_trailer))
        .read(routes!(trailer_list))
        .read(routes!(analyse_trailer))
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
