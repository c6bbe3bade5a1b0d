//! Enterprises, membership and switching.

use axum::extract::State;
use axum::response::{IntoResponse, Response};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::routes::declare::Declare;

use super::{EntRequest, IdsRequest, done};
use crate::extract::{ApiJson, Scoped, ScopedQuery, Tenant, check_named_enterprises};
use crate::state::AppState;
use domain::enterprise::enterprises::{
    self, EnterpriseDetail, EnterpriseInput, EnterpriseNode, EnterpriseRow, Jurisdiction,
    ListFilter, SaveRules, Verification, VerifyAction, VerifyRequest,
};
use domain::enterprise::members::{self, MemberFilter, MemberRow, ToggleEntry};
use domain::enterprise::{Named, docking_platforms};
use domain::session::{self, UserInfo};
use kernel::error::{ApiOk, ApiResult, AppError, Envelope};
use kernel::paging::{PageQuery, PageResult};
use kernel::text;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .read(routes!(toggle_list))
        .write(routes!(cut))
        .read(routes!(juris_info))
        .read(routes!(ent_list_new))
        .read(routes!(lists))
        .read(routes!(role_lists))
        .write(routes!(verification))
        .write(routes!(del_batch_ent))
        .read(routes!(query_ent))
        .read(routes!(docking_list))
        .write(routes!(tb_up))
        .read(routes!(user_list))
        .write(routes!(set_role))
        .read(routes!(find_tb_enterprise))
        .write(routes!(update_tb_enterprise))
}

/// The caller's memberships as the enterprise switch list: `label` (entName), `logo`,
/// `roleList` ([authorityId]), `colonyId`, `value` (entId), `current`.
#[utoipa::path(post, path = "/web/ent/my_enterprise/toggleList", tag = "enterprise",
    security(("x-token" = [])), responses((status = 200, body = Envelope<Vec<ToggleEntry>>)))]
async fn toggle_list(
    State(state): State<AppState>,
    Scoped(scope, _): Scoped<serde_json::Value>,
) -> ApiResult<Vec<ToggleEntry>> {
    Ok(ApiOk(members::toggle_list(&state.db, &scope.user).await?))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CutRequest {
    /// The enterprise to switch to; the caller must be a member of it.
    #[serde(alias = "enterpriseId", alias = "value")]
    ent_id: i64,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SwitchResponse {
    /// A session token carrying the role held in the new enterprise (also in `new-token`).
    token: String,
    user: UserInfo,
    /// Milliseconds since the epoch.
    expires_at: i64,
}

/// Switches the caller's current enterprise: the user's `nowEntId` becomes `entId` and their
/// active role the one held there; every later call is answered for it. Not a member → code 7.
/// The answer (and the `new-token` header) carries a token for the new role.
#[utoipa::path(post, path = "/web/ent/my_enterprise/cut", tag = "enterprise",
    security(("x-token" = [])), request_body = CutRequest,
    responses((status = 200, body = Envelope<SwitchResponse>)))]
async fn cut(
    State(state): State<AppState>,
    Tenant(scope): Tenant,
    ApiJson(body): ApiJson<serde_json::Value>,
) -> Result<Response, AppError> {
    // `entId` is where to go (checked against memberships); the enrichment field `enterprise`
    // must still be one the caller may act for now.
    check_named_enterprises(&scope, |k| body.get(k), &["enterprise"])?;
    let req: CutRequest = crate::extract::parse_json(body.to_string().as_bytes())?;
    let user = members::cut(&state.db, scope.user, req.ent_id).await?;
    let (token, expires) = state.tokens.issue(&user);
    let answer = SwitchResponse {
        token: token.clone(),
        user: session::user_info(&state.db, user).await?,
        expires_at: expires.timestamp_millis(),
    };
    let mut res = ApiOk(&answer).into_response();
    if let Ok(token) = token.parse() {
        res.headers_mut().insert("new-token", token);
    }
    Ok(res)
}

/// The caller's jurisdiction: the acting enterprise, whether they are platform staff, the
/// trusteeship the call runs under, the visible enterprises as a tree, supervised clusters,
/// relation counts and how many vehicles relations grant them.
#[utoipa::path(post, path = "/web/ent/my_enterprise/jurisInfo", tag = "enterprise",
    security(("x-token" = [])), responses((status = 200, body = Envelope<Jurisdiction>)))]
async fn juris_info(
    State(state): State<AppState>,
    Scoped(scope, _): Scoped<serde_json::Value>,
) -> ApiResult<Jurisdiction> {
    Ok(ApiOk(enterprises::jurisdiction(&state.db, &scope).await?))
}

/// The enterprise tree (`ent_list` children, three levels at most) below `entId`, or, without
/// it, every enterprise the caller sees as a forest.
#[utoipa::path(post, path = "/web/ent/my_enterprise/entListNew", tag = "enterprise",
    security(("x-token" = [])), request_body = EntRequest,
    responses((status = 200, body = Envelope<Vec<EnterpriseNode>>)))]
async fn ent_list_new(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<EntRequest>,
) -> ApiResult<Vec<EnterpriseNode>> {
    Ok(ApiOk(
        enterprises::tree(&state.db, &scope, req.ent_id).await?,
    ))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ListsRequest {
    #[serde(flatten)]
    page: PageQuery,
    /// Matches the name or abbreviation.
    #[serde(default, alias = "entName")]
    keyword: Option<String>,
    #[serde(default, rename = "type")]
    ent_type: Option<i16>,
    #[serde(default)]
    verify_state: Option<i16>,
    #[serde(default)]
    parent_id: Option<i64>,
    #[serde(default)]
    colony_id: Option<i64>,
}

/// Enterprises the caller sees, paged and filtered, with their ancestors (`parent`).
#[utoipa::path(post, path = "/web/ent/my_enterprise/lists", tag = "enterprise",
    security(("x-token" = [])), request_body = ListsRequest,
    responses((status = 200, body = Envelope<PageResult<EnterpriseRow>>)))]
async fn lists(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<ListsRequest>,
) -> ApiResult<PageResult<EnterpriseRow>> {
    let filter = ListFilter {
        keyword: req.keyword,
        ent_type: req.ent_type,
        verify_state: req.verify_state,
        parent_id: req.parent_id,
        colony_id: req.colony_id,
    };
    Ok(ApiOk(
        enterprises::list(&state.db, &scope, filter, req.page).await?,
    ))
}

/// Roles the caller may grant (`id` = authorityId, `name`).
#[utoipa::path(post, path = "/web/ent/my_enterprise/role_lists", tag = "enterprise",
    security(("x-token" = [])), request_body = EntRequest,
    responses((status = 200, body = Envelope<Vec<Named>>)))]
async fn role_lists(
    State(state): State<AppState>,
    Scoped(scope, _): Scoped<EntRequest>,
) -> ApiResult<Vec<Named>> {
    Ok(ApiOk(members::grantable_roles(&state.db, &scope).await?))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct VerificationRequest {
    /// submit (the enterprise, with `documents`), approve or reject (platform staff; reject
    /// needs `reason`), status (read only).
    action: VerifyAction,
    #[serde(default, alias = "enterpriseId")]
    ent_id: Option<i64>,
    /// Document URLs (1–20) for `submit`.
    #[serde(default)]
    documents: Vec<String>,
    #[serde(default)]
    license_no: Option<String>,
    #[serde(default)]
    reason: String,
}

/// Enterprise verification: the enterprise submits documents (state 1 pending), platform staff
/// approve (2) or reject (3, with a reason); rejected enterprises may submit again.
#[utoipa::path(post, path = "/web/ent/my_enterprise/verification", tag = "enterprise",
    security(("x-token" = [])), request_body = VerificationRequest,
    responses((status = 200, body = Envelope<Verification>)))]
async fn verification(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<VerificationRequest>,
) -> ApiResult<Verification> {
    let v = VerifyRequest {
        action: req.action,
        ent_id: req.ent_id,
        documents: req.documents,
        license_no: req.license_no,
        reason: req.reason,
    };
    Ok(ApiOk(
        enterprises::verification(&state.db, &scope, v).await?,
    ))
}

/// Deletes enterprises, all or none. Refused (naming the enterprise and why) while one still
/// has members or sub-enterprises not deleted with it; the platform enterprise and the one the
/// caller acts for cannot be deleted.
#[utoipa::path(post, path = "/web/ent/delBatchEnt", tag = "enterprise",
    security(("x-token" = [])), request_body = IdsRequest,
    responses((status = 200, body = Envelope<serde_json::Value>)))]
async fn del_batch_ent(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<IdsRequest>,
) -> ApiResult<serde_json::Value> {
    enterprises::delete_batch(&state.db, &scope, &req.ids).await?;
    done()
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct QueryEntRequest {
    /// Part of the name or abbreviation ("" lists the first ones).
    #[serde(default, alias = "entName", alias = "name")]
    keyword: String,
    /// At most this many (1–100, default 20).
    #[serde(default = "twenty")]
    limit: u64,
}

fn twenty() -> u64 {
    20
}

/// Searches the enterprises the caller sees by name, for pickers.
#[utoipa::path(post, path = "/web/ent/queryEnt", tag = "enterprise",
    security(("x-token" = [])), request_body = QueryEntRequest,
    responses((status = 200, body = Envelope<Vec<EnterpriseRow>>)))]
async fn query_ent(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<QueryEntRequest>,
) -> ApiResult<Vec<EnterpriseRow>> {
    Ok(ApiOk(
        enterprises::search(&state.db, &scope, &req.keyword, req.limit).await?,
    ))
}

/// The docking platforms an enterprise may report to (0 none … 10), named in the request's
/// language.
#[utoipa::path(post, path = "/web/ent/docking_list", tag = "enterprise",
    security(("x-token" = [])), responses((status = 200, body = Envelope<Vec<Named>>)))]
async fn docking_list(Scoped(_scope, _body): Scoped<serde_json::Value>) -> ApiResult<Vec<Named>> {
    Ok(ApiOk(
        docking_platforms()
            .into_iter()
            .map(|(id, name)| Named {
                id: id.into(),
                name: name.current().to_owned(),
            })
            .collect(),
    ))
}

/// Creates an enterprise (no `entId`; below `parentId`, or at the top level for platform
/// staff) or edits one; a different `parentId` moves it (0: to the top level). Trees stay at
/// most three levels deep and acyclic; sibling names are unique.
#[utoipa::path(post, path = "/web/ent/tbUp", tag = "enterprise",
    security(("x-token" = [])), request_body = EnterpriseInput,
    responses((status = 200, body = Envelope<EnterpriseDetail>)))]
async fn tb_up(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<EnterpriseInput>,
) -> ApiResult<EnterpriseDetail> {
    let rules = SaveRules {
        allow_move: true,
        allow_root: false,
    };
    let saved = enterprises::save(&state.db, &scope, &req, rules).await?;
    let scope = scope.including(saved.id);
    Ok(ApiOk(
        enterprises::detail(&state.db, &scope, saved.id).await?,
    ))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = EnterpriseUserListRequest)]
pub struct UserListRequest {
    #[serde(flatten)]
    page: PageQuery,
    #[serde(default, alias = "enterpriseId")]
    ent_id: Option<i64>,
    /// Matches username, nickname, real name or phone.
    #[serde(default)]
    keyword: Option<String>,
    #[serde(default)]
    authority_id: Option<i64>,
    #[serde(default)]
    group_id: Option<i64>,
    /// Members of the enterprises below too.
    #[serde(default)]
    include_children: bool,
}

/// Members of an enterprise (default: the acting one) with their role there and their groups.
#[utoipa::path(post, path = "/web/ent/userList", tag = "enterprise",
    security(("x-token" = [])), request_body = UserListRequest,
    responses((status = 200, body = Envelope<PageResult<MemberRow>>)))]
async fn user_list(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<UserListRequest>,
) -> ApiResult<PageResult<MemberRow>> {
    let f = MemberFilter {
        ent_id: req.ent_id,
        keyword: req.keyword,
        authority_id: req.authority_id,
        group_id: req.group_id,
        include_children: req.include_children,
        user_id: None,
    };
    Ok(ApiOk(members::list(&state.db, &scope, f, req.page).await?))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SetRoleRequest {
    #[serde(default, alias = "enterpriseId")]
    ent_id: Option<i64>,
    #[serde(alias = "ID", alias = "id")]
    user_id: i64,
    authority_id: i64,
}

/// Sets a member's role in an enterprise (default: the acting one); if it is the member's
/// current enterprise their active role changes too. Not for oneself.
#[utoipa::path(post, path = "/web/ent/setRole", tag = "enterprise",
    security(("x-token" = [])), request_body = SetRoleRequest,
    responses((status = 200, body = Envelope<MemberRow>)))]
async fn set_role(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<SetRoleRequest>,
) -> ApiResult<MemberRow> {
    Ok(ApiOk(
        members::set_role(&state.db, &scope, req.ent_id, req.user_id, req.authority_id).await?,
    ))
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct EntQuery {
    /// The enterprise (default: the acting one); `ID` is accepted too.
    #[serde(default, alias = "ID", alias = "id", alias = "enterpriseId")]
    ent_id: Option<i64>,
}

/// One enterprise in full: fields, ancestors (`parent`), children (`ent_list`), verification,
/// member and child counts, clusters.
#[utoipa::path(get, path = "/tbEnterprise/findTbEnterprise", tag = "enterprise",
    security(("x-token" = [])), params(EntQuery),
    responses((status = 200, body = Envelope<EnterpriseDetail>)))]
async fn find_tb_enterprise(
    State(state): State<AppState>,
    ScopedQuery(scope, q): ScopedQuery<EntQuery>,
) -> ApiResult<EnterpriseDetail> {
    let id = scope.acting(q.ent_id)?;
    Ok(ApiOk(enterprises::detail(&state.db, &scope, id).await?))
}

/// Edits an enterprise's settings (names, logo, car icon, groups on/off, type, docking
/// platform, wheel sensor support, contact, phone, address, licence number). `entId` (or `ID`)
/// names it (default: the acting one); `parentId` is ignored here (see `tbUp`).
#[utoipa::path(put, path = "/tbEnterprise/updateTbEnterprise", tag = "enterprise",
    security(("x-token" = [])), request_body = EnterpriseInput,
    responses((status = 200, body = Envelope<EnterpriseDetail>)))]
async fn update_tb_enterprise(
    State(state): State<AppState>,
    Scoped(scope, mut req): Scoped<EnterpriseInput>,
) -> ApiResult<EnterpriseDetail> {
    let id = scope.acting(req.ent_id)?;
    req.ent_id = Some(id);
    if req.ent_name.as_deref().is_some_and(|n| n.trim().is_empty()) {
        return Err(AppError::fail(text!(
            "entName 不能为空",
            "entName must not be empty"
        )));
    }
    let saved = enterprises::save(&state.db, &scope, &req, SaveRules::default()).await?;
    Ok(ApiOk(
        enterprises::detail(&state.db, &scope, saved.id).await?,
    ))
}
