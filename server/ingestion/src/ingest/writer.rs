//! The writer: one task that turns accepted reports into stored history, live state, alarms
//! and live events, in batches, keeping each vehicle's recent memory (open alarms, last values).

use super::{Accepted, Job};
use crate::conditions::{self, Condition, VehicleMemory, Verdict};
use crate::report::{Rejected, Rejection, Report};
use chrono::{DateTime, Utc};
use domain::enterprise::settings::{Thresholds, effective_thresholds};
use domain::live::hub::{EventKind, LiveHub};
use domain::vehicle::alarms::{self, AlarmEvent, AlarmFeed, CLEARED, LEVEL_WARNING, Raise, kind};
use entities::wheel_values::{self, AXLE, TYRE, WheelValue};
use entities::{
    device, position, vehicle, vehicle_alarm, vehicle_state, vehicle_wheel, wheel_frame,
};
use kernel::db::{BulkInsert, OnCollision, write_txn};
use kernel::error::AppError;
use sea_orm::sea_query::Expr;
use sea_orm::{
    ColumnTrait, ConnectionTrait, DatabaseConnection, EntityTrait, QueryFilter, QuerySelect,
};
use serde::Serialize;
use std::collections::{BTreeMap, HashMap, HashSet, VecDeque};
use std::time::{Duration, Instant};
use tokio::sync::{mpsc, oneshot};

/// Reports per transaction at most.
pub const MAX_BATCH: usize = 4000;

/// Vehicles loaded per query (bound parameters stay far below every database's limit).
const LOAD_CHUNK: usize = 1000;

/// Recent report times kept per vehicle to drop duplicates.
const RECENT_TIMES: usize = 64;

/// An open alarm's value and last-seen time are written at most this often.
const ALARM_REFRESH: Duration = Duration::from_secs(60);

const THRESHOLDS_TTL: Duration = Duration::from_secs(60);

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
    /// The push dispatcher's feed: every alarm change, sent after its commit.
    alarm_feed: AlarmFeed,
    /// Alarm changes of the transaction being written, forwarded once it committed.
    alarm_changes: Vec<AlarmEvent>,
    vehicles: HashMap<i64, LiveVehicle>,
    thresholds: HashMap<i64, (Instant, [Thresholds; 3])>,
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
    pub(super) fn new(db: DatabaseConnection, live: LiveHub, alarm_feed: AlarmFeed) -> Self {
        Self {
            db,
            live,
            alarm_feed,
            alarm_changes: Vec::new(),
            vehicles: HashMap::new(),
            thresholds: HashMap::new(),
        }
    }

    pub(super) async fn run(mut self, mut queue: mpsc::Receiver<Job>) {
        while let Some(first) = queue.recv().await {
            let mut batch = Vec::new();
            let mut size = 0;
            let mut sweep = false;
            let mut next = Some(first);
            while let Some(job) = next.take() {
                match job {
                    Job::Sweep => sweep = true,
                    Job::Reports { reports, done } => {
                        size += reports.len();
                        batch.push((reports, done));
                    }
                }
                if size < MAX_BATCH {
                    next = queue.try_recv().ok();
                }
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
                        recent: VecDeque::new(),
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
            Ok(events) => {
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
    ) -> Result<Vec<Publish>, AppError> {
        let now = Utc::now();
        let mut positions = Vec::new();
        let mut frames = Vec::new();
        let mut sensors: Vec<(i64, i32, String)> = Vec::new();
        let mut newest: HashMap<i64, &Report> = HashMap::new();
        let mut heartbeats: HashSet<i64> = HashSet::new();
        let mut conditions: Vec<(i64, i64, Condition)> = Vec::new();
        self.load(reports.iter().filter_map(|(_, a)| a.device.vehicle_id))
            .await?;
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
                    sensors.push((vehicle_id, t.pos, id.clone()));
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

        let txn = write_txn(&self.db).await?;
        domain::vehicle::history::record_positions(&txn, &positions).await?;
        domain::vehicle::history::record_frames(&txn, &frames).await?;
        let mut events: Vec<Publish> = Vec::new();
        let mut changed_alarms: HashSet<i64> = HashSet::new();
        for (vehicle_id, ts, c) in conditions {
            if let Some(event) = self.apply(&txn, vehicle_id, ts, &c).await? {
                changed_alarms.insert(vehicle_id);
                events.push(event);
            }
        }
        self.write_state(&txn, &newest, now).await?;
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
                .map(|(vehicle_id, position, sensor_no)| {
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
            SENSORS.run(&txn, rows).await?;
        }
        if !heartbeats.is_empty() {
            device::Entity::update_many()
                .col_expr(device::Column::HeartbeatAt, Expr::value(now))
                .col_expr(device::Column::Online, Expr::value(true))
                .filter(device::Column::Id.is_in(heartbeats))
                .exec(&txn)
                .await?;
        }
        txn.commit().await?;
        for (vehicle_id, r) in &newest {
            let v = &self.vehicles[vehicle_id];
            let entry = vehicle_delta(*vehicle_id, v, r, self.alarm_summary(*vehicle_id));
            let ent = v.enterprise_id;
            let id = *vehicle_id;
            events.push(Box::new(move |hub: &LiveHub| {
                hub.publish(EventKind::Vehicle, ent, id, &entry);
            }));
        }
        Ok(events)
    }

    /// Kind and level of the worst open alarm of a vehicle.
    fn alarm_summary(&self, vehicle_id: i64) -> (i16, i16) {
        self.vehicles[&vehicle_id]
            .open
            .iter()
            .max_by_key(|((_, k), a)| (a.level, *k))
            .map_or((0, 0), |((_, k), a)| (*k, a.level))
    }

    /// Applies one condition to the vehicle's alarms; answers the event to publish when an
    /// alarm opened, rose in level or cleared.
    async fn apply(
        &mut self,
        txn: &impl ConnectionTrait,
        vehicle_id: i64,
        ts: i64,
        c: &Condition,
    ) -> Result<Option<Publish>, AppError> {
        let v = self.vehicles.get_mut(&vehicle_id).expect("loaded");
        let key = (c.position, c.kind);
        let at = ms(ts);
        let saved = match &c.verdict {
            Verdict::Clear => {
                if v.open.remove(&key).is_none() {
                    return Ok(None);
                }
                alarms::clear_condition(txn, vehicle_id, c.position, c.kind, at).await?
            }
            Verdict::Raise {
                level,
                value,
                threshold,
            } => {
                let known = v.open.get(&key).cloned();
                if let Some(open) = &known
                    && open.level >= *level
                    && open.written.elapsed() < ALARM_REFRESH
                {
                    return Ok(None);
                }
                let (alarm, opened) = alarms::raise(
                    txn,
                    &Raise {
                        enterprise_id: v.enterprise_id,
                        // The writer knows every open alarm of its vehicles, except one a
                        // person cleared meanwhile (then a new one opens).
                        maybe_open: known.is_some(),
                        vehicle_id,
                        position: c.position,
                        kind: c.kind,
                        level: *level,
                        value: Some(*value),
                        threshold: Some(*threshold),
                        at,
                    },
                )
                .await?;
                v.open.insert(
                    key,
                    OpenAlarm {
                        level: alarm.level,
                        written: Instant::now(),
                    },
                );
                // A refresh of an alarm already known at this level tells nobody anything; one
                // opened anew (the known one was cleared from the console meanwhile) does.
                if !opened && known.is_some_and(|k| k.level >= alarm.level) {
                    return Ok(None);
                }
                Some(alarm)
            }
        };
        let Some(a) = saved else { return Ok(None) };
        let event = AlarmEvent::new(&a, v.plate.clone());
        let ent = v.enterprise_id;
        self.alarm_changes.push(event.clone());
        Ok(Some(Box::new(move |hub: &LiveHub| {
            hub.publish(EventKind::Alarm, ent, vehicle_id, &event);
        })))
    }

    /// Latest position, flags and wheel readings of the vehicles with a newest report, one
    /// state row each.
    async fn write_state(
        &self,
        txn: &impl ConnectionTrait,
        newest: &HashMap<i64, &Report>,
        now: DateTime<Utc>,
    ) -> Result<(), AppError> {
        if newest.is_empty() {
            return Ok(());
        }
        const UPSERT: BulkInsert<'static> = BulkInsert {
            table: "vehicle_states",
            columns: &[
                "vehicle_id",
                "address",
                "closed",
                "lat",
                "lon",
                "speed",
                "direction",
                "gps_at",
                "final_at",
                "online",
                "ignition",
                "alarm",
                "alarm_type",
                "alarm_level",
                "tp_flags",
                "axle_flags",
                "temp_difference24h",
                "high_temp24h",
                "battery",
                "voltage",
                "updated_at",
                "wheels",
            ],
            conflict: &["vehicle_id"],
            // The address is geocoded elsewhere; the service flag is the console's.
            on_conflict: OnCollision::UpdateAllBut(&["address", "closed"]),
        };
        let mut rows = Vec::with_capacity(newest.len());
        for (vehicle_id, r) in newest {
            let v = &self.vehicles[vehicle_id];
            let (tp_flags, axle_flags) = v.flags();
            let (alarm_type, alarm_level) = self.alarm_summary(*vehicle_id);
            let at = ms(r.ts);
            let gps = r.gps.as_ref();
            #[allow(clippy::cast_possible_truncation)]
            let battery = r
                .tyres
                .iter()
                .filter_map(|t| t.battery)
                .reduce(f64::min)
                .map(|b| b.round() as i16);
            #[allow(clippy::cast_possible_truncation)]
            let direction = gps.map_or(0, |g| g.direction.round() as i16);
            let latest: Vec<WheelValue> = v.latest.values().copied().collect();
            rows.push(vec![
                (*vehicle_id).into(),
                String::new().into(),
                false.into(),
                gps.map(|g| g.lat).into(),
                gps.map(|g| g.lon).into(),
                gps.map_or(0.0, |g| g.speed).into(),
                direction.into(),
                gps.map(|_| at).into(),
                Some(at).into(),
                true.into(),
                gps.is_some_and(|g| g.speed > 0.0).into(),
                (!v.open.is_empty()).into(),
                alarm_type.into(),
                alarm_level.into(),
                tp_flags.into(),
                axle_flags.into(),
                v.open
                    .keys()
                    .any(|(_, k)| *k == kind::AXLE_TEMP_DIFFERENCE)
                    .into(),
                v.open
                    .keys()
                    .any(|(_, k)| *k == kind::AXLE_HIGH_TEMP)
                    .into(),
                battery.into(),
                r.power.into(),
                now.into(),
                Some(wheel_values::encode(&latest)).into(),
            ]);
        }
        UPSERT.run(txn, rows).await?;
        Ok(())
    }

    /// Silent vehicles go offline; silent sensors of reporting vehicles are lost.
    async fn sweep(&mut self) -> Result<(), AppError> {
        // Changes of a batch (or sweep) that failed before its commit were never made.
        self.alarm_changes.clear();
        let now = Utc::now();
        let silent: Vec<(i64, Option<DateTime<Utc>>)> = vehicle_state::Entity::find()
            .select_only()
            .column(vehicle_state::Column::VehicleId)
            .column(vehicle_state::Column::FinalAt)
            .filter(vehicle_state::Column::Online.eq(true))
            .filter(vehicle_state::Column::FinalAt.lt(now - chrono::Duration::minutes(1)))
            .into_tuple()
            .all(&self.db)
            .await?;
        let owners: HashMap<i64, i64> = vehicle::Entity::find()
            .select_only()
            .column(vehicle::Column::Id)
            .column(vehicle::Column::EnterpriseId)
            .filter(vehicle::Column::Id.is_in(silent.iter().map(|(v, _)| *v)))
            .into_tuple()
            .all(&self.db)
            .await?
            .into_iter()
            .collect();
        let candidates = silent
            .into_iter()
            .filter_map(|(v, at)| owners.get(&v).map(|e| (v, *e, at)));
        let mut offline = Vec::new();
        for (vehicle_id, ent, final_at) in candidates {
            let minutes = i64::from(self.thresholds(ent).await?[1].offline_minutes);
            if final_at.is_none_or(|t| now - t > chrono::Duration::minutes(minutes)) {
                offline.push((vehicle_id, final_at));
            }
        }
        if offline.is_empty() {
            return Ok(());
        }
        self.load(offline.iter().map(|(v, _)| *v)).await?;
        let txn = write_txn(&self.db).await?;
        let mut events = Vec::new();
        for (vehicle_id, final_at) in &offline {
            if !self.vehicles.contains_key(vehicle_id) {
                continue;
            }
            let silent = final_at.map_or(0.0, |t| {
                #[allow(clippy::cast_precision_loss)]
                let m = (now - t).num_minutes() as f64;
                m
            });
            let raise = Condition {
                position: 0,
                kind: kind::DEVICE_OFFLINE,
                verdict: Verdict::Raise {
                    level: LEVEL_WARNING,
                    value: silent,
                    threshold: 0.0,
                },
            };
            if let Some(e) = self
                .apply(&txn, *vehicle_id, now.timestamp_millis(), &raise)
                .await?
            {
                events.push(e);
            }
        }
        // One statement per distinct worst alarm instead of one per vehicle.
        let mut by_worst: BTreeMap<(bool, i16, i16), Vec<i64>> = BTreeMap::new();
        for (vehicle_id, _) in &offline {
            if let Some(v) = self.vehicles.get(vehicle_id) {
                let (alarm_type, alarm_level) = self.alarm_summary(*vehicle_id);
                by_worst
                    .entry((!v.open.is_empty(), alarm_type, alarm_level))
                    .or_default()
                    .push(*vehicle_id);
            }
        }
        for ((alarm, alarm_type, alarm_level), vehicles) in by_worst {
            for chunk in vehicles.chunks(LOAD_CHUNK) {
                vehicle_state::Entity::update_many()
                    .col_expr(vehicle_state::Column::Online, Expr::value(false))
                    .col_expr(vehicle_state::Column::Speed, Expr::value(0.0))
                    .col_expr(vehicle_state::Column::Alarm, Expr::value(alarm))
                    .col_expr(vehicle_state::Column::AlarmType, Expr::value(alarm_type))
                    .col_expr(vehicle_state::Column::AlarmLevel, Expr::value(alarm_level))
                    .filter(vehicle_state::Column::VehicleId.is_in(chunk.iter().copied()))
                    .exec(&txn)
                    .await?;
            }
        }
        txn.commit().await?;
        for publish in events {
            publish(&self.live);
        }
        self.forward_alarm_changes().await;
        Ok(())
    }

    /// Hands the committed alarm changes to the push dispatcher; waits when it is behind
    /// (rather than drop a push), and carries on if it is gone (the server is stopping).
    async fn forward_alarm_changes(&mut self) {
        for event in self.alarm_changes.drain(..) {
            if self.alarm_feed.send(event).await.is_err() {
                return;
            }
        }
    }
}

/// The tyres and axles of a report as one history frame's wheels.
fn report_wheels(r: &Report) -> Vec<WheelValue> {
    let tyres = r.tyres.iter().map(|t| WheelValue {
        kind: TYRE,
        position: t.pos,
        pressure: t.pressure,
        temp: t.temp,
        #[allow(clippy::cast_possible_truncation)]
        battery: t.battery.map(|b| b.round() as i16),
        status: t.status.unwrap_or_default(),
        read_at: None,
    });
    let axles = r.axles.iter().map(|x| WheelValue {
        kind: AXLE,
        position: x.pos,
        pressure: None,
        temp: Some(x.temp),
        battery: None,
        status: 0,
        read_at: None,
    });
    tyres.chain(axles).collect()
}

type ReplyTo = oneshot::Sender<Result<Vec<(usize, Rejected)>, String>>;

type Publish = Box<dyn FnOnce(&LiveHub) + Send>;

/// A vehicle's state after a report, in watchList4's short keys (docs/fleet-data.md) with
/// explicit zeros: the console merges it into the entry it has.
#[derive(Serialize)]
struct VehicleDelta {
    i: i64,
    e: i64,
    p: String,
    ft: i64,
    o: i32,
    a: i32,
    ay: i16,
    al: i16,
    so: i32,
    xa: i32,
    ta: TyreFlags,
    #[serde(skip_serializing_if = "Option::is_none")]
    gp: Option<GpsDelta>,
    #[serde(skip_serializing_if = "Option::is_none")]
    d: Option<i64>,
}

#[derive(Serialize)]
struct TyreFlags {
    hp: i32,
    lp: i32,
    ht: i32,
    r: i32,
    sl: i32,
    ss: i32,
    sf: i32,
}

#[derive(Serialize)]
struct GpsDelta {
    t: i64,
    la: f64,
    lo: f64,
    s: f64,
    di: f64,
}

fn vehicle_delta(vehicle_id: i64, v: &LiveVehicle, r: &Report, worst: (i16, i16)) -> VehicleDelta {
    let (tp, axle) = v.flags();
    let bit = |flags: i32, b: i32| i32::from(flags & b != 0);
    VehicleDelta {
        i: vehicle_id,
        e: v.enterprise_id,
        p: v.plate.clone(),
        ft: r.ts,
        o: 0,
        a: i32::from(!v.open.is_empty()),
        ay: worst.0,
        al: worst.1,
        so: i32::from(r.gps.as_ref().is_some_and(|g| g.speed > 0.0)),
        xa: bit(axle, 1),
        ta: TyreFlags {
            hp: bit(tp, 1),
            lp: bit(tp, 2),
            ht: bit(tp, 4),
            r: bit(tp, 8),
            sl: bit(tp, 16),
            ss: bit(tp, 32),
            sf: bit(tp, 64),
        },
        gp: r.gps.as_ref().map(|g| GpsDelta {
            t: r.ts,
            la: g.lat,
            lo: g.lon,
            s: g.speed,
            di: g.direction,
        }),
        d: r.gps.as_ref().map(|_| r.ts),
    }
}
