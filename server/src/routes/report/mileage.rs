//! Mileage per vehicle and day, and the mileage calendar (`domain::report::mileage`).

use axum::extract::State;
use serde::Deserialize;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::extract::Scoped;
use crate::routes::declare::Declare;
use crate::state::AppState;
use domain::report::mileage::{self, MileageFilter, MileageReport};
use kernel::error::{ApiOk, ApiResult, Envelope};
use kernel::paging::PageQuery;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().read(routes!(get_mileage))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MileageRequest {
    #[serde(flatten)]
    page: PageQuery,
    #[serde(flatten)]
    filter: MileageFilter,
}

/// Mileage per vehicle and day from the daily roll-up: a page of vehicles (by plate) with
/// their km on each day of `startDate`…`endDate` (at most 31 days; `dates` names the
/// columns), the totals over every vehicle of the filter (`vehicleId`, plate `keyword`,
/// `enterpriseId`), and the mileage calendar: the filter's km, driving time and vehicles on
/// each day of `month` (`YYYY-MM`, default the month of `endDate`).
#[utoipa::path(post, path = "/web/log/getMileage", tag = "report",
    security(("x-token" = [])), request_body = MileageRequest,
    responses((status = 200, body = Envelope<MileageReport>)))]
async fn get_mileage(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<MileageRequest>,
) -> ApiResult<MileageReport> {
    Ok(ApiOk(
        mileage::report(&state.db, &scope, &req.filter, req.page).await?,
    ))
}
