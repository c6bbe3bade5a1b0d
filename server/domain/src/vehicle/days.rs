//! Finished days kept current: what is derived per vehicle and UTC day from history (trips and
//! daily mileage) is derived again whenever that day's history changes, by a follower of the
//! ingestion writer, so reports over past days read stored rows instead of raw positions.
//!
//! - The writer marks the vehicle-days a late report lands in ([`mark`], in its batch's
//!   transaction).
//! - Once a UTC day has ended (and [`GRACE`] has passed for reports in flight), every vehicle
//!   that reported since that day began is queued for it, once ([`close_finished_days`]).
//! - The follower ([`follow`], every 30 s by default) derives the queued vehicle-days, a chunk per write transaction,
//!   and removes a mark only if no newer one came while it worked.
//! - [`queue_range`] queues every vehicle over a range of days: the rebuild command.

use std::time::Duration as StdDuration;

use chrono::{DateTime, Duration, NaiveDate, Utc};
use entities::{closed_day, pending_day, vehicle, vehicle_state};
use sea_orm::sea_query::{Expr, OnConflict, Query};
use sea_orm::{
    ColumnTrait, ConnectionTrait, DatabaseConnection, EntityTrait, QueryFilter, QueryOrder,
    QuerySelect, Set,
};

use super::mileage::{DayRange, derive_day};
use kernel::db::{BulkInsert, BulkTarget, OnCollision, write_txn};
use kernel::error::AppError;

/// How long after midnight (UTC) a day is closed: reports still in flight land first.
pub const GRACE: Duration = Duration::minutes(10);
/// Vehicle-days derived per write transaction: short enough not to hold the writer up.
const CHUNK: u64 = 64;

/// Marks vehicle-days as changed (ingestion: the days before today its batch wrote reports
/// for), in the caller's transaction.
///
/// # Errors
/// When the database refuses the insert.
pub async fn mark(
    db: &impl BulkTarget,
    days: &[(i64, NaiveDate)],
    now: DateTime<Utc>,
) -> Result<(), AppError> {
    const PENDING: BulkInsert<'static> = BulkInsert {
        table: "pending_days",
        columns: &["vehicle_id", "day", "marked_at"],
        conflict: &["vehicle_id", "day"],
        on_conflict: OnCollision::UpdateAllBut(&[]),
    };
    if days.is_empty() {
        return Ok(());
    }
    let rows = days
        .iter()
        .map(|&(vehicle_id, day)| vec![vehicle_id.into(), day.into(), now.into()])
        .collect();
    db.bulk().insert(&PENDING, rows).await?;
    Ok(())
}

/// Queues the day before `now` (less [`GRACE`]) if it has not been closed yet: every vehicle
/// whose last report is at or after that day's start. Answers the day and how many
/// vehicle-days it queued, or None when there was nothing to close.
///
/// # Errors
/// When the database fails; nothing is queued then.
pub async fn close_finished_days(
    db: &DatabaseConnection,
    now: DateTime<Utc>,
) -> Result<Option<(NaiveDate, u64)>, AppError> {
    let day = (now - GRACE).date_naive() - Duration::days(1);
    if closed_day::Entity::find_by_id(day).one(db).await?.is_some() {
        return Ok(None);
    }
    let start = DayRange {
        start_date: day,
        end_date: day,
    }
    .start();
    let txn = write_txn(db).await?;
    let reporting = Query::select()
        .column(vehicle_state::Column::VehicleId)
        .expr(Expr::val(day))
        .expr(Expr::val(now))
        .from(vehicle_state::Entity)
        .and_where(vehicle_state::Column::FinalAt.gte(start))
        .to_owned();
    let queued = queue(&txn, reporting).await?;
    closed_day::Entity::insert(closed_day::ActiveModel {
        day: Set(day),
        queued_at: Set(now),
        vehicles: Set(i32::try_from(queued).unwrap_or(i32::MAX)),
    })
    .on_conflict(
        OnConflict::column(closed_day::Column::Day)
            .do_nothing()
            .to_owned(),
    )
    .exec_without_returning(&txn)
    .await?;
    txn.commit().await?;
    Ok(Some((day, queued)))
}

/// Queues every vehicle for each day of `range` (the rebuild command: trips and mileage
/// derived again from history), at most a year. Answers how many vehicle-days were queued.
///
/// # Errors
/// When the database fails; the days queued before stay queued.
pub async fn queue_range(db: &DatabaseConnection, range: DayRange) -> Result<u64, AppError> {
    let range = range.checked(super::mileage::MAX_DAYS)?;
    let now = Utc::now();
    let mut queued = 0;
    for day in range.days() {
        let every = Query::select()
            .column(vehicle::Column::Id)
            .expr(Expr::val(day))
            .expr(Expr::val(now))
            .from(vehicle::Entity)
            // SQLite reads `ON CONFLICT` after `INSERT … SELECT` only when the select has a
            // WHERE.
            .and_where(vehicle::Column::Id.gt(0))
            .to_owned();
        let txn = write_txn(db).await?;
        queued += queue(&txn, every).await?;
        txn.commit().await?;
    }
    Ok(queued)
}

/// Inserts the `(vehicle_id, day, marked_at)` rows `rows` selects into the queue.
async fn queue(
    txn: &impl ConnectionTrait,
    rows: sea_orm::sea_query::SelectStatement,
) -> Result<u64, AppError> {
    let insert = Query::insert()
        .into_table(pending_day::Entity)
        .columns([
            pending_day::Column::VehicleId,
            pending_day::Column::Day,
            pending_day::Column::MarkedAt,
        ])
        .select_from(rows)
        .map_err(|e| AppError::Internal(e.into()))?
        .on_conflict(
            OnConflict::columns([pending_day::Column::VehicleId, pending_day::Column::Day])
                .update_column(pending_day::Column::MarkedAt)
                .to_owned(),
        )
        .to_owned();
    Ok(txn.execute(&insert).await?.rows_affected())
}

/// Derives up to a chunk of queued vehicle-days, oldest day first; answers how many it took.
///
/// # Errors
/// When the database fails; the chunk stays queued.
pub async fn derive_pending(db: &DatabaseConnection) -> Result<usize, AppError> {
    let marks = pending_day::Entity::find()
        .order_by_asc(pending_day::Column::Day)
        .order_by_asc(pending_day::Column::VehicleId)
        .limit(CHUNK)
        .all(db)
        .await?;
    // Read and derive before the write transaction, which then only replaces rows.
    let mut derived = Vec::with_capacity(marks.len());
    for mark in &marks {
        derived.push(derive_day(db, mark.vehicle_id, mark.day).await?);
    }
    let txn = write_txn(db).await?;
    for (mark, day) in marks.iter().zip(&derived) {
        day.replace(&txn).await?;
        pending_day::Entity::delete_many()
            .filter(pending_day::Column::VehicleId.eq(mark.vehicle_id))
            .filter(pending_day::Column::Day.eq(mark.day))
            .filter(pending_day::Column::MarkedAt.lte(mark.marked_at))
            .exec(&txn)
            .await?;
    }
    txn.commit().await?;
    Ok(marks.len())
}

/// Derives every queued vehicle-day; answers how many.
///
/// # Errors
/// As [`derive_pending`].
pub async fn settle(db: &DatabaseConnection) -> Result<usize, AppError> {
    let mut done = 0;
    loop {
        match derive_pending(db).await? {
            0 => return Ok(done),
            n => done += n,
        }
    }
}

/// Starts the follower: closes finished days and derives what is queued, then looks again
/// after `every` (`WHEELEND_DAYS_FOLLOWER_SECS`; zero: no follower).
pub fn follow(db: DatabaseConnection, every: StdDuration) {
    if every.is_zero() {
        return;
    }
    tokio::spawn(async move {
        loop {
            match close_finished_days(&db, Utc::now()).await {
                Ok(Some((day, vehicles))) => tracing::info!(%day, vehicles, "day closed"),
                Ok(None) => {}
                Err(err) => tracing::warn!(%err, "closing the finished day"),
            }
            match settle(&db).await {
                Ok(0) => {}
                Ok(n) => tracing::info!(vehicle_days = n, "finished days derived"),
                Err(err) => tracing::warn!(%err, "deriving finished days"),
            }
            tokio::time::sleep(every).await;
        }
    });
}
