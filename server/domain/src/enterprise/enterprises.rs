//! Enterprises: the tree (at most three levels, no cycles), details, creation, edits and
//! moves, batch deletion, search and verification.

use std::collections::{BTreeMap, BTreeSet, HashMap};

use chrono::{DateTime, Utc};
use entities::{cluster, cluster_enterprise, enterprise, relation, sys_user, sys_user_authority};
use sea_orm::sea_query::Expr;
use sea_orm::{
    ActiveModelTrait, ColumnTrait, Condition, ConnectionTrait, DatabaseConnection, EntityTrait,
    PaginatorTrait, QueryFilter, QueryOrder, QuerySelect, Set,
};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::{
    Named, docking_name, find, find_visible, type_name, verify_state_name, wheel_support_name,
};
use crate::scope::{MAX_DEPTH, Scope};
use kernel::changes::{Change, announce};
use kernel::error::AppError;
use kernel::ids::PLATFORM_ENTERPRISE;
use kernel::paging::{self, PageQuery, PageResult};
use kernel::text;
use kernel::validate::{in_range, limited, required};

/// An ancestor, as the console's `parent` list holds it.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct ParentRef {
    pub id: i64,
    pub ent_name: String,
}

/// An enterprise as lists show it.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EnterpriseRow {
    pub ent_id: i64,
    pub parent_id: Option<i64>,
    pub ent_name: String,
    pub ent_abbreviation: String,
    pub logo: String,
    #[serde(rename = "car_ico")]
    pub car_ico: String,
    #[serde(rename = "enable_group")]
    pub enable_group: bool,
    /// 0 direct, 1 superior, 2 outsourced, 3 agent, 4 supervisory.
    #[serde(rename = "type")]
    pub ent_type: i16,
    pub type_name: String,
    /// 0 none … 10 (see `docking_list`).
    pub docking_platform: i16,
    pub docking_name: String,
    /// 0 axle temperature + tyre pressure, 1 axle only, 2 tyre only, 3 neither.
    pub wheel_support: i16,
    pub wheel_support_name: String,
    /// 0 not submitted, 1 pending review, 2 approved, 3 rejected.
    pub verify_state: i16,
    pub verify_state_name: String,
    pub verified: bool,
    pub colony_id: Option<i64>,
    pub contact: String,
    pub phone: String,
    pub address: String,
    pub license_no: String,
    /// 1 for a top-level enterprise, 2 and 3 below it.
    pub level: usize,
    /// Ancestors from the top.
    pub parent: Vec<ParentRef>,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

/// A node of the enterprise tree, with its children in `ent_list`.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EnterpriseNode {
    pub ent_id: i64,
    pub parent_id: Option<i64>,
    pub ent_name: String,
    pub ent_abbreviation: String,
    pub logo: String,
    #[serde(rename = "car_ico")]
    pub car_ico: String,
    #[serde(rename = "enable_group")]
    pub enable_group: bool,
    #[serde(rename = "type")]
    pub ent_type: i16,
    pub verify_state: i16,
    pub colony_id: Option<i64>,
    pub level: usize,
    #[serde(rename = "ent_list")]
    #[schema(no_recursion)]
    pub ent_list: Vec<EnterpriseNode>,
}

/// One enterprise in full.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EnterpriseDetail {
    #[serde(flatten)]
    pub row: EnterpriseRow,
    /// Document URLs submitted for verification.
    pub verify_documents: Vec<String>,
    pub verify_reason: String,
    pub verify_submitted_at: Option<DateTime<Utc>>,
    pub verify_reviewed_at: Option<DateTime<Utc>>,
    pub member_count: u64,
    pub child_count: u64,
    /// The enterprises below it.
    #[serde(rename = "ent_list")]
    pub ent_list: Vec<EnterpriseNode>,
    /// The clusters it belongs to.
    pub clusters: Vec<Named>,
}

/// Ancestor chains (from the top) of `rows`.
async fn ancestry(
    db: &impl ConnectionTrait,
    rows: &[enterprise::Model],
) -> Result<HashMap<i64, Vec<ParentRef>>, AppError> {
    let mut known: HashMap<i64, (Option<i64>, String)> = rows
        .iter()
        .map(|r| (r.id, (r.parent_id, r.ent_name.clone())))
        .collect();
    for _ in 0..MAX_DEPTH {
        let missing: BTreeSet<i64> = known
            .values()
            .filter_map(|(p, _)| *p)
            .filter(|p| !known.contains_key(p))
            .collect();
        if missing.is_empty() {
            break;
        }
        for e in enterprise::Entity::find()
            .filter(enterprise::Column::Id.is_in(missing))
            .all(db)
            .await?
        {
            known.insert(e.id, (e.parent_id, e.ent_name));
        }
    }
    let mut out = HashMap::new();
    for r in rows {
        let mut chain = Vec::new();
        let mut cur = r.parent_id;
        while let Some(p) = cur {
            if chain.len() > MAX_DEPTH {
                break;
            }
            let Some((next, name)) = known.get(&p) else {
                break;
            };
            chain.push(ParentRef {
                id: p,
                ent_name: name.clone(),
            });
            cur = *next;
        }
        chain.reverse();
        out.insert(r.id, chain);
    }
    Ok(out)
}

fn row(e: enterprise::Model, parent: Vec<ParentRef>) -> EnterpriseRow {
    EnterpriseRow {
        ent_id: e.id,
        parent_id: e.parent_id,
        type_name: type_name(e.ent_type),
        docking_name: docking_name(e.docking_platform),
        wheel_support_name: wheel_support_name(e.wheel_support),
        verify_state_name: verify_state_name(e.verify_state),
        level: parent.len() + 1,
        parent,
        ent_name: e.ent_name,
        ent_abbreviation: e.ent_abbreviation,
        logo: e.logo,
        car_ico: e.car_ico,
        enable_group: e.enable_group,
        ent_type: e.ent_type,
        docking_platform: e.docking_platform,
        wheel_support: e.wheel_support,
        verify_state: e.verify_state,
        verified: e.verified,
        colony_id: e.colony_id,
        contact: e.contact,
        phone: e.phone,
        address: e.address,
        license_no: e.license_no,
        created_at: e.created_at,
        updated_at: e.updated_at,
    }
}

/// List rows with their ancestors.
pub async fn rows(
    db: &impl ConnectionTrait,
    list: Vec<enterprise::Model>,
) -> Result<Vec<EnterpriseRow>, AppError> {
    let mut chains = ancestry(db, &list).await?;
    Ok(list
        .into_iter()
        .map(|e| {
            let chain = chains.remove(&e.id).unwrap_or_default();
            row(e, chain)
        })
        .collect())
}

/// `root` and every enterprise below it, read from the database (inside transactions).
pub async fn subtree(db: &impl ConnectionTrait, root: i64) -> Result<BTreeSet<i64>, AppError> {
    let mut all = BTreeSet::from([root]);
    let mut level = vec![root];
    for _ in 0..=MAX_DEPTH {
        if level.is_empty() {
            break;
        }
        level = enterprise::Entity::find()
            .select_only()
            .column(enterprise::Column::Id)
            .filter(enterprise::Column::ParentId.is_in(level))
            .into_tuple::<i64>()
            .all(db)
            .await?
            .into_iter()
            .filter(|id| all.insert(*id))
            .collect();
    }
    Ok(all)
}

/// How many levels `id` and the enterprises below it span (1 for a leaf).
pub(super) async fn height(db: &impl ConnectionTrait, id: i64) -> Result<usize, AppError> {
    let mut levels = 1;
    let mut level = vec![id];
    let mut seen = BTreeSet::from([id]);
    loop {
        level = enterprise::Entity::find()
            .select_only()
            .column(enterprise::Column::Id)
            .filter(enterprise::Column::ParentId.is_in(level))
            .into_tuple::<i64>()
            .all(db)
            .await?
            .into_iter()
            .filter(|id| seen.insert(*id))
            .collect();
        if level.is_empty() || levels > MAX_DEPTH {
            return Ok(levels);
        }
        levels += 1;
    }
}

/// The level of `id` in its tree (1 for a top-level enterprise).
pub(super) async fn level_of(db: &impl ConnectionTrait, id: i64) -> Result<usize, AppError> {
    let mut level = 1;
    let mut cur = find(db, id).await?.parent_id;
    while let Some(p) = cur {
        level += 1;
        if level > MAX_DEPTH + 1 {
            break;
        }
        cur = find(db, p).await?.parent_id;
    }
    Ok(level)
}

pub(super) fn too_deep(levels: usize) -> AppError {
    AppError::fail(text!(
        "企业最多三级，此操作会形成 {} 级",
        "Enterprise trees are at most three levels deep; this would make {}",
        levels
    ))
}

/// The forest of `list` (children under their parents; rows whose parent is absent are roots).
async fn forest(
    db: &impl ConnectionTrait,
    list: Vec<enterprise::Model>,
) -> Result<Vec<EnterpriseNode>, AppError> {
    let ids: BTreeSet<i64> = list.iter().map(|e| e.id).collect();
    let roots: Vec<enterprise::Model> = list
        .iter()
        .filter(|e| e.parent_id.is_none_or(|p| !ids.contains(&p)))
        .cloned()
        .collect();
    let chains = ancestry(db, &roots).await?;
    let mut children: BTreeMap<i64, Vec<enterprise::Model>> = BTreeMap::new();
    for e in list {
        if let Some(p) = e.parent_id.filter(|p| ids.contains(p)) {
            children.entry(p).or_default().push(e);
        }
    }
    fn build(
        e: enterprise::Model,
        level: usize,
        children: &mut BTreeMap<i64, Vec<enterprise::Model>>,
    ) -> EnterpriseNode {
        let kids = children.remove(&e.id).unwrap_or_default();
        EnterpriseNode {
            ent_list: kids
                .into_iter()
                .map(|k| build(k, level + 1, children))
                .collect(),
            ent_id: e.id,
            parent_id: e.parent_id,
            ent_name: e.ent_name,
            ent_abbreviation: e.ent_abbreviation,
            logo: e.logo,
            car_ico: e.car_ico,
            enable_group: e.enable_group,
            ent_type: e.ent_type,
            verify_state: e.verify_state,
            colony_id: e.colony_id,
            level,
        }
    }
    Ok(roots
        .into_iter()
        .map(|r| {
            let level = chains.get(&r.id).map_or(0, Vec::len) + 1;
            build(r, level, &mut children)
        })
        .collect())
}

/// The tree below `ent_id` (itself the root), or, without it, every enterprise the scope
/// sees as a forest.
pub async fn tree(
    db: &DatabaseConnection,
    scope: &Scope,
    ent_id: Option<i64>,
) -> Result<Vec<EnterpriseNode>, AppError> {
    let select = enterprise::Entity::find().order_by_asc(enterprise::Column::Id);
    let list = match ent_id.filter(|e| *e != 0) {
        Some(e) => {
            find_visible(db, scope, e).await?;
            let below = subtree(db, e).await?;
            select
                .filter(enterprise::Column::Id.is_in(below))
                .all(db)
                .await?
        }
        None => {
            select
                .filter(scope.filter(enterprise::Column::Id))
                .all(db)
                .await?
        }
    };
    forest(db, list).await
}

pub async fn detail(
    db: &DatabaseConnection,
    scope: &Scope,
    id: i64,
) -> Result<EnterpriseDetail, AppError> {
    let e = find_visible(db, scope, id).await?;
    let member_count = sys_user_authority::Entity::find()
        .filter(sys_user_authority::Column::EnterpriseId.eq(id))
        .count(db)
        .await?;
    let child_count = enterprise::Entity::find()
        .filter(enterprise::Column::ParentId.eq(id))
        .count(db)
        .await?;
    let below = tree(db, scope, Some(id))
        .await?
        .pop()
        .map(|n| n.ent_list)
        .unwrap_or_default();
    let in_clusters = cluster_enterprise::Entity::find()
        .select_only()
        .column(cluster_enterprise::Column::ClusterId)
        .filter(cluster_enterprise::Column::EnterpriseId.eq(id))
        .into_tuple::<i64>()
        .all(db)
        .await?;
    let clusters = cluster::Entity::find()
        .filter(cluster::Column::Id.is_in(in_clusters))
        .order_by_asc(cluster::Column::Id)
        .all(db)
        .await?
        .into_iter()
        .map(|c| Named {
            id: c.id,
            name: c.name,
        })
        .collect();
    let documents = kernel::validate::json_list(&e.verify_documents);
    let (reason, submitted, reviewed) = (
        e.verify_reason.clone(),
        e.verify_submitted_at,
        e.verify_reviewed_at,
    );
    let row = rows(db, vec![e]).await?.remove(0);
    Ok(EnterpriseDetail {
        row,
        verify_documents: documents,
        verify_reason: reason,
        verify_submitted_at: submitted,
        verify_reviewed_at: reviewed,
        member_count,
        child_count,
        ent_list: below,
        clusters,
    })
}

/// Fields of an enterprise a request may set (absent fields keep their value).
#[derive(Debug, Default, Clone, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EnterpriseInput {
    /// The enterprise to edit; absent or 0 creates one.
    #[serde(default, alias = "ID", alias = "id")]
    pub ent_id: Option<i64>,
    /// The parent: on creation the new enterprise goes below it (absent or 0: top level); on
    /// an edit a different value moves the enterprise (0: to the top level).
    #[serde(default)]
    pub parent_id: Option<i64>,
    #[serde(default, alias = "ent_name")]
    pub ent_name: Option<String>,
    #[serde(default, alias = "ent_abbreviation")]
    pub ent_abbreviation: Option<String>,
    #[serde(default)]
    pub logo: Option<String>,
    #[serde(default, rename = "car_ico", alias = "carIco")]
    pub car_ico: Option<String>,
    #[serde(default, rename = "enable_group", alias = "enableGroup")]
    pub enable_group: Option<bool>,
    /// 0 direct, 1 superior, 2 outsourced, 3 agent, 4 supervisory.
    #[serde(default, rename = "type")]
    pub ent_type: Option<i16>,
    /// 0–10.
    #[serde(default)]
    pub docking_platform: Option<i16>,
    /// 0–3.
    #[serde(default)]
    pub wheel_support: Option<i16>,
    #[serde(default)]
    pub contact: Option<String>,
    #[serde(default)]
    pub phone: Option<String>,
    #[serde(default)]
    pub address: Option<String>,
    #[serde(default)]
    pub license_no: Option<String>,
}

/// What a save may do beyond editing fields.
#[derive(Debug, Clone, Copy, Default)]
pub struct SaveRules {
    /// Honour `parentId` on edits (move).
    pub allow_move: bool,
    /// Create or move to the top level without being platform staff (a cluster manager
    /// onboarding an enterprise into their cluster).
    pub allow_root: bool,
}

fn check_phone_like(phone: &str) -> Result<(), AppError> {
    let ok = phone.is_empty()
        || (phone.chars().count() <= 20
            && phone
                .chars()
                .all(|c| c.is_ascii_digit() || matches!(c, '+' | '-' | ' ')));
    if ok {
        Ok(())
    } else {
        Err(AppError::fail(text!(
            "phone 不是有效的电话号码",
            "phone is not a valid telephone number"
        )))
    }
}

fn apply(row: &mut enterprise::ActiveModel, input: &EnterpriseInput) -> Result<(), AppError> {
    if let Some(v) = &input.ent_name {
        row.ent_name = Set(required("entName", v, 64)?);
    }
    if let Some(v) = &input.ent_abbreviation {
        row.ent_abbreviation = Set(limited("entAbbreviation", v, 16)?);
    }
    if let Some(v) = &input.logo {
        row.logo = Set(limited("logo", v, 500)?);
    }
    if let Some(v) = &input.car_ico {
        row.car_ico = Set(limited("car_ico", v, 500)?);
    }
    if let Some(v) = input.enable_group {
        row.enable_group = Set(v);
    }
    if let Some(v) = input.ent_type {
        in_range("type", v.into(), 0, 4)?;
        row.ent_type = Set(v);
    }
    if let Some(v) = input.docking_platform {
        in_range("dockingPlatform", v.into(), 0, 10)?;
        row.docking_platform = Set(v);
    }
    if let Some(v) = input.wheel_support {
        in_range("wheelSupport", v.into(), 0, 3)?;
        row.wheel_support = Set(v);
    }
    if let Some(v) = &input.contact {
        row.contact = Set(limited("contact", v, 32)?);
    }
    if let Some(v) = &input.phone {
        let v = v.trim();
        check_phone_like(v)?;
        row.phone = Set(v.to_owned());
    }
    if let Some(v) = &input.address {
        row.address = Set(limited("address", v, 200)?);
    }
    if let Some(v) = &input.license_no {
        row.license_no = Set(limited("licenseNo", v, 32)?);
    }
    row.updated_at = Set(Utc::now());
    Ok(())
}

async fn unique_among_siblings(
    db: &impl ConnectionTrait,
    name: &str,
    parent: Option<i64>,
    exclude: Option<i64>,
) -> Result<(), AppError> {
    let mut q = enterprise::Entity::find().filter(enterprise::Column::EntName.eq(name));
    q = match parent {
        Some(p) => q.filter(enterprise::Column::ParentId.eq(p)),
        None => q.filter(enterprise::Column::ParentId.is_null()),
    };
    if let Some(id) = exclude {
        q = q.filter(enterprise::Column::Id.ne(id));
    }
    if q.one(db).await?.is_some() {
        return Err(AppError::fail(text!(
            "同级已有名为 {} 的企业",
            "An enterprise named {} already exists at this level",
            name
        )));
    }
    Ok(())
}

fn only_platform_roots() -> AppError {
    AppError::fail(text!(
        "只有平台人员可以创建或移出顶级企业",
        "Only platform staff may create or move an enterprise to the top level"
    ))
}

/// Checks moving `ent` below `new_parent` (None: to the top level).
async fn check_move(
    db: &impl ConnectionTrait,
    scope: &Scope,
    ent: &enterprise::Model,
    new_parent: Option<i64>,
    rules: SaveRules,
) -> Result<(), AppError> {
    if ent.id == PLATFORM_ENTERPRISE {
        return Err(AppError::fail(text!(
            "平台企业不能移动",
            "The platform enterprise cannot be moved"
        )));
    }
    if !scope.platform && scope.enterprise_id == Some(ent.id) {
        return Err(AppError::fail(text!(
            "不能移动您当前所在的企业 {}",
            "You cannot move enterprise {}, the one you act for",
            ent.id
        )));
    }
    match new_parent {
        Some(p) => {
            let below = subtree(db, ent.id).await?;
            if below.contains(&p) {
                return Err(AppError::fail(text!(
                    "不能把企业 {} 移到它自己或它的下级 {} 之下（会形成环）",
                    "Moving enterprise {} below itself or its descendant {} would make a cycle",
                    ent.id,
                    p
                )));
            }
            find_visible(db, scope, p).await?;
            let levels = level_of(db, p).await? + height(db, ent.id).await?;
            if levels > MAX_DEPTH {
                return Err(too_deep(levels));
            }
        }
        None if scope.platform || rules.allow_root => {}
        None => return Err(only_platform_roots()),
    }
    Ok(())
}

/// Creates (no `entId`) or edits an enterprise; with `rules.allow_move` a different
/// `parentId` moves it. Depth stays ≤ 3 and the tree acyclic. Callers invalidate the tree
/// cache afterwards.
pub async fn save(
    db: &DatabaseConnection,
    scope: &Scope,
    input: &EnterpriseInput,
    rules: SaveRules,
) -> Result<enterprise::Model, AppError> {
    let txn = kernel::db::write_txn(db).await?;
    let saved = save_in(&txn, scope, input, rules).await?;
    txn.commit().await?;
    Ok(saved)
}

/// [`save`] inside the caller's transaction.
pub async fn save_in(
    txn: &impl ConnectionTrait,
    scope: &Scope,
    input: &EnterpriseInput,
    rules: SaveRules,
) -> Result<enterprise::Model, AppError> {
    announce(Change::Reach);
    let saved = if let Some(id) = input.ent_id.filter(|id| *id != 0) {
        let ent = find_visible(txn, scope, id).await?;
        let mut row: enterprise::ActiveModel = ent.clone().into();
        apply(&mut row, input)?;
        let mut parent = ent.parent_id;
        if rules.allow_move
            && let Some(p) = input.parent_id
        {
            let wanted = (p != 0).then_some(p);
            if wanted != ent.parent_id {
                check_move(txn, scope, &ent, wanted, rules).await?;
                row.parent_id = Set(wanted);
                parent = wanted;
            }
        }
        let name = match &row.ent_name {
            sea_orm::ActiveValue::Set(n) | sea_orm::ActiveValue::Unchanged(n) => n.clone(),
            sea_orm::ActiveValue::NotSet => ent.ent_name.clone(),
        };
        unique_among_siblings(txn, &name, parent, Some(id)).await?;
        let saved = row.update(txn).await?;
        if parent != ent.parent_id {
            // Relations of its old superiors no longer cover its vehicles.
            super::relations::prune_coverage(txn, None).await?;
        }
        saved
    } else {
        let name = required("entName", input.ent_name.as_deref().unwrap_or(""), 64)?;
        let parent = input.parent_id.filter(|p| *p != 0);
        match parent {
            Some(p) => {
                find_visible(txn, scope, p).await?;
                let levels = level_of(txn, p).await? + 1;
                if levels > MAX_DEPTH {
                    return Err(too_deep(levels));
                }
            }
            None if scope.platform || rules.allow_root => {}
            None => return Err(only_platform_roots()),
        }
        unique_among_siblings(txn, &name, parent, None).await?;
        let now = Utc::now();
        let mut row = enterprise::ActiveModel {
            parent_id: Set(parent),
            ent_name: Set(name.clone()),
            ent_abbreviation: Set(name.chars().take(8).collect()),
            logo: Set(String::new()),
            car_ico: Set(String::new()),
            enable_group: Set(false),
            ent_type: Set(0),
            docking_platform: Set(0),
            wheel_support: Set(0),
            verified: Set(false),
            colony_id: Set(None),
            created_at: Set(now),
            updated_at: Set(now),
            contact: Set(String::new()),
            phone: Set(String::new()),
            address: Set(String::new()),
            license_no: Set(String::new()),
            verify_state: Set(0),
            verify_documents: Set("[]".into()),
            verify_reason: Set(String::new()),
            verify_submitted_at: Set(None),
            verify_reviewed_at: Set(None),
            ..Default::default()
        };
        apply(&mut row, input)?;
        row.insert(txn).await?
    };
    Ok(saved)
}

/// Deletes enterprises, all or none. Refused while one still has members, or sub-enterprises
/// that are not deleted with it, or while one still owns vehicles.
pub async fn delete_batch(
    db: &DatabaseConnection,
    scope: &Scope,
    ids: &[i64],
) -> Result<(), AppError> {
    announce(Change::AllUsers);
    announce(Change::AllVehicles);
    announce(Change::Reach);
    let ids: BTreeSet<i64> = ids.iter().copied().collect();
    if ids.is_empty() {
        return Err(AppError::fail(text!(
            "ids 不能为空",
            "ids must not be empty"
        )));
    }
    let txn = kernel::db::write_txn(db).await?;
    let mut rows = Vec::new();
    for id in &ids {
        rows.push(find_visible(&txn, scope, *id).await?);
    }
    for e in &rows {
        if e.id == PLATFORM_ENTERPRISE {
            return Err(AppError::fail(text!(
                "平台企业 {} 不能删除",
                "The platform enterprise {} cannot be deleted",
                e.id
            )));
        }
        if !scope.platform && scope.enterprise_id == Some(e.id) {
            return Err(AppError::fail(text!(
                "不能删除您当前所在的企业 {}",
                "You cannot delete enterprise {}, the one you act for",
                e.id
            )));
        }
    }
    let members: Vec<(i64, i64)> = sys_user_authority::Entity::find()
        .select_only()
        .column(sys_user_authority::Column::EnterpriseId)
        .column_as(sys_user_authority::Column::UserId.count(), "n")
        .filter(sys_user_authority::Column::EnterpriseId.is_in(ids.iter().copied()))
        .group_by(sys_user_authority::Column::EnterpriseId)
        .into_tuple()
        .all(&txn)
        .await?;
    if let Some((ent, n)) = members.into_iter().find(|(_, n)| *n > 0) {
        let name = rows
            .iter()
            .find(|r| r.id == ent)
            .map(|r| r.ent_name.clone())
            .unwrap_or_default();
        return Err(AppError::fail(text!(
            "企业 {}（{}）还有 {} 名成员，请先移除成员再删除",
            "Enterprise {} ({}) still has {} members; remove them before deleting it",
            name,
            ent,
            n
        )));
    }
    let owned =
        super::ownership::owned_counts(&txn, &ids.iter().copied().collect::<Vec<_>>()).await?;
    if let Some((ent, n)) = owned.into_iter().find(|(_, n)| *n > 0) {
        return Err(AppError::fail(text!(
            "企业 {} 还有 {} 辆车，请先删除或转移车辆",
            "Enterprise {} still owns {} vehicles; delete or transfer them first",
            ent,
            n
        )));
    }
    let children = enterprise::Entity::find()
        .filter(enterprise::Column::ParentId.is_in(ids.iter().copied()))
        .filter(enterprise::Column::Id.is_not_in(ids.iter().copied()))
        .one(&txn)
        .await?;
    if let Some(child) = children {
        let parent = child.parent_id.unwrap_or_default();
        return Err(AppError::fail(text!(
            "企业 {} 还有下级企业 {}（{}），请先删除或移走下级企业",
            "Enterprise {} still has the sub-enterprise {} ({}); delete or move it first",
            parent,
            child.ent_name,
            child.id
        )));
    }
    sys_user::Entity::update_many()
        .col_expr(
            sys_user::Column::NowEntId,
            Expr::value(sea_orm::Value::BigInt(None)),
        )
        .filter(sys_user::Column::NowEntId.is_in(ids.iter().copied()))
        .exec(&txn)
        .await?;
    // Deepest first, so no parent goes before its children.
    let mut by_depth = Vec::new();
    for e in &rows {
        by_depth.push((level_of(&txn, e.id).await?, e.id));
    }
    by_depth.sort_unstable_by(|a, b| b.cmp(a));
    for (_, id) in by_depth {
        enterprise::Entity::delete_by_id(id).exec(&txn).await?;
    }
    txn.commit().await?;
    Ok(())
}

#[derive(Debug, Default)]
pub struct ListFilter {
    pub keyword: Option<String>,
    pub ent_type: Option<i16>,
    pub verify_state: Option<i16>,
    pub parent_id: Option<i64>,
    pub colony_id: Option<i64>,
}

/// The enterprises the scope sees, filtered and paged.
pub async fn list(
    db: &DatabaseConnection,
    scope: &Scope,
    f: ListFilter,
    page: PageQuery,
) -> Result<PageResult<EnterpriseRow>, AppError> {
    let mut cond = Condition::all().add(scope.filter(enterprise::Column::Id));
    if let Some(k) = f
        .keyword
        .as_deref()
        .map(str::trim)
        .filter(|k| !k.is_empty())
    {
        cond = cond.add(
            Condition::any()
                .add(kernel::search::contains(enterprise::Column::EntName, k))
                .add(kernel::search::contains(
                    enterprise::Column::EntAbbreviation,
                    k,
                )),
        );
    }
    if let Some(t) = f.ent_type {
        cond = cond.add(enterprise::Column::EntType.eq(t));
    }
    if let Some(s) = f.verify_state {
        cond = cond.add(enterprise::Column::VerifyState.eq(s));
    }
    if let Some(p) = f.parent_id {
        cond = cond.add(enterprise::Column::ParentId.eq(p));
    }
    if let Some(c) = f.colony_id {
        let members = cluster_enterprise::Entity::find()
            .select_only()
            .column(cluster_enterprise::Column::EnterpriseId)
            .filter(cluster_enterprise::Column::ClusterId.eq(c));
        cond =
            cond.add(enterprise::Column::Id.in_subquery(sea_orm::QueryTrait::into_query(members)));
    }
    let select = enterprise::Entity::find()
        .filter(cond)
        .order_by_asc(enterprise::Column::Id);
    let page = paging::fetch(db, select, page, |e| e).await?;
    Ok(PageResult {
        list: rows(db, page.list).await?,
        total: page.total,
        page: page.page,
        page_size: page.page_size,
    })
}

/// Enterprises the scope sees whose name or abbreviation contains `keyword`.
pub async fn search(
    db: &DatabaseConnection,
    scope: &Scope,
    keyword: &str,
    limit: u64,
) -> Result<Vec<EnterpriseRow>, AppError> {
    in_range("limit", i64::try_from(limit).unwrap_or(i64::MAX), 1, 100)?;
    let mut cond = Condition::all().add(scope.filter(enterprise::Column::Id));
    let k = keyword.trim();
    if !k.is_empty() {
        cond = cond.add(
            Condition::any()
                .add(kernel::search::contains(enterprise::Column::EntName, k))
                .add(kernel::search::contains(
                    enterprise::Column::EntAbbreviation,
                    k,
                )),
        );
    }
    let found = enterprise::Entity::find()
        .filter(cond)
        .order_by_asc(enterprise::Column::EntName)
        .limit(limit)
        .all(db)
        .await?;
    rows(db, found).await
}

/// The verification state of an enterprise.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Verification {
    pub ent_id: i64,
    /// 0 not submitted, 1 pending review, 2 approved, 3 rejected.
    pub verify_state: i16,
    pub verify_state_name: String,
    pub verified: bool,
    pub documents: Vec<String>,
    pub license_no: String,
    /// Why it was rejected.
    pub reason: String,
    pub submitted_at: Option<DateTime<Utc>>,
    pub reviewed_at: Option<DateTime<Utc>>,
}

impl From<enterprise::Model> for Verification {
    fn from(e: enterprise::Model) -> Self {
        Self {
            ent_id: e.id,
            verify_state: e.verify_state,
            verify_state_name: verify_state_name(e.verify_state),
            verified: e.verified,
            documents: kernel::validate::json_list(&e.verify_documents),
            license_no: e.license_no,
            reason: e.verify_reason,
            submitted_at: e.verify_submitted_at,
            reviewed_at: e.verify_reviewed_at,
        }
    }
}

#[derive(Debug, Clone, Copy, Deserialize, ToSchema, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum VerifyAction {
    /// The enterprise submits documents (state → pending review).
    Submit,
    /// Platform staff approve pending documents.
    Approve,
    /// Platform staff reject pending documents, with a reason.
    Reject,
    /// Only answer the current state.
    Status,
}

pub struct VerifyRequest {
    pub action: VerifyAction,
    pub ent_id: Option<i64>,
    pub documents: Vec<String>,
    pub license_no: Option<String>,
    pub reason: String,
}

pub async fn verification(
    db: &DatabaseConnection,
    scope: &Scope,
    req: VerifyRequest,
) -> Result<Verification, AppError> {
    let id = scope.acting(req.ent_id)?;
    let txn = kernel::db::write_txn(db).await?;
    let ent = find_visible(&txn, scope, id).await?;
    let now = Utc::now();
    let mut row: enterprise::ActiveModel = ent.clone().into();
    match req.action {
        VerifyAction::Status => return Ok(ent.into()),
        VerifyAction::Submit => {
            if ent.verify_state == 2 {
                return Err(AppError::fail(text!(
                    "企业 {} 已认证，无需再次提交",
                    "Enterprise {} is already verified",
                    id
                )));
            }
            if req.documents.is_empty() || req.documents.len() > 20 {
                return Err(AppError::fail(text!(
                    "documents 须有 1 到 20 个文件",
                    "documents must hold 1 to 20 files"
                )));
            }
            let mut docs = Vec::new();
            for d in &req.documents {
                docs.push(required("documents", d, 500)?);
            }
            if let Some(l) = &req.license_no {
                row.license_no = Set(limited("licenseNo", l, 32)?);
            }
            row.verify_state = Set(1);
            row.verify_documents = Set(kernel::validate::to_json(&docs));
            row.verify_reason = Set(String::new());
            row.verify_submitted_at = Set(Some(now));
            row.verified = Set(false);
        }
        VerifyAction::Approve | VerifyAction::Reject => {
            if !scope.platform {
                return Err(AppError::fail(text!(
                    "只有平台人员可以审核企业认证",
                    "Only platform staff review verifications"
                )));
            }
            if ent.verify_state != 1 {
                return Err(AppError::fail(text!(
                    "企业 {} 没有待审核的认证",
                    "Enterprise {} has no verification awaiting review",
                    id
                )));
            }
            let approve = req.action == VerifyAction::Approve;
            let reason = if approve {
                String::new()
            } else {
                required("reason", &req.reason, 200)?
            };
            row.verify_state = Set(if approve { 2 } else { 3 });
            row.verified = Set(approve);
            row.verify_reason = Set(reason);
            row.verify_reviewed_at = Set(Some(now));
        }
    }
    row.updated_at = Set(now);
    let saved = row.update(&txn).await?;
    txn.commit().await?;
    Ok(saved.into())
}

/// Counts of the relations of the acting enterprise.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RelationCounts {
    /// Confirmed relations in which it grants access.
    pub granted: u64,
    /// Confirmed relations in which it receives access.
    pub received: u64,
    /// Requests awaiting either side.
    pub pending: u64,
}

/// The caller's jurisdiction: what the request acts for and sees.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Jurisdiction {
    pub ent_id: Option<i64>,
    pub ent_name: String,
    pub authority_id: i64,
    /// Platform staff: sees every enterprise.
    pub platform: bool,
    /// The cluster the request runs under.
    pub colony_id: Option<i64>,
    /// Set when the request runs under a trusteeship (`/captain` calls).
    pub trusteeship: Option<TrusteeInfo>,
    /// How many enterprises the request sees (absent for platform staff: all).
    pub visible_count: Option<usize>,
    /// The visible enterprises as a forest (absent for platform staff).
    #[serde(rename = "ent_list")]
    pub ent_list: Option<Vec<EnterpriseNode>>,
    /// Clusters supervised by a visible enterprise.
    pub supervised_clusters: Vec<Named>,
    pub relations: RelationCounts,
    /// Vehicles confirmed relations grant beyond its own.
    pub covered_vehicle_count: usize,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TrusteeInfo {
    #[serde(rename = "ID")]
    pub id: i64,
    pub ent_id: i64,
    pub colony_id: Option<i64>,
    pub restrict: i16,
}

pub async fn jurisdiction(
    db: &DatabaseConnection,
    scope: &Scope,
) -> Result<Jurisdiction, AppError> {
    let ent_name = match scope.enterprise_id {
        Some(e) => super::names(db, [e]).await?.remove(&e).unwrap_or_default(),
        None => String::new(),
    };
    let ent_list = if scope.platform {
        None
    } else {
        Some(tree(db, scope, None).await?)
    };
    let supervised_clusters = cluster::Entity::find()
        .filter(
            Condition::all()
                .add(cluster::Column::SupervisorEnterpriseId.is_not_null())
                .add(scope.filter(cluster::Column::SupervisorEnterpriseId)),
        )
        .order_by_asc(cluster::Column::Id)
        .all(db)
        .await?
        .into_iter()
        .map(|c| Named {
            id: c.id,
            name: c.name,
        })
        .collect();
    let own = scope.enterprise_id.unwrap_or_default();
    let count = |side: relation::Column, state: i16| {
        relation::Entity::find()
            .filter(side.eq(own))
            .filter(relation::Column::State.eq(state))
            .count(db)
    };
    let relations = RelationCounts {
        granted: count(relation::Column::EnterpriseId, 1).await?,
        received: count(relation::Column::RelatedId, 1).await?,
        pending: count(relation::Column::EnterpriseId, 0).await?
            + count(relation::Column::RelatedId, 0).await?,
    };
    Ok(Jurisdiction {
        ent_id: scope.enterprise_id,
        ent_name,
        authority_id: scope.user.authority_id,
        platform: scope.platform,
        colony_id: scope.cluster_id,
        trusteeship: scope.trusteeship.as_ref().map(|t| TrusteeInfo {
            id: t.id,
            ent_id: t.enterprise_id,
            colony_id: t.colony_id,
            restrict: t.restriction,
        }),
        visible_count: (!scope.platform).then(|| scope.visible.len()),
        ent_list,
        supervised_clusters,
        relations,
        covered_vehicle_count: scope.vehicle_visibility(db).await?.covered_count(),
    })
}
