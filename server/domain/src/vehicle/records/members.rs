//! The members responsible for a vehicle.

use crate::scope::Scope;
use crate::vehicle::{find, find_owned};
use entities::{sys_user, vehicle_member};
use kernel::changes::{Change, announce};
use kernel::error::AppError;
use kernel::text;
use sea_orm::{
    ColumnTrait, ConnectionTrait, DatabaseConnection, EntityTrait, QueryFilter, QueryOrder, Set,
};
use serde::Serialize;
use std::collections::BTreeSet;
use utoipa::ToSchema;

/// The members responsible for a vehicle.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MemberOut {
    pub user_id: i64,
    pub user_name: String,
    pub nick_name: String,
    /// Masked (first 3 and last 4 digits).
    pub phone: String,
}

pub async fn members(
    db: &impl ConnectionTrait,
    scope: &Scope,
    id: i64,
) -> Result<Vec<MemberOut>, AppError> {
    find(db, scope, id).await?;
    let ids: Vec<i64> = vehicle_member::Entity::find()
        .filter(vehicle_member::Column::VehicleId.eq(id))
        .all(db)
        .await?
        .into_iter()
        .map(|m| m.user_id)
        .collect();
    Ok(sys_user::Entity::find()
        .filter(sys_user::Column::Id.is_in(ids))
        .order_by_asc(sys_user::Column::Id)
        .all(db)
        .await?
        .into_iter()
        .map(|u| MemberOut {
            user_id: u.id,
            user_name: u.username,
            nick_name: u.nick_name,
            phone: crate::sms::mask_phone(&u.phone),
        })
        .collect())
}

/// Replaces the members responsible for a vehicle (each a member of its enterprise).
pub async fn set_members(
    db: &DatabaseConnection,
    scope: &Scope,
    id: i64,
    user_ids: &[i64],
) -> Result<Vec<MemberOut>, AppError> {
    let wanted: BTreeSet<i64> = user_ids.iter().copied().collect();
    let txn = kernel::db::write_txn(db).await?;
    let v = find_owned(&txn, scope, id).await?;
    let in_enterprise: BTreeSet<i64> = entities::sys_user_authority::Entity::find()
        .filter(entities::sys_user_authority::Column::EnterpriseId.eq(v.enterprise_id))
        .filter(entities::sys_user_authority::Column::UserId.is_in(wanted.clone()))
        .all(&txn)
        .await?
        .into_iter()
        .map(|m| m.user_id)
        .collect();
    if let Some(bad) = wanted.difference(&in_enterprise).next() {
        return Err(AppError::fail(text!(
            "用户 {} 不是车辆 {} 所属企业的成员",
            "User {} is not a member of the enterprise of vehicle {}",
            bad,
            v.plate
        )));
    }
    vehicle_member::Entity::delete_many()
        .filter(vehicle_member::Column::VehicleId.eq(id))
        .exec(&txn)
        .await?;
    if !wanted.is_empty() {
        vehicle_member::Entity::insert_many(wanted.into_iter().map(|u| {
            vehicle_member::ActiveModel {
                vehicle_id: Set(id),
                user_id: Set(u),
            }
        }))
        .exec_without_returning(&txn)
        .await?;
    }
    txn.commit().await?;
    announce(Change::Members);
    members(db, scope, id).await
}
