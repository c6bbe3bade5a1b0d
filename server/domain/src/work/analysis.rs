//! Option lists for the forms and the statistics of work orders: counts by state, type,
//! grade and assignee, due-time compliance, mean times to first response and to resolution,
//! the orders behind one count, and orders and cost over time. Counted in memory over the
//! orders of the date range the caller sees.

use std::collections::BTreeMap;

use chrono::{DateTime, Datelike, Duration, NaiveDate, Utc};
use entities::{vehicle, work_order};
use sea_orm::{ColumnTrait, Condition, DatabaseConnection, EntityTrait, QueryFilter, QueryOrder};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::categories::{self, CategoryKind};
use super::orders::{self, OrderRow, day, grade_label, is_overdue, priority_label};
use super::states::{self, CANCELLED, CLOSED, RESOLVED};
use super::{types, visible};
use crate::scope::Scope;
use kernel::error::AppError;
use kernel::i18n::Text;
use kernel::paging::{PageQuery, PageResult};
use kernel::text;

/// One choice of a form's option list.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
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

/// The orders opened in the range that the scope sees, oldest first.
async fn opened(
    db: &DatabaseConnection,
    scope: &Scope,
    q: &RangeQuery,
    r: &Range,
) -> Result<Vec<work_order::Model>, AppError> {
    let mut c = Condition::all()
        .add(visible(scope))
        .add(work_order::Column::CreatedAt.gte(start(r.from)))
        .add(work_order::Column::CreatedAt.lt(start(r.to + Duration::days(1))));
    if let Some(e) = q.ent_id.filter(|e| *e != 0) {
        scope.require(e)?;
        c = c.add(work_order::Column::EnterpriseId.eq(e));
    }
    Ok(work_order::Entity::find()
        .filter(c)
        .order_by_asc(work_order::Column::CreatedAt)
        .order_by_asc(work_order::Column::Id)
        .all(db)
        .await?)
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

fn key_of(o: &work_order::Model, d: Dimension) -> i64 {
    match d {
        Dimension::State => o.state.into(),
        Dimension::Type => o.type_id,
        Dimension::Grade => o.grade.into(),
        Dimension::Assignee => o.assignee_id.unwrap_or(0),
        Dimension::Overdue | Dimension::OnTime => 0,
    }
}

fn in_cell(o: &work_order::Model, d: Dimension, value: i64, now: DateTime<Utc>) -> bool {
    match d {
        Dimension::Overdue => is_overdue(o, now),
        Dimension::OnTime => o.due_at.is_some() && o.state != CANCELLED && !is_overdue(o, now),
        _ => key_of(o, d) == value,
    }
}

fn count_by(orders: &[work_order::Model], d: Dimension, name: impl Fn(i64) -> String) -> Vec<Cell> {
    let mut counts: BTreeMap<i64, u64> = BTreeMap::new();
    for o in orders {
        *counts.entry(key_of(o, d)).or_default() += 1;
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

fn mean(samples: impl Iterator<Item = Duration>) -> Option<f64> {
    let (sum, n) = samples.fold((0i64, 0u32), |(s, n), d| (s + d.num_seconds(), n + 1));
    (n > 0).then(|| sum as f64 / f64::from(n))
}

/// Counts of the orders opened in a date range.
pub async fn statistics(
    db: &DatabaseConnection,
    scope: &Scope,
    q: RangeQuery,
) -> Result<Statistics, AppError> {
    let r = range(&q)?;
    let list = opened(db, scope, &q, &r).await?;
    let now = Utc::now();
    let mut names: BTreeMap<i64, String> = BTreeMap::new();
    let ents: std::collections::BTreeSet<i64> = list.iter().map(|o| o.enterprise_id).collect();
    for e in ents {
        for t in types::all_of(db, e).await? {
            names.entry(t.id).or_insert(t.name);
        }
    }
    let people = orders::user_names(db, list.iter().filter_map(|o| o.assignee_id)).await?;
    let unassigned = text!("未指派", "unassigned").current().to_owned();
    Ok(Statistics {
        from: r.from,
        to: r.to,
        total: list.len() as u64,
        by_state: count_by(&list, Dimension::State, |s| {
            states::label(i16::try_from(s).unwrap_or_default())
                .current()
                .to_owned()
        }),
        by_type: count_by(&list, Dimension::Type, |t| {
            names.get(&t).cloned().unwrap_or_default()
        }),
        by_grade: count_by(&list, Dimension::Grade, |g| {
            grade_label(i16::try_from(g).unwrap_or_default())
                .current()
                .to_owned()
        }),
        by_assignee: count_by(&list, Dimension::Assignee, |a| {
            if a == 0 {
                unassigned.clone()
            } else {
                people.get(&a).cloned().unwrap_or_default()
            }
        }),
        overdue: list
            .iter()
            .filter(|o| in_cell(o, Dimension::Overdue, 0, now))
            .count() as u64,
        on_time: list
            .iter()
            .filter(|o| in_cell(o, Dimension::OnTime, 0, now))
            .count() as u64,
        mean_first_response_secs: mean(
            list.iter()
                .filter_map(|o| o.first_response_at.map(|f| f - o.created_at)),
        ),
        mean_resolution_secs: mean(list.iter().filter_map(|o| match o.state {
            RESOLVED | CLOSED => o.resolved_at.or(o.closed_at).map(|r| r - o.created_at),
            _ => None,
        })),
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
) -> Result<PageResult<OrderRow>, AppError> {
    let r = range(&q.range)?;
    let page = q.page.checked()?;
    let now = Utc::now();
    let mut cell: Vec<work_order::Model> = opened(db, scope, &q.range, &r)
        .await?
        .into_iter()
        .filter(|o| in_cell(o, q.dimension, q.value, now))
        .collect();
    cell.reverse();
    let total = cell.len() as u64;
    let this: Vec<work_order::Model> = page.of(cell, total).list;
    Ok(page.holding(orders::rows(db, this).await?, total))
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
    /// Parts and labour cost per vehicle and month, highest first.
    pub cost_by_vehicle: Vec<VehicleCost>,
}

fn period(at: DateTime<Utc>, unit: Unit) -> String {
    match unit {
        Unit::Day => at.format("%Y-%m-%d").to_string(),
        Unit::Month => at.format("%Y-%m").to_string(),
    }
}

/// Orders opened and resolved per day or month, and cost per vehicle and month.
pub async fn dynamics(
    db: &DatabaseConnection,
    scope: &Scope,
    q: DynamicQuery,
) -> Result<Dynamics, AppError> {
    let r = range(&q.range)?;
    let list = opened(db, scope, &q.range, &r).await?;
    let mut periods: BTreeMap<String, PeriodCount> = BTreeMap::new();
    let mut d = r.from;
    while d <= r.to {
        let p = period(start(d), q.unit);
        periods.entry(p.clone()).or_insert(PeriodCount {
            period: p,
            opened: 0,
            resolved: 0,
        });
        d = match q.unit {
            Unit::Day => d + Duration::days(1),
            Unit::Month => NaiveDate::from_ymd_opt(
                d.year() + i32::from(d.month() == 12),
                d.month() % 12 + 1,
                1,
            )
            .unwrap_or(d + Duration::days(31)),
        };
    }
    let mut costs: BTreeMap<(i64, String), (f64, u64)> = BTreeMap::new();
    for o in &list {
        if let Some(p) = periods.get_mut(&period(o.created_at, q.unit)) {
            p.opened += 1;
        }
        if let Some(res) = o
            .resolved_at
            .filter(|_| matches!(o.state, RESOLVED | CLOSED))
            && let Some(p) = periods.get_mut(&period(res, q.unit))
        {
            p.resolved += 1;
        }
        if let Some(v) = o.vehicle_id {
            let e = costs
                .entry((v, period(o.created_at, Unit::Month)))
                .or_default();
            e.0 += o.cost;
            e.1 += 1;
        }
    }
    let plates: BTreeMap<i64, String> = vehicle::Entity::find()
        .filter(vehicle::Column::Id.is_in(costs.keys().map(|(v, _)| *v)))
        .all(db)
        .await?
        .into_iter()
        .map(|v| (v.id, v.plate))
        .collect();
    let mut cost_by_vehicle: Vec<VehicleCost> = costs
        .into_iter()
        .map(|((v, month), (cost, n))| VehicleCost {
            vehicle_id: v,
            plate: plates.get(&v).cloned().unwrap_or_default(),
            month,
            cost: (cost * 100.0).round() / 100.0,
            orders: n,
        })
        .collect();
    cost_by_vehicle.sort_by(|a, b| b.cost.total_cmp(&a.cost).then(a.month.cmp(&b.month)));
    Ok(Dynamics {
        periods: periods.into_values().collect(),
        cost_by_vehicle,
    })
}
