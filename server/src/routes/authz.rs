//! Access administration: casbin policies, role buttons, roles and the API registry.

use axum::extract::State;
use serde::{Deserialize, Serialize};
use serde_json::json;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::routes::declare::Declare;

use crate::extract::{ApiJson, ApiQuery};
use crate::state::AppState;
use domain::authz::{
    self, ApiFields, ApiFilter, ApiItem, AuthorityChanges, AuthorityNode, NewAuthority,
};
use domain::menu;
use kernel::error::{ApiOk, ApiResult, Envelope};
use kernel::paging::{PageQuery, PageResult};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .write(routes!(update_casbin))
        .read(routes!(get_policy_paths))
        .read(routes!(get_authority_btn))
        .write(routes!(set_authority_btn))
        .read(routes!(can_remove_authority_btn))
        .read(routes!(get_authority_list))
        .write(routes!(create_authority))
        .write(routes!(copy_authority))
        .write(routes!(update_authority))
        .write(routes!(delete_authority))
        .write(routes!(set_data_authority))
        .read(routes!(get_api_list))
        .write(routes!(create_api))
        .read(routes!(get_api_by_id))
        .write(routes!(update_api))
        .read(routes!(get_all_apis))
        .write(routes!(delete_api))
        .write(routes!(delete_apis_by_ids))
}

type Empty = serde_json::Value;

fn empty() -> ApiOk<Empty> {
    ApiOk(json!({}))
}

// --- casbin -----------------------------------------------------------------------------------

/// A call a policy grants.
#[derive(Debug, Deserialize, Serialize, ToSchema)]
pub struct CasbinInfo {
    /// Full path including the base, e.g. `/api/user/getUserInfo`.
    path: String,
    method: String,
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UpdateCasbin {
    authority_id: i64,
    /// The role's whole new policy set; every pair must be in the API registry.
    casbin_infos: Vec<CasbinInfo>,
}

/// Replaces a role's whole policy set (takes effect at once).
#[utoipa::path(post, path = "/casbin/updateCasbin", tag = "authz", security(("x-token" = [])),
    request_body = UpdateCasbin, responses((status = 200, body = Envelope<Empty>)))]
async fn update_casbin(
    State(state): State<AppState>,
    ApiJson(req): ApiJson<UpdateCasbin>,
) -> ApiResult<Empty> {
    let calls: Vec<(String, String)> = req
        .casbin_infos
        .into_iter()
        .map(|c| (c.path, c.method))
        .collect();
    authz::update_casbin(&state.db, &state.policies, req.authority_id, &calls).await?;
    Ok(empty())
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AuthorityIdRequest {
    authority_id: i64,
}

#[derive(Serialize, ToSchema)]
pub struct PolicyPaths {
    paths: Vec<CasbinInfo>,
}

/// The calls a role's policies grant.
#[utoipa::path(post, path = "/casbin/getPolicyPathByAuthorityId", tag = "authz",
    security(("x-token" = [])), request_body = AuthorityIdRequest,
    responses((status = 200, body = Envelope<PolicyPaths>)))]
async fn get_policy_paths(
    State(state): State<AppState>,
    ApiJson(req): ApiJson<AuthorityIdRequest>,
) -> ApiResult<PolicyPaths> {
    let paths = authz::policy_paths(&state.db, &state.policies, req.authority_id)
        .await?
        .into_iter()
        .map(|(path, method)| CasbinInfo { path, method })
        .collect();
    Ok(ApiOk(PolicyPaths { paths }))
}

// --- authorityBtn -----------------------------------------------------------------------------

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AuthorityBtnRequest {
    #[serde(rename = "menuID", alias = "menuId")]
    menu_id: i64,
    authority_id: i64,
}

#[derive(Serialize, ToSchema)]
pub struct SelectedBtns {
    /// Button ids.
    selected: Vec<i64>,
}

/// The buttons of a menu a role may use.
#[utoipa::path(post, path = "/authorityBtn/getAuthorityBtn", tag = "authz",
    security(("x-token" = [])), request_body = AuthorityBtnRequest,
    responses((status = 200, body = Envelope<SelectedBtns>)))]
async fn get_authority_btn(
    State(state): State<AppState>,
    ApiJson(req): ApiJson<AuthorityBtnRequest>,
) -> ApiResult<SelectedBtns> {
    let selected = menu::role_buttons(&state.db, req.menu_id, req.authority_id).await?;
    Ok(ApiOk(SelectedBtns { selected }))
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SetAuthorityBtn {
    #[serde(rename = "menuID", alias = "menuId")]
    menu_id: i64,
    authority_id: i64,
    /// Button ids of that menu; replaces the role's buttons on it.
    #[serde(default)]
    selected: Vec<i64>,
}

/// Replaces the buttons of a menu a role may use.
#[utoipa::path(post, path = "/authorityBtn/setAuthorityBtn", tag = "authz",
    security(("x-token" = [])), request_body = SetAuthorityBtn,
    responses((status = 200, body = Envelope<Empty>)))]
async fn set_authority_btn(
    State(state): State<AppState>,
    ApiJson(req): ApiJson<SetAuthorityBtn>,
) -> ApiResult<Empty> {
    let selected = req.selected.into_iter().collect();
    menu::set_role_buttons(&state.db, req.menu_id, req.authority_id, selected).await?;
    Ok(empty())
}

#[derive(Deserialize, ToSchema, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct IdQuery {
    /// Button id.
    id: i64,
}

/// Answers code 7 when any role uses the button (so it cannot be removed).
#[utoipa::path(post, path = "/authorityBtn/canRemoveAuthorityBtn", tag = "authz",
    security(("x-token" = [])), params(IdQuery),
    responses((status = 200, body = Envelope<Empty>)))]
async fn can_remove_authority_btn(
    State(state): State<AppState>,
    ApiQuery(q): ApiQuery<IdQuery>,
) -> ApiResult<Empty> {
    menu::can_remove_button(&state.db, q.id).await?;
    Ok(empty())
}

// --- authority --------------------------------------------------------------------------------

/// Every role as trees, with data scopes and children.
#[utoipa::path(post, path = "/authority/getAuthorityList", tag = "authz",
    security(("x-token" = [])), responses((status = 200, body = Envelope<Vec<AuthorityNode>>)))]
async fn get_authority_list(State(state): State<AppState>) -> ApiResult<Vec<AuthorityNode>> {
    Ok(ApiOk(authz::authority_tree(&state.db).await?))
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CreateAuthority {
    /// Chosen, positive and unused.
    authority_id: i64,
    authority_name: String,
    /// 0 (default) for a top-level role.
    #[serde(default)]
    parent_id: i64,
}

#[derive(Serialize, ToSchema)]
pub struct AuthorityAnswer {
    authority: AuthorityNode,
}

/// Creates a role with the default menus and the self-service policies.
#[utoipa::path(post, path = "/authority/createAuthority", tag = "authz",
    security(("x-token" = [])), request_body = CreateAuthority,
    responses((status = 200, body = Envelope<AuthorityAnswer>)))]
async fn create_authority(
    State(state): State<AppState>,
    ApiJson(req): ApiJson<CreateAuthority>,
) -> ApiResult<AuthorityAnswer> {
    let role = NewAuthority {
        authority_id: req.authority_id,
        authority_name: req.authority_name,
        parent_id: req.parent_id,
    };
    let authority = authz::create_authority(&state.db, &state.policies, &role).await?;
    Ok(ApiOk(AuthorityAnswer { authority }))
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AuthorityRefIn {
    authority_id: i64,
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CopiedAuthority {
    authority_id: i64,
    authority_name: String,
    #[serde(default)]
    parent_id: i64,
    /// The new role's data scope; absent: the old role's.
    #[serde(default)]
    data_authority_id: Option<Vec<AuthorityRefIn>>,
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CopyAuthority {
    authority: CopiedAuthority,
    old_authority_id: i64,
}

/// Creates a role as a copy of another (menus, buttons, policies, enterprise narrowings), in
/// one transaction.
#[utoipa::path(post, path = "/authority/copyAuthority", tag = "authz",
    security(("x-token" = [])), request_body = CopyAuthority,
    responses((status = 200, body = Envelope<AuthorityAnswer>)))]
async fn copy_authority(
    State(state): State<AppState>,
    ApiJson(req): ApiJson<CopyAuthority>,
) -> ApiResult<AuthorityAnswer> {
    let a = req.authority;
    let role = NewAuthority {
        authority_id: a.authority_id,
        authority_name: a.authority_name,
        parent_id: a.parent_id,
    };
    let scope = a
        .data_authority_id
        .map(|list| list.into_iter().map(|r| r.authority_id).collect());
    let authority = authz::copy_authority(
        &state.db,
        &state.policies,
        &role,
        scope,
        req.old_authority_id,
    )
    .await?;
    Ok(ApiOk(AuthorityAnswer { authority }))
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UpdateAuthority {
    authority_id: i64,
    /// Absent: unchanged.
    #[serde(default)]
    authority_name: Option<String>,
    /// Absent: unchanged; 0: top level.
    #[serde(default)]
    parent_id: Option<i64>,
    /// Absent: unchanged.
    #[serde(default)]
    default_router: Option<String>,
}

/// Renames a role, moves it under another parent or changes its default route.
#[utoipa::path(put, path = "/authority/updateAuthority", tag = "authz",
    security(("x-token" = [])), request_body = UpdateAuthority,
    responses((status = 200, body = Envelope<AuthorityAnswer>)))]
async fn update_authority(
    State(state): State<AppState>,
    ApiJson(req): ApiJson<UpdateAuthority>,
) -> ApiResult<AuthorityAnswer> {
    let changes = AuthorityChanges {
        authority_name: req.authority_name,
        parent_id: req.parent_id,
        default_router: req.default_router,
    };
    let authority = authz::update_authority(&state.db, req.authority_id, changes).await?;
    Ok(ApiOk(AuthorityAnswer { authority }))
}

/// Deletes a role nobody holds and without child roles, with everything granted to it.
#[utoipa::path(post, path = "/authority/deleteAuthority", tag = "authz",
    security(("x-token" = [])), request_body = AuthorityIdRequest,
    responses((status = 200, body = Envelope<Empty>)))]
async fn delete_authority(
    State(state): State<AppState>,
    ApiJson(req): ApiJson<AuthorityIdRequest>,
) -> ApiResult<Empty> {
    authz::delete_authority(&state.db, &state.policies, req.authority_id).await?;
    Ok(empty())
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SetDataAuthority {
    authority_id: i64,
    /// The roles whose data this role sees (replaces the set).
    data_authority_id: Vec<AuthorityRefIn>,
}

/// Replaces the roles whose data a role sees.
#[utoipa::path(post, path = "/authority/setDataAuthority", tag = "authz",
    security(("x-token" = [])), request_body = SetDataAuthority,
    responses((status = 200, body = Envelope<Empty>)))]
async fn set_data_authority(
    State(state): State<AppState>,
    ApiJson(req): ApiJson<SetDataAuthority>,
) -> ApiResult<Empty> {
    let scope: Vec<i64> = req
        .data_authority_id
        .into_iter()
        .map(|r| r.authority_id)
        .collect();
    authz::set_data_authority(&state.db, req.authority_id, &scope).await?;
    Ok(empty())
}

// --- API registry -----------------------------------------------------------------------------

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ApiListRequest {
    #[serde(flatten)]
    page: PageQuery,
    /// Matches anywhere in the path.
    #[serde(default)]
    path: String,
    /// Matches anywhere in the description.
    #[serde(default)]
    description: String,
    /// Exact.
    #[serde(default)]
    method: String,
    /// Exact.
    #[serde(default)]
    api_group: String,
    /// id, path, api_group, description or method; default: id descending.
    #[serde(default)]
    order_key: String,
    #[serde(default)]
    desc: bool,
}

/// A page of the API registry, filtered and ordered.
#[utoipa::path(post, path = "/api/getApiList", tag = "authz", security(("x-token" = [])),
    request_body = ApiListRequest, responses((status = 200, body = Envelope<PageResult<ApiItem>>)))]
async fn get_api_list(
    State(state): State<AppState>,
    ApiJson(req): ApiJson<ApiListRequest>,
) -> ApiResult<PageResult<ApiItem>> {
    let filter = ApiFilter {
        path: req.path,
        description: req.description,
        method: req.method,
        api_group: req.api_group,
        order_key: req.order_key,
        desc: req.desc,
    };
    Ok(ApiOk(authz::api_list(&state.db, &filter, req.page).await?))
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ApiInput {
    /// Full path including the base, starting with `/`.
    path: String,
    description: String,
    api_group: String,
    /// GET, POST, PUT, DELETE or PATCH.
    method: String,
}

impl ApiInput {
    fn fields(self) -> ApiFields {
        ApiFields {
            path: self.path,
            description: self.description,
            api_group: self.api_group,
            method: self.method,
        }
    }
}

#[derive(Serialize, ToSchema)]
pub struct ApiAnswer {
    api: ApiItem,
}

/// Registers a call (all four fields required; (path, method) unique).
#[utoipa::path(post, path = "/api/createApi", tag = "authz", security(("x-token" = [])),
    request_body = ApiInput, responses((status = 200, body = Envelope<ApiAnswer>)))]
async fn create_api(
    State(state): State<AppState>,
    ApiJson(req): ApiJson<ApiInput>,
) -> ApiResult<ApiAnswer> {
    let api = authz::create_api(&state.db, &req.fields()).await?;
    Ok(ApiOk(ApiAnswer { api }))
}

#[derive(Deserialize, ToSchema)]
pub struct IdRequest {
    #[serde(alias = "ID")]
    id: i64,
}

/// One registry entry.
#[utoipa::path(post, path = "/api/getApiById", tag = "authz", security(("x-token" = [])),
    request_body = IdRequest, responses((status = 200, body = Envelope<ApiAnswer>)))]
async fn get_api_by_id(
    State(state): State<AppState>,
    ApiJson(req): ApiJson<IdRequest>,
) -> ApiResult<ApiAnswer> {
    let api = authz::api_by_id(&state.db, req.id).await?;
    Ok(ApiOk(ApiAnswer { api }))
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UpdateApi {
    #[serde(rename = "ID", alias = "id")]
    id: i64,
    path: String,
    description: String,
    api_group: String,
    method: String,
}

/// Rewrites a registry entry; policies over its old path and method follow it.
#[utoipa::path(post, path = "/api/updateApi", tag = "authz", security(("x-token" = [])),
    request_body = UpdateApi, responses((status = 200, body = Envelope<ApiAnswer>)))]
async fn update_api(
    State(state): State<AppState>,
    ApiJson(req): ApiJson<UpdateApi>,
) -> ApiResult<ApiAnswer> {
    let fields = ApiFields {
        path: req.path,
        description: req.description,
        api_group: req.api_group,
        method: req.method,
    };
    let api = authz::update_api(&state.db, &state.policies, req.id, &fields).await?;
    Ok(ApiOk(ApiAnswer { api }))
}

#[derive(Serialize, ToSchema)]
pub struct AllApis {
    apis: Vec<ApiItem>,
}

/// The whole API registry, newest first.
#[utoipa::path(post, path = "/api/getAllApis", tag = "authz", security(("x-token" = [])),
    responses((status = 200, body = Envelope<AllApis>)))]
async fn get_all_apis(State(state): State<AppState>) -> ApiResult<AllApis> {
    Ok(ApiOk(AllApis {
        apis: authz::all_apis(&state.db).await?,
    }))
}

#[derive(Deserialize, ToSchema)]
pub struct DeleteApi {
    /// The entry's id (the console sends the whole row; other fields are ignored).
    #[serde(rename = "ID", alias = "id")]
    id: i64,
}

/// Removes a registry entry and every policy granted over it.
#[utoipa::path(post, path = "/api/deleteApi", tag = "authz", security(("x-token" = [])),
    request_body = DeleteApi, responses((status = 200, body = Envelope<Empty>)))]
async fn delete_api(
    State(state): State<AppState>,
    ApiJson(req): ApiJson<DeleteApi>,
) -> ApiResult<Empty> {
    authz::delete_apis(&state.db, &state.policies, &[req.id]).await?;
    Ok(empty())
}

#[derive(Deserialize, ToSchema)]
pub struct DeleteApis {
    ids: Vec<i64>,
}

/// Removes registry entries and their policies, all or nothing.
#[utoipa::path(delete, path = "/api/deleteApisByIds", tag = "authz",
    security(("x-token" = [])), request_body = DeleteApis,
    responses((status = 200, body = Envelope<Empty>)))]
async fn delete_apis_by_ids(
    State(state): State<AppState>,
    ApiJson(req): ApiJson<DeleteApis>,
) -> ApiResult<Empty> {
    authz::delete_apis(&state.db, &state.policies, &req.ids).await?;
    Ok(empty())
}
