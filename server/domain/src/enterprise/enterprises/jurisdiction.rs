//! An enterprise's jurisdiction: what it oversees through relations and trusteeships.

use super::{EnterpriseNode, tree};
use crate::enterprise::Named;
use crate::scope::Scope;
use entities::{cluster, relation};
use kernel::error::AppError;
use sea_orm::{
    ColumnTrait, Condition, DatabaseConnection, EntityTrait, PaginatorTrait, QueryFilter,
    QueryOrder,
};
use serde::Serialize;
use utoipa::ToSchema;

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
        Some(e) => crate::enterprise::names(db, [e])
            .await?
            .remove(&e)
            .unwrap_or_default(),
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
