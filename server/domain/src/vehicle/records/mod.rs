//! Vehicle records: create and edit (plate, axle layout and wheel positions, trailer, group,
//! drivers), detail, delete, rename, receiver binding, transfer, install state, follows.

use super::find_owned;
use crate::scope::Scope;
use chrono::Utc;
use entities::{
    driver, enterprise_group_vehicle, group, sensor, vehicle, vehicle_driver, vehicle_setting,
    vehicle_state, vehicle_wheel,
};
use kernel::changes::{Change, announce};
use kernel::error::{AppError, DbResultExt};
use kernel::text;
use sea_orm::sea_query::Expr;
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, DatabaseConnection, EntityTrait, QueryFilter,
    Set,
};
use std::collections::BTreeSet;

mod axles;
mod changes;
mod detail;
mod members;

pub use axles::*;
pub use changes::*;
pub use detail::*;
pub use members::*;

pub const KIND_TRAILER: i16 = 1;

pub(super) const MAX_AXLES: usize = 8;

pub(super) const MAX_WHEELS: u8 = 8;

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

pub(super) fn in_range(field: &str, value: i16, lo: i16, hi: i16) -> Result<i16, AppError> {
    kernel::validate::in_range(field, value.into(), lo.into(), hi.into()).map(|()| value)
}

pub(super) fn plate_taken(plate: &str) -> AppError {
    AppError::fail(text!("车牌 {} 已存在", "plate {} already exists", plate))
}

/// Refuses a plate another vehicle has.
pub(super) async fn check_plate_free(
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
pub(super) async fn set_group(
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
