//! Clusters ("colonies").

use axum::extract::State;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::routes::declare::Declare;

use super::{EntRequest, part};
use crate::extract::Scoped;
use crate::state::AppState;
use domain::enterprise::clusters::{self, ClusterDetail, ClusterInput, ClusterRow, ClusterToggle};
use domain::enterprise::enterprises::{EnterpriseInput, EnterpriseRow};
use kernel::error::{ApiOk, ApiResult, AppError, Envelope};
use kernel::paging::{PageQuery, PageResult};
use kernel::text;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .read(routes!(colony_list))
        .read(routes!(list))
        .read(routes!(colony_info))
        .write(routes!(update_colony))
        .write(routes!(save_cluster))
        .write(routes!(save_ent))
        .read(routes!(list_ent))
        .write(routes!(add_ent))
        .read(routes!(toggle_list))
        .write(routes!(cut))
}

/// The clusters an enterprise (default: the acting one) belongs to or supervises.
#[utoipa::path(post, path = "/web/ent/colonyList", tag = "enterprise",
    security(("x-token" = [])), request_body = EntRequest,
    responses((status = 200, body = Envelope<Vec<ClusterRow>>)))]
async fn colony_list(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<EntRequest>,
) -> ApiResult<Vec<ClusterRow>> {
    Ok(ApiOk(
        clusters::of_enterprise(&state.db, &scope, req.ent_id).await?,
    ))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ClusterListRequest {
    #[serde(flatten)]
    page: PageQuery,
    #[serde(default, alias = "name")]
    keyword: Option<String>,
}

/// Clusters the caller sees (supervised by, or containing, an enterprise they see), paged.
#[utoipa::path(post, path = "/web/cluster/list", tag = "enterprise",
    security(("x-token" = [])), request_body = ClusterListRequest,
    responses((status = 200, body = Envelope<PageResult<ClusterRow>>)))]
async fn list(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<ClusterListRequest>,
) -> ApiResult<PageResult<ClusterRow>> {
    Ok(ApiOk(
        clusters::list(&state.db, &scope, req.keyword.as_deref(), req.page).await?,
    ))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ColonyRequest {
    #[serde(alias = "ID", alias = "id")]
    colony_id: i64,
}

/// One cluster with the enterprises of it the caller sees.
#[utoipa::path(post, path = "/web/cluster/colonyInfo", tag = "enterprise",
    security(("x-token" = [])), request_body = ColonyRequest,
    responses((status = 200, body = Envelope<ClusterDetail>)))]
async fn colony_info(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<ColonyRequest>,
) -> ApiResult<ClusterDetail> {
    Ok(ApiOk(
        clusters::detail(&state.db, &scope, req.colony_id).await?,
    ))
}

/// Edits a cluster (name, brand host, logo, remark, supervising enterprise). Platform staff
/// and the supervisor's members manage a cluster.
#[utoipa::path(post, path = "/web/cluster/updateColony", tag = "enterprise",
    security(("x-token" = [])), request_body = ClusterInput,
    responses((status = 200, body = Envelope<ClusterRow>)))]
async fn update_colony(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<ClusterInput>,
) -> ApiResult<ClusterRow> {
    if req.cluster_id.unwrap_or_default() == 0 {
        return Err(AppError::fail(text!(
            "请求参数 colonyId 不能为空",
            "Field colonyId is required"
        )));
    }
    let saved = clusters::save(&state.db, &scope, &req).await?;
    Ok(ApiOk(saved))
}

/// Creates a cluster (no `colonyId`) or edits one. Others than platform staff create clusters
/// supervised by their acting enterprise.
#[utoipa::path(post, path = "/web/cluster/save_cluster", tag = "enterprise",
    security(("x-token" = [])), request_body = ClusterInput,
    responses((status = 200, body = Envelope<ClusterRow>)))]
async fn save_cluster(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<ClusterInput>,
) -> ApiResult<ClusterRow> {
    let saved = clusters::save(&state.db, &scope, &req).await?;
    Ok(ApiOk(saved))
}

/// The body's documented shape; the handler reads it in parts.
#[allow(dead_code)]
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SaveEntRequest {
    /// The cluster the enterprise joins.
    colony_id: i64,
    /// The enterprise's fields, as for `tbUp` (`entId` to edit one).
    #[serde(flatten)]
    ent: EnterpriseInput,
}

/// Creates (no `entId`) or edits an enterprise and puts it into a cluster the caller manages;
/// a cluster manager may create top-level enterprises there.
#[utoipa::path(post, path = "/web/cluster/save_ent", tag = "enterprise",
    security(("x-token" = [])), request_body = SaveEntRequest,
    responses((status = 200, body = Envelope<EnterpriseRow>)))]
async fn save_ent(
    State(state): State<AppState>,
    Scoped(scope, body): Scoped<serde_json::Value>,
) -> ApiResult<EnterpriseRow> {
    let cluster: SaveEntCluster = part(&body)?;
    let ent: EnterpriseInput = part(&body)?;
    let saved = clusters::save_enterprise(&state.db, &scope, cluster.colony_id, &ent).await?;
    Ok(ApiOk(saved))
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct SaveEntCluster {
    colony_id: i64,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ListEntRequest {
    #[serde(flatten)]
    page: PageQuery,
    #[serde(alias = "ID", alias = "id")]
    colony_id: i64,
    #[serde(default, alias = "entName")]
    keyword: Option<String>,
}

/// The enterprises of a cluster the caller sees, paged.
#[utoipa::path(post, path = "/web/cluster/list_ent", tag = "enterprise",
    security(("x-token" = [])), request_body = ListEntRequest,
    responses((status = 200, body = Envelope<PageResult<EnterpriseRow>>)))]
async fn list_ent(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<ListEntRequest>,
) -> ApiResult<PageResult<EnterpriseRow>> {
    Ok(ApiOk(
        clusters::enterprises_of(&state.db, &scope, req.colony_id, req.keyword, req.page).await?,
    ))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AddEntRequest {
    colony_id: i64,
    /// Enterprises to add (others than platform staff: ones they act for).
    ent_ids: Vec<i64>,
    /// Take them out of the cluster instead.
    #[serde(default)]
    remove: bool,
}

/// Adds enterprises to a cluster the caller manages (or, with `remove`, takes them out), all
/// or none. The supervisor's members see the cluster's enterprises from then on.
#[utoipa::path(post, path = "/web/cluster/add_ent", tag = "enterprise",
    security(("x-token" = [])), request_body = AddEntRequest,
    responses((status = 200, body = Envelope<ClusterRow>)))]
async fn add_ent(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<AddEntRequest>,
) -> ApiResult<ClusterRow> {
    let saved =
        clusters::add_enterprises(&state.db, &scope, req.colony_id, &req.ent_ids, req.remove)
            .await?;
    Ok(ApiOk(saved))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct ToggleListRequest {
    /// Page number (default 1).
    #[serde(default = "first")]
    page: u64,
    /// Page size (default 100).
    #[serde(default = "hundred", alias = "pageSize")]
    limit: u64,
}

fn first() -> u64 {
    1
}

fn hundred() -> u64 {
    100
}

/// The clusters the caller may switch to (`label`, `value` = colonyId, `logo`, `domain`),
/// paged: page 1 and size 100 unless `page` / `limit` say otherwise.
#[utoipa::path(post, path = "/web/cluster/toggle_list", tag = "enterprise",
    security(("x-token" = [])), request_body = ToggleListRequest,
    responses((status = 200, body = Envelope<PageResult<ClusterToggle>>)))]
async fn toggle_list(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<ToggleListRequest>,
) -> ApiResult<PageResult<ClusterToggle>> {
    let page = PageQuery {
        page: req.page,
        page_size: req.limit,
    };
    Ok(ApiOk(clusters::toggle_list(&state.db, &scope, page).await?))
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ColonyCut {
    colony_id: Option<i64>,
}

/// Sets the caller's current cluster (`colonyId`, one they see; 0 for none).
#[utoipa::path(post, path = "/web/cluster/cut", tag = "enterprise",
    security(("x-token" = [])), request_body = ColonyRequest,
    responses((status = 200, body = Envelope<ColonyCut>)))]
async fn cut(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<ColonyRequest>,
) -> ApiResult<ColonyCut> {
    Ok(ApiOk(ColonyCut {
        colony_id: clusters::cut(&state.db, &scope, req.colony_id).await?,
    }))
}
