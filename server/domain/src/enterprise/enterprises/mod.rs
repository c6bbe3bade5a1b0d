//! Enterprises: the tree (at most three levels, no cycles), details, creation, edits and
//! moves, batch deletion, search and verification.

use super::{Named, docking_name, find_visible, type_name, verify_state_name, wheel_support_name};
use crate::scope::{MAX_DEPTH, Scope};
use chrono::{DateTime, Utc};
use entities::{cluster, cluster_enterprise, enterprise, sys_user_authority};
use kernel::error::AppError;
use sea_orm::{
    ColumnTrait, ConnectionTrait, DatabaseConnection, EntityTrait, PaginatorTrait, QueryFilter,
    QueryOrder, QuerySelect,
};
use serde::Serialize;
use std::collections::{BTreeMap, BTreeSet, HashMap};
use utoipa::ToSchema;

mod editing;
mod jurisdiction;
mod listing;
mod verification;

pub use editing::*;
pub use jurisdiction::*;
pub use listing::*;
pub use verification::*;

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
pub(super) async fn ancestry(
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

pub(super) fn row(e: enterprise::Model, parent: Vec<ParentRef>) -> EnterpriseRow {
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

/// The forest of `list` (children under their parents; rows whose parent is absent are roots).
pub(super) async fn forest(
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
