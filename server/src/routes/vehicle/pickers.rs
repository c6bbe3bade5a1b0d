//! Pickers: enterprises to choose from, and the catalogue of vehicle pictures.

use crate::extract::Scoped;
use crate::routes::declare::Declare;
use crate::state::AppState;
use axum::extract::State;
use domain::vehicle::pickers::{self, FirmOut, VehiclePicture};
use kernel::error::{ApiOk, ApiResult, Envelope};
use serde::Deserialize;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .read(routes!(search_firms))
        .read(routes!(get_picture))
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
        pickers::search_firms(&state.db, &scope, &req.keyword).await?,
    ))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct NoFields {}

/// The vehicle images (about a dozen) by deviceTypeId, names in the request's language.
#[utoipa::path(post, path = "/web/car/getPicture", tag = "vehicle",
    security(("x-token" = [])), request_body = NoFields,
    responses((status = 200, body = Envelope<Vec<VehiclePicture>>)))]
async fn get_picture(Scoped(_scope, _req): Scoped<NoFields>) -> ApiResult<Vec<VehiclePicture>> {
    Ok(ApiOk(pickers::pictures()))
}
