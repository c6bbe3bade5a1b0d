//! The repair record of a work order.

use axum::extract::State;
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::extract::Scoped;
use crate::routes::declare::Declare;
use crate::state::AppState;
use domain::work::OrderRef;
use domain::work::repair::{self, RepairInput, RepairRecord};
use kernel::error::{ApiOk, ApiResult, Envelope};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .read(routes!(repair_info))
        .write(routes!(maintain))
}

/// The repair record of a work order: work per wheel position, parts and labour lines, costs.
#[utoipa::path(post, path = "/work/repair_info", tag = "work",
    security(("x-token" = [])), request_body = OrderRef,
    responses((status = 200, body = Envelope<RepairRecord>)))]
async fn repair_info(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<OrderRef>,
) -> ApiResult<RepairRecord> {
    Ok(ApiOk(repair::info(&state.db, &scope, req.id).await?))
}

/// Stores the repair record of a work order (replacing the previous one); the order's cost
/// becomes the sum of its lines.
#[utoipa::path(post, path = "/work/maintain", tag = "work",
    security(("x-token" = [])), request_body = RepairInput,
    responses((status = 200, body = Envelope<RepairRecord>)))]
async fn maintain(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<RepairInput>,
) -> ApiResult<RepairRecord> {
    Ok(ApiOk(repair::save(&state.db, &scope, req).await?))
}
