//! The whole fleet in memory, for the map feed (watchList4) and the state counters: 30,000
//! vehicles take far longer to join, decode and serialise per request than to filter from
//! memory, and the map asks for all of them at once.
//!
//! Each vehicle is kept with its watchList4 entry already serialised (full and map subset). The
//! snapshot is read from the database once, on first use, and again only after a write that
//! may have changed every vehicle ([`FleetSnapshot::invalidate`]) or when it missed live events;
//! never on a timer. Between those:
//! - the ingestion writer hands over the live state of every vehicle it wrote, after its commit
//!   ([`FleetSnapshot::patch`]): the entry is patched and re-serialised in memory, no query;
//! - vehicles named by alarm events (acknowledgements, the offline sweep) and by console writes
//!   (`changes`) are re-read by id before the next answer and by a background pass every second;
//! - a row read from the database never undoes a newer state the writer handed over.
//!
//! So the feed never lags what the websocket already told consoles. Scope, follows and member
//! filters are applied per request.

use std::collections::{BTreeMap, HashMap, HashSet};
use std::fmt::Write as _;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, RwLock};
use std::time::{Duration, Instant};

use chrono::Utc;
use entities::{vehicle_follower, vehicle_member};
use sea_orm::{ColumnTrait, DatabaseConnection, EntityTrait, QueryFilter, QuerySelect};
use tokio::sync::broadcast::{self, error::TryRecvError};

use super::fleet::{self, FleetFilter, FleetRow, FleetStatistics, LiveState};
use crate::live::hub::{EventKind, LiveEvent, LiveHub};
use crate::scope::{Scope, VehicleVisibility};
use kernel::error::AppError;

/// Vehicles re-read per query when live events named them.
const REFRESH_CHUNK: usize = 500;

/// The fleet snapshot; cheap to clone.
#[derive(Clone)]
pub struct FleetSnapshot {
    shared: Arc<Shared>,
}

struct Shared {
    db: DatabaseConnection,
    vehicles: RwLock<Vehicles>,
    /// Live events not yet looked at; only their vehicle ids matter.
    events: Mutex<broadcast::Receiver<Arc<LiveEvent>>>,
    /// Vehicles whose live state changed since they were read.
    changed: Mutex<HashSet<i64>>,
    /// Set by a write (or missed events): reload everything before the next answer.
    stale: AtomicBool,
    /// Set when receivers gained or lost repeaters: recount before the next answer.
    repeaters_stale: AtomicBool,
    /// One reload or refresh at a time.
    loading: tokio::sync::Mutex<()>,
}

#[derive(Default)]
struct Vehicles {
    by_id: BTreeMap<i64, Kept>,
    repeaters: HashMap<i64, i64>,
    loaded_at: Option<Instant>,
}

/// A vehicle and its serialised entries (without the caller's follow flag).
struct Kept {
    row: FleetRow,
    /// The offline flag the entries were serialised with.
    offline: bool,
    full: Box<str>,
    map: Box<str>,
}

impl Kept {
    fn new(row: FleetRow, repeaters: &HashMap<i64, i64>, offline: bool) -> Self {
        let receiver_repeaters = row.device_id.and_then(|d| repeaters.get(&d).copied());
        let full = serialise(&fleet::entry(&row, receiver_repeaters, offline, true));
        let map = serialise(&fleet::entry(&row, None, offline, false));
        Self {
            row,
            offline,
            full,
            map,
        }
    }
}

fn serialise(entry: &fleet::FleetEntry) -> Box<str> {
    serde_json::to_string(entry)
        .expect("a fleet entry serialises to JSON")
        .into_boxed_str()
}

/// Who asks, reduced to what filtering in memory needs.
struct Audience {
    vehicles: VehicleVisibility,
    followed: HashSet<i64>,
    /// Only these vehicles (a member's), when asked.
    only: Option<HashSet<i64>>,
    enterprise: Option<i64>,
}

impl Audience {
    fn sees(&self, row: &FleetRow) -> bool {
        self.vehicles.sees(row.id, row.enterprise_id)
            && self.enterprise.is_none_or(|e| e == row.enterprise_id)
            && self.only.as_ref().is_none_or(|o| o.contains(&row.id))
    }
}

impl FleetSnapshot {
    /// A snapshot fed by `live`'s events, with a background pass that keeps it current.
    pub fn start(db: DatabaseConnection, live: &LiveHub) -> Self {
        let (events, _) = live.subscribe();
        let snapshot = Self {
            shared: Arc::new(Shared {
                db,
                vehicles: RwLock::new(Vehicles::default()),
                events: Mutex::new(events),
                changed: Mutex::new(HashSet::new()),
                stale: AtomicBool::new(true),
                repeaters_stale: AtomicBool::new(false),
                loading: tokio::sync::Mutex::new(()),
            }),
        };
        let weak = Arc::downgrade(&snapshot.shared);
        tokio::spawn(async move {
            let mut tick = tokio::time::interval(Duration::from_secs(1));
            tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
            loop {
                tick.tick().await;
                let Some(shared) = weak.upgrade() else { return };
                let snapshot = Self { shared };
                // Only keep a snapshot someone has asked for current.
                if snapshot.loaded()
                    && let Err(e) = snapshot.current().await
                {
                    tracing::warn!(error = %e, "refreshing the fleet snapshot");
                }
            }
        });
        snapshot
    }

    /// Forget everything: the next answer reloads (after a write that may have changed any
    /// vehicle).
    pub fn invalidate(&self) {
        self.shared.stale.store(true, Ordering::Release);
    }

    /// Re-read these vehicles before the next answer (after a write changed them).
    pub fn touch(&self, vehicles: impl IntoIterator<Item = i64>) {
        self.shared
            .changed
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .extend(vehicles);
    }

    /// The live state of vehicles the ingestion writer has just committed: their entries are
    /// patched in place. A vehicle the snapshot does not hold yet (created since it loaded) is
    /// read before the next answer.
    pub fn patch(&self, states: Vec<(i64, LiveState)>) {
        let cutoff = fleet::cutoff();
        let mut unknown = Vec::new();
        {
            let mut vehicles = self.write();
            if vehicles.loaded_at.is_none() {
                // Not loaded yet: the first load reads these states.
                return;
            }
            let Vehicles {
                by_id, repeaters, ..
            } = &mut *vehicles;
            for (id, state) in states {
                match by_id.remove(&id) {
                    Some(kept) => {
                        let mut row = kept.row;
                        row.apply(&state);
                        let offline = row.offline(cutoff);
                        by_id.insert(id, Kept::new(row, repeaters, offline));
                    }
                    None => unknown.push(id),
                }
            }
        }
        self.touch(unknown);
    }

    /// Recount repeaters per receiver before the next answer.
    pub fn repeaters_changed(&self) {
        self.shared.repeaters_stale.store(true, Ordering::Release);
    }

    /// The map feed's `data` as JSON: `{deviceList, total, at}`; `full` gives every key, else
    /// the map subset.
    pub async fn watch_list(
        &self,
        scope: &Scope,
        filter: FleetFilter,
        full: bool,
    ) -> Result<String, AppError> {
        let audience = self.audience(scope, filter).await?;
        self.current().await?;
        let cutoff = fleet::cutoff();
        let vehicles = self.read();
        let mut body = String::with_capacity(vehicles.by_id.len() * if full { 220 } else { 130 });
        body.push_str(r#"{"deviceList":["#);
        let mut total = 0usize;
        for kept in vehicles.by_id.values().filter(|k| audience.sees(&k.row)) {
            if total > 0 {
                body.push(',');
            }
            total += 1;
            let offline = kept.row.offline(cutoff);
            let fresh;
            let entry: &str = if offline == kept.offline {
                if full { &kept.full } else { &kept.map }
            } else {
                // Went offline since it was serialised; the background pass will keep this.
                let repeaters = kept
                    .row
                    .device_id
                    .and_then(|d| vehicles.repeaters.get(&d).copied());
                fresh = serialise(&fleet::entry(&kept.row, repeaters, offline, full));
                &fresh
            };
            if audience.followed.contains(&kept.row.id) {
                body.push_str(r#"{"at":1,"#);
                body.push_str(&entry[1..]);
            } else {
                body.push_str(entry);
            }
        }
        let _ = write!(
            body,
            r#"],"total":{total},"at":{}}}"#,
            Utc::now().timestamp_millis()
        );
        Ok(body)
    }

    /// Counts by state over the same vehicles as the map feed.
    pub async fn statistics(
        &self,
        scope: &Scope,
        filter: FleetFilter,
    ) -> Result<FleetStatistics, AppError> {
        let audience = self.audience(scope, filter).await?;
        self.current().await?;
        let cutoff = fleet::cutoff();
        let mut stats = FleetStatistics::default();
        for kept in self.read().by_id.values().filter(|k| audience.sees(&k.row)) {
            stats.add(
                &kept.row,
                kept.row.offline(cutoff),
                audience.followed.contains(&kept.row.id),
            );
        }
        Ok(stats)
    }

    async fn audience(&self, scope: &Scope, filter: FleetFilter) -> Result<Audience, AppError> {
        let db = &self.shared.db;
        let enterprise = filter.enterprise_id.filter(|e| *e != 0);
        if let Some(e) = enterprise {
            scope.require(e)?;
        }
        let vehicles = scope.vehicle_visibility(db).await?;
        let followed: Vec<i64> = vehicle_follower::Entity::find()
            .select_only()
            .column(vehicle_follower::Column::VehicleId)
            .filter(vehicle_follower::Column::UserId.eq(scope.user.id))
            .into_tuple()
            .all(db)
            .await?;
        let only = match filter.member_id.filter(|u| *u != 0) {
            Some(uid) => Some(
                vehicle_member::Entity::find()
                    .select_only()
                    .column(vehicle_member::Column::VehicleId)
                    .filter(vehicle_member::Column::UserId.eq(uid))
                    .into_tuple::<i64>()
                    .all(db)
                    .await?
                    .into_iter()
                    .collect(),
            ),
            None => None,
        };
        Ok(Audience {
            vehicles,
            followed: followed.into_iter().collect(),
            only,
            enterprise,
        })
    }

    fn loaded(&self) -> bool {
        self.read().loaded_at.is_some()
    }

    fn read(&self) -> std::sync::RwLockReadGuard<'_, Vehicles> {
        // Every write replaces whole entries, so a poisoned lock still holds a usable fleet.
        self.shared
            .vehicles
            .read()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    fn write(&self) -> std::sync::RwLockWriteGuard<'_, Vehicles> {
        self.shared
            .vehicles
            .write()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// Takes the vehicle ids of the alarm events published so far (vehicle events come from
    /// the writer, which patches the snapshot itself; messages change no vehicle); false when
    /// events were missed (the channel overflowed), which calls for a reload.
    fn take_events(&self) -> bool {
        let mut events = self
            .shared
            .events
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        let mut changed = self
            .shared
            .changed
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        loop {
            match events.try_recv() {
                Ok(event) => {
                    if event.kind == EventKind::Alarm {
                        changed.insert(event.vehicle_id);
                    }
                }
                Err(TryRecvError::Empty | TryRecvError::Closed) => return true,
                Err(TryRecvError::Lagged(_)) => {
                    changed.clear();
                    return false;
                }
            }
        }
    }

    /// Brings the snapshot up to date: a reload when never loaded, invalidated or events were
    /// missed, else a re-read of the vehicles alarm events and console writes named, and
    /// re-serialised entries of vehicles that went offline.
    async fn current(&self) -> Result<(), AppError> {
        let complete = self.take_events();
        let _loading = self.shared.loading.lock().await;
        let never = self.read().loaded_at.is_none();
        if !complete || never || self.shared.stale.swap(false, Ordering::AcqRel) {
            return self.reload().await;
        }
        if self.shared.repeaters_stale.swap(false, Ordering::AcqRel) {
            self.recount_repeaters().await?;
        }
        let changed: Vec<i64> = {
            let mut changed = self
                .shared
                .changed
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner);
            changed.drain().collect()
        };
        for ids in changed.chunks(REFRESH_CHUNK) {
            let rows = fleet::read_rows(&self.shared.db, Some(ids)).await?;
            let cutoff = fleet::cutoff();
            let mut vehicles = self.write();
            let Vehicles {
                by_id, repeaters, ..
            } = &mut *vehicles;
            let mut kept_before: HashMap<i64, Kept> =
                ids.iter().filter_map(|id| by_id.remove_entry(id)).collect();
            for mut row in rows {
                if let Some(before) = kept_before.remove(&row.id) {
                    row.keep_newer_live(&before.row);
                }
                let offline = row.offline(cutoff);
                by_id.insert(row.id, Kept::new(row, repeaters, offline));
            }
        }
        self.reserialise_gone_offline();
        Ok(())
    }

    async fn reload(&self) -> Result<(), AppError> {
        // Events and announced changes up to here are covered by the reload.
        self.shared.stale.store(false, Ordering::Release);
        self.shared.repeaters_stale.store(false, Ordering::Release);
        self.shared
            .changed
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .clear();
        let started = Instant::now();
        let rows = fleet::read_rows(&self.shared.db, None).await?;
        let repeaters = fleet::repeater_counts(&self.shared.db).await?;
        let cutoff = fleet::cutoff();
        let mut vehicles = self.write();
        // States the writer handed over while the rows were being read are newer than them.
        let by_id = rows
            .into_iter()
            .map(|mut row| {
                if let Some(before) = vehicles.by_id.get(&row.id) {
                    row.keep_newer_live(&before.row);
                }
                let offline = row.offline(cutoff);
                (row.id, Kept::new(row, &repeaters, offline))
            })
            .collect::<BTreeMap<_, _>>();
        tracing::debug!(vehicles = by_id.len(), took = ?started.elapsed(), "fleet snapshot loaded");
        *vehicles = Vehicles {
            by_id,
            repeaters,
            loaded_at: Some(Instant::now()),
        };
        Ok(())
    }

    /// Re-reads repeater counts and re-serialises the vehicles whose count changed.
    async fn recount_repeaters(&self) -> Result<(), AppError> {
        let counts = fleet::repeater_counts(&self.shared.db).await?;
        let mut vehicles = self.write();
        let Vehicles {
            by_id, repeaters, ..
        } = &mut *vehicles;
        let cutoff = fleet::cutoff();
        let moved: Vec<i64> = by_id
            .values()
            .filter(|k| {
                k.row
                    .device_id
                    .is_some_and(|d| repeaters.get(&d) != counts.get(&d))
            })
            .map(|k| k.row.id)
            .collect();
        *repeaters = counts;
        for id in moved {
            if let Some(kept) = by_id.remove(&id) {
                let offline = kept.row.offline(cutoff);
                by_id.insert(id, Kept::new(kept.row, repeaters, offline));
            }
        }
        Ok(())
    }

    fn reserialise_gone_offline(&self) {
        let cutoff = fleet::cutoff();
        let gone: Vec<i64> = self
            .read()
            .by_id
            .values()
            .filter(|k| k.row.offline(cutoff) != k.offline)
            .map(|k| k.row.id)
            .collect();
        if gone.is_empty() {
            return;
        }
        let mut vehicles = self.write();
        let Vehicles {
            by_id, repeaters, ..
        } = &mut *vehicles;
        for id in gone {
            if let Some(kept) = by_id.remove(&id) {
                let offline = kept.row.offline(cutoff);
                by_id.insert(id, Kept::new(kept.row, repeaters, offline));
            }
        }
    }
}
