//! The search box and recent searches (`domain::report::search`).

use axum::extract::State;
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::extract::Scoped;
use crate::routes::declare::Declare;
use crate::state::AppState;
use domain::report::search::{self, Recent, RecentQuery, SearchQuery, SearchResult};
use kernel::error::{ApiOk, ApiResult, Envelope};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .read(routes!(search_list))
        .read(routes!(tag_last))
}

/// One search box across the scope: vehicles (plate, VIN), receivers (imei, serial number),
/// drivers (name, phone), work orders (number, title) and enterprises (name, abbreviation);
/// `limit` hits per kind (default 5), exact matches first, then prefixes, then the rest.
#[utoipa::path(post, path = "/search/list", tag = "report",
    security(("x-token" = [])), request_body = SearchQuery,
    responses((status = 200, body = Envelope<SearchResult>)))]
async fn search_list(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<SearchQuery>,
) -> ApiResult<SearchResult> {
    Ok(ApiOk(search::search(&state.db, &scope, &req).await?))
}

/// The caller's recent searches and picks, most recent first (at most 20). Given a
/// `keyword`, or a picked hit (`kind` and `refId`, which must be one the caller sees), it is
/// recorded first; `clear` forgets them all. Acting only on the caller's own list, it is a
/// read (like `rule/push_log`).
#[utoipa::path(post, path = "/search/tag_last", tag = "report",
    security(("x-token" = [])), request_body = RecentQuery,
    responses((status = 200, body = Envelope<Vec<Recent>>)))]
async fn tag_last(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<RecentQuery>,
) -> ApiResult<Vec<Recent>> {
    Ok(ApiOk(search::recent(&state.db, &scope, &req).await?))
}
