//! Mileage per vehicle and day (`getMileage`), read from `daily_mileage` (kept as reports
//! arrive; never computed here): a page of vehicles with their km on each day of the range
//! (at most [`MAX_DAYS`] days), the totals over every vehicle of the filter, and the mileage
//! calendar — the filter's km on each day of one month.

use std::collections::BTreeMap;

use chrono::{Datelike, NaiveDate};
use entities::{daily_mileage, vehicle};
use sea_orm::sea_query::{Expr, SelectStatement};
use sea_orm::{
    ColumnTrait, DatabaseConnection, EntityTrait, QueryFilter, QueryOrder, QuerySelect, QueryTrait,
};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::{Chosen, VehicleChoice};
use crate::scope::Scope;
use kernel::error::AppError;
use kernel::paging::{self, PageQuery};
use kernel::text;

/// The longest range of per-day columns.
pub const MAX_DAYS: i64 = 31;

const KM: &str = "CAST(COALESCE(SUM(km), 0) AS DOUBLE PRECISION)";
const SECONDS: &str = "CAST(COALESCE(SUM(driving_seconds), 0) AS BIGINT)";

/// Whose mileage over which days.
#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MileageFilter {
    #[serde(flatten)]
    pub vehicles: VehicleChoice,
    /// First day (UTC), e.g. 2026-11-01.
    #[serde(alias = "startDay", alias = "start")]
    pub start_date: NaiveDate,
    /// Last day, included.
    #[serde(alias = "endDay", alias = "end")]
    pub end_date: NaiveDate,
    /// The calendar's month, `YYYY-MM` (default: the month of `endDate`).
    #[serde(default)]
    pub month: Option<String>,
}

/// A vehicle's mileage on each day of the range.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct VehicleMileage {
    pub vehicle_id: i64,
    pub plate: String,
    /// Over the range.
    pub km: f64,
    pub driving_seconds: i64,
    /// Km on each day of `dates`, in order (0 on days without data).
    pub daily: Vec<f64>,
}

/// One day of the calendar.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CalendarDay {
    pub day: NaiveDate,
    pub km: f64,
    pub driving_seconds: i64,
    /// Vehicles with mileage that day.
    pub vehicles: i64,
}

/// The filter's mileage on every day of a month.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Calendar {
    /// `YYYY-MM`.
    pub month: String,
    pub days: Vec<CalendarDay>,
    pub km: f64,
}

/// A page of vehicles by plate with their daily mileage, the totals and the calendar.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MileageReport {
    /// The days of the range, in order: the columns of `list[].daily`.
    pub dates: Vec<NaiveDate>,
    pub list: Vec<VehicleMileage>,
    pub total: u64,
    pub page: u64,
    pub page_size: u64,
    /// Over every vehicle of the filter and the whole range.
    pub total_km: f64,
    pub total_driving_seconds: i64,
    pub calendar: Calendar,
}

fn month_of(raw: Option<&str>, default: NaiveDate) -> Result<NaiveDate, AppError> {
    match raw.map(str::trim).filter(|m| !m.is_empty()) {
        None => Ok(default.with_day(1).unwrap_or(default)),
        Some(m) => NaiveDate::parse_from_str(&format!("{m}-01"), "%Y-%m-%d").map_err(|_| {
            AppError::field(
                "month",
                text!("month 须为 YYYY-MM", "month must be YYYY-MM"),
            )
        }),
    }
}

fn vehicles(scope: &Scope, chosen: &Chosen) -> sea_orm::Select<vehicle::Entity> {
    crate::vehicle::visible(scope)
        .filter(chosen.on(vehicle::Column::Id, vehicle::Column::EnterpriseId))
}

fn ids(scope: &Scope, chosen: &Chosen) -> SelectStatement {
    vehicles(scope, chosen)
        .select_only()
        .column(vehicle::Column::Id)
        .into_query()
}

/// Mileage of the filter's vehicles over the range, a page of vehicles at a time.
pub async fn report(
    db: &DatabaseConnection,
    scope: &Scope,
    f: &MileageFilter,
    page: PageQuery,
) -> Result<MileageReport, AppError> {
    if f.end_date < f.start_date {
        return Err(AppError::field(
            "endDate",
            text!(
                "结束日期不能早于开始日期",
                "endDate must not be before startDate"
            ),
        ));
    }
    if (f.end_date - f.start_date).num_days() >= MAX_DAYS {
        return Err(AppError::field(
            "endDate",
            text!(
                "日期范围最长 {} 天",
                "The date range spans at most {} days",
                MAX_DAYS
            ),
        ));
    }
    let first = month_of(f.month.as_deref(), f.end_date)?;
    let chosen = f.vehicles.checked(db, scope).await?;
    let dates: Vec<NaiveDate> = f
        .start_date
        .iter_days()
        .take_while(|d| *d <= f.end_date)
        .collect();
    use daily_mileage::Column as M;
    let select = vehicles(scope, &chosen)
        .order_by_asc(vehicle::Column::Plate)
        .order_by_asc(vehicle::Column::Id);
    let found = paging::fetch(db, select, page, |v| (v.id, v.plate)).await?;
    let mut per_day: BTreeMap<(i64, NaiveDate), (f64, i64)> = BTreeMap::new();
    for (v, day, km, secs) in daily_mileage::Entity::find()
        .select_only()
        .column(M::VehicleId)
        .column(M::Day)
        .column(M::Km)
        .column(M::DrivingSeconds)
        .filter(M::VehicleId.is_in(found.list.iter().map(|v| v.0)))
        .filter(M::Day.gte(f.start_date))
        .filter(M::Day.lte(f.end_date))
        .into_tuple::<(i64, NaiveDate, f64, i64)>()
        .all(db)
        .await?
    {
        per_day.insert((v, day), (km, secs));
    }
    let (total_km, total_driving_seconds) = daily_mileage::Entity::find()
        .select_only()
        .column_as(Expr::cust(KM), "km")
        .column_as(Expr::cust(SECONDS), "secs")
        .filter(M::VehicleId.in_subquery(ids(scope, &chosen)))
        .filter(M::Day.gte(f.start_date))
        .filter(M::Day.lte(f.end_date))
        .into_tuple::<(f64, i64)>()
        .one(db)
        .await?
        .unwrap_or_default();
    let next_month = first
        .checked_add_months(chrono::Months::new(1))
        .unwrap_or(first);
    let month: BTreeMap<NaiveDate, (f64, i64, i64)> = daily_mileage::Entity::find()
        .select_only()
        .column(M::Day)
        .column_as(Expr::cust(KM), "km")
        .column_as(Expr::cust(SECONDS), "secs")
        .column_as(M::VehicleId.count(), "n")
        .filter(M::VehicleId.in_subquery(ids(scope, &chosen)))
        .filter(M::Day.gte(first))
        .filter(M::Day.lt(next_month))
        .group_by(M::Day)
        .into_tuple::<(NaiveDate, f64, i64, i64)>()
        .all(db)
        .await?
        .into_iter()
        .map(|(d, km, secs, n)| (d, (km, secs, n)))
        .collect();
    let days: Vec<CalendarDay> = first
        .iter_days()
        .take_while(|d| *d < next_month)
        .map(|day| {
            let (km, driving_seconds, vehicles) = month.get(&day).copied().unwrap_or_default();
            CalendarDay {
                day,
                km,
                driving_seconds,
                vehicles,
            }
        })
        .collect();
    Ok(MileageReport {
        list: found
            .list
            .into_iter()
            .map(|(id, plate)| {
                let daily: Vec<(f64, i64)> = dates
                    .iter()
                    .map(|d| per_day.get(&(id, *d)).copied().unwrap_or_default())
                    .collect();
                VehicleMileage {
                    vehicle_id: id,
                    plate,
                    km: daily.iter().map(|d| d.0).sum(),
                    driving_seconds: daily.iter().map(|d| d.1).sum(),
                    daily: daily.into_iter().map(|d| d.0).collect(),
                }
            })
            .collect(),
        dates,
        total: found.total,
        page: found.page,
        page_size: found.page_size,
        total_km,
        total_driving_seconds,
        calendar: Calendar {
            month: first.format("%Y-%m").to_string(),
            km: days.iter().map(|d| d.km).sum(),
            days,
        },
    })
}
