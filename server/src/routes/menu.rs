//! Menus: base menus, role menus, enterprise narrowing and the caller's route tree.

use std::collections::BTreeSet;

use axum::extract::State;
use serde::{Deserialize, Serialize};
use serde_json::json;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::routes::declare::Declare;

use crate::extract::{ApiJson, ApiQuery, CurrentUser};
use crate::state::AppState;
use domain::menu::{self, BaseMenu, EnterpriseRole, MenuInput, RouteMenu};
use kernel::error::{ApiOk, ApiResult, AppError, Envelope};
use kernel::text;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .read(routes!(get_menu_list))
        .write(routes!(add_base_menu))
        .read(routes!(get_base_menu_tree))
        .write(routes!(add_menu_authority))
        .write(routes!(delete_base_menu))
        .write(routes!(update_base_menu))
        .read(routes!(get_base_menu_by_id))
        .write(routes!(update_menu_root))
        .read(routes!(enterprise_authority_list))
        .read(routes!(enterprise_menu_authority))
        .write(routes!(enterprise_add_menu_authority))
        .read(routes!(enterprise_base_menu_tree))
        .read(routes!(get_menu))
}

type Empty = serde_json::Value;

#[derive(Serialize, ToSchema)]
pub struct MenuAnswer {
    menu: BaseMenu,
}

#[derive(Serialize, ToSchema)]
pub struct MenusAnswer {
    menus: Vec<BaseMenu>,
}

/// Every base menu as trees, with buttons (`menuBtn`) and parameters.
#[utoipa::path(post, path = "/menu/getMenuList", tag = "authz", security(("x-token" = [])),
    responses((status = 200, body = Envelope<Vec<BaseMenu>>)))]
async fn get_menu_list(State(state): State<AppState>) -> ApiResult<Vec<BaseMenu>> {
    Ok(ApiOk(menu::menu_list(&state.db).await?))
}

/// Creates a base menu (path, name, component and meta.title required; name unique).
#[utoipa::path(post, path = "/menu/addBaseMenu", tag = "authz", security(("x-token" = [])),
    request_body = MenuInput, responses((status = 200, body = Envelope<MenuAnswer>)))]
async fn add_base_menu(
    State(state): State<AppState>,
    ApiJson(req): ApiJson<MenuInput>,
) -> ApiResult<MenuAnswer> {
    Ok(ApiOk(MenuAnswer {
        menu: menu::add_menu(&state.db, &req).await?,
    }))
}

/// Every base menu as trees, for assigning menus to a role.
#[utoipa::path(post, path = "/menu/getBaseMenuTree", tag = "authz", security(("x-token" = [])),
    responses((status = 200, body = Envelope<MenusAnswer>)))]
async fn get_base_menu_tree(State(state): State<AppState>) -> ApiResult<MenusAnswer> {
    Ok(ApiOk(MenusAnswer {
        menus: menu::menu_list(&state.db).await?,
    }))
}

#[derive(Deserialize, ToSchema)]
pub struct MenuRef {
    #[serde(rename = "ID", alias = "id")]
    id: i64,
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AddMenuAuthority {
    /// The role's whole new menu set (the console sends whole menus; only `ID` is read).
    menus: Vec<MenuRef>,
    authority_id: i64,
}

/// Replaces the menus a role sees; its button grants on menus taken away go too.
#[utoipa::path(post, path = "/menu/addMenuAuthority", tag = "authz", security(("x-token" = [])),
    request_body = AddMenuAuthority, responses((status = 200, body = Envelope<Empty>)))]
async fn add_menu_authority(
    State(state): State<AppState>,
    ApiJson(req): ApiJson<AddMenuAuthority>,
) -> ApiResult<Empty> {
    let menus = req.menus.into_iter().map(|m| m.id).collect();
    menu::set_role_menus(&state.db, req.authority_id, menus).await?;
    Ok(ApiOk(json!({})))
}

/// Deletes a base menu without children, with its buttons, parameters and grants.
#[utoipa::path(post, path = "/menu/deleteBaseMenu", tag = "authz", security(("x-token" = [])),
    request_body = MenuRef, responses((status = 200, body = Envelope<Empty>)))]
async fn delete_base_menu(
    State(state): State<AppState>,
    ApiJson(req): ApiJson<MenuRef>,
) -> ApiResult<Empty> {
    menu::delete_menu(&state.db, req.id).await?;
    Ok(ApiOk(json!({})))
}

/// Rewrites a base menu (send it whole, with `ID`). Buttons sent with their `ID` keep their
/// grants; buttons left out are removed; parameters are replaced.
#[utoipa::path(post, path = "/menu/updateBaseMenu", tag = "authz", security(("x-token" = [])),
    request_body = MenuInput, responses((status = 200, body = Envelope<MenuAnswer>)))]
async fn update_base_menu(
    State(state): State<AppState>,
    ApiJson(req): ApiJson<MenuInput>,
) -> ApiResult<MenuAnswer> {
    if req.id <= 0 {
        return Err(AppError::fail(text!("缺少菜单 ID", "ID is required")));
    }
    Ok(ApiOk(MenuAnswer {
        menu: menu::update_menu(&state.db, req.id, &req).await?,
    }))
}

#[derive(Deserialize, ToSchema)]
pub struct MenuIdRequest {
    #[serde(alias = "ID")]
    id: i64,
}

/// One base menu with its buttons and parameters.
#[utoipa::path(post, path = "/menu/getBaseMenuById", tag = "authz", security(("x-token" = [])),
    request_body = MenuIdRequest, responses((status = 200, body = Envelope<MenuAnswer>)))]
async fn get_base_menu_by_id(
    State(state): State<AppState>,
    ApiJson(req): ApiJson<MenuIdRequest>,
) -> ApiResult<MenuAnswer> {
    Ok(ApiOk(MenuAnswer {
        menu: menu::menu_by_id(&state.db, req.id).await?,
    }))
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MoveMenu {
    /// The menu to move.
    #[serde(rename = "ID", alias = "id")]
    id: i64,
    /// The new parent; 0 moves the menu to the root.
    parent_id: i64,
    /// 1-based position among the new siblings; absent or past the end: last.
    #[serde(default)]
    sort: Option<i64>,
}

/// Moves a menu under another parent (or to the root, `parentId` 0) at position `sort` among
/// its new siblings, then renumbers the siblings of the old and the new parent 1, 2, 3 … .
/// Refused when the new parent is the menu itself or one of its descendants. Answers the moved
/// menu.
#[utoipa::path(post, path = "/menu/updateMenuRoot", tag = "authz", security(("x-token" = [])),
    request_body = MoveMenu, responses((status = 200, body = Envelope<MenuAnswer>)))]
async fn update_menu_root(
    State(state): State<AppState>,
    ApiJson(req): ApiJson<MoveMenu>,
) -> ApiResult<MenuAnswer> {
    Ok(ApiOk(MenuAnswer {
        menu: menu::move_menu(&state.db, req.id, req.parent_id, req.sort).await?,
    }))
}

// --- per enterprise ---------------------------------------------------------------------------

#[derive(Deserialize, ToSchema)]
pub struct EnterpriseRequest {
    /// Default: the caller's current enterprise.
    #[serde(default)]
    enterprise_id: Option<i64>,
}

async fn enterprise_of(
    state: &AppState,
    claims: &domain::session::Claims,
    requested: Option<i64>,
) -> Result<i64, AppError> {
    menu::current_enterprise(&state.db, claims, requested).await
}

/// Every role with how an enterprise uses it: members holding it there, whether the
/// enterprise narrows its menus and how many menus it sees there.
#[utoipa::path(post, path = "/sysAuthorityMenusEnterprise/getAuthorityList", tag = "authz",
    security(("x-token" = [])), request_body = EnterpriseRequest,
    responses((status = 200, body = Envelope<Vec<EnterpriseRole>>)))]
async fn enterprise_authority_list(
    State(state): State<AppState>,
    CurrentUser(me): CurrentUser,
    ApiJson(req): ApiJson<EnterpriseRequest>,
) -> ApiResult<Vec<EnterpriseRole>> {
    let ent = enterprise_of(&state, &me, req.enterprise_id).await?;
    Ok(ApiOk(menu::enterprise_roles(&state.db, &me, ent).await?))
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EnterpriseRoleRequest {
    /// Default: the caller's current enterprise.
    #[serde(default, rename = "enterprise_id")]
    enterprise_id: Option<i64>,
    authority_id: i64,
}

#[derive(Serialize, ToSchema)]
pub struct EnterpriseMenus {
    /// The menus (flat) the role sees in the enterprise.
    menus: Vec<BaseMenu>,
    /// Whether the enterprise narrows the role (else the role's own menus apply).
    narrowed: bool,
}

/// The menus a role sees inside an enterprise (flat), to pre-check the assignment tree.
#[utoipa::path(post, path = "/sysAuthorityMenusEnterprise/getMenuAuthority", tag = "authz",
    security(("x-token" = [])), request_body = EnterpriseRoleRequest,
    responses((status = 200, body = Envelope<EnterpriseMenus>)))]
async fn enterprise_menu_authority(
    State(state): State<AppState>,
    CurrentUser(me): CurrentUser,
    ApiJson(req): ApiJson<EnterpriseRoleRequest>,
) -> ApiResult<EnterpriseMenus> {
    let ent = enterprise_of(&state, &me, req.enterprise_id).await?;
    let (menus, narrowed) =
        menu::enterprise_role_menus(&state.db, &me, ent, req.authority_id).await?;
    Ok(ApiOk(EnterpriseMenus { menus, narrowed }))
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EnterpriseAddMenuAuthority {
    /// Default: the caller's current enterprise.
    #[serde(default, rename = "enterprise_id")]
    enterprise_id: Option<i64>,
    authority_id: i64,
    /// Menus of the role's own set; empty lifts the narrowing.
    menus: Vec<MenuRef>,
}

/// Narrows what a role sees inside an enterprise to some of its own menus (an empty list lifts
/// the narrowing).
#[utoipa::path(post, path = "/sysAuthorityMenusEnterprise/addMenuAuthority", tag = "authz",
    security(("x-token" = [])), request_body = EnterpriseAddMenuAuthority,
    responses((status = 200, body = Envelope<Empty>)))]
async fn enterprise_add_menu_authority(
    State(state): State<AppState>,
    CurrentUser(me): CurrentUser,
    ApiJson(req): ApiJson<EnterpriseAddMenuAuthority>,
) -> ApiResult<Empty> {
    let ent = enterprise_of(&state, &me, req.enterprise_id).await?;
    let menus: BTreeSet<i64> = req.menus.into_iter().map(|m| m.id).collect();
    menu::set_enterprise_role_menus(&state.db, &me, ent, req.authority_id, menus).await?;
    Ok(ApiOk(json!({})))
}

#[derive(Deserialize, ToSchema, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(rename_all = "camelCase")]
pub struct TreeQuery {
    /// A role: its menus (with ancestors), to narrow from. Absent: every base menu.
    #[serde(default)]
    authority_id: Option<i64>,
}

/// The tree to narrow a role from: the role's menus with their ancestors (or every base menu).
#[utoipa::path(get, path = "/sysAuthorityMenusEnterprise/getBaseMenuTree", tag = "authz",
    security(("x-token" = [])), params(TreeQuery),
    responses((status = 200, body = Envelope<MenusAnswer>)))]
async fn enterprise_base_menu_tree(
    State(state): State<AppState>,
    ApiQuery(q): ApiQuery<TreeQuery>,
) -> ApiResult<MenusAnswer> {
    Ok(ApiOk(MenusAnswer {
        menus: menu::assignment_tree(&state.db, q.authority_id).await?,
    }))
}

#[derive(Serialize, ToSchema)]
pub struct RouteMenus {
    menus: Vec<RouteMenu>,
}

/// The caller's route tree in an enterprise (default: the current one): the menus of the role
/// the caller holds there, narrowed by the enterprise, with ancestors, siblings by `sort`, and
/// the buttons the role may use. Platform staff and super admins may ask for any enterprise.
#[utoipa::path(post, path = "/sysAuthorityMenusEnterprise/getMenu", tag = "authz",
    security(("x-token" = [])), request_body = EnterpriseRequest,
    responses((status = 200, body = Envelope<RouteMenus>)))]
async fn get_menu(
    State(state): State<AppState>,
    CurrentUser(me): CurrentUser,
    ApiJson(req): ApiJson<EnterpriseRequest>,
) -> ApiResult<RouteMenus> {
    let ent = enterprise_of(&state, &me, req.enterprise_id).await?;
    Ok(ApiOk(RouteMenus {
        menus: menu::route_tree(&state.db, &me, ent).await?,
    }))
}
