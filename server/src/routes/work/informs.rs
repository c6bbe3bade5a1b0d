//! Notice plans and the events of the work area.

use axum::extract::State;
use serde::Deserialize;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::extract::Scoped;
use crate::routes::declare::Declare;
use crate::state::AppState;
use domain::work::events::{self, EventQuery, EventRow};
use domain::work::informs::{self, InformInput, InformListQuery, InformRow};
use kernel::error::{ApiOk, ApiResult, Envelope};
use kernel::paging::PageResult;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .read(routes!(inform_list))
        .write(routes!(update_inform))
        .write(routes!(copy_inform))
        .read(routes!(event_list))
}

/// Notice plans, newest first.
#[utoipa::path(post, path = "/work/inform_list", tag = "work",
    security(("x-token" = [])), request_body = InformListQuery,
    responses((status = 200, body = Envelope<PageResult<InformRow>>)))]
async fn inform_list(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<InformListQuery>,
) -> ApiResult<PageResult<InformRow>> {
    Ok(ApiOk(informs::list(&state.db, &scope, req).await?))
}

/// Creates (no `id`), changes or deletes (`delete: true`) a notice plan; answers it (null
/// after a delete).
#[utoipa::path(post, path = "/work/update_inform", tag = "work",
    security(("x-token" = [])), request_body = InformInput,
    responses((status = 200, body = Envelope<Option<InformRow>>)))]
async fn update_inform(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<InformInput>,
) -> ApiResult<Option<InformRow>> {
    Ok(ApiOk(informs::save(&state.db, &scope, req).await?))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CopyInform {
    #[serde(alias = "ID", alias = "informId")]
    id: i64,
    /// The copy's name (default: "… (copy)").
    name: Option<String>,
}

/// Copies a notice plan; the copy is disabled.
#[utoipa::path(post, path = "/work/copy_inform", tag = "work",
    security(("x-token" = [])), request_body = CopyInform,
    responses((status = 200, body = Envelope<InformRow>)))]
async fn copy_inform(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<CopyInform>,
) -> ApiResult<InformRow> {
    Ok(ApiOk(
        informs::copy(&state.db, &scope, req.id, req.name.as_deref()).await?,
    ))
}

/// Work events, newest first: plan runs, orders opened by plans and alarms, alarms attached,
/// orders overdue, project changes.
#[utoipa::path(post, path = "/work/event_list", tag = "work",
    security(("x-token" = [])), request_body = EventQuery,
    responses((status = 200, body = Envelope<PageResult<EventRow>>)))]
async fn event_list(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<EventQuery>,
) -> ApiResult<PageResult<EventRow>> {
    Ok(ApiOk(events::list(&state.db, &scope, req).await?))
}
