//! A vehicle's history: the write path ingestion uses (batched, duplicate-tolerant inserts of
//! positions, wheel readings and spray events) and the reads over it (readings list, latest
//! snapshot, itinerary with stops, positions during alarms, axle temperature series and
//! statistics, spray-cooling status). Every read names vehicles the scope sees
//! ([`super::find`]); ranges are bounded so one call never scans more than a month of a vehicle.

use crate::scope::Scope;
use chrono::{DateTime, Duration, Utc};
use entities::wheel_values::{self, WheelValue};
pub use entities::wheel_values::{AXLE, TYRE};
use entities::{position, spray_event, vehicle, wheel_frame};
use kernel::db::{BulkInsert, BulkTarget, OnCollision, write_txn};
use kernel::error::AppError;
use kernel::text;
use sea_orm::sea_query::OnConflict;
use sea_orm::{
    ColumnTrait, ConnectionTrait, DatabaseConnection, EntityTrait, QueryFilter, QueryOrder,
    QuerySelect, Statement,
};
use serde::Deserialize;
use std::collections::HashMap;
use utoipa::ToSchema;

mod axles;
mod readings;
mod spray;
mod track;

pub use axles::*;
pub use readings::*;
pub use spray::*;
pub use track::*;

/// `spray_events.kind`.
pub const SPRAY_ACTIVATION: i16 = 1;

pub const SPRAY_FAULT: i16 = 2;

/// Rows per INSERT: keeps every batch under SQLite's bound-parameter limit.
pub(super) const BATCH: usize = 1000;

// ---- write path ----------------------------------------------------------------------------

/// Stores GPS fixes in one batch ([`kernel::db::BulkTxn`]: the caller's transaction, or one of
/// its own when given a connection); a fix already stored (same vehicle and time) is dropped.
/// Returns how many were new.
pub async fn record_positions(
    db: &impl BulkTarget,
    fixes: &[position::Model],
) -> Result<u64, AppError> {
    pub(super) const INSERT: BulkInsert<'static> = BulkInsert {
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
            "voltage",
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
                p.voltage.into(),
            ]
        })
        .collect();
    Ok(db.bulk().insert(&INSERT, rows).await?)
}

/// Stores the tyre and axle readings of reports (a frame each) in one batch, as
/// [`record_positions`] does; a frame already stored (same vehicle and time) is dropped.
/// Returns how many were new.
pub async fn record_frames(
    db: &impl BulkTarget,
    frames: &[wheel_frame::Model],
) -> Result<u64, AppError> {
    pub(super) const INSERT: BulkInsert<'static> = BulkInsert {
        table: "wheel_frames",
        columns: &["vehicle_id", "ts", "wheels"],
        conflict: &["vehicle_id", "ts"],
        on_conflict: OnCollision::Keep,
    };
    let rows = frames
        .iter()
        .map(|f| vec![f.vehicle_id.into(), f.ts.into(), f.wheels.clone().into()])
        .collect();
    Ok(db.bulk().insert(&INSERT, rows).await?)
}

/// The frames of a vehicle in `[from, to)`, oldest first, unpacked.
pub(super) async fn frames(
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
pub(super) const SERIES: [&str; 2] = ["positions", "wheel_frames"];

/// Deletes positions and wheel frames older than `before`; answers how many rows went.
///
/// Vehicle by vehicle: one seek on the primary key finds the next vehicle and whether its
/// oldest row is past `before`; only then are its rows deleted, by a key range, in a short
/// transaction of their own, so ingestion never waits long for the write lock, a day's run
/// over 30,000 vehicles with nothing to delete takes no write lock at all, and rows of
/// deleted vehicles go too.
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
            "SELECT vehicle_id AS v, ts < {} AS expired FROM {table} WHERE vehicle_id > {} \
             ORDER BY vehicle_id, ts LIMIT 1",
            param(1),
            param(2)
        );
        let delete = format!(
            "DELETE FROM {table} WHERE vehicle_id = {} AND ts < {}",
            param(1),
            param(2)
        );
        let mut after = i64::MIN;
        loop {
            let Some(found) = db
                .query_one_raw(Statement::from_sql_and_values(
                    backend,
                    next.clone(),
                    [before.into(), after.into()],
                ))
                .await?
            else {
                break;
            };
            let vehicle_id: i64 = found.try_get("", "v")?;
            after = vehicle_id;
            if !found.try_get::<bool>("", "expired")? {
                continue;
            }
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
    vehicle_texts(db, ids, vehicle::Column::Plate).await
}

/// One text column of these vehicles by id (one query).
pub(crate) async fn vehicle_texts(
    db: &impl ConnectionTrait,
    ids: impl IntoIterator<Item = i64>,
    column: vehicle::Column,
) -> Result<HashMap<i64, String>, AppError> {
    let ids: std::collections::BTreeSet<i64> = ids.into_iter().collect();
    if ids.is_empty() {
        return Ok(HashMap::new());
    }
    Ok(vehicle::Entity::find()
        .select_only()
        .column(vehicle::Column::Id)
        .column(column)
        .filter(vehicle::Column::Id.is_in(ids))
        .into_tuple::<(i64, String)>()
        .all(db)
        .await?
        .into_iter()
        .collect())
}

/// A time range `[start, end)`.
#[derive(Debug, Clone, Copy, Deserialize, serde::Serialize, ToSchema)]
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
        self.within(MAX_RANGE_DAYS)
    }

    /// Refuses an empty or reversed range, or one longer than `max_days`.
    pub fn within(self, max_days: i64) -> Result<Self, AppError> {
        if self.end <= self.start {
            return Err(AppError::fail(text!(
                "结束时间须晚于开始时间",
                "end must be after start"
            )));
        }
        if self.end - self.start > Duration::days(max_days) {
            return Err(AppError::fail(text!(
                "时间范围最长 {} 天",
                "The time range spans at most {} days",
                max_days
            )));
        }
        Ok(self)
    }
}

/// The vehicles a request names, each one the scope sees (1–100).
pub(super) async fn named_vehicles(
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
