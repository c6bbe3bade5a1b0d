//! Vehicle records: create and edit (plate, axle layout and wheel positions, trailer, group,
//! drivers), detail, delete, rename, receiver binding, transfer, install state, follows.

use std::collections::{BTreeSet, HashMap};

use chrono::Utc;
use entities::{
    device, driver, enterprise_group_vehicle, group, relation_vehicle, sensor, sys_user,
    trailer_swap, vehicle, vehicle_driver, vehicle_follower, vehicle_member, vehicle_setting,
    vehicle_state, vehicle_wheel,
};
use sea_orm::sea_query::Expr;
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, DatabaseConnection, EntityTrait, QueryFilter,
    QueryOrder, QuerySelect, Set,
};
use serde::Serialize;
use utoipa::ToSchema;

use super::{find, find_owned};
use crate::scope::Scope;
use kernel::changes::{Change, announce};
use kernel::error::{AppError, DbResultExt};
use kernel::text;

pub const KIND_TRAILER: i16 = 1;
const MAX_AXLES: usize = 8;
const MAX_WHEELS: u8 = 8;

/// A plate as stored: trimmed, upper case, 2–16 characters.
pub fn normalize_plate(raw: &str) -> Result<String, AppError> {
    let plate = raw.trim().to_uppercase();
    let n = plate.chars().count();
    if n == 0 {
        return Err(AppError::fail(text!(
            "车牌不能为空",
            "plate must not be empty"
        )));
    }
    if !(2..=16).contains(&n) {
        return Err(AppError::fail(text!(
            "车牌 {} 须为 2 到 16 个字符",
            "plate {} must be 2 to 16 characters",
            plate
        )));
    }
    Ok(plate)
}

/// Wheels per axle from an axle layout ("2,4,4"): 1–8 axles of 1–8 wheels; every axle but
/// the first (steer) has an even number of wheels (twin tyres come in pairs).
pub fn parse_layout(raw: &str) -> Result<Vec<u8>, AppError> {
    let bad = || {
        AppError::fail(text!(
            "轴型 {} 无效：1 到 8 根轴，每轴 1 到 8 个轮胎，除转向轴外为偶数，如 2,4,4",
            "axle layout {} is invalid: 1 to 8 axles of 1 to 8 wheels, even except the steer \
             axle, e.g. 2,4,4",
            raw
        ))
    };
    let axles: Vec<u8> = raw
        .split(',')
        .map(|p| p.trim().parse::<u8>().map_err(|_| bad()))
        .collect::<Result<_, _>>()?;
    if axles.is_empty() || axles.len() > MAX_AXLES {
        return Err(bad());
    }
    for (i, w) in axles.iter().enumerate() {
        if *w == 0 || *w > MAX_WHEELS || (i > 0 && w % 2 != 0) {
            return Err(bad());
        }
    }
    Ok(axles)
}

/// The layout in canonical form and its wheel positions (`axle * 10 + wheel`).
pub fn layout_positions(axles: &[u8]) -> (String, Vec<(i32, i16)>) {
    let text = axles
        .iter()
        .map(u8::to_string)
        .collect::<Vec<_>>()
        .join(",");
    let mut positions = Vec::new();
    for (i, wheels) in axles.iter().enumerate() {
        let axle = i16::try_from(i + 1).unwrap_or(i16::MAX);
        for w in 1..=i32::from(*wheels) {
            positions.push((i32::from(axle) * 10 + w, axle));
        }
    }
    (text, positions)
}

/// Makes a vehicle's wheel rows match its layout: positions no longer there go, new ones
/// are added, unchanged ones keep their tyre, sensor and latest reading.
pub async fn reconcile_wheels(
    db: &impl ConnectionTrait,
    vehicle_id: i64,
    positions: &[(i32, i16)],
) -> Result<(), AppError> {
    let existing: BTreeSet<i32> = vehicle_wheel::Entity::find()
        .filter(vehicle_wheel::Column::VehicleId.eq(vehicle_id))
        .all(db)
        .await?
        .into_iter()
        .map(|w| w.position)
        .collect();
    let wanted: BTreeSet<i32> = positions.iter().map(|(p, _)| *p).collect();
    let gone: Vec<i32> = existing.difference(&wanted).copied().collect();
    if !gone.is_empty() {
        vehicle_wheel::Entity::delete_many()
            .filter(vehicle_wheel::Column::VehicleId.eq(vehicle_id))
            .filter(vehicle_wheel::Column::Position.is_in(gone.clone()))
            .exec(db)
            .await?;
        // Sensors on removed positions stay bound to the vehicle but lose their place.
        sensor::Entity::update_many()
            .col_expr(sensor::Column::Position, Expr::value(Option::<i32>::None))
            .filter(sensor::Column::VehicleId.eq(vehicle_id))
            .filter(sensor::Column::Position.is_in(gone))
            .exec(db)
            .await?;
    }
    let added: Vec<vehicle_wheel::ActiveModel> = positions
        .iter()
        .filter(|(p, _)| !existing.contains(p))
        .map(|(p, axle)| vehicle_wheel::ActiveModel {
            vehicle_id: Set(vehicle_id),
            position: Set(*p),
            axle: Set(*axle),
            tyre_id: Set(None),
            sensor_no: Set(None),
        })
        .collect();
    for chunk in added.chunks(100) {
        vehicle_wheel::Entity::insert_many(chunk.to_vec())
            .exec_without_returning(db)
            .await?;
    }
    Ok(())
}

/// What a create or edit may set; `None` keeps the current value (creation: the default).
#[derive(Debug, Clone, Default)]
pub struct VehicleInput {
    pub id: Option<i64>,
    pub enterprise_id: Option<i64>,
    pub plate: Option<String>,
    pub vin: Option<String>,
    pub kind: Option<i16>,
    pub axle_layout: Option<String>,
    /// 0 unhitches.
    pub trailer_id: Option<i64>,
    pub brand_id: Option<i64>,
    pub series_id: Option<i64>,
    pub class_id: Option<i64>,
    pub device_type_id: Option<i16>,
    pub head_img_url: Option<String>,
    pub install_state: Option<i16>,
    pub power_supply: Option<i16>,
    pub recharge: Option<bool>,
    pub remark: Option<String>,
    /// 0 takes the vehicle out of its group.
    pub group_id: Option<i64>,
    pub driver_ids: Option<Vec<i64>>,
}

fn in_range(field: &str, value: i16, lo: i16, hi: i16) -> Result<i16, AppError> {
    kernel::validate::in_range(field, value.into(), lo.into(), hi.into()).map(|()| value)
}

fn plate_taken(plate: &str) -> AppError {
    AppError::fail(text!("车牌 {} 已存在", "plate {} already exists", plate))
}

/// Refuses a plate another vehicle has.
async fn check_plate_free(
    db: &impl ConnectionTrait,
    plate: &str,
    except: Option<i64>,
) -> Result<(), AppError> {
    let mut q = vehicle::Entity::find().filter(vehicle::Column::Plate.eq(plate));
    if let Some(id) = except {
        q = q.filter(vehicle::Column::Id.ne(id));
    }
    if q.one(db).await?.is_some() {
        return Err(plate_taken(plate));
    }
    Ok(())
}

/// The default live-state row of a new vehicle.
pub fn new_state(vehicle_id: i64) -> vehicle_state::ActiveModel {
    vehicle_state::ActiveModel {
        vehicle_id: Set(vehicle_id),
        lat: Set(None),
        lon: Set(None),
        speed: Set(0.0),
        direction: Set(0),
        address: Set(String::new()),
        gps_at: Set(None),
        final_at: Set(None),
        online: Set(false),
        ignition: Set(false),
        alarm: Set(false),
        alarm_type: Set(0),
        alarm_level: Set(0),
        tp_flags: Set(0),
        axle_flags: Set(0),
        temp_difference24h: Set(false),
        high_temp24h: Set(false),
        battery: Set(None),
        voltage: Set(None),
        closed: Set(false),
        updated_at: Set(Utc::now()),
        wheels: Set(None),
    }
}

/// Creates (no id) or edits a vehicle with its wheels, trailer, group and drivers, in one
/// transaction.
pub async fn save(
    db: &DatabaseConnection,
    scope: &Scope,
    input: VehicleInput,
) -> Result<i64, AppError> {
    super::writable(scope)?;
    let txn = kernel::db::write_txn(db).await?;
    let now = Utc::now();
    let (mut row, current) = match input.id.filter(|id| *id != 0) {
        Some(id) => {
            let found = find_owned(&txn, scope, id).await?;
            if let Some(ent) = input
                .enterprise_id
                .filter(|e| *e != 0 && *e != found.enterprise_id)
            {
                return Err(AppError::fail(text!(
                    "车辆 {} 不属于企业 {}；换企业请用转移",
                    "Vehicle {} does not belong to enterprise {}; use transfer to move it",
                    found.plate,
                    ent
                )));
            }
            (found.clone().into(), Some(found))
        }
        None => {
            let ent = scope.acting(input.enterprise_id)?;
            let plate = input
                .plate
                .as_deref()
                .ok_or_else(|| AppError::fail(text!("车牌不能为空", "plate must not be empty")))?;
            normalize_plate(plate)?;
            (
                vehicle::ActiveModel {
                    enterprise_id: Set(ent),
                    vin: Set(String::new()),
                    kind: Set(0),
                    trailer_id: Set(None),
                    brand_id: Set(None),
                    series_id: Set(None),
                    class_id: Set(None),
                    device_type_id: Set(0),
                    head_img_url: Set(String::new()),
                    axle_layout: Set("2,4".into()),
                    install_state: Set(0),
                    power_supply: Set(0),
                    recharge: Set(false),
                    remark: Set(String::new()),
                    created_at: Set(now),
                    ..Default::default()
                },
                None,
            )
        }
    };
    let id_now = current.as_ref().map(|c| c.id);
    let enterprise_id = current.as_ref().map_or_else(
        || scope.acting(input.enterprise_id),
        |c| Ok(c.enterprise_id),
    )?;
    if let Some(p) = &input.plate {
        let plate = normalize_plate(p)?;
        check_plate_free(&txn, &plate, id_now).await?;
        row.plate = Set(plate);
    }
    if let Some(v) = &input.vin {
        let vin = v.trim().to_uppercase();
        if vin.chars().count() > 17 {
            return Err(AppError::fail(text!(
                "VIN {} 最多 17 个字符",
                "VIN {} has at most 17 characters",
                vin
            )));
        }
        row.vin = Set(vin);
    }
    let kind = match input.kind {
        Some(k) => in_range("kind", k, 0, 3)?,
        None => current.as_ref().map_or(0, |c| c.kind),
    };
    row.kind = Set(kind);
    let layout = input
        .axle_layout
        .as_deref()
        .or_else(|| current.is_none().then_some("2,4"));
    let positions = match layout {
        Some(l) => {
            let (text, positions) = layout_positions(&parse_layout(l)?);
            row.axle_layout = Set(text);
            Some(positions)
        }
        None => None,
    };
    if input.brand_id.is_some() || input.series_id.is_some() || input.class_id.is_some() {
        // Fields not given keep their value; the pick is checked as a whole.
        let keep = |asked: Option<i64>, now: Option<i64>| asked.or(now);
        let before = current.as_ref();
        let (pick, _) = super::catalogue::check_model(
            &txn,
            scope,
            super::catalogue::ModelPick {
                brand_id: keep(input.brand_id, before.and_then(|v| v.brand_id)),
                series_id: keep(input.series_id, before.and_then(|v| v.series_id)),
                class_id: keep(input.class_id, before.and_then(|v| v.class_id)),
            },
        )
        .await?;
        row.brand_id = Set(pick.brand_id);
        row.series_id = Set(pick.series_id);
        row.class_id = Set(pick.class_id);
    }
    if let Some(v) = input.device_type_id {
        row.device_type_id = Set(in_range("deviceTypeId", v, 0, 20)?);
    }
    if let Some(v) = &input.head_img_url {
        row.head_img_url = Set(kernel::validate::limited("headImgUrl", v, 255)?);
    }
    if let Some(v) = input.install_state {
        row.install_state = Set(in_range("installState", v, 0, 2)?);
    }
    if let Some(v) = input.power_supply {
        row.power_supply = Set(in_range("powerSupply", v, 0, 2)?);
    }
    if let Some(v) = input.recharge {
        row.recharge = Set(v);
    }
    if let Some(v) = &input.remark {
        row.remark = Set(kernel::validate::limited("remark", v, 255)?);
    }
    row.updated_at = Set(now);
    let saved = match current {
        Some(_) => row.update(&txn).await,
        None => row.insert(&txn).await,
    }
    .on_conflict(|| text!("车牌已存在", "plate already exists"))?;
    if id_now.is_none() {
        new_state(saved.id).insert(&txn).await?;
    }
    if let Some(positions) = positions {
        reconcile_wheels(&txn, saved.id, &positions).await?;
    }
    if kind == KIND_TRAILER && saved.trailer_id.is_some() {
        return Err(AppError::fail(text!(
            "挂车 {} 不能再挂挂车",
            "Trailer {} cannot pull a trailer",
            saved.plate
        )));
    }
    if let Some(t) = input.trailer_id {
        super::trailers::hitch(&txn, scope, &saved, Some(t).filter(|t| *t != 0), None).await?;
    }
    if let Some(g) = input.group_id {
        set_group(&txn, scope, enterprise_id, saved.id, g).await?;
    }
    if let Some(drivers) = &input.driver_ids {
        set_drivers(&txn, enterprise_id, saved.id, drivers).await?;
    }
    txn.commit().await?;
    announce(Change::Vehicles(vec![saved.id]));
    Ok(saved.id)
}

/// Puts a vehicle in a group of its enterprise (0: in none).
async fn set_group(
    db: &impl ConnectionTrait,
    scope: &Scope,
    enterprise_id: i64,
    vehicle_id: i64,
    group_id: i64,
) -> Result<(), AppError> {
    enterprise_group_vehicle::Entity::delete_many()
        .filter(enterprise_group_vehicle::Column::EnterpriseId.eq(enterprise_id))
        .filter(enterprise_group_vehicle::Column::VehicleId.eq(vehicle_id))
        .exec(db)
        .await?;
    if group_id == 0 {
        return Ok(());
    }
    let g = group::Entity::find_by_id(group_id)
        .filter(scope.filter(group::Column::EnterpriseId))
        .filter(group::Column::EnterpriseId.eq(enterprise_id))
        .one(db)
        .await?
        .ok_or_else(|| {
            AppError::fail(text!("分组 {} 不存在", "Group {} does not exist", group_id))
        })?;
    enterprise_group_vehicle::ActiveModel {
        enterprise_id: Set(enterprise_id),
        vehicle_id: Set(vehicle_id),
        group_id: Set(g.id),
        updated_at: Set(Utc::now()),
    }
    .insert(db)
    .await?;
    Ok(())
}

/// Replaces a vehicle's drivers (each a driver of the vehicle's enterprise).
pub async fn set_drivers(
    db: &impl ConnectionTrait,
    enterprise_id: i64,
    vehicle_id: i64,
    driver_ids: &[i64],
) -> Result<(), AppError> {
    let wanted: BTreeSet<i64> = driver_ids.iter().copied().collect();
    let known: BTreeSet<i64> = driver::Entity::find()
        .filter(driver::Column::Id.is_in(wanted.clone()))
        .filter(driver::Column::EnterpriseId.eq(enterprise_id))
        .all(db)
        .await?
        .into_iter()
        .map(|d| d.id)
        .collect();
    if let Some(bad) = wanted.difference(&known).next() {
        return Err(AppError::fail(text!("司机 {} 不存在", "No driver {}", bad)));
    }
    vehicle_driver::Entity::delete_many()
        .filter(vehicle_driver::Column::VehicleId.eq(vehicle_id))
        .exec(db)
        .await?;
    if !wanted.is_empty() {
        vehicle_driver::Entity::insert_many(wanted.into_iter().map(|d| {
            vehicle_driver::ActiveModel {
                vehicle_id: Set(vehicle_id),
                driver_id: Set(d),
            }
        }))
        .exec_without_returning(db)
        .await?;
    }
    Ok(())
}

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
        let cutoff = Utc::now() - super::fleet::OFFLINE_AFTER;
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
    Ok(super::history::latest_wheels(db, &[vehicle_id])
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
        .filter(device::Column::Kind.eq(0))
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

/// Vehicle ids as a request names them: at least one, positive, duplicates dropped.
pub fn ids(field: &str, ids: &[i64]) -> Result<Vec<i64>, AppError> {
    let ids = kernel::validate::vehicle_ids(field, ids)?;
    if ids.is_empty() {
        return Err(AppError::field(
            field,
            text!("{} 不能为空", "{} must not be empty", field),
        ));
    }
    Ok(ids)
}

/// Vehicles the scope may change, all or an error naming the first that is not.
async fn owned_all(
    db: &impl ConnectionTrait,
    scope: &Scope,
    ids: &[i64],
) -> Result<Vec<vehicle::Model>, AppError> {
    let mut out = Vec::with_capacity(ids.len());
    for id in ids {
        out.push(find_owned(db, scope, *id).await?);
    }
    Ok(out)
}

/// Deletes vehicles, all or none: their wheels, state, follows, drivers and settings go with
/// them; devices and sensors are unbound (kept); trailers they pull are unhitched.
pub async fn delete(
    db: &DatabaseConnection,
    scope: &Scope,
    vehicle_ids: &[i64],
) -> Result<u64, AppError> {
    let ids = ids("carIds", vehicle_ids)?;
    let txn = kernel::db::write_txn(db).await?;
    owned_all(&txn, scope, &ids).await?;
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
            .filter(device::Column::Kind.eq(0))
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
        .filter(device::Column::Kind.eq(0))
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
    owned_all(&txn, scope, &ids).await?;
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
    owned_all(&txn, scope, &ids).await?;
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
    Ok(on)
}

/// A vehicle's axle layout, axle by axle.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AxleLayout {
    pub car_id: i64,
    pub axle_layout: String,
    pub axles: Vec<AxleOut>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AxleOut {
    /// 1 = the front (steer) axle.
    pub axle: i16,
    pub positions: Vec<i32>,
}

fn axle_view(v: &vehicle::Model) -> Result<AxleLayout, AppError> {
    let (layout, positions) = layout_positions(&parse_layout(&v.axle_layout)?);
    let mut axles: Vec<AxleOut> = Vec::new();
    for (p, a) in positions {
        match axles.last_mut() {
            Some(last) if last.axle == a => last.positions.push(p),
            _ => axles.push(AxleOut {
                axle: a,
                positions: vec![p],
            }),
        }
    }
    Ok(AxleLayout {
        car_id: v.id,
        axle_layout: layout,
        axles,
    })
}

pub async fn axle_list(
    db: &impl ConnectionTrait,
    scope: &Scope,
    id: i64,
) -> Result<AxleLayout, AppError> {
    axle_view(&find(db, scope, id).await?)
}

/// Changes a vehicle's axle layout; unchanged wheel positions keep their readings.
pub async fn change_axles(
    db: &DatabaseConnection,
    scope: &Scope,
    id: i64,
    layout: &str,
) -> Result<AxleLayout, AppError> {
    let (text, positions) = layout_positions(&parse_layout(layout)?);
    let txn = kernel::db::write_txn(db).await?;
    let v = find_owned(&txn, scope, id).await?;
    let mut row: vehicle::ActiveModel = v.into();
    row.axle_layout = Set(text);
    row.updated_at = Set(Utc::now());
    let saved = row.update(&txn).await?;
    reconcile_wheels(&txn, id, &positions).await?;
    txn.commit().await?;
    axle_view(&saved)
}

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
    members(db, scope, id).await
}

/// Settings rows are created on first write.
pub async fn settings(
    db: &impl ConnectionTrait,
    vehicle_id: i64,
) -> Result<vehicle_setting::Model, AppError> {
    Ok(
        match vehicle_setting::Entity::find_by_id(vehicle_id)
            .one(db)
            .await?
        {
            Some(s) => s,
            None => vehicle_setting::Model {
                vehicle_id,
                support_swing: false,
                swing: "{}".into(),
                device_setting: "{}".into(),
                updated_at: Utc::now(),
            },
        },
    )
}

/// Saves a vehicle's settings row (insert or update).
pub async fn store_settings(
    db: &impl ConnectionTrait,
    s: vehicle_setting::Model,
) -> Result<(), AppError> {
    let exists = vehicle_setting::Entity::find_by_id(s.vehicle_id)
        .one(db)
        .await?
        .is_some();
    let mut row: vehicle_setting::ActiveModel = s.into();
    row.updated_at = Set(Utc::now());
    if exists {
        row.reset_all().update(db).await?;
    } else {
        row.reset_all().insert(db).await?;
    }
    Ok(())
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

/// upModelId: gives vehicles a brand, series and class from the catalogue (all or none); a
/// class also sets the vehicle image (`deviceTypeId`). Answers how many changed.
pub async fn set_model(
    db: &DatabaseConnection,
    scope: &Scope,
    vehicle_ids: &[i64],
    pick: super::catalogue::ModelPick,
) -> Result<u64, AppError> {
    let ids = ids("carIds", vehicle_ids)?;
    let (pick, class) = super::catalogue::check_model(db, scope, pick).await?;
    let txn = kernel::db::write_txn(db).await?;
    owned_all(&txn, scope, &ids).await?;
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
