//! Hostname brand profiles (console-spec §1), editable by the platform.

use axum::extract::State;
use serde::Deserialize;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::routes::declare::Declare;

use crate::extract::ApiJson;
use crate::state::AppState;
use domain::brand::{self, Brand, BrandChange};
use kernel::error::{ApiOk, ApiResult, Envelope};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .read(routes!(list))
        .write(routes!(update))
}

/// The ten brand profiles, matched against the Host header to rebrand the console.
#[utoipa::path(post, path = "/brand/list", tag = "brand", security(("x-token" = [])),
    responses((status = 200, body = Envelope<Vec<Brand>>)))]
async fn list(State(state): State<AppState>) -> ApiResult<Vec<Brand>> {
    Ok(ApiOk(brand::list(&state.db).await?))
}

#[derive(Deserialize, ToSchema)]
pub struct BrandUpdate {
    #[serde(alias = "ID")]
    id: i64,
    #[serde(flatten)]
    change: BrandChange,
}

/// Edits a brand profile; cached pages are dropped so visitors see the change at once.
#[utoipa::path(post, path = "/brand/update", tag = "brand", security(("x-token" = [])),
    request_body = BrandUpdate, responses((status = 200, body = Envelope<Brand>)))]
async fn update(
    State(state): State<AppState>,
    ApiJson(req): ApiJson<BrandUpdate>,
) -> ApiResult<Brand> {
    let saved = brand::update(&state.db, &state.brands, req.id, req.change).await?;
    Ok(ApiOk(saved))
}
