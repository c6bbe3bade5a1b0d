//! What a work order is about and where: the vehicles and devices an order may be opened on,
//! the alarms it answers, the live-state snapshot taken when it was opened, its location,
//! labels and the declaration of a driver or customer.

use std::collections::BTreeSet;

use chrono::{DateTime, Utc};
use entities::{device, vehicle, vehicle_alarm, work_order};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, Condition, DatabaseConnection, EntityTrait, QueryFilter,
    QueryOrder, QuerySelect, Set,
};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa::ToSchema;

use super::orders::{
    Declaration, LINK_ALARM, OrderDevice, add_links, checked_alarms, checked_declaration,
    checked_labels, checked_location, links, workable_devices, workable_vehicles,
};
use super::{find, find_writable, logs, visible};
use crate::scope::Scope;
use kernel::db::write_txn;
use kernel::error::AppError;
use kernel::paging::{self, PageQuery, PageResult};
use kernel::search::contains;
use kernel::text;
use kernel::validate::{json_list, limited, to_json};

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CarQuery {
    #[serde(flatten)]
    pub page: PageQuery,
    /// Part of the plate or VIN.
    #[serde(default, alias = "plate")]
    pub keyword: Option<String>,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OrderCar {
    pub id: i64,
    pub ent_id: i64,
    pub plate: String,
    pub vin: String,
    pub axle_layout: String,
}

/// Vehicles the caller may open orders on: of the enterprises it sees or in its custody.
pub async fn cars(
    db: &DatabaseConnection,
    scope: &Scope,
    q: CarQuery,
) -> Result<PageResult<OrderCar>, AppError> {
    let mut c = Condition::all().add(workable_vehicles(scope));
    if let Some(k) = q
        .keyword
        .as_deref()
        .map(str::trim)
        .filter(|k| !k.is_empty())
    {
        c = c.add(
            Condition::any()
                .add(contains(vehicle::Column::Plate, k))
                .add(contains(vehicle::Column::Vin, k)),
        );
    }
    let select = vehicle::Entity::find()
        .filter(c)
        .order_by_asc(vehicle::Column::Plate)
        .order_by_asc(vehicle::Column::Id);
    paging::fetch(db, select, q.page, |v| OrderCar {
        id: v.id,
        ent_id: v.enterprise_id,
        plate: v.plate,
        vin: v.vin,
        axle_layout: v.axle_layout,
    })
    .await
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DeviceQuery {
    #[serde(flatten)]
    pub page: PageQuery,
    /// Only the devices on this vehicle.
    #[serde(default, alias = "vehicle_id", alias = "carId")]
    pub vehicle_id: Option<i64>,
    /// Part of the IMEI.
    #[serde(default, alias = "imei")]
    pub keyword: Option<String>,
}

/// Devices the caller may name on an order.
pub async fn devices(
    db: &DatabaseConnection,
    scope: &Scope,
    q: DeviceQuery,
) -> Result<PageResult<OrderDevice>, AppError> {
    let mut c = Condition::all().add(workable_devices(scope));
    if let Some(v) = q.vehicle_id {
        c = c.add(device::Column::VehicleId.eq(v));
    }
    if let Some(k) = q
        .keyword
        .as_deref()
        .map(str::trim)
        .filter(|k| !k.is_empty())
    {
        c = c.add(contains(device::Column::Imei, k));
    }
    let select = device::Entity::find()
        .filter(c)
        .order_by_asc(device::Column::Id);
    paging::fetch(db, select, q.page, |d| OrderDevice {
        id: d.id,
        imei: d.imei,
        kind: d.kind,
        vehicle_id: d.vehicle_id,
    })
    .await
}

/// Alarms to link to an order (`alarmIds`), or without them the linked ones.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AlarmLink {
    #[serde(alias = "orderId", alias = "order_id", alias = "workId", alias = "ID")]
    pub id: i64,
    #[serde(default, alias = "alarm_ids", alias = "alarms")]
    pub alarm_ids: Option<Vec<i64>>,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LinkedAlarm {
    pub id: i64,
    pub vehicle_id: i64,
    pub position: i32,
    pub kind: i16,
    pub level: i16,
    pub state: i16,
    pub value: Option<f64>,
    pub started_at: DateTime<Utc>,
    pub cleared_at: Option<DateTime<Utc>>,
}

/// Links alarms (on vehicles the caller sees) to an order, then answers the linked ones.
pub async fn alarms(
    db: &DatabaseConnection,
    scope: &Scope,
    req: AlarmLink,
) -> Result<Vec<LinkedAlarm>, AppError> {
    let order = if let Some(ids) = req.alarm_ids {
        if ids.is_empty() || ids.len() > 200 {
            return Err(AppError::field(
                "alarmIds",
                text!(
                    "alarmIds 须有 1 到 200 个",
                    "alarmIds must hold 1 to 200 ids"
                ),
            ));
        }
        let txn = write_txn(db).await?;
        let order = find_writable(&txn, scope, req.id).await?;
        let ids = checked_alarms(&txn, scope, &ids).await?;
        add_links(
            &txn,
            order.id,
            LINK_ALARM,
            ids.into_iter().map(|i| (i, String::new())).collect(),
        )
        .await?;
        logs::log_change(
            &txn,
            order.id,
            scope.user.id,
            text!("关联了告警", "linked alarms"),
        )
        .await?;
        txn.commit().await?;
        order
    } else {
        find(db, scope, req.id).await?
    };
    let ids: BTreeSet<i64> = links(db, order.id, LINK_ALARM)
        .await?
        .into_iter()
        .map(|l| l.ref_id)
        .collect();
    Ok(vehicle_alarm::Entity::find()
        .filter(vehicle_alarm::Column::Id.is_in(ids))
        .order_by_asc(vehicle_alarm::Column::StartedAt)
        .all(db)
        .await?
        .into_iter()
        .map(|a| LinkedAlarm {
            id: a.id,
            vehicle_id: a.vehicle_id,
            position: a.position,
            kind: a.kind,
            level: a.level,
            state: a.state,
            value: a.value,
            started_at: a.started_at,
            cleared_at: a.cleared_at,
        })
        .collect())
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Snapshot {
    pub id: i64,
    pub vehicle_id: Option<i64>,
    pub taken_at: DateTime<Utc>,
    /// The vehicle's live state when the order was opened (null: none was known).
    #[schema(value_type = Object)]
    pub state: Value,
}

/// The live-state snapshot stored when the order was opened.
pub async fn snapshot(
    db: &DatabaseConnection,
    scope: &Scope,
    id: i64,
) -> Result<Snapshot, AppError> {
    let order = find(db, scope, id).await?;
    Ok(Snapshot {
        id: order.id,
        vehicle_id: order.vehicle_id,
        taken_at: order.created_at,
        state: serde_json::from_str(&order.snapshot).unwrap_or(Value::Null),
    })
}

/// Sets the location when `lat`/`lon` or `address` are given; answers it.
#[derive(Debug, Deserialize, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Location {
    #[serde(alias = "orderId", alias = "order_id", alias = "workId", alias = "ID")]
    pub id: i64,
    #[serde(alias = "latitude")]
    pub lat: Option<f64>,
    #[serde(alias = "lng", alias = "longitude")]
    pub lon: Option<f64>,
    pub address: Option<String>,
}

/// Reads or sets the location of an order.
pub async fn location(
    db: &DatabaseConnection,
    scope: &Scope,
    req: Location,
) -> Result<Location, AppError> {
    let order = if req.lat.is_some() || req.lon.is_some() || req.address.is_some() {
        checked_location(req.lat, req.lon)?;
        let address = req
            .address
            .as_deref()
            .map(|a| limited("address", a, 255))
            .transpose()?;
        let txn = write_txn(db).await?;
        let order = find_writable(&txn, scope, req.id).await?;
        let mut row: work_order::ActiveModel = order.into();
        if req.lat.is_some() {
            row.lat = Set(req.lat);
            row.lon = Set(req.lon);
        }
        if let Some(a) = address {
            row.address = Set(a);
        }
        row.updated_at = Set(Utc::now());
        let saved = row.update(&txn).await?;
        txn.commit().await?;
        saved
    } else {
        find(db, scope, req.id).await?
    };
    Ok(Location {
        id: order.id,
        lat: order.lat,
        lon: order.lon,
        address: Some(order.address),
    })
}

/// With `id`: the labels of that order, replaced first when `labels` is given. Without: every
/// label in use on the orders the caller sees (for a filter).
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LabelInput {
    #[serde(
        default,
        alias = "orderId",
        alias = "order_id",
        alias = "workId",
        alias = "ID"
    )]
    pub id: Option<i64>,
    pub labels: Option<Vec<String>>,
}

/// Reads or replaces labels.
pub async fn labels(
    db: &DatabaseConnection,
    scope: &Scope,
    req: LabelInput,
) -> Result<Vec<String>, AppError> {
    let Some(id) = req.id else {
        if req.labels.is_some() {
            return Err(AppError::field(
                "id",
                text!("设置标签需要 id", "Setting labels needs an id"),
            ));
        }
        let all: Vec<String> = work_order::Entity::find()
            .select_only()
            .column(work_order::Column::Labels)
            .filter(visible(scope))
            .distinct()
            .into_tuple()
            .all(db)
            .await?;
        let set: BTreeSet<String> = all.iter().flat_map(|l| json_list::<String>(l)).collect();
        return Ok(set.into_iter().collect());
    };
    let Some(new) = req.labels else {
        return Ok(json_list(&find(db, scope, id).await?.labels));
    };
    let new = checked_labels(&new)?;
    let txn = write_txn(db).await?;
    let order = find_writable(&txn, scope, id).await?;
    let mut row: work_order::ActiveModel = order.into();
    row.labels = Set(to_json(&new));
    row.updated_at = Set(Utc::now());
    row.update(&txn).await?;
    txn.commit().await?;
    Ok(new)
}

/// With `declaration` (its `content` at least): records it on the order; answers the current one.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DeclarationInput {
    #[serde(alias = "orderId", alias = "order_id", alias = "workId", alias = "ID")]
    pub id: i64,
    pub declaration: Option<Declaration>,
}

/// Reads or records the declaration of a driver or customer.
pub async fn declaration(
    db: &DatabaseConnection,
    scope: &Scope,
    req: DeclarationInput,
) -> Result<Option<Declaration>, AppError> {
    let Some(d) = req.declaration else {
        let order = find(db, scope, req.id).await?;
        return Ok(serde_json::from_str(&order.declaration).unwrap_or_default());
    };
    let d = checked_declaration(d)?;
    let txn = write_txn(db).await?;
    let order = find_writable(&txn, scope, req.id).await?;
    let id = order.id;
    let mut row: work_order::ActiveModel = order.into();
    row.declaration = Set(to_json(&d));
    row.updated_at = Set(Utc::now());
    row.update(&txn).await?;
    logs::log_change(
        &txn,
        id,
        scope.user.id,
        text!("记录了申报", "recorded a declaration"),
    )
    .await?;
    txn.commit().await?;
    Ok(Some(d))
}
