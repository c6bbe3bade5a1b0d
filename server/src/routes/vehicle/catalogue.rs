//! Catalogues: car brands and series, vehicle classes, tyre brands and tyre models. Platform-
//! wide entries (`entId` null) are edited by platform staff only; see
//! [`services::vehicle::catalogue`](domain::vehicle::catalogue).

use axum::extract::State;
use entities::tyre;
use serde::Deserialize;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::routes::declare::Declare;

use crate::extract::Scoped;
use crate::state::AppState;
use domain::vehicle::catalogue::{
    self, CarBrandInput, CarBrandRow, CarClassInput, CarClassRow, CarSeriesInput, CarTypeHit,
    SeriesRow, TyreBrandInput, TyreBrandRow, TyreFilter, TyreInput, TyreRow,
};
use kernel::error::{ApiOk, ApiResult, Envelope};
use kernel::paging::{PageQuery, PageResult};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .write(routes!(in_up_car_brands))
        .write(routes!(in_up_car_series))
        .read(routes!(car_class))
        .write(routes!(in_up_car_class))
        .read(routes!(car_brand_all))
        .read(routes!(car_series_all))
        .write(routes!(in_up_tyre_brands))
        .write(routes!(in_up_tyre))
        .read(routes!(tyre_brand_all))
        .read(routes!(grain_size))
        .read(routes!(spec))
        .write(routes!(del_tyre))
        .write(routes!(del_brand))
        .read(routes!(tyre_list))
        .read(routes!(search_car_type))
}

/// A name filter.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct KeywordRequest {
    /// Part of the name.
    #[serde(default, alias = "name")]
    keyword: Option<String>,
}

/// Ids to delete (all or none).
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DeleteRequest {
    /// One id, or `ids` for several.
    #[serde(default, alias = "ID")]
    id: Option<i64>,
    #[serde(default)]
    ids: Vec<i64>,
}

impl DeleteRequest {
    fn all(&self) -> Vec<i64> {
        self.id
            .into_iter()
            .chain(self.ids.iter().copied())
            .collect()
    }
}

/// Creates (no `id`), edits or deletes (`delete: true`) a car brand; answers every brand
/// the caller sees with its series.
#[utoipa::path(post, path = "/web/carType/inUpCarBrands", tag = "vehicle",
    security(("x-token" = [])), request_body = CarBrandInput,
    responses((status = 200, body = Envelope<Vec<CarBrandRow>>)))]
async fn in_up_car_brands(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<CarBrandInput>,
) -> ApiResult<Vec<CarBrandRow>> {
    Ok(ApiOk(
        catalogue::save_car_brand(&state.db, &scope, req).await?,
    ))
}

/// Creates (no `id`), edits or deletes (`delete: true`) a car series; answers the brand's
/// series.
#[utoipa::path(post, path = "/web/carType/inUpCarSeries", tag = "vehicle",
    security(("x-token" = [])), request_body = CarSeriesInput,
    responses((status = 200, body = Envelope<Vec<SeriesRow>>)))]
async fn in_up_car_series(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<CarSeriesInput>,
) -> ApiResult<Vec<SeriesRow>> {
    Ok(ApiOk(
        catalogue::save_car_series(&state.db, &scope, req).await?,
    ))
}

/// Vehicle classes (tractor, trailer, bus …) with their default axle layout and image.
#[utoipa::path(post, path = "/web/carType/carClass", tag = "vehicle",
    security(("x-token" = [])), request_body = KeywordRequest,
    responses((status = 200, body = Envelope<Vec<CarClassRow>>)))]
async fn car_class(
    State(state): State<AppState>,
    Scoped(scope, _req): Scoped<KeywordRequest>,
) -> ApiResult<Vec<CarClassRow>> {
    Ok(ApiOk(catalogue::car_classes(&state.db, &scope).await?))
}

/// Creates (no `id`), edits or deletes (`delete: true`) a vehicle class; answers the classes.
#[utoipa::path(post, path = "/web/carType/inUpCarClass", tag = "vehicle",
    security(("x-token" = [])), request_body = CarClassInput,
    responses((status = 200, body = Envelope<Vec<CarClassRow>>)))]
async fn in_up_car_class(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<CarClassInput>,
) -> ApiResult<Vec<CarClassRow>> {
    Ok(ApiOk(
        catalogue::save_car_class(&state.db, &scope, req).await?,
    ))
}

/// Every car brand the caller sees, each with its series.
#[utoipa::path(post, path = "/web/carType/carBrandAll", tag = "vehicle",
    security(("x-token" = [])), request_body = KeywordRequest,
    responses((status = 200, body = Envelope<Vec<CarBrandRow>>)))]
async fn car_brand_all(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<KeywordRequest>,
) -> ApiResult<Vec<CarBrandRow>> {
    Ok(ApiOk(
        catalogue::car_brands(&state.db, &scope, req.keyword.as_deref()).await?,
    ))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BrandRequest {
    #[serde(alias = "brand_id", alias = "id")]
    brand_id: i64,
}

/// The series of a car brand.
#[utoipa::path(post, path = "/web/carType/carSeriesAll", tag = "vehicle",
    security(("x-token" = [])), request_body = BrandRequest,
    responses((status = 200, body = Envelope<Vec<SeriesRow>>)))]
async fn car_series_all(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<BrandRequest>,
) -> ApiResult<Vec<SeriesRow>> {
    Ok(ApiOk(
        catalogue::car_series_of(&state.db, &scope, req.brand_id).await?,
    ))
}

/// Creates (no `id`) or edits a tyre brand; answers every tyre brand the caller sees.
#[utoipa::path(post, path = "/web/tyre/inUpTyreBrands", tag = "vehicle",
    security(("x-token" = [])), request_body = TyreBrandInput,
    responses((status = 200, body = Envelope<Vec<TyreBrandRow>>)))]
async fn in_up_tyre_brands(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<TyreBrandInput>,
) -> ApiResult<Vec<TyreBrandRow>> {
    Ok(ApiOk(
        catalogue::save_tyre_brand(&state.db, &scope, req).await?,
    ))
}

/// Creates (no `id`) or edits a tyre model (brand, model, size, tread pattern, depth,
/// standard pressure).
#[utoipa::path(post, path = "/web/tyre/inUpTyre", tag = "vehicle",
    security(("x-token" = [])), request_body = TyreInput,
    responses((status = 200, body = Envelope<TyreRow>)))]
async fn in_up_tyre(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<TyreInput>,
) -> ApiResult<TyreRow> {
    Ok(ApiOk(catalogue::save_tyre(&state.db, &scope, req).await?))
}

/// Every tyre brand the caller sees, with its number of tyre models.
#[utoipa::path(post, path = "/web/tyre/tyreBrandAll", tag = "vehicle",
    security(("x-token" = [])), request_body = KeywordRequest,
    responses((status = 200, body = Envelope<Vec<TyreBrandRow>>)))]
async fn tyre_brand_all(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<KeywordRequest>,
) -> ApiResult<Vec<TyreBrandRow>> {
    Ok(ApiOk(
        catalogue::tyre_brands(&state.db, &scope, req.keyword.as_deref()).await?,
    ))
}

/// The tread patterns in use among the tyre models the caller sees (optionally of a brand
/// or size), sorted.
#[utoipa::path(post, path = "/web/tyre/grainSize", tag = "vehicle",
    security(("x-token" = [])), request_body = TyreFilter,
    responses((status = 200, body = Envelope<Vec<String>>)))]
async fn grain_size(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<TyreFilter>,
) -> ApiResult<Vec<String>> {
    Ok(ApiOk(
        catalogue::tyre_values(&state.db, &scope, &req, tyre::Column::Grain).await?,
    ))
}

/// The tyre sizes (e.g. 295/80R22.5) among the tyre models the caller sees (optionally of a
/// brand or tread pattern), sorted.
#[utoipa::path(post, path = "/web/tyre/spec", tag = "vehicle",
    security(("x-token" = [])), request_body = TyreFilter,
    responses((status = 200, body = Envelope<Vec<String>>)))]
async fn spec(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<TyreFilter>,
) -> ApiResult<Vec<String>> {
    Ok(ApiOk(
        catalogue::tyre_values(&state.db, &scope, &req, tyre::Column::Spec).await?,
    ))
}

/// Deletes tyre models (all or none); refused while a wheel position carries one.
#[utoipa::path(post, path = "/web/tyre/delTyre", tag = "vehicle",
    security(("x-token" = [])), request_body = DeleteRequest,
    responses((status = 200, body = Envelope<serde_json::Value>)))]
async fn del_tyre(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<DeleteRequest>,
) -> ApiResult<serde_json::Value> {
    catalogue::delete_tyres(&state.db, &scope, &req.all()).await?;
    Ok(ApiOk(serde_json::json!({})))
}

/// Deletes tyre brands (all or none); refused while the brand has tyre models.
#[utoipa::path(post, path = "/web/tyre/delBrand", tag = "vehicle",
    security(("x-token" = [])), request_body = DeleteRequest,
    responses((status = 200, body = Envelope<serde_json::Value>)))]
async fn del_brand(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<DeleteRequest>,
) -> ApiResult<serde_json::Value> {
    catalogue::delete_tyre_brands(&state.db, &scope, &req.all()).await?;
    Ok(ApiOk(serde_json::json!({})))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TyreListRequest {
    #[serde(flatten)]
    page: PageQuery,
    #[serde(flatten)]
    filter: TyreFilter,
}

/// Tyre models the caller sees, paged (brand, model), filtered by brand, model name, size and
/// tread pattern.
#[utoipa::path(post, path = "/web/tyre/tyre_list", tag = "vehicle",
    security(("x-token" = [])), request_body = TyreListRequest,
    responses((status = 200, body = Envelope<PageResult<TyreRow>>)))]
async fn tyre_list(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<TyreListRequest>,
) -> ApiResult<PageResult<TyreRow>> {
    Ok(ApiOk(
        catalogue::tyres(&state.db, &scope, &req.filter, req.page).await?,
    ))
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
