//! Area `report`: one module per resource, mirroring `domain::report` (the live logs, the
//! event log and the exports, mileage, marks, device and sensor histories, installations and
//! tyres, dashboard boards, supervision and chip statistics, search) and the fleet reports over
//! finished days (`rollups`) and the periodic report as files and their scheduled delivery
//! (`periodic`). Every handler takes the
//! caller's scope through [`Scoped`](crate::extract::Scoped) or
//! [`ScopedQuery`](crate::extract::ScopedQuery).

mod boards;
mod histories;
mod live;
mod logs;
mod marks;
mod mileage;
mod periodic;
mod rollups;
mod search;
mod supervision;
mod tyres;

use axum::body::Body;
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use utoipa_axum::router::OpenApiRouter;

use crate::state::AppState;
use domain::report::exports::Export;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .merge(rollups::router())
        .merge(periodic::router())
        .merge(boards::router())
        .merge(histories::router())
        .merge(live::router())
        .merge(logs::router())
        .merge(marks::router())
        .merge(mileage::router())
        .merge(search::router())
        .merge(supervision::router())
        .merge(tyres::router())
}

/// An export as a download: the file streamed as it is written.
pub(crate) fn download(export: Export) -> Response {
    attachment(
        Body::from_stream(export.body),
        &export.file_name,
        export.content_type,
    )
}

/// A file answered as an attachment named `file_name`, never cached.
pub(crate) fn attachment(body: Body, file_name: &str, content_type: &'static str) -> Response {
    let mut res = (StatusCode::OK, body).into_response();
    let h = res.headers_mut();
    h.insert(header::CONTENT_TYPE, HeaderValue::from_static(content_type));
    if let Ok(value) =
        HeaderValue::from_str(&crate::routes::system::files::disposition(file_name, false))
    {
        h.insert(header::CONTENT_DISPOSITION, value);
    }
    h.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    h.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    res
}
