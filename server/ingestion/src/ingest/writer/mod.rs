//! The writer: one task that turns accepted reports into stored history, live state, alarms
//! and live events, in batches, keeping each vehicle's recent memory (open alarms, last values).

use super::{Accepted, Job};
use crate::conditions::{self, Condition, VehicleMemory, Verdict};
use crate::report::{Rejected, Rejection, Report};
use chrono::{DateTime, Utc};
use domain::enterprise::settings::{Thresholds, effective_thresholds};
use domain::live::hub::{EventKind, LiveHub};
use domain::track::matching::Places;
use domain::vehicle::alarms::{AlarmEvent, AlarmFeed, CLEARED, LEVEL_WARNING, kind};
use domain::vehicle::fleet::LiveState;
use domain::vehicle::snapshot::FleetSnapshot;
use domain::work::autoopen::AutoOpenRules;
use entities::wheel_values::{self, WheelValue};
use entities::{
    device, position, vehicle, vehicle_alarm, vehicle_state, vehicle_wheel, wheel_frame,
};
use kernel::db::{BulkInsert, BulkTxn, OnCollision, id_in};
use kernel::error::AppError;
use sea_orm::sea_query::Expr;
use sea_orm::{
    ColumnTrait, ConnectionTrait, DatabaseConnection, EntityTrait, QueryFilter, QuerySelect,
};
use std::collections::{BTreeMap, HashMap, HashSet, VecDeque};
use std::time::{Duration, Instant};
use tokio::sync::{mpsc, oneshot};

mod open_alarms;
mod state;

use state::{report_wheels, vehicle_delta};

/// Reports per transaction at most.
pub const MAX_BATCH: usize = 4000;

/// Vehicles loaded per query (bound parameters stay far below every database's limit).
const LOAD_CHUNK: usize = 1000;

/// Recent report times kept per vehicle to drop duplicates.
const RECENT_TIMES: usize = 64;

/// An open alarm's value and last-seen time are written at most this often.
const ALARM_REFRESH: Duration = Duration::from_secs(60);

const THRESHOLDS_TTL: Duration = Duration::from_secs(60);

/// A device's heartbeat (`devices.heartbeat_at`) is written at most this often. A device is
/// online while its heartbeat is at most `domain::device::ONLINE_MINUTES` (10) old, so this
/// changes no online status; it spares a row update per report of a device that reports
/// faster (a backlog upload, a 1 s interval).
const HEARTBEAT_REFRESH: Duration = Duration::from_secs(30);

/// An alarm the writer knows to be open.
#[derive(Debug, Clone)]
struct OpenAlarm {
    level: i16,
    written: Instant,
}

/// What the writer remembers of a vehicle.
struct LiveVehicle {
    enterprise_id: i64,
    plate: String,
    trailer: bool,
    /// Configured wheel positions with the sensor each is known to carry.
    wheels: HashMap<i32, Option<String>>,
    /// The latest reading of each (kind, position), as `vehicle_states.wheels` holds it.
    latest: BTreeMap<(i16, i32), WheelValue>,
    /// Device time of the newest report, ms.
    last_ts: i64,
    recent: VecDeque<i64>,
    /// Device time each tyre position last reported, ms (since this vehicle was loaded).
    tyre_seen: HashMap<i32, i64>,
    memory: VehicleMemory,
    open: HashMap<(i32, i16), OpenAlarm>,
}

impl LiveVehicle {
    fn is_duplicate(&self, ts: i64) -> bool {
        self.recent.contains(&ts)
    }

    fn remember(&mut self, ts: i64) {
        if self.recent.len() == RECENT_TIMES {
            self.recent.pop_front();
        }
        self.recent.push_back(ts);
        self.last_ts = self.last_ts.max(ts);
    }

    /// `tp_flags` and `axle_flags` of `vehicle_states` from the open alarms.
    fn flags(&self) -> (i32, i32) {
        let has = |k: i16| self.open.keys().any(|(_, kind)| *kind == k);
        let bits = |pairs: &[(i16, i32)]| {
            pairs
                .iter()
                .filter(|(k, _)| has(*k))
                .fold(0, |acc, (_, b)| acc | b)
        };
        (
            bits(&[
                (kind::HIGH_PRESSURE, 1),
                (kind::LOW_PRESSURE, 2),
                (kind::FAST_LEAK, 2),
                (kind::SLOW_LEAK, 2),
                (kind::HIGH_TEMP, 4),
                (kind::REPEATER_FAULT, 8),
                (kind::SENSOR_LOST, 16),
                (kind::SPRAY_SWITCH, 32),
                (kind::SPRAY_FAULT, 64),
            ]),
            bits(&[(kind::AXLE_HIGH_TEMP, 1), (kind::AXLE_TEMP_DIFFERENCE, 1)]),
        )
    }
}

pub(crate) struct Writer {
    db: DatabaseConnection,
    live: LiveHub,
    /// The map's fleet snapshot: handed the live state of every vehicle written, after commit.
    fleet: FleetSnapshot,
    /// The push dispatcher's feed: every alarm change, sent after its commit.
    alarm_feed: AlarmFeed,
    /// Alarm changes of the transaction being written, forwarded once it committed.
    alarm_changes: Vec<AlarmEvent>,
    vehicles: HashMap<i64, LiveVehicle>,
    thresholds: HashMap<i64, (Instant, [Thresholds; 3])>,
    /// When this writer last wrote each device's heartbeat (committed).
    heartbeats: HashMap<i64, Instant>,
    /// Opens work orders from committed alarms.
    auto_open: AutoOpenRules,
    /// Routes and geofences: each position is judged against them.
    places: Places,
}

/// Axle position of a wheel for thresholds: trailers' axles are `trailer`, a motor
/// vehicle's first axle `steer` and the others `drive`.
fn axle_position(trailer: bool, pos: i32) -> usize {
    if trailer {
        2
    } else if pos / 10 <= 1 {
        0
    } else {
        1
    }
}

fn ms(ts: i64) -> DateTime<Utc> {
    DateTime::from_timestamp_millis(ts).unwrap_or_default()
}

impl Writer {
    pub(super) fn new(
        db: DatabaseConnection,
        live: LiveHub,
        alarm_feed: AlarmFeed,
        fleet: FleetSnapshot,
        auto_open: AutoOpenRules,
        places: Places,
    ) -> Self {
        Self {
            auto_open,
            places,
            db,
            live,
            fleet,
            alarm_feed,
            alarm_changes: Vec::new(),
            vehicles: HashMap::new(),
            thresholds: HashMap::new(),
            heartbeats: HashMap::new(),
        }
    }

    pub(super) async fn run(mut self, mut queue: mpsc::Receiver<Job>) {
        while let Some(first) = queue.recv().await {
            let mut batch = Vec::new();
            let mut size = 0;
            let mut sweep = false;
            let mut preload = false;
            let mut next = Some(first);
            while let Some(job) = next.take() {
                match job {
                    Job::Sweep => sweep = true,
                    Job::Preload => preload = true,
                    Job::Reports { reports, done } => {
                        size += reports.len();
                        batch.push((reports, done));
                    }
                }
                if size < MAX_BATCH {
                    next = queue.try_recv().ok();
                }
            }
            if preload && let Err(err) = self.preload().await {
                tracing::warn!(%err, "reading the fleet for ingestion");
            }
            if !batch.is_empty() {
                self.write(batch).await;
            }
            if sweep && let Err(err) = self.sweep().await {
                tracing::warn!(%err, "ingestion sweep");
            }
        }
    }

    async fn thresholds(&mut self, ent: i64) -> Result<[Thresholds; 3], AppError> {
        if let Some((at, t)) = self.thresholds.get(&ent)
            && at.elapsed() < THRESHOLDS_TTL
        {
            return Ok(*t);
        }
        let t = effective_thresholds(&self.db, ent).await?;
        self.thresholds.insert(ent, (Instant::now(), t));
        Ok(t)
    }

    /// Loads every vehicle with a receiver: the ones that will report.
    async fn preload(&mut self) -> Result<(), AppError> {
        let ids: Vec<i64> = device::Entity::find()
            .select_only()
            .column(device::Column::VehicleId)
            .filter(device::Column::Kind.eq(0))
            .filter(device::Column::VehicleId.is_not_null())
            .into_tuple::<Option<i64>>()
            .all(&self.db)
            .await?
            .into_iter()
            .flatten()
            .collect();
        self.load(ids).await
    }

    /// Loads what the writer remembers of the vehicles it does not know yet, a few queries
    /// per [`LOAD_CHUNK`] vehicles (a batch after a restart touches thousands).
    async fn load(&mut self, ids: impl IntoIterator<Item = i64>) -> Result<(), AppError> {
        let mut missing: Vec<i64> = ids
            .into_iter()
            .filter(|id| !self.vehicles.contains_key(id))
            .collect();
        missing.sort_unstable();
        missing.dedup();
        for chunk in missing.chunks(LOAD_CHUNK) {
            let rows: Vec<(i64, i64, String, i16)> = vehicle::Entity::find()
                .select_only()
                .column(vehicle::Column::Id)
                .column(vehicle::Column::EnterpriseId)
                .column(vehicle::Column::Plate)
                .column(vehicle::Column::Kind)
                .filter(vehicle::Column::Id.is_in(chunk.iter().copied()))
                .into_tuple()
                .all(&self.db)
                .await?;
            let mut wheels: HashMap<i64, HashMap<i32, Option<String>>> = HashMap::new();
            for (v, pos, sensor) in vehicle_wheel::Entity::find()
                .select_only()
                .column(vehicle_wheel::Column::VehicleId)
                .column(vehicle_wheel::Column::Position)
                .column(vehicle_wheel::Column::SensorNo)
                .filter(vehicle_wheel::Column::VehicleId.is_in(chunk.iter().copied()))
                .into_tuple::<(i64, i32, Option<String>)>()
                .all(&self.db)
                .await?
            {
                wheels.entry(v).or_default().insert(pos, sensor);
            }
            // Per vehicle: its newest report's time and latest wheel readings.
            type Stored = (Option<DateTime<Utc>>, Option<Vec<u8>>);
            let mut last: HashMap<i64, Stored> = vehicle_state::Entity::find()
                .select_only()
                .column(vehicle_state::Column::VehicleId)
                .column(vehicle_state::Column::FinalAt)
                .column(vehicle_state::Column::Wheels)
                .filter(vehicle_state::Column::VehicleId.is_in(chunk.iter().copied()))
                .into_tuple::<(i64, Option<DateTime<Utc>>, Option<Vec<u8>>)>()
                .all(&self.db)
                .await?
                .into_iter()
                .map(|(v, at, packed)| (v, (at, packed)))
                .collect();
            let mut open: HashMap<i64, HashMap<(i32, i16), OpenAlarm>> = HashMap::new();
            for (v, pos, k, level) in vehicle_alarm::Entity::find()
                .select_only()
                .column(vehicle_alarm::Column::VehicleId)
                .column(vehicle_alarm::Column::Position)
                .column(vehicle_alarm::Column::Kind)
                .column(vehicle_alarm::Column::Level)
                .filter(vehicle_alarm::Column::VehicleId.is_in(chunk.iter().copied()))
                .filter(vehicle_alarm::Column::State.lt(CLEARED))
                .into_tuple::<(i64, i32, i16, i16)>()
                .all(&self.db)
                .await?
            {
                open.entry(v).or_default().insert(
                    (pos, k),
                    OpenAlarm {
                        level,
                        written: Instant::now(),
                    },
                );
            }
            for (id, enterprise_id, plate, kind) in rows {
                let (final_at, packed) = last.remove(&id).unwrap_or_default();
                self.vehicles.insert(
                    id,
                    LiveVehicle {
                        enterprise_id,
                        plate,
                        trailer: kind == 1,
                        wheels: wheels.remove(&id).unwrap_or_default(),
                        latest: packed
                            .map(|p| wheel_values::decode(&p))
                            .unwrap_or_default()
                            .into_iter()
                            .map(|w| ((w.kind, w.position), w))
                            .collect(),
                        last_ts: final_at.map_or(0, |t| t.timestamp_millis()),
                        // Taken whole now: memory stays flat as reports arrive.
                        recent: VecDeque::with_capacity(RECENT_TIMES),
                        tyre_seen: HashMap::new(),
                        memory: VehicleMemory::new(),
                        open: open.remove(&id).unwrap_or_default(),
                    },
                );
            }
        }
        Ok(())
    }

    /// Writes a batch in one transaction and answers every job of it.
    async fn write(&mut self, batch: Vec<(Vec<Accepted>, ReplyTo)>) {
        let mut replies = Vec::with_capacity(batch.len());
        let mut reports = Vec::new();
        for (accepted, done) in batch {
            replies.push((done, Vec::new()));
            let job = replies.len() - 1;
            reports.extend(accepted.into_iter().map(|a| (job, a)));
        }
        // Device time order, so leak rates and "newest" are judged in sequence.
        reports.sort_by_key(|(_, a)| a.report.ts);
        // Changes of a batch (or sweep) that failed before its commit were never made.
        self.alarm_changes.clear();
        let result = self.store(&reports, &mut replies).await;
        match result {
            Ok((events, states)) => {
                self.fleet.patch(states);
                for (done, duplicates) in replies {
                    let _ = done.send(Ok(duplicates));
                }
                for publish in events {
                    publish(&self.live);
                }
                self.forward_alarm_changes().await;
            }
            Err(err) => {
                tracing::error!(%err, "storing reports");
                // The transaction rolled back: forget what this batch taught the memory.
                self.vehicles.clear();
                self.heartbeats.clear();
                for (done, _) in replies {
                    let _ = done.send(Err(err.to_string()));
                }
            }
        }
    }

    #[allow(clippy::too_many_lines)]
    async fn store(
        &mut self,
        reports: &[(usize, Accepted)],
        replies: &mut [(ReplyTo, Vec<(usize, Rejected)>)],
    ) -> Result<(Vec<Publish>, Vec<(i64, LiveState)>), AppError> {
        let now = Utc::now();
        let mut positions = Vec::new();
        let mut frames = Vec::new();
        // The last sensor id seen at each configured position: one row per key, as one
        // upsert statement may touch a row only once.
        let mut sensors: BTreeMap<(i64, i32), String> = BTreeMap::new();
        let mut newest: HashMap<i64, &Report> = HashMap::new();
        let mut heartbeats: HashSet<i64> = HashSet::new();
        let mut conditions: Vec<(i64, i64, Condition)> = Vec::new();
        self.load(reports.iter().filter_map(|(_, a)| a.device.vehicle_id))
            .await?;
        self.places.refresh(&self.db).await?;
        for (job, a) in reports {
            heartbeats.insert(a.device.id);
            let Some(vehicle_id) = a.device.vehicle_id else {
                continue;
            };
            // A vehicle deleted since its device was cached.
            if !self.vehicles.contains_key(&vehicle_id) {
                continue;
            }
            let limits = {
                let ent = self.vehicles[&vehicle_id].enterprise_id;
                self.thresholds(ent).await?
            };
            let v = self
                .vehicles
                .get_mut(&vehicle_id)
                .expect("loaded just above");
            let r = &a.report;
            if v.is_duplicate(r.ts) {
                replies[*job].1.push((
                    a.index,
                    Rejected {
                        reason: Rejection::Duplicate,
                        detail: format!("ts {} already stored", r.ts),
                    },
                ));
                continue;
            }
            let late = r.ts < v.last_ts;
            v.remember(r.ts);
            let at = ms(r.ts);
            if let Some(g) = &r.gps {
                for place in
                    self.places
                        .observe(vehicle_id, v.enterprise_id, r.ts, [g.lon, g.lat], g.speed)
                {
                    conditions.push((
                        vehicle_id,
                        r.ts,
                        Condition {
                            position: place.position,
                            kind: place.kind,
                            verdict: match place.raise {
                                Some((value, threshold)) => Verdict::Raise {
                                    level: LEVEL_WARNING,
                                    value,
                                    threshold,
                                },
                                None => Verdict::Clear,
                            },
                        },
                    ));
                }
                positions.push(position::Model {
                    vehicle_id,
                    ts: at,
                    lat: g.lat,
                    lon: g.lon,
                    speed: g.speed,
                    #[allow(clippy::cast_possible_truncation)]
                    direction: g.direction.round() as i16,
                    ignition: g.speed > 0.0,
                    mileage: None,
                    voltage: r.power,
                });
            }
            let wheels = report_wheels(r);
            if !wheels.is_empty() {
                frames.push(wheel_frame::Model {
                    vehicle_id,
                    ts: at,
                    wheels: wheel_values::encode(&wheels),
                });
            }
            if late {
                continue;
            }
            for w in wheels {
                let read_at = Some(r.ts);
                v.latest
                    .insert((w.kind, w.position), WheelValue { read_at, ..w });
            }
            // The sensor id of a configured position follows what reports there.
            for t in &r.tyres {
                if let (Some(known), Some(id)) = (v.wheels.get_mut(&t.pos), &t.sensor_id)
                    && known.as_ref() != Some(id)
                {
                    *known = Some(id.clone());
                    sensors.insert((vehicle_id, t.pos), id.clone());
                }
            }
            newest.insert(vehicle_id, r);
            let trailer = v.trailer;
            for c in
                conditions::evaluate(r, |pos| limits[axle_position(trailer, pos)], &mut v.memory)
            {
                conditions.push((vehicle_id, r.ts, c));
            }
            // A sensor silent for the enterprise's offline minutes while its vehicle keeps
            // reporting is lost; a reading from it clears that.
            for t in &r.tyres {
                v.tyre_seen.insert(t.pos, r.ts);
            }
            for (pos, seen) in &v.tyre_seen {
                let limit = limits[axle_position(trailer, *pos)].offline_minutes;
                #[allow(clippy::cast_precision_loss)]
                let silent = (r.ts - seen) as f64 / 60_000.0;
                if silent > f64::from(limit) {
                    conditions.push((
                        vehicle_id,
                        r.ts,
                        Condition {
                            position: *pos,
                            kind: kind::SENSOR_LOST,
                            verdict: Verdict::Raise {
                                level: LEVEL_WARNING,
                                value: silent.round(),
                                threshold: f64::from(limit),
                            },
                        },
                    ));
                }
            }
            // Any report ends "offline".
            for t in &r.tyres {
                conditions.push((
                    vehicle_id,
                    r.ts,
                    Condition {
                        position: t.pos,
                        kind: kind::SENSOR_LOST,
                        verdict: Verdict::Clear,
                    },
                ));
            }
            conditions.push((
                vehicle_id,
                r.ts,
                Condition {
                    position: 0,
                    kind: kind::DEVICE_OFFLINE,
                    verdict: Verdict::Clear,
                },
            ));
        }

        // Everything of the batch or nothing: the history, alarms, states, sensors and
        // heartbeats below commit together (`BulkTxn`: on PostgreSQL a sqlx transaction whose
        // batch inserts are one statement per table).
        let txn = BulkTxn::begin(&self.db).await?;
        domain::vehicle::history::record_positions(&txn, &positions).await?;
        // A report for a finished day changes that day's stored track fragment, trips and
        // mileage.
        let today = chrono::Utc::now().date_naive();
        let late_days: Vec<(i64, chrono::NaiveDate)> = positions
            .iter()
            .map(|p| (p.vehicle_id, p.ts.date_naive()))
            .filter(|(_, day)| *day < today)
            .collect::<std::collections::BTreeSet<_>>()
            .into_iter()
            .collect();
        if !late_days.is_empty() {
            domain::track::fragments::forget(&txn, &late_days).await?;
            domain::vehicle::days::mark(&txn, &late_days, now).await?;
        }
        domain::vehicle::history::record_frames(&txn, &frames).await?;
        let mut events: Vec<Publish> = Vec::new();
        let mut changed_alarms: HashSet<i64> = HashSet::new();
        for (vehicle_id, ts, c) in conditions {
            if let Some(event) = self.apply(&txn, vehicle_id, ts, &c).await? {
                changed_alarms.insert(vehicle_id);
                events.push(event);
            }
        }
        let states = self.write_state(&txn, &newest, now).await?;
        if !sensors.is_empty() {
            // Configured positions only, so every row exists: this updates their sensor.
            const SENSORS: BulkInsert<'static> = BulkInsert {
                table: "vehicle_wheels",
                columns: &["vehicle_id", "position", "axle", "sensor_no"],
                conflict: &["vehicle_id", "position"],
                on_conflict: OnCollision::UpdateAllBut(&["axle"]),
            };
            let rows = sensors
                .into_iter()
                .map(|((vehicle_id, position), sensor_no)| {
                    #[allow(clippy::cast_possible_truncation)]
                    let axle = (position / 10) as i16;
                    vec![
                        vehicle_id.into(),
                        position.into(),
                        axle.into(),
                        sensor_no.into(),
                    ]
                })
                .collect();
            txn.insert(&SENSORS, rows).await?;
        }
        heartbeats.retain(|d| {
            self.heartbeats
                .get(d)
                .is_none_or(|at| at.elapsed() >= HEARTBEAT_REFRESH)
        });
        if !heartbeats.is_empty() {
            device::Entity::update_many()
                .col_expr(device::Column::HeartbeatAt, Expr::value(now))
                .col_expr(device::Column::Online, Expr::value(true))
                .filter(id_in(
                    device::Column::Id,
                    heartbeats.iter().copied().collect(),
                    txn.get_database_backend(),
                ))
                .exec(&txn)
                .await?;
        }
        txn.commit().await?;
        let written = Instant::now();
        self.heartbeats
            .extend(heartbeats.into_iter().map(|d| (d, written)));
        for (vehicle_id, r) in &newest {
            let v = &self.vehicles[vehicle_id];
            let entry = vehicle_delta(*vehicle_id, v, r, self.alarm_summary(*vehicle_id));
            let ent = v.enterprise_id;
            let id = *vehicle_id;
            events.push(Box::new(move |hub: &LiveHub| {
                hub.publish(EventKind::Vehicle, ent, id, &entry);
            }));
        }
        Ok((events, states))
    }
}

type ReplyTo = oneshot::Sender<Result<Vec<(usize, Rejected)>, String>>;

type Publish = Box<dyn FnOnce(&LiveHub) + Send>;
