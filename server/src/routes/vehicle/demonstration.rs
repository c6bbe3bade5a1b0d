//! The demonstration fleet an enterprise can create for itself.

use crate::extract::Scoped;
use crate::routes::declare::Declare;
use crate::state::AppState;
use axum::extract::State;
use domain::vehicle::demonstration;
use kernel::error::{ApiOk, ApiResult, Envelope};
use serde::Deserialize;
use serde_json::{Value, json};
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().write(routes!(found_demonstration))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DemoRequest {
    /// Default: the acting enterprise.
    #[serde(default, alias = "ent_id", alias = "enterpriseId")]
    ent_id: Option<i64>,
}

/// Creates a demonstration fleet for the enterprise (two tractors pulling two trailers and a
/// bus, plates `DEMO<entId>-<n>`, with wheels and states); refused when it has one. Answers
/// `{carIds}`.
#[utoipa::path(post, path = "/web/car/found_demonstration", tag = "vehicle",
    security(("x-token" = [])), request_body = DemoRequest,
    responses((status = 200, body = Envelope<Value>)))]
async fn found_demonstration(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<DemoRequest>,
) -> ApiResult<Value> {
    let ids = demonstration::found_demonstration(&state.db, &scope, req.ent_id).await?;
    Ok(ApiOk(json!({ "carIds": ids })))
}
