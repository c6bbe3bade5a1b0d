//! Area `work`: work orders, tasks and discussions, and the categories that classify them.
//! Every query here goes through [`Scope`](crate::scope::Scope).
//!
//! Who sees an order: the scope sees its enterprise, or its vehicle is covered by a confirmed
//! relation of type 2, 3 or 4 granted to the scope (`Scope::vehicle_filter`). Who may change
//! it: the scope sees its enterprise, or a maintenance-custody relation (type 2) covers its
//! vehicle; customers (type 3) and others only read. See `docs/work-orders.md`.

pub mod analysis;
pub mod arrange;
pub mod attachments;
pub mod autoopen;
pub mod categories;
pub mod discussions;
pub mod events;
pub mod flows;
pub mod informs;
pub mod links;
pub mod logs;
pub mod orders;
pub mod people;
pub mod projects;
pub mod relevance;
pub mod repair;
pub mod searches;
pub mod states;
pub mod tasks;
pub mod types;

use entities::{relation, relation_vehicle, work_order};
use sea_orm::{
    ColumnTrait, Condition, ConnectionTrait, EntityTrait, QueryFilter, QuerySelect, QueryTrait,
};
use serde::Deserialize;
use utoipa::ToSchema;

use crate::scope::{EnterpriseOwned, RELATION_CONFIRMED, Scope};
use kernel::error::AppError;
use kernel::ids::ROLE_ENTERPRISE_ADMIN;
use kernel::text;

/// Maintenance custody: the relation type whose grantee may work orders on covered vehicles.
const CUSTODY_RELATION: i16 = 2;

/// A request naming one order by id (`id`, or `orderId` / `order_id` / `workId`).
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OrderRef {
    #[serde(alias = "orderId", alias = "order_id", alias = "workId", alias = "ID")]
    pub id: i64,
}

impl EnterpriseOwned for work_order::Entity {
    const ENTERPRISE: Self::Column = work_order::Column::EnterpriseId;
    fn not_found(id: i64) -> AppError {
        AppError::fail(text!("工单 {} 不存在", "No work order {}", id))
    }
}

/// The orders a scope sees.
pub(crate) fn visible(scope: &Scope) -> Condition {
    scope.vehicle_filter(
        work_order::Column::VehicleId,
        work_order::Column::EnterpriseId,
    )
}

/// Vehicles whose orders the scope may work through maintenance custody.
pub(crate) fn custody(scope: &Scope) -> sea_orm::sea_query::SelectStatement {
    let relations = relation::Entity::find()
        .select_only()
        .column(relation::Column::Id)
        .filter(relation::Column::State.eq(RELATION_CONFIRMED))
        .filter(relation::Column::RelationType.eq(CUSTODY_RELATION))
        .filter(relation::Column::RelatedId.is_in(scope.visible.iter().copied()))
        .into_query();
    relation_vehicle::Entity::find()
        .select_only()
        .column(relation_vehicle::Column::VehicleId)
        .filter(relation_vehicle::Column::RelationId.in_subquery(relations))
        .into_query()
}

/// An order the scope sees; unknown and foreign ids get the same refusal.
pub(crate) async fn find(
    db: &impl ConnectionTrait,
    scope: &Scope,
    id: i64,
) -> Result<work_order::Model, AppError> {
    work_order::Entity::find_by_id(id)
        .filter(visible(scope))
        .one(db)
        .await?
        .ok_or_else(|| work_order::Entity::not_found(id))
}

/// An order the scope may change: its enterprise is seen, or custody covers its vehicle.
/// Customers and other read-only viewers are refused, naming the order.
pub(crate) async fn find_writable(
    db: &impl ConnectionTrait,
    scope: &Scope,
    id: i64,
) -> Result<work_order::Model, AppError> {
    refuse_read_only(scope)?;
    let order = find(db, scope, id).await?;
    if scope.platform || scope.sees(order.enterprise_id) {
        return Ok(order);
    }
    let in_custody = match order.vehicle_id {
        Some(v) => work_order::Entity::find_by_id(order.id)
            .filter(Condition::all().add(work_order::Column::VehicleId.eq(v)))
            .filter(work_order::Column::VehicleId.in_subquery(custody(scope)))
            .one(db)
            .await?
            .is_some(),
        None => false,
    };
    if in_custody {
        Ok(order)
    } else {
        Err(AppError::fail(text!(
            "工单 {} 只能查看，不能修改",
            "Work order {} may be viewed but not changed",
            order.number
        )))
    }
}

/// A read-only trusteeship changes nothing.
pub(crate) fn refuse_read_only(scope: &Scope) -> Result<(), AppError> {
    if scope.read_only() {
        return Err(AppError::fail(text!(
            "只读托管下不能修改工单",
            "A read-only trusteeship may not change work orders"
        )));
    }
    Ok(())
}

/// Platform staff, or an enterprise administrator (active role 100) of a scope that sees the
/// order's enterprise.
pub(crate) fn is_admin(scope: &Scope, order: &work_order::Model) -> bool {
    scope.platform
        || (scope.user.authority_id == ROLE_ENTERPRISE_ADMIN && scope.sees(order.enterprise_id))
}

/// The requester or an administrator, else code 7 saying who may.
pub(crate) fn require_requester_or_admin(
    scope: &Scope,
    order: &work_order::Model,
) -> Result<(), AppError> {
    if order.requester_id == scope.user.id || is_admin(scope, order) {
        Ok(())
    } else {
        Err(AppError::fail(text!(
            "只有发起人或企业管理员可以这样修改工单 {}",
            "Only the requester or an enterprise administrator may do this to work order {}",
            order.number
        )))
    }
}

/// Whole seconds from `opened` to `then` (never negative): the durations the statistics
/// average, stored when they end.
pub(crate) fn seconds_since(
    opened: chrono::DateTime<chrono::Utc>,
    then: chrono::DateTime<chrono::Utc>,
) -> i64 {
    (then - opened).num_seconds().max(0)
}
