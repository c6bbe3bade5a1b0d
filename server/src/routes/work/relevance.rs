//! Relations between orders, the work plan's calendar, and the look-ups of the order forms.

use axum::extract::State;
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::extract::Scoped;
use crate::routes::declare::Declare;
use crate::state::AppState;
use domain::work::OrderRef;
use domain::work::arrange::{self, ArrangeInput, ArrangeItem};
use domain::work::relevance::{self, RelatedInput, RelatedOrder};
use domain::work::searches::{self, Poi, PoiQuery, Product, ProductQuery};
use kernel::error::{ApiOk, ApiResult, Envelope};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .read(routes!(relevance_list))
        .write(routes!(save_relevance))
        .write(routes!(save_arrange))
        .read(routes!(poi_search))
        .read(routes!(product_search))
}

/// Orders related to an order, in both directions.
#[utoipa::path(post, path = "/work/relevance", tag = "work",
    security(("x-token" = [])), request_body = OrderRef,
    responses((status = 200, body = Envelope<Vec<RelatedOrder>>)))]
async fn relevance_list(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<OrderRef>,
) -> ApiResult<Vec<RelatedOrder>> {
    Ok(ApiOk(relevance::list(&state.db, &scope, req.id).await?))
}

/// Replaces an order's relations (to orders the caller sees); answers them.
#[utoipa::path(post, path = "/work/save_relevance", tag = "work",
    security(("x-token" = [])), request_body = RelatedInput,
    responses((status = 200, body = Envelope<Vec<RelatedOrder>>)))]
async fn save_relevance(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<RelatedInput>,
) -> ApiResult<Vec<RelatedOrder>> {
    Ok(ApiOk(relevance::save(&state.db, &scope, req).await?))
}

/// Plans orders and tasks (`plannedAt`, optionally a new assignee), all or none.
#[utoipa::path(post, path = "/work/save_arrange", tag = "work",
    security(("x-token" = [])), request_body = ArrangeInput,
    responses((status = 200, body = Envelope<Vec<ArrangeItem>>)))]
async fn save_arrange(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<ArrangeInput>,
) -> ApiResult<Vec<ArrangeItem>> {
    Ok(ApiOk(arrange::save(&state.db, &scope, req).await?))
}

/// Places for an order's location: past orders' addresses and vehicles' last positions.
#[utoipa::path(post, path = "/work/poi_search", tag = "work",
    security(("x-token" = [])), request_body = PoiQuery,
    responses((status = 200, body = Envelope<Vec<Poi>>)))]
async fn poi_search(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<PoiQuery>,
) -> ApiResult<Vec<Poi>> {
    Ok(ApiOk(searches::poi_search(&state.db, &scope, req).await?))
}

/// Parts and labour for repair lines: earlier lines with their last price, catalogue entries.
#[utoipa::path(post, path = "/work/product_search", tag = "work",
    security(("x-token" = [])), request_body = ProductQuery,
    responses((status = 200, body = Envelope<Vec<Product>>)))]
async fn product_search(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<ProductQuery>,
) -> ApiResult<Vec<Product>> {
    Ok(ApiOk(
        searches::product_search(&state.db, &scope, req).await?,
    ))
}
