//! Voltage and sensor marks over time (`domain::report::marks`).

use axum::extract::State;
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::extract::Scoped;
use crate::routes::declare::Declare;
use crate::state::AppState;
use domain::report::marks::{self, PowerFilter, PowerMarks, SensorFilter, SensorMarks};
use kernel::error::{ApiOk, ApiResult, Envelope};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .read(routes!(marking_power))
        .read(routes!(marking_sensor))
}

/// A vehicle's supply voltage (V) over `start`…`end` (at most 31 days), downsampled for a
/// chart: at most `points` (default 500) equal time buckets, each with the minimum, maximum,
/// mean and count of its readings; `readings` counts the raw ones.
#[utoipa::path(post, path = "/web/log/marking_power", tag = "report",
    security(("x-token" = [])), request_body = PowerFilter,
    responses((status = 200, body = Envelope<PowerMarks>)))]
async fn marking_power(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<PowerFilter>,
) -> ApiResult<PowerMarks> {
    Ok(ApiOk(marks::power(&state.db, &scope, &req).await?))
}

/// A sensor's (`sensorNo`, or a vehicle's sensors, optionally one `position`) pressure (bar),
/// temperature (°C) and battery (%) from the stored wheel frames over `start`…`end` (at most
/// 31 days), per wheel position, downsampled like `marking_power`.
#[utoipa::path(post, path = "/web/log/marking_sensor", tag = "report",
    security(("x-token" = [])), request_body = SensorFilter,
    responses((status = 200, body = Envelope<SensorMarks>)))]
async fn marking_sensor(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<SensorFilter>,
) -> ApiResult<SensorMarks> {
    Ok(ApiOk(marks::sensor_marks(&state.db, &scope, &req).await?))
}
