//! The live states of chosen vehicles.

use super::records::CarIdsRequest;
use crate::extract::Scoped;
use crate::routes::declare::Declare;
use crate::state::AppState;
use axum::extract::State;
use domain::vehicle::states::{self, VehicleStateRow};
use kernel::error::{ApiOk, ApiResult, Envelope};
use utoipa_axum::{router::OpenApiRouter, routes};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().read(routes!(state_list))
}

/// The live states of the named vehicles (those in scope, at most 500).
#[utoipa::path(post, path = "/web/car/state_list", tag = "vehicle",
    security(("x-token" = [])), request_body = CarIdsRequest,
    responses((status = 200, body = Envelope<Vec<VehicleStateRow>>)))]
async fn state_list(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<CarIdsRequest>,
) -> ApiResult<Vec<VehicleStateRow>> {
    Ok(ApiOk(
        states::states(&state.db, &scope, &req.car_ids).await?,
    ))
}
