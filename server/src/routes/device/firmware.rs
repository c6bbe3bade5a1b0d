//! Firmware images, upgrade tasks and upgrade strategies.

use axum::extract::State;
use serde::Deserialize;
use serde_json::Value;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::routes::declare::Declare;

use super::{IdsRequest, done};
use crate::extract::Scoped;
use crate::state::AppState;
use domain::device::firmware::{
    self, FirmwareInput, FirmwareRow, StrategyInput, StrategyRow, TaskFilter, TaskRow,
};
use kernel::error::{ApiOk, ApiResult, Envelope};
use kernel::paging::{PageQuery, PageResult};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .read(routes!(url_list))
        .write(routes!(add_bin_url))
        .write(routes!(del_url_list))
        .write(routes!(to_upgrade))
        .write(routes!(save_update))
        .write(routes!(del_task))
        .read(routes!(update_log))
        .read(routes!(strategy))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FirmwareListRequest {
    #[serde(flatten)]
    page: PageQuery,
    /// Part number, exact.
    #[serde(default, alias = "partNo")]
    model: Option<String>,
    /// Part of the version.
    #[serde(default, alias = "version")]
    keyword: Option<String>,
}

/// Firmware images (the platform catalogue), newest first.
#[utoipa::path(post, path = "/web/device/getUrlList", tag = "device",
    security(("x-token" = [])), request_body = FirmwareListRequest,
    responses((status = 200, body = Envelope<PageResult<FirmwareRow>>)))]
async fn url_list(
    State(state): State<AppState>,
    Scoped(_scope, req): Scoped<FirmwareListRequest>,
) -> ApiResult<PageResult<FirmwareRow>> {
    Ok(ApiOk(
        firmware::list(
            &state.db,
            req.model.as_deref(),
            req.keyword.as_deref(),
            req.page,
        )
        .await?,
    ))
}

/// Registers a firmware image from an uploaded file (`fileId`) or a URL (platform staff);
/// model + version is unique.
#[utoipa::path(post, path = "/web/device/addBinUrl", tag = "device",
    security(("x-token" = [])), request_body = FirmwareInput,
    responses((status = 200, body = Envelope<FirmwareRow>)))]
async fn add_bin_url(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<FirmwareInput>,
) -> ApiResult<FirmwareRow> {
    Ok(ApiOk(firmware::add(&state.db, &scope, req).await?))
}

/// Deletes firmware images (platform staff), all or none; refused while an upgrade under way
/// uses one.
#[utoipa::path(post, path = "/web/device/delUrlList", tag = "device",
    security(("x-token" = [])), request_body = IdsRequest,
    responses((status = 200, body = Envelope<Value>)))]
async fn del_url_list(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<IdsRequest>,
) -> ApiResult<Value> {
    firmware::delete(&state.db, &scope, &req.ids).await?;
    done()
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ToUpgradeRequest {
    /// Devices to upgrade (their part number must match the firmware's model).
    #[serde(alias = "ids")]
    device_ids: Vec<i64>,
    firmware_id: i64,
}

/// Queues an upgrade task per device, all or none (a device with an upgrade under way is
/// refused).
#[utoipa::path(post, path = "/web/device/toUpgrade", tag = "device",
    security(("x-token" = [])), request_body = ToUpgradeRequest,
    responses((status = 200, body = Envelope<Vec<TaskRow>>)))]
async fn to_upgrade(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<ToUpgradeRequest>,
) -> ApiResult<Vec<TaskRow>> {
    Ok(ApiOk(
        firmware::to_upgrade(&state.db, &scope, &req.device_ids, req.firmware_id).await?,
    ))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SaveUpdateRequest {
    #[serde(alias = "ID", alias = "taskId")]
    id: i64,
    /// 1 sent, 2 downloading, 3 upgraded, 4 failed; moves: queued→sent|failed,
    /// sent→downloading|failed, downloading→upgraded|failed.
    status: i16,
    #[serde(default)]
    message: Option<String>,
}

/// Moves an upgrade task to its next status; upgraded sets the device's version.
#[utoipa::path(post, path = "/web/device/saveUpdate", tag = "device",
    security(("x-token" = [])), request_body = SaveUpdateRequest,
    responses((status = 200, body = Envelope<TaskRow>)))]
async fn save_update(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<SaveUpdateRequest>,
) -> ApiResult<TaskRow> {
    Ok(ApiOk(
        firmware::save_status(
            &state.db,
            &scope,
            req.id,
            req.status,
            req.message.as_deref(),
        )
        .await?,
    ))
}

/// Cancels queued or sent upgrade tasks, all or none.
#[utoipa::path(post, path = "/web/device/delTask", tag = "device",
    security(("x-token" = [])), request_body = IdsRequest,
    responses((status = 200, body = Envelope<Value>)))]
async fn del_task(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<IdsRequest>,
) -> ApiResult<Value> {
    firmware::cancel(&state.db, &scope, &req.ids).await?;
    done()
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UpdateLogRequest {
    #[serde(flatten)]
    page: PageQuery,
    #[serde(flatten)]
    filter: TaskFilter,
}

/// The upgrade log: tasks in scope, newest first.
#[utoipa::path(post, path = "/web/device/updateLog", tag = "device",
    security(("x-token" = [])), request_body = UpdateLogRequest,
    responses((status = 200, body = Envelope<PageResult<TaskRow>>)))]
async fn update_log(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<UpdateLogRequest>,
) -> ApiResult<PageResult<TaskRow>> {
    Ok(ApiOk(
        firmware::log(&state.db, &scope, &req.filter, req.page).await?,
    ))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StrategyRequest {
    #[serde(default, alias = "entId", alias = "ent_id")]
    enterprise_id: Option<i64>,
    /// The strategy to save; absent: only list.
    #[serde(default)]
    strategy: Option<StrategyInput>,
}

/// An enterprise's upgrade strategies per part number (auto within a window, or manual);
/// saves `strategy` first when given.
#[utoipa::path(post, path = "/web/device/strategy", tag = "device",
    security(("x-token" = [])), request_body = StrategyRequest,
    responses((status = 200, body = Envelope<Vec<StrategyRow>>)))]
async fn strategy(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<StrategyRequest>,
) -> ApiResult<Vec<StrategyRow>> {
    Ok(ApiOk(
        firmware::strategy(&state.db, &scope, req.enterprise_id, req.strategy).await?,
    ))
}
