//! Tyre information per vehicle (`domain::report::tyres`).

use axum::extract::State;
use serde::Deserialize;
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::extract::ScopedQuery;
use crate::routes::declare::Declare;
use crate::state::AppState;
use domain::report::tyres::{self, TyreInfo};
use kernel::error::{ApiOk, ApiResult, Envelope};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().read(routes!(tyre_info))
}

#[derive(Debug, Deserialize, ToSchema, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(rename_all = "camelCase")]
pub struct TyreInfoQuery {
    #[serde(alias = "carId", alias = "id")]
    vehicle_id: i64,
}

/// A vehicle's tyres: each wheel position with its tyre model (brand, model, size, tread
/// pattern, new tread depth, standard pressure), its sensor and latest reading, and the
/// last tread depth measured there.
#[utoipa::path(get, path = "/web/log/tyre_info", tag = "report",
    security(("x-token" = [])), params(TyreInfoQuery),
    responses((status = 200, body = Envelope<TyreInfo>)))]
async fn tyre_info(
    State(state): State<AppState>,
    ScopedQuery(scope, q): ScopedQuery<TyreInfoQuery>,
) -> ApiResult<TyreInfo> {
    Ok(ApiOk(tyres::info(&state.db, &scope, q.vehicle_id).await?))
}
