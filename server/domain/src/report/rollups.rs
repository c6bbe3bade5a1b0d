//! Fleet reports over finished days, read from the roll-ups the finished-days follower keeps
//! (`domain::vehicle::days`): an enterprise-day is one row, so a month of a 30,000-vehicle fleet
//! is thirty rows per enterprise. Every read covers the enterprises of the caller's scope (or
//! the one asked for); a vehicle is counted in the enterprise it belonged to that day.

use std::collections::BTreeMap;

use chrono::{Datelike, Duration, NaiveDate};
use entities::{daily_mileage, enterprise, enterprise_day, enterprise_day_alarm};
use sea_orm::sea_query::{Alias, Expr, Func, NullOrdering, Order};
use sea_orm::{
    ColumnTrait, Condition, DatabaseConnection, EntityTrait, FromQueryResult, QueryFilter,
    QueryOrder, QuerySelect,
};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::scope::Scope;
use crate::vehicle::mileage::{DayRange, MAX_DAYS};
use kernel::error::AppError;
use kernel::paging::{PageQuery, PageResult};
use kernel::text;

/// Which days and enterprises a report covers.
#[derive(Debug, Clone, Copy, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FleetPeriod {
    #[serde(flatten)]
    pub range: DayRange,
    /// One enterprise of the scope; every enterprise of the scope when absent.
    #[serde(default, alias = "entId")]
    pub enterprise_id: Option<i64>,
}

impl FleetPeriod {
    fn condition<C: ColumnTrait>(
        &self,
        scope: &Scope,
        enterprise: C,
        day: C,
    ) -> Result<Condition, AppError> {
        let range = self.range.checked(MAX_DAYS)?;
        let mut cond = scope
            .filter(enterprise)
            .add(day.gte(range.start_date))
            .add(day.lte(range.end_date));
        if let Some(id) = self.enterprise_id.filter(|e| *e != 0) {
            scope.require(id)?;
            cond = cond.add(enterprise.eq(id));
        }
        Ok(cond)
    }
}

/// The figures of a day, a period or an enterprise.
#[derive(Debug, Clone, Default, Serialize, ToSchema, FromQueryResult, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct Figures {
    /// Vehicle-days with a derived day (per day: vehicles that reported).
    pub vehicle_days: i64,
    pub km: f64,
    pub driving_seconds: i64,
    pub fixes: i64,
    pub offline_seconds: i64,
    pub alarms: i64,
    /// °C
    pub max_tyre_temp: Option<f64>,
    /// °C
    pub max_hub_temp: Option<f64>,
    /// The largest difference between the two hubs of one axle, °C.
    pub max_hub_diff: Option<f64>,
    /// bar
    pub min_pressure: Option<f64>,
}

/// `CAST(COALESCE(SUM(column), 0) AS BIGINT)`: PostgreSQL sums a bigint as numeric.
fn total(column: impl sea_orm::sea_query::IntoColumnRef) -> sea_orm::sea_query::FunctionCall {
    Func::cast_as(
        Func::coalesce([Expr::from(Func::sum(Expr::col(column))), Expr::val(0)]),
        Alias::new("bigint"),
    )
}

/// The aggregate columns of [`Figures`] over `enterprise_days` rows.
fn figures(
    select: sea_orm::Select<enterprise_day::Entity>,
) -> sea_orm::Select<enterprise_day::Entity> {
    use enterprise_day::Column as E;
    let sum = total;
    select
        .select_only()
        .expr_as(sum(E::Vehicles), "vehicle_days")
        .expr_as(
            Func::coalesce([Expr::from(Func::sum(Expr::col(E::Km))), Expr::val(0.0)]),
            "km",
        )
        .expr_as(sum(E::DrivingSeconds), "driving_seconds")
        .expr_as(sum(E::Fixes), "fixes")
        .expr_as(sum(E::OfflineSeconds), "offline_seconds")
        .expr_as(sum(E::Alarms), "alarms")
        .expr_as(Func::max(Expr::col(E::MaxTyreTemp)), "max_tyre_temp")
        .expr_as(Func::max(Expr::col(E::MaxHubTemp)), "max_hub_temp")
        .expr_as(Func::max(Expr::col(E::MaxHubDiff)), "max_hub_diff")
        .expr_as(Func::min(Expr::col(E::MinPressure)), "min_pressure")
}

#[derive(Debug, Clone, Serialize, ToSchema, FromQueryResult)]
#[serde(rename_all = "camelCase")]
pub struct DayFigures {
    pub day: NaiveDate,
    #[sea_orm(nested)]
    #[serde(flatten)]
    pub figures: Figures,
}

/// The fleet's trend: its figures per day (days without a derived vehicle-day are left out),
/// and over the whole period.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Trend {
    pub days: Vec<DayFigures>,
    pub total: Figures,
}

/// `/dataReport/chart`: the trend of the period.
pub async fn trend(
    db: &DatabaseConnection,
    scope: &Scope,
    period: &FleetPeriod,
) -> Result<Trend, AppError> {
    use enterprise_day::Column as E;
    let cond = period.condition(scope, E::EnterpriseId, E::Day)?;
    let days = figures(enterprise_day::Entity::find().filter(cond.clone()))
        .column(E::Day)
        .group_by(E::Day)
        .order_by_asc(E::Day)
        .into_model::<DayFigures>()
        .all(db)
        .await?;
    let total = figures(enterprise_day::Entity::find().filter(cond))
        .into_model::<Figures>()
        .one(db)
        .await?
        .unwrap_or_default();
    Ok(Trend { days, total })
}

/// Alarms of a kind, an hour or an enterprise, by level.
#[derive(Debug, Clone, Default, Serialize, ToSchema, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct AlarmCount {
    /// The kind, the hour (0–23, UTC) or the enterprise the count is of.
    pub key: i64,
    pub warning: i64,
    pub critical: i64,
    pub total: i64,
}

/// Alarms raised in the period, by `by` (kind or hour) and level, every key present once.
async fn alarms_by(
    db: &DatabaseConnection,
    scope: &Scope,
    period: &FleetPeriod,
    by: enterprise_day_alarm::Column,
) -> Result<Vec<AlarmCount>, AppError> {
    use enterprise_day_alarm::Column as A;
    let rows: Vec<(i16, i16, i64)> = enterprise_day_alarm::Entity::find()
        .select_only()
        .column(by)
        .column(A::Level)
        .expr(total(A::Count))
        .filter(period.condition(scope, A::EnterpriseId, A::Day)?)
        .group_by(by)
        .group_by(A::Level)
        .into_tuple()
        .all(db)
        .await?;
    let mut counts: BTreeMap<i64, AlarmCount> = BTreeMap::new();
    for (key, level, n) in rows {
        let c = counts.entry(i64::from(key)).or_insert_with(|| AlarmCount {
            key: i64::from(key),
            ..AlarmCount::default()
        });
        if level >= 2 {
            c.critical += n;
        } else {
            c.warning += n;
        }
        c.total += n;
    }
    Ok(counts.into_values().collect())
}

/// `/dataReport/hour_distribution`: alarms raised in the period by hour of day (UTC, all 24
/// hours present) and level.
pub async fn hour_distribution(
    db: &DatabaseConnection,
    scope: &Scope,
    period: &FleetPeriod,
) -> Result<Vec<AlarmCount>, AppError> {
    let counted = alarms_by(db, scope, period, enterprise_day_alarm::Column::Hour).await?;
    Ok((0..24)
        .map(|hour| {
            counted
                .iter()
                .find(|c| c.key == hour)
                .cloned()
                .unwrap_or(AlarmCount {
                    key: hour,
                    ..AlarmCount::default()
                })
        })
        .collect())
}

/// `/dataReport/alarm_pie_chart`: alarms raised in the period by kind (the kinds that
/// occurred, most first) and level.
pub async fn alarm_kinds(
    db: &DatabaseConnection,
    scope: &Scope,
    period: &FleetPeriod,
) -> Result<Vec<AlarmCount>, AppError> {
    let mut counted = alarms_by(db, scope, period, enterprise_day_alarm::Column::Kind).await?;
    counted.sort_by(|a, b| b.total.cmp(&a.total).then(a.key.cmp(&b.key)));
    Ok(counted)
}

#[derive(Debug, Clone, Serialize, ToSchema, FromQueryResult)]
#[serde(rename_all = "camelCase")]
pub struct EnterpriseFigures {
    pub enterprise_id: i64,
    #[sea_orm(skip)]
    pub name: String,
    #[sea_orm(nested)]
    #[serde(flatten)]
    pub figures: Figures,
}

/// `/dataReport/analysis_table`: the period's figures per enterprise of the scope, most
/// distance first.
pub async fn by_enterprise(
    db: &DatabaseConnection,
    scope: &Scope,
    period: &FleetPeriod,
) -> Result<Vec<EnterpriseFigures>, AppError> {
    use enterprise_day::Column as E;
    let mut rows = figures(enterprise_day::Entity::find().filter(period.condition(
        scope,
        E::EnterpriseId,
        E::Day,
    )?))
    .column(E::EnterpriseId)
    .group_by(E::EnterpriseId)
    .into_model::<EnterpriseFigures>()
    .all(db)
    .await?;
    let names: BTreeMap<i64, String> = enterprise::Entity::find()
        .select_only()
        .column(enterprise::Column::Id)
        .column(enterprise::Column::EntName)
        .filter(enterprise::Column::Id.is_in(rows.iter().map(|r| r.enterprise_id)))
        .into_tuple()
        .all(db)
        .await?
        .into_iter()
        .collect();
    for row in &mut rows {
        row.name = names.get(&row.enterprise_id).cloned().unwrap_or_default();
    }
    rows.sort_by(|a, b| b.figures.km.total_cmp(&a.figures.km));
    Ok(rows)
}

/// Which periodic report.
#[derive(Debug, Clone, Copy, Deserialize, Serialize, ToSchema, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub enum Cadence {
    Daily,
    Weekly,
    Monthly,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PeriodicRequest {
    pub cadence: Cadence,
    /// A day of the period (a week runs Monday to Sunday).
    pub day: NaiveDate,
    #[serde(default, alias = "entId")]
    pub enterprise_id: Option<i64>,
}

/// A daily, weekly or monthly fleet report: the period's trend and totals beside the
/// previous period's, the alarms by kind, and the enterprises.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PeriodicReport {
    pub cadence: Cadence,
    pub start_date: NaiveDate,
    pub end_date: NaiveDate,
    pub trend: Trend,
    pub previous_start_date: NaiveDate,
    pub previous_end_date: NaiveDate,
    pub previous: Figures,
    pub alarm_kinds: Vec<AlarmCount>,
    pub enterprises: Vec<EnterpriseFigures>,
}

impl Cadence {
    /// The period of this cadence that holds `day`.
    pub fn period(self, day: NaiveDate) -> DayRange {
        let (start_date, end_date) = match self {
            Self::Daily => (day, day),
            Self::Weekly => {
                let monday = day - Duration::days(i64::from(day.weekday().num_days_from_monday()));
                (monday, monday + Duration::days(6))
            }
            Self::Monthly => {
                let first = day.with_day(1).unwrap_or(day);
                let next = first
                    .checked_add_months(chrono::Months::new(1))
                    .unwrap_or(first);
                (first, next - Duration::days(1))
            }
        };
        DayRange {
            start_date,
            end_date,
        }
    }
}

/// `/dataReport/analysis_detail`: the periodic report of a cadence and day.
pub async fn periodic(
    db: &DatabaseConnection,
    scope: &Scope,
    req: &PeriodicRequest,
) -> Result<PeriodicReport, AppError> {
    let range = req.cadence.period(req.day);
    let previous = req.cadence.period(range.start_date - Duration::days(1));
    let period = FleetPeriod {
        range,
        enterprise_id: req.enterprise_id,
    };
    let before = FleetPeriod {
        range: previous,
        enterprise_id: req.enterprise_id,
    };
    Ok(PeriodicReport {
        cadence: req.cadence,
        start_date: range.start_date,
        end_date: range.end_date,
        trend: trend(db, scope, &period).await?,
        previous_start_date: previous.start_date,
        previous_end_date: previous.end_date,
        previous: trend(db, scope, &before).await?.total,
        alarm_kinds: alarm_kinds(db, scope, &period).await?,
        enterprises: by_enterprise(db, scope, &period).await?,
    })
}

/// What a vehicle list is sorted by (most first).
#[derive(Debug, Clone, Copy, Default, Deserialize, ToSchema, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub enum VehicleSort {
    #[default]
    Km,
    DrivingSeconds,
    Alarms,
    OfflineSeconds,
    MaxTyreTemp,
    MaxHubTemp,
    MaxHubDiff,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct VehiclePeriodRequest {
    #[serde(flatten)]
    pub period: FleetPeriod,
    #[serde(default)]
    pub sort: VehicleSort,
    #[serde(flatten)]
    pub page: PageQuery,
}

#[derive(Debug, Clone, Serialize, ToSchema, FromQueryResult)]
#[serde(rename_all = "camelCase")]
pub struct VehicleFigures {
    pub vehicle_id: i64,
    #[sea_orm(skip)]
    pub plate: String,
    /// Days with a derived day.
    pub days: i64,
    pub km: f64,
    pub driving_seconds: i64,
    pub fixes: i64,
    pub offline_seconds: i64,
    pub alarms: i64,
    pub max_tyre_temp: Option<f64>,
    pub max_hub_temp: Option<f64>,
    pub max_hub_diff: Option<f64>,
    pub min_pressure: Option<f64>,
}

/// `/dataReport/ship_list`: the period's figures per vehicle (as counted in the scope's
/// enterprises), sorted by a figure, paged.
pub async fn by_vehicle(
    db: &DatabaseConnection,
    scope: &Scope,
    req: &VehiclePeriodRequest,
) -> Result<PageResult<VehicleFigures>, AppError> {
    use daily_mileage::Column as V;
    let cond = req.period.condition(scope, V::EnterpriseId, V::Day)?;
    let page = req.page.checked()?;
    let grouped = daily_mileage::Entity::find()
        .select_only()
        .column(V::VehicleId)
        .expr_as(Func::count(Expr::col(V::Day)), "days")
        .expr_as(
            Func::coalesce([Expr::from(Func::sum(Expr::col(V::Km))), Expr::val(0.0)]),
            "km",
        )
        .expr_as(total(V::DrivingSeconds), "driving_seconds")
        .expr_as(total(V::Fixes), "fixes")
        .expr_as(total(V::OfflineSeconds), "offline_seconds")
        .expr_as(total(V::Alarms), "alarms")
        .expr_as(Func::max(Expr::col(V::MaxTyreTemp)), "max_tyre_temp")
        .expr_as(Func::max(Expr::col(V::MaxHubTemp)), "max_hub_temp")
        .expr_as(Func::max(Expr::col(V::MaxHubDiff)), "max_hub_diff")
        .expr_as(Func::min(Expr::col(V::MinPressure)), "min_pressure")
        .filter(cond.clone())
        .group_by(V::VehicleId);
    let total_vehicles = daily_mileage::Entity::find()
        .select_only()
        .expr(Func::count_distinct(Expr::col(V::VehicleId)))
        .filter(cond)
        .into_tuple::<i64>()
        .one(db)
        .await?
        .unwrap_or(0);
    let by = match req.sort {
        VehicleSort::Km => "km",
        VehicleSort::DrivingSeconds => "driving_seconds",
        VehicleSort::Alarms => "alarms",
        VehicleSort::OfflineSeconds => "offline_seconds",
        VehicleSort::MaxTyreTemp => "max_tyre_temp",
        VehicleSort::MaxHubTemp => "max_hub_temp",
        VehicleSort::MaxHubDiff => "max_hub_diff",
    };
    let mut list = grouped
        // vehicles without the figure (null) last on every backend
        .order_by_with_nulls(Expr::cust(by), Order::Desc, NullOrdering::Last)
        .order_by_asc(V::VehicleId)
        .offset(page.offset)
        .limit(page.page_size)
        .into_model::<VehicleFigures>()
        .all(db)
        .await?;
    let plates = crate::vehicle::history::plates(db, list.iter().map(|v| v.vehicle_id)).await?;
    for row in &mut list {
        row.plate = plates.get(&row.vehicle_id).cloned().unwrap_or_default();
    }
    Ok(page.holding(list, total_vehicles))
}

/// What a chart counts.
#[derive(Debug, Clone, Copy, Deserialize, Serialize, ToSchema, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub enum Measure {
    /// Also accepted as the boards' `distanceKm` (`docs/reports.md`).
    #[serde(alias = "distanceKm")]
    Km,
    DrivingHours,
    VehicleDays,
    Alarms,
    OfflineHours,
    MaxTyreTemp,
    MaxHubTemp,
    MaxHubDiff,
    MinPressure,
}

/// How a chart groups what it counts.
#[derive(Debug, Clone, Copy, Deserialize, Serialize, ToSchema, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub enum Grouping {
    Day,
    Week,
    Month,
    Enterprise,
    /// Alarms only.
    AlarmKind,
    /// Alarms only.
    Hour,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ChartRequest {
    #[serde(flatten)]
    pub period: FleetPeriod,
    pub measure: Measure,
    pub grouping: Grouping,
}

/// One point of a chart's series.
#[derive(Debug, Clone, Serialize, ToSchema, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct ChartPoint {
    /// The day, the week's Monday, the month (`YYYY-MM`), the enterprise's name, the alarm
    /// kind or the hour.
    pub label: String,
    pub value: f64,
}

impl Measure {
    fn of(self, f: &Figures) -> Option<f64> {
        #[allow(clippy::cast_precision_loss)]
        match self {
            Self::Km => Some(f.km),
            Self::DrivingHours => Some(f.driving_seconds as f64 / 3600.0),
            Self::VehicleDays => Some(f.vehicle_days as f64),
            Self::Alarms => Some(f.alarms as f64),
            Self::OfflineHours => Some(f.offline_seconds as f64 / 3600.0),
            Self::MaxTyreTemp => f.max_tyre_temp,
            Self::MaxHubTemp => f.max_hub_temp,
            Self::MaxHubDiff => f.max_hub_diff,
            Self::MinPressure => f.min_pressure,
        }
    }

    /// How values of one group combine: sums add, extremes keep the extreme.
    fn combine(self, a: f64, b: f64) -> f64 {
        match self {
            Self::MaxTyreTemp | Self::MaxHubTemp | Self::MaxHubDiff => a.max(b),
            Self::MinPressure => a.min(b),
            _ => a + b,
        }
    }
}

/// `/dataReport/chart_data`: a measure grouped over the period, as a chart draws it.
pub async fn chart_data(
    db: &DatabaseConnection,
    scope: &Scope,
    req: &ChartRequest,
) -> Result<Vec<ChartPoint>, AppError> {
    let point = |label: String, value: f64| ChartPoint {
        label,
        value: (value * 100.0).round() / 100.0,
    };
    #[allow(clippy::cast_precision_loss)]
    match req.grouping {
        Grouping::AlarmKind | Grouping::Hour => {
            if req.measure != Measure::Alarms {
                return Err(AppError::field(
                    "grouping",
                    text!(
                        "按告警类型或小时分组只适用于告警数",
                        "Grouping by alarm kind or hour applies to alarms only"
                    ),
                ));
            }
            let counts = if req.grouping == Grouping::Hour {
                hour_distribution(db, scope, &req.period).await?
            } else {
                alarm_kinds(db, scope, &req.period).await?
            };
            Ok(counts
                .into_iter()
                .map(|c| point(c.key.to_string(), c.total as f64))
                .collect())
        }
        Grouping::Enterprise => Ok(by_enterprise(db, scope, &req.period)
            .await?
            .into_iter()
            .filter_map(|e| Some(point(e.name, req.measure.of(&e.figures)?)))
            .collect()),
        Grouping::Day | Grouping::Week | Grouping::Month => {
            let mut groups: BTreeMap<String, f64> = BTreeMap::new();
            for d in trend(db, scope, &req.period).await?.days {
                let Some(value) = req.measure.of(&d.figures) else {
                    continue;
                };
                let label = match req.grouping {
                    Grouping::Week => Cadence::Weekly.period(d.day).start_date.to_string(),
                    Grouping::Month => d.day.format("%Y-%m").to_string(),
                    _ => d.day.to_string(),
                };
                groups
                    .entry(label)
                    .and_modify(|v| *v = req.measure.combine(*v, value))
                    .or_insert(value);
            }
            Ok(groups.into_iter().map(|(l, v)| point(l, v)).collect())
        }
    }
}
