//! Finished days kept current: what is derived per vehicle and UTC day from history is derived
//! again whenever that day's history changes, by a follower of the ingestion writer, so
//! reports over past days read stored rows instead of raw history:
//! - trips (`trips`), and the vehicle-day's roll-up (`daily_mileage`: distance, driving time,
//!   fixes and frames, the hottest tyre and hub, the lowest pressure, time offline, alarms
//!   raised) with its alarms by kind, level and hour (`day_alarms`);
//! - each enterprise-day's sums of its vehicles' (`enterprise_days`, `enterprise_day_alarms`),
//!   summed again in the transaction that changes one of its vehicle-days.
//!
//! - The writer marks the vehicle-days a late report lands in ([`mark`], in its batch's
//!   transaction).
//! - Once a UTC day has ended (and [`GRACE`] has passed for reports in flight), every vehicle
//!   that reported since that day began is queued for it, once ([`close_finished_days`]).
//! - The follower ([`follow`], every 30 s by default) derives the queued vehicle-days, a chunk per write transaction,
//!   and removes a mark only if no newer one came while it worked.
//! - [`queue_range`] queues every vehicle over a range of days: the rebuild command.

use std::time::Duration as StdDuration;

use std::collections::{BTreeMap, BTreeSet, HashMap};

use chrono::{DateTime, Duration, NaiveDate, Timelike, Utc};
use entities::{
    closed_day, daily_mileage, day_alarm, enterprise_day, enterprise_day_alarm, pending_day,
    position, trip, vehicle, vehicle_alarm, vehicle_state,
};
use sea_orm::sea_query::{Expr, Func, OnConflict, Query, SelectStatement};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, DatabaseConnection, EntityTrait, QueryFilter,
    QueryOrder, QuerySelect, Set,
};

use super::history::{AXLE, TYRE, frames, positions};
use super::mileage::{DayRange, SILENCE_SECONDS, days, trips};
use kernel::db::write_txn;
use kernel::error::AppError;

/// How long after midnight (UTC) a day is closed: reports still in flight land first.
pub const GRACE: Duration = Duration::minutes(10);
/// Vehicle-days derived per write transaction: short enough not to hold the writer up.
const CHUNK: u64 = 64;
/// A silence between reports longer than this counts as offline time.
const OFFLINE_SECONDS: i64 = 600;

/// Marks vehicle-days as changed (ingestion: the days before today its batch wrote reports
/// for), in the caller's transaction.
///
/// # Errors
/// When the database refuses the insert.
pub async fn mark(
    db: &impl ConnectionTrait,
    days: &[(i64, NaiveDate)],
    now: DateTime<Utc>,
) -> Result<(), AppError> {
    // Three values a row: well under SQLite's bound-parameter limit per statement.
    for chunk in days.chunks(5000) {
        pending_day::Entity::insert_many(chunk.iter().map(|&(vehicle_id, day)| {
            pending_day::ActiveModel {
                vehicle_id: Set(vehicle_id),
                day: Set(day),
                marked_at: Set(now),
            }
        }))
        .on_conflict(
            OnConflict::columns([pending_day::Column::VehicleId, pending_day::Column::Day])
                .update_column(pending_day::Column::MarkedAt)
                .to_owned(),
        )
        .exec_without_returning(db)
        .await?;
    }
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
    if marks.is_empty() {
        return Ok(0);
    }
    let owners: HashMap<i64, i64> = vehicle::Entity::find()
        .select_only()
        .column(vehicle::Column::Id)
        .column(vehicle::Column::EnterpriseId)
        .filter(vehicle::Column::Id.is_in(marks.iter().map(|m| m.vehicle_id)))
        .into_tuple()
        .all(db)
        .await?
        .into_iter()
        .collect();
    // Read and derive before the write transaction, which then only replaces rows.
    let mut derived = Vec::with_capacity(marks.len());
    for mark in &marks {
        if let Some(&enterprise_id) = owners.get(&mark.vehicle_id) {
            derived.push(derive(db, mark.vehicle_id, enterprise_id, mark.day).await?);
        }
    }
    let txn = write_txn(db).await?;
    replace(&txn, &derived).await?;
    for mark in &marks {
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

// ---- deriving a vehicle-day ----------------------------------------------------------------

/// What a vehicle's UTC day derives to from its history.
#[derive(Debug)]
pub(crate) struct DerivedDay {
    pub vehicle_id: i64,
    pub enterprise_id: i64,
    pub day: NaiveDate,
    /// The trips that started that day (a trip running across midnight is two).
    pub trips: Vec<trip::Model>,
    /// None when the vehicle neither reported nor raised an alarm that day.
    pub row: Option<daily_mileage::Model>,
    pub alarms: Vec<day_alarm::Model>,
}

/// Derives a vehicle-day from its positions (and those of the hour before: the leg into the
/// day's first fix counts toward its distance, and a silence across midnight toward its
/// offline time), its wheel frames and the alarms it raised.
pub(crate) async fn derive(
    db: &impl ConnectionTrait,
    vehicle_id: i64,
    enterprise_id: i64,
    day: NaiveDate,
) -> Result<DerivedDay, AppError> {
    let range = DayRange {
        start_date: day,
        end_date: day,
    };
    let (start, end) = (range.start(), range.end_exclusive());
    let fixes = positions(
        db,
        vehicle_id,
        start - Duration::seconds(SILENCE_SECONDS),
        end,
    )
    .await?;
    let own = fixes.partition_point(|f| f.ts < start);
    let frames = frames(db, vehicle_id, start, end).await?;
    let raised = vehicle_alarm::Entity::find()
        .select_only()
        .column(vehicle_alarm::Column::Kind)
        .column(vehicle_alarm::Column::Level)
        .column(vehicle_alarm::Column::StartedAt)
        .filter(vehicle_alarm::Column::VehicleId.eq(vehicle_id))
        .filter(vehicle_alarm::Column::StartedAt.gte(start))
        .filter(vehicle_alarm::Column::StartedAt.lt(end))
        .into_tuple::<(i16, i16, DateTime<Utc>)>()
        .all(db)
        .await?;

    let trips = derive_trips(vehicle_id, &fixes[own..]);
    let mut by_hour: BTreeMap<(i16, i16, i16), i32> = BTreeMap::new();
    for (kind, level, at) in &raised {
        #[allow(clippy::cast_possible_truncation)]
        let hour = at.hour() as i16;
        *by_hour.entry((*kind, *level, hour)).or_default() += 1;
    }
    let alarms = by_hour
        .into_iter()
        .map(|((kind, level, hour), count)| day_alarm::Model {
            vehicle_id,
            day,
            enterprise_id,
            kind,
            level,
            hour,
            count,
        })
        .collect();
    if own == fixes.len() && frames.is_empty() && raised.is_empty() {
        return Ok(DerivedDay {
            vehicle_id,
            enterprise_id,
            day,
            trips,
            row: None,
            alarms,
        });
    }

    let (km, driving_seconds) = days(&fixes).get(&day).copied().unwrap_or((0.0, 0));
    let mut row = daily_mileage::Model {
        vehicle_id,
        day,
        km,
        driving_seconds,
        enterprise_id: Some(enterprise_id),
        fixes: i32::try_from(fixes.len() - own).unwrap_or(i32::MAX),
        frames: i32::try_from(frames.len()).unwrap_or(i32::MAX),
        max_tyre_temp: None,
        max_hub_temp: None,
        max_hub_diff: hub_difference(&frames),
        min_pressure: None,
        offline_seconds: 0,
        alarms: i32::try_from(raised.len()).unwrap_or(i32::MAX),
        // set when the day is stored, from the day before it
        odo_km: 0.0,
    };
    for wheel in frames.iter().flat_map(|(_, wheels)| wheels) {
        let higher = |stored: Option<f64>, read: Option<f64>| match (stored, read) {
            (Some(s), Some(r)) => Some(s.max(r)),
            (s, r) => s.or(r),
        };
        match wheel.kind {
            TYRE => {
                row.max_tyre_temp = higher(row.max_tyre_temp, wheel.temp);
                row.min_pressure = match (row.min_pressure, wheel.pressure) {
                    (Some(s), Some(r)) => Some(s.min(r)),
                    (s, r) => s.or(r),
                };
            }
            AXLE => row.max_hub_temp = higher(row.max_hub_temp, wheel.temp),
            _ => {}
        }
    }
    // Reports are fixes and frames; a silence is offline from its start (or midnight) to its
    // end (or the day's end, or now for today).
    let mut reports: BTreeSet<DateTime<Utc>> = fixes.iter().map(|f| f.ts).collect();
    reports.extend(frames.iter().map(|(ts, _)| *ts));
    let day_end = end.min(Utc::now());
    let mut previous = own
        .checked_sub(1)
        .map_or(DateTime::<Utc>::MIN_UTC, |last| fixes[last].ts);
    for at in reports.into_iter().filter(|t| *t >= start).chain([day_end]) {
        if (at - previous).num_seconds() > OFFLINE_SECONDS {
            row.offline_seconds += (at - previous.max(start)).num_seconds();
        }
        previous = at;
    }
    Ok(DerivedDay {
        vehicle_id,
        enterprise_id,
        day,
        trips,
        row: Some(row),
        alarms,
    })
}

/// The largest difference between the left (x1) and right (x2) hubs of one axle read in one
/// frame, as the axle temperature-difference alarm judges them.
fn hub_difference(
    frames: &[(DateTime<Utc>, Vec<entities::wheel_values::WheelValue>)],
) -> Option<f64> {
    let mut largest: Option<f64> = None;
    for (_, wheels) in frames {
        let hubs = || wheels.iter().filter(|w| w.kind == AXLE);
        for left in hubs().filter(|w| w.position % 10 == 1) {
            let right = hubs().find(|w| w.position == left.position + 1);
            if let (Some(l), Some(r)) = (left.temp, right.and_then(|w| w.temp)) {
                let diff = (l - r).abs();
                largest = Some(largest.map_or(diff, |d| d.max(diff)));
            }
        }
    }
    largest
}

fn derive_trips(vehicle_id: i64, fixes: &[position::Model]) -> Vec<trip::Model> {
    trips(fixes)
        .into_iter()
        .map(|t| {
            let (a, b) = (&fixes[t.start], &fixes[t.end]);
            let hours = (b.ts - a.ts).num_seconds() as f64 / 3600.0;
            trip::Model {
                id: 0,
                vehicle_id,
                started_at: a.ts,
                ended_at: b.ts,
                km: t.meters / 1000.0,
                start_lat: a.lat,
                start_lon: a.lon,
                end_lat: b.lat,
                end_lon: b.lon,
                max_speed: t.max_speed,
                avg_speed: t.meters / 1000.0 / hours,
            }
        })
        .collect()
}

/// Stores derived vehicle-days in a write transaction of their own.
pub(crate) async fn store(db: &DatabaseConnection, derived: &[DerivedDay]) -> Result<(), AppError> {
    let txn = write_txn(db).await?;
    replace(&txn, derived).await?;
    txn.commit().await?;
    Ok(())
}

/// Replaces the stored rows of each derived vehicle-day, then sums their enterprise-days again.
async fn replace(txn: &impl ConnectionTrait, derived: &[DerivedDay]) -> Result<(), AppError> {
    let mut touched: BTreeSet<(i64, NaiveDate)> = BTreeSet::new();
    for d in derived {
        let range = DayRange {
            start_date: d.day,
            end_date: d.day,
        };
        trip::Entity::delete_many()
            .filter(trip::Column::VehicleId.eq(d.vehicle_id))
            .filter(trip::Column::StartedAt.gte(range.start()))
            .filter(trip::Column::StartedAt.lt(range.end_exclusive()))
            .exec(txn)
            .await?;
        // The enterprise the day was counted in before, if the vehicle has moved since, and
        // the km it counted.
        let before: Option<(Option<i64>, f64)> = daily_mileage::Entity::find()
            .select_only()
            .column(daily_mileage::Column::EnterpriseId)
            .column(daily_mileage::Column::Km)
            .filter(daily_mileage::Column::VehicleId.eq(d.vehicle_id))
            .filter(daily_mileage::Column::Day.eq(d.day))
            .into_tuple()
            .one(txn)
            .await?;
        touched.extend(before.and_then(|(e, _)| e).map(|e| (e, d.day)));
        touched.insert((d.enterprise_id, d.day));
        let km_before = before.map_or(0.0, |(_, km)| km);
        let km_now = d.row.as_ref().map_or(0.0, |r| r.km);
        daily_mileage::Entity::delete_many()
            .filter(daily_mileage::Column::VehicleId.eq(d.vehicle_id))
            .filter(daily_mileage::Column::Day.eq(d.day))
            .exec(txn)
            .await?;
        day_alarm::Entity::delete_many()
            .filter(day_alarm::Column::VehicleId.eq(d.vehicle_id))
            .filter(day_alarm::Column::Day.eq(d.day))
            .exec(txn)
            .await?;
        if !d.trips.is_empty() {
            trip::Entity::insert_many(d.trips.iter().map(|t| trip::ActiveModel {
                vehicle_id: Set(t.vehicle_id),
                started_at: Set(t.started_at),
                ended_at: Set(t.ended_at),
                km: Set(t.km),
                start_lat: Set(t.start_lat),
                start_lon: Set(t.start_lon),
                end_lat: Set(t.end_lat),
                end_lon: Set(t.end_lon),
                max_speed: Set(t.max_speed),
                avg_speed: Set(t.avg_speed),
                ..Default::default()
            }))
            .exec_without_returning(txn)
            .await?;
        }
        if let Some(row) = &d.row {
            let odo_km = odometer_before(txn, d.vehicle_id, d.day).await? + row.km;
            daily_mileage::Entity::insert(
                daily_mileage::ActiveModel::from(daily_mileage::Model {
                    odo_km,
                    ..row.clone()
                })
                .reset_all(),
            )
            .exec_without_returning(txn)
            .await?;
        }
        if (km_now - km_before).abs() > f64::EPSILON {
            // a late day: the days after it carry its change
            use sea_orm::sea_query::ExprTrait as _;
            daily_mileage::Entity::update_many()
                .col_expr(
                    daily_mileage::Column::OdoKm,
                    Expr::col(daily_mileage::Column::OdoKm).add(km_now - km_before),
                )
                .filter(daily_mileage::Column::VehicleId.eq(d.vehicle_id))
                .filter(daily_mileage::Column::Day.gt(d.day))
                .exec(txn)
                .await?;
        }
        if !d.alarms.is_empty() {
            day_alarm::Entity::insert_many(
                d.alarms
                    .iter()
                    .map(|a| day_alarm::ActiveModel::from(a.clone()).reset_all()),
            )
            .exec_without_returning(txn)
            .await?;
        }
    }
    sum_enterprise_days(txn, &touched).await
}

/// The vehicle's km through the end of the last day it has before `day` (0 before its first).
async fn odometer_before(
    db: &impl ConnectionTrait,
    vehicle_id: i64,
    day: NaiveDate,
) -> Result<f64, AppError> {
    let odo: Option<f64> = daily_mileage::Entity::find()
        .select_only()
        .column(daily_mileage::Column::OdoKm)
        .filter(daily_mileage::Column::VehicleId.eq(vehicle_id))
        .filter(daily_mileage::Column::Day.lt(day))
        .order_by_desc(daily_mileage::Column::Day)
        .into_tuple()
        .one(db)
        .await?;
    Ok(odo.unwrap_or(0.0))
}

/// Sums the vehicle-days of each enterprise-day again (a day with none left has no row).
async fn sum_enterprise_days(
    txn: &impl ConnectionTrait,
    touched: &BTreeSet<(i64, NaiveDate)>,
) -> Result<(), AppError> {
    use daily_mileage::Column as V;
    use day_alarm::Column as A;
    for &(enterprise_id, day) in touched {
        enterprise_day::Entity::delete_by_id((enterprise_id, day))
            .exec(txn)
            .await?;
        enterprise_day_alarm::Entity::delete_many()
            .filter(enterprise_day_alarm::Column::EnterpriseId.eq(enterprise_id))
            .filter(enterprise_day_alarm::Column::Day.eq(day))
            .exec(txn)
            .await?;
        let vehicles: SelectStatement = Query::select()
            .expr(Expr::val(enterprise_id))
            .expr(Expr::val(day))
            .expr(Func::count(Expr::col(V::VehicleId)))
            .expr(Func::sum(Expr::col(V::Km)))
            .expr(Func::sum(Expr::col(V::DrivingSeconds)))
            .expr(Func::sum(Expr::col(V::Fixes)))
            .expr(Func::max(Expr::col(V::MaxTyreTemp)))
            .expr(Func::max(Expr::col(V::MaxHubTemp)))
            .expr(Func::max(Expr::col(V::MaxHubDiff)))
            .expr(Func::min(Expr::col(V::MinPressure)))
            .expr(Func::sum(Expr::col(V::OfflineSeconds)))
            .expr(Func::sum(Expr::col(V::Alarms)))
            .from(daily_mileage::Entity)
            .and_where(V::EnterpriseId.eq(enterprise_id))
            .and_where(V::Day.eq(day))
            // An aggregate without GROUP BY answers one row even over no rows.
            .group_by_col(V::EnterpriseId)
            .to_owned();
        use enterprise_day::Column as E;
        let insert = Query::insert()
            .into_table(enterprise_day::Entity)
            .columns([
                E::EnterpriseId,
                E::Day,
                E::Vehicles,
                E::Km,
                E::DrivingSeconds,
                E::Fixes,
                E::MaxTyreTemp,
                E::MaxHubTemp,
                E::MaxHubDiff,
                E::MinPressure,
                E::OfflineSeconds,
                E::Alarms,
            ])
            .select_from(vehicles)
            .map_err(|e| AppError::Internal(e.into()))?
            .to_owned();
        txn.execute(&insert).await?;
        let alarms: SelectStatement = Query::select()
            .expr(Expr::val(enterprise_id))
            .expr(Expr::val(day))
            .columns([A::Kind, A::Level, A::Hour])
            .expr(Func::sum(Expr::col(A::Count)))
            .from(day_alarm::Entity)
            .and_where(A::EnterpriseId.eq(enterprise_id))
            .and_where(A::Day.eq(day))
            .group_by_columns([A::Kind, A::Level, A::Hour])
            .to_owned();
        use enterprise_day_alarm::Column as EA;
        let insert = Query::insert()
            .into_table(enterprise_day_alarm::Entity)
            .columns([
                EA::EnterpriseId,
                EA::Day,
                EA::Kind,
                EA::Level,
                EA::Hour,
                EA::Count,
            ])
            .select_from(alarms)
            .map_err(|e| AppError::Internal(e.into()))?
            .to_owned();
        txn.execute(&insert).await?;
    }
    Ok(())
}
