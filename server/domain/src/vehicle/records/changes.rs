//! Changes to vehicles other than the form: delete, rename, receiver binding, transfer, install state, follows and model.

use super::{check_plate_free, ids, in_range, normalize_plate};
use crate::scope::Scope;
use crate::vehicle::{find, find_owned};
use chrono::Utc;
use entities::{
    device, enterprise_group_vehicle, relation_vehicle, sensor, vehicle, vehicle_driver,
    vehicle_follower,
};
use kernel::changes::{Change, announce};
use kernel::error::{AppError, DbResultExt};
use kernel::text;
use sea_orm::sea_query::Expr;
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, DatabaseConnection, EntityTrait, QueryFilter,
    QuerySelect, Set,
};

/// Deletes vehicles, all or none: their wheels, state, follows, drivers and settings go with
/// them; devices and sensors are unbound (kept); trailers they pull are unhitched.
pub async fn delete(
    db: &DatabaseConnection,
    scope: &Scope,
    vehicle_ids: &[i64],
) -> Result<u64, AppError> {
    let ids = ids("carIds", vehicle_ids)?;
    let txn = kernel::db::write_txn(db).await?;
    crate::vehicle::find_owned_all(&txn, scope, &ids).await?;
    sensor::Entity::update_many()
        .col_expr(sensor::Column::VehicleId, Expr::value(Option::<i64>::None))
        .col_expr(sensor::Column::Position, Expr::value(Option::<i32>::None))
        .filter(sensor::Column::VehicleId.is_in(ids.clone()))
        .exec(&txn)
        .await?;
    enterprise_group_vehicle::Entity::delete_many()
        .filter(enterprise_group_vehicle::Column::VehicleId.is_in(ids.clone()))
        .exec(&txn)
        .await?;
    relation_vehicle::Entity::delete_many()
        .filter(relation_vehicle::Column::VehicleId.is_in(ids.clone()))
        .exec(&txn)
        .await?;
    let unbound = imeis_of_vehicles(&txn, &ids).await?;
    device::Entity::update_many()
        .col_expr(device::Column::VehicleId, Expr::value(Option::<i64>::None))
        .filter(device::Column::VehicleId.is_in(ids.clone()))
        .exec(&txn)
        .await?;
    let pulling: Vec<i64> = vehicle::Entity::find()
        .select_only()
        .column(vehicle::Column::Id)
        .filter(vehicle::Column::TrailerId.is_in(ids.clone()))
        .into_tuple()
        .all(&txn)
        .await?;
    vehicle::Entity::update_many()
        .col_expr(vehicle::Column::TrailerId, Expr::value(Option::<i64>::None))
        .filter(vehicle::Column::TrailerId.is_in(ids.clone()))
        .exec(&txn)
        .await?;
    let done = vehicle::Entity::delete_many()
        .filter(vehicle::Column::Id.is_in(ids.clone()))
        .exec(&txn)
        .await?;
    txn.commit().await?;
    announce(Change::Vehicles([ids, pulling].concat()));
    announce(Change::Devices(unbound));
    Ok(done.rows_affected)
}

/// The IMEIs of the devices bound to these vehicles.
async fn imeis_of_vehicles(
    db: &impl ConnectionTrait,
    vehicle_ids: &[i64],
) -> Result<Vec<String>, AppError> {
    Ok(device::Entity::find()
        .select_only()
        .column(device::Column::Imei)
        .filter(device::Column::VehicleId.is_in(vehicle_ids.iter().copied()))
        .into_tuple()
        .all(db)
        .await?)
}

/// Renames a vehicle (the plate stays unique).
pub async fn rename(
    db: &DatabaseConnection,
    scope: &Scope,
    id: i64,
    plate: &str,
) -> Result<String, AppError> {
    let plate = normalize_plate(plate)?;
    let txn = kernel::db::write_txn(db).await?;
    let v = find_owned(&txn, scope, id).await?;
    check_plate_free(&txn, &plate, Some(id)).await?;
    let mut row: vehicle::ActiveModel = v.into();
    row.plate = Set(plate.clone());
    row.updated_at = Set(Utc::now());
    row.update(&txn)
        .await
        .on_conflict(|| text!("车牌已存在", "plate already exists"))?;
    txn.commit().await?;
    announce(Change::Vehicles(vec![id]));
    Ok(plate)
}

/// Binds the receiver `imei` (of the vehicle's enterprise) to the vehicle, replacing its
/// current one; an empty imei unbinds. A receiver on another vehicle is refused.
pub async fn bind_receiver(
    db: &DatabaseConnection,
    scope: &Scope,
    id: i64,
    imei: &str,
) -> Result<Option<i64>, AppError> {
    let imei = imei.trim();
    let txn = kernel::db::write_txn(db).await?;
    let v = find_owned(&txn, scope, id).await?;
    let target = if imei.is_empty() {
        None
    } else {
        let d = device::Entity::find()
            .filter(device::Column::Imei.eq(imei))
            .filter(device::Column::Kind.eq(0_i16))
            .filter(scope.filter(device::Column::EnterpriseId))
            .filter(device::Column::EnterpriseId.eq(v.enterprise_id))
            .one(&txn)
            .await?
            .ok_or_else(|| {
                AppError::fail(text!(
                    "企业内没有 IMEI 为 {} 的接收器",
                    "No receiver with IMEI {} in the vehicle's enterprise",
                    imei
                ))
            })?;
        if let Some(other) = d.vehicle_id.filter(|o| *o != v.id) {
            let plate = vehicle::Entity::find_by_id(other)
                .one(&txn)
                .await?
                .map_or_else(|| other.to_string(), |o| o.plate);
            return Err(AppError::fail(text!(
                "接收器 {} 已绑定车辆 {}",
                "Receiver {} is bound to vehicle {}",
                imei,
                plate
            )));
        }
        Some(d)
    };
    // The receiver it replaces is forgotten by ingestion as well as the new one.
    let mut rebound = imeis_of_vehicles(&txn, &[v.id]).await?;
    rebound.extend(target.as_ref().map(|d| d.imei.clone()));
    let target = target.map(|d| d.id);
    device::Entity::update_many()
        .col_expr(device::Column::VehicleId, Expr::value(Option::<i64>::None))
        .filter(device::Column::VehicleId.eq(v.id))
        .filter(device::Column::Kind.eq(0_i16))
        .exec(&txn)
        .await?;
    if let Some(d) = target {
        device::Entity::update_many()
            .col_expr(device::Column::VehicleId, Expr::value(Some(v.id)))
            .col_expr(device::Column::UpdatedAt, Expr::value(Utc::now()))
            .filter(device::Column::Id.eq(d))
            .exec(&txn)
            .await?;
    }
    txn.commit().await?;
    announce(Change::Vehicles(vec![v.id]));
    announce(Change::Devices(rebound));
    Ok(target)
}

/// Moves vehicles, with their devices (and repeaters) and sensors, to another enterprise the
/// caller may act for; group assignments in the old enterprise are dropped, and so is their
/// coverage by relations whose grantor no longer owns them.
pub async fn transfer(
    db: &DatabaseConnection,
    scope: &Scope,
    vehicle_ids: &[i64],
    to: i64,
) -> Result<u64, AppError> {
    let ids = ids("carIds", vehicle_ids)?;
    scope.require(to)?;
    let txn = kernel::db::write_txn(db).await?;
    crate::enterprise::find_visible(&txn, scope, to).await?;
    crate::vehicle::find_owned_all(&txn, scope, &ids).await?;
    let now = Utc::now();
    let receivers: Vec<i64> = device::Entity::find()
        .filter(device::Column::VehicleId.is_in(ids.clone()))
        .all(&txn)
        .await?
        .into_iter()
        .map(|d| d.id)
        .collect();
    device::Entity::update_many()
        .col_expr(device::Column::EnterpriseId, Expr::value(to))
        .col_expr(device::Column::UpdatedAt, Expr::value(now))
        .filter(
            sea_orm::Condition::any()
                .add(device::Column::VehicleId.is_in(ids.clone()))
                .add(device::Column::ParentId.is_in(receivers)),
        )
        .exec(&txn)
        .await?;
    sensor::Entity::update_many()
        .col_expr(sensor::Column::EnterpriseId, Expr::value(to))
        .col_expr(sensor::Column::UpdatedAt, Expr::value(now))
        .filter(sensor::Column::VehicleId.is_in(ids.clone()))
        .exec(&txn)
        .await?;
    enterprise_group_vehicle::Entity::delete_many()
        .filter(enterprise_group_vehicle::Column::VehicleId.is_in(ids.clone()))
        .exec(&txn)
        .await?;
    // Drivers belong to the old enterprise.
    vehicle_driver::Entity::delete_many()
        .filter(vehicle_driver::Column::VehicleId.is_in(ids.clone()))
        .exec(&txn)
        .await?;
    let done = vehicle::Entity::update_many()
        .col_expr(vehicle::Column::EnterpriseId, Expr::value(to))
        .col_expr(vehicle::Column::UpdatedAt, Expr::value(now))
        .filter(vehicle::Column::Id.is_in(ids.clone()))
        .exec(&txn)
        .await?;
    crate::enterprise::relations::prune_coverage(&txn, Some(&ids)).await?;
    let moved_devices = imeis_of_vehicles(&txn, &ids).await?;
    txn.commit().await?;
    announce(Change::Vehicles(ids));
    announce(Change::Devices(moved_devices));
    announce(Change::Reach);
    Ok(done.rows_affected)
}

/// Sets the install state (0 not installed, 1 installed, 2 installing) of vehicles.
pub async fn set_install(
    db: &DatabaseConnection,
    scope: &Scope,
    vehicle_ids: &[i64],
    state: i16,
) -> Result<u64, AppError> {
    let ids = ids("carIds", vehicle_ids)?;
    let state = in_range("installState", state, 0, 2)?;
    let txn = kernel::db::write_txn(db).await?;
    crate::vehicle::find_owned_all(&txn, scope, &ids).await?;
    let done = vehicle::Entity::update_many()
        .col_expr(vehicle::Column::InstallState, Expr::value(state))
        .col_expr(vehicle::Column::UpdatedAt, Expr::value(Utc::now()))
        .filter(vehicle::Column::Id.is_in(ids.clone()))
        .exec(&txn)
        .await?;
    txn.commit().await?;
    announce(Change::Vehicles(ids));
    Ok(done.rows_affected)
}

/// Follows (or stops following) a vehicle the caller sees; answers whether it is followed.
pub async fn follow(
    db: &DatabaseConnection,
    scope: &Scope,
    id: i64,
    on: bool,
) -> Result<bool, AppError> {
    find(db, scope, id).await?;
    vehicle_follower::Entity::delete_many()
        .filter(vehicle_follower::Column::UserId.eq(scope.user.id))
        .filter(vehicle_follower::Column::VehicleId.eq(id))
        .exec(db)
        .await?;
    if on {
        vehicle_follower::ActiveModel {
            user_id: Set(scope.user.id),
            vehicle_id: Set(id),
            created_at: Set(Utc::now()),
        }
        .insert(db)
        .await?;
    }
    announce(Change::Follows(vec![scope.user.id]));
    Ok(on)
}

/// upModelId: gives vehicles a brand, series and class from the catalogue (all or none); a
/// class also sets the vehicle image (`deviceTypeId`). Answers how many changed.
pub async fn set_model(
    db: &DatabaseConnection,
    scope: &Scope,
    vehicle_ids: &[i64],
    pick: crate::vehicle::catalogue::ModelPick,
) -> Result<u64, AppError> {
    let ids = ids("carIds", vehicle_ids)?;
    let (pick, class) = crate::vehicle::catalogue::check_model(db, scope, pick).await?;
    let txn = kernel::db::write_txn(db).await?;
    crate::vehicle::find_owned_all(&txn, scope, &ids).await?;
    let mut update = vehicle::Entity::update_many()
        .col_expr(vehicle::Column::BrandId, Expr::value(pick.brand_id))
        .col_expr(vehicle::Column::SeriesId, Expr::value(pick.series_id))
        .col_expr(vehicle::Column::ClassId, Expr::value(pick.class_id))
        .col_expr(vehicle::Column::UpdatedAt, Expr::value(Utc::now()));
    if let Some(c) = class {
        update = update.col_expr(vehicle::Column::DeviceTypeId, Expr::value(c.device_type_id));
    }
    let done = update
        .filter(vehicle::Column::Id.is_in(ids.clone()))
        .exec(&txn)
        .await?;
    txn.commit().await?;
    announce(Change::Vehicles(ids));
    Ok(done.rows_affected)
}
