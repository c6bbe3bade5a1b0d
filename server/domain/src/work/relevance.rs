//! Relations between orders: related (1), duplicate (2), follow-up (3). Read in both
//! directions; both ends must be orders the caller sees, and the caller must be able to
//! change the order whose relations it replaces.

use std::collections::BTreeMap;

use chrono::Utc;
use entities::{work_order, work_order_relation};
use sea_orm::{
    ColumnTrait, Condition, ConnectionTrait, DatabaseConnection, EntityTrait, QueryFilter,
    QueryOrder, QuerySelect, QueryTrait, Set,
};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::{find, find_writable, refuse_read_only, visible};
use crate::scope::Scope;
use kernel::db::write_txn;
use kernel::error::AppError;
use kernel::text;
use kernel::validate::in_range;

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RelatedOrder {
    pub id: i64,
    pub number: String,
    pub title: String,
    pub state: i16,
    /// 1 related, 2 duplicate, 3 follow-up.
    pub relation: i16,
    /// Whether the relation was set from the asked order (false: from the other one).
    pub outgoing: bool,
}

/// The visible orders related to `id`, in both directions, by id.
async fn related_of(
    db: &impl ConnectionTrait,
    scope: &Scope,
    id: i64,
) -> Result<Vec<RelatedOrder>, AppError> {
    let links = work_order_relation::Entity::find()
        .filter(
            Condition::any()
                .add(work_order_relation::Column::OrderId.eq(id))
                .add(work_order_relation::Column::RelatedId.eq(id)),
        )
        .order_by_asc(work_order_relation::Column::Id)
        .all(db)
        .await?;
    let mut by_other: BTreeMap<i64, (i16, bool)> = BTreeMap::new();
    for l in links {
        if l.order_id == id {
            by_other.insert(l.related_id, (l.relation, true));
        } else {
            by_other.entry(l.order_id).or_insert((l.relation, false));
        }
    }
    Ok(work_order::Entity::find()
        .filter(work_order::Column::Id.is_in(by_other.keys().copied()))
        .filter(visible(scope))
        .order_by_asc(work_order::Column::Id)
        .all(db)
        .await?
        .into_iter()
        .map(|o| {
            let (relation, outgoing) = by_other[&o.id];
            RelatedOrder {
                id: o.id,
                number: o.number,
                title: o.title,
                state: o.state,
                relation,
                outgoing,
            }
        })
        .collect())
}

/// Orders related to an order the scope sees.
pub async fn list(
    db: &DatabaseConnection,
    scope: &Scope,
    id: i64,
) -> Result<Vec<RelatedOrder>, AppError> {
    find(db, scope, id).await?;
    related_of(db, scope, id).await
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RelatedInput {
    #[serde(alias = "orderId", alias = "order_id", alias = "workId")]
    pub id: i64,
    #[serde(default)]
    pub related: Vec<RelatedItem>,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RelatedItem {
    #[serde(alias = "orderId", alias = "order_id")]
    pub id: i64,
    /// 1 related (default), 2 duplicate, 3 follow-up.
    #[serde(default = "related")]
    pub relation: i16,
}

fn related() -> i16 {
    1
}

/// Replaces the relations of an order with those the caller sees (relations to orders it does
/// not see stay); answers the relations.
pub async fn save(
    db: &DatabaseConnection,
    scope: &Scope,
    input: RelatedInput,
) -> Result<Vec<RelatedOrder>, AppError> {
    refuse_read_only(scope)?;
    if input.related.len() > 100 {
        return Err(AppError::field(
            "related",
            text!("related 最多 100 个", "related takes at most 100 orders"),
        ));
    }
    let txn = write_txn(db).await?;
    let order = find_writable(&txn, scope, input.id).await?;
    let mut wanted: BTreeMap<i64, i16> = BTreeMap::new();
    for (i, r) in input.related.iter().enumerate() {
        in_range(&format!("related[{i}].relation"), r.relation.into(), 1, 3)?;
        if r.id == order.id {
            return Err(AppError::field(
                format!("related[{i}].id"),
                text!(
                    "related[{}].id：工单不能关联自己",
                    "related[{}].id: an order cannot be related to itself",
                    i
                ),
            ));
        }
        if find(&txn, scope, r.id).await.is_err() {
            return Err(AppError::field(
                format!("related[{i}].id"),
                text!(
                    "related[{}].id：工单 {} 不存在",
                    "related[{}].id: no work order {}",
                    i,
                    r.id
                ),
            ));
        }
        wanted.insert(r.id, r.relation);
    }
    let seen = || {
        work_order::Entity::find()
            .select_only()
            .column(work_order::Column::Id)
            .filter(visible(scope))
            .into_query()
    };
    work_order_relation::Entity::delete_many()
        .filter(
            Condition::any()
                .add(
                    Condition::all()
                        .add(work_order_relation::Column::OrderId.eq(order.id))
                        .add(work_order_relation::Column::RelatedId.in_subquery(seen())),
                )
                .add(
                    Condition::all()
                        .add(work_order_relation::Column::RelatedId.eq(order.id))
                        .add(work_order_relation::Column::OrderId.in_subquery(seen())),
                ),
        )
        .exec(&txn)
        .await?;
    if !wanted.is_empty() {
        let now = Utc::now();
        work_order_relation::Entity::insert_many(wanted.into_iter().map(|(other, relation)| {
            work_order_relation::ActiveModel {
                order_id: Set(order.id),
                related_id: Set(other),
                relation: Set(relation),
                created_by: Set(scope.user.id),
                created_at: Set(now),
                ..Default::default()
            }
        }))
        .exec(&txn)
        .await?;
    }
    let out = related_of(&txn, scope, order.id).await?;
    txn.commit().await?;
    Ok(out)
}
