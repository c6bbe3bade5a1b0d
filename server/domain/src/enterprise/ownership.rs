//! Which vehicles an enterprise owns: what a group may hold and what a relation or an
//! invitation may share.

use std::collections::BTreeSet;

use entities::vehicle;
use sea_orm::{ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, QuerySelect};

use kernel::error::AppError;
use kernel::text;

/// Refuses vehicle ids that are not vehicles of `enterprise_id` itself (a group holds only
/// its enterprise's vehicles: the vehicle list reads a vehicle's group in its owner).
pub async fn require_owned_by(
    db: &impl ConnectionTrait,
    enterprise_id: i64,
    vehicle_ids: &[i64],
) -> Result<(), AppError> {
    refuse_unowned(
        db,
        enterprise_id,
        &BTreeSet::from([enterprise_id]),
        vehicle_ids,
    )
    .await
}

/// Refuses vehicle ids that are not vehicles of `enterprise_id` or of an enterprise below
/// it: what an enterprise may share through a relation or an invitation. These are the
/// vehicles acting for it shows by ownership (the scope rule: an enterprise and its
/// descendants); those it sees only as a cluster's supervisor or through another
/// enterprise's relation are not its to pass on.
pub async fn require_owned_below(
    db: &impl ConnectionTrait,
    enterprise_id: i64,
    vehicle_ids: &[i64],
) -> Result<(), AppError> {
    if vehicle_ids.is_empty() {
        return Ok(());
    }
    let owners = super::enterprises::subtree(db, enterprise_id).await?;
    refuse_unowned(db, enterprise_id, &owners, vehicle_ids).await
}

/// Refuses, naming them all, the vehicle ids not owned by one of `owners`. An unknown id and
/// another tenant's vehicle get the same answer, so a refusal tells nothing about vehicles
/// outside `owners`.
async fn refuse_unowned(
    db: &impl ConnectionTrait,
    enterprise_id: i64,
    owners: &BTreeSet<i64>,
    vehicle_ids: &[i64],
) -> Result<(), AppError> {
    if vehicle_ids.is_empty() {
        return Ok(());
    }
    let found: BTreeSet<i64> = vehicle::Entity::find()
        .filter(vehicle::Column::Id.is_in(vehicle_ids.iter().copied()))
        .filter(vehicle::Column::EnterpriseId.is_in(owners.iter().copied()))
        .all(db)
        .await?
        .into_iter()
        .map(|v| v.id)
        .collect();
    let missing: Vec<String> = vehicle_ids
        .iter()
        .filter(|id| !found.contains(id))
        .map(ToString::to_string)
        .collect();
    if missing.is_empty() {
        return Ok(());
    }
    Err(AppError::fail(text!(
        "以下车辆不存在或不属于企业 {}：{}",
        "Unknown vehicles or not vehicles of enterprise {}: {}",
        enterprise_id,
        missing.join(", ")
    )))
}

/// How many vehicles each of `enterprise_ids` owns (only those owning some).
pub async fn owned_counts(
    db: &impl ConnectionTrait,
    enterprise_ids: &[i64],
) -> Result<Vec<(i64, i64)>, AppError> {
    Ok(vehicle::Entity::find()
        .select_only()
        .column(vehicle::Column::EnterpriseId)
        .column_as(vehicle::Column::Id.count(), "n")
        .filter(vehicle::Column::EnterpriseId.is_in(enterprise_ids.iter().copied()))
        .group_by(vehicle::Column::EnterpriseId)
        .into_tuple()
        .all(db)
        .await?)
}
