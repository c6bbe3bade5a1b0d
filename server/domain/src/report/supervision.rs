//! The supervision overview (`/data/supervisory`): per enterprise of an enterprise tree or a
//! cluster in scope, its vehicles, how many are online and alarming (from the live fleet
//! snapshot), its open alarms by level and its open work orders (SQL counts), with totals.

use std::collections::{BTreeMap, BTreeSet};

use entities::{cluster_enterprise, enterprise, vehicle_alarm, work_order};
use sea_orm::{ColumnTrait, DatabaseConnection, EntityTrait, QueryFilter, QuerySelect};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use crate::scope::{Scope, TreeCache};
use crate::vehicle::alarms::{CLEARED, LEVEL_CRITICAL, LEVEL_WARNING};
use crate::vehicle::snapshot::FleetSnapshot;
use crate::work::states::{IN_PROGRESS, PENDING};
use kernel::error::AppError;
use kernel::text;

/// Enterprises one overview covers at most (name a tree or a cluster beyond that).
pub const MAX_ENTERPRISES: usize = 2000;

/// Whose overview: an enterprise's tree, a cluster, or (neither) everything in scope.
#[derive(Debug, Clone, Default, Deserialize, ToSchema, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(rename_all = "camelCase")]
pub struct SupervisionQuery {
    /// The root of the tree (an enterprise the caller sees).
    #[serde(default, alias = "enterpriseId")]
    pub ent_id: Option<i64>,
    /// A cluster: its member enterprises and their trees (those the caller sees).
    #[serde(default, alias = "clusterId")]
    pub colony_id: Option<i64>,
}

/// The counts of one enterprise (or of all, in `total`).
#[derive(Debug, Clone, Default, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Overview {
    pub vehicles: i64,
    pub online: i64,
    pub offline: i64,
    /// With an active alarm.
    pub alarming: i64,
    /// Alarms not yet cleared, by level.
    pub open_warnings: i64,
    pub open_critical: i64,
    /// Work orders pending or in progress.
    pub open_work_orders: i64,
}

impl Overview {
    fn add(&mut self, o: &Self) {
        self.vehicles += o.vehicles;
        self.online += o.online;
        self.offline += o.offline;
        self.alarming += o.alarming;
        self.open_warnings += o.open_warnings;
        self.open_critical += o.open_critical;
        self.open_work_orders += o.open_work_orders;
    }
}

/// One enterprise's row.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EnterpriseOverview {
    pub ent_id: i64,
    pub ent_name: String,
    pub parent_id: Option<i64>,
    #[serde(flatten)]
    pub counts: Overview,
}

/// The overview.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Supervision {
    /// By name.
    pub enterprises: Vec<EnterpriseOverview>,
    pub total: Overview,
}

fn no_cluster(id: i64) -> AppError {
    AppError::field("colonyId", text!("集群 {} 不存在", "No cluster {}", id))
}

/// The enterprises the overview covers.
async fn covered(
    db: &DatabaseConnection,
    tree: &TreeCache,
    scope: &Scope,
    q: &SupervisionQuery,
) -> Result<BTreeSet<i64>, AppError> {
    let mut set = BTreeSet::new();
    if let Some(c) = q.colony_id.filter(|c| *c != 0) {
        let members: Vec<i64> = cluster_enterprise::Entity::find()
            .select_only()
            .column(cluster_enterprise::Column::EnterpriseId)
            .filter(cluster_enterprise::Column::ClusterId.eq(c))
            .into_tuple()
            .all(db)
            .await?;
        for m in members {
            set.extend(
                tree.subtree(db, m)
                    .await?
                    .iter()
                    .copied()
                    .filter(|e| scope.sees(*e)),
            );
        }
        if set.is_empty() {
            return Err(no_cluster(c));
        }
    }
    if let Some(e) = q.ent_id.filter(|e| *e != 0) {
        scope.require(e)?;
        let below: BTreeSet<i64> = tree
            .subtree(db, e)
            .await?
            .iter()
            .copied()
            .filter(|x| scope.sees(*x))
            .collect();
        set = if q.colony_id.is_some_and(|c| c != 0) {
            set.intersection(&below).copied().collect()
        } else {
            below
        };
    }
    if q.colony_id.is_none_or(|c| c == 0) && q.ent_id.is_none_or(|e| e == 0) {
        set = scope.visible.iter().copied().collect();
    }
    if set.len() > MAX_ENTERPRISES {
        return Err(AppError::fail(text!(
            "企业过多（{} 个）：请指定 entId 或 colonyId",
            "Too many enterprises ({}): name entId or colonyId",
            set.len()
        )));
    }
    Ok(set)
}

/// The overview of the enterprises `q` names.
pub async fn overview(
    db: &DatabaseConnection,
    tree: &TreeCache,
    fleet: &FleetSnapshot,
    scope: &Scope,
    q: &SupervisionQuery,
) -> Result<Supervision, AppError> {
    let set = covered(db, tree, scope, q).await?;
    let live = fleet.statistics_by_enterprise(scope).await?;
    let mut counts: BTreeMap<i64, Overview> = set
        .iter()
        .map(|e| {
            let s = live.get(e);
            (
                *e,
                Overview {
                    vehicles: s.map_or(0, |s| s.all),
                    online: s.map_or(0, |s| s.online),
                    offline: s.map_or(0, |s| s.offline),
                    alarming: s.map_or(0, |s| s.alarm),
                    ..Overview::default()
                },
            )
        })
        .collect();
    let ids = || set.iter().copied();
    for (e, level, n) in vehicle_alarm::Entity::find()
        .select_only()
        .column(vehicle_alarm::Column::EnterpriseId)
        .column(vehicle_alarm::Column::Level)
        .column_as(vehicle_alarm::Column::Id.count(), "n")
        .filter(vehicle_alarm::Column::State.lt(CLEARED))
        .filter(vehicle_alarm::Column::EnterpriseId.is_in(ids()))
        .group_by(vehicle_alarm::Column::EnterpriseId)
        .group_by(vehicle_alarm::Column::Level)
        .into_tuple::<(i64, i16, i64)>()
        .all(db)
        .await?
    {
        if let Some(c) = counts.get_mut(&e) {
            match level {
                LEVEL_CRITICAL => c.open_critical += n,
                LEVEL_WARNING => c.open_warnings += n,
                _ => {}
            }
        }
    }
    for (e, n) in work_order::Entity::find()
        .select_only()
        .column(work_order::Column::EnterpriseId)
        .column_as(work_order::Column::Id.count(), "n")
        .filter(work_order::Column::State.is_in([PENDING, IN_PROGRESS]))
        .filter(work_order::Column::EnterpriseId.is_in(ids()))
        .group_by(work_order::Column::EnterpriseId)
        .into_tuple::<(i64, i64)>()
        .all(db)
        .await?
    {
        if let Some(c) = counts.get_mut(&e) {
            c.open_work_orders += n;
        }
    }
    let names: BTreeMap<i64, (String, Option<i64>)> = enterprise::Entity::find()
        .select_only()
        .column(enterprise::Column::Id)
        .column(enterprise::Column::EntName)
        .column(enterprise::Column::ParentId)
        .filter(enterprise::Column::Id.is_in(ids()))
        .into_tuple::<(i64, String, Option<i64>)>()
        .all(db)
        .await?
        .into_iter()
        .map(|(id, name, parent)| (id, (name, parent)))
        .collect();
    let mut total = Overview::default();
    let mut enterprises: Vec<EnterpriseOverview> = counts
        .into_iter()
        .filter_map(|(id, c)| {
            let (name, parent) = names.get(&id)?.clone();
            total.add(&c);
            Some(EnterpriseOverview {
                ent_id: id,
                ent_name: name,
                parent_id: parent,
                counts: c,
            })
        })
        .collect();
    enterprises.sort_by(|a, b| a.ent_name.cmp(&b.ent_name).then(a.ent_id.cmp(&b.ent_id)));
    Ok(Supervision { enterprises, total })
}
