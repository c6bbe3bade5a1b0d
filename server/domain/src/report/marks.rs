//! Marks over time for charts: a vehicle's supply voltage (`positions.voltage`) and a sensor's
//! pressure, temperature and battery (from the stored wheel frames), over at most 31 days.
//!
//! Downsampled for a chart: the range is cut into at most `points` buckets of equal width
//! (default 500, at most 2,000); each bucket that holds readings gives their minimum,
//! maximum, mean and count, so a spike survives however long the range. History is read in
//! key order a chunk at a time, so memory does not grow with the range.

use chrono::{DateTime, Utc};
use entities::wheel_values::{self, AXLE, TYRE};
use entities::{position, sensor, wheel_frame};
use sea_orm::{
    ColumnTrait, DatabaseConnection, EntityTrait, QueryFilter, QueryOrder, QuerySelect, Select,
    TryGetableMany,
};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::scope::Scope;
use crate::vehicle::history::TimeRange;
use kernel::error::AppError;
use kernel::text;

/// Rows read per query.
const CHUNK: u64 = 10_000;
pub const DEFAULT_POINTS: u32 = 500;
pub const MAX_POINTS: u32 = 2000;

/// The rows of `select` (its first column a time, `ts`) in `[start, end)`, oldest first,
/// handed to `each` as read, [`CHUNK`] rows a query (the time is the row's key within its
/// vehicle, so `ts > last` is the next chunk). Answers how many there were.
pub(crate) async fn in_order<E, T>(
    db: &DatabaseConnection,
    select: Select<E>,
    ts: E::Column,
    range: TimeRange,
    mut each: impl FnMut(T),
) -> Result<u64, AppError>
where
    E: EntityTrait,
    T: TryGetableMany + Timed,
{
    let (mut after, mut count) = (None, 0);
    loop {
        let q = select.clone().filter(ts.lt(range.end));
        let q = match after {
            Some(t) => q.filter(ts.gt(t)),
            None => q.filter(ts.gte(range.start)),
        };
        let rows: Vec<T> = q.order_by_asc(ts).limit(CHUNK).into_tuple().all(db).await?;
        let more = rows.len() as u64 == CHUNK;
        count += rows.len() as u64;
        after = rows.last().map(Timed::time);
        rows.into_iter().for_each(&mut each);
        if !more {
            return Ok(count);
        }
    }
}

/// A row read by [`in_order`]: its time comes first.
pub(crate) trait Timed {
    fn time(&self) -> DateTime<Utc>;
}

impl<V> Timed for (DateTime<Utc>, V) {
    fn time(&self) -> DateTime<Utc> {
        self.0
    }
}

/// A vehicle's wheel frames (time and packed wheels), for [`in_order`].
pub(crate) fn frames(vehicle_id: i64) -> Select<wheel_frame::Entity> {
    wheel_frame::Entity::find()
        .select_only()
        .column(wheel_frame::Column::Ts)
        .column(wheel_frame::Column::Wheels)
        .filter(wheel_frame::Column::VehicleId.eq(vehicle_id))
}

/// One bucket of readings.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Bucket {
    /// The bucket's start.
    pub t: DateTime<Utc>,
    pub min: f64,
    pub max: f64,
    pub avg: f64,
    /// Readings in it.
    pub n: u32,
}

/// Gathers readings (in time order) into equal buckets over a range.
struct Downsampler {
    start: DateTime<Utc>,
    width_ms: i64,
    current: Option<(i64, f64, f64, f64, u32)>,
    out: Vec<Bucket>,
}

impl Downsampler {
    fn new(range: TimeRange, points: u32) -> Self {
        let span = (range.end - range.start).num_milliseconds().max(1);
        Self {
            start: range.start,
            width_ms: (span + i64::from(points) - 1) / i64::from(points),
            current: None,
            out: Vec::new(),
        }
    }

    fn push(&mut self, t: DateTime<Utc>, v: f64) {
        if !v.is_finite() {
            return;
        }
        let index = (t - self.start).num_milliseconds().max(0) / self.width_ms.max(1);
        match &mut self.current {
            Some((i, min, max, sum, n)) if *i == index => {
                *min = min.min(v);
                *max = max.max(v);
                *sum += v;
                *n += 1;
            }
            _ => {
                self.flush();
                self.current = Some((index, v, v, v, 1));
            }
        }
    }

    fn flush(&mut self) {
        if let Some((i, min, max, sum, n)) = self.current.take() {
            self.out.push(Bucket {
                t: self.start + chrono::Duration::milliseconds(i * self.width_ms),
                min,
                max,
                avg: (sum / f64::from(n) * 1000.0).round() / 1000.0,
                n,
            });
        }
    }

    fn finish(mut self) -> Vec<Bucket> {
        self.flush();
        self.out
    }
}

/// The time a chart covers and how finely.
#[derive(Debug, Clone, Copy, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Window {
    #[serde(flatten)]
    pub range: TimeRange,
    /// Buckets at most (10–2,000, default 500).
    #[serde(default)]
    pub points: Option<u32>,
}

impl Window {
    /// The range (at most 31 days) and the number of buckets, checked.
    fn checked(self) -> Result<(TimeRange, u32), AppError> {
        let p = self.points.unwrap_or(DEFAULT_POINTS);
        kernel::validate::in_range("points", i64::from(p), 10, i64::from(MAX_POINTS))?;
        Ok((self.range.checked()?, p))
    }
}

/// Whose voltage over which time.
#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PowerFilter {
    #[serde(alias = "carId", alias = "id")]
    pub vehicle_id: i64,
    #[serde(flatten)]
    pub window: Window,
}

/// A vehicle's supply voltage over time.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PowerMarks {
    pub vehicle_id: i64,
    pub plate: String,
    /// Readings in the range.
    pub readings: u64,
    /// Each bucket's width, seconds.
    pub bucket_seconds: f64,
    /// Volts per bucket, buckets without readings left out.
    pub points: Vec<Bucket>,
}

/// The vehicle's supply voltage in the range, downsampled.
pub async fn power(
    db: &DatabaseConnection,
    scope: &Scope,
    f: &PowerFilter,
) -> Result<PowerMarks, AppError> {
    let (range, points) = f.window.checked()?;
    let v = crate::vehicle::find(db, scope, f.vehicle_id).await?;
    let mut down = Downsampler::new(range, points);
    let width = down.width_ms;
    let voltages = position::Entity::find()
        .select_only()
        .column(position::Column::Ts)
        .column(position::Column::Voltage)
        .filter(position::Column::VehicleId.eq(v.id))
        .filter(position::Column::Voltage.is_not_null());
    let readings = in_order(
        db,
        voltages,
        position::Column::Ts,
        range,
        |(t, volts): (DateTime<Utc>, Option<f64>)| {
            if let Some(volts) = volts {
                down.push(t, volts);
            }
        },
    )
    .await?;
    #[allow(clippy::cast_precision_loss)]
    Ok(PowerMarks {
        vehicle_id: v.id,
        plate: v.plate,
        readings,
        bucket_seconds: width as f64 / 1000.0,
        points: down.finish(),
    })
}

/// Which sensor (its number, or a vehicle and optionally one wheel position) over which time.
#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = SensorMarkFilter)]
pub struct SensorFilter {
    /// The sensor (its vehicle and position are read from it).
    #[serde(default, alias = "sensorId", alias = "sn")]
    pub sensor_no: Option<String>,
    /// Or a vehicle …
    #[serde(default, alias = "carId")]
    pub vehicle_id: Option<i64>,
    /// … and one wheel position (`axle × 10 + wheel`; absent: every position).
    #[serde(default)]
    pub position: Option<i32>,
    #[serde(flatten)]
    pub window: Window,
}

/// One wheel position's marks (a position with a tyre and a hub sensor has one of each).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SensorSeries {
    pub position: i32,
    /// 1 tyre (pressure and temperature), 2 axle (hub temperature).
    pub kind: i16,
    /// Frames with a reading of this position.
    pub readings: u64,
    /// bar
    pub pressure: Vec<Bucket>,
    /// °C
    pub temp: Vec<Bucket>,
    /// %
    pub battery: Vec<Bucket>,
}

/// A vehicle's sensor marks over time.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SensorMarks {
    pub vehicle_id: i64,
    pub plate: String,
    pub bucket_seconds: f64,
    pub series: Vec<SensorSeries>,
}

struct Track {
    position: i32,
    kind: i16,
    readings: u64,
    pressure: Downsampler,
    temp: Downsampler,
    battery: Downsampler,
}

/// The sensor's (or the vehicle's sensors') readings in the range, downsampled per position.
pub async fn sensor_marks(
    db: &DatabaseConnection,
    scope: &Scope,
    f: &SensorFilter,
) -> Result<SensorMarks, AppError> {
    let (range, points) = f.window.checked()?;
    if let Some(p) = f.position {
        kernel::validate::in_range("position", i64::from(p), 11, 99)?;
    }
    let no = f
        .sensor_no
        .as_deref()
        .map(str::trim)
        .filter(|s| !s.is_empty());
    let (vehicle_id, position) = match (no, f.vehicle_id.filter(|v| *v != 0)) {
        (Some(no), _) => {
            let s = sensor::Entity::find()
                .filter(sensor::Column::SensorNo.eq(no))
                .filter(
                    scope.vehicle_filter(sensor::Column::VehicleId, sensor::Column::EnterpriseId),
                )
                .one(db)
                .await?
                .ok_or_else(|| {
                    AppError::field("sensorNo", text!("传感器 {} 不存在", "No sensor {}", no))
                })?;
            match (s.vehicle_id, s.position) {
                (Some(v), Some(p)) => (v, Some(p)),
                _ => {
                    return Err(AppError::field(
                        "sensorNo",
                        text!(
                            "传感器 {} 未绑定车辆",
                            "Sensor {} is not bound to a vehicle",
                            no
                        ),
                    ));
                }
            }
        }
        (None, Some(v)) => (v, f.position),
        (None, None) => {
            return Err(AppError::field(
                "vehicleId",
                text!("须给出 sensorNo 或 vehicleId", "give sensorNo or vehicleId"),
            ));
        }
    };
    let v = crate::vehicle::find(db, scope, vehicle_id).await?;
    let mut tracks: Vec<Track> = Vec::new();
    let mut width = 0;
    in_order(
        db,
        frames(v.id),
        wheel_frame::Column::Ts,
        range,
        |(t, wheels): (DateTime<Utc>, Vec<u8>)| {
            for w in wheel_values::decode(&wheels) {
                if position.is_some_and(|p| p != w.position) || ![TYRE, AXLE].contains(&w.kind) {
                    continue;
                }
                let at = match tracks
                    .iter()
                    .position(|k| k.position == w.position && k.kind == w.kind)
                {
                    Some(i) => i,
                    None => {
                        tracks.push(Track {
                            position: w.position,
                            kind: w.kind,
                            readings: 0,
                            pressure: Downsampler::new(range, points),
                            temp: Downsampler::new(range, points),
                            battery: Downsampler::new(range, points),
                        });
                        tracks.len() - 1
                    }
                };
                let track = &mut tracks[at];
                width = track.pressure.width_ms;
                track.readings += 1;
                if let Some(p) = w.pressure {
                    track.pressure.push(t, p);
                }
                if let Some(c) = w.temp {
                    track.temp.push(t, c);
                }
                if let Some(b) = w.battery {
                    track.battery.push(t, f64::from(b));
                }
            }
        },
    )
    .await?;
    tracks.sort_by_key(|t| (t.position, t.kind));
    #[allow(clippy::cast_precision_loss)]
    Ok(SensorMarks {
        vehicle_id: v.id,
        plate: v.plate,
        bucket_seconds: if width > 0 {
            width as f64 / 1000.0
        } else {
            Downsampler::new(range, points).width_ms as f64 / 1000.0
        },
        series: tracks
            .into_iter()
            .map(|t| SensorSeries {
                position: t.position,
                kind: t.kind,
                readings: t.readings,
                pressure: t.pressure.finish(),
                temp: t.temp.finish(),
                battery: t.battery.finish(),
            })
            .collect(),
    })
}
