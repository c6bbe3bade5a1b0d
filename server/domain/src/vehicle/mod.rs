//! Area `vehicle`: rules over vehicles, their wheels, trailers, drivers, catalogues and
//! history. Every query here goes through [`Scope`].

pub mod alarms;
pub mod catalogue;
pub mod days;
pub mod demonstration;
pub mod docking;
pub mod drivers;
pub mod fleet;
pub mod history;
pub mod imports;
pub mod mileage;
pub mod pickers;
pub mod records;
pub mod service_records;
pub mod settings;
pub mod share;
pub mod snapshot;
pub mod states;
pub mod trailers;
pub mod wheels;

use std::collections::HashMap;

use entities::vehicle;
use sea_orm::{ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, Select};

use crate::scope::Scope;
use kernel::error::AppError;
use kernel::text;

/// Vehicles the scope sees: its enterprises' and those covered by its relations.
pub fn visible(scope: &Scope) -> Select<vehicle::Entity> {
    vehicle::Entity::find()
        .filter(scope.vehicle_filter(vehicle::Column::Id, vehicle::Column::EnterpriseId))
}

/// One vehicle the scope sees; an unknown or foreign id is the same "no such vehicle" (a
/// foreign id must not be told apart from a missing one).
pub async fn find(
    db: &impl ConnectionTrait,
    scope: &Scope,
    id: i64,
) -> Result<vehicle::Model, AppError> {
    visible(scope)
        .filter(vehicle::Column::Id.eq(id))
        .one(db)
        .await?
        .ok_or_else(|| AppError::fail(text!("车辆 {} 不存在", "No vehicle {}", id)))
}

/// One vehicle the scope may change: seen through its own enterprises, not only through a
/// relation (a covering relation grants reading a partner's vehicle and its data, not editing
/// the vehicle record), and not under a read-only trusteeship.
pub async fn find_owned(
    db: &impl ConnectionTrait,
    scope: &Scope,
    id: i64,
) -> Result<vehicle::Model, AppError> {
    let found = find(db, scope, id).await?;
    may_change(scope, &found)?;
    Ok(found)
}

/// Vehicles the scope may change, in the order asked, read in one query: all of them, or the
/// error [`find_owned`] gives for the first that is not.
pub async fn find_owned_all(
    db: &impl ConnectionTrait,
    scope: &Scope,
    ids: &[i64],
) -> Result<Vec<vehicle::Model>, AppError> {
    let found: HashMap<i64, vehicle::Model> = visible(scope)
        .filter(vehicle::Column::Id.is_in(ids.iter().copied()))
        .all(db)
        .await?
        .into_iter()
        .map(|v| (v.id, v))
        .collect();
    ids.iter()
        .map(|id| {
            let v = found
                .get(id)
                .cloned()
                .ok_or_else(|| AppError::fail(text!("车辆 {} 不存在", "No vehicle {}", id)))?;
            may_change(scope, &v)?;
            Ok(v)
        })
        .collect()
}

fn may_change(scope: &Scope, vehicle: &vehicle::Model) -> Result<(), AppError> {
    if scope.read_only() || !scope.sees(vehicle.enterprise_id) {
        return Err(AppError::fail(text!(
            "无权修改车辆 {}",
            "You may not change vehicle {}",
            vehicle.plate
        )));
    }
    Ok(())
}

/// Refuses any change under a read-only trusteeship.
pub fn writable(scope: &Scope) -> Result<(), AppError> {
    if scope.read_only() {
        return Err(AppError::fail(text!(
            "只读授权不能修改",
            "A read-only trusteeship cannot change data"
        )));
    }
    Ok(())
}
