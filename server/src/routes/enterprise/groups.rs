//! Groups (teams) and vehicle-to-group assignment.

use axum::extract::State;
use serde::Deserialize;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::routes::declare::Declare;

use super::{IdsRequest, done};
use crate::extract::Scoped;
use crate::state::AppState;
use domain::enterprise::groups::{self, GroupInput, GroupRow, GroupVehicles, GroupWithUsers};
use kernel::error::{ApiOk, ApiResult, AppError, Envelope};
use kernel::paging::{PageQuery, PageResult};
use kernel::text;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .read(routes!(group_list))
        .read(routes!(group_user_list))
        .write(routes!(save_group))
        .write(routes!(set_group_users))
        .write(routes!(del_group))
        .write(routes!(update_group_vehicle))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct GroupListRequest {
    #[serde(flatten)]
    page: PageQuery,
    #[serde(default, alias = "enterpriseId")]
    ent_id: Option<i64>,
    #[serde(default, alias = "name")]
    keyword: Option<String>,
}

/// Groups of an enterprise (default: the acting one) with member ids and vehicle counts, paged.
#[utoipa::path(post, path = "/web/group/groupList", tag = "enterprise",
    security(("x-token" = [])), request_body = GroupListRequest,
    responses((status = 200, body = Envelope<PageResult<GroupRow>>)))]
async fn group_list(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<GroupListRequest>,
) -> ApiResult<PageResult<GroupRow>> {
    Ok(ApiOk(
        groups::list(
            &state.db,
            &scope,
            req.ent_id,
            req.keyword.as_deref(),
            req.page,
        )
        .await?,
    ))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct GroupUserListRequest {
    #[serde(default, alias = "enterpriseId")]
    ent_id: Option<i64>,
    /// 0 (default): the groups with their users; 1: also the members in no group, as a last
    /// entry with `groupId` 0.
    #[serde(default, rename = "type")]
    kind: i16,
}

/// The groups of an enterprise with their users, for member pickers.
#[utoipa::path(post, path = "/web/group/getGroupUserList", tag = "enterprise",
    security(("x-token" = [])), request_body = GroupUserListRequest,
    responses((status = 200, body = Envelope<Vec<GroupWithUsers>>)))]
async fn group_user_list(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<GroupUserListRequest>,
) -> ApiResult<Vec<GroupWithUsers>> {
    if !matches!(req.kind, 0 | 1) {
        return Err(AppError::fail(text!(
            "type 须为 0 或 1",
            "type must be 0 or 1"
        )));
    }
    Ok(ApiOk(
        groups::with_users(&state.db, &scope, req.ent_id, req.kind == 1).await?,
    ))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SaveGroupRequest {
    /// The group to edit; absent or 0 creates one.
    #[serde(default, rename = "ID", alias = "id")]
    id: Option<i64>,
    /// The enterprise of a new group (default: the acting one).
    #[serde(default, alias = "enterpriseId")]
    ent_id: Option<i64>,
    /// Unique within the enterprise, 1–32 characters (required on creation).
    #[serde(default)]
    name: Option<String>,
    #[serde(default)]
    remark: Option<String>,
    #[serde(default)]
    sort: Option<i32>,
    /// Replaces the members (each must be a member of the enterprise).
    #[serde(default)]
    user_ids: Option<Vec<i64>>,
}

/// Creates or edits a group (and optionally sets its members).
#[utoipa::path(post, path = "/web/group/saveGroup", tag = "enterprise",
    security(("x-token" = [])), request_body = SaveGroupRequest,
    responses((status = 200, body = Envelope<GroupRow>)))]
async fn save_group(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<SaveGroupRequest>,
) -> ApiResult<GroupRow> {
    let input = GroupInput {
        id: req.id,
        ent_id: req.ent_id,
        name: req.name,
        remark: req.remark,
        sort: req.sort,
        user_ids: req.user_ids,
    };
    Ok(ApiOk(groups::save(&state.db, &scope, input).await?))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SetGroupUsersRequest {
    #[serde(rename = "ID", alias = "id", alias = "groupId")]
    id: i64,
    /// The group's members from now on (each a member of its enterprise).
    user_ids: Vec<i64>,
}

/// Replaces a group's members.
#[utoipa::path(post, path = "/web/group/setGroupUsers", tag = "enterprise",
    security(("x-token" = [])), request_body = SetGroupUsersRequest,
    responses((status = 200, body = Envelope<GroupRow>)))]
async fn set_group_users(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<SetGroupUsersRequest>,
) -> ApiResult<GroupRow> {
    Ok(ApiOk(
        groups::set_users(&state.db, &scope, req.id, &req.user_ids).await?,
    ))
}

/// Deletes groups, all or none; their member lists and vehicle assignments go with them.
#[utoipa::path(post, path = "/web/group/delGroup", tag = "enterprise",
    security(("x-token" = [])), request_body = IdsRequest,
    responses((status = 200, body = Envelope<serde_json::Value>)))]
async fn del_group(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<IdsRequest>,
) -> ApiResult<serde_json::Value> {
    groups::delete(&state.db, &scope, &req.ids).await?;
    done()
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct GroupVehicleRequest {
    /// The enterprise (default: the group's, or the acting one for `groupId` 0).
    #[serde(default, alias = "enterpriseId")]
    ent_id: Option<i64>,
    /// The group; 0 takes the vehicles out of their groups.
    group_id: i64,
    /// Vehicle ids (positive, at most 1000).
    vehicle_ids: Vec<i64>,
    /// Make `vehicleIds` the group's whole set (default: add them).
    #[serde(default)]
    replace: bool,
}

/// Assigns vehicles to a group of the enterprise (a vehicle is in at most one group per
/// enterprise; assigning moves it). Answers the group's vehicles.
#[utoipa::path(put, path = "/tbEnterpriseGroupVehicle/updateTbEnterpriseGroupVehicle",
    tag = "enterprise", security(("x-token" = [])), request_body = GroupVehicleRequest,
    responses((status = 200, body = Envelope<GroupVehicles>)))]
async fn update_group_vehicle(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<GroupVehicleRequest>,
) -> ApiResult<GroupVehicles> {
    Ok(ApiOk(
        groups::assign_vehicles(
            &state.db,
            &scope,
            req.ent_id,
            req.group_id,
            &req.vehicle_ids,
            req.replace,
        )
        .await?,
    ))
}
