//! Projects of the work area: their orders, tasks, plans and activity.

use axum::extract::State;
use serde::Deserialize;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::extract::Scoped;
use crate::routes::declare::Declare;
use crate::state::AppState;
use domain::work::informs::{self, InformRow};
use domain::work::logs::LogRow;
use domain::work::projects::{
    self, ProjectInput, ProjectListQuery, ProjectLogRow, ProjectPageQuery, ProjectRow,
    ProjectTaskRow,
};
use kernel::error::{ApiOk, ApiResult, Envelope};
use kernel::paging::PageResult;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .write(routes!(project_save))
        .read(routes!(project_list))
        .read(routes!(project_task))
        .read(routes!(project_inform))
        .read(routes!(project_log))
        .read(routes!(project_work_log))
}

/// Creates (no `id`), changes or deletes (`delete: true`, refused while it has open orders) a
/// project; answers it (null after a delete).
#[utoipa::path(post, path = "/work/project_save", tag = "work",
    security(("x-token" = [])), request_body = ProjectInput,
    responses((status = 200, body = Envelope<Option<ProjectRow>>)))]
async fn project_save(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<ProjectInput>,
) -> ApiResult<Option<ProjectRow>> {
    Ok(ApiOk(projects::save(&state.db, &scope, req).await?))
}

/// Projects with their order and task counts and progress, newest first.
#[utoipa::path(post, path = "/work/project_list", tag = "work",
    security(("x-token" = [])), request_body = ProjectListQuery,
    responses((status = 200, body = Envelope<PageResult<ProjectRow>>)))]
async fn project_list(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<ProjectListQuery>,
) -> ApiResult<PageResult<ProjectRow>> {
    Ok(ApiOk(projects::list(&state.db, &scope, req).await?))
}

/// The tasks of a project's orders, with their order numbers.
#[utoipa::path(post, path = "/work/project_task", tag = "work",
    security(("x-token" = [])), request_body = ProjectPageQuery,
    responses((status = 200, body = Envelope<PageResult<ProjectTaskRow>>)))]
async fn project_task(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<ProjectPageQuery>,
) -> ApiResult<PageResult<ProjectTaskRow>> {
    Ok(ApiOk(
        projects::project_tasks(&state.db, &scope, req).await?,
    ))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ProjectRef {
    #[serde(alias = "project_id", alias = "id", alias = "ID")]
    project_id: i64,
}

/// The notice plans of a project.
#[utoipa::path(post, path = "/work/project_inform", tag = "work",
    security(("x-token" = [])), request_body = ProjectRef,
    responses((status = 200, body = Envelope<Vec<InformRow>>)))]
async fn project_inform(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<ProjectRef>,
) -> ApiResult<Vec<InformRow>> {
    Ok(ApiOk(
        informs::of_project(&state.db, &scope, req.project_id).await?,
    ))
}

/// A project's activity, newest first: its changes and its orders' state changes.
#[utoipa::path(post, path = "/work/project_log", tag = "work",
    security(("x-token" = [])), request_body = ProjectPageQuery,
    responses((status = 200, body = Envelope<PageResult<ProjectLogRow>>)))]
async fn project_log(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<ProjectPageQuery>,
) -> ApiResult<PageResult<ProjectLogRow>> {
    Ok(ApiOk(projects::project_log(&state.db, &scope, req).await?))
}

/// Notes and dispose records of a project's orders, newest first.
#[utoipa::path(post, path = "/work/project_work_log", tag = "work",
    security(("x-token" = [])), request_body = ProjectPageQuery,
    responses((status = 200, body = Envelope<PageResult<LogRow>>)))]
async fn project_work_log(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<ProjectPageQuery>,
) -> ApiResult<PageResult<LogRow>> {
    Ok(ApiOk(
        projects::project_work_log(&state.db, &scope, req).await?,
    ))
}
