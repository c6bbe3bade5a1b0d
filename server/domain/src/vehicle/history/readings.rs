//! Wheel readings over time, a vehicle's latest snapshot (`instant`) and its pressures.

use super::{TimeRange, frames, named_vehicles};
use crate::scope::Scope;
use crate::vehicle::alarms::{self, AlarmRow};
use chrono::{DateTime, Duration, Utc};
use entities::wheel_values::{self, WheelValue};
pub use entities::wheel_values::{AXLE, TYRE};
use entities::{vehicle, vehicle_state, vehicle_wheel, wheel_frame};
use kernel::error::AppError;
use kernel::paging::{self, PageQuery, PageResult};
use kernel::text;
use sea_orm::{
    ColumnTrait, ConnectionTrait, DatabaseConnection, EntityTrait, QueryFilter, QueryOrder,
    QuerySelect,
};
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, HashMap};
use utoipa::ToSchema;

// ---- readings list -------------------------------------------------------------------------

/// Which readings `data_list` shows.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReadingFilter {
    /// 1–100 vehicles (`vehicleId` for one).
    #[serde(default, alias = "carIds")]
    pub vehicle_ids: Vec<i64>,
    #[serde(default, alias = "carId")]
    pub vehicle_id: Option<i64>,
    #[serde(flatten)]
    pub range: TimeRange,
    /// One wheel position (`axle * 10 + wheel`).
    #[serde(default)]
    pub position: Option<i32>,
    /// 1 tyre, 2 axle.
    #[serde(default)]
    pub kind: Option<i16>,
}

/// One wheel's reading in a report.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WheelReading {
    /// 1 tyre, 2 axle.
    pub kind: i16,
    pub position: i32,
    /// bar
    pub pressure: Option<f64>,
    /// °C
    pub temp: Option<f64>,
    /// %
    pub battery: Option<i16>,
    pub status: i16,
}

impl From<&WheelValue> for WheelReading {
    fn from(w: &WheelValue) -> Self {
        Self {
            kind: w.kind,
            position: w.position,
            pressure: w.pressure,
            temp: w.temp,
            battery: w.battery,
            status: w.status,
        }
    }
}

/// The wheel readings of one stored report.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReadingRow {
    pub vehicle_id: i64,
    pub plate: String,
    pub ts: DateTime<Utc>,
    /// Its wheels, narrowed to the filter's position and kind.
    pub wheels: Vec<WheelReading>,
}

/// Reports of the named vehicles in a range with their wheel readings, newest first, paged by
/// report (`total` counts reports).
pub async fn readings(
    db: &DatabaseConnection,
    scope: &Scope,
    f: &ReadingFilter,
    page: PageQuery,
) -> Result<PageResult<ReadingRow>, AppError> {
    let range = f.range.checked()?;
    let ids: Vec<i64> = f.vehicle_ids.iter().copied().chain(f.vehicle_id).collect();
    let vehicles = named_vehicles(db, scope, &ids).await?;
    let select = wheel_frame::Entity::find()
        .filter(wheel_frame::Column::VehicleId.is_in(vehicles.iter().map(|v| v.id)))
        .filter(wheel_frame::Column::Ts.gte(range.start))
        .filter(wheel_frame::Column::Ts.lt(range.end))
        .order_by_desc(wheel_frame::Column::Ts)
        .order_by_asc(wheel_frame::Column::VehicleId);
    let plates: HashMap<i64, String> = vehicles.into_iter().map(|v| (v.id, v.plate)).collect();
    paging::fetch(db, select, page, |r: wheel_frame::Model| ReadingRow {
        plate: plates.get(&r.vehicle_id).cloned().unwrap_or_default(),
        vehicle_id: r.vehicle_id,
        ts: r.ts,
        wheels: wheel_values::decode(&r.wheels)
            .iter()
            .filter(|w| f.position.is_none_or(|p| w.position == p))
            .filter(|w| f.kind.is_none_or(|k| w.kind == k))
            .map(WheelReading::from)
            .collect(),
    })
    .await
}

// ---- latest snapshot -----------------------------------------------------------------------

/// A wheel position with its latest tyre reading.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WheelNow {
    pub position: i32,
    pub axle: i16,
    pub sensor_no: Option<String>,
    /// bar
    pub pressure: Option<f64>,
    /// °C
    pub temp: Option<f64>,
    /// %
    pub battery: Option<i16>,
    pub status: i16,
    pub read_at: Option<DateTime<Utc>>,
}

/// The latest axle (hub) temperature at a position.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AxleNow {
    pub position: i32,
    /// °C
    pub temp: Option<f64>,
    pub ts: DateTime<Utc>,
}

/// The latest fix.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct GpsNow {
    pub lat: f64,
    pub lon: f64,
    /// km/h
    pub speed: f64,
    pub direction: i16,
    pub address: String,
    pub gps_at: Option<DateTime<Utc>>,
}

/// A vehicle's latest state: position, tyres, axles and open alarms.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Instant {
    pub vehicle_id: i64,
    pub plate: String,
    pub axle_layout: String,
    pub gps: Option<GpsNow>,
    /// The last report of any kind.
    pub final_at: Option<DateTime<Utc>>,
    pub online: bool,
    pub ignition: bool,
    pub wheels: Vec<WheelNow>,
    /// Latest hub temperature per position over the last 24 hours.
    pub axles: Vec<AxleNow>,
    /// Alarms not yet cleared.
    pub alarms: Vec<AlarmRow>,
}

/// A configured wheel position with its latest tyre reading, if any.
#[derive(Debug, Clone)]
pub struct LatestWheel {
    pub wheel: vehicle_wheel::Model,
    pub reading: Option<WheelValue>,
}

impl LatestWheel {
    pub fn read_at(&self) -> Option<DateTime<Utc>> {
        self.reading
            .and_then(|r| r.read_at)
            .and_then(DateTime::from_timestamp_millis)
    }
}

/// The wheel positions of `vehicle_ids` (by vehicle, then position) with the latest tyre
/// reading of each from the vehicle's live state.
pub async fn latest_wheels(
    db: &impl ConnectionTrait,
    vehicle_ids: &[i64],
) -> Result<Vec<LatestWheel>, AppError> {
    let mut readings: HashMap<(i64, i32), WheelValue> = HashMap::new();
    for (vehicle_id, packed) in vehicle_state::Entity::find()
        .select_only()
        .column(vehicle_state::Column::VehicleId)
        .column(vehicle_state::Column::Wheels)
        .filter(vehicle_state::Column::VehicleId.is_in(vehicle_ids.iter().copied()))
        .filter(vehicle_state::Column::Wheels.is_not_null())
        .into_tuple::<(i64, Vec<u8>)>()
        .all(db)
        .await?
    {
        for w in wheel_values::decode(&packed) {
            if w.kind == TYRE {
                readings.insert((vehicle_id, w.position), w);
            }
        }
    }
    Ok(vehicle_wheel::Entity::find()
        .filter(vehicle_wheel::Column::VehicleId.is_in(vehicle_ids.iter().copied()))
        .order_by_asc(vehicle_wheel::Column::VehicleId)
        .order_by_asc(vehicle_wheel::Column::Position)
        .all(db)
        .await?
        .into_iter()
        .map(|wheel| LatestWheel {
            reading: readings.remove(&(wheel.vehicle_id, wheel.position)),
            wheel,
        })
        .collect())
}

/// The wheel positions of a vehicle with their latest tyre readings.
pub async fn wheels_now(
    db: &impl ConnectionTrait,
    vehicle_id: i64,
) -> Result<Vec<WheelNow>, AppError> {
    Ok(latest_wheels(db, &[vehicle_id])
        .await?
        .into_iter()
        .map(|l| WheelNow {
            read_at: l.read_at(),
            position: l.wheel.position,
            axle: l.wheel.axle,
            sensor_no: l.wheel.sensor_no,
            pressure: l.reading.and_then(|r| r.pressure),
            temp: l.reading.and_then(|r| r.temp),
            battery: l.reading.and_then(|r| r.battery),
            status: l.reading.map_or(0, |r| r.status),
        })
        .collect())
}

/// The latest snapshot of a vehicle the scope sees.
pub async fn instant(
    db: &DatabaseConnection,
    scope: &Scope,
    vehicle_id: i64,
) -> Result<Instant, AppError> {
    let v = crate::vehicle::find(db, scope, vehicle_id).await?;
    let state = vehicle_state::Entity::find_by_id(v.id).one(db).await?;
    let since = Utc::now() - Duration::hours(24);
    let mut axles: BTreeMap<i32, AxleNow> = BTreeMap::new();
    for (ts, wheels) in frames(db, v.id, since, Utc::now() + Duration::minutes(1)).await? {
        for w in wheels.iter().filter(|w| w.kind == AXLE) {
            // Oldest first: a later frame's reading replaces an earlier one.
            axles.insert(
                w.position,
                AxleNow {
                    position: w.position,
                    temp: w.temp,
                    ts,
                },
            );
        }
    }
    let open = alarms::list(
        db,
        scope,
        &alarms::AlarmFilter {
            vehicle_id: Some(v.id),
            open: true,
            ..Default::default()
        },
        PageQuery {
            page: 1,
            page_size: paging::MAX_PAGE_SIZE,
        },
    )
    .await?
    .list;
    let gps = state.as_ref().and_then(|s| {
        Some(GpsNow {
            lat: s.lat?,
            lon: s.lon?,
            speed: s.speed,
            direction: s.direction,
            address: s.address.clone(),
            gps_at: s.gps_at,
        })
    });
    Ok(Instant {
        wheels: wheels_now(db, v.id).await?,
        vehicle_id: v.id,
        plate: v.plate,
        axle_layout: v.axle_layout,
        gps,
        final_at: state.as_ref().and_then(|s| s.final_at),
        online: state.as_ref().is_some_and(|s| s.online),
        ignition: state.as_ref().is_some_and(|s| s.ignition),
        axles: axles.into_values().collect(),
        alarms: open,
    })
}

/// Tyre pressures of a vehicle named by id or plate (the partner/tool call).
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Pressures {
    pub vehicle_id: i64,
    pub plate: String,
    pub wheels: Vec<WheelNow>,
}

/// The latest tyre readings of a vehicle the scope sees, by id or plate.
pub async fn pressures(
    db: &DatabaseConnection,
    scope: &Scope,
    vehicle_id: Option<i64>,
    plate: Option<&str>,
) -> Result<Pressures, AppError> {
    let v = match (vehicle_id.filter(|i| *i != 0), plate.map(str::trim)) {
        (Some(id), _) => crate::vehicle::find(db, scope, id).await?,
        (None, Some(p)) if !p.is_empty() => crate::vehicle::visible(scope)
            .filter(vehicle::Column::Plate.eq(p))
            .one(db)
            .await?
            .ok_or_else(|| AppError::fail(text!("车辆 {} 不存在", "No vehicle {}", p)))?,
        _ => {
            return Err(AppError::fail(text!(
                "请给出 vehicleId 或 plate",
                "Give vehicleId or plate"
            )));
        }
    };
    Ok(Pressures {
        wheels: wheels_now(db, v.id).await?,
        vehicle_id: v.id,
        plate: v.plate,
    })
}
