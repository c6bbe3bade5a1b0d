//! Files, cover image and parts shipping of a work order.

use axum::extract::State;
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::extract::Scoped;
use crate::routes::declare::Declare;
use crate::state::AppState;
use domain::work::OrderRef;
use domain::work::attachments::{self, Cover, CoverInput, Express, FileRef, FilesInput, OrderFile};
use kernel::error::{ApiOk, ApiResult, Envelope};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .read(routes!(file_list))
        .write(routes!(set_file_list))
        .write(routes!(del_file))
        .read(routes!(cover_url))
        .write(routes!(save_cover_url))
        .write(routes!(set_express))
}

/// The files attached to a work order.
#[utoipa::path(post, path = "/work/fileList", tag = "work",
    security(("x-token" = [])), request_body = OrderRef,
    responses((status = 200, body = Envelope<Vec<OrderFile>>)))]
async fn file_list(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<OrderRef>,
) -> ApiResult<Vec<OrderFile>> {
    Ok(ApiOk(attachments::list(&state.db, &scope, req.id).await?))
}

/// Attaches files the caller uploaded (`/fileUploadAndDownload/upload` ids) to a work order.
#[utoipa::path(post, path = "/work/setFileList", tag = "work",
    security(("x-token" = [])), request_body = FilesInput,
    responses((status = 200, body = Envelope<Vec<OrderFile>>)))]
async fn set_file_list(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<FilesInput>,
) -> ApiResult<Vec<OrderFile>> {
    Ok(ApiOk(attachments::attach(&state.db, &scope, req).await?))
}

/// Takes a file off a work order.
#[utoipa::path(post, path = "/work/delFile", tag = "work",
    security(("x-token" = [])), request_body = FileRef,
    responses((status = 200, body = Envelope<Vec<OrderFile>>)))]
async fn del_file(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<FileRef>,
) -> ApiResult<Vec<OrderFile>> {
    Ok(ApiOk(attachments::detach(&state.db, &scope, req).await?))
}

/// The cover image of a work order.
#[utoipa::path(post, path = "/work/cover_url", tag = "work",
    security(("x-token" = [])), request_body = OrderRef,
    responses((status = 200, body = Envelope<Cover>)))]
async fn cover_url(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<OrderRef>,
) -> ApiResult<Cover> {
    Ok(ApiOk(attachments::cover(&state.db, &scope, req.id).await?))
}

/// Sets the cover image of a work order: an image the caller uploaded (`fileId`) or a URL (empty
/// clears it).
#[utoipa::path(post, path = "/work/save_cover_url", tag = "work",
    security(("x-token" = [])), request_body = CoverInput,
    responses((status = 200, body = Envelope<Cover>)))]
async fn save_cover_url(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<CoverInput>,
) -> ApiResult<Cover> {
    Ok(ApiOk(attachments::set_cover(&state.db, &scope, req).await?))
}

/// Records the shipping of a work order's parts: carrier and tracking number.
#[utoipa::path(post, path = "/work/setExpress", tag = "work",
    security(("x-token" = [])), request_body = Express,
    responses((status = 200, body = Envelope<Express>)))]
async fn set_express(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<Express>,
) -> ApiResult<Express> {
    Ok(ApiOk(
        attachments::set_express(&state.db, &scope, req).await?,
    ))
}
