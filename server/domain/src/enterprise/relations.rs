//! Relations between enterprises. `enterprise_id` owns the data (grantor), `related_id`
//! receives access (grantee). One side requests, the other confirms or refuses; either ends
//! it. A confirmed relation of type 2, 3 or 4 grants the grantee exactly the vehicles it
//! covers (`relation_vehicles`, read by [`Scope::vehicle_filter`]); confirming a type-1
//! relation puts the grantor (the subordinate) below the grantee in the tree, ending it takes
//! it out again.
//!
//! A relation covers only vehicles of the grantor or of enterprises below it
//! ([`require_owned_below`]), whichever side names them: checked when it is requested or its
//! coverage changes; a vehicle that leaves the grantor's subtree later leaves the relation
//! ([`prune_coverage`]).

use std::collections::hash_map::Entry;
use std::collections::{BTreeSet, HashMap};

use chrono::{DateTime, Utc};
use entities::{enterprise, relation, relation_vehicle, vehicle};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, Condition, ConnectionTrait, DatabaseConnection, EntityTrait,
    QueryFilter, QueryOrder, Set,
};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::enterprises::{height, level_of, subtree, too_deep};
use super::ownership::require_owned_below;
use super::{find, find_visible, relation_type_name};
use crate::scope::{MAX_DEPTH, RELATION_CONFIRMED, Scope};
use kernel::changes::{Change, announce};
use kernel::error::AppError;
use kernel::ids::PLATFORM_ENTERPRISE;
use kernel::paging::{self, PageQuery, PageResult};
use kernel::text;
use kernel::validate::{in_range, limited};

pub const REQUESTED: i16 = 0;
pub const CONFIRMED: i16 = RELATION_CONFIRMED;
pub const REFUSED: i16 = 2;
pub const ENDED: i16 = 3;
pub const SUPERIOR: i16 = 1;

pub fn state_name(s: i16) -> String {
    match s {
        REQUESTED => text!("待确认", "requested"),
        CONFIRMED => text!("已确认", "confirmed"),
        REFUSED => text!("已拒绝", "refused"),
        ENDED => text!("已解除", "ended"),
        _ => text!("未知", "unknown"),
    }
    .current()
    .to_owned()
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RelationRow {
    #[serde(rename = "ID")]
    pub id: i64,
    /// The enterprise whose data is shared (grantor; for type 1 the subordinate).
    pub ent_id: i64,
    pub ent_name: String,
    /// The enterprise that receives access (grantee; for type 1 the superior).
    pub related_ent_id: i64,
    pub related_ent_name: String,
    /// 0 unconfirmed, 1 superior-subordinate, 2 maintenance custody, 3 customer, 4 cooperation.
    #[serde(rename = "type")]
    pub relation_type: i16,
    pub type_name: String,
    /// 0 requested, 1 confirmed, 2 refused, 3 ended.
    pub state: i16,
    pub state_name: String,
    /// The enterprise that asked for it.
    pub initiator_ent_id: i64,
    /// `granted` when the caller sees the grantor, else `received`.
    pub direction: String,
    /// Whether the caller may confirm or refuse it now.
    pub can_confirm: bool,
    /// Vehicles it covers.
    pub vehicle_ids: Vec<i64>,
    pub vehicle_count: usize,
    pub remark: String,
    pub reason: String,
    pub created_at: DateTime<Utc>,
    pub confirmed_at: Option<DateTime<Utc>>,
    pub ended_at: Option<DateTime<Utc>>,
}

fn not_found(id: i64) -> AppError {
    AppError::fail(text!("关系 {} 不存在", "Relation {} does not exist", id))
}

/// Relations with a side the scope sees.
fn visible(scope: &Scope) -> Condition {
    if scope.platform {
        Condition::all()
    } else {
        Condition::any()
            .add(scope.filter(relation::Column::EnterpriseId))
            .add(scope.filter(relation::Column::RelatedId))
    }
}

async fn find_relation(
    db: &impl ConnectionTrait,
    scope: &Scope,
    id: i64,
) -> Result<relation::Model, AppError> {
    relation::Entity::find_by_id(id)
        .filter(visible(scope))
        .one(db)
        .await?
        .ok_or_else(|| not_found(id))
}

fn other_side(r: &relation::Model) -> i64 {
    if r.initiator_id == r.enterprise_id {
        r.related_id
    } else {
        r.enterprise_id
    }
}

pub async fn rows(
    db: &impl ConnectionTrait,
    scope: &Scope,
    list: Vec<relation::Model>,
) -> Result<Vec<RelationRow>, AppError> {
    let ids: Vec<i64> = list.iter().map(|r| r.id).collect();
    let mut covered: HashMap<i64, Vec<i64>> = HashMap::new();
    for v in relation_vehicle::Entity::find()
        .filter(relation_vehicle::Column::RelationId.is_in(ids))
        .order_by_asc(relation_vehicle::Column::VehicleId)
        .all(db)
        .await?
    {
        covered.entry(v.relation_id).or_default().push(v.vehicle_id);
    }
    let names = super::names(
        db,
        list.iter().flat_map(|r| [r.enterprise_id, r.related_id]),
    )
    .await?;
    Ok(list
        .into_iter()
        .map(|r| {
            let vehicle_ids = covered.remove(&r.id).unwrap_or_default();
            RelationRow {
                id: r.id,
                ent_id: r.enterprise_id,
                ent_name: names.get(&r.enterprise_id).cloned().unwrap_or_default(),
                related_ent_id: r.related_id,
                related_ent_name: names.get(&r.related_id).cloned().unwrap_or_default(),
                relation_type: r.relation_type,
                type_name: relation_type_name(r.relation_type),
                state: r.state,
                state_name: state_name(r.state),
                initiator_ent_id: r.initiator_id,
                direction: if scope.sees(r.enterprise_id) {
                    "granted"
                } else {
                    "received"
                }
                .into(),
                can_confirm: r.state == REQUESTED && scope.sees(other_side(&r)),
                vehicle_count: vehicle_ids.len(),
                vehicle_ids,
                remark: r.remark,
                reason: r.reason,
                created_at: r.created_at,
                confirmed_at: r.confirmed_at,
                ended_at: r.ended_at,
            }
        })
        .collect())
}

async fn one_row(
    db: &impl ConnectionTrait,
    scope: &Scope,
    r: relation::Model,
) -> Result<RelationRow, AppError> {
    Ok(rows(db, scope, vec![r]).await?.remove(0))
}

async fn replace_vehicles(
    db: &impl ConnectionTrait,
    relation_id: i64,
    vehicles: &[i64],
) -> Result<(), AppError> {
    relation_vehicle::Entity::delete_many()
        .filter(relation_vehicle::Column::RelationId.eq(relation_id))
        .exec(db)
        .await?;
    add_vehicles(db, relation_id, vehicles).await
}

async fn add_vehicles(
    db: &impl ConnectionTrait,
    relation_id: i64,
    vehicles: &[i64],
) -> Result<(), AppError> {
    let have: BTreeSet<i64> = relation_vehicle::Entity::find()
        .filter(relation_vehicle::Column::RelationId.eq(relation_id))
        .all(db)
        .await?
        .into_iter()
        .map(|v| v.vehicle_id)
        .collect();
    let new: Vec<_> = vehicles
        .iter()
        .filter(|v| !have.contains(v))
        .map(|v| relation_vehicle::ActiveModel {
            relation_id: Set(relation_id),
            vehicle_id: Set(*v),
        })
        .collect();
    if !new.is_empty() {
        relation_vehicle::Entity::insert_many(new)
            .exec_without_returning(db)
            .await?;
    }
    Ok(())
}

/// Drops coverage that is no longer the grantor's to give: vehicles whose owner has left the
/// grantor's subtree (a transfer, a move in the tree, an ended superior relation), so a
/// relation never opens another enterprise's vehicle. `vehicles`: only these (None: all).
pub async fn prune_coverage(
    db: &impl ConnectionTrait,
    vehicles: Option<&[i64]>,
) -> Result<(), AppError> {
    let mut rows = relation_vehicle::Entity::find();
    if let Some(v) = vehicles {
        rows = rows.filter(relation_vehicle::Column::VehicleId.is_in(v.iter().copied()));
    }
    let rows = rows.all(db).await?;
    if rows.is_empty() {
        return Ok(());
    }
    let grantors: HashMap<i64, i64> = relation::Entity::find()
        .filter(relation::Column::Id.is_in(rows.iter().map(|r| r.relation_id)))
        .all(db)
        .await?
        .into_iter()
        .map(|r| (r.id, r.enterprise_id))
        .collect();
    let owners: HashMap<i64, i64> = vehicle::Entity::find()
        .filter(vehicle::Column::Id.is_in(rows.iter().map(|r| r.vehicle_id)))
        .all(db)
        .await?
        .into_iter()
        .map(|v| (v.id, v.enterprise_id))
        .collect();
    let mut subtrees: HashMap<i64, BTreeSet<i64>> = HashMap::new();
    let mut stale: HashMap<i64, Vec<i64>> = HashMap::new();
    for r in rows {
        let grantor = grantors.get(&r.relation_id).copied().unwrap_or_default();
        if let Entry::Vacant(slot) = subtrees.entry(grantor) {
            slot.insert(subtree(db, grantor).await?);
        }
        let owned = owners
            .get(&r.vehicle_id)
            .is_some_and(|o| subtrees[&grantor].contains(o));
        if !owned {
            stale.entry(r.relation_id).or_default().push(r.vehicle_id);
        }
    }
    for (relation_id, vehicle_ids) in stale {
        relation_vehicle::Entity::delete_many()
            .filter(relation_vehicle::Column::RelationId.eq(relation_id))
            .filter(relation_vehicle::Column::VehicleId.is_in(vehicle_ids))
            .exec(db)
            .await?;
    }
    Ok(())
}

/// Which side of a new relation the caller's enterprise takes.
#[derive(Debug, Clone, Copy, Default, Deserialize, ToSchema, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum Direction {
    /// The caller's enterprise grants the target access (for type 1: becomes its subordinate).
    #[default]
    Grant,
    /// The caller's enterprise asks the target for access (for type 1: to become its superior).
    Receive,
}

pub struct NewRelation {
    pub ent_id: Option<i64>,
    pub target_ent_id: i64,
    pub relation_type: i16,
    pub direction: Direction,
    pub vehicle_ids: Vec<i64>,
    pub remark: String,
}

async fn open_between(
    db: &impl ConnectionTrait,
    grantor: i64,
    grantee: i64,
    relation_type: i16,
) -> Result<Option<relation::Model>, AppError> {
    Ok(relation::Entity::find()
        .filter(relation::Column::EnterpriseId.eq(grantor))
        .filter(relation::Column::RelatedId.eq(grantee))
        .filter(relation::Column::RelationType.eq(relation_type))
        .filter(relation::Column::State.is_in([REQUESTED, CONFIRMED]))
        .one(db)
        .await?)
}

/// Requests a relation between the caller's enterprise and another; the other side confirms.
pub async fn request(
    db: &DatabaseConnection,
    scope: &Scope,
    new: NewRelation,
) -> Result<RelationRow, AppError> {
    in_range("type", new.relation_type.into(), 0, 4)?;
    let vehicles = kernel::validate::vehicle_ids("vehicleIds", &new.vehicle_ids)?;
    let remark = limited("remark", &new.remark, 200)?;
    let own = scope.acting(new.ent_id)?;
    if new.target_ent_id == own {
        return Err(AppError::fail(text!(
            "不能与自己建立关系",
            "An enterprise cannot relate to itself"
        )));
    }
    let txn = kernel::db::write_txn(db).await?;
    find_visible(&txn, scope, own).await?;
    find(&txn, new.target_ent_id).await?;
    let (grantor, grantee) = match new.direction {
        Direction::Grant => (own, new.target_ent_id),
        Direction::Receive => (new.target_ent_id, own),
    };
    require_owned_below(&txn, grantor, &vehicles).await?;
    if open_between(&txn, grantor, grantee, new.relation_type)
        .await?
        .is_some()
    {
        return Err(AppError::fail(text!(
            "企业 {} 与 {} 之间已有此类型的关系",
            "Enterprises {} and {} already have a relation of this type",
            grantor,
            grantee
        )));
    }
    let now = Utc::now();
    let saved = relation::ActiveModel {
        enterprise_id: Set(grantor),
        related_id: Set(grantee),
        relation_type: Set(new.relation_type),
        state: Set(REQUESTED),
        initiator_id: Set(own),
        requested_by: Set(Some(scope.user.id)),
        remark: Set(remark),
        reason: Set(String::new()),
        created_at: Set(now),
        updated_at: Set(now),
        confirmed_at: Set(None),
        ended_at: Set(None),
        ..Default::default()
    }
    .insert(&txn)
    .await?;
    add_vehicles(&txn, saved.id, &vehicles).await?;
    txn.commit().await?;
    one_row(db, scope, saved).await
}

/// Puts `grantor` below `grantee` (a confirmed type-1 relation).
async fn attach(db: &impl ConnectionTrait, grantor: i64, grantee: i64) -> Result<(), AppError> {
    let sub = find(db, grantor).await?;
    if sub.id == PLATFORM_ENTERPRISE {
        return Err(AppError::fail(text!(
            "平台企业不能成为下级",
            "The platform enterprise cannot become a subordinate"
        )));
    }
    if let Some(p) = sub.parent_id {
        return Err(AppError::fail(text!(
            "企业 {} 已有上级企业 {}",
            "Enterprise {} already has the superior {}",
            grantor,
            p
        )));
    }
    if subtree(db, grantor).await?.contains(&grantee) {
        return Err(AppError::fail(text!(
            "企业 {} 是 {} 的下级，不能成为它的上级（会形成环）",
            "Enterprise {} is below {}; making it the superior would make a cycle",
            grantee,
            grantor
        )));
    }
    let levels = level_of(db, grantee).await? + height(db, grantor).await?;
    if levels > MAX_DEPTH {
        return Err(too_deep(levels));
    }
    let mut row: enterprise::ActiveModel = sub.into();
    row.parent_id = Set(Some(grantee));
    row.updated_at = Set(Utc::now());
    row.update(db).await?;
    Ok(())
}

async fn detach(db: &impl ConnectionTrait, grantor: i64, grantee: i64) -> Result<(), AppError> {
    let sub = find(db, grantor).await?;
    if sub.parent_id == Some(grantee) {
        let mut row: enterprise::ActiveModel = sub.into();
        row.parent_id = Set(None);
        row.updated_at = Set(Utc::now());
        row.update(db).await?;
    }
    Ok(())
}

#[derive(Debug, Clone, Copy, Deserialize, ToSchema, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum RelationAction {
    /// The side that did not ask confirms (type 1: the subordinate goes below the superior).
    Confirm,
    /// The side that did not ask refuses, with an optional reason.
    Refuse,
    /// Either side ends a requested or confirmed relation (access stops at once).
    End,
    /// The grantor changes the covered vehicles (`vehicleIds` replaces them) or the remark.
    Update,
}

pub struct RelationChange {
    pub action: RelationAction,
    pub vehicle_ids: Option<Vec<i64>>,
    pub remark: Option<String>,
    pub reason: String,
}

/// Confirms, refuses, ends or updates a relation. Callers invalidate the tree cache.
pub async fn change(
    db: &DatabaseConnection,
    scope: &Scope,
    id: i64,
    c: RelationChange,
) -> Result<RelationRow, AppError> {
    announce(Change::Reach);
    let txn = kernel::db::write_txn(db).await?;
    let r = find_relation(&txn, scope, id).await?;
    let now = Utc::now();
    let mut row: relation::ActiveModel = r.clone().into();
    let reason = limited("reason", &c.reason, 200)?;
    match c.action {
        RelationAction::Confirm | RelationAction::Refuse => {
            let other = other_side(&r);
            if !scope.sees(other) {
                return Err(AppError::fail(text!(
                    "只有企业 {} 可以确认或拒绝此关系",
                    "Only enterprise {} may confirm or refuse this relation",
                    other
                )));
            }
            if r.state != REQUESTED {
                return Err(AppError::fail(text!(
                    "关系 {} 不在待确认状态",
                    "Relation {} is not awaiting confirmation",
                    id
                )));
            }
            if c.action == RelationAction::Confirm {
                if r.relation_type == SUPERIOR {
                    attach(&txn, r.enterprise_id, r.related_id).await?;
                }
                row.state = Set(CONFIRMED);
                row.confirmed_at = Set(Some(now));
            } else {
                row.state = Set(REFUSED);
                row.reason = Set(reason);
                row.ended_at = Set(Some(now));
            }
        }
        RelationAction::End => {
            if !matches!(r.state, REQUESTED | CONFIRMED) {
                return Err(AppError::fail(text!(
                    "关系 {} 已结束",
                    "Relation {} is already over",
                    id
                )));
            }
            if r.relation_type == SUPERIOR && r.state == CONFIRMED {
                detach(&txn, r.enterprise_id, r.related_id).await?;
                prune_coverage(&txn, None).await?;
            }
            row.state = Set(ENDED);
            row.reason = Set(reason);
            row.ended_at = Set(Some(now));
        }
        RelationAction::Update => {
            if !scope.sees(r.enterprise_id) {
                return Err(AppError::fail(text!(
                    "只有数据所属企业 {} 可以修改此关系",
                    "Only enterprise {}, whose data it shares, may change this relation",
                    r.enterprise_id
                )));
            }
            if !matches!(r.state, REQUESTED | CONFIRMED) {
                return Err(AppError::fail(text!(
                    "关系 {} 已结束",
                    "Relation {} is already over",
                    id
                )));
            }
            if let Some(v) = &c.vehicle_ids {
                let v = kernel::validate::vehicle_ids("vehicleIds", v)?;
                require_owned_below(&txn, r.enterprise_id, &v).await?;
                replace_vehicles(&txn, id, &v).await?;
            }
            if let Some(remark) = &c.remark {
                row.remark = Set(limited("remark", remark, 200)?);
            }
        }
    }
    row.updated_at = Set(now);
    let saved = row.update(&txn).await?;
    txn.commit().await?;
    one_row(db, scope, saved).await
}

/// Sets the cooperation (type 4) relation in which the caller's enterprise shares
/// `vehicle_ids` with `target`: an open one gets these vehicles, else one is requested.
pub async fn set_cooperation(
    db: &DatabaseConnection,
    scope: &Scope,
    ent_id: Option<i64>,
    target: i64,
    vehicle_ids: &[i64],
    remark: Option<String>,
) -> Result<RelationRow, AppError> {
    announce(Change::Reach);
    let own = scope.acting(ent_id)?;
    if let Some(open) = open_between(db, own, target, 4).await? {
        return change(
            db,
            scope,
            open.id,
            RelationChange {
                action: RelationAction::Update,
                vehicle_ids: Some(vehicle_ids.to_vec()),
                remark,
                reason: String::new(),
            },
        )
        .await;
    }
    request(
        db,
        scope,
        NewRelation {
            ent_id: Some(own),
            target_ent_id: target,
            relation_type: 4,
            direction: Direction::Grant,
            vehicle_ids: vehicle_ids.to_vec(),
            remark: remark.unwrap_or_default(),
        },
    )
    .await
}

/// Creates (or extends) a confirmed relation, for accepted invitations; the vehicles must
/// still be the grantor's. Returns its id.
pub async fn establish(
    db: &impl ConnectionTrait,
    grantor: i64,
    grantee: i64,
    relation_type: i16,
    vehicles: &[i64],
    requested_by: Option<i64>,
) -> Result<i64, AppError> {
    require_owned_below(db, grantor, vehicles).await?;
    let now = Utc::now();
    let id = match open_between(db, grantor, grantee, relation_type).await? {
        Some(open) => {
            if open.state == REQUESTED {
                let mut row: relation::ActiveModel = open.clone().into();
                row.state = Set(CONFIRMED);
                row.confirmed_at = Set(Some(now));
                row.updated_at = Set(now);
                row.update(db).await?;
            }
            open.id
        }
        None => {
            relation::ActiveModel {
                enterprise_id: Set(grantor),
                related_id: Set(grantee),
                relation_type: Set(relation_type),
                state: Set(CONFIRMED),
                initiator_id: Set(grantor),
                requested_by: Set(requested_by),
                remark: Set(String::new()),
                reason: Set(String::new()),
                created_at: Set(now),
                updated_at: Set(now),
                confirmed_at: Set(Some(now)),
                ended_at: Set(None),
                ..Default::default()
            }
            .insert(db)
            .await?
            .id
        }
    };
    add_vehicles(db, id, vehicles).await?;
    announce(Change::Reach);
    Ok(id)
}

#[derive(Debug, Default)]
pub struct RelationFilter {
    pub ent_id: Option<i64>,
    pub relation_type: Option<i16>,
    pub state: Option<i16>,
    /// granted, received or all (default).
    pub direction: Option<String>,
}

/// Relations with a side the scope sees, paged.
pub async fn list(
    db: &DatabaseConnection,
    scope: &Scope,
    f: RelationFilter,
    page: PageQuery,
) -> Result<PageResult<RelationRow>, AppError> {
    let mut cond = Condition::all().add(visible(scope));
    let (granted, received) = match f.direction.as_deref().unwrap_or("all") {
        "all" | "" => (true, true),
        "granted" => (true, false),
        "received" => (false, true),
        other => {
            return Err(AppError::fail(text!(
                "direction 须为 granted、received 或 all，而不是 {}",
                "direction must be granted, received or all, not {}",
                other
            )));
        }
    };
    if let Some(e) = f.ent_id.filter(|e| *e != 0) {
        scope.require(e)?;
        let mut sides = Condition::any();
        if granted {
            sides = sides.add(relation::Column::EnterpriseId.eq(e));
        }
        if received {
            sides = sides.add(relation::Column::RelatedId.eq(e));
        }
        cond = cond.add(sides);
    } else if !scope.platform {
        let mut sides = Condition::any();
        if granted {
            sides = sides.add(scope.filter(relation::Column::EnterpriseId));
        }
        if received {
            sides = sides.add(scope.filter(relation::Column::RelatedId));
        }
        cond = cond.add(sides);
    }
    if let Some(t) = f.relation_type {
        cond = cond.add(relation::Column::RelationType.eq(t));
    }
    if let Some(s) = f.state {
        cond = cond.add(relation::Column::State.eq(s));
    }
    let select = relation::Entity::find()
        .filter(cond)
        .order_by_desc(relation::Column::Id);
    let page = paging::fetch(db, select, page, |r| r).await?;
    Ok(PageResult {
        list: rows(db, scope, page.list).await?,
        total: page.total,
        page: page.page,
        page_size: page.page_size,
    })
}

/// An enterprise with its relations.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EnterpriseRelations {
    pub ent_id: i64,
    pub ent_name: String,
    pub relations: Vec<RelationRow>,
}

/// The relations of one enterprise (optionally of one state).
pub async fn of_enterprise(
    db: &DatabaseConnection,
    scope: &Scope,
    ent_id: Option<i64>,
    state: Option<i16>,
) -> Result<EnterpriseRelations, AppError> {
    let ent = scope.acting(ent_id)?;
    let e = find_visible(db, scope, ent).await?;
    let mut cond = Condition::any()
        .add(relation::Column::EnterpriseId.eq(ent))
        .add(relation::Column::RelatedId.eq(ent));
    if let Some(s) = state {
        cond = Condition::all()
            .add(cond)
            .add(relation::Column::State.eq(s));
    }
    let list = relation::Entity::find()
        .filter(cond)
        .order_by_desc(relation::Column::Id)
        .all(db)
        .await?;
    Ok(EnterpriseRelations {
        ent_id: ent,
        ent_name: e.ent_name,
        relations: rows(db, scope, list).await?,
    })
}
