//! Area `rule`: push rules, members' push settings, the message log, hand-made pushes and
//! webhooks (docs/push.md). Administrators of an enterprise manage rules and webhooks;
//! members read and act on their own messages and set their own push settings.

use axum::extract::State;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::routes::declare::Declare;

use crate::extract::Scoped;
use crate::state::AppState;
use domain::rule::members::{self, Member, SettingInput};
use domain::rule::messages::{self, LogPage, LogQuery, PushEvent};
use domain::rule::rules::{
    self, BatchAction, Rule, RuleFilter, RuleInput, TARGET_GROUP, TARGET_TAG, TARGET_VEHICLE,
};
use domain::rule::webhooks::{self, Delivery, Webhook, WebhookInput};
use kernel::error::{ApiOk, ApiResult, Envelope};
use kernel::paging::{PageQuery, PageResult};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .read(routes!(rule_list))
        .write(routes!(rule_update))
        .write(routes!(rule_batch))
        .write(routes!(rule_vehicles))
        .write(routes!(rule_groups))
        .write(routes!(rule_tags))
        .write(routes!(rule_members))
        .read(routes!(member_list))
        .write(routes!(set_user))
        .write(routes!(push_event))
        .read(routes!(push_log))
        .read(routes!(webhook_list))
        .write(routes!(webhook_save))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RuleListRequest {
    #[serde(flatten)]
    page: PageQuery,
    #[serde(flatten)]
    filter: RuleFilter,
}

/// Push rules of an enterprise (default: the acting one), newest first.
#[utoipa::path(post, path = "/rule/list", tag = "rule", security(("x-token" = [])),
    request_body = RuleListRequest, responses((status = 200, body = Envelope<PageResult<Rule>>)))]
async fn rule_list(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<RuleListRequest>,
) -> ApiResult<PageResult<Rule>> {
    Ok(ApiOk(
        rules::list(&state.db, &scope, &req.filter, req.page).await?,
    ))
}

/// Creates a push rule (no `id`) or changes one: name, alarm kinds, minimum level, channels,
/// all vehicles or not, enabled, quiet hours. Administrators only.
#[utoipa::path(post, path = "/rule/update", tag = "rule", security(("x-token" = [])),
    request_body = RuleInput, responses((status = 200, body = Envelope<Rule>)))]
async fn rule_update(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<RuleInput>,
) -> ApiResult<Rule> {
    Ok(ApiOk(rules::save(&state.db, &scope, &req).await?))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BatchRequest {
    ids: Vec<i64>,
    action: BatchAction,
}

#[derive(Debug, Serialize, ToSchema)]
#[schema(as = RulesAffected)]
pub struct Affected {
    affected: u64,
}

/// Enables, disables or deletes push rules: all named or none.
#[utoipa::path(post, path = "/rule/batch", tag = "rule", security(("x-token" = [])),
    request_body = BatchRequest, responses((status = 200, body = Envelope<Affected>)))]
async fn rule_batch(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<BatchRequest>,
) -> ApiResult<Affected> {
    let affected = rules::batch(&state.db, &scope, &req.ids, req.action).await?;
    Ok(ApiOk(Affected { affected }))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct VehiclesRequest {
    id: i64,
    /// Vehicles of the rule's enterprise; replaces the rule's.
    vehicle_ids: Vec<i64>,
}

/// Replaces the vehicles a push rule covers (vehicles of the rule's enterprise).
#[utoipa::path(post, path = "/rule/cars_sets", tag = "rule", security(("x-token" = [])),
    request_body = VehiclesRequest, responses((status = 200, body = Envelope<Rule>)))]
async fn rule_vehicles(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<VehiclesRequest>,
) -> ApiResult<Rule> {
    Ok(ApiOk(
        rules::set_targets(&state.db, &scope, req.id, TARGET_VEHICLE, &req.vehicle_ids).await?,
    ))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct GroupsRequest {
    id: i64,
    /// Groups (teams) of the rule's enterprise: their vehicles match.
    group_ids: Vec<i64>,
}

/// Replaces the groups whose vehicles a push rule covers.
#[utoipa::path(post, path = "/rule/group", tag = "rule", security(("x-token" = [])),
    request_body = GroupsRequest, responses((status = 200, body = Envelope<Rule>)))]
async fn rule_groups(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<GroupsRequest>,
) -> ApiResult<Rule> {
    Ok(ApiOk(
        rules::set_targets(&state.db, &scope, req.id, TARGET_GROUP, &req.group_ids).await?,
    ))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TagsRequest {
    id: i64,
    /// Vehicle (or label) tags of the rule's enterprise: vehicles carrying one match.
    tag_ids: Vec<i64>,
}

/// Replaces the tags whose vehicles a push rule covers.
#[utoipa::path(post, path = "/rule/tags", tag = "rule", security(("x-token" = [])),
    request_body = TagsRequest, responses((status = 200, body = Envelope<Rule>)))]
async fn rule_tags(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<TagsRequest>,
) -> ApiResult<Rule> {
    Ok(ApiOk(
        rules::set_targets(&state.db, &scope, req.id, TARGET_TAG, &req.tag_ids).await?,
    ))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MembersRequest {
    id: i64,
    /// User ids, members of the rule's enterprise.
    member_ids: Vec<i64>,
}

/// Replaces the members a push rule notifies.
#[utoipa::path(post, path = "/rule/member", tag = "rule", security(("x-token" = [])),
    request_body = MembersRequest, responses((status = 200, body = Envelope<Rule>)))]
async fn rule_members(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<MembersRequest>,
) -> ApiResult<Rule> {
    Ok(ApiOk(
        rules::set_members(&state.db, &scope, req.id, &req.member_ids).await?,
    ))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MemberListRequest {
    #[serde(flatten)]
    page: PageQuery,
    #[serde(default)]
    keyword: Option<String>,
    #[serde(default, alias = "ent_id", alias = "enterpriseId")]
    ent_id: Option<i64>,
}

/// Members of an enterprise (default: the acting one) with their push settings and the
/// number of rules notifying them; phones masked.
#[utoipa::path(post, path = "/rule/memberList", tag = "rule", security(("x-token" = [])),
    request_body = MemberListRequest,
    responses((status = 200, body = Envelope<PageResult<Member>>)))]
async fn member_list(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<MemberListRequest>,
) -> ApiResult<PageResult<Member>> {
    Ok(ApiOk(
        members::list(
            &state.db,
            &scope,
            req.ent_id,
            req.keyword.as_deref(),
            req.page,
        )
        .await?,
    ))
}

/// Sets a member's push settings: push on or off, channels, alarm kinds (none: all), quiet
/// hours. Members set their own; administrators anyone's in the enterprise.
#[utoipa::path(post, path = "/rule/setUser", tag = "rule", security(("x-token" = [])),
    request_body = SettingInput, responses((status = 200, body = Envelope<Member>)))]
async fn set_user(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<SettingInput>,
) -> ApiResult<Member> {
    Ok(ApiOk(members::set(&state.db, &scope, &req).await?))
}

#[derive(Debug, Serialize, ToSchema)]
pub struct Delivered {
    delivered: u64,
}

/// Pushes an alarm (`alarmId`) or a notice (`title` and `content`) now to `memberIds`
/// (default: the members of the rules the alarm matches, or the whole enterprise for a
/// notice). An alarm reaches a member once; answers how many messages went out.
#[utoipa::path(post, path = "/rule/push_event", tag = "rule", security(("x-token" = [])),
    request_body = PushEvent, responses((status = 200, body = Envelope<Delivered>)))]
async fn push_event(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<PushEvent>,
) -> ApiResult<Delivered> {
    let delivered = messages::push_event(&state.db, &state.live, &scope, &req).await?;
    Ok(ApiOk(Delivered { delivered }))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PushLogRequest {
    #[serde(flatten)]
    page: PageQuery,
    #[serde(flatten)]
    query: LogQuery,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(untagged)]
pub enum PushLogAnswer {
    Page(LogPage),
    Done(Affected),
}

/// The message log: without `action`, a page of the caller's messages (`mine: false`: the
/// enterprise's, administrators) with their unread count; with `action` (read, unread,
/// delete, mask, unmask) and `ids`, acts on the caller's own messages. `mask` mutes that
/// vehicle's alarm kind for the caller.
#[utoipa::path(post, path = "/rule/push_log", tag = "rule", security(("x-token" = [])),
    request_body = PushLogRequest, responses((status = 200, body = Envelope<PushLogAnswer>)))]
async fn push_log(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<PushLogRequest>,
) -> ApiResult<PushLogAnswer> {
    if let Some(action) = req.query.action {
        let affected = messages::act(&state.db, &scope, action, req.query.ids.as_deref()).await?;
        return Ok(ApiOk(PushLogAnswer::Done(Affected { affected })));
    }
    Ok(ApiOk(PushLogAnswer::Page(
        messages::log(&state.db, &scope, &req.query, req.page).await?,
    )))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WebhookListRequest {
    /// A webhook whose deliveries to list.
    #[serde(default)]
    id: Option<i64>,
    #[serde(flatten)]
    page: PageQuery,
    #[serde(default, alias = "ent_id", alias = "enterpriseId")]
    ent_id: Option<i64>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(untagged)]
pub enum WebhookListAnswer {
    Webhooks(Vec<Webhook>),
    Deliveries(PageResult<Delivery>),
}

/// Without `id`: the webhooks of an enterprise (default: the acting one). With `id`: a page
/// of that webhook's delivery attempts, newest first.
#[utoipa::path(post, path = "/settingUrl/list", tag = "rule", security(("x-token" = [])),
    request_body = WebhookListRequest,
    responses((status = 200, body = Envelope<WebhookListAnswer>)))]
async fn webhook_list(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<WebhookListRequest>,
) -> ApiResult<WebhookListAnswer> {
    Ok(ApiOk(match req.id {
        Some(id) => WebhookListAnswer::Deliveries(
            webhooks::deliveries(&state.db, &scope, id, req.page).await?,
        ),
        None => WebhookListAnswer::Webhooks(webhooks::list(&state.db, &scope, req.ent_id).await?),
    }))
}

/// Creates (no `id`), changes, rotates the secret of (`rotateSecret`) or deletes (`delete`) a
/// webhook. The secret is answered only when issued. Administrators only.
#[utoipa::path(post, path = "/settingUrl/save", tag = "rule", security(("x-token" = [])),
    request_body = WebhookInput, responses((status = 200, body = Envelope<Webhook>)))]
async fn webhook_save(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<WebhookInput>,
) -> ApiResult<Webhook> {
    Ok(ApiOk(webhooks::save(&state.db, &scope, &req).await?))
}
