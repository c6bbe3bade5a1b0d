//! The periodic report as a file (XLSX or PDF) and its scheduled delivery to members
//! (`domain::report::periodic`): the download, the subscriptions, "send now", and the
//! delivered files behind the links in messages and webhooks.

use axum::Extension;
use axum::extract::State;
use axum::response::Response;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::extract::{ApiQuery, Scoped, ScopedQuery};
use crate::routes::ClientAddr;
use crate::routes::declare::Declare;
use crate::state::AppState;
use domain::report::periodic::delivery::{self, Delivered, SendRequest};
use domain::report::periodic::subscriptions::{self, ListRequest, Subscription, SubscriptionInput};
use domain::report::periodic::{self, FileRequest, ReportFile, ReportFiles};
use kernel::error::{ApiOk, ApiResult, AppError, Envelope};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .read(routes!(periodic_file))
        .open(routes!(periodic_delivery))
        .read(routes!(report_subscriptions))
        .write(routes!(report_subscription_save))
        .write(routes!(report_subscription_delete))
        .write(routes!(report_subscription_send))
}

/// A finished report file as a download (whole: a report is a few pages).
fn download(file: ReportFile) -> Response {
    super::attachment(
        axum::body::Body::from(file.bytes),
        &file.file_name,
        file.content_type,
    )
}

/// The daily, weekly (Monday to Sunday) or monthly fleet report of the period holding `day`
/// (today at the latest) as `xlsx` (sheets: summary against the previous period, daily trend,
/// alarms by kind, enterprises) or `pdf` (totals, a chart, the same tables), in the request's
/// language, units in the headers. A refusal answers the envelope (code 7 naming the field,
/// or `WHEELEND_PDF_FONT` when no usable font is installed for the PDF).
#[utoipa::path(get, path = "/dataReport/periodic_file", tag = "report",
    security(("x-token" = [])), params(FileRequest),
    responses((status = 200, description = "The file; the envelope when refused", content(
        (Envelope<serde_json::Value> = "application/json"),
        (Vec<u8> = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"),
        (Vec<u8> = "application/pdf")))))]
async fn periodic_file(
    State(state): State<AppState>,
    ScopedQuery(scope, q): ScopedQuery<FileRequest>,
) -> Result<Response, AppError> {
    let file = periodic::download(
        &state.db,
        &scope,
        &q,
        kernel::i18n::current(),
        &ReportFiles::from_config(&state.cfg),
    )
    .await?;
    Ok(download(file))
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct DeliveryQuery {
    /// The token of the link sent with the report.
    token: String,
}

/// A delivered periodic report, by the token of the link its message or webhook carried (no
/// session: the token is the key). Code 7 naming `token` for an unknown link.
#[utoipa::path(get, path = "/dataReport/periodic_delivery", tag = "report",
    params(DeliveryQuery),
    responses((status = 200, description = "The file; the envelope when refused", content(
        (Envelope<serde_json::Value> = "application/json"),
        (Vec<u8> = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"),
        (Vec<u8> = "application/pdf")))))]
async fn periodic_delivery(
    State(state): State<AppState>,
    ApiQuery(q): ApiQuery<DeliveryQuery>,
) -> Result<Response, AppError> {
    let files = ReportFiles::from_config(&state.cfg);
    let file = delivery::file_by_token(&state.db, &files, &q.token).await?;
    Ok(download(file))
}

/// The caller's report subscriptions in the acting enterprise; an administrator's `all`:
/// every member's. Each with its latest delivery.
#[utoipa::path(post, path = "/dataReport/subscriptions", tag = "report",
    security(("x-token" = [])), request_body = ListRequest,
    responses((status = 200, body = Envelope<Vec<Subscription>>)))]
async fn report_subscriptions(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<ListRequest>,
) -> ApiResult<Vec<Subscription>> {
    Ok(ApiOk(subscriptions::list(&state.db, &scope, &req).await?))
}

/// Subscribes a member of the acting enterprise (default: the caller; others only for
/// administrators) to the daily, weekly or monthly report as XLSX or PDF, delivered after
/// each period closes as an in-console message and/or to one of the enterprise's webhooks,
/// in the request's language; with `id`, changes one. One subscription per member, cadence
/// and format.
#[utoipa::path(post, path = "/dataReport/subscription_save", tag = "report",
    security(("x-token" = [])), request_body = SubscriptionInput,
    responses((status = 200, body = Envelope<Subscription>)))]
async fn report_subscription_save(
    State(state): State<AppState>,
    Extension(client): Extension<ClientAddr>,
    Scoped(scope, req): Scoped<SubscriptionInput>,
) -> ApiResult<Subscription> {
    let scheme = if client.https { "https" } else { "http" };
    let origin = format!("{scheme}://{}", client.host);
    Ok(ApiOk(
        subscriptions::save(&state.db, &scope, &req, kernel::i18n::current(), &origin).await?,
    ))
}

#[derive(Debug, Deserialize, Serialize, ToSchema)]
pub struct SubscriptionId {
    id: i64,
}

/// Deletes a report subscription (the caller's own, or an administrator's member's);
/// reports already sent stay readable by their links.
#[utoipa::path(post, path = "/dataReport/subscription_delete", tag = "report",
    security(("x-token" = [])), request_body = SubscriptionId,
    responses((status = 200, body = Envelope<SubscriptionId>)))]
async fn report_subscription_delete(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<SubscriptionId>,
) -> ApiResult<SubscriptionId> {
    subscriptions::delete(&state.db, &scope, req.id).await?;
    Ok(ApiOk(req))
}

/// Sends a subscription's report now through its channels (the latest finished period, or
/// the one holding `day`), outside the schedule: a preview, not the period's scheduled
/// delivery.
#[utoipa::path(post, path = "/dataReport/subscription_send", tag = "report",
    security(("x-token" = [])), request_body = SendRequest,
    responses((status = 200, body = Envelope<Delivered>)))]
async fn report_subscription_send(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<SendRequest>,
) -> ApiResult<Delivered> {
    let files = ReportFiles::from_config(&state.cfg);
    Ok(ApiOk(
        delivery::send_now(&state.db, &state.live, &files, &scope, &req).await?,
    ))
}
