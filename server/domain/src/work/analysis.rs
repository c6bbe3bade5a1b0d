//! Option lists for the forms and the statistics of work orders: counts by state, type,
//! grade and assignee, due-time compliance, mean times to first response and to resolution,
//! the orders behind one count, and orders and cost over time, over the orders of the date
//! range the caller sees. The database counts (grouped queries): a year of a large fleet is
//! ~100,000 orders, and none of them is read into memory.

use std::collections::{BTreeMap, BTreeSet};

use chrono::{DateTime, Datelike, Duration, Months, NaiveDate, Utc};
use entities::{vehicle, work_order};
use sea_orm::sea_query::{Expr, ExprTrait, Func, IntoCondition, SimpleExpr};
use sea_orm::{
    ColIdx, ColumnTrait, Condition, DatabaseConnection, DbBackend, EntityTrait, FromQueryResult,
    QueryFilter, QueryOrder, QueryResult, QuerySelect, TryGetError, TryGetable,
};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::categories::{self, CategoryKind};
use super::orders::{self, OrderPage, day, grade_label, priority_label};
use super::states::{self, CANCELLED, CLOSED, IN_PROGRESS, PENDING, RESOLVED};
use super::{types, visible};
use crate::scope::Scope;
use kernel::error::AppError;
use kernel::i18n::Text;
use kernel::paging::PageQuery;
use kernel::text;

/// One choice of a form's option list.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = WorkChoice)]
pub struct Choice {
    pub value: i64,
    /// In the caller's language.
    pub name: String,
    pub zh: String,
    pub en: String,
}

fn choice(value: i64, t: &Text) -> Choice {
    Choice {
        value,
        name: t.current().to_owned(),
        zh: t.zh.to_string(),
        en: t.en.to_string(),
    }
}

/// The option lists the order forms need.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Options {
    /// The enterprise's order types (names as saved: `zh` and `en` repeat them).
    pub types: Vec<Choice>,
    /// Its problem types.
    pub categories: Vec<Choice>,
    pub grades: Vec<Choice>,
    pub priorities: Vec<Choice>,
    pub states: Vec<Choice>,
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OptionQuery {
    #[serde(default, alias = "ent_id", alias = "enterpriseId")]
    pub ent_id: Option<i64>,
}

/// The option lists of an enterprise (default: the acting one).
pub async fn options(
    db: &DatabaseConnection,
    scope: &Scope,
    q: OptionQuery,
) -> Result<Options, AppError> {
    let ent = scope.acting(q.ent_id)?;
    let named = |value: i64, name: String| Choice {
        value,
        zh: name.clone(),
        en: name.clone(),
        name,
    };
    let types = types::all_of(db, ent)
        .await?
        .into_iter()
        .map(|t| named(t.id, t.name))
        .collect();
    let cats = categories::list(
        db,
        scope,
        Some(ent),
        CategoryKind::Problem,
        None,
        PageQuery {
            page: 1,
            page_size: kernel::paging::MAX_PAGE_SIZE,
        },
    )
    .await?;
    Ok(Options {
        types,
        categories: cats.list.into_iter().map(|c| named(c.id, c.name)).collect(),
        grades: (0..=3).map(|g| choice(g.into(), &grade_label(g))).collect(),
        priorities: (1..=4)
            .map(|p| choice(p.into(), &priority_label(p)))
            .collect(),
        states: states::ALL
            .iter()
            .map(|s| choice((*s).into(), &states::label(*s)))
            .collect(),
    })
}

/// A date range (default: the last 30 days) and the enterprise to count (default: all the
/// caller sees).
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RangeQuery {
    /// First day, `YYYY-MM-DD` (UTC).
    #[serde(alias = "startTime", alias = "start")]
    pub from: Option<String>,
    /// Last day, included.
    #[serde(alias = "endTime", alias = "end")]
    pub to: Option<String>,
    #[serde(default, alias = "ent_id", alias = "enterpriseId")]
    pub ent_id: Option<i64>,
}

struct Range {
    from: NaiveDate,
    to: NaiveDate,
}

fn range(q: &RangeQuery) -> Result<Range, AppError> {
    let today = Utc::now().date_naive();
    let to = day("to", q.to.as_deref())?.unwrap_or(today);
    let from = day("from", q.from.as_deref())?.unwrap_or(to - Duration::days(29));
    if from > to {
        return Err(AppError::field(
            "from",
            text!("from 不能晚于 to", "from must not be after to"),
        ));
    }
    if (to - from).num_days() > 3660 {
        return Err(AppError::field(
            "from",
            text!("时间范围最多十年", "the range spans at most ten years"),
        ));
    }
    Ok(Range { from, to })
}

fn start(d: NaiveDate) -> DateTime<Utc> {
    d.and_hms_opt(0, 0, 0).unwrap_or_default().and_utc()
}

/// The orders opened in the range that the scope sees (and of `entId`, when given).
fn opened(scope: &Scope, q: &RangeQuery, r: &Range) -> Result<Condition, AppError> {
    let mut c = Condition::all()
        .add(visible(scope))
        .add(work_order::Column::CreatedAt.gte(start(r.from)))
        .add(work_order::Column::CreatedAt.lt(start(r.to + Duration::days(1))));
    if let Some(e) = q.ent_id.filter(|e| *e != 0) {
        scope.require(e)?;
        c = c.add(work_order::Column::EnterpriseId.eq(e));
    }
    Ok(c)
}

/// When an order was finished: resolved, else closed.
fn finished() -> Expr {
    Func::coalesce([
        Expr::col(work_order::Column::ResolvedAt),
        Expr::col(work_order::Column::ClosedAt),
    ])
    .into()
}

/// Orders with a due time that missed it: still open past it, or resolved or closed after it
/// (the rule of [`orders::is_overdue`], as SQL).
fn overdue(now: DateTime<Utc>) -> Condition {
    Condition::all()
        .add(work_order::Column::DueAt.is_not_null())
        .add(
            Condition::any()
                .add(
                    Condition::all()
                        .add(work_order::Column::State.is_in([RESOLVED, CLOSED]))
                        .add(finished().gt(Expr::col(work_order::Column::DueAt))),
                )
                .add(
                    Condition::all()
                        .add(work_order::Column::State.is_in([PENDING, IN_PROGRESS]))
                        .add(work_order::Column::DueAt.lt(now)),
                ),
        )
}

/// Orders with a due time that met it so far.
fn on_time(now: DateTime<Utc>) -> Condition {
    Condition::all()
        .add(work_order::Column::DueAt.is_not_null())
        .add(work_order::Column::State.ne(CANCELLED))
        .add(overdue(now).not())
}

/// `SUM(CASE WHEN c THEN 1 ELSE 0 END)`: how many rows of a group meet `c`.
fn count_if(c: impl IntoCondition) -> SimpleExpr {
    Func::sum(Expr::case(c, 1).finally(0)).into()
}

/// One count of a dimension.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Cell {
    /// The state, type id, grade or assignee id (0: unassigned).
    pub key: i64,
    pub name: String,
    pub count: u64,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Statistics {
    pub from: NaiveDate,
    pub to: NaiveDate,
    pub total: u64,
    pub by_state: Vec<Cell>,
    pub by_type: Vec<Cell>,
    pub by_grade: Vec<Cell>,
    pub by_assignee: Vec<Cell>,
    /// Orders with a due time that missed it (still open past it, or resolved after it).
    pub overdue: u64,
    /// Orders with a due time that met it so far.
    pub on_time: u64,
    /// Mean seconds from opening to the first response (start or someone else's entry).
    pub mean_first_response_secs: Option<f64>,
    /// Mean seconds from opening to resolution (resolved or closed orders).
    pub mean_resolution_secs: Option<f64>,
}

/// The dimensions of `details_list`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum Dimension {
    State,
    Type,
    Grade,
    Assignee,
    Overdue,
    OnTime,
}

/// One group of the counts: the orders of one state, type, grade and assignee. The group's
/// state decides which of its counts are overdue and on time (see [`Group::overdue`]), so the
/// database counts plain comparisons per order instead of the whole rule, twice.
#[derive(Debug, FromQueryResult)]
struct Group {
    state: i16,
    type_id: i64,
    grade: i16,
    assignee_id: Option<i64>,
    orders: i64,
    /// Orders with a due time; of them, due before now, finished after it, finished by it.
    with_due: i64,
    past_due: i64,
    finished_late: i64,
    finished_in_time: i64,
    response_secs: Option<f64>,
    responded: i64,
    resolution_secs: Option<f64>,
    resolved: i64,
}

impl Group {
    fn finished(&self) -> bool {
        matches!(self.state, RESOLVED | CLOSED)
    }

    fn open(&self) -> bool {
        matches!(self.state, PENDING | IN_PROGRESS)
    }

    /// [`overdue`]: open past the due time, or finished after it (cancelled: never).
    fn overdue(&self) -> i64 {
        if self.open() {
            self.past_due
        } else if self.finished() {
            self.finished_late
        } else {
            0
        }
    }

    /// [`on_time`]: open and not yet due, or finished by the due time (cancelled: never).
    fn on_time(&self) -> i64 {
        if self.open() {
            self.with_due - self.past_due
        } else if self.finished() {
            self.finished_in_time
        } else {
            0
        }
    }
}

/// Counts per key of one dimension, named.
fn cells(groups: &[Group], key: impl Fn(&Group) -> i64, name: impl Fn(i64) -> String) -> Vec<Cell> {
    let mut counts: BTreeMap<i64, u64> = BTreeMap::new();
    for g in groups {
        *counts.entry(key(g)).or_default() += u64::try_from(g.orders).unwrap_or(0);
    }
    counts
        .into_iter()
        .map(|(key, count)| Cell {
            key,
            name: name(key),
            count,
        })
        .collect()
}

fn mean(groups: &[Group], part: impl Fn(&Group) -> (Option<f64>, i64)) -> Option<f64> {
    let (sum, n) = groups
        .iter()
        .map(part)
        .fold((0.0, 0), |(s, n), (secs, count)| {
            (s + secs.unwrap_or(0.0), n + count)
        });
    #[allow(clippy::cast_precision_loss)]
    (n > 0).then(|| (sum / n as f64).round())
}

/// Counts of the orders opened in a date range: one grouped query over the range's orders,
/// folded per dimension here (a year of a large fleet is ~100,000 orders; none is read).
pub async fn statistics(
    db: &DatabaseConnection,
    scope: &Scope,
    q: RangeQuery,
) -> Result<Statistics, AppError> {
    let r = range(&q)?;
    let now = Utc::now();
    let groups = work_order::Entity::find()
        .select_only()
        .columns([
            work_order::Column::State,
            work_order::Column::TypeId,
            work_order::Column::Grade,
            work_order::Column::AssigneeId,
        ])
        // COUNT(*), not of the id: PostgreSQL answers it from the index without the rows
        .column_as(Expr::cust("COUNT(*)"), "orders")
        .column_as(Expr::col(work_order::Column::DueAt).count(), "with_due")
        .column_as(count_if(work_order::Column::DueAt.lt(now)), "past_due")
        .column_as(
            count_if(finished().gt(Expr::col(work_order::Column::DueAt))),
            "finished_late",
        )
        .column_as(
            count_if(finished().lte(Expr::col(work_order::Column::DueAt))),
            "finished_in_time",
        )
        .column_as(
            Expr::cust("CAST(SUM(response_secs) AS DOUBLE PRECISION)"),
            "response_secs",
        )
        .column_as(
            Expr::col(work_order::Column::ResponseSecs).count(),
            "responded",
        )
        // only the finished groups' durations count (below)
        .column_as(
            Expr::cust("CAST(SUM(resolution_secs) AS DOUBLE PRECISION)"),
            "resolution_secs",
        )
        .column_as(
            Expr::col(work_order::Column::ResolutionSecs).count(),
            "resolved",
        )
        .filter(opened(scope, &q, &r)?)
        // Grouped in the order of `idx_work_orders_groups`, enterprise first, so the database
        // aggregates along the index instead of sorting a year of orders; the enterprises'
        // groups add up below like the others.
        .group_by(work_order::Column::EnterpriseId)
        .group_by(work_order::Column::State)
        .group_by(work_order::Column::TypeId)
        .group_by(work_order::Column::Grade)
        .group_by(work_order::Column::AssigneeId)
        .into_model::<Group>()
        .all(db)
        .await?;
    let names = types::names(
        db,
        groups.iter().map(|g| g.type_id).collect::<BTreeSet<_>>(),
    )
    .await?;
    let people = orders::user_names(db, groups.iter().filter_map(|g| g.assignee_id)).await?;
    let unassigned = text!("未指派", "unassigned").current().to_owned();
    let sum = |f: fn(&Group) -> i64| groups.iter().map(f).sum::<i64>().try_into().unwrap_or(0);
    Ok(Statistics {
        from: r.from,
        to: r.to,
        total: sum(|g| g.orders),
        by_state: cells(
            &groups,
            |g| g.state.into(),
            |s| {
                states::label(i16::try_from(s).unwrap_or_default())
                    .current()
                    .to_owned()
            },
        ),
        by_type: cells(
            &groups,
            |g| g.type_id,
            |t| names.get(&t).cloned().unwrap_or_default(),
        ),
        by_grade: cells(
            &groups,
            |g| g.grade.into(),
            |g| {
                grade_label(i16::try_from(g).unwrap_or_default())
                    .current()
                    .to_owned()
            },
        ),
        by_assignee: cells(
            &groups,
            |g| g.assignee_id.unwrap_or(0),
            |a| {
                if a == 0 {
                    unassigned.clone()
                } else {
                    people.get(&a).cloned().unwrap_or_default()
                }
            },
        ),
        overdue: sum(Group::overdue),
        on_time: sum(Group::on_time),
        mean_first_response_secs: mean(&groups, |g| (g.response_secs, g.responded)),
        mean_resolution_secs: mean(&groups, |g| {
            if g.finished() {
                (g.resolution_secs, g.resolved)
            } else {
                (None, 0)
            }
        }),
    })
}

/// One statistics cell: the dimension, its key (`value`) and the range.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DetailsQuery {
    #[serde(flatten)]
    pub range: RangeQuery,
    #[serde(flatten)]
    pub page: PageQuery,
    /// state, type, grade, assignee, overdue or onTime.
    pub dimension: Dimension,
    /// The cell's key (not needed for overdue and onTime).
    #[serde(default, alias = "key")]
    pub value: i64,
}

/// The orders behind one statistics cell, newest first.
pub async fn details(
    db: &DatabaseConnection,
    scope: &Scope,
    q: DetailsQuery,
) -> Result<OrderPage, AppError> {
    let r = range(&q.range)?;
    let now = Utc::now();
    let v = q.value;
    let cell = match q.dimension {
        Dimension::State => work_order::Column::State.eq(v).into(),
        Dimension::Type => work_order::Column::TypeId.eq(v).into(),
        Dimension::Grade => work_order::Column::Grade.eq(v).into(),
        Dimension::Assignee if v == 0 => work_order::Column::AssigneeId.is_null().into(),
        Dimension::Assignee => work_order::Column::AssigneeId.eq(v).into(),
        Dimension::Overdue => overdue(now),
        Dimension::OnTime => on_time(now),
    };
    let select = work_order::Entity::find()
        .filter(opened(scope, &q.range, &r)?)
        .filter(cell)
        .order_by_desc(work_order::Column::CreatedAt)
        .order_by_desc(work_order::Column::Id);
    orders::page_of(db, select, q.page).await
}

/// `day` (default) or `month`.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum Unit {
    #[default]
    Day,
    Month,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DynamicQuery {
    #[serde(flatten)]
    pub range: RangeQuery,
    #[serde(default)]
    pub unit: Unit,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PeriodCount {
    /// `YYYY-MM-DD` or `YYYY-MM`.
    pub period: String,
    pub opened: u64,
    pub resolved: u64,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct VehicleCost {
    pub vehicle_id: i64,
    pub plate: String,
    /// `YYYY-MM`: the month the orders were opened.
    pub month: String,
    pub cost: f64,
    pub orders: u64,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Dynamics {
    /// Every period of the range, in order, with the orders opened and resolved in it.
    pub periods: Vec<PeriodCount>,
    /// Parts and labour cost per vehicle and month, highest first (at most 200).
    pub cost_by_vehicle: Vec<VehicleCost>,
}

/// The most vehicle-months `dynamic_analysis` answers, costliest first.
pub const COST_ROWS: u64 = 200;

/// The days or months a range touches, and how the database names the one a time falls in,
/// cheaply for each of a year's orders: on PostgreSQL the time's bucket among the periods'
/// first instants (`width_bucket`, a binary search; `to_char(… AT TIME ZONE 'UTC')` cost about
/// 0.5 µs an order, most of the trend's time), on SQLite the first characters of the stored
/// RFC 3339 text (`2026-11-27T06:02:06.047+00:00`), read without parsing a date.
struct Periods {
    unit: Unit,
    /// `YYYY-MM-DD` or `YYYY-MM`, in order.
    labels: Vec<String>,
    /// The first day of each period, then the day after the last.
    bounds: Vec<NaiveDate>,
}

impl Periods {
    fn of(r: &Range, unit: Unit) -> Self {
        let first = match unit {
            Unit::Day => r.from,
            Unit::Month => r.from.with_day(1).unwrap_or(r.from),
        };
        let mut bounds = vec![first];
        let mut d = first;
        while d <= r.to {
            d = match unit {
                Unit::Day => d + Duration::days(1),
                Unit::Month => d
                    .checked_add_months(Months::new(1))
                    .unwrap_or(d + Duration::days(31)),
            };
            bounds.push(d);
        }
        let format = match unit {
            Unit::Day => "%Y-%m-%d",
            Unit::Month => "%Y-%m",
        };
        let labels = bounds[..bounds.len() - 1]
            .iter()
            .map(|d| d.format(format).to_string())
            .collect();
        Self {
            unit,
            labels,
            bounds,
        }
    }

    /// The SQL naming the period of `column` (a time, or null) for each order.
    fn of_column(&self, backend: DbBackend, column: &str) -> SimpleExpr {
        if backend == DbBackend::Postgres {
            let bounds: Vec<String> = self
                .bounds
                .iter()
                .map(|d| format!("{d}T00:00:00Z"))
                .collect();
            Expr::cust_with_values(
                format!("width_bucket({column}, CAST($1 AS timestamptz[]))"),
                [format!("{{{}}}", bounds.join(","))],
            )
        } else {
            let chars = match self.unit {
                Unit::Day => 10,
                Unit::Month => 7,
            };
            Expr::cust(format!("substr({column}, 1, {chars})"))
        }
    }

    /// Which period a name from [`Self::of_column`] is (none: outside the range, or no time).
    fn index(&self, name: &PeriodName) -> Option<usize> {
        match name {
            // width_bucket: 1 is the first period; 0 is before it, len + 1 after the last
            PeriodName::Bucket(b) => usize::try_from(*b)
                .ok()
                .filter(|b| (1..=self.labels.len()).contains(b))
                .map(|b| b - 1),
            PeriodName::Label(label) => self.labels.binary_search(label).ok(),
            PeriodName::Nothing => None,
        }
    }
}

/// A period as [`Periods::of_column`] names it: PostgreSQL's bucket, SQLite's label.
enum PeriodName {
    Bucket(i32),
    Label(String),
    Nothing,
}

impl TryGetable for PeriodName {
    fn try_get_by<I: ColIdx>(res: &QueryResult, index: I) -> Result<Self, TryGetError> {
        // a text column is the label; anything else must be the bucket
        if let Ok(label) = Option::<String>::try_get_by(res, index) {
            return Ok(label.map_or(Self::Nothing, Self::Label));
        }
        Ok(Option::<i32>::try_get_by(res, index)?.map_or(Self::Nothing, Self::Bucket))
    }
}

/// Orders opened and resolved per day or month, and the costliest vehicle-months (at most
/// [`COST_ROWS`]); counted by the database in two passes over the range's orders, read from
/// `idx_work_orders_trend`.
pub async fn dynamics(
    db: &DatabaseConnection,
    scope: &Scope,
    q: DynamicQuery,
) -> Result<Dynamics, AppError> {
    let r = range(&q.range)?;
    let cond = opened(scope, &q.range, &r)?;
    let backend = db.get_database_backend();
    let periods = Periods::of(&r, q.unit);
    let resolution = format!("CASE WHEN state IN ({RESOLVED}, {CLOSED}) THEN resolved_at END");
    // Both counts in one pass: the orders per period of opening and period of resolution.
    let pairs = work_order::Entity::find()
        .select_only()
        .column_as(periods.of_column(backend, "created_at"), "opened")
        .column_as(periods.of_column(backend, &resolution), "resolved")
        .column_as(Expr::cust("COUNT(*)"), "orders")
        .filter(cond.clone())
        // by position: PostgreSQL's periods carry a parameter, so a repeated expression would
        // not be the selected one
        .group_by(Expr::cust("1"))
        .group_by(Expr::cust("2"))
        .into_tuple::<(PeriodName, PeriodName, i64)>()
        .all(db)
        .await?;
    let mut counts = vec![(0, 0); periods.labels.len()];
    for (opened, resolved, orders) in &pairs {
        let orders = u64::try_from(*orders).unwrap_or(0);
        if let Some(i) = periods.index(opened) {
            counts[i].0 += orders;
        }
        if let Some(i) = periods.index(resolved) {
            counts[i].1 += orders;
        }
    }
    let months = match q.unit {
        Unit::Month => None,
        Unit::Day => Some(Periods::of(&r, Unit::Month)),
    };
    let months = months.as_ref().unwrap_or(&periods);
    let costs = work_order::Entity::find()
        .select_only()
        .column(work_order::Column::VehicleId)
        .column_as(months.of_column(backend, "created_at"), "month")
        .column_as(
            Expr::cust("CAST(SUM(cost) AS DOUBLE PRECISION)"),
            "cost_sum",
        )
        .column_as(Expr::cust("COUNT(*)"), "orders")
        .filter(cond.add(work_order::Column::VehicleId.is_not_null()))
        .group_by(Expr::cust("1"))
        .group_by(Expr::cust("2"))
        .order_by_desc(Expr::cust("cost_sum"))
        .order_by_asc(Expr::cust("month"))
        .limit(COST_ROWS)
        .into_tuple::<(i64, PeriodName, f64, i64)>()
        .all(db)
        .await?;
    let costs: Vec<(i64, String, f64, u64)> = costs
        .into_iter()
        .filter_map(|(vehicle, month, cost, orders)| {
            let month = months.labels.get(months.index(&month)?)?.clone();
            Some((vehicle, month, cost, u64::try_from(orders).unwrap_or(0)))
        })
        .collect();
    let plates: BTreeMap<i64, String> = vehicle::Entity::find()
        .filter(vehicle::Column::Id.is_in(costs.iter().map(|(v, ..)| *v)))
        .all(db)
        .await?
        .into_iter()
        .map(|v| (v.id, v.plate))
        .collect();
    Ok(Dynamics {
        periods: periods
            .labels
            .iter()
            .zip(counts)
            .map(|(period, (opened, resolved))| PeriodCount {
                period: period.clone(),
                opened,
                resolved,
            })
            .collect(),
        cost_by_vehicle: costs
            .into_iter()
            .map(|(v, month, cost, n)| VehicleCost {
                vehicle_id: v,
                plate: plates.get(&v).cloned().unwrap_or_default(),
                month,
                cost: (cost * 100.0).round() / 100.0,
                orders: n,
            })
            .collect(),
    })
}
