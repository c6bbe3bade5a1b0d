//! Work orders: open, change, read, list, delete.

use axum::extract::State;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::extract::Scoped;
use crate::routes::declare::Declare;
use crate::state::AppState;
use domain::work::OrderRef;
use domain::work::orders::{self, ListQuery, OrderDetail, OrderInput, OrderPage};
use kernel::error::{ApiOk, ApiResult, Envelope};
use serde::{Deserialize, Serialize};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .read(routes!(info))
        .write(routes!(save))
        .write(routes!(save_default))
        .read(routes!(list))
        .write(routes!(del_work))
}

/// Orders to delete: `ids`, or one `id`.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DelWork {
    #[serde(default, alias = "IDs", alias = "orderIds")]
    ids: Vec<i64>,
    #[serde(default, alias = "ID", alias = "orderId")]
    id: Option<i64>,
}

impl DelWork {
    fn ids(&self) -> Vec<i64> {
        self.ids.iter().copied().chain(self.id).collect()
    }
}

#[derive(Debug, Serialize, ToSchema)]
pub struct OrdersDeleted {
    /// How many orders were deleted.
    deleted: u64,
}

/// One work order with everything on it: vehicles and wheel positions, devices, alarms, people,
/// location, shipping, declaration, form values, and the states the caller may take it to.
#[utoipa::path(post, path = "/work/info", tag = "work",
    security(("x-token" = [])), request_body = OrderRef,
    responses((status = 200, body = Envelope<OrderDetail>)))]
async fn info(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<OrderRef>,
) -> ApiResult<OrderDetail> {
    Ok(ApiOk(orders::info(&state.db, &scope, req.id).await?))
}

/// Opens a work order (no `id`; state 100, numbered WO-YYYYMMDD-NNNN, the vehicle's live state
/// kept as its snapshot) or changes one that is pending or in progress. All or nothing.
#[utoipa::path(post, path = "/work/save", tag = "work",
    security(("x-token" = [])), request_body = OrderInput,
    responses((status = 200, body = Envelope<OrderDetail>)))]
async fn save(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<OrderInput>,
) -> ApiResult<OrderDetail> {
    Ok(ApiOk(orders::save(&state.db, &scope, req).await?))
}

/// Opens a work order from its type's default values (title, priority, grade, due time, form
/// values) for what the request leaves out.
#[utoipa::path(post, path = "/work/save_default", tag = "work",
    security(("x-token" = [])), request_body = OrderInput,
    responses((status = 200, body = Envelope<OrderDetail>)))]
async fn save_default(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<OrderInput>,
) -> ApiResult<OrderDetail> {
    Ok(ApiOk(orders::save_default(&state.db, &scope, req).await?))
}

/// Work orders the caller sees, newest first, filtered by state, type, category, grade, priority,
/// people, vehicle, keyword, label, due time and opening day.
#[utoipa::path(post, path = "/work/list", tag = "work",
    security(("x-token" = [])), request_body = ListQuery,
    responses((status = 200, body = Envelope<OrderPage>)))]
async fn list(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<ListQuery>,
) -> ApiResult<OrderPage> {
    Ok(ApiOk(orders::list(&state.db, &scope, req).await?))
}

/// Deletes work orders (the requester's, or any as an enterprise administrator), all or none,
/// with their timeline, tasks, lines and links.
#[utoipa::path(post, path = "/work/del_work", tag = "work",
    security(("x-token" = [])), request_body = DelWork,
    responses((status = 200, body = Envelope<OrdersDeleted>)))]
async fn del_work(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<DelWork>,
) -> ApiResult<OrdersDeleted> {
    Ok(ApiOk(OrdersDeleted {
        deleted: orders::delete(&state.db, &scope, &req.ids()).await?,
    }))
}
