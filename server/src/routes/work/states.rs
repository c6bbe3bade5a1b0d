//! The state machine of work orders and the orders waiting on the caller.

use axum::extract::State;
use utoipa_axum::{router::OpenApiRouter, routes};

use super::Empty;
use crate::extract::Scoped;
use crate::routes::declare::Declare;
use crate::state::AppState;
use domain::work::OrderRef;
use domain::work::orders::{self, OrderDetail, OrderPage};
use domain::work::states::{self, SetState, StateCount};
use kernel::error::{ApiOk, ApiResult, Envelope};
use kernel::paging::PageQuery;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .write(routes!(set_state))
        .write(routes!(immediately))
        .read(routes!(processing))
        .read(routes!(state_list))
}

/// Takes a work order to another state: 101 start, 102 resolve (assignee or administrator), 103
/// cancel, 104 close, 102→101 reopen (requester or administrator). Illegal transitions are
/// refused naming both states.
#[utoipa::path(post, path = "/work/setState", tag = "work",
    security(("x-token" = [])), request_body = SetState,
    responses((status = 200, body = Envelope<OrderDetail>)))]
async fn set_state(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<SetState>,
) -> ApiResult<OrderDetail> {
    Ok(ApiOk({
        let id = states::set(&state.db, &scope, &state.live, req).await?.id;
        orders::info(&state.db, &scope, id).await?
    }))
}

/// Starts the work now (100 → 101) as the assignee; an unassigned order is taken by the caller.
#[utoipa::path(post, path = "/work/immediately", tag = "work",
    security(("x-token" = [])), request_body = OrderRef,
    responses((status = 200, body = Envelope<OrderDetail>)))]
async fn immediately(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<OrderRef>,
) -> ApiResult<OrderDetail> {
    Ok(ApiOk({
        let id = states::start_now(&state.db, &scope, &state.live, req.id)
            .await?
            .id;
        orders::info(&state.db, &scope, id).await?
    }))
}

/// Work orders waiting on the caller: assigned and pending or in progress, or requested and
/// resolved (to be closed).
#[utoipa::path(post, path = "/work/processing", tag = "work",
    security(("x-token" = [])), request_body = PageQuery,
    responses((status = 200, body = Envelope<OrderPage>)))]
async fn processing(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<PageQuery>,
) -> ApiResult<OrderPage> {
    Ok(ApiOk(states::waiting(&state.db, &scope, req).await?))
}

/// The order states with their labels (zh, en) and how many orders the caller sees in each.
#[utoipa::path(post, path = "/work/state_list", tag = "work",
    security(("x-token" = [])), request_body = Empty,
    responses((status = 200, body = Envelope<Vec<StateCount>>)))]
async fn state_list(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<Empty>,
) -> ApiResult<Vec<StateCount>> {
    Ok(ApiOk({
        let _ = req;
        states::counts(&state.db, &scope).await?
    }))
}
