use axum::extract::State;
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::routes::declare::Declare;

use crate::state::AppState;
use kernel::error::{ApiOk, ApiResult};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().open(routes!(health))
}

#[derive(Serialize, ToSchema)]
pub struct Health {
    /// "ok" when the database answers.
    status: &'static str,
    version: &'static str,
}

/// Liveness and readiness: answers once the database is reachable. Open (no sign-in).
#[utoipa::path(get, path = "/health", tag = "meta", responses((status = 200, body = kernel::error::Envelope<Health>)))]
async fn health(State(state): State<AppState>) -> ApiResult<Health> {
    state.db.ping().await?;
    Ok(ApiOk(Health {
        status: "ok",
        version: env!("CARGO_PKG_VERSION"),
    }))
}
