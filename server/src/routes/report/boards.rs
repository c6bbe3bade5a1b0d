//! Dashboard boards and their charts (`domain::report::boards`).

use axum::extract::State;
use serde::Deserialize;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::extract::Scoped;
use crate::routes::declare::Declare;
use crate::state::AppState;
use domain::report::boards::{self, BoardRow, BoardSettings, SaveBoard};
use kernel::error::{ApiOk, ApiResult, Envelope};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .read(routes!(tags_list))
        .read(routes!(chart_setting))
        .write(routes!(chart_save))
        .write(routes!(chart_sort))
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TagsListRequest {}

/// The dashboard's boards (its tabs) the caller sees: their own, then those shared in the
/// enterprise they act for, each with its number of charts and whether the caller owns it.
#[utoipa::path(post, path = "/dataReport/tags_list", tag = "report",
    security(("x-token" = [])), request_body = TagsListRequest,
    responses((status = 200, body = Envelope<Vec<BoardRow>>)))]
async fn tags_list(
    State(state): State<AppState>,
    Scoped(scope, _req): Scoped<TagsListRequest>,
) -> ApiResult<Vec<BoardRow>> {
    Ok(ApiOk(boards::list(&state.db, &scope).await?))
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ChartSettingRequest {
    /// The board; absent: the first the caller sees.
    #[serde(default, alias = "id")]
    board_id: Option<i64>,
}

/// A board with its charts in order, and the enumerations a chart chooses from (the nine
/// kinds with the groupings each draws, the measures, groupings and ranges) labelled in the
/// request's language.
#[utoipa::path(post, path = "/dataReport/chart_setting", tag = "report",
    security(("x-token" = [])), request_body = ChartSettingRequest,
    responses((status = 200, body = Envelope<BoardSettings>)))]
async fn chart_setting(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<ChartSettingRequest>,
) -> ApiResult<BoardSettings> {
    Ok(ApiOk(
        boards::settings(&state.db, &scope, req.board_id).await?,
    ))
}

/// Creates, renames, shares (`shared`) or deletes a board (`boardId` + `delete`), and adds,
/// changes (`id`) or deletes (`id` + `delete`) one of its charts; only the board's owner may.
/// Each chart field is checked and a refusal names it (`chart.kind`, `chart.grouping`, …).
/// Answers the board as it is now.
#[utoipa::path(post, path = "/dataReport/chart_save", tag = "report",
    security(("x-token" = [])), request_body = SaveBoard,
    responses((status = 200, body = Envelope<BoardSettings>)))]
async fn chart_save(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<SaveBoard>,
) -> ApiResult<BoardSettings> {
    Ok(ApiOk(boards::save(&state.db, &scope, &req).await?))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ChartSortRequest {
    #[serde(alias = "id")]
    board_id: i64,
    /// Every chart of the board, once each, in the new order.
    ids: Vec<i64>,
}

/// Orders a board's charts: `ids` is the full order (each of the board's charts once).
#[utoipa::path(post, path = "/dataReport/chart_sort", tag = "report",
    security(("x-token" = [])), request_body = ChartSortRequest,
    responses((status = 200, body = Envelope<BoardSettings>)))]
async fn chart_sort(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<ChartSortRequest>,
) -> ApiResult<BoardSettings> {
    Ok(ApiOk(
        boards::sort(&state.db, &scope, req.board_id, &req.ids).await?,
    ))
}
