//! Work-order flows and their nodes (work settings), and moving an order on its flow.

use axum::extract::State;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::extract::Scoped;
use crate::routes::declare::Declare;
use crate::state::AppState;
use domain::work::flows::{
    self, Branch, BranchRef, ConditionInput, CopyInput, Flow, FlowInput, FlowListQuery, FlowRef,
    FlowRow, FunctionInfo, FunctionQuery, Node, NodeDetail, NodeQuery, NodeUpdate, Step, StepInput,
};
use kernel::error::{ApiOk, ApiResult, Envelope};
use kernel::paging::PageResult;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .read(routes!(flow_list))
        .write(routes!(flow_save))
        .write(routes!(copy_flow))
        .write(routes!(del_flow))
        .write(routes!(save_flow))
        .read(routes!(setting_list))
        .read(routes!(setting_detail))
        .write(routes!(update_node))
        .read(routes!(fun_search))
        .write(routes!(condition))
        .write(routes!(del_choose))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FlowIds {
    #[serde(alias = "flowIds", alias = "id")]
    ids: Vec<i64>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Deleted {
    deleted: u64,
}

/// The flows of an enterprise (default: the acting one), the built-in flow (−1) first, with the
/// order types following each and how many open orders do.
#[utoipa::path(post, path = "/work/flow/list", tag = "work",
    security(("x-token" = [])), request_body = FlowListQuery,
    responses((status = 200, body = Envelope<PageResult<FlowRow>>)))]
async fn flow_list(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<FlowListQuery>,
) -> ApiResult<PageResult<FlowRow>> {
    Ok(ApiOk(flows::list(&state.db, &scope, req).await?))
}

/// Creates (no `id`) or changes a flow with its nodes in the given order: at least 2 nodes, the
/// first pending (100), the last closed (104); node ids given are kept; removing a node an open
/// order stands on is refused naming the order. The built-in flow cannot be changed.
#[utoipa::path(post, path = "/work/flow/save", tag = "work",
    security(("x-token" = [])), request_body = FlowInput,
    responses((status = 200, body = Envelope<Flow>)))]
async fn flow_save(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<FlowInput>,
) -> ApiResult<Flow> {
    Ok(ApiOk(flows::save(&state.db, &scope, req).await?))
}

/// Copies a flow (the built-in one too) as "… (copy)" or the given name.
#[utoipa::path(post, path = "/work/copy_flow", tag = "work",
    security(("x-token" = [])), request_body = CopyInput,
    responses((status = 200, body = Envelope<Flow>)))]
async fn copy_flow(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<CopyInput>,
) -> ApiResult<Flow> {
    Ok(ApiOk(flows::copy(&state.db, &scope, req).await?))
}

/// Deletes flows, all or none: refused while an order type names one or an open order follows
/// it (naming them). The built-in flow cannot be deleted.
#[utoipa::path(post, path = "/work/del_flow", tag = "work",
    security(("x-token" = [])), request_body = FlowIds,
    responses((status = 200, body = Envelope<Deleted>)))]
async fn del_flow(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<FlowIds>,
) -> ApiResult<Deleted> {
    Ok(ApiOk(Deleted {
        deleted: flows::delete(&state.db, &scope, &req.ids).await?,
    }))
}

/// Submits the order's current node (required fields from `data` and required functions, each
/// missing one named) and moves it to `nodeId`, the selectable next node; a node of another
/// state is that state transition. Writes a step entry (kind 5). Answers the order's steps.
#[utoipa::path(post, path = "/work/save_flow", tag = "work",
    security(("x-token" = [])), request_body = StepInput,
    responses((status = 200, body = Envelope<Vec<Step>>)))]
async fn save_flow(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<StepInput>,
) -> ApiResult<Vec<Step>> {
    Ok(ApiOk(
        flows::move_on(&state.db, &scope, &state.live, req).await?,
    ))
}

/// The nodes of a flow in order, with fields, functions and branches.
#[utoipa::path(post, path = "/workSetting/list", tag = "work",
    security(("x-token" = [])), request_body = FlowRef,
    responses((status = 200, body = Envelope<Vec<Node>>)))]
async fn setting_list(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<FlowRef>,
) -> ApiResult<Vec<Node>> {
    Ok(ApiOk(flows::nodes(&state.db, &scope, req.flow_id).await?))
}

/// A node (`id`), or an order's current node (`orderId`) with the display states of its fields
/// and functions for the caller and the order's steps.
#[utoipa::path(post, path = "/workSetting/detail", tag = "work",
    security(("x-token" = [])), request_body = NodeQuery,
    responses((status = 200, body = Envelope<NodeDetail>)))]
async fn setting_detail(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<NodeQuery>,
) -> ApiResult<NodeDetail> {
    Ok(ApiOk(flows::detail(&state.db, &scope, req).await?))
}

/// Changes one node of one of the enterprise's flows (parts left out keep their value).
#[utoipa::path(post, path = "/workSetting/update_node", tag = "work",
    security(("x-token" = [])), request_body = NodeUpdate,
    responses((status = 200, body = Envelope<Node>)))]
async fn update_node(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<NodeUpdate>,
) -> ApiResult<Node> {
    Ok(ApiOk(flows::update_node(&state.db, &scope, req).await?))
}

/// The functions a node may offer (photo, signature, parts, …), matching `keyword`.
#[utoipa::path(post, path = "/workSetting/fun_search", tag = "work",
    security(("x-token" = [])), request_body = FunctionQuery,
    responses((status = 200, body = Envelope<Vec<FunctionInfo>>)))]
async fn fun_search(Scoped(_scope, req): Scoped<FunctionQuery>) -> ApiResult<Vec<FunctionInfo>> {
    Ok(ApiOk(flows::functions(&req)))
}

/// A node's branches; replaced when `conditions` is given (each to a later node of the flow).
#[utoipa::path(post, path = "/workSetting/condition", tag = "work",
    security(("x-token" = [])), request_body = ConditionInput,
    responses((status = 200, body = Envelope<Vec<Branch>>)))]
async fn condition(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<ConditionInput>,
) -> ApiResult<Vec<Branch>> {
    Ok(ApiOk(flows::conditions(&state.db, &scope, req).await?))
}

/// Removes one branch of a node; answers the rest.
#[utoipa::path(post, path = "/workSetting/delChoose", tag = "work",
    security(("x-token" = [])), request_body = BranchRef,
    responses((status = 200, body = Envelope<Vec<Branch>>)))]
async fn del_choose(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<BranchRef>,
) -> ApiResult<Vec<Branch>> {
    Ok(ApiOk(flows::remove_branch(&state.db, &scope, req).await?))
}
