//! Device and sensor histories and installation records (`domain::report::histories`,
//! `domain::report::logs::installations`).

use axum::extract::State;
use chrono::{DateTime, Duration, Utc};
use serde::Deserialize;
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::extract::{Scoped, ScopedQuery};
use crate::routes::declare::Declare;
use crate::state::AppState;
use domain::report::VehicleChoice;
use domain::report::histories::{self, DeviceHistory, DeviceQuery, SensorHistory, SensorQuery};
use domain::report::logs::{self, LogRow};
use domain::vehicle::history::TimeRange;
use kernel::error::{ApiOk, ApiResult, Envelope};
use kernel::paging::{PageQuery, PageResult};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .read(routes!(device_history))
        .read(routes!(sensor_history))
        .read(routes!(installation))
}

/// A receiver's history (`deviceId` or `imei`): the record as it is now; installs,
/// replacements and removals, firmware upgrades, commands and offline spells over
/// `start`…`end` (default the last 30 days, at most 366), newest first (at most 500); and
/// its reports and heartbeats over the range.
#[utoipa::path(post, path = "/web/log/device", tag = "report",
    security(("x-token" = [])), request_body = DeviceQuery,
    responses((status = 200, body = Envelope<DeviceHistory>)))]
async fn device_history(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<DeviceQuery>,
) -> ApiResult<DeviceHistory> {
    Ok(ApiOk(
        histories::device_history(&state.db, &scope, &req).await?,
    ))
}

/// A sensor's history (`sensorId` or `sensorNo`): the record as it is now; bindings,
/// replacements and the alarms at its wheel position over `start`…`end` (default the last
/// 30 days, at most 31), newest first; and a summary of its readings (count, first and last,
/// pressure range, highest temperature, last battery).
#[utoipa::path(post, path = "/web/log/sensor", tag = "report",
    security(("x-token" = [])), request_body = SensorQuery,
    responses((status = 200, body = Envelope<SensorHistory>)))]
async fn sensor_history(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<SensorQuery>,
) -> ApiResult<SensorHistory> {
    Ok(ApiOk(
        histories::sensor_history(&state.db, &scope, &req).await?,
    ))
}

#[derive(Debug, Deserialize, ToSchema, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(rename_all = "camelCase")]
pub struct InstallationQuery {
    /// One vehicle.
    #[serde(default, alias = "carId")]
    vehicle_id: Option<i64>,
    /// Part of the plate.
    #[serde(default, alias = "plate")]
    keyword: Option<String>,
    #[serde(default, alias = "entId")]
    enterprise_id: Option<i64>,
    /// RFC 3339; default 366 days before `end`.
    #[serde(default)]
    start: Option<DateTime<Utc>>,
    /// RFC 3339; default now.
    #[serde(default)]
    end: Option<DateTime<Utc>>,
    /// Default 1.
    #[serde(default)]
    page: Option<u64>,
    /// Default 10, at most 500.
    #[serde(default, alias = "limit")]
    page_size: Option<u64>,
}

/// Installation records of the vehicles in scope (one `vehicleId`, a plate `keyword`, an
/// `enterpriseId`): receivers installed, replaced and removed; sensors bound,
/// replaced, unbound and deleted; over `start`…`end` (default the last 366 days, at most
/// 366), newest first, paged.
#[utoipa::path(get, path = "/web/log/installation", tag = "report",
    security(("x-token" = [])), params(InstallationQuery),
    responses((status = 200, body = Envelope<PageResult<LogRow>>)))]
async fn installation(
    State(state): State<AppState>,
    ScopedQuery(scope, q): ScopedQuery<InstallationQuery>,
) -> ApiResult<PageResult<LogRow>> {
    let end = q.end.unwrap_or_else(Utc::now);
    let range = TimeRange {
        start: q
            .start
            .unwrap_or(end - Duration::days(logs::MAX_EXPORT_DAYS)),
        end,
    };
    let vehicles = VehicleChoice {
        vehicle_id: q.vehicle_id,
        keyword: q.keyword,
        enterprise_id: q.enterprise_id,
    };
    let page = PageQuery {
        page: q.page.unwrap_or(1),
        page_size: q.page_size.unwrap_or(10),
    };
    Ok(ApiOk(
        logs::installations(&state.db, &scope, vehicles, range, page).await?,
    ))
}
