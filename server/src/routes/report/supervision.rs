//! The supervision overview and sensor chip statistics (`domain::report::{supervision,
//! chips}`).

use axum::extract::State;
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::extract::{Scoped, ScopedQuery};
use crate::routes::declare::Declare;
use crate::state::AppState;
use domain::report::chips::{self, ChipQuery, ChipStatistics};
use domain::report::supervision::{self, Supervision, SupervisionQuery};
use kernel::error::{ApiOk, ApiResult, Envelope};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .read(routes!(supervisory))
        .read(routes!(chip))
}

/// The supervision overview of an enterprise tree (`entId`), a cluster (`colonyId`) or
/// everything in scope: per enterprise, its vehicles, online, offline and alarming ones (from
/// the live fleet), its open alarms by level and open work orders; with totals.
#[utoipa::path(get, path = "/data/supervisory", tag = "report",
    security(("x-token" = [])), params(SupervisionQuery),
    responses((status = 200, body = Envelope<Supervision>)))]
async fn supervisory(
    State(state): State<AppState>,
    ScopedQuery(scope, q): ScopedQuery<SupervisionQuery>,
) -> ApiResult<Supervision> {
    Ok(ApiOk(
        supervision::overview(&state.db, &state.tree, &state.fleet, &scope, &q).await?,
    ))
}

/// Sensor chip and battery statistics over the scope (or `enterpriseId`): sensors by kind,
/// bound, by battery band; those below `lowBattery` % (default 20) lowest first with where
/// they are fitted (`limit`, default 100); receivers by part number and firmware version.
#[utoipa::path(post, path = "/data/tp/chip", tag = "report",
    security(("x-token" = [])), request_body = ChipQuery,
    responses((status = 200, body = Envelope<ChipStatistics>)))]
async fn chip(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<ChipQuery>,
) -> ApiResult<ChipStatistics> {
    Ok(ApiOk(chips::statistics(&state.db, &scope, &req).await?))
}
