//! Notice plans (informs): open an order of a type on each of their vehicles, on a schedule
//! (every N days, weeks or months from a start day at HH:MM, `leadDays` ahead of the run) or
//! by mileage (each time the vehicle's distance passes the next multiple of `everyKm` from
//! `startKm`). [`run_due`] is the pass the server runs once a minute (and tests call with the
//! time they want): it opens one order per vehicle per due run, records the run, and writes
//! events. A run is recorded under a unique key (plan, vehicle, run), in the transaction that
//! opens its order, so a restart or two passes never open the same run twice.

use std::collections::{BTreeMap, BTreeSet};

use chrono::{DateTime, Duration, Months, NaiveTime, Utc};
use entities::{
    daily_mileage, position, vehicle, work_event, work_inform, work_inform_run, work_order,
};
use sea_orm::sea_query::{Expr, OnConflict};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, Condition, ConnectionTrait, DatabaseConnection, EntityTrait,
    QueryFilter, QueryOrder, QuerySelect, QueryTrait, Set,
};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::events::{self, Event, OVERDUE, PLAN_ORDER, PLAN_RUN};
use super::orders::{self, SystemOrder, checked_members, open_system};
use super::projects::checked_project;
use super::states::{IN_PROGRESS, PENDING};
use super::{refuse_read_only, types};
use crate::scope::{EnterpriseOwned, Scope};
use kernel::db::write_txn;
use kernel::error::AppError;
use kernel::i18n::Text;
use kernel::paging::{self, PageQuery, PageResult};
use kernel::search::contains;
use kernel::text;
use kernel::validate::{in_range, json_list, limited, required, to_json};

impl EnterpriseOwned for work_inform::Entity {
    const ENTERPRISE: Self::Column = work_inform::Column::EnterpriseId;
    fn not_found(id: i64) -> AppError {
        AppError::fail(text!("通知计划 {} 不存在", "No notice plan {}", id))
    }
}

/// When a plan opens orders: `{kind: "schedule", every, unit: day|week|month, startOn, at}`
/// or `{kind: "mileage", everyKm, startKm?}`.
#[derive(Debug, Clone, Default, Deserialize, Serialize, ToSchema, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct Trigger {
    /// `schedule` or `mileage`.
    #[serde(default)]
    pub kind: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub every: Option<i64>,
    /// day, week or month.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub unit: Option<String>,
    /// The first run's day, `YYYY-MM-DD`.
    #[serde(default, alias = "start_on", skip_serializing_if = "Option::is_none")]
    pub start_on: Option<String>,
    /// The runs' time of day (UTC), `HH:MM` (default 00:00).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub at: Option<String>,
    #[serde(default, alias = "every_km", skip_serializing_if = "Option::is_none")]
    pub every_km: Option<f64>,
    #[serde(default, alias = "start_km", skip_serializing_if = "Option::is_none")]
    pub start_km: Option<f64>,
}

/// A checked trigger.
#[derive(Debug, Clone, Copy)]
enum Rule {
    Schedule {
        every: u32,
        unit: Unit,
        first: DateTime<Utc>,
    },
    Mileage {
        every_km: f64,
        start_km: f64,
    },
}

#[derive(Debug, Clone, Copy)]
enum Unit {
    Day,
    Week,
    Month,
}

impl Rule {
    /// Checks a trigger, naming the field at fault; answers the rule and its stored form.
    fn checked(t: &Trigger) -> Result<(Self, Trigger), AppError> {
        match t.kind.as_str() {
            "schedule" => {
                let every = t.every.ok_or_else(|| {
                    AppError::field(
                        "trigger.every",
                        text!("trigger.every 不能为空", "trigger.every must not be empty"),
                    )
                })?;
                in_range("trigger.every", every, 1, 365)?;
                let unit = match t.unit.as_deref().unwrap_or_default() {
                    "day" => Unit::Day,
                    "week" => Unit::Week,
                    "month" => Unit::Month,
                    other => {
                        return Err(AppError::field(
                            "trigger.unit",
                            text!(
                                "trigger.unit 须为 day、week 或 month，而不是“{}”",
                                "trigger.unit must be day, week or month, not \"{}\"",
                                other
                            ),
                        ));
                    }
                };
                let day = super::orders::day("trigger.startOn", t.start_on.as_deref())?
                    .ok_or_else(|| {
                        AppError::field(
                            "trigger.startOn",
                            text!(
                                "trigger.startOn 不能为空",
                                "trigger.startOn must not be empty"
                            ),
                        )
                    })?;
                let at = t.at.as_deref().map(str::trim).unwrap_or("00:00");
                let time = NaiveTime::parse_from_str(at, "%H:%M").map_err(|_| {
                    AppError::field(
                        "trigger.at",
                        text!("trigger.at 须为 HH:MM", "trigger.at must be HH:MM"),
                    )
                })?;
                let rule = Self::Schedule {
                    every: u32::try_from(every).unwrap_or(1),
                    unit,
                    first: day.and_time(time).and_utc(),
                };
                let stored = Trigger {
                    kind: t.kind.clone(),
                    every: Some(every),
                    unit: t.unit.clone(),
                    start_on: Some(day.format("%Y-%m-%d").to_string()),
                    at: Some(time.format("%H:%M").to_string()),
                    ..Trigger::default()
                };
                Ok((rule, stored))
            }
            "mileage" => {
                let every_km = t
                    .every_km
                    .filter(|k| k.is_finite() && *k > 0.0)
                    .ok_or_else(|| {
                        AppError::field(
                            "trigger.everyKm",
                            text!(
                                "按里程的计划须有大于 0 的 trigger.everyKm",
                                "a mileage plan needs trigger.everyKm above 0"
                            ),
                        )
                    })?;
                let start_km = t.start_km.unwrap_or(0.0);
                if !start_km.is_finite() || start_km < 0.0 {
                    return Err(AppError::field(
                        "trigger.startKm",
                        text!(
                            "trigger.startKm 不能为负",
                            "trigger.startKm must not be negative"
                        ),
                    ));
                }
                let stored = Trigger {
                    kind: t.kind.clone(),
                    every_km: Some(every_km),
                    start_km: Some(start_km),
                    ..Trigger::default()
                };
                Ok((Self::Mileage { every_km, start_km }, stored))
            }
            other => Err(AppError::field(
                "trigger.kind",
                text!(
                    "trigger.kind 须为 schedule 或 mileage，而不是“{}”",
                    "trigger.kind must be schedule or mileage, not \"{}\"",
                    other
                ),
            )),
        }
    }

    /// The first scheduled run after `after` (None for mileage plans).
    fn next_after(self, after: DateTime<Utc>) -> Option<DateTime<Utc>> {
        let Self::Schedule { every, unit, first } = self else {
            return None;
        };
        if first > after {
            return Some(first);
        }
        let step = |i: u32| -> Option<DateTime<Utc>> {
            match unit {
                Unit::Day => Some(first + Duration::days(i64::from(every * i))),
                Unit::Week => Some(first + Duration::weeks(i64::from(every * i))),
                Unit::Month => first.checked_add_months(Months::new(every.checked_mul(i)?)),
            }
        };
        // Jump close by the average step, then walk.
        let avg_days = match unit {
            Unit::Day => f64::from(every),
            Unit::Week => f64::from(every) * 7.0,
            Unit::Month => f64::from(every) * 30.4,
        };
        #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
        let mut i = (((after - first).num_days() as f64 / avg_days) as u32).saturating_sub(2);
        loop {
            let t = step(i)?;
            if t > after {
                return Some(t);
            }
            i = i.checked_add(1)?;
        }
    }
}

fn stored_rule(p: &work_inform::Model) -> Option<Rule> {
    let t: Trigger = serde_json::from_str(&p.trigger).ok()?;
    Rule::checked(&t).ok().map(|(r, _)| r)
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct InformRow {
    pub id: i64,
    pub ent_id: i64,
    pub name: String,
    pub project_id: Option<i64>,
    pub type_id: i64,
    pub title: String,
    pub vehicle_ids: Vec<i64>,
    /// The plates of `vehicleIds`, in the same order ("" for a vehicle that is gone).
    pub plates: Vec<String>,
    pub trigger: Trigger,
    pub lead_days: i32,
    pub assignee_id: Option<i64>,
    pub assignee_name: String,
    pub due_hours: Option<i32>,
    pub enabled: bool,
    /// The next scheduled run (schedule plans).
    pub next_run_at: Option<DateTime<Utc>>,
    pub last_run_at: Option<DateTime<Utc>>,
    pub orders_opened: i32,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

impl From<work_inform::Model> for InformRow {
    fn from(p: work_inform::Model) -> Self {
        Self {
            vehicle_ids: json_list(&p.vehicle_ids),
            plates: Vec::new(),
            assignee_name: String::new(),
            trigger: serde_json::from_str(&p.trigger).unwrap_or_default(),
            id: p.id,
            ent_id: p.enterprise_id,
            name: p.name,
            project_id: p.project_id,
            type_id: p.type_id,
            title: p.title,
            lead_days: p.lead_days,
            assignee_id: p.assignee_id,
            due_hours: p.due_hours,
            enabled: p.enabled,
            next_run_at: p.next_run_at,
            last_run_at: p.last_run_at,
            orders_opened: p.orders_opened,
            created_at: p.created_at,
            updated_at: p.updated_at,
        }
    }
}

/// A plan to create (no `id`), change (fields left out stay) or delete (`delete: true`).
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct InformInput {
    #[serde(default, alias = "ID", alias = "informId")]
    pub id: Option<i64>,
    /// The enterprise of a new plan (default: the acting one).
    #[serde(default, alias = "ent_id", alias = "enterpriseId")]
    pub ent_id: Option<i64>,
    #[serde(default)]
    pub delete: bool,
    pub name: Option<String>,
    /// A project of the plan's enterprise; 0 for none.
    #[serde(default, alias = "project_id")]
    pub project_id: Option<i64>,
    /// The type of the orders it opens.
    #[serde(default, alias = "type_id")]
    pub type_id: Option<i64>,
    /// The title of the orders it opens (default: the plan's name).
    pub title: Option<String>,
    /// Vehicles of the plan's enterprise (1 to 500).
    #[serde(default, alias = "vehicle_ids", alias = "carIds")]
    pub vehicle_ids: Option<Vec<i64>>,
    pub trigger: Option<Trigger>,
    /// Days before a scheduled run its orders are opened (0–365).
    #[serde(default, alias = "lead_days")]
    pub lead_days: Option<i32>,
    /// 0 for none.
    #[serde(default, alias = "assignee_id")]
    pub assignee_id: Option<i64>,
    /// The orders' due time, hours after opening (0–8760); 0 for none.
    #[serde(default, alias = "due_hours")]
    pub due_hours: Option<i32>,
    pub enabled: Option<bool>,
}

/// Vehicles of enterprise `ent`, refused naming those that are not.
async fn checked_vehicles(
    db: &impl ConnectionTrait,
    ent: i64,
    ids: &[i64],
) -> Result<Vec<i64>, AppError> {
    if ids.is_empty() || ids.len() > 500 {
        return Err(AppError::field(
            "vehicleIds",
            text!(
                "vehicleIds 须有 1 到 500 辆车",
                "vehicleIds must hold 1 to 500 vehicles"
            ),
        ));
    }
    let found: BTreeSet<i64> = vehicle::Entity::find()
        .select_only()
        .column(vehicle::Column::Id)
        .filter(vehicle::Column::Id.is_in(ids.iter().copied()))
        .filter(vehicle::Column::EnterpriseId.eq(ent))
        .into_tuple::<i64>()
        .all(db)
        .await?
        .into_iter()
        .collect();
    let missing: Vec<String> = ids
        .iter()
        .filter(|i| !found.contains(i))
        .map(ToString::to_string)
        .collect();
    if !missing.is_empty() {
        return Err(AppError::field(
            "vehicleIds",
            text!(
                "vehicleIds：计划的企业没有车辆 {}",
                "vehicleIds: the plan's enterprise has no vehicle {}",
                missing.join(", ")
            ),
        ));
    }
    let mut seen = BTreeSet::new();
    Ok(ids.iter().copied().filter(|i| seen.insert(*i)).collect())
}

/// Creates, changes or deletes a plan; answers it (None after a delete).
pub async fn save(
    db: &DatabaseConnection,
    scope: &Scope,
    input: InformInput,
) -> Result<Option<InformRow>, AppError> {
    refuse_read_only(scope)?;
    let txn = write_txn(db).await?;
    let now = Utc::now();
    let found = match input.id.filter(|i| *i != 0) {
        Some(id) => Some(scope.find::<work_inform::Entity>(&txn, id).await?),
        None => None,
    };
    if input.delete {
        let p = found
            .ok_or_else(|| AppError::field("id", text!("id 不能为空", "id must not be empty")))?;
        work_inform_run::Entity::delete_many()
            .filter(work_inform_run::Column::InformId.eq(p.id))
            .exec(&txn)
            .await?;
        work_inform::Entity::delete_by_id(p.id).exec(&txn).await?;
        txn.commit().await?;
        return Ok(None);
    }
    let ent = match &found {
        Some(p) => p.enterprise_id,
        None => scope.acting(input.ent_id)?,
    };
    let name = match (&input.name, &found) {
        (Some(n), _) => required("name", n, 64)?,
        (None, Some(p)) => p.name.clone(),
        (None, None) => required("name", "", 64)?,
    };
    let title = match (&input.title, &found) {
        (Some(t), _) if !t.trim().is_empty() => limited("title", t, 128)?,
        (_, Some(p)) if input.title.is_none() => p.title.clone(),
        _ => name.clone(),
    };
    let type_id = match (input.type_id, &found) {
        (Some(t), _) => t,
        (None, Some(p)) => p.type_id,
        (None, None) => {
            return Err(AppError::field(
                "typeId",
                text!("typeId 不能为空", "typeId must not be empty"),
            ));
        }
    };
    types::usable(&txn, ent, type_id, "typeId").await?;
    let vehicles = match (&input.vehicle_ids, &found) {
        (Some(v), _) => checked_vehicles(&txn, ent, v).await?,
        (None, Some(p)) => json_list(&p.vehicle_ids),
        (None, None) => checked_vehicles(&txn, ent, &[]).await?,
    };
    let trigger = match (&input.trigger, &found) {
        (Some(t), _) => t.clone(),
        (None, Some(p)) => serde_json::from_str(&p.trigger).unwrap_or_default(),
        (None, None) => {
            return Err(AppError::field(
                "trigger",
                text!("trigger 不能为空", "trigger must not be empty"),
            ));
        }
    };
    let (rule, trigger) = Rule::checked(&trigger)?;
    let lead_days = input
        .lead_days
        .or(found.as_ref().map(|p| p.lead_days))
        .unwrap_or(0);
    in_range("leadDays", lead_days.into(), 0, 365)?;
    let assignee = match input.assignee_id {
        Some(0) => None,
        Some(a) => Some(checked_members(&txn, scope, "assigneeId", &[a]).await?[0]),
        None => found.as_ref().and_then(|p| p.assignee_id),
    };
    let due_hours = match input.due_hours {
        Some(0) => None,
        Some(h) => {
            in_range("dueHours", h.into(), 0, 8760)?;
            Some(h)
        }
        None => found.as_ref().and_then(|p| p.due_hours),
    };
    let project_id = match input.project_id {
        Some(p) => checked_project(&txn, ent, p).await?,
        None => found.as_ref().and_then(|p| p.project_id),
    };
    let enabled = input
        .enabled
        .or(found.as_ref().map(|p| p.enabled))
        .unwrap_or(true);
    // The next run stays while the trigger does (its runs so far are recorded).
    let next_run_at = match &found {
        Some(p) if p.next_run_at.is_some() && p.trigger == to_json(&trigger) => p.next_run_at,
        _ => rule.next_after(now),
    };
    let mut row = match found {
        Some(p) => p.into(),
        None => work_inform::ActiveModel {
            enterprise_id: Set(ent),
            last_run_at: Set(None),
            orders_opened: Set(0),
            created_by: Set(scope.user.id),
            created_at: Set(now),
            ..Default::default()
        },
    };
    row.name = Set(name);
    row.title = Set(title);
    row.type_id = Set(type_id);
    row.project_id = Set(project_id);
    row.vehicle_ids = Set(to_json(&vehicles));
    row.trigger = Set(to_json(&trigger));
    row.lead_days = Set(lead_days);
    row.assignee_id = Set(assignee);
    row.due_hours = Set(due_hours);
    row.enabled = Set(enabled);
    row.next_run_at = Set(next_run_at);
    row.updated_at = Set(now);
    let saved = row.save(&txn).await?;
    let saved = sea_orm::TryIntoModel::try_into_model(saved)?;
    txn.commit().await?;
    Ok(named(db, vec![saved.into()]).await?.pop())
}

/// Copies a plan (disabled, its runs not copied) under `name` or "… (copy)".
pub async fn copy(
    db: &DatabaseConnection,
    scope: &Scope,
    id: i64,
    name: Option<&str>,
) -> Result<InformRow, AppError> {
    refuse_read_only(scope)?;
    let p = scope.find::<work_inform::Entity>(db, id).await?;
    let name = match name.map(str::trim).filter(|n| !n.is_empty()) {
        Some(n) => required("name", n, 64)?,
        None => {
            let n = &p.name;
            let copy = Text::new(format!("{n}（副本）"), format!("{n} (copy)"));
            copy.current().chars().take(64).collect()
        }
    };
    let now = Utc::now();
    let row = work_inform::ActiveModel {
        enterprise_id: Set(p.enterprise_id),
        project_id: Set(p.project_id),
        name: Set(name),
        type_id: Set(p.type_id),
        title: Set(p.title),
        vehicle_ids: Set(p.vehicle_ids),
        trigger: Set(p.trigger),
        lead_days: Set(p.lead_days),
        assignee_id: Set(p.assignee_id),
        due_hours: Set(p.due_hours),
        enabled: Set(false),
        next_run_at: Set(p.next_run_at),
        last_run_at: Set(None),
        orders_opened: Set(0),
        created_by: Set(scope.user.id),
        created_at: Set(now),
        updated_at: Set(now),
        ..Default::default()
    }
    .insert(db)
    .await?;
    let mut named = named(db, vec![row.into()]).await?;
    Ok(named.remove(0))
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct InformListQuery {
    #[serde(flatten)]
    pub page: PageQuery,
    #[serde(default, alias = "ent_id", alias = "enterpriseId")]
    pub ent_id: Option<i64>,
    /// Part of the name or title.
    #[serde(default, alias = "name")]
    pub keyword: Option<String>,
    pub enabled: Option<bool>,
    #[serde(default, alias = "project_id")]
    pub project_id: Option<i64>,
}

/// Plans of the enterprises the scope sees, newest first.
pub async fn list(
    db: &DatabaseConnection,
    scope: &Scope,
    q: InformListQuery,
) -> Result<PageResult<InformRow>, AppError> {
    let mut c = Condition::all().add(scope.filter(work_inform::Column::EnterpriseId));
    if let Some(e) = q.ent_id.filter(|e| *e != 0) {
        scope.require(e)?;
        c = c.add(work_inform::Column::EnterpriseId.eq(e));
    }
    if let Some(k) = q
        .keyword
        .as_deref()
        .map(str::trim)
        .filter(|k| !k.is_empty())
    {
        c = c.add(
            Condition::any()
                .add(contains(work_inform::Column::Name, k))
                .add(contains(work_inform::Column::Title, k)),
        );
    }
    if let Some(e) = q.enabled {
        c = c.add(work_inform::Column::Enabled.eq(e));
    }
    if let Some(p) = q.project_id {
        c = c.add(work_inform::Column::ProjectId.eq(p));
    }
    let select = work_inform::Entity::find()
        .filter(c)
        .order_by_desc(work_inform::Column::Id);
    let mut found = paging::fetch(db, select, q.page, InformRow::from).await?;
    found.list = named(db, found.list).await?;
    Ok(found)
}

/// Fills the plates of the plans' vehicles and their assignees' names.
async fn named(
    db: &impl ConnectionTrait,
    mut rows: Vec<InformRow>,
) -> Result<Vec<InformRow>, AppError> {
    let plates = orders::plates(db, rows.iter().flat_map(|r| r.vehicle_ids.clone())).await?;
    let names = orders::user_names(db, rows.iter().filter_map(|r| r.assignee_id)).await?;
    for row in &mut rows {
        row.plates = row
            .vehicle_ids
            .iter()
            .map(|v| plates.get(v).cloned().unwrap_or_default())
            .collect();
        row.assignee_name = row
            .assignee_id
            .and_then(|a| names.get(&a).cloned())
            .unwrap_or_default();
    }
    Ok(rows)
}

/// The plans of a project the scope sees.
pub async fn of_project(
    db: &DatabaseConnection,
    scope: &Scope,
    project_id: i64,
) -> Result<Vec<InformRow>, AppError> {
    scope
        .find::<entities::project::Entity>(db, project_id)
        .await?;
    let rows = work_inform::Entity::find()
        .filter(work_inform::Column::ProjectId.eq(project_id))
        .filter(scope.filter(work_inform::Column::EnterpriseId))
        .order_by_desc(work_inform::Column::Id)
        .all(db)
        .await?
        .into_iter()
        .map(InformRow::from)
        .collect();
    named(db, rows).await
}

/// The distance a vehicle has covered, km: its device's odometer (the latest position that
/// carries one), else the sum of its daily mileage.
pub async fn odometer(db: &impl ConnectionTrait, vehicle_id: i64) -> Result<Option<f64>, AppError> {
    let reported: Option<Option<f64>> = position::Entity::find()
        .select_only()
        .column(position::Column::Mileage)
        .filter(position::Column::VehicleId.eq(vehicle_id))
        .filter(position::Column::Mileage.is_not_null())
        .order_by_desc(position::Column::Ts)
        .into_tuple()
        .one(db)
        .await?;
    if let Some(Some(km)) = reported {
        return Ok(Some(km));
    }
    let days: Vec<f64> = daily_mileage::Entity::find()
        .select_only()
        .column(daily_mileage::Column::Km)
        .filter(daily_mileage::Column::VehicleId.eq(vehicle_id))
        .into_tuple()
        .all(db)
        .await?;
    Ok((!days.is_empty()).then(|| days.iter().sum()))
}

/// What one pass did.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct PassSummary {
    /// Plan runs (one per plan and due run).
    pub runs: u32,
    pub orders_opened: u32,
    pub overdue: u32,
}

/// The once-a-minute pass at `now`: due scheduled runs, mileage crossings, overdue orders.
pub async fn run_due(db: &DatabaseConnection, now: DateTime<Utc>) -> Result<PassSummary, AppError> {
    let mut sum = PassSummary::default();
    let candidates = work_inform::Entity::find()
        .select_only()
        .column(work_inform::Column::Id)
        .filter(work_inform::Column::Enabled.eq(true))
        .filter(
            Condition::any()
                .add(work_inform::Column::NextRunAt.is_null())
                .add(work_inform::Column::NextRunAt.lte(now + Duration::days(366))),
        )
        .order_by_asc(work_inform::Column::Id)
        .into_tuple::<i64>()
        .all(db)
        .await?;
    for id in candidates {
        let (runs, opened) = run_plan(db, id, now).await?;
        sum.runs += runs;
        sum.orders_opened += opened;
    }
    sum.overdue = mark_overdue(db, now).await?;
    Ok(sum)
}

/// One plan's due run, if any, in one transaction: (runs, orders opened).
async fn run_plan(
    db: &DatabaseConnection,
    id: i64,
    now: DateTime<Utc>,
) -> Result<(u32, u32), AppError> {
    let txn = write_txn(db).await?;
    // Read again inside the transaction: another pass may have run it meanwhile.
    let Some(plan) = work_inform::Entity::find_by_id(id)
        .filter(work_inform::Column::Enabled.eq(true))
        .one(&txn)
        .await?
    else {
        return Ok((0, 0));
    };
    let Some(rule) = stored_rule(&plan) else {
        return Ok((0, 0));
    };
    let vehicles: BTreeMap<i64, vehicle::Model> = vehicle::Entity::find()
        .filter(vehicle::Column::Id.is_in(json_list::<i64>(&plan.vehicle_ids)))
        .filter(vehicle::Column::EnterpriseId.eq(plan.enterprise_id))
        .all(&txn)
        .await?
        .into_iter()
        .map(|v| (v.id, v))
        .collect();
    // (vehicle, run key, what the run is) of the runs due now.
    let mut due: Vec<(i64, String, Text)> = Vec::new();
    let mut next_run_at = plan.next_run_at;
    match rule {
        Rule::Schedule { .. } => {
            let Some(run) = plan.next_run_at else {
                return Ok((0, 0));
            };
            if run - Duration::days(plan.lead_days.into()) > now {
                return Ok((0, 0));
            }
            let day = run.format("%Y-%m-%d %H:%M").to_string();
            for v in vehicles.keys() {
                due.push((
                    *v,
                    run.to_rfc3339(),
                    Text::new(format!("计划于 {day} 的保养"), format!("run of {day}")),
                ));
            }
            next_run_at = rule.next_after(run.max(now));
        }
        Rule::Mileage { every_km, start_km } => {
            for v in vehicles.keys() {
                let Some(km) = odometer(&txn, *v).await? else {
                    continue;
                };
                #[allow(clippy::cast_possible_truncation)]
                let k = ((km - start_km) / every_km).floor() as i64;
                if k >= 1 {
                    let mark = start_km + every_km * k as f64;
                    due.push((
                        *v,
                        format!("km:{k}"),
                        Text::new(format!("里程达到 {mark} km"), format!("{mark} km reached")),
                    ));
                }
            }
        }
    }
    let mut opened = 0u32;
    for (vehicle_id, key, what) in &due {
        let inserted = work_inform_run::Entity::insert(work_inform_run::ActiveModel {
            inform_id: Set(plan.id),
            vehicle_id: Set(*vehicle_id),
            run_key: Set(key.clone()),
            order_id: Set(None),
            created_at: Set(now),
            ..Default::default()
        })
        .on_conflict(
            OnConflict::columns([
                work_inform_run::Column::InformId,
                work_inform_run::Column::VehicleId,
                work_inform_run::Column::RunKey,
            ])
            .do_nothing()
            .to_owned(),
        )
        .exec_without_returning(&txn)
        .await?;
        if inserted == 0 {
            continue;
        }
        let car = vehicles[vehicle_id].clone();
        let plate = car.plate.clone();
        let order = open_system(
            &txn,
            SystemOrder {
                type_id: plan.type_id,
                title: plan.title.clone(),
                description: Text::new(
                    format!("通知计划“{}”：{}", plan.name, what.zh),
                    format!("Notice plan \"{}\": {}", plan.name, what.en),
                )
                .current()
                .to_owned(),
                vehicle: car,
                positions: Vec::new(),
                assignee: plan.assignee_id,
                due_hours: plan.due_hours.map(i64::from),
                project_id: plan.project_id,
                alarm_ids: Vec::new(),
            },
            now,
        )
        .await?;
        work_inform_run::Entity::update_many()
            .col_expr(work_inform_run::Column::OrderId, Expr::value(order.id))
            .filter(work_inform_run::Column::InformId.eq(plan.id))
            .filter(work_inform_run::Column::VehicleId.eq(*vehicle_id))
            .filter(work_inform_run::Column::RunKey.eq(key.clone()))
            .exec(&txn)
            .await?;
        events::record(
            &txn,
            Event {
                ent: plan.enterprise_id,
                kind: PLAN_ORDER,
                inform_id: Some(plan.id),
                order_id: Some(order.id),
                vehicle_id: Some(*vehicle_id),
                ..Default::default()
            },
            Text::new(
                format!("计划“{}”为 {} 开了工单 {}", plan.name, plate, order.number),
                format!(
                    "Plan \"{}\" opened {} for {}",
                    plan.name, order.number, plate
                ),
            ),
            now,
        )
        .await?;
        opened += 1;
    }
    let ran = opened > 0 || matches!(rule, Rule::Schedule { .. });
    if !ran {
        return Ok((0, 0));
    }
    events::record(
        &txn,
        Event {
            ent: plan.enterprise_id,
            kind: PLAN_RUN,
            inform_id: Some(plan.id),
            ..Default::default()
        },
        Text::new(
            format!("计划“{}”运行，开了 {} 个工单", plan.name, opened),
            format!("Plan \"{}\" ran and opened {} orders", plan.name, opened),
        ),
        now,
    )
    .await?;
    let mut row: work_inform::ActiveModel = plan.clone().into();
    row.next_run_at = Set(next_run_at);
    row.last_run_at = Set(Some(now));
    row.orders_opened = Set(plan.orders_opened + i32::try_from(opened).unwrap_or(0));
    row.update(&txn).await?;
    txn.commit().await?;
    Ok((1, opened))
}

/// Writes an "overdue" event for open orders past their due time that have none yet.
async fn mark_overdue(db: &DatabaseConnection, now: DateTime<Utc>) -> Result<u32, AppError> {
    let txn = write_txn(db).await?;
    let marked = work_event::Entity::find()
        .select_only()
        .column(work_event::Column::OrderId)
        .filter(work_event::Column::Kind.eq(OVERDUE))
        .filter(work_event::Column::OrderId.is_not_null())
        .into_query();
    let late = work_order::Entity::find()
        .filter(work_order::Column::State.is_in([PENDING, IN_PROGRESS]))
        .filter(work_order::Column::DueAt.lt(now))
        .filter(work_order::Column::Id.not_in_subquery(marked))
        .order_by_asc(work_order::Column::Id)
        .limit(500)
        .all(&txn)
        .await?;
    let n = u32::try_from(late.len()).unwrap_or(u32::MAX);
    for o in late {
        events::record(
            &txn,
            Event {
                ent: o.enterprise_id,
                kind: OVERDUE,
                order_id: Some(o.id),
                vehicle_id: o.vehicle_id,
                ..Default::default()
            },
            Text::new(
                format!("工单 {} 已超期", o.number),
                format!("Work order {} is overdue", o.number),
            ),
            now,
        )
        .await?;
    }
    txn.commit().await?;
    Ok(n)
}

/// Runs [`run_due`] once a minute in the background, for as long as the server runs.
pub fn every_minute(db: DatabaseConnection) {
    tokio::spawn(async move {
        let mut tick = tokio::time::interval(std::time::Duration::from_secs(60));
        tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        loop {
            tick.tick().await;
            match run_due(&db, Utc::now()).await {
                Ok(s) if s.runs > 0 || s.overdue > 0 => {
                    tracing::info!(
                        runs = s.runs,
                        opened = s.orders_opened,
                        overdue = s.overdue,
                        "work plans"
                    );
                }
                Ok(_) => {}
                Err(e) => tracing::warn!(error = %e, "the work plans pass"),
            }
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    fn schedule(every: i64, unit: &str, start: &str, at: &str) -> Rule {
        Rule::checked(&Trigger {
            kind: "schedule".into(),
            every: Some(every),
            unit: Some(unit.into()),
            start_on: Some(start.into()),
            at: Some(at.into()),
            ..Trigger::default()
        })
        .unwrap()
        .0
    }

    fn at(s: &str) -> DateTime<Utc> {
        DateTime::parse_from_rfc3339(s).unwrap().to_utc()
    }

    #[test]
    fn the_next_run_follows_the_unit() {
        let r = schedule(2, "week", "2026-01-05", "08:30");
        assert_eq!(
            r.next_after(at("2025-12-01T00:00:00Z")),
            Some(at("2026-01-05T08:30:00Z"))
        );
        assert_eq!(
            r.next_after(at("2026-01-05T08:30:00Z")),
            Some(at("2026-01-19T08:30:00Z"))
        );
        let m = schedule(1, "month", "2026-01-31", "00:00");
        assert_eq!(
            m.next_after(at("2026-02-01T00:00:00Z")),
            Some(at("2026-02-28T00:00:00Z"))
        );
        let d = schedule(3, "day", "2020-01-01", "12:00");
        assert_eq!(
            d.next_after(at("2026-11-26T13:00:00Z")),
            Some(at("2026-11-28T12:00:00Z"))
        );
    }
}
