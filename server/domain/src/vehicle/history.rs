//! A vehicle's history: the write path ingestion uses (batched, duplicate-tolerant inserts of
//! positions, wheel readings and spray events) and the reads over it (readings list, latest
//! snapshot, itinerary with stops, positions during alarms, axle temperature series and
//! statistics, spray-cooling status). Every read names vehicles the scope sees
//! ([`super::find`]); ranges are bounded so one call never scans more than a month of a vehicle.

use std::collections::{BTreeMap, HashMap};

use chrono::{DateTime, Duration, Utc};
use entities::wheel_values::{self, WheelValue};
use entities::{position, spray_event, vehicle, vehicle_state, vehicle_wheel, wheel_frame};
use sea_orm::sea_query::OnConflict;
use sea_orm::{
    ColumnTrait, Condition, ConnectionTrait, DatabaseConnection, EntityTrait, QueryFilter,
    QueryOrder, QuerySelect, QueryTrait, Statement,
};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::alarms::{self, AlarmRow};
use super::mileage::{Stop, haversine_m, stops};
use crate::scope::Scope;
use kernel::db::{BulkInsert, OnCollision, write_txn};
use kernel::error::AppError;
use kernel::paging::{self, PageQuery, PageResult};
use kernel::text;

pub use entities::wheel_values::{AXLE, TYRE};
/// `spray_events.kind`.
pub const SPRAY_ACTIVATION: i16 = 1;
pub const SPRAY_FAULT: i16 = 2;
/// `vehicle_states.tp_flags` bits of the spray-cooling system.
const SPRAY_SWITCH_BIT: i32 = 32;
const SPRAY_FAULT_BIT: i32 = 64;

/// Rows per INSERT: keeps every batch under SQLite's bound-parameter limit.
const BATCH: usize = 1000;

// ---- write path ----------------------------------------------------------------------------

/// Stores GPS fixes in batches; a fix already stored (same vehicle and time) is dropped.
/// Returns how many were new.
pub async fn record_positions(
    db: &impl ConnectionTrait,
    fixes: &[position::Model],
) -> Result<u64, AppError> {
    const INSERT: BulkInsert<'static> = BulkInsert {
        table: "positions",
        columns: &[
            "vehicle_id",
            "ts",
            "lat",
            "lon",
            "speed",
            "direction",
            "ignition",
            "mileage",
        ],
        conflict: &["vehicle_id", "ts"],
        on_conflict: OnCollision::Keep,
    };
    let rows = fixes
        .iter()
        .map(|p| {
            vec![
                p.vehicle_id.into(),
                p.ts.into(),
                p.lat.into(),
                p.lon.into(),
                p.speed.into(),
                p.direction.into(),
                p.ignition.into(),
                p.mileage.into(),
            ]
        })
        .collect();
    Ok(INSERT.run(db, rows).await?)
}

/// Stores the tyre and axle readings of reports (a frame each) in batches; a frame already
/// stored (same vehicle and time) is dropped. Returns how many were new.
pub async fn record_frames(
    db: &impl ConnectionTrait,
    frames: &[wheel_frame::Model],
) -> Result<u64, AppError> {
    const INSERT: BulkInsert<'static> = BulkInsert {
        table: "wheel_frames",
        columns: &["vehicle_id", "ts", "wheels"],
        conflict: &["vehicle_id", "ts"],
        on_conflict: OnCollision::Keep,
    };
    let rows = frames
        .iter()
        .map(|f| vec![f.vehicle_id.into(), f.ts.into(), f.wheels.clone().into()])
        .collect();
    Ok(INSERT.run(db, rows).await?)
}

/// The frames of a vehicle in `[from, to)`, oldest first, unpacked.
async fn frames(
    db: &impl ConnectionTrait,
    vehicle_id: i64,
    from: DateTime<Utc>,
    to: DateTime<Utc>,
) -> Result<Vec<(DateTime<Utc>, Vec<WheelValue>)>, AppError> {
    Ok(wheel_frame::Entity::find()
        .filter(wheel_frame::Column::VehicleId.eq(vehicle_id))
        .filter(wheel_frame::Column::Ts.gte(from))
        .filter(wheel_frame::Column::Ts.lt(to))
        .order_by_asc(wheel_frame::Column::Ts)
        .all(db)
        .await?
        .into_iter()
        .map(|f| (f.ts, wheel_values::decode(&f.wheels)))
        .collect())
}

/// The history tables retention prunes: one row per report each, keyed `(vehicle_id, ts)`.
const SERIES: [&str; 2] = ["positions", "wheel_frames"];

/// Deletes positions and wheel frames older than `before`; answers how many rows went.
///
/// Vehicle by vehicle (the next id found by a seek on the primary key, the rows by a key
/// range), each in its own short transaction, so ingestion never waits long for the write
/// lock, and rows of deleted vehicles go too.
///
/// # Errors
/// When the database fails (what was deleted before stays deleted).
pub async fn prune(db: &DatabaseConnection, before: DateTime<Utc>) -> Result<u64, AppError> {
    let backend = db.get_database_backend();
    let param = |n: usize| match backend {
        sea_orm::DbBackend::Postgres => format!("${n}"),
        _ => "?".to_owned(),
    };
    let mut deleted = 0;
    for table in SERIES {
        let next = format!(
            "SELECT MIN(vehicle_id) AS v FROM {table} WHERE vehicle_id > {}",
            param(1)
        );
        let delete = format!(
            "DELETE FROM {table} WHERE vehicle_id = {} AND ts < {}",
            param(1),
            param(2)
        );
        let mut after = i64::MIN;
        loop {
            let found = db
                .query_one_raw(Statement::from_sql_and_values(
                    backend,
                    next.clone(),
                    [after.into()],
                ))
                .await?
                .and_then(|r| r.try_get::<Option<i64>>("", "v").ok().flatten());
            let Some(vehicle_id) = found else { break };
            let txn = write_txn(db).await?;
            deleted += txn
                .execute_raw(Statement::from_sql_and_values(
                    backend,
                    delete.clone(),
                    [vehicle_id.into(), before.into()],
                ))
                .await?
                .rows_affected();
            txn.commit().await?;
            after = vehicle_id;
        }
    }
    Ok(deleted)
}

/// A spray-cooling activation or fault as a device reports it.
#[derive(Debug, Clone)]
pub struct SprayRecord {
    pub vehicle_id: i64,
    /// The cooled wheel position, 0 for the whole system.
    pub position: i32,
    /// [`SPRAY_ACTIVATION`] or [`SPRAY_FAULT`].
    pub kind: i16,
    pub started_at: DateTime<Utc>,
    /// None while it lasts; a later record with the same start sets it.
    pub ended_at: Option<DateTime<Utc>>,
    pub temp: Option<f64>,
}

/// Stores spray events in batches; a record with the start of a stored one updates its end
/// and temperature.
pub async fn record_spray(
    db: &impl ConnectionTrait,
    events: &[SprayRecord],
) -> Result<(), AppError> {
    use sea_orm::Set;
    for chunk in events.chunks(BATCH) {
        let rows = chunk.iter().map(|e| spray_event::ActiveModel {
            vehicle_id: Set(e.vehicle_id),
            position: Set(e.position),
            kind: Set(e.kind),
            started_at: Set(e.started_at),
            ended_at: Set(e.ended_at),
            temp: Set(e.temp),
            ..Default::default()
        });
        let upsert = OnConflict::columns([
            spray_event::Column::VehicleId,
            spray_event::Column::StartedAt,
            spray_event::Column::Position,
            spray_event::Column::Kind,
        ])
        .update_columns([spray_event::Column::EndedAt, spray_event::Column::Temp])
        .to_owned();
        spray_event::Entity::insert_many(rows)
            .on_conflict(upsert)
            .exec_without_returning(db)
            .await?;
    }
    Ok(())
}

// ---- shared --------------------------------------------------------------------------------

/// Plates by vehicle id.
pub async fn plates(
    db: &impl ConnectionTrait,
    ids: impl IntoIterator<Item = i64>,
) -> Result<HashMap<i64, String>, AppError> {
    let ids: std::collections::BTreeSet<i64> = ids.into_iter().collect();
    if ids.is_empty() {
        return Ok(HashMap::new());
    }
    Ok(vehicle::Entity::find()
        .select_only()
        .column(vehicle::Column::Id)
        .column(vehicle::Column::Plate)
        .filter(vehicle::Column::Id.is_in(ids))
        .into_tuple::<(i64, String)>()
        .all(db)
        .await?
        .into_iter()
        .collect())
}

/// A time range `[start, end)`.
#[derive(Debug, Clone, Copy, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TimeRange {
    /// RFC 3339, e.g. 2026-11-20T00:00:00Z.
    #[serde(alias = "startTime", alias = "start_time")]
    pub start: DateTime<Utc>,
    #[serde(alias = "endTime", alias = "end_time")]
    pub end: DateTime<Utc>,
}

/// The longest range one call reads.
pub const MAX_RANGE_DAYS: i64 = 31;

impl TimeRange {
    /// Refuses an empty, reversed or too long range.
    pub fn checked(self) -> Result<Self, AppError> {
        if self.end <= self.start {
            return Err(AppError::fail(text!(
                "结束时间须晚于开始时间",
                "end must be after start"
            )));
        }
        if self.end - self.start > Duration::days(MAX_RANGE_DAYS) {
            return Err(AppError::fail(text!(
                "时间范围最长 {} 天",
                "The time range spans at most {} days",
                MAX_RANGE_DAYS
            )));
        }
        Ok(self)
    }
}

/// The vehicles a request names, each one the scope sees (1–100).
async fn named_vehicles(
    db: &impl ConnectionTrait,
    scope: &Scope,
    ids: &[i64],
) -> Result<Vec<vehicle::Model>, AppError> {
    if ids.is_empty() || ids.len() > 100 {
        return Err(AppError::fail(text!(
            "vehicleIds 须含 1 到 100 辆车",
            "vehicleIds must name 1 to 100 vehicles",
        )));
    }
    let mut out = Vec::with_capacity(ids.len());
    for id in kernel::validate::vehicle_ids("vehicleIds", ids)? {
        out.push(super::find(db, scope, id).await?);
    }
    Ok(out)
}

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
    let v = super::find(db, scope, vehicle_id).await?;
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
        (Some(id), _) => super::find(db, scope, id).await?,
        (None, Some(p)) if !p.is_empty() => super::visible(scope)
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

// ---- positions -----------------------------------------------------------------------------

/// A point of a track.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TrackPoint {
    pub ts: DateTime<Utc>,
    pub lat: f64,
    pub lon: f64,
    /// km/h
    pub speed: f64,
    pub direction: i16,
}

/// The default and the largest number of points a track answer holds.
pub const DEFAULT_POINTS: usize = 2000;
pub const MAX_POINTS: usize = 10_000;

/// At most `max` points, evenly spread, always keeping the first and the last.
fn thin(points: Vec<TrackPoint>, max: usize) -> Vec<TrackPoint> {
    let max = max.clamp(2, MAX_POINTS);
    if points.len() <= max {
        return points;
    }
    let last = points.len() - 1;
    (0..max)
        .map(|i| points[i * last / (max - 1)].clone())
        .collect()
}

/// Positions of a vehicle in `[from, to)`, oldest first.
pub async fn positions(
    db: &impl ConnectionTrait,
    vehicle_id: i64,
    from: DateTime<Utc>,
    to: DateTime<Utc>,
) -> Result<Vec<position::Model>, AppError> {
    Ok(position::Entity::find()
        .filter(position::Column::VehicleId.eq(vehicle_id))
        .filter(position::Column::Ts.gte(from))
        .filter(position::Column::Ts.lt(to))
        .order_by_asc(position::Column::Ts)
        .all(db)
        .await?)
}

fn track_point(p: &position::Model) -> TrackPoint {
    TrackPoint {
        ts: p.ts,
        lat: p.lat,
        lon: p.lon,
        speed: p.speed,
        direction: p.direction,
    }
}

/// A vehicle's track over a range.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Itinerary {
    pub vehicle_id: i64,
    pub plate: String,
    /// Fixes stored in the range (before thinning).
    pub total: usize,
    /// Distance over every stored fix, metres.
    pub meters: f64,
    pub points: Vec<TrackPoint>,
    /// Stops of three minutes or more.
    pub stops: Vec<Stop>,
}

/// The track of a vehicle the scope sees, thinned to at most `max_points`, with its stops.
pub async fn itinerary(
    db: &DatabaseConnection,
    scope: &Scope,
    vehicle_id: i64,
    range: TimeRange,
    max_points: Option<usize>,
) -> Result<Itinerary, AppError> {
    let range = range.checked()?;
    let v = super::find(db, scope, vehicle_id).await?;
    let fixes = positions(db, v.id, range.start, range.end).await?;
    let meters = fixes
        .windows(2)
        .map(|w| haversine_m(w[0].lat, w[0].lon, w[1].lat, w[1].lon))
        .sum();
    Ok(Itinerary {
        vehicle_id: v.id,
        plate: v.plate,
        total: fixes.len(),
        meters,
        stops: stops(&fixes),
        points: thin(
            fixes.iter().map(track_point).collect(),
            max_points.unwrap_or(DEFAULT_POINTS),
        ),
    })
}

/// An alarm with the vehicle's positions while it lasted.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AlarmTrack {
    pub alarm: AlarmRow,
    pub points: Vec<TrackPoint>,
}

/// For each alarm of the vehicle overlapping the range (or the one named), the positions from
/// its start to its clearing, within the range.
pub async fn abnormal_track(
    db: &DatabaseConnection,
    scope: &Scope,
    vehicle_id: i64,
    range: TimeRange,
    alarm_id: Option<i64>,
    max_points: Option<usize>,
) -> Result<Vec<AlarmTrack>, AppError> {
    let range = range.checked()?;
    let v = super::find(db, scope, vehicle_id).await?;
    let mut out = Vec::new();
    for alarm in alarms::overlapping(db, v.id, range.start, range.end).await? {
        if alarm_id.is_some_and(|id| id != alarm.id) {
            continue;
        }
        let from = alarm.started_at.max(range.start);
        let to = alarm.cleared_at.unwrap_or(range.end).min(range.end);
        let fixes = positions(db, v.id, from, to.max(from)).await?;
        out.push(AlarmTrack {
            points: thin(
                fixes.iter().map(track_point).collect(),
                max_points.unwrap_or(DEFAULT_POINTS),
            ),
            alarm,
        });
    }
    Ok(out)
}

// ---- axle temperatures ---------------------------------------------------------------------

/// A temperature sample.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TempPoint {
    pub ts: DateTime<Utc>,
    /// °C
    pub temp: f64,
}

/// A braking heat peak: a local maximum that rose at least `minRise` over the lowest
/// temperature of the ten minutes before.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Peak {
    pub ts: DateTime<Utc>,
    /// °C
    pub temp: f64,
    /// °C above the preceding low.
    pub rise: f64,
}

/// The hub temperature series of one wheel position.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AxleSeries {
    pub position: i32,
    pub max: Option<f64>,
    pub avg: Option<f64>,
    pub points: Vec<TempPoint>,
    /// Only in `brakingTp` answers.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub peaks: Option<Vec<Peak>>,
}

/// Hub temperatures of a vehicle in a range, per position (optionally only `positions`).
async fn axle_points(
    db: &impl ConnectionTrait,
    vehicle_id: i64,
    range: TimeRange,
    positions: &[i32],
) -> Result<BTreeMap<i32, Vec<TempPoint>>, AppError> {
    let mut out: BTreeMap<i32, Vec<TempPoint>> = BTreeMap::new();
    for (ts, wheels) in frames(db, vehicle_id, range.start, range.end).await? {
        for w in wheels
            .iter()
            .filter(|w| w.kind == AXLE && (positions.is_empty() || positions.contains(&w.position)))
        {
            if let Some(temp) = w.temp {
                out.entry(w.position)
                    .or_default()
                    .push(TempPoint { ts, temp });
            }
        }
    }
    Ok(out)
}

/// The highest and the mean temperature of a series.
fn max_avg(points: &[TempPoint]) -> (Option<f64>, Option<f64>) {
    let max = points.iter().map(|p| p.temp).reduce(f64::max);
    let avg = (!points.is_empty())
        .then(|| points.iter().map(|p| p.temp).sum::<f64>() / points.len() as f64);
    (max, avg)
}

fn series(position: i32, points: Vec<TempPoint>) -> AxleSeries {
    let (max, avg) = max_avg(&points);
    AxleSeries {
        position,
        max,
        avg,
        points,
        peaks: None,
    }
}

/// Local maxima rising at least `min_rise` °C over the lowest sample of the ten minutes
/// before them.
pub fn peaks(points: &[TempPoint], min_rise: f64) -> Vec<Peak> {
    let window = Duration::minutes(10);
    let mut out = Vec::new();
    for (i, p) in points.iter().enumerate() {
        let higher_than_prev = i == 0 || p.temp > points[i - 1].temp;
        let not_lower_than_next = points.get(i + 1).is_none_or(|n| p.temp >= n.temp);
        if !(higher_than_prev && not_lower_than_next) {
            continue;
        }
        let low = points[..i]
            .iter()
            .rev()
            .take_while(|q| p.ts - q.ts <= window)
            .map(|q| q.temp)
            .reduce(f64::min);
        if let Some(low) = low
            && p.temp - low >= min_rise
        {
            out.push(Peak {
                ts: p.ts,
                temp: p.temp,
                rise: p.temp - low,
            });
        }
    }
    out
}

/// Hub temperature series per position of a vehicle the scope sees; with `min_rise`, also the
/// braking heat peaks.
pub async fn axle_data(
    db: &DatabaseConnection,
    scope: &Scope,
    vehicle_id: i64,
    range: TimeRange,
    positions: &[i32],
    min_rise: Option<f64>,
) -> Result<Vec<AxleSeries>, AppError> {
    let range = range.checked()?;
    let v = super::find(db, scope, vehicle_id).await?;
    Ok(axle_points(db, v.id, range, positions)
        .await?
        .into_iter()
        .map(|(pos, points)| {
            let found = min_rise.map(|r| peaks(&points, r));
            AxleSeries {
                peaks: found,
                ..series(pos, points)
            }
        })
        .collect())
}

/// Hub temperature statistics of one position.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AxlePositionStats {
    pub position: i32,
    pub samples: usize,
    pub max: Option<f64>,
    pub avg: Option<f64>,
    /// Samples at or above the threshold.
    pub over_threshold: usize,
    /// The largest difference to the partner wheel of the same axle (mirror side) at the same
    /// report, °C.
    pub max_partner_difference: Option<f64>,
}

/// Hub temperature statistics of a vehicle.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AxleStats {
    pub vehicle_id: i64,
    pub plate: String,
    pub threshold: f64,
    pub positions: Vec<AxlePositionStats>,
}

/// The hub default limit (tenancy settings): 100 °C.
pub const DEFAULT_HUB_LIMIT: f64 = 100.0;

/// The partner of a wheel position on an axle of `wheels` wheels: the mirror side.
fn partner(position: i32, layout: &[i32]) -> Option<i32> {
    let (axle, wheel) = (position / 10, position % 10);
    let wheels = *layout.get(usize::try_from(axle - 1).ok()?)?;
    let other = wheels + 1 - wheel;
    (other != wheel && (1..=wheels).contains(&other)).then_some(axle * 10 + other)
}

/// Per-vehicle hub temperature statistics over a range.
pub async fn axle_statistics(
    db: &DatabaseConnection,
    scope: &Scope,
    vehicle_ids: &[i64],
    range: TimeRange,
    threshold: Option<f64>,
) -> Result<Vec<AxleStats>, AppError> {
    let range = range.checked()?;
    let threshold = threshold.unwrap_or(DEFAULT_HUB_LIMIT);
    let mut out = Vec::new();
    for v in named_vehicles(db, scope, vehicle_ids).await? {
        let layout: Vec<i32> = v
            .axle_layout
            .split(',')
            .filter_map(|n| n.trim().parse().ok())
            .collect();
        let by_position = axle_points(db, v.id, range, &[]).await?;
        let at: HashMap<(i32, DateTime<Utc>), f64> = by_position
            .iter()
            .flat_map(|(pos, pts)| pts.iter().map(move |p| ((*pos, p.ts), p.temp)))
            .collect();
        let positions = by_position
            .iter()
            .map(|(pos, pts)| {
                let partner = partner(*pos, &layout);
                let diff = partner.and_then(|other| {
                    pts.iter()
                        .filter_map(|p| at.get(&(other, p.ts)).map(|o| (p.temp - o).abs()))
                        .reduce(f64::max)
                });
                let (max, avg) = max_avg(pts);
                AxlePositionStats {
                    position: *pos,
                    samples: pts.len(),
                    max,
                    avg,
                    over_threshold: pts.iter().filter(|p| p.temp >= threshold).count(),
                    max_partner_difference: diff,
                }
            })
            .collect();
        out.push(AxleStats {
            vehicle_id: v.id,
            plate: v.plate,
            threshold,
            positions,
        });
    }
    Ok(out)
}

// ---- spray cooling -------------------------------------------------------------------------

/// A spray-cooling event.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SprayRow {
    pub id: i64,
    pub position: i32,
    /// 1 activation, 2 fault.
    pub kind: i16,
    pub started_at: DateTime<Utc>,
    pub ended_at: Option<DateTime<Utc>>,
    /// Seconds sprayed (to now while it lasts).
    pub seconds: i64,
    /// Trigger temperature, °C.
    pub temp: Option<f64>,
}

fn spray_row(e: &spray_event::Model, now: DateTime<Utc>) -> SprayRow {
    SprayRow {
        seconds: (e.ended_at.unwrap_or(now) - e.started_at)
            .num_seconds()
            .max(0),
        id: e.id,
        position: e.position,
        kind: e.kind,
        started_at: e.started_at,
        ended_at: e.ended_at,
        temp: e.temp,
    }
}

/// A vehicle's spray-cooling flags and events over a range.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SprayHistory {
    pub vehicle_id: i64,
    pub plate: String,
    /// The system is switched on (live flag).
    pub switch_on: bool,
    /// The system reports a fault (live flag).
    pub fault: bool,
    pub activations: usize,
    pub faults: usize,
    pub seconds: i64,
    pub events: Vec<SprayRow>,
}

async fn spray_events(
    db: &impl ConnectionTrait,
    vehicle_ids: Condition,
    from: DateTime<Utc>,
    to: DateTime<Utc>,
) -> Result<Vec<spray_event::Model>, AppError> {
    Ok(spray_event::Entity::find()
        .filter(vehicle_ids)
        .filter(spray_event::Column::StartedAt.gte(from))
        .filter(spray_event::Column::StartedAt.lt(to))
        .order_by_asc(spray_event::Column::StartedAt)
        .order_by_asc(spray_event::Column::Id)
        .all(db)
        .await?)
}

/// The spray-cooling history of a vehicle the scope sees.
pub async fn spray(
    db: &DatabaseConnection,
    scope: &Scope,
    vehicle_id: i64,
    range: TimeRange,
) -> Result<SprayHistory, AppError> {
    let range = range.checked()?;
    let v = super::find(db, scope, vehicle_id).await?;
    let flags = vehicle_state::Entity::find_by_id(v.id)
        .one(db)
        .await?
        .map_or(0, |s| s.tp_flags);
    let now = Utc::now();
    let events: Vec<SprayRow> = spray_events(
        db,
        Condition::all().add(spray_event::Column::VehicleId.eq(v.id)),
        range.start,
        range.end,
    )
    .await?
    .into_iter()
    .map(|e| spray_row(&e, now))
    .collect();
    let activations: Vec<&SprayRow> = events
        .iter()
        .filter(|e| e.kind == SPRAY_ACTIVATION)
        .collect();
    Ok(SprayHistory {
        vehicle_id: v.id,
        plate: v.plate,
        switch_on: flags & SPRAY_SWITCH_BIT != 0,
        fault: flags & SPRAY_FAULT_BIT != 0,
        activations: activations.len(),
        seconds: activations.iter().map(|e| e.seconds).sum(),
        faults: events.iter().filter(|e| e.kind == SPRAY_FAULT).count(),
        events,
    })
}

/// A vehicle's spray-cooling activity over the recent days.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SprayActivity {
    pub vehicle_id: i64,
    pub plate: String,
    pub activations: usize,
    pub seconds: i64,
    pub faults: usize,
    pub last_at: Option<DateTime<Utc>>,
    /// The highest trigger temperature, °C.
    pub max_temp: Option<f64>,
}

/// Spray-cooling activity of the vehicles the scope sees (or those named) over the last
/// `days` days (1–90): vehicles with any event, most activations first, paged.
pub async fn spray_recent(
    db: &DatabaseConnection,
    scope: &Scope,
    vehicle_ids: &[i64],
    days: i64,
    page: PageQuery,
) -> Result<PageResult<SprayActivity>, AppError> {
    let page = page.checked()?;
    kernel::validate::in_range("days", days, 1, 90)?;
    let which = if vehicle_ids.is_empty() {
        let visible = super::visible(scope)
            .select_only()
            .column(vehicle::Column::Id)
            .into_query();
        Condition::all().add(spray_event::Column::VehicleId.in_subquery(visible))
    } else {
        let named = named_vehicles(db, scope, vehicle_ids).await?;
        Condition::all().add(spray_event::Column::VehicleId.is_in(named.iter().map(|v| v.id)))
    };
    let now = Utc::now();
    let mut by_vehicle: BTreeMap<i64, SprayActivity> = BTreeMap::new();
    for e in spray_events(db, which, now - Duration::days(days), now).await? {
        let a = by_vehicle.entry(e.vehicle_id).or_insert(SprayActivity {
            vehicle_id: e.vehicle_id,
            plate: String::new(),
            activations: 0,
            seconds: 0,
            faults: 0,
            last_at: None,
            max_temp: None,
        });
        let row = spray_row(&e, now);
        if row.kind == SPRAY_FAULT {
            a.faults += 1;
        } else {
            a.activations += 1;
            a.seconds += row.seconds;
            a.max_temp = match (a.max_temp, row.temp) {
                (Some(m), Some(t)) => Some(m.max(t)),
                (m, t) => m.or(t),
            };
        }
        a.last_at = a.last_at.max(Some(row.started_at));
    }
    let mut list: Vec<SprayActivity> = by_vehicle.into_values().collect();
    list.sort_by(|a, b| {
        b.activations
            .cmp(&a.activations)
            .then(a.vehicle_id.cmp(&b.vehicle_id))
    });
    let total = list.len() as u64;
    let mut found = page.of(list, total);
    let plates = plates(db, found.list.iter().map(|a| a.vehicle_id)).await?;
    for a in &mut found.list {
        a.plate = plates.get(&a.vehicle_id).cloned().unwrap_or_default();
    }
    Ok(found)
}

/// The spray-cooling status of a vehicle: live flags and the last 24 hours.
pub async fn spray_status(
    db: &DatabaseConnection,
    scope: &Scope,
    vehicle_id: i64,
) -> Result<SprayHistory, AppError> {
    let now = Utc::now();
    let day = TimeRange {
        start: now - Duration::hours(24),
        end: now + Duration::seconds(1),
    };
    spray(db, scope, vehicle_id, day).await
}
