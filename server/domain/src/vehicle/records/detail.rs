//! A vehicle's detail: its wheels and their sensors, receivers, drivers, live state and recent trailer swaps.

use crate::scope::Scope;
use crate::vehicle::find;
use chrono::Utc;
use entities::{
    device, driver, enterprise_group_vehicle, group, sensor, trailer_swap, vehicle, vehicle_driver,
    vehicle_follower, vehicle_member, vehicle_state,
};
use kernel::error::AppError;
use sea_orm::{ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, QueryOrder, QuerySelect};
use serde::Serialize;
use std::collections::HashMap;
use utoipa::ToSchema;

/// A driver as vehicle details show them.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DriverBrief {
    pub id: i64,
    pub name: String,
    /// Masked (first 3 and last 4 digits).
    pub phone: String,
}

/// The receiver bound to a vehicle.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReceiverBrief {
    pub id: i64,
    pub imei: String,
    pub sn: String,
    pub part_no: String,
    pub version: String,
    pub online: bool,
    /// Last heartbeat (ms).
    pub heartbeat: Option<i64>,
}

/// One wheel position with its sensor and latest reading (bar, °C, %).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WheelOut {
    /// `axle * 10 + wheel`.
    pub position: i32,
    pub axle: i16,
    pub tyre_id: Option<i64>,
    pub sensor_no: Option<String>,
    /// 1 tyre pressure and temperature, 2 axle temperature; absent without a sensor.
    pub sensor_kind: Option<i16>,
    pub pressure: Option<f64>,
    pub temp: Option<f64>,
    pub battery: Option<i16>,
    pub status: i16,
    /// When read (ms).
    pub read_at: Option<i64>,
}

/// A vehicle's live state.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StateOut {
    pub lat: Option<f64>,
    pub lon: Option<f64>,
    pub speed: f64,
    pub direction: i16,
    pub address: String,
    /// Last fix and last report (ms).
    pub gps_time: Option<i64>,
    pub final_time: Option<i64>,
    pub offline: bool,
    pub startoff: bool,
    pub is_alarm: bool,
    pub alarm_type: i16,
    pub alarm_level: i16,
    pub tp_flags: i32,
    pub axle_flags: i32,
    pub battery: Option<i16>,
    pub voltage: Option<f64>,
    pub close: bool,
}

impl StateOut {
    pub fn from_model(s: &vehicle_state::Model) -> Self {
        let cutoff = Utc::now() - crate::vehicle::fleet::OFFLINE_AFTER;
        Self {
            lat: s.lat,
            lon: s.lon,
            speed: s.speed,
            direction: s.direction,
            address: s.address.clone(),
            gps_time: s.gps_at.map(|t| t.timestamp_millis()),
            final_time: s.final_at.map(|t| t.timestamp_millis()),
            offline: s.final_at.is_none_or(|t| t < cutoff),
            startoff: s.ignition,
            is_alarm: s.alarm,
            alarm_type: s.alarm_type,
            alarm_level: s.alarm_level,
            tp_flags: s.tp_flags,
            axle_flags: s.axle_flags,
            battery: s.battery,
            voltage: s.voltage,
            close: s.closed,
        }
    }
}

/// Everything about one vehicle (carInfo).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct VehicleDetail {
    pub car_id: i64,
    pub plate: String,
    pub vin: String,
    pub kind: i16,
    pub enterprise_id: i64,
    pub ent_name: String,
    pub group_id: Option<i64>,
    pub group_name: String,
    pub trailer_id: Option<i64>,
    pub trailer_plate: String,
    /// The tractor pulling this trailer.
    pub tractor_id: Option<i64>,
    pub brand_id: Option<i64>,
    pub series_id: Option<i64>,
    pub class_id: Option<i64>,
    pub device_type_id: i16,
    pub head_img_url: String,
    pub axle_layout: String,
    pub install_state: i16,
    pub power_supply: i16,
    pub recharge: bool,
    pub remark: String,
    pub attention: bool,
    /// Whether the caller may edit it (not only seen through a relation).
    pub editable: bool,
    pub drivers: Vec<DriverBrief>,
    /// Members responsible for it.
    pub member_ids: Vec<i64>,
    pub device: Option<ReceiverBrief>,
    pub wheels: Vec<WheelOut>,
    pub state: Option<StateOut>,
    pub created: i64,
    pub updated: i64,
}

/// The wheel positions of a vehicle with their sensors and latest readings.
pub async fn wheels(db: &impl ConnectionTrait, vehicle_id: i64) -> Result<Vec<WheelOut>, AppError> {
    let kinds: HashMap<i32, i16> = sensor::Entity::find()
        .filter(sensor::Column::VehicleId.eq(vehicle_id))
        .all(db)
        .await?
        .into_iter()
        .filter_map(|s| s.position.map(|p| (p, s.kind)))
        .collect();
    Ok(crate::vehicle::history::latest_wheels(db, &[vehicle_id])
        .await?
        .into_iter()
        .map(|l| WheelOut {
            sensor_kind: kinds.get(&l.wheel.position).copied(),
            read_at: l.read_at().map(|t| t.timestamp_millis()),
            position: l.wheel.position,
            axle: l.wheel.axle,
            tyre_id: l.wheel.tyre_id,
            sensor_no: l.wheel.sensor_no,
            pressure: l.reading.and_then(|r| r.pressure),
            temp: l.reading.and_then(|r| r.temp),
            battery: l.reading.and_then(|r| r.battery),
            status: l.reading.map_or(0, |r| r.status),
        })
        .collect())
}

/// The full detail of a vehicle the scope sees.
pub async fn detail(
    db: &impl ConnectionTrait,
    scope: &Scope,
    id: i64,
) -> Result<VehicleDetail, AppError> {
    let v = find(db, scope, id).await?;
    let names = crate::enterprise::names(db, [v.enterprise_id]).await?;
    let group = enterprise_group_vehicle::Entity::find()
        .filter(enterprise_group_vehicle::Column::EnterpriseId.eq(v.enterprise_id))
        .filter(enterprise_group_vehicle::Column::VehicleId.eq(v.id))
        .one(db)
        .await?;
    let group_name = match &group {
        Some(g) => group::Entity::find_by_id(g.group_id)
            .one(db)
            .await?
            .map(|g| g.name)
            .unwrap_or_default(),
        None => String::new(),
    };
    let trailer_plate = match v.trailer_id {
        Some(t) => vehicle::Entity::find_by_id(t)
            .one(db)
            .await?
            .map(|t| t.plate)
            .unwrap_or_default(),
        None => String::new(),
    };
    let tractor = vehicle::Entity::find()
        .filter(vehicle::Column::TrailerId.eq(v.id))
        .one(db)
        .await?;
    let driver_ids: Vec<i64> = vehicle_driver::Entity::find()
        .filter(vehicle_driver::Column::VehicleId.eq(v.id))
        .all(db)
        .await?
        .into_iter()
        .map(|d| d.driver_id)
        .collect();
    let drivers = driver::Entity::find()
        .filter(driver::Column::Id.is_in(driver_ids))
        .order_by_asc(driver::Column::Id)
        .all(db)
        .await?
        .into_iter()
        .map(|d| DriverBrief {
            id: d.id,
            name: d.name,
            phone: crate::sms::mask_phone(&d.phone),
        })
        .collect();
    let member_ids = vehicle_member::Entity::find()
        .filter(vehicle_member::Column::VehicleId.eq(v.id))
        .order_by_asc(vehicle_member::Column::UserId)
        .all(db)
        .await?
        .into_iter()
        .map(|m| m.user_id)
        .collect();
    let device = device::Entity::find()
        .filter(device::Column::VehicleId.eq(v.id))
        .filter(device::Column::Kind.eq(0_i16))
        .one(db)
        .await?
        .map(|d| ReceiverBrief {
            id: d.id,
            imei: d.imei,
            sn: d.sn.unwrap_or_default(),
            part_no: d.part_no,
            version: d.version,
            online: d.online,
            heartbeat: d.heartbeat_at.map(|t| t.timestamp_millis()),
        });
    let state = vehicle_state::Entity::find_by_id(v.id)
        .one(db)
        .await?
        .map(|s| StateOut::from_model(&s));
    let attention = vehicle_follower::Entity::find_by_id((scope.user.id, v.id))
        .one(db)
        .await?
        .is_some();
    Ok(VehicleDetail {
        car_id: v.id,
        ent_name: names.get(&v.enterprise_id).cloned().unwrap_or_default(),
        group_id: group.map(|g| g.group_id),
        group_name,
        trailer_plate,
        tractor_id: tractor.map(|t| t.id),
        editable: !scope.read_only() && scope.sees(v.enterprise_id),
        attention,
        drivers,
        member_ids,
        device,
        wheels: wheels(db, v.id).await?,
        state,
        plate: v.plate,
        vin: v.vin,
        kind: v.kind,
        enterprise_id: v.enterprise_id,
        trailer_id: v.trailer_id,
        brand_id: v.brand_id,
        series_id: v.series_id,
        class_id: v.class_id,
        device_type_id: v.device_type_id,
        head_img_url: v.head_img_url,
        axle_layout: v.axle_layout,
        install_state: v.install_state,
        power_supply: v.power_supply,
        recharge: v.recharge,
        remark: v.remark,
        created: v.created_at.timestamp_millis(),
        updated: v.updated_at.timestamp_millis(),
    })
}

/// The latest swaps of a tractor or trailer (for infoAll).
pub async fn recent_swaps(
    db: &impl ConnectionTrait,
    vehicle_id: i64,
) -> Result<Vec<trailer_swap::Model>, AppError> {
    Ok(trailer_swap::Entity::find()
        .filter(
            sea_orm::Condition::any()
                .add(trailer_swap::Column::TractorId.eq(vehicle_id))
                .add(trailer_swap::Column::FromTrailerId.eq(vehicle_id))
                .add(trailer_swap::Column::ToTrailerId.eq(vehicle_id)),
        )
        .order_by_desc(trailer_swap::Column::Id)
        .limit(10)
        .all(db)
        .await?)
}
