//! Share links of a vehicle (created from the vehicle info drawer) and the anonymous call
//! behind the public `/mf/…` page. Rules in `services::vehicle::share`.

use axum::extract::State;
use serde::Deserialize;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::routes::declare::Declare;

use crate::extract::{ApiJson, Scoped};
use crate::state::AppState;
use domain::vehicle::share::{self, ShareInput, ShareRef, ShareRow, SharedVehicle};
use kernel::error::{ApiOk, ApiResult, Envelope};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .write(routes!(create))
        .read(routes!(list))
        .write(routes!(revoke))
        .open(routes!(view))
}

/// Creates a share link for a vehicle (its own enterprises; not a relation partner, not a
/// read-only trusteeship), valid `days` days (1–365, default 7). Answers the link's page path.
#[utoipa::path(post, path = "/web/car/share/create", tag = "vehicle",
    security(("x-token" = [])), request_body = ShareInput,
    responses((status = 200, body = Envelope<ShareRow>)))]
async fn create(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<ShareInput>,
) -> ApiResult<ShareRow> {
    Ok(ApiOk(share::create(&state.db, &scope, &req).await?))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ShareListRequest {
    #[serde(alias = "carId", alias = "id")]
    vehicle_id: i64,
}

/// A vehicle's share links, newest first, with whether each still opens.
#[utoipa::path(post, path = "/web/car/share/list", tag = "vehicle",
    security(("x-token" = [])), request_body = ShareListRequest,
    responses((status = 200, body = Envelope<Vec<ShareRow>>)))]
async fn list(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<ShareListRequest>,
) -> ApiResult<Vec<ShareRow>> {
    Ok(ApiOk(share::list(&state.db, &scope, req.vehicle_id).await?))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct ShareIdRequest {
    id: i64,
}

/// Revokes a share link; its page shows "expired or not shared" from the next request on.
#[utoipa::path(post, path = "/web/car/share/revoke", tag = "vehicle",
    security(("x-token" = [])), request_body = ShareIdRequest,
    responses((status = 200, body = Envelope<ShareRow>)))]
async fn revoke(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<ShareIdRequest>,
) -> ApiResult<ShareRow> {
    Ok(ApiOk(share::revoke(&state.db, &scope, req.id).await?))
}

/// A share page's address, as in the URL `/mf/<id>?code=<code>`.
#[derive(Debug, Deserialize, ToSchema)]
pub struct ShareViewRequest {
    /// `P<code>`, or the vehicle id (then `code` is required).
    id: String,
    #[serde(default)]
    code: Option<String>,
}

/// Anonymous: the vehicle a share link shows (plate, position, speed, last report, wheels
/// with their readings in bar/°C, alarms not yet cleared). A link that is unknown, expired,
/// revoked, or whose vehicle left the sharing enterprise answers code 7 "expired or not
/// shared", the same for every case. The `/mf` page polls this every 30 s.
#[utoipa::path(post, path = "/base/share", tag = "vehicle", request_body = ShareViewRequest,
    responses((status = 200, body = Envelope<SharedVehicle>)))]
async fn view(
    State(state): State<AppState>,
    ApiJson(req): ApiJson<ShareViewRequest>,
) -> ApiResult<SharedVehicle> {
    let found = match ShareRef::parse(&req.id, req.code.as_deref()) {
        Some(r) => share::resolve(&state.db, &r).await?,
        None => None,
    };
    Ok(ApiOk(found.ok_or_else(share::not_shared)?))
}
