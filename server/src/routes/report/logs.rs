//! The fleet's event log and the server-side exports (`domain::report::{logs, works}`).

use axum::extract::State;
use axum::response::Response;
use serde::Deserialize;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::extract::Scoped;
use crate::routes::declare::Declare;
use crate::state::AppState;
use domain::report::exports::ExportOptions;
use domain::report::logs::{self, LogFilter, LogRow};
use domain::report::works;
use domain::work::orders::ListQuery;
use kernel::error::{ApiOk, ApiResult, AppError, Envelope};
use kernel::paging::{PageQuery, PageResult};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .read(routes!(log_list))
        .read(routes!(log_export))
        .read(routes!(work_export))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LogListRequest {
    #[serde(flatten)]
    page: PageQuery,
    #[serde(flatten)]
    filter: LogFilter,
}

/// The fleet's event log, newest first, paged: alarms raised, acknowledged and cleared,
/// devices offline and back online, receivers and sensors installed, work orders opened and
/// moved on, trailers hitched and swapped, firmware upgrades; by vehicle (`vehicleId`), part
/// of a plate (`keyword`), enterprise (`enterpriseId`), kind (`kind`/`kinds`), level
/// (0 information, 1 warning, 2 critical), alarm kind and time (`start`/`end` required, at
/// most 31 days); pages reach 10,000 rows deep (export for more).
#[utoipa::path(post, path = "/web/log/logList", tag = "report",
    security(("x-token" = [])), request_body = LogListRequest,
    responses((status = 200, body = Envelope<PageResult<LogRow>>)))]
async fn log_list(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<LogListRequest>,
) -> ApiResult<PageResult<LogRow>> {
    Ok(ApiOk(
        logs::list(&state.db, &scope, &req.filter, req.page).await?,
    ))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LogExportRequest {
    #[serde(flatten)]
    options: ExportOptions,
    #[serde(flatten)]
    filter: LogFilter,
}

/// The event log's filter (up to 366 days) exported whole as CSV (default) or XLSX
/// (`format`), streamed as it is read: a file named after the range, headers in the
/// request's language, times in `utcOffset` minutes from UTC. A refused filter answers the
/// envelope (code 7).
#[utoipa::path(post, path = "/web/log/getLogListCSV", tag = "report",
    security(("x-token" = [])), request_body = LogExportRequest,
    responses((status = 200, description = "The file; the envelope when refused", content(
        (Envelope<serde_json::Value> = "application/json"),
        (String = "text/csv"),
        (Vec<u8> = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet")))))]
async fn log_export(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<LogExportRequest>,
) -> Result<Response, AppError> {
    let export = logs::export(&state.db, &scope, &req.filter, req.options).await?;
    Ok(super::download(export))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WorkExportRequest {
    #[serde(flatten)]
    options: ExportOptions,
    /// The work list's filters; `from` and `to` (days, at most 366 apart) are required.
    #[serde(flatten)]
    filter: ListQuery,
}

/// The work orders in scope matching the work list's filters, opened from `from` to `to`
/// (`YYYY-MM-DD`, both required, at most 366 days), newest first, exported as CSV or XLSX
/// through the same streaming exporter as `getLogListCSV`.
#[utoipa::path(post, path = "/web/log/workCSV", tag = "report",
    security(("x-token" = [])), request_body = WorkExportRequest,
    responses((status = 200, description = "The file; the envelope when refused", content(
        (Envelope<serde_json::Value> = "application/json"),
        (String = "text/csv"),
        (Vec<u8> = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet")))))]
async fn work_export(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<WorkExportRequest>,
) -> Result<Response, AppError> {
    let export = works::export(&state.db, &scope, &req.filter, req.options).await?;
    Ok(super::download(export))
}
