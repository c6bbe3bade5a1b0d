//! Device reports over HTTP. The same JSON arrives over MQTT (services/telemetry/mqtt.rs).

use axum::body::Bytes;
use axum::extract::State;
use axum::http::HeaderMap;
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::routes::declare::Declare;

use crate::state::AppState;
use ingestion::ingest::{Credential, MAX_PER_REQUEST, Outcome, refused};
use ingestion::report::ReportBody;
use kernel::error::{ApiOk, ApiResult, AppError, Envelope};
use kernel::text;

pub fn tapi() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().device(routes!(report))
}

/// A device reports position, tyre and axle readings, supply and signal (`ts` in ms of device
/// time; every part but `imei` and `ts` optional; pressure bar, temperature °C, battery %).
/// Authenticated by the device's key in `x-device-key`. Answers once the accepted reports are
/// durable; each refused one is listed with its index, reason (`malformed`, `unknownDevice`,
/// `badTime`, `badPosition`, `outOfRange`, `duplicate`) and the part it names. A request
/// whose reports are all refused answers code 7 with that list in `data`. At most 1000 reports
/// per request.
#[utoipa::path(post, path = "/device/report", tag = "telemetry",
    security(("x-device-key" = [])), request_body = ReportBody,
    responses((status = 200, body = Envelope<Outcome>)))]
async fn report(
    State(state): State<AppState>,
    headers: HeaderMap,
    body: Bytes,
) -> ApiResult<Outcome> {
    let key = headers
        .get("x-device-key")
        .and_then(|v| v.to_str().ok())
        .map(str::trim)
        .filter(|k| !k.is_empty())
        .ok_or_else(|| AppError::fail(text!("缺少 x-device-key", "x-device-key is missing")))?;
    let reports = match crate::extract::parse_json::<ReportBody>(&body) {
        Ok(body) => body.into_reports(),
        Err(err) => {
            state.ingest.count_malformed();
            return Err(err);
        }
    };
    if reports.len() > MAX_PER_REQUEST {
        return Err(AppError::fail(text!(
            "一次最多上报 {} 条",
            "At most {} reports per request",
            MAX_PER_REQUEST
        )));
    }
    let outcome = state.ingest.submit(reports, Credential::Key(key)).await?;
    if outcome.accepted == 0 && !outcome.rejected.is_empty() {
        return Err(AppError::FailWith(
            refused(&outcome),
            serde_json::to_value(&outcome).unwrap_or_default(),
        ));
    }
    Ok(ApiOk(outcome))
}
