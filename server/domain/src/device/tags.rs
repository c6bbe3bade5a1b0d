//! Tags of an enterprise (`kind` vehicle, device, label or service; names unique per
//! enterprise and kind) and their links to vehicles and devices. Deleting tags removes their
//! links too, all or none.

use std::collections::HashMap;

use chrono::{DateTime, Utc};
use entities::{tag, tag_device, tag_vehicle};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, Condition, ConnectionTrait, DatabaseConnection, EntityTrait,
    QueryFilter, QueryOrder, QuerySelect, QueryTrait, Set,
};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::devices::{DeviceRow, row};
use super::{ent_condition, find_owned, refuse_read_only, required};
use crate::scope::Scope;
use kernel::error::{AppError, DbResultExt};
use kernel::search::contains;
use kernel::text;
use kernel::validate::limited;

pub const KINDS: [&str; 4] = ["vehicle", "device", "label", "service"];

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TagRow {
    pub id: i64,
    pub ent_id: i64,
    /// vehicle, device, label or service.
    pub kind: String,
    pub name: String,
    pub color: String,
    /// Vehicles carrying the tag.
    pub vehicles: u64,
    /// Devices carrying the tag.
    pub devices: u64,
    pub created_at: DateTime<Utc>,
}

fn check_kind(kind: &str) -> Result<String, AppError> {
    let k = kind.trim();
    if KINDS.contains(&k) {
        Ok(k.to_owned())
    } else {
        Err(AppError::fail(text!(
            "kind 须为 vehicle、device、label 或 service：{}",
            "kind must be vehicle, device, label or service: {}",
            k
        )))
    }
}

async fn tag_rows(
    db: &impl ConnectionTrait,
    tags: Vec<tag::Model>,
) -> Result<Vec<TagRow>, AppError> {
    let ids: Vec<i64> = tags.iter().map(|t| t.id).collect();
    let mut vehicles: HashMap<i64, u64> = HashMap::new();
    for l in tag_vehicle::Entity::find()
        .filter(tag_vehicle::Column::TagId.is_in(ids.clone()))
        .all(db)
        .await?
    {
        *vehicles.entry(l.tag_id).or_default() += 1;
    }
    let mut devices: HashMap<i64, u64> = HashMap::new();
    for l in tag_device::Entity::find()
        .filter(tag_device::Column::TagId.is_in(ids))
        .all(db)
        .await?
    {
        *devices.entry(l.tag_id).or_default() += 1;
    }
    Ok(tags
        .into_iter()
        .map(|t| TagRow {
            vehicles: vehicles.get(&t.id).copied().unwrap_or_default(),
            devices: devices.get(&t.id).copied().unwrap_or_default(),
            id: t.id,
            ent_id: t.enterprise_id,
            kind: t.kind,
            name: t.name,
            color: t.color,
            created_at: t.created_at,
        })
        .collect())
}

/// Tags in scope (of one enterprise, kind, or name fragment when given), by kind and name.
pub async fn list(
    db: &DatabaseConnection,
    scope: &Scope,
    ent: Option<i64>,
    kind: Option<&str>,
    keyword: Option<&str>,
) -> Result<Vec<TagRow>, AppError> {
    let mut cond = ent_condition(scope, tag::Column::EnterpriseId, ent)?;
    if let Some(k) = kind.map(str::trim).filter(|k| !k.is_empty()) {
        cond = cond.add(tag::Column::Kind.eq(check_kind(k)?));
    }
    if let Some(k) = keyword.map(str::trim).filter(|k| !k.is_empty()) {
        cond = cond.add(contains(tag::Column::Name, k));
    }
    let tags = tag::Entity::find()
        .filter(cond)
        .order_by_asc(tag::Column::Kind)
        .order_by_asc(tag::Column::Name)
        .order_by_asc(tag::Column::Id)
        .limit(1000)
        .all(db)
        .await?;
    tag_rows(db, tags).await
}

/// A tag to create.
#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TagInput {
    /// 1–32 characters, unique per enterprise and kind.
    #[serde(default)]
    pub name: Option<String>,
    /// e.g. `#ff8800`.
    #[serde(default, alias = "colour")]
    pub color: Option<String>,
    /// vehicle (default), device, label or service.
    #[serde(default)]
    pub kind: Option<String>,
}

/// Creates tags in an enterprise (default: the acting one), all or none.
pub async fn add(
    db: &DatabaseConnection,
    scope: &Scope,
    ent: Option<i64>,
    tags: &[TagInput],
) -> Result<Vec<TagRow>, AppError> {
    refuse_read_only(scope)?;
    let ent = scope.acting(ent)?;
    if tags.is_empty() || tags.len() > 100 {
        return Err(AppError::fail(text!(
            "tags 须有 1 到 100 个标签",
            "tags must hold 1 to 100 tags"
        )));
    }
    let txn = kernel::db::write_txn(db).await?;
    let mut created = Vec::new();
    for input in tags {
        let name = required("name", input.name.as_deref(), 32)?;
        let kind = check_kind(input.kind.as_deref().unwrap_or("vehicle"))?;
        let color = limited("color", input.color.as_deref().unwrap_or_default(), 16)?;
        created.push(
            tag::ActiveModel {
                enterprise_id: Set(ent),
                kind: Set(kind),
                name: Set(name.clone()),
                color: Set(color),
                created_at: Set(Utc::now()),
                ..Default::default()
            }
            .insert(&txn)
            .await
            .on_conflict(|| text!("标签 {} 已存在", "Tag {} already exists", name))?,
        );
    }
    txn.commit().await?;
    tag_rows(db, created).await
}

async fn find_tags(
    db: &impl ConnectionTrait,
    scope: &Scope,
    ids: &[i64],
) -> Result<Vec<tag::Model>, AppError> {
    let found = tag::Entity::find()
        .filter(tag::Column::Id.is_in(ids.iter().copied()))
        .filter(scope.filter(tag::Column::EnterpriseId))
        .all(db)
        .await?;
    if let Some(missing) = ids.iter().find(|id| !found.iter().any(|t| t.id == **id)) {
        return Err(AppError::fail(text!(
            "标签 {} 不存在",
            "No tag {}",
            missing
        )));
    }
    Ok(found)
}

/// Deletes tags with their links, all or none.
pub async fn delete(db: &DatabaseConnection, scope: &Scope, ids: &[i64]) -> Result<(), AppError> {
    refuse_read_only(scope)?;
    super::require_ids(ids)?;
    let txn = kernel::db::write_txn(db).await?;
    find_tags(&txn, scope, ids).await?;
    tag_vehicle::Entity::delete_many()
        .filter(tag_vehicle::Column::TagId.is_in(ids.iter().copied()))
        .exec(&txn)
        .await?;
    tag_device::Entity::delete_many()
        .filter(tag_device::Column::TagId.is_in(ids.iter().copied()))
        .exec(&txn)
        .await?;
    tag::Entity::delete_many()
        .filter(tag::Column::Id.is_in(ids.iter().copied()))
        .exec(&txn)
        .await?;
    txn.commit().await?;
    Ok(())
}

/// Checks that every tag exists in scope and belongs to `ent` (a vehicle or device carries
/// only its own enterprise's tags).
async fn tags_for(
    db: &impl ConnectionTrait,
    scope: &Scope,
    ent: i64,
    ids: &[i64],
) -> Result<(), AppError> {
    for t in find_tags(db, scope, ids).await? {
        if t.enterprise_id != ent {
            return Err(AppError::fail(text!(
                "标签 {} 不属于该企业",
                "Tag {} belongs to another enterprise",
                t.name
            )));
        }
    }
    Ok(())
}

/// Replaces a vehicle's tags.
pub async fn set_vehicle_tags(
    db: &DatabaseConnection,
    scope: &Scope,
    vehicle_id: i64,
    tag_ids: &[i64],
) -> Result<Vec<TagRow>, AppError> {
    let txn = kernel::db::write_txn(db).await?;
    let v = crate::vehicle::find_owned(&txn, scope, vehicle_id).await?;
    tags_for(&txn, scope, v.enterprise_id, tag_ids).await?;
    tag_vehicle::Entity::delete_many()
        .filter(tag_vehicle::Column::VehicleId.eq(v.id))
        .exec(&txn)
        .await?;
    for t in dedup(tag_ids) {
        tag_vehicle::ActiveModel {
            tag_id: Set(t),
            vehicle_id: Set(v.id),
        }
        .insert(&txn)
        .await?;
    }
    txn.commit().await?;
    let tags = tag::Entity::find()
        .filter(tag::Column::Id.is_in(tag_ids.iter().copied()))
        .order_by_asc(tag::Column::Id)
        .all(db)
        .await?;
    tag_rows(db, tags).await
}

fn dedup(ids: &[i64]) -> std::collections::BTreeSet<i64> {
    ids.iter().copied().collect()
}

/// Replaces a device's tags; answers the device.
pub async fn set_device_tags(
    db: &DatabaseConnection,
    scope: &Scope,
    device_id: Option<i64>,
    imei: Option<&str>,
    tag_ids: &[i64],
) -> Result<DeviceRow, AppError> {
    let txn = kernel::db::write_txn(db).await?;
    let d = find_owned(&txn, scope, device_id, imei).await?;
    tags_for(&txn, scope, d.enterprise_id, tag_ids).await?;
    tag_device::Entity::delete_many()
        .filter(tag_device::Column::DeviceId.eq(d.id))
        .exec(&txn)
        .await?;
    for t in dedup(tag_ids) {
        tag_device::ActiveModel {
            tag_id: Set(t),
            device_id: Set(d.id),
        }
        .insert(&txn)
        .await?;
    }
    txn.commit().await?;
    row(db, d).await
}

/// Tags of one vehicle.
pub async fn of_vehicle(
    db: &DatabaseConnection,
    scope: &Scope,
    vehicle_id: i64,
) -> Result<Vec<TagRow>, AppError> {
    let v = crate::vehicle::find(db, scope, vehicle_id).await?;
    let ids = tag_vehicle::Entity::find()
        .select_only()
        .column(tag_vehicle::Column::TagId)
        .filter(tag_vehicle::Column::VehicleId.eq(v.id))
        .into_query();
    let tags = tag::Entity::find()
        .filter(Condition::all().add(tag::Column::Id.in_subquery(ids)))
        .order_by_asc(tag::Column::Id)
        .all(db)
        .await?;
    tag_rows(db, tags).await
}
