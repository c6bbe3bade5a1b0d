//! The whole fleet in memory, for the map feed (watchList4), the state counters and the vehicle
//! list: 30,000 vehicles take far longer to join, decode and serialise per request than to
//! filter from memory, and the map asks for all of them at once.
//!
//! Each vehicle is kept with its watchList4 entry already serialised (full and map subset) and
//! the version of the snapshot that last changed it. The snapshot is read from the database
//! once, on first use, and again only after a write that may have changed every vehicle
//! ([`FleetSnapshot::invalidate`]) or when it missed live events; never on a timer. Between
//! those:
//! - the ingestion writer hands over the live state of every vehicle it wrote, after its commit
//!   ([`FleetSnapshot::patch`]): the entry is patched and re-serialised in memory, no query;
//! - vehicles named by alarm events (acknowledgements, the offline sweep) and by console writes
//!   (`changes`) are re-read by id before the next answer and by a background pass every second;
//! - a row read from the database never undoes a newer state the writer handed over;
//! - vehicles whose last report has just grown too old are marked offline by the background
//!   pass.
//!
//! So the feed never lags what the websocket already told consoles. Who sees what (scope,
//! relations, member filters) and each user's follows are resolved once per user and kept
//! until a write announces they changed ([`audience`]); the compressed feed is kept per
//! audience in pieces that are recompressed only when their vehicles change ([`feed`]).

use std::collections::{BTreeMap, HashMap, VecDeque};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, RwLock};
use std::time::{Duration, Instant};

use sea_orm::DatabaseConnection;
use tokio::sync::broadcast::{self, error::TryRecvError};

use super::fleet::{self, AreaCell, FleetFilter, FleetRow, FleetStatistics, LiveState};
use crate::live::hub::{EventKind, LiveEvent, LiveHub};
use crate::scope::Scope;
use kernel::error::AppError;

mod audience;
mod feed;
mod list;

pub use feed::{FeedAnswer, FeedRequest};

/// Vehicles re-read per query when live events named them.
const REFRESH_CHUNK: usize = 500;

/// Removals remembered for deltas; past this, older `since` versions get the whole feed.
const REMOVALS_KEPT: usize = 100_000;

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
    /// Vehicles whose live state changed since they were read, each with the turn of its
    /// latest change ([`Shared::turn`]). An entry stays until a re-read that began after that
    /// turn is applied: a reader that finds any waits for the re-read in flight instead of
    /// answering from rows older than the change.
    changed: Mutex<HashMap<i64, u64>>,
    /// Counts changes, to tell a change made during a re-read from those it covers.
    turn: AtomicU64,
    /// Set by a write (or missed events): reload everything before the next answer.
    stale: AtomicBool,
    /// Set when receivers gained or lost repeaters: recount before the next answer.
    repeaters_stale: AtomicBool,
    /// One reload or refresh at a time.
    loading: tokio::sync::Mutex<()>,
    audiences: audience::Audiences,
    feeds: feed::Feeds,
}

/// The vehicles, and the versions a delta (`since`) is computed from.
#[derive(Default)]
struct Vehicles {
    by_id: BTreeMap<i64, Kept>,
    repeaters: HashMap<i64, i64>,
    loaded_at: Option<Instant>,
    /// Bumped by every change to `by_id`; each vehicle keeps the version that last changed it.
    version: u64,
    /// The oldest version a delta can start from: the last reload, or the oldest removal
    /// still remembered.
    horizon: u64,
    /// Vehicles dropped since `horizon`, oldest first, with the version that dropped them.
    removed: VecDeque<(u64, i64)>,
}

impl Vehicles {
    fn next_version(&mut self) -> u64 {
        self.version += 1;
        self.version
    }

    /// Keeps `row` (serialised now) as changed at `version`.
    fn keep(&mut self, row: FleetRow, cutoff: chrono::DateTime<chrono::Utc>, version: u64) {
        let offline = row.offline(cutoff);
        let kept = Kept::new(row, &self.repeaters, offline, version);
        self.by_id.insert(kept.row.id, kept);
    }

    /// Re-serialises a kept vehicle (its offline flag or repeater count moved) at `version`.
    fn reserialise(&mut self, id: i64, cutoff: chrono::DateTime<chrono::Utc>, version: u64) {
        if let Some(kept) = self.by_id.remove(&id) {
            self.keep(kept.row, cutoff, version);
        }
    }

    /// Remembers, for deltas, that a vehicle was dropped at `version` (it no longer exists).
    fn log_removal(&mut self, id: i64, version: u64) {
        self.removed.push_back((version, id));
        if self.removed.len() > REMOVALS_KEPT
            && let Some((forgotten, _)) = self.removed.pop_front()
        {
            self.horizon = forgotten;
        }
    }
}

/// A vehicle and its serialised entries (without the caller's follow flag).
struct Kept {
    row: FleetRow,
    /// The offline flag the entries were serialised with.
    offline: bool,
    /// The snapshot version that last changed it.
    changed: u64,
    entries: Entries,
}

/// A vehicle's watchList4 entries, serialised.
struct Entries {
    full: Box<str>,
    map: Box<str>,
}

impl Entries {
    fn new(row: &FleetRow, repeaters: &HashMap<i64, i64>, offline: bool) -> Self {
        let receiver_repeaters = row.device_id.and_then(|d| repeaters.get(&d).copied());
        Self {
            full: serialise(&fleet::entry(row, receiver_repeaters, offline, true)),
            map: serialise(&fleet::entry(row, None, offline, false)),
        }
    }
}

impl Kept {
    fn new(row: FleetRow, repeaters: &HashMap<i64, i64>, offline: bool, changed: u64) -> Self {
        let entries = Entries::new(&row, repeaters, offline);
        Self {
            row,
            offline,
            changed,
            entries,
        }
    }

    fn entry(&self, full: bool) -> &str {
        if full {
            &self.entries.full
        } else {
            &self.entries.map
        }
    }
}

fn serialise(entry: &fleet::FleetEntry) -> Box<str> {
    serde_json::to_string(entry)
        .expect("a fleet entry serialises to JSON")
        .into_boxed_str()
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
                changed: Mutex::new(HashMap::new()),
                turn: AtomicU64::new(0),
                stale: AtomicBool::new(true),
                repeaters_stale: AtomicBool::new(false),
                loading: tokio::sync::Mutex::new(()),
                audiences: audience::Audiences::default(),
                feeds: feed::Feeds::default(),
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
                if snapshot.loaded() {
                    match snapshot.current().await {
                        Ok(()) => snapshot.reserialise_gone_offline(),
                        Err(e) => tracing::warn!(error = %e, "refreshing the fleet snapshot"),
                    }
                }
            }
        });
        snapshot
    }

    /// Reads the fleet now rather than on the first request (at start, so the first map after
    /// a restart does not wait for it).
    pub async fn preload(&self) -> Result<(), AppError> {
        self.current().await
    }

    /// Forget everything: the next answer reloads (after a write that may have changed any
    /// vehicle).
    pub fn invalidate(&self) {
        self.shared.stale.store(true, Ordering::Release);
    }

    /// Re-read these vehicles before the next answer (after a write changed them).
    pub fn touch(&self, vehicles: impl IntoIterator<Item = i64>) {
        let mut changed = self
            .shared
            .changed
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        for id in vehicles {
            changed.insert(id, self.shared.turn.fetch_add(1, Ordering::AcqRel));
        }
    }

    /// Who sees what changed (the enterprise tree, relations, roles): resolve every audience
    /// again.
    pub fn forget_audiences(&self) {
        self.shared.audiences.forget_all();
    }

    /// These users' scope or follows changed.
    pub fn forget_users(&self, users: impl IntoIterator<Item = i64>) {
        self.shared.audiences.forget_users(users);
    }

    /// Which members are responsible for which vehicles changed.
    pub fn forget_members(&self) {
        self.shared.audiences.forget_member_filters();
    }

    /// The live state of vehicles the ingestion writer has just committed: their entries are
    /// patched in place. A vehicle the snapshot does not hold yet (created since it loaded) is
    /// read before the next answer.
    pub fn patch(&self, states: Vec<(i64, LiveState)>) {
        let cutoff = fleet::cutoff();
        // Serialising the entries is most of the work: it is done on copies, under the read
        // lock only, so answers are not held up; the write lock just swaps the entries in.
        let (patched, unknown) = {
            let vehicles = self.read();
            if vehicles.loaded_at.is_none() {
                // Not loaded yet: the first load reads these states.
                return;
            }
            let mut patched = Vec::with_capacity(states.len());
            let mut unknown = Vec::new();
            for (id, state) in states {
                match vehicles.by_id.get(&id) {
                    Some(kept) => {
                        let mut row = kept.row.clone();
                        row.apply(&state);
                        let offline = row.offline(cutoff);
                        let entries = Entries::new(&row, &vehicles.repeaters, offline);
                        patched.push((kept.changed, row, offline, entries, state));
                    }
                    None => unknown.push(id),
                }
            }
            (patched, unknown)
        };
        {
            let mut vehicles = self.write();
            let version = vehicles.next_version();
            for (read_at, row, offline, entries, state) in patched {
                let id = row.id;
                match vehicles.by_id.get(&id).map(|kept| kept.changed) {
                    // Deleted meanwhile.
                    None => {}
                    Some(changed) if changed == read_at => {
                        let kept = Kept {
                            row,
                            offline,
                            changed: version,
                            entries,
                        };
                        vehicles.by_id.insert(id, kept);
                    }
                    // Re-read or reloaded meanwhile: patch what is there now.
                    Some(_) => {
                        let mut now = vehicles.by_id.remove(&id).expect("just found").row;
                        now.apply(&state);
                        vehicles.keep(now, cutoff, version);
                    }
                }
            }
        }
        self.touch(unknown);
    }

    /// Recount repeaters per receiver before the next answer.
    pub fn repeaters_changed(&self) {
        self.shared.repeaters_stale.store(true, Ordering::Release);
    }

    /// The map feed (`data_volume` and `since` in `request`): the whole feed, gzip-compressed
    /// when `gzip`, or the changes since the version the caller holds.
    pub async fn watch_list(
        &self,
        scope: &Scope,
        request: FeedRequest,
        gzip: bool,
    ) -> Result<FeedAnswer, AppError> {
        let audience = self.audience(scope, request.filter).await?;
        self.current().await?;
        feed::answer(self, &audience, request, gzip).await
    }

    /// Counts by state over the same vehicles as the map feed.
    pub async fn statistics(
        &self,
        scope: &Scope,
        filter: FleetFilter,
    ) -> Result<FleetStatistics, AppError> {
        let audience = self.audience(scope, filter).await?;
        self.current().await?;
        let mut stats = FleetStatistics::default();
        for kept in self.read().by_id.values().filter(|k| audience.sees(&k.row)) {
            stats.add(&kept.row, kept.offline, audience.follows(kept.row.id));
        }
        Ok(stats)
    }

    /// Counts by state per owning enterprise, over the vehicles the scope sees (the
    /// supervision overview).
    pub async fn statistics_by_enterprise(
        &self,
        scope: &Scope,
    ) -> Result<BTreeMap<i64, FleetStatistics>, AppError> {
        let audience = self.audience(scope, FleetFilter::default()).await?;
        self.current().await?;
        let mut out: BTreeMap<i64, FleetStatistics> = BTreeMap::new();
        for kept in self.read().by_id.values().filter(|k| audience.sees(&k.row)) {
            out.entry(kept.row.enterprise_id).or_default().add(
                &kept.row,
                kept.offline,
                audience.follows(kept.row.id),
            );
        }
        Ok(out)
    }

    /// The vehicles the scope sees by map cell of `size` degrees (default 1; 0.01 to 10; their
    /// last position, those without one left out), with counts by state; most vehicles first.
    pub async fn areas(&self, scope: &Scope, size: Option<f64>) -> Result<Vec<AreaCell>, AppError> {
        let size = size.unwrap_or(1.0);
        if !(0.01..=10.0).contains(&size) {
            return Err(AppError::field(
                "cell",
                kernel::text!(
                    "cell 须在 0.01 到 10 度之间",
                    "cell must be between 0.01 and 10 degrees"
                ),
            ));
        }
        let audience = self.audience(scope, FleetFilter::default()).await?;
        self.current().await?;
        let mut cells: BTreeMap<(i64, i64), AreaCell> = BTreeMap::new();
        for kept in self.read().by_id.values().filter(|k| audience.sees(&k.row)) {
            let Some((lat, lon)) = kept.row.position() else {
                continue;
            };
            let key = AreaCell::key(lat, lon, size);
            let cell = cells.entry(key).or_insert_with(|| AreaCell::new(key, size));
            cell.lat += lat;
            cell.lon += lon;
            cell.counts
                .add(&kept.row, kept.offline, audience.follows(kept.row.id));
        }
        let mut out: Vec<AreaCell> = cells
            .into_values()
            .map(|mut c| {
                let n = c.counts.all.max(1) as f64;
                c.lat /= n;
                c.lon /= n;
                c
            })
            .collect();
        out.sort_by(|a, b| {
            b.counts
                .all
                .cmp(&a.counts.all)
                .then(a.south.total_cmp(&b.south))
                .then(a.west.total_cmp(&b.west))
        });
        Ok(out)
    }

    async fn audience(
        &self,
        scope: &Scope,
        filter: FleetFilter,
    ) -> Result<Arc<audience::Audience>, AppError> {
        let version = self.read().version;
        self.shared
            .audiences
            .resolve(&self.shared.db, scope, filter, version)
            .await
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
                        changed.insert(
                            event.vehicle_id,
                            self.shared.turn.fetch_add(1, Ordering::AcqRel),
                        );
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
    /// missed, else a re-read of the vehicles alarm events and console writes named. Vehicles
    /// that went offline by the clock are re-serialised by the background pass (within a
    /// second): scanning the fleet for them on every answer cost more than the answer.
    async fn current(&self) -> Result<(), AppError> {
        let complete = self.take_events();
        if complete && self.up_to_date() {
            return Ok(());
        }
        let _loading = self.shared.loading.lock().await;
        let never = self.read().loaded_at.is_none();
        if !complete || never || self.shared.stale.swap(false, Ordering::AcqRel) {
            return self.reload().await;
        }
        if self.shared.repeaters_stale.swap(false, Ordering::AcqRel) {
            self.recount_repeaters().await?;
        }
        // Left pending until applied (see `Shared::changed`).
        let changed: Vec<(i64, u64)> = self
            .shared
            .changed
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .iter()
            .map(|(id, turn)| (*id, *turn))
            .collect();
        let ids: Vec<i64> = changed.iter().map(|(id, _)| *id).collect();
        for ids in ids.chunks(REFRESH_CHUNK) {
            let rows = fleet::read_rows(&self.shared.db, Some(ids)).await?;
            let cutoff = fleet::cutoff();
            let mut vehicles = self.write();
            let version = vehicles.next_version();
            let mut before: HashMap<i64, FleetRow> = ids
                .iter()
                .filter_map(|id| vehicles.by_id.remove(id).map(|k| (*id, k.row)))
                .collect();
            for mut row in rows {
                if let Some(before) = before.remove(&row.id) {
                    row.keep_newer_live(&before);
                }
                vehicles.keep(row, cutoff, version);
            }
            // Named but not read back: deleted.
            for id in before.into_keys() {
                vehicles.log_removal(id, version);
            }
        }
        let mut pending = self
            .shared
            .changed
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        for (id, turn) in changed {
            // changed again during the re-read: the next answer reads it again
            if pending.get(&id) == Some(&turn) {
                pending.remove(&id);
            }
        }
        Ok(())
    }

    /// Nothing to reload, recount or re-read: an answer can be given from what is kept.
    fn up_to_date(&self) -> bool {
        self.loaded()
            && !self.shared.stale.load(Ordering::Acquire)
            && !self.shared.repeaters_stale.load(Ordering::Acquire)
            && self
                .shared
                .changed
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner)
                .is_empty()
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
        let version = vehicles.next_version();
        let before = std::mem::take(&mut vehicles.by_id);
        vehicles.repeaters = repeaters;
        for mut row in rows {
            // States the writer handed over while the rows were being read are newer.
            if let Some(before) = before.get(&row.id) {
                row.keep_newer_live(&before.row);
            }
            vehicles.keep(row, cutoff, version);
        }
        // A delta cannot say what a reload changed: older versions get the whole feed.
        vehicles.horizon = version;
        vehicles.removed.clear();
        vehicles.loaded_at = Some(Instant::now());
        tracing::debug!(vehicles = vehicles.by_id.len(), took = ?started.elapsed(), "fleet snapshot loaded");
        Ok(())
    }

    /// Re-reads repeater counts and re-serialises the vehicles whose count changed.
    async fn recount_repeaters(&self) -> Result<(), AppError> {
        let counts = fleet::repeater_counts(&self.shared.db).await?;
        let mut vehicles = self.write();
        let moved: Vec<i64> = vehicles
            .by_id
            .values()
            .filter(|k| {
                k.row
                    .device_id
                    .is_some_and(|d| vehicles.repeaters.get(&d) != counts.get(&d))
            })
            .map(|k| k.row.id)
            .collect();
        vehicles.repeaters = counts;
        if moved.is_empty() {
            return Ok(());
        }
        let cutoff = fleet::cutoff();
        let version = vehicles.next_version();
        for id in moved {
            vehicles.reserialise(id, cutoff, version);
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
        let version = vehicles.next_version();
        for id in gone {
            vehicles.reserialise(id, cutoff, version);
        }
    }
}
