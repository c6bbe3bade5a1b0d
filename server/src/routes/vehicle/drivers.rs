//! Drivers: the list and their assignment to vehicles.

use crate::extract::Scoped;
use crate::routes::declare::Declare;
use crate::state::AppState;
use axum::extract::State;
use domain::vehicle::drivers::{self, DriverFilter, DriverInput, DriverRow};
use kernel::error::{ApiOk, ApiResult, Envelope};
use kernel::paging::{PageQuery, PageResult};
use serde::Deserialize;
use serde_json::{Value, json};
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .read(routes!(driver_list))
        .write(routes!(update_driver))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DriverListRequest {
    #[serde(flatten)]
    page: PageQuery,
    #[serde(default, alias = "ent_id", alias = "enterpriseId")]
    ent_id: Option<i64>,
    /// Name, phone or licence contains it.
    #[serde(default, alias = "name")]
    keyword: Option<String>,
    /// Only the drivers of this vehicle.
    #[serde(default, alias = "car_id")]
    car_id: Option<i64>,
    /// Full phone numbers (for the edit dialog); masked otherwise.
    #[serde(default)]
    edit: bool,
}

/// Drivers in scope, newest first, paged; phones masked (first 3, last 4) unless `edit`.
#[utoipa::path(post, path = "/web/car/driverList", tag = "vehicle",
    security(("x-token" = [])), request_body = DriverListRequest,
    responses((status = 200, body = Envelope<PageResult<DriverRow>>)))]
async fn driver_list(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<DriverListRequest>,
) -> ApiResult<PageResult<DriverRow>> {
    let filter = DriverFilter {
        enterprise_id: req.ent_id,
        keyword: req.keyword,
        vehicle_id: req.car_id,
        edit: req.edit,
    };
    Ok(ApiOk(
        drivers::list(&state.db, &scope, filter, req.page).await?,
    ))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UpdateDriverRequest {
    /// The driver to edit; absent or 0 creates one.
    #[serde(default, alias = "ID")]
    id: Option<i64>,
    /// Deletes the drivers `ids` (or `id`) instead.
    #[serde(default)]
    delete: bool,
    #[serde(default)]
    ids: Vec<i64>,
    /// The enterprise of a new driver (default: the acting one).
    #[serde(default, alias = "ent_id", alias = "enterpriseId")]
    ent_id: Option<i64>,
    /// 1–32 characters (required on creation).
    #[serde(default)]
    name: Option<String>,
    #[serde(default)]
    phone: Option<String>,
    #[serde(default)]
    license: Option<String>,
    #[serde(default)]
    remark: Option<String>,
    /// Replaces the vehicles the driver drives (vehicles of the driver's enterprise).
    #[serde(default, alias = "car_ids")]
    car_ids: Option<Vec<i64>>,
}

/// Creates, edits (with the vehicles they drive) or deletes (`delete: true`) drivers.
/// Answers `{id}` or `{affected}`.
#[utoipa::path(post, path = "/web/car/update_driver", tag = "vehicle",
    security(("x-token" = [])), request_body = UpdateDriverRequest,
    responses((status = 200, body = Envelope<Value>)))]
async fn update_driver(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<UpdateDriverRequest>,
) -> ApiResult<Value> {
    if req.delete {
        let mut ids = req.ids;
        ids.extend(req.id);
        let affected = drivers::delete(&state.db, &scope, &ids).await?;
        return Ok(ApiOk(json!({ "affected": affected })));
    }
    let input = DriverInput {
        id: req.id,
        enterprise_id: req.ent_id,
        name: req.name,
        phone: req.phone,
        license: req.license,
        remark: req.remark,
        car_ids: req.car_ids,
    };
    let id = drivers::save(&state.db, &scope, input).await?;
    Ok(ApiOk(json!({ "id": id })))
}
