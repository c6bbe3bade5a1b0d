//! Push rules: alarm kinds and a minimum level, the vehicles they cover (all of the
//! enterprise's, or named vehicles, groups and tags), the members they notify, channels and
//! quiet hours. Administrators of the enterprise manage them.

use std::collections::{BTreeSet, HashMap};

use chrono::{DateTime, Utc};
use entities::{
    enterprise_group_vehicle, group, push_rule, push_rule_member, push_rule_target, tag,
    tag_vehicle, vehicle,
};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, Condition, ConnectionTrait, DatabaseConnection, EntityTrait,
    PaginatorTrait, QueryFilter, QueryOrder, QuerySelect, Set,
};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::{check_channels, check_kinds, check_level, check_members, check_quiet};
use crate::scope::{EnterpriseOwned, Scope};
use kernel::db::write_txn;
use kernel::error::AppError;
use kernel::paging::{self, PageQuery, PageResult};
use kernel::search::contains;
use kernel::text;
use kernel::validate::{json_list, required, to_json, vehicle_ids};

/// `push_rule_targets.kind`.
pub const TARGET_VEHICLE: i16 = 1;
pub const TARGET_GROUP: i16 = 2;
pub const TARGET_TAG: i16 = 3;

/// Tag kinds that mark vehicles.
const VEHICLE_TAG_KINDS: [&str; 2] = ["vehicle", "label"];

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Rule {
    pub id: i64,
    pub ent_id: i64,
    pub name: String,
    /// Alarm kinds (services/vehicle/alarms.rs `kind`).
    pub kinds: Vec<i16>,
    /// 1 warning, 2 critical: alarms of this level or above match.
    pub min_level: i16,
    /// `console` (members' messages) and/or `webhook`.
    pub channels: Vec<String>,
    pub all_vehicles: bool,
    pub vehicle_ids: Vec<i64>,
    pub group_ids: Vec<i64>,
    pub tag_ids: Vec<i64>,
    pub member_ids: Vec<i64>,
    pub enabled: bool,
    /// `HH:MM` (enterprise time): no messages from this rule between these times.
    pub quiet_from: Option<String>,
    pub quiet_to: Option<String>,
    pub member_count: usize,
    /// Vehicles the rule covers now.
    pub vehicle_count: u64,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

/// Rules with their targets, members and counts.
async fn rows(
    db: &impl ConnectionTrait,
    rules: Vec<push_rule::Model>,
) -> Result<Vec<Rule>, AppError> {
    let (targets, mut members) = links(db, rules.iter().map(|r| r.id).collect()).await?;
    let mut out = Vec::with_capacity(rules.len());
    for r in rules {
        let take = |kind| targets.get(&(r.id, kind)).cloned().unwrap_or_default();
        let (vehicle_ids, group_ids, tag_ids) =
            (take(TARGET_VEHICLE), take(TARGET_GROUP), take(TARGET_TAG));
        let vehicle_count = if r.all_vehicles {
            vehicle::Entity::find()
                .filter(vehicle::Column::EnterpriseId.eq(r.enterprise_id))
                .count(db)
                .await?
        } else {
            covered(db, r.enterprise_id, &vehicle_ids, &group_ids, &tag_ids)
                .await?
                .len() as u64
        };
        let member_ids = members.remove(&r.id).unwrap_or_default();
        out.push(Rule {
            id: r.id,
            ent_id: r.enterprise_id,
            name: r.name,
            kinds: json_list(&r.kinds),
            min_level: r.min_level,
            channels: json_list(&r.channels),
            all_vehicles: r.all_vehicles,
            vehicle_ids,
            group_ids,
            tag_ids,
            member_count: member_ids.len(),
            member_ids,
            enabled: r.enabled,
            quiet_from: r.quiet_from,
            quiet_to: r.quiet_to,
            vehicle_count,
            created_at: r.created_at,
            updated_at: r.updated_at,
        });
    }
    Ok(out)
}

type Targets = HashMap<(i64, i16), Vec<i64>>;
type Members = HashMap<i64, Vec<i64>>;

/// The targets (by rule and kind) and members (by rule) of rules.
async fn links(db: &impl ConnectionTrait, ids: Vec<i64>) -> Result<(Targets, Members), AppError> {
    let mut targets: HashMap<(i64, i16), Vec<i64>> = HashMap::new();
    for t in push_rule_target::Entity::find()
        .filter(push_rule_target::Column::RuleId.is_in(ids.clone()))
        .order_by_asc(push_rule_target::Column::TargetId)
        .all(db)
        .await?
    {
        targets
            .entry((t.rule_id, t.kind))
            .or_default()
            .push(t.target_id);
    }
    let mut members: HashMap<i64, Vec<i64>> = HashMap::new();
    for m in push_rule_member::Entity::find()
        .filter(push_rule_member::Column::RuleId.is_in(ids))
        .order_by_asc(push_rule_member::Column::UserId)
        .all(db)
        .await?
    {
        members.entry(m.rule_id).or_default().push(m.user_id);
    }
    Ok((targets, members))
}

/// The vehicles of enterprise `ent` named directly or through its groups and tags.
async fn covered(
    db: &impl ConnectionTrait,
    ent: i64,
    vehicles: &[i64],
    groups: &[i64],
    tags: &[i64],
) -> Result<BTreeSet<i64>, AppError> {
    let mut all: BTreeSet<i64> = vehicles.iter().copied().collect();
    if !groups.is_empty() {
        all.extend(
            enterprise_group_vehicle::Entity::find()
                .select_only()
                .column(enterprise_group_vehicle::Column::VehicleId)
                .filter(enterprise_group_vehicle::Column::EnterpriseId.eq(ent))
                .filter(enterprise_group_vehicle::Column::GroupId.is_in(groups.to_vec()))
                .into_tuple::<i64>()
                .all(db)
                .await?,
        );
    }
    if !tags.is_empty() {
        all.extend(
            tag_vehicle::Entity::find()
                .select_only()
                .column(tag_vehicle::Column::VehicleId)
                .filter(tag_vehicle::Column::TagId.is_in(tags.to_vec()))
                .into_tuple::<i64>()
                .all(db)
                .await?,
        );
    }
    Ok(all)
}

/// Filters of the rule list.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RuleFilter {
    #[serde(default)]
    pub keyword: Option<String>,
    #[serde(default)]
    pub enabled: Option<bool>,
    /// One enterprise the caller sees (default: the acting one).
    #[serde(default, alias = "ent_id", alias = "enterpriseId")]
    pub ent_id: Option<i64>,
}

/// Rules of an enterprise (default: the acting one), newest first.
pub async fn list(
    db: &DatabaseConnection,
    scope: &Scope,
    f: &RuleFilter,
    page: PageQuery,
) -> Result<PageResult<Rule>, AppError> {
    let ent = scope.acting(f.ent_id)?;
    let mut cond = Condition::all().add(push_rule::Column::EnterpriseId.eq(ent));
    if let Some(k) = f
        .keyword
        .as_deref()
        .map(str::trim)
        .filter(|k| !k.is_empty())
    {
        cond = cond.add(contains(push_rule::Column::Name, k));
    }
    if let Some(e) = f.enabled {
        cond = cond.add(push_rule::Column::Enabled.eq(e));
    }
    let select = push_rule::Entity::find()
        .filter(cond)
        .order_by_desc(push_rule::Column::Id);
    let page = paging::fetch(db, select, page, |r| r).await?;
    Ok(PageResult {
        list: rows(db, page.list).await?,
        total: page.total,
        page: page.page,
        page_size: page.page_size,
    })
}

/// A rule to create (no id) or change. Vehicles, groups, tags and members are set by their
/// own calls.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RuleInput {
    pub id: Option<i64>,
    /// The enterprise of a new rule (default: the acting one).
    #[serde(default, alias = "ent_id", alias = "enterpriseId")]
    pub ent_id: Option<i64>,
    /// 1–64 characters.
    pub name: String,
    /// At least one alarm kind.
    pub kinds: Vec<i16>,
    /// 1 warning (default), 2 critical.
    #[serde(default = "warning")]
    pub min_level: i16,
    /// Default `["console"]`.
    #[serde(default = "console")]
    pub channels: Vec<String>,
    #[serde(default)]
    pub all_vehicles: bool,
    #[serde(default = "yes")]
    pub enabled: bool,
    #[serde(default)]
    pub quiet_from: Option<String>,
    #[serde(default)]
    pub quiet_to: Option<String>,
}

fn warning() -> i16 {
    1
}

fn console() -> Vec<String> {
    vec![super::CHANNEL_CONSOLE.to_owned()]
}

fn yes() -> bool {
    true
}

fn not_found(id: i64) -> AppError {
    AppError::fail(text!("推送规则 {} 不存在", "No push rule {}", id))
}

impl EnterpriseOwned for push_rule::Entity {
    const ENTERPRISE: Self::Column = push_rule::Column::EnterpriseId;
    fn not_found(id: i64) -> AppError {
        not_found(id)
    }
}

async fn one(db: &impl ConnectionTrait, id: i64) -> Result<Rule, AppError> {
    let r = push_rule::Entity::find_by_id(id)
        .one(db)
        .await?
        .ok_or_else(|| not_found(id))?;
    Ok(rows(db, vec![r]).await?.remove(0))
}

/// Creates a rule in the acting enterprise or changes one the scope sees.
pub async fn save(
    db: &DatabaseConnection,
    scope: &Scope,
    input: &RuleInput,
) -> Result<Rule, AppError> {
    super::require_manager(scope)?;
    let name = required("name", &input.name, 64)?;
    let kinds = check_kinds("kinds", &input.kinds, true)?;
    let min_level = check_level("minLevel", input.min_level)?;
    let channels = check_channels("channels", &input.channels, true)?;
    let (quiet_from, quiet_to) =
        check_quiet(input.quiet_from.as_deref(), input.quiet_to.as_deref())?;
    let now = Utc::now();
    let mut row = match input.id {
        Some(id) => scope.find::<push_rule::Entity>(db, id).await?.into(),
        None => push_rule::ActiveModel {
            enterprise_id: Set(scope.acting(input.ent_id)?),
            created_at: Set(now),
            ..Default::default()
        },
    };
    row.name = Set(name);
    row.kinds = Set(to_json(&kinds));
    row.min_level = Set(min_level);
    row.channels = Set(to_json(&channels));
    row.all_vehicles = Set(input.all_vehicles);
    row.enabled = Set(input.enabled);
    row.quiet_from = Set(quiet_from);
    row.quiet_to = Set(quiet_to);
    row.updated_at = Set(now);
    let saved = row.save(db).await?;
    let id = saved.id.unwrap();
    one(db, id).await
}

#[derive(Debug, Clone, Copy, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum BatchAction {
    Enable,
    Disable,
    Delete,
}

/// Enables, disables or deletes rules the scope sees: all of them or none.
pub async fn batch(
    db: &DatabaseConnection,
    scope: &Scope,
    ids: &[i64],
    action: BatchAction,
) -> Result<u64, AppError> {
    super::require_manager(scope)?;
    if ids.is_empty() {
        return Err(AppError::fail(text!(
            "ids 不能为空",
            "ids must not be empty"
        )));
    }
    let wanted: BTreeSet<i64> = ids.iter().copied().collect();
    let txn = write_txn(db).await?;
    let found: BTreeSet<i64> = push_rule::Entity::find()
        .select_only()
        .column(push_rule::Column::Id)
        .filter(push_rule::Column::Id.is_in(wanted.iter().copied()))
        .filter(scope.filter(push_rule::Column::EnterpriseId))
        .into_tuple::<i64>()
        .all(&txn)
        .await?
        .into_iter()
        .collect();
    if let Some(missing) = wanted.iter().find(|id| !found.contains(id)) {
        return Err(not_found(*missing));
    }
    let affected = match action {
        BatchAction::Delete => {
            push_rule::Entity::delete_many()
                .filter(push_rule::Column::Id.is_in(found))
                .exec(&txn)
                .await?
                .rows_affected
        }
        BatchAction::Enable | BatchAction::Disable => {
            push_rule::Entity::update_many()
                .col_expr(
                    push_rule::Column::Enabled,
                    sea_orm::sea_query::Expr::value(matches!(action, BatchAction::Enable)),
                )
                .col_expr(
                    push_rule::Column::UpdatedAt,
                    sea_orm::sea_query::Expr::value(Utc::now()),
                )
                .filter(push_rule::Column::Id.is_in(found))
                .exec(&txn)
                .await?
                .rows_affected
        }
    };
    txn.commit().await?;
    Ok(affected)
}

/// Ids of `kind` (vehicles, groups or tags) that belong to enterprise `ent`; a stranger is
/// refused as unknown.
async fn check_targets(
    db: &impl ConnectionTrait,
    ent: i64,
    kind: i16,
    ids: &[i64],
) -> Result<Vec<i64>, AppError> {
    let field = match kind {
        TARGET_VEHICLE => "vehicleIds",
        TARGET_GROUP => "groupIds",
        _ => "tagIds",
    };
    let wanted = vehicle_ids(field, ids)?;
    let found: BTreeSet<i64> = match kind {
        TARGET_VEHICLE => {
            vehicle::Entity::find()
                .select_only()
                .column(vehicle::Column::Id)
                .filter(vehicle::Column::Id.is_in(wanted.clone()))
                .filter(vehicle::Column::EnterpriseId.eq(ent))
                .into_tuple::<i64>()
                .all(db)
                .await?
        }
        TARGET_GROUP => {
            group::Entity::find()
                .select_only()
                .column(group::Column::Id)
                .filter(group::Column::Id.is_in(wanted.clone()))
                .filter(group::Column::EnterpriseId.eq(ent))
                .into_tuple::<i64>()
                .all(db)
                .await?
        }
        _ => {
            tag::Entity::find()
                .select_only()
                .column(tag::Column::Id)
                .filter(tag::Column::Id.is_in(wanted.clone()))
                .filter(tag::Column::EnterpriseId.eq(ent))
                .filter(tag::Column::Kind.is_in(VEHICLE_TAG_KINDS))
                .into_tuple::<i64>()
                .all(db)
                .await?
        }
    }
    .into_iter()
    .collect();
    if let Some(missing) = wanted.iter().find(|id| !found.contains(id)) {
        return Err(AppError::fail(match kind {
            TARGET_VEHICLE => text!(
                "车辆 {} 不属于企业 {}",
                "Vehicle {} does not belong to enterprise {}",
                missing,
                ent
            ),
            TARGET_GROUP => text!(
                "分组 {} 不属于企业 {}",
                "Group {} does not belong to enterprise {}",
                missing,
                ent
            ),
            _ => text!(
                "车辆标签 {} 不属于企业 {}",
                "Vehicle tag {} does not belong to enterprise {}",
                missing,
                ent
            ),
        }));
    }
    Ok(wanted)
}

/// Replaces the rule's vehicles (`TARGET_VEHICLE`), groups or tags.
pub async fn set_targets(
    db: &DatabaseConnection,
    scope: &Scope,
    id: i64,
    kind: i16,
    ids: &[i64],
) -> Result<Rule, AppError> {
    super::require_manager(scope)?;
    let txn = write_txn(db).await?;
    let rule = scope.find::<push_rule::Entity>(&txn, id).await?;
    let ids = check_targets(&txn, rule.enterprise_id, kind, ids).await?;
    push_rule_target::Entity::delete_many()
        .filter(push_rule_target::Column::RuleId.eq(id))
        .filter(push_rule_target::Column::Kind.eq(kind))
        .exec(&txn)
        .await?;
    if !ids.is_empty() {
        push_rule_target::Entity::insert_many(ids.into_iter().map(|target_id| {
            push_rule_target::ActiveModel {
                rule_id: Set(id),
                kind: Set(kind),
                target_id: Set(target_id),
            }
        }))
        .exec_without_returning(&txn)
        .await?;
    }
    touch(&txn, id).await?;
    txn.commit().await?;
    one(db, id).await
}

/// Replaces the members the rule notifies (members of the rule's enterprise).
pub async fn set_members(
    db: &DatabaseConnection,
    scope: &Scope,
    id: i64,
    user_ids: &[i64],
) -> Result<Rule, AppError> {
    super::require_manager(scope)?;
    let txn = write_txn(db).await?;
    let rule = scope.find::<push_rule::Entity>(&txn, id).await?;
    let users = check_members(&txn, "memberIds", rule.enterprise_id, user_ids).await?;
    push_rule_member::Entity::delete_many()
        .filter(push_rule_member::Column::RuleId.eq(id))
        .exec(&txn)
        .await?;
    if !users.is_empty() {
        push_rule_member::Entity::insert_many(users.into_iter().map(|user_id| {
            push_rule_member::ActiveModel {
                rule_id: Set(id),
                user_id: Set(user_id),
            }
        }))
        .exec_without_returning(&txn)
        .await?;
    }
    touch(&txn, id).await?;
    txn.commit().await?;
    one(db, id).await
}

async fn touch(db: &impl ConnectionTrait, id: i64) -> Result<(), AppError> {
    push_rule::Entity::update_many()
        .col_expr(
            push_rule::Column::UpdatedAt,
            sea_orm::sea_query::Expr::value(Utc::now()),
        )
        .filter(push_rule::Column::Id.eq(id))
        .exec(db)
        .await?;
    Ok(())
}

/// An enabled rule as the dispatcher matches it.
#[derive(Debug, Clone)]
pub struct Matcher {
    pub id: i64,
    pub kinds: Vec<i16>,
    pub min_level: i16,
    pub console: bool,
    pub all_vehicles: bool,
    pub vehicles: BTreeSet<i64>,
    pub groups: BTreeSet<i64>,
    pub tags: BTreeSet<i64>,
    pub members: Vec<i64>,
    pub quiet_from: Option<String>,
    pub quiet_to: Option<String>,
}

/// The enabled rules of an enterprise, ready for matching.
pub async fn matchers(db: &impl ConnectionTrait, ent: i64) -> Result<Vec<Matcher>, AppError> {
    let enabled = push_rule::Entity::find()
        .filter(push_rule::Column::EnterpriseId.eq(ent))
        .filter(push_rule::Column::Enabled.eq(true))
        .order_by_asc(push_rule::Column::Id)
        .all(db)
        .await?;
    let (targets, mut members) = links(db, enabled.iter().map(|r| r.id).collect()).await?;
    Ok(enabled
        .into_iter()
        .map(|r| {
            let take = |kind| {
                targets
                    .get(&(r.id, kind))
                    .map(|ids| ids.iter().copied().collect())
                    .unwrap_or_default()
            };
            Matcher {
                id: r.id,
                console: json_list::<String>(&r.channels)
                    .iter()
                    .any(|c| c == super::CHANNEL_CONSOLE),
                kinds: json_list(&r.kinds),
                min_level: r.min_level,
                all_vehicles: r.all_vehicles,
                vehicles: take(TARGET_VEHICLE),
                groups: take(TARGET_GROUP),
                tags: take(TARGET_TAG),
                members: members.remove(&r.id).unwrap_or_default(),
                quiet_from: r.quiet_from,
                quiet_to: r.quiet_to,
            }
        })
        .collect())
}
