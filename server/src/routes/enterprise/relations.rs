//! Relations between enterprises and invitations.

use axum::extract::State;
use serde::Deserialize;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::routes::declare::Declare;

use crate::extract::Scoped;
use crate::state::AppState;
use domain::enterprise::invitations::{
    self, Answer, InvitationFilter, InvitationLogRow, InvitationRow, Kind, NewInvitation,
};
use domain::enterprise::relations::{
    self, Direction, EnterpriseRelations, NewRelation, RelationAction, RelationChange,
    RelationFilter, RelationRow,
};
use kernel::error::{ApiOk, ApiResult, Envelope};
use kernel::paging::{PageQuery, PageResult};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .write(routes!(relation))
        .write(routes!(relation_save))
        .read(routes!(relation_list))
        .read(routes!(relation_by_ent))
        .write(routes!(set_cooperation))
        .write(routes!(invite))
        .write(routes!(invite_car))
        .write(routes!(invitation))
        .read(routes!(invitation_list))
        .read(routes!(invite_log))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RelationRequest {
    /// The caller's side (default: the acting enterprise).
    #[serde(default, alias = "enterpriseId")]
    ent_id: Option<i64>,
    /// The other enterprise.
    #[serde(alias = "relatedEntId")]
    target_ent_id: i64,
    /// 0 unconfirmed, 1 superior-subordinate, 2 maintenance custody, 3 customer, 4 cooperation.
    #[serde(rename = "type")]
    relation_type: i16,
    /// grant (default): the caller's side shares its data with the target (type 1: becomes
    /// its subordinate); receive: the caller's side asks the target to share.
    #[serde(default)]
    direction: Direction,
    /// Vehicles the relation covers (types 2–4 grant exactly these).
    #[serde(default)]
    vehicle_ids: Vec<i64>,
    #[serde(default)]
    remark: String,
}

/// Requests a relation with another enterprise (state 0 requested); the other side confirms
/// or refuses it with `relation_save`.
#[utoipa::path(post, path = "/web/ent/relation", tag = "enterprise",
    security(("x-token" = [])), request_body = RelationRequest,
    responses((status = 200, body = Envelope<RelationRow>)))]
async fn relation(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<RelationRequest>,
) -> ApiResult<RelationRow> {
    let new = NewRelation {
        ent_id: req.ent_id,
        target_ent_id: req.target_ent_id,
        relation_type: req.relation_type,
        direction: req.direction,
        vehicle_ids: req.vehicle_ids,
        remark: req.remark,
    };
    Ok(ApiOk(relations::request(&state.db, &scope, new).await?))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RelationSaveRequest {
    #[serde(rename = "ID", alias = "id")]
    id: i64,
    /// confirm / refuse (the side that did not ask), end (either side), update (the grantor:
    /// `vehicleIds` replaces the coverage, `remark`).
    action: RelationAction,
    #[serde(default)]
    vehicle_ids: Option<Vec<i64>>,
    #[serde(default)]
    remark: Option<String>,
    /// Why it was refused or ended.
    #[serde(default)]
    reason: String,
}

/// Confirms, refuses, ends or updates a relation. Confirming a type-1 relation puts the
/// subordinate below the superior (depth ≤ 3, no cycles); ending it takes it out. Access
/// granted by a type 2–4 relation stops as soon as it ends.
#[utoipa::path(post, path = "/web/ent/relation_save", tag = "enterprise",
    security(("x-token" = [])), request_body = RelationSaveRequest,
    responses((status = 200, body = Envelope<RelationRow>)))]
async fn relation_save(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<RelationSaveRequest>,
) -> ApiResult<RelationRow> {
    let change = RelationChange {
        action: req.action,
        vehicle_ids: req.vehicle_ids,
        remark: req.remark,
        reason: req.reason,
    };
    let saved = relations::change(&state.db, &scope, req.id, change).await?;
    Ok(ApiOk(saved))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RelationListRequest {
    #[serde(flatten)]
    page: PageQuery,
    /// Only relations of this enterprise.
    #[serde(default, alias = "enterpriseId")]
    ent_id: Option<i64>,
    #[serde(default, rename = "type")]
    relation_type: Option<i16>,
    #[serde(default)]
    state: Option<i16>,
    /// granted, received or all (default).
    #[serde(default)]
    direction: Option<String>,
}

/// Relations with a side the caller sees, newest first, with the vehicles they cover.
#[utoipa::path(post, path = "/web/ent/relation_list", tag = "enterprise",
    security(("x-token" = [])), request_body = RelationListRequest,
    responses((status = 200, body = Envelope<PageResult<RelationRow>>)))]
async fn relation_list(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<RelationListRequest>,
) -> ApiResult<PageResult<RelationRow>> {
    let f = RelationFilter {
        ent_id: req.ent_id,
        relation_type: req.relation_type,
        state: req.state,
        direction: req.direction,
    };
    Ok(ApiOk(
        relations::list(&state.db, &scope, f, req.page).await?,
    ))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RelationByEntRequest {
    #[serde(default, alias = "enterpriseId")]
    ent_id: Option<i64>,
    #[serde(default)]
    state: Option<i16>,
}

/// One enterprise (default: the acting one) with all its relations, for the relation graph.
#[utoipa::path(post, path = "/web/ent/relationByEnt", tag = "enterprise",
    security(("x-token" = [])), request_body = RelationByEntRequest,
    responses((status = 200, body = Envelope<EnterpriseRelations>)))]
async fn relation_by_ent(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<RelationByEntRequest>,
) -> ApiResult<EnterpriseRelations> {
    Ok(ApiOk(
        relations::of_enterprise(&state.db, &scope, req.ent_id, req.state).await?,
    ))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CooperationRequest {
    #[serde(default, alias = "enterpriseId")]
    ent_id: Option<i64>,
    /// The partner.
    #[serde(alias = "relatedEntId")]
    target_ent_id: i64,
    /// The vehicles shared with the partner from now on.
    #[serde(default)]
    vehicle_ids: Vec<i64>,
    #[serde(default)]
    remark: Option<String>,
}

/// Shares vehicles with a cooperation partner: an open cooperation (type 4) relation in which
/// the caller's enterprise grants gets exactly these vehicles; without one, one is requested.
#[utoipa::path(post, path = "/web/ent/my_enterprise/setCooperation", tag = "enterprise",
    security(("x-token" = [])), request_body = CooperationRequest,
    responses((status = 200, body = Envelope<RelationRow>)))]
async fn set_cooperation(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<CooperationRequest>,
) -> ApiResult<RelationRow> {
    let saved = relations::set_cooperation(
        &state.db,
        &scope,
        req.ent_id,
        req.target_ent_id,
        &req.vehicle_ids,
        req.remark,
    )
    .await?;
    // A confirmed cooperation's vehicles change at once.
    Ok(ApiOk(saved))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct InviteRequest {
    /// member (a person by `phone`, with role `authorityId`, default 101) or enterprise
    /// (`targetEntId` into a relation of `relationType` 2–4, default 4, sharing `vehicleIds`).
    #[serde(rename = "type")]
    kind: Kind,
    /// The inviting enterprise (default: the acting one).
    #[serde(default, alias = "enterpriseId")]
    ent_id: Option<i64>,
    #[serde(default)]
    phone: String,
    #[serde(default)]
    authority_id: Option<i64>,
    #[serde(default)]
    target_ent_id: Option<i64>,
    #[serde(default)]
    relation_type: Option<i16>,
    #[serde(default)]
    vehicle_ids: Vec<i64>,
    #[serde(default)]
    remark: String,
}

/// Invites a member by phone or an enterprise into a relation; the invited side accepts or
/// refuses with `invitation` within seven days.
#[utoipa::path(post, path = "/web/ent/invite", tag = "enterprise",
    security(("x-token" = [])), request_body = InviteRequest,
    responses((status = 200, body = Envelope<InvitationRow>)))]
async fn invite(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<InviteRequest>,
) -> ApiResult<InvitationRow> {
    let new = NewInvitation {
        kind: req.kind,
        ent_id: req.ent_id,
        phone: req.phone,
        authority_id: req.authority_id,
        target_ent_id: req.target_ent_id,
        relation_type: req.relation_type,
        vehicle_ids: req.vehicle_ids,
        remark: req.remark,
    };
    Ok(ApiOk(invitations::invite(&state.db, &scope, new).await?))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct InviteCarRequest {
    /// The enterprise owning the vehicles (default: the acting one).
    #[serde(default, alias = "enterpriseId")]
    ent_id: Option<i64>,
    /// The enterprise invited to take them into custody.
    target_ent_id: i64,
    /// At least one vehicle.
    vehicle_ids: Vec<i64>,
    #[serde(default)]
    remark: String,
}

/// Invites an enterprise to take vehicles into maintenance custody; accepting creates (or
/// extends) a confirmed type-2 relation covering them.
#[utoipa::path(post, path = "/web/ent/invite_car", tag = "enterprise",
    security(("x-token" = [])), request_body = InviteCarRequest,
    responses((status = 200, body = Envelope<InvitationRow>)))]
async fn invite_car(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<InviteCarRequest>,
) -> ApiResult<InvitationRow> {
    let new = NewInvitation {
        kind: Kind::Vehicle,
        ent_id: req.ent_id,
        phone: String::new(),
        authority_id: None,
        target_ent_id: Some(req.target_ent_id),
        relation_type: Some(2),
        vehicle_ids: req.vehicle_ids,
        remark: req.remark,
    };
    Ok(ApiOk(invitations::invite(&state.db, &scope, new).await?))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct InvitationRequest {
    #[serde(rename = "ID", alias = "id")]
    id: i64,
    /// accept / refuse (the invited side: for members the user with the invited phone),
    /// cancel (the inviting side).
    action: Answer,
    #[serde(default)]
    reason: String,
}

/// Answers an invitation. Accepting a member invitation makes the caller a member with the
/// offered role; accepting an enterprise or vehicle invitation (callers whose role may
/// manage relations) confirms the relation.
#[utoipa::path(post, path = "/web/ent/invitation", tag = "enterprise",
    security(("x-token" = [])), request_body = InvitationRequest,
    responses((status = 200, body = Envelope<InvitationRow>)))]
async fn invitation(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<InvitationRequest>,
) -> ApiResult<InvitationRow> {
    let manages = state
        .policies
        .allows(
            scope.user.authority_id,
            "/api/web/ent/relation_save",
            "POST",
        )
        .await;
    let answered =
        invitations::answer(&state.db, &scope, req.id, req.action, &req.reason, manages).await?;
    // An accepted enterprise or vehicle invitation opens its vehicles to the invited side.
    Ok(ApiOk(answered))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct InvitationsRequest {
    #[serde(flatten)]
    page: PageQuery,
    /// sent, received or all (default).
    #[serde(default, rename = "box")]
    mailbox: Option<String>,
    #[serde(default, rename = "type")]
    kind: Option<Kind>,
    /// 0 pending, 1 accepted, 2 refused, 3 cancelled, 4 expired.
    #[serde(default)]
    state: Option<i16>,
}

/// Invitations the caller's side sent or received (member invitations to the caller's phone
/// included), newest first.
#[utoipa::path(post, path = "/web/ent/invitations", tag = "enterprise",
    security(("x-token" = [])), request_body = InvitationsRequest,
    responses((status = 200, body = Envelope<PageResult<InvitationRow>>)))]
async fn invitation_list(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<InvitationsRequest>,
) -> ApiResult<PageResult<InvitationRow>> {
    let f = InvitationFilter {
        r#box: req.mailbox,
        kind: req.kind,
        state: req.state,
    };
    Ok(ApiOk(
        invitations::list(&state.db, &scope, f, req.page).await?,
    ))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct InviteLogRequest {
    #[serde(flatten)]
    page: PageQuery,
    /// One invitation's log (default: of every invitation the caller sees).
    #[serde(default, alias = "ID", alias = "id")]
    invitation_id: Option<i64>,
}

/// What happened to invitations (created, accepted, refused, cancelled), by whom, newest first.
#[utoipa::path(post, path = "/web/ent/inviteLog", tag = "enterprise",
    security(("x-token" = [])), request_body = InviteLogRequest,
    responses((status = 200, body = Envelope<PageResult<InvitationLogRow>>)))]
async fn invite_log(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<InviteLogRequest>,
) -> ApiResult<PageResult<InvitationLogRow>> {
    Ok(ApiOk(
        invitations::logs(&state.db, &scope, req.invitation_id, req.page).await?,
    ))
}
