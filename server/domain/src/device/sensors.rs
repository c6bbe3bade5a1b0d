//! Wheel sensors: lists, one sensor's detail with its latest reading, binding to a wheel
//! position (`change_tie`), unbinding and deleting (`detSensor`), the sensor log, and the
//! installer's view of a device (`work_info`).

use std::collections::HashMap;

use chrono::{DateTime, Utc};
use entities::{device, sensor, sensor_log, vehicle, vehicle_wheel};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, Condition, ConnectionTrait, DatabaseConnection,
    DatabaseTransaction, EntityTrait, IntoActiveModel, QueryFilter, QueryOrder, Set, TryIntoModel,
};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::devices::{DeviceRow, row};
use super::{ent_condition, find, find_owned};
use crate::enterprise::names;
use crate::scope::Scope;
use crate::vehicle::history::{LatestWheel, WheelNow, latest_wheels, wheels_now};
use kernel::error::AppError;
use kernel::paging::{self, PageQuery, PageResult};
use kernel::search::contains;
use kernel::text;

pub const KIND_TYRE: i16 = 1;
pub const KIND_AXLE: i16 = 2;

/// A sensor with where it is fitted and its latest reading.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SensorRow {
    pub id: i64,
    pub sensor_no: String,
    /// 1 tyre pressure and temperature, 2 axle temperature.
    pub kind: i16,
    /// %.
    pub battery: Option<i16>,
    pub ent_id: i64,
    pub ent_name: String,
    pub device_id: Option<i64>,
    pub imei: Option<String>,
    pub vehicle_id: Option<i64>,
    pub plate: Option<String>,
    /// Wheel position `axle * 10 + wheel`.
    pub position: Option<i32>,
    /// Latest pressure (bar) at the position.
    pub pressure: Option<f64>,
    /// Latest temperature (°C) at the position.
    pub temp: Option<f64>,
    pub read_at: Option<DateTime<Utc>>,
    pub bound_at: Option<DateTime<Utc>>,
    pub created_at: DateTime<Utc>,
}

async fn sensor_rows(
    db: &impl ConnectionTrait,
    list: Vec<sensor::Model>,
) -> Result<Vec<SensorRow>, AppError> {
    let ents = names(db, list.iter().map(|s| s.enterprise_id)).await?;
    let imeis: HashMap<i64, String> = device::Entity::find()
        .filter(device::Column::Id.is_in(list.iter().filter_map(|s| s.device_id)))
        .all(db)
        .await?
        .into_iter()
        .map(|d| (d.id, d.imei))
        .collect();
    let vehicle_ids: Vec<i64> = list.iter().filter_map(|s| s.vehicle_id).collect();
    let plates: HashMap<i64, String> = vehicle::Entity::find()
        .filter(vehicle::Column::Id.is_in(vehicle_ids.clone()))
        .all(db)
        .await?
        .into_iter()
        .map(|v| (v.id, v.plate))
        .collect();
    let wheels: HashMap<(i64, i32), LatestWheel> = latest_wheels(db, &vehicle_ids)
        .await?
        .into_iter()
        .map(|l| ((l.wheel.vehicle_id, l.wheel.position), l))
        .collect();
    Ok(list
        .into_iter()
        .map(|s| {
            let wheel = s
                .vehicle_id
                .zip(s.position)
                .and_then(|key| wheels.get(&key))
                .filter(|l| l.wheel.sensor_no.as_deref() == Some(s.sensor_no.as_str()));
            let reading = wheel.and_then(|l| l.reading);
            SensorRow {
                ent_name: ents.get(&s.enterprise_id).cloned().unwrap_or_default(),
                imei: s.device_id.and_then(|d| imeis.get(&d).cloned()),
                plate: s.vehicle_id.and_then(|v| plates.get(&v).cloned()),
                pressure: reading.and_then(|r| r.pressure),
                temp: reading.and_then(|r| r.temp),
                read_at: wheel.and_then(LatestWheel::read_at),
                battery: s.battery.or(reading.and_then(|r| r.battery)),
                id: s.id,
                sensor_no: s.sensor_no,
                kind: s.kind,
                ent_id: s.enterprise_id,
                device_id: s.device_id,
                vehicle_id: s.vehicle_id,
                position: s.position,
                bound_at: s.bound_at,
                created_at: s.created_at,
            }
        })
        .collect())
}

/// Filters of the sensor list.
#[derive(Debug, Default, Clone, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SensorFilter {
    /// Part of the sensor number.
    #[serde(default, alias = "sensorNo")]
    pub keyword: Option<String>,
    #[serde(default, alias = "entId", alias = "ent_id")]
    pub enterprise_id: Option<i64>,
    #[serde(default)]
    pub device_id: Option<i64>,
    #[serde(default)]
    pub imei: Option<String>,
    #[serde(default, alias = "carId")]
    pub vehicle_id: Option<i64>,
    /// 1 tyre, 2 axle.
    #[serde(default)]
    pub kind: Option<i16>,
    /// true: fitted to a wheel; false: not.
    #[serde(default)]
    pub bound: Option<bool>,
}

/// Sensors in scope, paged, newest first.
pub async fn list(
    db: &DatabaseConnection,
    scope: &Scope,
    filter: &SensorFilter,
    page: PageQuery,
) -> Result<PageResult<SensorRow>, AppError> {
    let mut cond = ent_condition(scope, sensor::Column::EnterpriseId, filter.enterprise_id)?;
    if let Some(k) = filter
        .keyword
        .as_deref()
        .map(str::trim)
        .filter(|k| !k.is_empty())
    {
        cond = cond.add(contains(sensor::Column::SensorNo, k));
    }
    if filter.device_id.is_some() || filter.imei.is_some() {
        let d = find(db, scope, filter.device_id, filter.imei.as_deref()).await?;
        cond = cond.add(sensor::Column::DeviceId.eq(d.id));
    }
    if let Some(v) = filter.vehicle_id {
        cond = cond.add(sensor::Column::VehicleId.eq(v));
    }
    if let Some(k) = filter.kind {
        check_kind(k)?;
        cond = cond.add(sensor::Column::Kind.eq(k));
    }
    match filter.bound {
        Some(true) => cond = cond.add(sensor::Column::VehicleId.is_not_null()),
        Some(false) => cond = cond.add(sensor::Column::VehicleId.is_null()),
        None => {}
    }
    let select = sensor::Entity::find()
        .filter(cond)
        .order_by_desc(sensor::Column::Id);
    let page = paging::fetch(db, select, page, |s| s).await?;
    let (list, head) = super::unpack(page);
    Ok(head.with(sensor_rows(db, list).await?))
}

fn check_kind(kind: i16) -> Result<(), AppError> {
    if matches!(kind, KIND_TYRE | KIND_AXLE) {
        Ok(())
    } else {
        Err(AppError::fail(text!(
            "kind 须为 1（胎压）或 2（轴温）：{}",
            "kind must be 1 (tyre) or 2 (axle): {}",
            kind
        )))
    }
}

/// The sensors bound to one device, by wheel position.
pub async fn of_device(
    db: &DatabaseConnection,
    scope: &Scope,
    id: Option<i64>,
    imei: Option<&str>,
) -> Result<Vec<SensorRow>, AppError> {
    let d = find(db, scope, id, imei).await?;
    let list = sensor::Entity::find()
        .filter(sensor::Column::DeviceId.eq(d.id))
        .order_by_asc(sensor::Column::Position)
        .order_by_asc(sensor::Column::Id)
        .all(db)
        .await?;
    sensor_rows(db, list).await
}

fn no_sensor(what: &str) -> AppError {
    AppError::fail(text!("传感器 {} 不存在", "No sensor {}", what))
}

/// One sensor in scope by id or number.
pub async fn find_sensor(
    db: &impl ConnectionTrait,
    scope: &Scope,
    id: Option<i64>,
    sensor_no: Option<&str>,
) -> Result<sensor::Model, AppError> {
    let no = sensor_no.map(str::trim).filter(|s| !s.is_empty());
    let (cond, name) = match (id.filter(|i| *i > 0), no) {
        (Some(id), _) => (sensor::Column::Id.eq(id), id.to_string()),
        (None, Some(no)) => (sensor::Column::SensorNo.eq(no), no.to_owned()),
        (None, None) => {
            return Err(AppError::fail(text!(
                "请指定传感器（id 或 sensorNo）",
                "Name the sensor (id or sensorNo)"
            )));
        }
    };
    sensor::Entity::find()
        .filter(cond)
        .filter(scope.filter(sensor::Column::EnterpriseId))
        .one(db)
        .await?
        .ok_or_else(|| no_sensor(&name))
}

pub async fn info(
    db: &DatabaseConnection,
    scope: &Scope,
    id: Option<i64>,
    sensor_no: Option<&str>,
) -> Result<SensorRow, AppError> {
    let s = find_sensor(db, scope, id, sensor_no).await?;
    Ok(sensor_rows(db, vec![s]).await?.remove(0))
}

/// A sensor log entry.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SensorLogRow {
    pub id: i64,
    pub sensor_no: String,
    /// bind, replace, unbind, delete.
    pub action: String,
    pub device_id: Option<i64>,
    pub vehicle_id: Option<i64>,
    pub position: Option<i32>,
    pub operator_id: Option<i64>,
    pub created_at: DateTime<Utc>,
}

/// The sensor log in scope (of one sensor number, device or vehicle when given), newest first.
pub async fn log(
    db: &DatabaseConnection,
    scope: &Scope,
    sensor_no: Option<&str>,
    device_id: Option<i64>,
    vehicle_id: Option<i64>,
    page: PageQuery,
) -> Result<PageResult<SensorLogRow>, AppError> {
    let mut cond = Condition::all().add(scope.filter(sensor_log::Column::EnterpriseId));
    if let Some(no) = sensor_no.map(str::trim).filter(|s| !s.is_empty()) {
        cond = cond.add(sensor_log::Column::SensorNo.eq(no));
    }
    if let Some(d) = device_id {
        cond = cond.add(sensor_log::Column::DeviceId.eq(d));
    }
    if let Some(v) = vehicle_id {
        cond = cond.add(sensor_log::Column::VehicleId.eq(v));
    }
    let select = sensor_log::Entity::find()
        .filter(cond)
        .order_by_desc(sensor_log::Column::Id);
    paging::fetch(db, select, page, |l| SensorLogRow {
        id: l.id,
        sensor_no: l.sensor_no,
        action: l.action,
        device_id: l.device_id,
        vehicle_id: l.vehicle_id,
        position: l.position,
        operator_id: l.operator_id,
        created_at: l.created_at,
    })
    .await
}

async fn write_log(
    txn: &DatabaseTransaction,
    scope: &Scope,
    s: &sensor::Model,
    action: &str,
) -> Result<(), AppError> {
    sensor_log::ActiveModel {
        enterprise_id: Set(s.enterprise_id),
        sensor_no: Set(s.sensor_no.clone()),
        device_id: Set(s.device_id),
        vehicle_id: Set(s.vehicle_id),
        position: Set(s.position),
        action: Set(action.to_owned()),
        operator_id: Set(Some(scope.user.id)),
        created_at: Set(Utc::now()),
        ..Default::default()
    }
    .insert(txn)
    .await?;
    Ok(())
}

/// Takes a sensor off its wheel (the wheel forgets it) and logs `action`.
async fn take_off(
    txn: &DatabaseTransaction,
    scope: &Scope,
    s: sensor::Model,
    action: &str,
) -> Result<sensor::Model, AppError> {
    write_log(txn, scope, &s, action).await?;
    if let (Some(v), Some(p)) = (s.vehicle_id, s.position) {
        vehicle_wheel::Entity::update_many()
            .col_expr(
                vehicle_wheel::Column::SensorNo,
                sea_orm::sea_query::Expr::value(Option::<String>::None),
            )
            .filter(vehicle_wheel::Column::VehicleId.eq(v))
            .filter(vehicle_wheel::Column::Position.eq(p))
            .filter(vehicle_wheel::Column::SensorNo.eq(s.sensor_no.clone()))
            .exec(txn)
            .await?;
    }
    let mut active = s.into_active_model();
    active.device_id = Set(None);
    active.vehicle_id = Set(None);
    active.position = Set(None);
    active.bound_at = Set(None);
    active.updated_at = Set(Utc::now());
    Ok(active.update(txn).await?)
}

/// Unbinds sensors (or deletes them with `delete`), all or none.
pub async fn detach(
    db: &DatabaseConnection,
    scope: &Scope,
    ids: &[i64],
    delete: bool,
) -> Result<(), AppError> {
    super::refuse_read_only(scope)?;
    super::require_ids(ids)?;
    let txn = kernel::db::write_txn(db).await?;
    for id in ids {
        let s = find_sensor(&txn, scope, Some(*id), None).await?;
        if delete {
            let s = take_off(&txn, scope, s, "delete").await?;
            sensor::Entity::delete_by_id(s.id).exec(&txn).await?;
        } else if s.vehicle_id.is_some() || s.device_id.is_some() {
            take_off(&txn, scope, s, "unbind").await?;
        }
    }
    txn.commit().await?;
    Ok(())
}

/// A sensor to put on a wheel of the vehicle a device is fitted to.
#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Tie {
    /// The receiver (id or imei); it must be fitted to a vehicle.
    #[serde(default, alias = "id")]
    pub device_id: Option<i64>,
    #[serde(default)]
    pub imei: Option<String>,
    /// Wheel position `axle * 10 + wheel` of the vehicle.
    pub position: i32,
    /// The sensor's number (hex id as reported); a new number registers the sensor.
    pub sensor_no: String,
    /// For a new sensor: 1 tyre (default), 2 axle.
    #[serde(default)]
    pub kind: Option<i16>,
    /// Take the sensor off the wheel it is on, and the wheel's current sensor off it
    /// (default: refuse either).
    #[serde(default)]
    pub replace: bool,
}

/// Binds a sensor to a wheel position of the device's vehicle in one transaction: the sensor
/// row (device, vehicle, position) and the wheel's `sensor_no`. A sensor on another wheel, or
/// a wheel with another sensor, is refused unless `replace`.
pub async fn tie(db: &DatabaseConnection, scope: &Scope, req: &Tie) -> Result<SensorRow, AppError> {
    let no = req.sensor_no.trim().to_uppercase();
    if no.is_empty() || no.len() > 32 || !no.chars().all(|c| c.is_ascii_hexdigit()) {
        return Err(AppError::fail(text!(
            "sensorNo 须为 1 到 32 位十六进制数：{}",
            "sensorNo must be 1 to 32 hex digits: {}",
            req.sensor_no
        )));
    }
    let txn = kernel::db::write_txn(db).await?;
    let d = find_owned(&txn, scope, req.device_id, req.imei.as_deref()).await?;
    let Some(vehicle_id) = d.vehicle_id else {
        return Err(AppError::fail(text!(
            "设备 {} 未安装到车辆",
            "Device {} is not fitted to a vehicle",
            d.imei
        )));
    };
    let v = crate::vehicle::find_owned(&txn, scope, vehicle_id).await?;
    let wheel = vehicle_wheel::Entity::find_by_id((v.id, req.position))
        .one(&txn)
        .await?
        .ok_or_else(|| {
            AppError::fail(text!(
                "车辆 {} 没有轮位 {}",
                "Vehicle {} has no wheel position {}",
                v.plate,
                req.position
            ))
        })?;
    let existing = sensor::Entity::find()
        .filter(sensor::Column::SensorNo.eq(no.clone()))
        .one(&txn)
        .await?;
    if existing
        .as_ref()
        .is_some_and(|s| !scope.sees(s.enterprise_id))
    {
        return Err(AppError::fail(text!(
            "传感器 {} 已被其他企业使用",
            "Sensor {} is in use elsewhere",
            no
        )));
    }
    let same_place =
        |s: &sensor::Model| s.vehicle_id == Some(v.id) && s.position == Some(req.position);
    if let Some(s) = existing
        .as_ref()
        .filter(|s| s.vehicle_id.is_some() && !same_place(s))
        && !req.replace
    {
        return Err(AppError::fail(text!(
            "传感器 {} 已绑定在其他轮位（车辆 {} 轮位 {}），如需更换请设置 replace",
            "Sensor {} is bound to another wheel (vehicle {} position {}); set replace to move it",
            no,
            s.vehicle_id.unwrap_or_default(),
            s.position.unwrap_or_default()
        )));
    }
    let occupant = sensor::Entity::find()
        .filter(sensor::Column::VehicleId.eq(v.id))
        .filter(sensor::Column::Position.eq(req.position))
        .filter(sensor::Column::SensorNo.ne(no.clone()))
        .one(&txn)
        .await?;
    if let Some(o) = &occupant
        && !req.replace
    {
        return Err(AppError::fail(text!(
            "轮位 {} 已有传感器 {}，如需更换请设置 replace",
            "Position {} already has sensor {}; set replace to swap it",
            req.position,
            o.sensor_no
        )));
    }
    if let Some(o) = occupant {
        take_off(&txn, scope, o, "unbind").await?;
    }
    let now = Utc::now();
    let (mut active, action) = match existing {
        Some(s) if s.vehicle_id.is_some() && !same_place(&s) => (
            take_off(&txn, scope, s, "unbind")
                .await?
                .into_active_model(),
            "replace",
        ),
        Some(s) => (s.into_active_model(), "bind"),
        None => {
            let kind = req.kind.unwrap_or(KIND_TYRE);
            check_kind(kind)?;
            let fresh = sensor::ActiveModel {
                sensor_no: Set(no.clone()),
                enterprise_id: Set(v.enterprise_id),
                kind: Set(kind),
                battery: Set(None),
                created_at: Set(now),
                updated_at: Set(now),
                ..Default::default()
            };
            (fresh, "bind")
        }
    };
    active.device_id = Set(Some(d.id));
    active.vehicle_id = Set(Some(v.id));
    active.position = Set(Some(req.position));
    active.bound_at = Set(Some(now));
    active.updated_at = Set(now);
    let saved = active.save(&txn).await?.try_into_model()?;
    let mut w = wheel.into_active_model();
    w.sensor_no = Set(Some(no));
    w.update(&txn).await?;
    write_log(&txn, scope, &saved, action).await?;
    txn.commit().await?;
    Ok(sensor_rows(db, vec![saved]).await?.remove(0))
}

/// The vehicle a device is fitted to.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct VehicleBrief {
    pub id: i64,
    pub plate: String,
    pub axle_layout: String,
    pub wheels: Vec<WheelNow>,
}

/// The installer tool's view of one device.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WorkInfo {
    pub device: DeviceRow,
    /// Absent when the device is not fitted (or the vehicle is out of scope).
    pub vehicle: Option<VehicleBrief>,
    pub sensors: Vec<SensorRow>,
}

/// Device, vehicle and sensor binding of a device, for an installer.
pub async fn work_info(
    db: &DatabaseConnection,
    scope: &Scope,
    imei: &str,
) -> Result<WorkInfo, AppError> {
    let d = find(db, scope, None, Some(imei)).await?;
    let vehicle = match d.vehicle_id {
        Some(v) => match crate::vehicle::find(db, scope, v).await {
            Ok(v) => {
                let wheels = wheels_now(db, v.id).await?;
                Some(VehicleBrief {
                    id: v.id,
                    plate: v.plate,
                    axle_layout: v.axle_layout,
                    wheels,
                })
            }
            Err(_) => None,
        },
        None => None,
    };
    let sensors = sensor::Entity::find()
        .filter(sensor::Column::DeviceId.eq(d.id))
        .order_by_asc(sensor::Column::Position)
        .all(db)
        .await?;
    Ok(WorkInfo {
        sensors: sensor_rows(db, sensors).await?,
        device: row(db, d).await?,
        vehicle,
    })
}
