//! Tasks inside work orders.

use axum::extract::State;
use utoipa_axum::{router::OpenApiRouter, routes};

use super::{Empty, IdRef};
use crate::extract::Scoped;
use crate::routes::declare::Declare;
use crate::state::AppState;
use domain::work::tasks::{self, OrderTaskRow, TaskInput, TaskListQuery, TaskSearch, TaskUpdate};
use kernel::error::{ApiOk, ApiResult, Envelope};
use kernel::paging::PageResult;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .read(routes!(task_list))
        .write(routes!(save_task))
        .write(routes!(update_task))
        .write(routes!(del_task))
        .read(routes!(task_search))
}

/// The tasks of a work order.
#[utoipa::path(post, path = "/work/task_list", tag = "work",
    security(("x-token" = [])), request_body = TaskListQuery,
    responses((status = 200, body = Envelope<PageResult<OrderTaskRow>>)))]
async fn task_list(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<TaskListQuery>,
) -> ApiResult<PageResult<OrderTaskRow>> {
    Ok(ApiOk(tasks::list(&state.db, &scope, req).await?))
}

/// Adds a task to a work order that is not cancelled or closed.
#[utoipa::path(post, path = "/work/save_task", tag = "work",
    security(("x-token" = [])), request_body = TaskInput,
    responses((status = 200, body = Envelope<OrderTaskRow>)))]
async fn save_task(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<TaskInput>,
) -> ApiResult<OrderTaskRow> {
    Ok(ApiOk(tasks::create(&state.db, &scope, req).await?))
}

/// Changes a task: title, assignee, due time, done.
#[utoipa::path(post, path = "/work/update_task", tag = "work",
    security(("x-token" = [])), request_body = TaskUpdate,
    responses((status = 200, body = Envelope<OrderTaskRow>)))]
async fn update_task(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<TaskUpdate>,
) -> ApiResult<OrderTaskRow> {
    Ok(ApiOk(tasks::update(&state.db, &scope, req).await?))
}

/// Deletes a task.
#[utoipa::path(post, path = "/work/del_task", tag = "work",
    security(("x-token" = [])), request_body = IdRef,
    responses((status = 200, body = Envelope<Empty>)))]
async fn del_task(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<IdRef>,
) -> ApiResult<Empty> {
    Ok(ApiOk({
        tasks::delete(&state.db, &scope, req.id).await?;
        Empty {}
    }))
}

/// Tasks across the work orders the caller sees, open ones by due time first.
#[utoipa::path(post, path = "/work/task_search", tag = "work",
    security(("x-token" = [])), request_body = TaskSearch,
    responses((status = 200, body = Envelope<PageResult<OrderTaskRow>>)))]
async fn task_search(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<TaskSearch>,
) -> ApiResult<PageResult<OrderTaskRow>> {
    Ok(ApiOk(tasks::search(&state.db, &scope, req).await?))
}
