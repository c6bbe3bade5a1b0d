//! A vehicle's alarms: submitting one by hand and the list of abnormal events.

use crate::extract::Scoped;
use crate::routes::declare::Declare;
use crate::state::AppState;
use axum::extract::State;
use domain::vehicle::alarms::{self, AlarmFilter, AlarmRow, Submit};
use kernel::error::{ApiOk, ApiResult, Envelope};
use kernel::paging::{PageQuery, PageResult};
use serde::Deserialize;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .write(routes!(alarm_submit))
        .read(routes!(abnormal_list))
}

/// Handles an alarm: `state` 1 acknowledges an active one, 2 clears an active or
/// acknowledged one, with a note. Allowed to the vehicle's own enterprises and to partners
/// holding it under maintenance custody. The change goes to the websocket and to the
/// enterprise's webhooks.
#[utoipa::path(post, path = "/web/car/alarmSubmit", tag = "vehicle",
    security(("x-token" = [])), request_body = Submit,
    responses((status = 200, body = Envelope<AlarmRow>)))]
async fn alarm_submit(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<Submit>,
) -> ApiResult<AlarmRow> {
    let handled = alarms::submit(&state.db, &scope, &req).await?;
    state.push.alarm_changed((&handled).into()).await;
    Ok(ApiOk(handled))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AlarmListRequest {
    #[serde(flatten)]
    page: PageQuery,
    #[serde(flatten)]
    filter: AlarmFilter,
}

/// Alarms of the vehicles in scope, newest first, paged; by state, kind, level, vehicle,
/// enterprise and start time.
#[utoipa::path(post, path = "/web/abnormal/list", tag = "vehicle",
    security(("x-token" = [])), request_body = AlarmListRequest,
    responses((status = 200, body = Envelope<PageResult<AlarmRow>>)))]
async fn abnormal_list(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<AlarmListRequest>,
) -> ApiResult<PageResult<AlarmRow>> {
    Ok(ApiOk(
        alarms::list(&state.db, &scope, &req.filter, req.page).await?,
    ))
}
