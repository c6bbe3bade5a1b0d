//! Ingestion: reports from the HTTP and MQTT paths become history, live state and alarms.
//!
//! - [`Ingestor::submit`] checks each report ([`Report::check`]) and its device (known imei,
//!   matching key), then hands the accepted ones to one writer task and waits: a report is
//!   acknowledged only after the transaction holding it committed.
//! - The writer batches whatever is waiting (up to [`MAX_BATCH`] reports) into one
//!   transaction: positions and wheel readings (history), the vehicle's latest state and
//!   wheel readings, device heartbeats, and alarm changes. It owns the live memory of each
//!   vehicle (last report time, recent times for dropping duplicates, tyre pressures for leak
//!   detection, open alarms), loaded on a vehicle's first report.
//! - Reports arriving late (older than the newest one of their vehicle) go to history only.
//! - After commit it publishes vehicle updates and alarm changes to the [`LiveHub`].
//! - A sweep every minute turns silent vehicles offline and silent sensors lost.
//! - Rejections are counted by reason, in memory and per day in `ingest_counts`.

use crate::rejects::RejectLog;
use crate::report::{Rejected, Rejection, Report};
use chrono::Utc;
use domain::device::keys;
use domain::live::hub::LiveHub;
use domain::track::matching::Places;
use domain::vehicle::alarms::AlarmFeed;
use domain::vehicle::snapshot::FleetSnapshot;
use domain::work::autoopen::AutoOpenRules;
use entities::{device, device_key, ingest_count};
use kernel::error::AppError;
use kernel::text;
use sea_orm::sea_query::{Expr, OnConflict};
use sea_orm::{ColumnTrait, DatabaseConnection, EntityTrait, QueryFilter, QuerySelect, Set};
use serde::Serialize;
use std::collections::{BTreeMap, HashMap, HashSet};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;
use tokio::sync::{mpsc, oneshot};
use utoipa::ToSchema;

mod writer;

pub use writer::*;

/// Reports per request (HTTP array or MQTT message) at most.
pub const MAX_PER_REQUEST: usize = 1000;

/// Queued requests before submitters wait (back-pressure instead of unbounded memory).
pub(super) const QUEUE: usize = 256;

pub(super) const SWEEP_EVERY: Duration = Duration::from_secs(60);

pub(super) const COUNTS_FLUSH_EVERY: Duration = Duration::from_secs(10);

/// How a submitter proved it speaks for the devices.
#[derive(Debug, Clone, Copy)]
pub enum Credential<'a> {
    /// `x-device-key`: must be the key of every report's device.
    Key(&'a str),
    /// A broker that authenticated the device itself (MQTT), or the server's own simulator.
    Trusted,
}

/// A device as ingestion needs it.
#[derive(Debug, Clone)]
pub(super) struct DeviceRef {
    id: i64,
    vehicle_id: Option<i64>,
    key_hash: Option<String>,
}

/// What happened to a request's reports.
#[derive(Debug, Default, Serialize, ToSchema)]
pub struct Outcome {
    /// Reports stored (or, for a device on no vehicle, taken as a heartbeat).
    pub accepted: usize,
    /// Reports refused, by their index in the request.
    pub rejected: Vec<RejectedReport>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct RejectedReport {
    pub index: usize,
    pub reason: Rejection,
    pub detail: String,
}

/// Counts since start, by outcome.
#[derive(Debug, Serialize, ToSchema)]
pub struct IngestStats {
    pub accepted: u64,
    pub rejected: BTreeMap<&'static str, u64>,
}

pub(super) struct Accepted {
    index: usize,
    report: Report,
    device: Arc<DeviceRef>,
}

pub(super) enum Job {
    Reports {
        reports: Vec<Accepted>,
        done: oneshot::Sender<Result<Vec<(usize, Rejected)>, String>>,
    },
    Sweep,
    /// Read every vehicle with a receiver now (at start, before the first reports).
    Preload,
}

/// How long a device lookup is kept. Writes to devices are announced and forget them
/// (`forget_device`), so a known device is kept while it reports; an unknown IMEI is asked
/// again after a short while (it may be registered meanwhile by something that announces
/// nothing, such as a restore).
struct DeviceLife;

impl moka::Expiry<String, Option<Arc<DeviceRef>>> for DeviceLife {
    fn expire_after_create(
        &self,
        _imei: &String,
        device: &Option<Arc<DeviceRef>>,
        _at: std::time::Instant,
    ) -> Option<Duration> {
        Some(if device.is_some() {
            Duration::from_secs(3600)
        } else {
            Duration::from_secs(30)
        })
    }
}

#[derive(Default)]
pub(super) struct Counts {
    accepted: AtomicU64,
    rejected: [AtomicU64; Rejection::ALL.len()],
    /// Not yet written to `ingest_counts`.
    pending: std::sync::Mutex<HashMap<&'static str, i64>>,
}

impl Counts {
    pub(super) fn add(&self, outcome: Option<Rejection>, n: u64) {
        if n == 0 {
            return;
        }
        let key = match outcome {
            None => {
                self.accepted.fetch_add(n, Ordering::Relaxed);
                "accepted"
            }
            Some(r) => {
                let i = Rejection::ALL.iter().position(|x| *x == r).unwrap_or(0);
                self.rejected[i].fetch_add(n, Ordering::Relaxed);
                r.key()
            }
        };
        let mut pending = self
            .pending
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        *pending.entry(key).or_default() += i64::try_from(n).unwrap_or(i64::MAX);
    }

    fn take_pending(&self) -> HashMap<&'static str, i64> {
        std::mem::take(
            &mut *self
                .pending
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner),
        )
    }
}

#[derive(Clone)]
pub struct Ingestor {
    inner: Arc<Inner>,
}

pub(super) struct Inner {
    db: DatabaseConnection,
    jobs: mpsc::Sender<Job>,
    devices: moka::future::Cache<String, Option<Arc<DeviceRef>>>,
    counts: Counts,
    rejects: RejectLog,
    /// The order types' rules that open work orders from alarms (the writer reads them).
    auto_open: AutoOpenRules,
    /// Routes and geofences the writer matches positions against.
    places: Places,
}

impl Ingestor {
    /// Starts the writer, the sweep and the count flusher on the current runtime. The writer
    /// publishes live events on `live`, alarm changes on `alarm_feed`, and hands the live state
    /// of the vehicles it wrote to `fleet`.
    pub fn start(
        db: DatabaseConnection,
        live: LiveHub,
        alarm_feed: AlarmFeed,
        fleet: FleetSnapshot,
    ) -> Self {
        let (jobs, queue) = mpsc::channel(QUEUE);
        let inner = Arc::new(Inner {
            db: db.clone(),
            jobs,
            devices: moka::future::Cache::builder()
                .max_capacity(200_000)
                .expire_after(DeviceLife)
                .build(),
            counts: Counts::default(),
            rejects: RejectLog::start(db.clone()),
            auto_open: AutoOpenRules::default(),
            places: Places::default(),
        });
        let writer = Writer::new(
            db,
            live,
            alarm_feed,
            fleet,
            inner.auto_open.clone(),
            inner.places.clone(),
        );
        tokio::spawn(writer.run(queue));
        let sweeper = inner.jobs.clone();
        tokio::spawn(async move {
            let mut tick = tokio::time::interval(SWEEP_EVERY);
            tick.tick().await;
            loop {
                tick.tick().await;
                if sweeper.send(Job::Sweep).await.is_err() {
                    return;
                }
            }
        });
        let weak = Arc::downgrade(&inner);
        tokio::spawn(async move {
            let mut tick = tokio::time::interval(COUNTS_FLUSH_EVERY);
            loop {
                tick.tick().await;
                let Some(inner) = weak.upgrade() else { return };
                let pending = inner.counts.take_pending();
                if let Err(err) = flush_counts(&inner.db, pending).await {
                    tracing::warn!(%err, "writing ingestion counts");
                }
            }
        });
        Self { inner }
    }

    /// Reads the devices of `imeis` (every device when None) into the cache, two queries in all;
    /// answers how many were found.
    async fn cache_devices(&self, imeis: Option<Vec<String>>) -> Result<usize, AppError> {
        let db = &self.inner.db;
        let mut devices = device::Entity::find()
            .select_only()
            .column(device::Column::Id)
            .column(device::Column::Imei)
            .column(device::Column::VehicleId);
        let only_these = imeis.is_some();
        if let Some(imeis) = imeis {
            devices = devices.filter(device::Column::Imei.is_in(imeis));
        }
        let found: Vec<(i64, String, Option<i64>)> = devices.into_tuple().all(db).await?;
        let mut keys = device_key::Entity::find();
        if only_these {
            keys =
                keys.filter(device_key::Column::DeviceId.is_in(found.iter().map(|(id, _, _)| *id)));
        }
        let mut key_hashes: HashMap<i64, String> = keys
            .all(db)
            .await?
            .into_iter()
            .map(|k| (k.device_id, k.key_hash))
            .collect();
        let count = found.len();
        for (id, imei, vehicle_id) in found {
            let device = DeviceRef {
                id,
                vehicle_id,
                key_hash: key_hashes.remove(&id),
            };
            self.inner
                .devices
                .insert(imei, Some(Arc::new(device)))
                .await;
        }
        Ok(count)
    }

    /// Reads every device and every vehicle with a receiver in bulk, so the first reports after
    /// a restart cost no lookups; answers how many devices were read.
    ///
    /// # Errors
    /// When the database fails.
    pub async fn preload(&self) -> Result<usize, AppError> {
        let count = self.cache_devices(None).await?;
        // The writer reads its vehicles between batches, in order with the reports.
        let _ = self.inner.jobs.send(Job::Preload).await;
        Ok(count)
    }

    /// Forgets what is cached about a device (after it was changed, bound or deleted).
    pub async fn forget_device(&self, imei: &str) {
        self.inner.devices.invalidate(imei).await;
    }

    /// Forgets the rules that open orders from alarms (an order type changed).
    pub fn forget_order_types(&self) {
        self.inner.auto_open.forget();
    }

    /// The routes and geofences positions are matched against, with each vehicle's verdict.
    pub fn places(&self) -> &Places {
        &self.inner.places
    }

    pub fn stats(&self) -> IngestStats {
        let c = &self.inner.counts;
        IngestStats {
            accepted: c.accepted.load(Ordering::Relaxed),
            rejected: Rejection::ALL
                .iter()
                .zip(&c.rejected)
                .map(|(r, n)| (r.key(), n.load(Ordering::Relaxed)))
                .collect(),
        }
    }

    /// Counts a request that could not even be read as reports.
    pub fn count_malformed(&self) {
        self.inner.counts.add(Some(Rejection::Malformed), 1);
    }

    /// Looks up the devices of `imeis` that are not cached yet, two queries for all of them
    /// (a gateway's or a catching-up batch names many devices at once).
    pub(super) async fn prefetch_devices(&self, imeis: &[&str]) -> Result<(), AppError> {
        let mut unknown: Vec<String> = imeis
            .iter()
            .filter(|i| !self.inner.devices.contains_key(**i))
            .map(|i| (*i).to_owned())
            .collect();
        unknown.sort_unstable();
        unknown.dedup();
        if unknown.len() < 2 {
            return Ok(());
        }
        self.cache_devices(Some(unknown)).await?;
        Ok(())
    }

    async fn device(&self, imei: &str) -> Result<Option<Arc<DeviceRef>>, AppError> {
        let db = &self.inner.db;
        let found = self
            .inner
            .devices
            .try_get_with(imei.to_owned(), async {
                let Some(d) = device::Entity::find()
                    .filter(device::Column::Imei.eq(imei))
                    .one(db)
                    .await?
                else {
                    return Ok::<_, sea_orm::DbErr>(None);
                };
                let key = device_key::Entity::find_by_id(d.id).one(db).await?;
                Ok(Some(Arc::new(DeviceRef {
                    id: d.id,
                    vehicle_id: d.vehicle_id,
                    key_hash: key.map(|k| k.key_hash),
                })))
            })
            .await
            .map_err(|e| AppError::Internal(anyhow::anyhow!("device lookup: {e}")))?;
        Ok(found)
    }

    /// Checks and stores reports; answers once the accepted ones are durable.
    ///
    /// # Errors
    /// When the database fails (nothing of the request is acknowledged then).
    pub async fn submit(
        &self,
        reports: Vec<Report>,
        credential: Credential<'_>,
    ) -> Result<Outcome, AppError> {
        let now = Utc::now().timestamp_millis();
        let key_hash = match credential {
            Credential::Key(k) => Some(keys::hash(k)),
            Credential::Trusted => None,
        };
        let total = reports.len();
        let mut outcome = Outcome::default();
        let mut accepted = Vec::with_capacity(reports.len());
        let mut seen: HashSet<(String, i64)> = HashSet::new();
        let imeis: Vec<&str> = reports.iter().map(|r| r.imei.trim()).collect();
        self.prefetch_devices(&imeis).await?;
        for (index, report) in reports.into_iter().enumerate() {
            let checked = match report.check(now) {
                Err(r) => Err(r),
                Ok(()) => match self.device(report.imei.trim()).await? {
                    Some(d)
                        if key_hash
                            .as_ref()
                            .is_none_or(|k| d.key_hash.as_ref() == Some(k)) =>
                    {
                        if seen.insert((report.imei.clone(), report.ts)) {
                            Ok(d)
                        } else {
                            Err(Rejected {
                                reason: Rejection::Duplicate,
                                detail: format!("ts {} twice", report.ts),
                            })
                        }
                    }
                    _ => Err(Rejected {
                        reason: Rejection::UnknownDevice,
                        detail: format!("imei {}", report.imei),
                    }),
                },
            };
            match checked {
                Ok(device) => accepted.push(Accepted {
                    index,
                    report,
                    device,
                }),
                Err(r) => {
                    self.inner.counts.add(Some(r.reason), 1);
                    self.inner.rejects.record(&report, &r);
                    outcome.rejected.push(RejectedReport {
                        index,
                        reason: r.reason,
                        detail: r.detail,
                    });
                }
            }
        }
        if !accepted.is_empty() {
            let (done, answer) = oneshot::channel();
            self.inner
                .jobs
                .send(Job::Reports {
                    reports: accepted,
                    done,
                })
                .await
                .map_err(|_| AppError::Internal(anyhow::anyhow!("the ingestion writer stopped")))?;
            let duplicates = answer
                .await
                .map_err(|_| AppError::Internal(anyhow::anyhow!("the ingestion writer stopped")))?
                .map_err(|e| AppError::Internal(anyhow::anyhow!("storing reports: {e}")))?;
            for (index, r) in duplicates {
                self.inner.counts.add(Some(r.reason), 1);
                outcome.rejected.push(RejectedReport {
                    index,
                    reason: r.reason,
                    detail: r.detail,
                });
            }
            outcome.rejected.sort_by_key(|r| r.index);
        }
        outcome.accepted = total - outcome.rejected.len();
        self.inner
            .counts
            .add(None, u64::try_from(outcome.accepted).unwrap_or_default());
        Ok(outcome)
    }
}

pub(super) async fn flush_counts(
    db: &DatabaseConnection,
    pending: HashMap<&'static str, i64>,
) -> Result<(), sea_orm::DbErr> {
    if pending.is_empty() {
        return Ok(());
    }
    let day = Utc::now().date_naive();
    ingest_count::Entity::insert_many(pending.into_iter().map(|(outcome, n)| {
        ingest_count::ActiveModel {
            day: Set(day),
            outcome: Set(outcome.to_owned()),
            count: Set(n),
        }
    }))
    .on_conflict(
        OnConflict::columns([ingest_count::Column::Day, ingest_count::Column::Outcome])
            .value(
                ingest_count::Column::Count,
                sea_orm::sea_query::ExprTrait::add(
                    Expr::col((ingest_count::Entity, ingest_count::Column::Count)),
                    Expr::cust("excluded.count"),
                ),
            )
            .to_owned(),
    )
    .exec_without_returning(db)
    .await?;
    Ok(())
}

/// The message of a request whose every report was refused, naming the first refusal.
pub fn refused(outcome: &Outcome) -> kernel::i18n::Text {
    let first = outcome.rejected.first();
    text!(
        "上报全部被拒绝：{}",
        "Every report was refused: {}",
        first.map_or_else(String::new, |r| format!(
            "[{}] {} {}",
            r.index,
            r.reason.key(),
            r.detail
        ))
    )
}
