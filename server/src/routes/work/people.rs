//! The people of a work order: assignee, participants, related users, who may be assigned.

use axum::extract::State;
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::extract::Scoped;
use crate::routes::declare::Declare;
use crate::state::AppState;
use domain::work::OrderRef;
use domain::work::orders::{self, OrderDetail, Person};
use domain::work::people::{self, Allocation, Participants, Related, UserSearch};
use kernel::error::{ApiOk, ApiResult, Envelope};
use kernel::paging::PageResult;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .write(routes!(participant))
        .write(routes!(allocation))
        .read(routes!(related_users))
        .read(routes!(user_search))
}

/// The participants of a work order; with `userIds` replaces them first.
#[utoipa::path(post, path = "/work/participant", tag = "work",
    security(("x-token" = [])), request_body = Participants,
    responses((status = 200, body = Envelope<Vec<Person>>)))]
async fn participant(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<Participants>,
) -> ApiResult<Vec<Person>> {
    Ok(ApiOk(people::participants(&state.db, &scope, req).await?))
}

/// Gives a work order to a member of an enterprise the caller sees (the requester, the assignee
/// or an administrator may).
#[utoipa::path(post, path = "/work/allocation", tag = "work",
    security(("x-token" = [])), request_body = Allocation,
    responses((status = 200, body = Envelope<OrderDetail>)))]
async fn allocation(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<Allocation>,
) -> ApiResult<OrderDetail> {
    Ok(ApiOk({
        let id = people::allocate(&state.db, &scope, req).await?.id;
        orders::info(&state.db, &scope, id).await?
    }))
}

/// Everyone related to a work order and their part: requester, assignee, participants, task
/// assignees.
#[utoipa::path(post, path = "/work/related_users", tag = "work",
    security(("x-token" = [])), request_body = OrderRef,
    responses((status = 200, body = Envelope<Vec<Related>>)))]
async fn related_users(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<OrderRef>,
) -> ApiResult<Vec<Related>> {
    Ok(ApiOk(people::related(&state.db, &scope, req.id).await?))
}

/// Users a work order may be given to: members of the enterprises the caller sees, by name or
/// phone.
#[utoipa::path(post, path = "/work/user_search", tag = "work",
    security(("x-token" = [])), request_body = UserSearch,
    responses((status = 200, body = Envelope<PageResult<Person>>)))]
async fn user_search(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<UserSearch>,
) -> ApiResult<PageResult<Person>> {
    Ok(ApiOk(people::search(&state.db, &scope, req).await?))
}
