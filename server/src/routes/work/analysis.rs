//! Form options and statistics of work orders.

use axum::extract::State;
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::extract::Scoped;
use crate::routes::declare::Declare;
use crate::state::AppState;
use domain::work::analysis::{
    self, DetailsQuery, DynamicQuery, Dynamics, OptionQuery, Options, RangeQuery, Statistics,
};
use domain::work::orders::OrderPage;
use kernel::error::{ApiOk, ApiResult, Envelope};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .read(routes!(option))
        .read(routes!(statistics))
        .read(routes!(details_list))
        .read(routes!(dynamic_analysis))
}

/// The option lists of the work-order forms: order types, problem types, grades, priorities and
/// states with zh/en labels.
#[utoipa::path(post, path = "/work/option", tag = "work",
    security(("x-token" = [])), request_body = OptionQuery,
    responses((status = 200, body = Envelope<Options>)))]
async fn option(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<OptionQuery>,
) -> ApiResult<Options> {
    Ok(ApiOk(analysis::options(&state.db, &scope, req).await?))
}

/// Counts of the work orders opened in a date range by state, type, grade and assignee; due-time
/// compliance; mean times to first response and to resolution.
#[utoipa::path(post, path = "/work/statistics", tag = "work",
    security(("x-token" = [])), request_body = RangeQuery,
    responses((status = 200, body = Envelope<Statistics>)))]
async fn statistics(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<RangeQuery>,
) -> ApiResult<Statistics> {
    Ok(ApiOk(analysis::statistics(&state.db, &scope, req).await?))
}

/// The work orders behind one statistics cell (dimension and key).
#[utoipa::path(post, path = "/work/details_list", tag = "work",
    security(("x-token" = [])), request_body = DetailsQuery,
    responses((status = 200, body = Envelope<OrderPage>)))]
async fn details_list(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<DetailsQuery>,
) -> ApiResult<OrderPage> {
    Ok(ApiOk(analysis::details(&state.db, &scope, req).await?))
}

/// Work orders opened and resolved per day or month, and parts and labour cost per vehicle and
/// month.
#[utoipa::path(post, path = "/work/dynamic_analysis", tag = "work",
    security(("x-token" = [])), request_body = DynamicQuery,
    responses((status = 200, body = Envelope<Dynamics>)))]
async fn dynamic_analysis(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<DynamicQuery>,
) -> ApiResult<Dynamics> {
    Ok(ApiOk(analysis::dynamics(&state.db, &scope, req).await?))
}
