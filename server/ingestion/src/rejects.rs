//! The recent reports ingestion refused, kept so operators can see what a device sent and why
//! (`/web/log/reads`). Counting stays in `ingest.rs`; this keeps the last [`KEEP`] refusals in
//! `rejected_reports`, written by a background task so a refusal never waits on the database
//! and a flood of bad reports cannot slow ingestion (when the queue is full, the row is
//! dropped; the count still has it).

use std::collections::HashMap;

use chrono::{DateTime, Utc};
use entities::{device, rejected_report};
use sea_orm::{ColumnTrait, DatabaseConnection, EntityTrait, QueryFilter, QuerySelect, Set};
use tokio::sync::mpsc;

use crate::report::{Rejected, Report};

/// Rows kept; older ones are deleted as new ones arrive.
pub const KEEP: i64 = 10_000;
const QUEUE: usize = 4096;
const BATCH: usize = 500;
const DETAIL_MAX: usize = 255;

/// One refused report, as much of it as was readable.
#[derive(Debug, Clone)]
struct Entry {
    received_at: DateTime<Utc>,
    imei: String,
    ts: Option<DateTime<Utc>>,
    reason: &'static str,
    detail: String,
    lat: Option<f64>,
    lon: Option<f64>,
    tyres: i32,
}

#[derive(Clone)]
pub struct RejectLog {
    queue: mpsc::Sender<Entry>,
}

impl RejectLog {
    /// Starts the writer on the current runtime.
    pub fn start(db: DatabaseConnection) -> Self {
        let (queue, rx) = mpsc::channel(QUEUE);
        tokio::spawn(write(db, rx));
        Self { queue }
    }

    /// Keeps a refused report (never waits).
    pub fn record(&self, report: &Report, rejected: &Rejected) {
        let detail: String = rejected.detail.chars().take(DETAIL_MAX).collect();
        let entry = Entry {
            received_at: Utc::now(),
            imei: report.imei.trim().chars().take(32).collect(),
            ts: DateTime::from_timestamp_millis(report.ts),
            reason: rejected.reason.key(),
            detail,
            lat: report.gps.as_ref().map(|g| g.lat).filter(|v| v.is_finite()),
            lon: report.gps.as_ref().map(|g| g.lon).filter(|v| v.is_finite()),
            tyres: i32::try_from(report.tyres.len()).unwrap_or(i32::MAX),
        };
        // A full queue means a flood of refusals: the counts keep them, the log may skip some.
        let _ = self.queue.try_send(entry);
    }
}

async fn write(db: DatabaseConnection, mut rx: mpsc::Receiver<Entry>) {
    let mut batch = Vec::with_capacity(BATCH);
    while rx.recv_many(&mut batch, BATCH).await > 0 {
        if let Err(err) = store(&db, std::mem::take(&mut batch)).await {
            tracing::warn!(%err, "keeping refused reports");
        }
    }
}

async fn store(db: &DatabaseConnection, batch: Vec<Entry>) -> Result<(), sea_orm::DbErr> {
    // The device (and so the enterprise that may see the row) when the imei is registered.
    let imeis: Vec<&str> = batch.iter().map(|e| e.imei.as_str()).collect();
    let devices: HashMap<String, device::Model> = device::Entity::find()
        .filter(device::Column::Imei.is_in(imeis))
        .all(db)
        .await?
        .into_iter()
        .map(|d| (d.imei.clone(), d))
        .collect();
    let rows = batch.into_iter().map(|e| {
        let d = devices.get(&e.imei);
        rejected_report::ActiveModel {
            received_at: Set(e.received_at),
            device_id: Set(d.map(|d| d.id)),
            vehicle_id: Set(d.and_then(|d| d.vehicle_id)),
            enterprise_id: Set(d.map(|d| d.enterprise_id)),
            imei: Set(e.imei),
            ts: Set(e.ts),
            reason: Set(e.reason.to_owned()),
            detail: Set(e.detail),
            lat: Set(e.lat),
            lon: Set(e.lon),
            tyres: Set(e.tyres),
            ..Default::default()
        }
    });
    rejected_report::Entity::insert_many(rows)
        .exec_without_returning(db)
        .await?;
    let newest: Option<i64> = rejected_report::Entity::find()
        .select_only()
        .column_as(rejected_report::Column::Id.max(), "max")
        .into_tuple::<Option<i64>>()
        .one(db)
        .await?
        .flatten();
    if let Some(newest) = newest.filter(|n| *n > KEEP) {
        rejected_report::Entity::delete_many()
            .filter(rejected_report::Column::Id.lte(newest - KEEP))
            .exec(db)
            .await?;
    }
    Ok(())
}
