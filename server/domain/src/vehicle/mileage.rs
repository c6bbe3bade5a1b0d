//! Distance, trips and stops derived from positions, and the mileage reads.
//!
//! Distances are haversine with an earth radius of 6 378.137 km, in metres (console-spec §9).
//! A fix is *moving* above 1 km/h. A trip starts at the fix before the first moving one and
//! ends at the first fix of a stop of three minutes or more (or before a silence of an hour);
//! trips under 200 m are dropped (Traccar's defaults, reference/fleet.md §2.5). Daily mileage
//! sums the legs between consecutive fixes (not across a silence of an hour) on the UTC day of
//! the later fix; driving time counts the legs that start moving. [`compute`] replaces a
//! vehicle's trips and days over a date range, so running it again gives the same rows.

use std::collections::BTreeMap;

use chrono::{DateTime, Duration, NaiveDate, Utc};
use entities::{daily_mileage, position, trip, vehicle};
use sea_orm::sea_query::Expr;
use sea_orm::{
    ColumnTrait, Condition, DatabaseConnection, EntityTrait, QueryFilter, QueryOrder, QuerySelect,
    QueryTrait,
};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::history::{TimeRange, plates};
use crate::scope::Scope;
use kernel::error::AppError;
use kernel::paging::{self, PageQuery, PageResult};
use kernel::search::contains;
use kernel::text;
use kernel::validate::vehicle_ids;

const EARTH_RADIUS_M: f64 = 6_378_137.0;
const MOVING_KMH: f64 = 1.0;
const MIN_STOP_SECONDS: i64 = 180;
const MIN_TRIP_METERS: f64 = 200.0;
pub(crate) const SILENCE_SECONDS: i64 = 3600;
/// The longest date range of mileage reads.
pub(crate) const MAX_DAYS: i64 = 366;

/// Great-circle distance in metres.
pub fn haversine_m(lat1: f64, lon1: f64, lat2: f64, lon2: f64) -> f64 {
    let (p1, p2) = (lat1.to_radians(), lat2.to_radians());
    let dp = p2 - p1;
    let dl = (lon2 - lon1).to_radians();
    let a = (dp / 2.0).sin().powi(2) + p1.cos() * p2.cos() * (dl / 2.0).sin().powi(2);
    2.0 * EARTH_RADIUS_M * a.sqrt().asin()
}

fn moving(p: &position::Model) -> bool {
    p.speed > MOVING_KMH
}

fn leg_m(a: &position::Model, b: &position::Model) -> f64 {
    haversine_m(a.lat, a.lon, b.lat, b.lon)
}

fn silent(a: &position::Model, b: &position::Model) -> bool {
    (b.ts - a.ts).num_seconds() > SILENCE_SECONDS
}

/// A stop of three minutes or more.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Stop {
    pub start: DateTime<Utc>,
    pub end: DateTime<Utc>,
    pub seconds: i64,
    pub lat: f64,
    pub lon: f64,
}

/// The stops among fixes (oldest first): runs of fixes not moving, lasting until the next
/// moving fix (or the last fix), of three minutes or more.
pub fn stops(fixes: &[position::Model]) -> Vec<Stop> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < fixes.len() {
        if moving(&fixes[i]) {
            i += 1;
            continue;
        }
        let first = &fixes[i];
        let mut j = i;
        while j + 1 < fixes.len() && !moving(&fixes[j + 1]) {
            j += 1;
        }
        let end = fixes.get(j + 1).unwrap_or(&fixes[j]).ts;
        let seconds = (end - first.ts).num_seconds();
        if seconds >= MIN_STOP_SECONDS {
            out.push(Stop {
                start: first.ts,
                end,
                seconds,
                lat: first.lat,
                lon: first.lon,
            });
        }
        i = j + 1;
    }
    out
}

/// A trip found among fixes.
#[derive(Debug, Clone, PartialEq)]
pub struct FoundTrip {
    pub start: usize,
    pub end: usize,
    pub meters: f64,
    pub max_speed: f64,
}

/// Trips among fixes (oldest first), as index ranges.
pub fn trips(fixes: &[position::Model]) -> Vec<FoundTrip> {
    // Distance from the first fix, not counting legs across a silence.
    let mut cum = vec![0.0; fixes.len()];
    for i in 1..fixes.len() {
        let leg = if silent(&fixes[i - 1], &fixes[i]) {
            0.0
        } else {
            leg_m(&fixes[i - 1], &fixes[i])
        };
        cum[i] = cum[i - 1] + leg;
    }
    let mut out = Vec::new();
    let mut close = |start: usize, end: usize| {
        let meters = cum[end] - cum[start];
        if meters >= MIN_TRIP_METERS && fixes[end].ts > fixes[start].ts {
            let max_speed = fixes[start..=end]
                .iter()
                .map(|p| p.speed)
                .fold(0.0, f64::max);
            out.push(FoundTrip {
                start,
                end,
                meters,
                max_speed,
            });
        }
    };
    // (start index, last moving index) of the trip under way.
    let mut open: Option<(usize, usize)> = None;
    for i in 0..fixes.len() {
        let p = &fixes[i];
        if let Some((start, last)) = open {
            if silent(&fixes[i - 1], p) {
                close(start, last);
                open = None;
            } else if moving(p) {
                open = Some((start, i));
                continue;
            } else if (p.ts - fixes[last].ts).num_seconds() >= MIN_STOP_SECONDS {
                close(start, last + 1);
                open = None;
                continue;
            } else {
                continue;
            }
        }
        if moving(p) {
            let start = if i > 0 && !silent(&fixes[i - 1], p) {
                i - 1
            } else {
                i
            };
            open = Some((start, i));
        }
    }
    if let Some((start, last)) = open {
        close(start, (last + 1).min(fixes.len() - 1));
    }
    out
}

/// Distance (km) and driving seconds per UTC day.
pub fn days(fixes: &[position::Model]) -> BTreeMap<NaiveDate, (f64, i64)> {
    let mut out: BTreeMap<NaiveDate, (f64, i64)> = BTreeMap::new();
    for (i, p) in fixes.iter().enumerate() {
        let day = out.entry(p.ts.date_naive()).or_insert((0.0, 0));
        if i == 0 || silent(&fixes[i - 1], p) {
            continue;
        }
        let prev = &fixes[i - 1];
        day.0 += leg_m(prev, p) / 1000.0;
        if moving(prev) {
            day.1 += (p.ts - prev.ts).num_seconds();
        }
    }
    out
}

/// Whole UTC days, first to last inclusive.
#[derive(Debug, Clone, Copy, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DayRange {
    /// e.g. 2026-11-01
    #[serde(alias = "startDay", alias = "startTime", alias = "start")]
    pub start_date: NaiveDate,
    #[serde(alias = "endDay", alias = "endTime", alias = "end")]
    pub end_date: NaiveDate,
}

impl DayRange {
    pub(crate) fn checked(self, max_days: i64) -> Result<Self, AppError> {
        if self.end_date < self.start_date {
            return Err(AppError::fail(text!(
                "结束日期不能早于开始日期",
                "endDate must not be before startDate"
            )));
        }
        if (self.end_date - self.start_date).num_days() >= max_days {
            return Err(AppError::fail(text!(
                "日期范围最长 {} 天",
                "The date range spans at most {} days",
                max_days
            )));
        }
        Ok(self)
    }

    pub(crate) fn start(self) -> DateTime<Utc> {
        self.start_date.and_time(chrono::NaiveTime::MIN).and_utc()
    }

    /// Each day of the range, first to last.
    pub(crate) fn days(self) -> impl Iterator<Item = NaiveDate> {
        self.start_date
            .iter_days()
            .take_while(move |d| *d <= self.end_date)
    }

    pub(crate) fn end_exclusive(self) -> DateTime<Utc> {
        (self.end_date + Duration::days(1))
            .and_time(chrono::NaiveTime::MIN)
            .and_utc()
    }
}

/// What [`compute`] wrote.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Computed {
    pub vehicle_id: i64,
    /// Days with positions.
    pub days: usize,
    pub trips: usize,
    pub km: f64,
}

/// Recomputes a vehicle's trips and daily mileage over whole days (at most 31) from its
/// history, replacing what was there; each day is derived as [`super::days`] derives it, with
/// its roll-ups.
pub async fn compute(
    db: &DatabaseConnection,
    scope: &Scope,
    vehicle_id: i64,
    range: DayRange,
) -> Result<Computed, AppError> {
    let range = range.checked(super::history::MAX_RANGE_DAYS)?;
    if scope.read_only() {
        return Err(AppError::fail(text!(
            "只读托管下不能修改",
            "Read-only access: nothing may be changed"
        )));
    }
    let v = super::find(db, scope, vehicle_id).await?;
    let mut derived = Vec::new();
    for day in range.days() {
        derived.push(super::days::derive(db, v.id, v.enterprise_id, day).await?);
    }
    super::days::store(db, &derived).await?;
    Ok(Computed {
        vehicle_id: v.id,
        days: derived.iter().filter(|d| d.row.is_some()).count(),
        trips: derived.iter().map(|d| d.trips.len()).sum(),
        km: derived
            .iter()
            .filter_map(|d| d.row.as_ref())
            .map(|m| m.km)
            .sum(),
    })
}

/// Which vehicles a mileage or trip list covers.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct VehicleFilter {
    /// Only these vehicles (each must be visible).
    #[serde(default, alias = "carIds")]
    pub vehicle_ids: Vec<i64>,
    /// Part of the plate.
    #[serde(default, alias = "plate")]
    pub keyword: Option<String>,
    /// Only this enterprise (one the caller sees).
    #[serde(default, alias = "entId", alias = "ent_id")]
    pub enterprise_id: Option<i64>,
}

impl VehicleFilter {
    /// The ids of the vehicles the scope sees under this filter, as a subquery.
    fn query(&self, scope: &Scope) -> Result<sea_orm::sea_query::SelectStatement, AppError> {
        Ok(self
            .select(scope)?
            .select_only()
            .column(vehicle::Column::Id)
            .into_query())
    }

    fn select(&self, scope: &Scope) -> Result<sea_orm::Select<vehicle::Entity>, AppError> {
        let mut q = super::visible(scope);
        if !self.vehicle_ids.is_empty() {
            q = q.filter(vehicle::Column::Id.is_in(vehicle_ids("vehicleIds", &self.vehicle_ids)?));
        }
        if let Some(k) = self
            .keyword
            .as_deref()
            .map(str::trim)
            .filter(|k| !k.is_empty())
        {
            q = q.filter(contains(vehicle::Column::Plate, k));
        }
        if let Some(e) = self.enterprise_id.filter(|e| *e != 0) {
            scope.require(e)?;
            q = q.filter(vehicle::Column::EnterpriseId.eq(e));
        }
        Ok(q)
    }
}

/// A vehicle's mileage over the range.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MileageRow {
    pub vehicle_id: i64,
    pub plate: String,
    pub km: f64,
    pub driving_seconds: i64,
    /// Days with positions.
    pub days: i64,
}

/// One page of vehicles with their mileage, and the totals over every vehicle of the filter.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MileagePage {
    pub list: Vec<MileageRow>,
    pub total: u64,
    pub page: u64,
    pub page_size: u64,
    pub total_km: f64,
    pub total_driving_seconds: i64,
}

const SUM_KM: &str = "CAST(COALESCE(SUM(km), 0) AS DOUBLE PRECISION)";
const SUM_SECONDS: &str = "CAST(COALESCE(SUM(driving_seconds), 0) AS BIGINT)";

/// Mileage per vehicle over whole days, paged by plate, with totals.
pub async fn mileage_list(
    db: &DatabaseConnection,
    scope: &Scope,
    filter: &VehicleFilter,
    range: DayRange,
    page: PageQuery,
) -> Result<MileagePage, AppError> {
    let range = range.checked(MAX_DAYS)?;
    let in_range = Condition::all()
        .add(daily_mileage::Column::Day.gte(range.start_date))
        .add(daily_mileage::Column::Day.lte(range.end_date));
    let select = filter
        .select(scope)?
        .order_by_asc(vehicle::Column::Plate)
        .order_by_asc(vehicle::Column::Id);
    let vehicles = paging::fetch(db, select, page, |v| (v.id, v.plate)).await?;
    let sums: BTreeMap<i64, (f64, i64, i64)> = daily_mileage::Entity::find()
        .select_only()
        .column(daily_mileage::Column::VehicleId)
        .column_as(Expr::cust(SUM_KM), "km")
        .column_as(Expr::cust(SUM_SECONDS), "secs")
        .column_as(daily_mileage::Column::Day.count(), "days")
        .filter(in_range.clone())
        .filter(daily_mileage::Column::VehicleId.is_in(vehicles.list.iter().map(|v| v.0)))
        .group_by(daily_mileage::Column::VehicleId)
        .into_tuple::<(i64, f64, i64, i64)>()
        .all(db)
        .await?
        .into_iter()
        .map(|(id, km, secs, days)| (id, (km, secs, days)))
        .collect();
    let (total_km, total_driving_seconds) = daily_mileage::Entity::find()
        .select_only()
        .column_as(Expr::cust(SUM_KM), "km")
        .column_as(Expr::cust(SUM_SECONDS), "secs")
        .filter(in_range)
        .filter(daily_mileage::Column::VehicleId.in_subquery(filter.query(scope)?))
        .into_tuple::<(f64, i64)>()
        .one(db)
        .await?
        .unwrap_or_default();
    Ok(MileagePage {
        list: vehicles
            .list
            .into_iter()
            .map(|(id, plate)| {
                let (km, driving_seconds, days) = sums.get(&id).copied().unwrap_or_default();
                MileageRow {
                    vehicle_id: id,
                    plate,
                    km,
                    driving_seconds,
                    days,
                }
            })
            .collect(),
        total: vehicles.total,
        page: vehicles.page,
        page_size: vehicles.page_size,
        total_km,
        total_driving_seconds,
    })
}

/// Distance on one day.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DayKm {
    pub day: NaiveDate,
    pub km: f64,
    pub driving_seconds: i64,
}

/// Km per day of one vehicle, or of every vehicle the filter covers, every day of the range
/// (days without data are 0).
pub async fn histogram(
    db: &DatabaseConnection,
    scope: &Scope,
    vehicle_id: Option<i64>,
    filter: &VehicleFilter,
    range: DayRange,
) -> Result<Vec<DayKm>, AppError> {
    let range = range.checked(MAX_DAYS)?;
    let which = match vehicle_id.filter(|v| *v != 0) {
        Some(id) => {
            super::find(db, scope, id).await?;
            Condition::all().add(daily_mileage::Column::VehicleId.eq(id))
        }
        None => {
            Condition::all().add(daily_mileage::Column::VehicleId.in_subquery(filter.query(scope)?))
        }
    };
    let sums: BTreeMap<NaiveDate, (f64, i64)> = daily_mileage::Entity::find()
        .select_only()
        .column(daily_mileage::Column::Day)
        .column_as(Expr::cust(SUM_KM), "km")
        .column_as(Expr::cust(SUM_SECONDS), "secs")
        .filter(which)
        .filter(daily_mileage::Column::Day.gte(range.start_date))
        .filter(daily_mileage::Column::Day.lte(range.end_date))
        .group_by(daily_mileage::Column::Day)
        .into_tuple::<(NaiveDate, f64, i64)>()
        .all(db)
        .await?
        .into_iter()
        .map(|(d, km, s)| (d, (km, s)))
        .collect();
    Ok(range
        .start_date
        .iter_days()
        .take_while(|d| *d <= range.end_date)
        .map(|day| {
            let (km, driving_seconds) = sums.get(&day).copied().unwrap_or_default();
            DayKm {
                day,
                km,
                driving_seconds,
            }
        })
        .collect())
}

/// A trip.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TripRow {
    pub id: i64,
    pub vehicle_id: i64,
    pub plate: String,
    pub started_at: DateTime<Utc>,
    pub ended_at: DateTime<Utc>,
    pub seconds: i64,
    pub km: f64,
    pub start_lat: f64,
    pub start_lon: f64,
    pub end_lat: f64,
    pub end_lon: f64,
    /// km/h
    pub max_speed: f64,
    /// km/h
    pub avg_speed: f64,
}

/// Trips of the vehicles the filter covers that started in the range, newest first, paged.
pub async fn trip_list(
    db: &DatabaseConnection,
    scope: &Scope,
    filter: &VehicleFilter,
    range: TimeRange,
    min_km: Option<f64>,
    page: PageQuery,
) -> Result<PageResult<TripRow>, AppError> {
    let range = range.checked()?;
    let mut cond = Condition::all()
        .add(trip::Column::VehicleId.in_subquery(filter.query(scope)?))
        .add(trip::Column::StartedAt.gte(range.start))
        .add(trip::Column::StartedAt.lt(range.end));
    if let Some(k) = min_km {
        cond = cond.add(trip::Column::Km.gte(k));
    }
    let select = trip::Entity::find()
        .filter(cond)
        .order_by_desc(trip::Column::StartedAt)
        .order_by_desc(trip::Column::Id);
    let page = paging::fetch(db, select, page, |t| t).await?;
    let plates = plates(db, page.list.iter().map(|t| t.vehicle_id)).await?;
    Ok(PageResult {
        list: page
            .list
            .into_iter()
            .map(|t| TripRow {
                plate: plates.get(&t.vehicle_id).cloned().unwrap_or_default(),
                seconds: (t.ended_at - t.started_at).num_seconds(),
                id: t.id,
                vehicle_id: t.vehicle_id,
                started_at: t.started_at,
                ended_at: t.ended_at,
                km: t.km,
                start_lat: t.start_lat,
                start_lon: t.start_lon,
                end_lat: t.end_lat,
                end_lon: t.end_lon,
                max_speed: t.max_speed,
                avg_speed: t.avg_speed,
            })
            .collect(),
        total: page.total,
        page: page.page,
        page_size: page.page_size,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fix(secs: i64, lat: f64, lon: f64, speed: f64) -> position::Model {
        position::Model {
            vehicle_id: 1,
            ts: DateTime::from_timestamp(1_700_000_000 + secs, 0).unwrap(),
            lat,
            lon,
            speed,
            direction: 0,
            ignition: true,
            mileage: None,
            voltage: None,
        }
    }

    #[test]
    fn one_degree_of_latitude_is_about_111_km() {
        let m = haversine_m(30.0, 120.0, 31.0, 120.0);
        assert!((m - 111_319.5).abs() < 1.0, "{m}");
    }

    #[test]
    fn a_drive_then_a_stop_is_one_trip_and_one_stop() {
        let mut fixes = vec![fix(0, 30.0, 120.0, 0.0)];
        for i in 1..=10 {
            fixes.push(fix(i * 60, 30.0 + 0.01 * i as f64, 120.0, 60.0));
        }
        for i in 11..=20 {
            fixes.push(fix(i * 60, 30.1, 120.0, 0.0));
        }
        let found = trips(&fixes);
        assert_eq!(found.len(), 1);
        assert_eq!((found[0].start, found[0].end), (0, 11));
        assert!((found[0].meters - 11_131.9).abs() < 5.0);
        let s = stops(&fixes);
        assert_eq!(s.len(), 1);
        assert_eq!(s[0].seconds, 540);
        let d = days(&fixes);
        assert_eq!(d.len(), 1);
        let (km, secs) = d.values().next().copied().unwrap();
        assert!((km - 11.13).abs() < 0.01);
        assert_eq!(secs, 600);
    }
}
