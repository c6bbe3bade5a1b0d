//! The timeline of a work order: notes, dispose records, state changes.

use axum::extract::State;
use utoipa_axum::{router::OpenApiRouter, routes};

use super::{Empty, IdRef};
use crate::extract::Scoped;
use crate::routes::declare::Declare;
use crate::state::AppState;
use domain::work::logs::{self, LogInput, LogListQuery, LogRow, LogUpdate};
use kernel::error::{ApiOk, ApiResult, Envelope};
use kernel::paging::PageResult;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .write(routes!(save_log))
        .write(routes!(update_log))
        .read(routes!(up_log))
        .write(routes!(dispose_log))
        .write(routes!(del_log))
}

/// Adds a note with images to a work order's timeline.
#[utoipa::path(post, path = "/work/save_log", tag = "work",
    security(("x-token" = [])), request_body = LogInput,
    responses((status = 200, body = Envelope<LogRow>)))]
async fn save_log(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<LogInput>,
) -> ApiResult<LogRow> {
    Ok(ApiOk(
        logs::note(&state.db, &scope, &state.live, req).await?,
    ))
}

/// Changes a note or dispose record (its author, or an enterprise administrator).
#[utoipa::path(post, path = "/work/update_log", tag = "work",
    security(("x-token" = [])), request_body = LogUpdate,
    responses((status = 200, body = Envelope<LogRow>)))]
async fn update_log(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<LogUpdate>,
) -> ApiResult<LogRow> {
    Ok(ApiOk(logs::update(&state.db, &scope, req).await?))
}

/// The timeline of a work order, oldest first: state changes, notes, dispose records and changes.
#[utoipa::path(post, path = "/work/up_log", tag = "work",
    security(("x-token" = [])), request_body = LogListQuery,
    responses((status = 200, body = Envelope<PageResult<LogRow>>)))]
async fn up_log(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<LogListQuery>,
) -> ApiResult<PageResult<LogRow>> {
    Ok(ApiOk(logs::list(&state.db, &scope, req).await?))
}

/// Adds a dispose record (the order type's dispose form filled in) to an order in progress or
/// resolved.
#[utoipa::path(post, path = "/work/dispose_log", tag = "work",
    security(("x-token" = [])), request_body = LogInput,
    responses((status = 200, body = Envelope<LogRow>)))]
async fn dispose_log(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<LogInput>,
) -> ApiResult<LogRow> {
    Ok(ApiOk(logs::dispose(&state.db, &scope, req).await?))
}

/// Deletes a note or dispose record (state changes stay).
#[utoipa::path(post, path = "/work/del_log", tag = "work",
    security(("x-token" = [])), request_body = IdRef,
    responses((status = 200, body = Envelope<Empty>)))]
async fn del_log(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<IdRef>,
) -> ApiResult<Empty> {
    Ok(ApiOk({
        logs::delete(&state.db, &scope, req.id).await?;
        Empty {}
    }))
}
