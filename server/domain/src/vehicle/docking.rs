//! Synchronisation with the docking platform: what a run found, and the records of past runs.

use crate::scope::Scope;
use chrono::Utc;
use entities::{device, vehicle, vehicle_sync};
use kernel::error::AppError;
use kernel::paging::{self, PageQuery, PageResult};
use kernel::text;
use sea_orm::{
    ActiveModelTrait, ColumnTrait, Condition, DatabaseConnection, EntityTrait, PaginatorTrait,
    QueryFilter, QueryOrder, Set,
};
use serde::Serialize;
use serde_json::{Value, json};
use utoipa::ToSchema;

/// What a synchronisation with the docking platform found.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SyncRow {
    pub id: i64,
    pub enterprise_id: i64,
    pub platform: i16,
    pub operator_id: i64,
    /// `{vehicles, withReceiver, withoutReceiver, added, removed, plates}`: the enterprise's
    /// vehicles as reported to the platform and the change since the previous report.
    pub summary: Value,
    pub created: i64,
}

impl From<vehicle_sync::Model> for SyncRow {
    fn from(s: vehicle_sync::Model) -> Self {
        Self {
            id: s.id,
            enterprise_id: s.enterprise_id,
            platform: s.platform,
            operator_id: s.operator_id,
            summary: serde_json::from_str(&s.summary).unwrap_or_else(|_| json!({})),
            created: s.created_at.timestamp_millis(),
        }
    }
}

/// Records a synchronisation of the enterprise's vehicles with its docking platform: the
/// vehicles reported, and which were added or removed since the previous one. (No external
/// call is made: the platform's own connector reads these records.)
pub async fn synchronize(
    db: &DatabaseConnection,
    scope: &Scope,
    ent: Option<i64>,
    platform: i16,
) -> Result<SyncRow, AppError> {
    super::writable(scope)?;
    if !(0..=13).contains(&platform) {
        return Err(AppError::fail(text!(
            "platform 须在 0 到 13 之间",
            "platform must be between 0 and 13"
        )));
    }
    let ent = scope.acting(ent)?;
    let txn = kernel::db::write_txn(db).await?;
    crate::enterprise::find_visible(&txn, scope, ent).await?;
    let vehicles = vehicle::Entity::find()
        .filter(vehicle::Column::EnterpriseId.eq(ent))
        .order_by_asc(vehicle::Column::Plate)
        .all(&txn)
        .await?;
    let with_receiver = device::Entity::find()
        .filter(device::Column::EnterpriseId.eq(ent))
        .filter(device::Column::Kind.eq(0_i16))
        .filter(device::Column::VehicleId.is_not_null())
        .count(&txn)
        .await?;
    let plates: Vec<String> = vehicles.iter().map(|v| v.plate.clone()).collect();
    let previous: Vec<String> = vehicle_sync::Entity::find()
        .filter(vehicle_sync::Column::EnterpriseId.eq(ent))
        .filter(vehicle_sync::Column::Platform.eq(platform))
        .order_by_desc(vehicle_sync::Column::Id)
        .one(&txn)
        .await?
        .and_then(|s| serde_json::from_str::<Value>(&s.summary).ok())
        .and_then(|v| serde_json::from_value(v["plates"].clone()).ok())
        .unwrap_or_default();
    let added: Vec<&String> = plates.iter().filter(|p| !previous.contains(p)).collect();
    let removed: Vec<&String> = previous.iter().filter(|p| !plates.contains(p)).collect();
    let summary = json!({
        "vehicles": vehicles.len(),
        "withReceiver": with_receiver,
        "withoutReceiver": (vehicles.len() as u64).saturating_sub(with_receiver),
        "added": added,
        "removed": removed,
        "plates": plates,
    });
    let saved = vehicle_sync::ActiveModel {
        enterprise_id: Set(ent),
        platform: Set(platform),
        operator_id: Set(scope.user.id),
        summary: Set(summary.to_string()),
        created_at: Set(Utc::now()),
        ..Default::default()
    }
    .insert(&txn)
    .await?;
    txn.commit().await?;
    Ok(saved.into())
}

/// synchronization2: the synchronisation records in scope, newest first.
pub async fn sync_records(
    db: &DatabaseConnection,
    scope: &Scope,
    ent: Option<i64>,
    page: PageQuery,
) -> Result<PageResult<SyncRow>, AppError> {
    let mut cond = Condition::all().add(scope.filter(vehicle_sync::Column::EnterpriseId));
    if let Some(e) = ent.filter(|e| *e != 0) {
        scope.require(e)?;
        cond = cond.add(vehicle_sync::Column::EnterpriseId.eq(e));
    }
    let select = vehicle_sync::Entity::find()
        .filter(cond)
        .order_by_desc(vehicle_sync::Column::Id);
    paging::fetch(db, select, page, SyncRow::from).await
}
