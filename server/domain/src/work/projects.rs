//! Projects in the work area: the enterprise's projects (`projects`, shared with the
//! enterprise settings) with a manager and a work stage (1 planning, 2 active, 3 done,
//! 4 archived); orders are filed under them (`work_orders.project_id`). A project's progress
//! comes from its orders and their tasks; it cannot be deleted while it has open orders.

use std::collections::{BTreeMap, BTreeSet};

use chrono::{DateTime, NaiveDate, Utc};
use entities::{project, work_event, work_inform, work_order, work_order_log, work_order_task};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, Condition, ConnectionTrait, DatabaseConnection, EntityTrait,
    PaginatorTrait, QueryFilter, QueryOrder, QuerySelect, QueryTrait, Set,
};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::events::{self, Event, PROJECT_CHANGED};
use super::logs::{self, LogRow};
use super::orders::{checked_members, user_names};
use super::states::{
    CANCELLED, CLOSED, IN_PROGRESS, LOG_DISPOSE, LOG_NOTE, LOG_STATE, PENDING, RESOLVED,
};
use super::tasks::{self, OrderTaskRow};
use super::{refuse_read_only, visible};
use crate::scope::Scope;
use kernel::db::write_txn;
use kernel::error::{AppError, DbResultExt};
use kernel::i18n::Text;
use kernel::paging::{self, PageQuery, PageResult};
use kernel::search::contains;
use kernel::text;
use kernel::validate::{in_range, limited, required};

/// The project `id` of enterprise `ent` an order may be filed under; 0 files it under none.
pub(crate) async fn checked_project(
    db: &impl ConnectionTrait,
    ent: i64,
    id: i64,
) -> Result<Option<i64>, AppError> {
    if id == 0 {
        return Ok(None);
    }
    project::Entity::find_by_id(id)
        .filter(project::Column::EnterpriseId.eq(ent))
        .one(db)
        .await?
        .map(|p| Some(p.id))
        .ok_or_else(|| {
            AppError::field(
                "projectId",
                text!(
                    "projectId：工单的企业没有项目 {}",
                    "projectId: the order's enterprise has no project {}",
                    id
                ),
            )
        })
}

#[derive(Debug, Clone, Default, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OrderCounts {
    /// Pending or in progress.
    pub open: u64,
    pub total: u64,
}

#[derive(Debug, Clone, Default, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TaskCounts {
    pub done: u64,
    pub total: u64,
}

// Named apart from the enterprise settings' project schemas, which share the table.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[schema(as = WorkProject)]
#[serde(rename_all = "camelCase")]
pub struct ProjectRow {
    pub id: i64,
    pub ent_id: i64,
    pub name: String,
    pub code: String,
    pub description: String,
    pub manager_id: Option<i64>,
    pub manager_name: String,
    /// 1 planning, 2 active, 3 done, 4 archived.
    pub state: i16,
    /// `YYYY-MM-DD` or "".
    pub start_on: String,
    pub end_on: String,
    pub orders: OrderCounts,
    pub tasks: TaskCounts,
    /// 0–100: resolved or closed orders and done tasks over all orders (cancelled ones left
    /// out) and tasks; 100 once the project is done or archived.
    pub progress: u8,
    pub created_at: DateTime<Utc>,
}

/// Rows of projects with their order and task counts.
async fn rows(
    db: &impl ConnectionTrait,
    projects: Vec<project::Model>,
) -> Result<Vec<ProjectRow>, AppError> {
    let ids: Vec<i64> = projects.iter().map(|p| p.id).collect();
    let orders: Vec<(i64, i64, i16)> = work_order::Entity::find()
        .select_only()
        .column(work_order::Column::Id)
        .column(work_order::Column::ProjectId)
        .column(work_order::Column::State)
        .filter(work_order::Column::ProjectId.is_in(ids))
        .into_tuple()
        .all(db)
        .await?;
    let project_of: BTreeMap<i64, i64> = orders.iter().map(|(o, p, _)| (*o, *p)).collect();
    let tasks: Vec<(i64, bool)> = work_order_task::Entity::find()
        .select_only()
        .column(work_order_task::Column::OrderId)
        .column(work_order_task::Column::Done)
        .filter(work_order_task::Column::OrderId.is_in(project_of.keys().copied()))
        .into_tuple()
        .all(db)
        .await?;
    let mut counts: BTreeMap<i64, (OrderCounts, TaskCounts, u64)> = BTreeMap::new();
    for (_, p, state) in &orders {
        let c = counts.entry(*p).or_default();
        c.0.total += 1;
        if matches!(*state, PENDING | IN_PROGRESS) {
            c.0.open += 1;
        }
        if matches!(*state, RESOLVED | CLOSED) {
            c.2 += 1;
        }
    }
    let cancelled: BTreeMap<i64, u64> =
        orders
            .iter()
            .filter(|o| o.2 == CANCELLED)
            .fold(BTreeMap::new(), |mut m, (_, p, _)| {
                *m.entry(*p).or_default() += 1;
                m
            });
    for (order, done) in &tasks {
        let c = counts.entry(project_of[order]).or_default();
        c.1.total += 1;
        if *done {
            c.1.done += 1;
            c.2 += 1;
        }
    }
    let names = user_names(db, projects.iter().filter_map(|p| p.manager_id)).await?;
    Ok(projects
        .into_iter()
        .map(|p| {
            let (orders, tasks, finished) = counts.remove(&p.id).unwrap_or_default();
            let all = orders.total - cancelled.get(&p.id).copied().unwrap_or(0) + tasks.total;
            let progress = if p.stage >= 3 {
                100
            } else {
                (finished * 100)
                    .checked_div(all)
                    .map_or(0, |share| u8::try_from(share).unwrap_or(100))
            };
            ProjectRow {
                manager_name: p
                    .manager_id
                    .and_then(|m| names.get(&m).cloned())
                    .unwrap_or_default(),
                id: p.id,
                ent_id: p.enterprise_id,
                name: p.name,
                code: p.code,
                description: p.remark,
                manager_id: p.manager_id,
                state: p.stage,
                start_on: p.starts_on,
                end_on: p.ends_on,
                orders,
                tasks,
                progress,
                created_at: p.created_at,
            }
        })
        .collect())
}

/// A project to create (no `id`), change (fields left out stay) or delete (`delete: true`).
#[derive(Debug, Default, Deserialize, ToSchema)]
#[schema(as = WorkProjectInput)]
#[serde(rename_all = "camelCase")]
pub struct ProjectInput {
    #[serde(default, alias = "ID", alias = "projectId")]
    pub id: Option<i64>,
    /// The enterprise of a new project (default: the acting one).
    #[serde(default, alias = "ent_id", alias = "enterpriseId")]
    pub ent_id: Option<i64>,
    pub name: Option<String>,
    pub code: Option<String>,
    #[serde(default, alias = "remark")]
    pub description: Option<String>,
    /// A member of an enterprise the scope sees; 0 removes the manager.
    #[serde(default, alias = "manager_id")]
    pub manager_id: Option<i64>,
    /// 1 planning, 2 active (default), 3 done, 4 archived.
    pub state: Option<i16>,
    /// `YYYY-MM-DD`, or "" for none.
    #[serde(default, alias = "start_on", alias = "startsOn")]
    pub start_on: Option<String>,
    #[serde(default, alias = "end_on", alias = "endsOn")]
    pub end_on: Option<String>,
    #[serde(default)]
    pub delete: bool,
}

fn checked_day(field: &str, v: &str) -> Result<String, AppError> {
    Ok(super::orders::day(field, Some(v))?
        .map(|d: NaiveDate| d.format("%Y-%m-%d").to_string())
        .unwrap_or_default())
}

/// Deletes a project inside `txn`: refused while it has pending or in-progress orders (naming
/// their count); its other orders and its notice plans are taken out of it. Both delete calls
/// (`save` with a delete, `delete_projects`) go through here.
async fn remove(txn: &impl ConnectionTrait, p: &project::Model) -> Result<(), AppError> {
    let open = work_order::Entity::find()
        .filter(work_order::Column::ProjectId.eq(p.id))
        .filter(work_order::Column::State.is_in([PENDING, IN_PROGRESS]))
        .count(txn)
        .await?;
    if open > 0 {
        return Err(AppError::fail(text!(
            "项目“{}”还有 {} 个未完成的工单，不能删除",
            "Project \"{}\" still has {} open work orders and cannot be deleted",
            p.name,
            open
        )));
    }
    work_order::Entity::update_many()
        .col_expr(
            work_order::Column::ProjectId,
            sea_orm::sea_query::Expr::value(Option::<i64>::None),
        )
        .filter(work_order::Column::ProjectId.eq(p.id))
        .exec(txn)
        .await?;
    work_inform::Entity::update_many()
        .col_expr(
            work_inform::Column::ProjectId,
            sea_orm::sea_query::Expr::value(Option::<i64>::None),
        )
        .filter(work_inform::Column::ProjectId.eq(p.id))
        .exec(txn)
        .await?;
    project::Entity::delete_by_id(p.id).exec(txn).await?;
    Ok(())
}

/// Deletes projects for `/tbProject/deleteTbProject`, all or none: refused while one has open
/// work orders. (Here, not in the enterprise settings: deleting reaches into the work area.)
pub async fn delete_projects(
    db: &DatabaseConnection,
    scope: &Scope,
    ids: &[i64],
) -> Result<(), AppError> {
    let ids: BTreeSet<i64> = ids.iter().copied().filter(|i| *i != 0).collect();
    if ids.is_empty() {
        return Err(AppError::fail(text!("缺少项目 ID", "Missing field ID")));
    }
    let txn = write_txn(db).await?;
    for id in &ids {
        let p = scope.find::<project::Entity>(&txn, *id).await?;
        remove(&txn, &p).await?;
    }
    txn.commit().await?;
    Ok(())
}

/// Creates, changes or deletes a project; answers it (None after a delete).
pub async fn save(
    db: &DatabaseConnection,
    scope: &Scope,
    input: ProjectInput,
) -> Result<Option<ProjectRow>, AppError> {
    refuse_read_only(scope)?;
    let txn = write_txn(db).await?;
    let now = Utc::now();
    if input.delete {
        let id = input
            .id
            .ok_or_else(|| AppError::field("id", text!("id 不能为空", "id must not be empty")))?;
        let p = scope.find::<project::Entity>(&txn, id).await?;
        remove(&txn, &p).await?;
        txn.commit().await?;
        return Ok(None);
    }
    let (mut row, created) = match input.id.filter(|i| *i != 0) {
        Some(id) => (
            project::ActiveModel::from(scope.find::<project::Entity>(&txn, id).await?),
            false,
        ),
        None => {
            let ent = scope.acting(input.ent_id)?;
            (
                project::ActiveModel {
                    enterprise_id: Set(ent),
                    name: Set(required("name", input.name.as_deref().unwrap_or(""), 64)?),
                    code: Set(String::new()),
                    state: Set(0),
                    remark: Set(String::new()),
                    starts_on: Set(String::new()),
                    ends_on: Set(String::new()),
                    manager_id: Set(None),
                    stage: Set(2),
                    created_by: Set(Some(scope.user.id)),
                    created_at: Set(now),
                    ..Default::default()
                },
                true,
            )
        }
    };
    if let Some(v) = &input.name {
        row.name = Set(required("name", v, 64)?);
    }
    if let Some(v) = &input.code {
        row.code = Set(limited("code", v, 32)?);
    }
    if let Some(v) = &input.description {
        row.remark = Set(limited("description", v, 500)?);
    }
    if let Some(v) = input.state {
        in_range("state", v.into(), 1, 4)?;
        row.stage = Set(v);
    }
    if let Some(m) = input.manager_id {
        row.manager_id = Set(if m == 0 {
            None
        } else {
            Some(checked_members(&txn, scope, "managerId", &[m]).await?[0])
        });
    }
    if let Some(v) = &input.start_on {
        row.starts_on = Set(checked_day("startOn", v)?);
    }
    if let Some(v) = &input.end_on {
        row.ends_on = Set(checked_day("endOn", v)?);
    }
    let (start, end) = (row.starts_on.clone().unwrap(), row.ends_on.clone().unwrap());
    if !start.is_empty() && !end.is_empty() && end < start {
        return Err(AppError::field(
            "endOn",
            text!(
                "endOn（{}）不能早于 startOn（{}）",
                "endOn ({}) must not be before startOn ({})",
                end,
                start
            ),
        ));
    }
    row.updated_at = Set(now);
    let saved = if created {
        row.insert(&txn).await
    } else {
        row.update(&txn).await
    }
    .on_conflict(|| {
        text!(
            "该企业已有同名项目",
            "This enterprise already has a project with this name"
        )
    })?;
    events::record(
        &txn,
        Event {
            ent: saved.enterprise_id,
            kind: PROJECT_CHANGED,
            project_id: Some(saved.id),
            ..Default::default()
        },
        if created {
            Text::new(
                format!("{} 新建了项目“{}”", scope.user.username, saved.name),
                format!("{} created project \"{}\"", scope.user.username, saved.name),
            )
        } else {
            Text::new(
                format!("{} 修改了项目“{}”", scope.user.username, saved.name),
                format!("{} changed project \"{}\"", scope.user.username, saved.name),
            )
        },
        now,
    )
    .await?;
    let out = rows(&txn, vec![saved]).await?.remove(0);
    txn.commit().await?;
    Ok(Some(out))
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ProjectListQuery {
    #[serde(flatten)]
    pub page: PageQuery,
    #[serde(default, alias = "ent_id", alias = "enterpriseId")]
    pub ent_id: Option<i64>,
    /// Part of the name or code.
    #[serde(default, alias = "name")]
    pub keyword: Option<String>,
    /// 1 planning, 2 active, 3 done, 4 archived.
    pub state: Option<i16>,
    #[serde(default, alias = "manager_id")]
    pub manager_id: Option<i64>,
    /// One project (the project's own page).
    #[serde(default)]
    pub id: Option<i64>,
}

/// Projects of the enterprises the scope sees, newest first.
pub async fn list(
    db: &DatabaseConnection,
    scope: &Scope,
    q: ProjectListQuery,
) -> Result<PageResult<ProjectRow>, AppError> {
    let mut c = Condition::all().add(scope.filter(project::Column::EnterpriseId));
    if let Some(e) = q.ent_id.filter(|e| *e != 0) {
        scope.require(e)?;
        c = c.add(project::Column::EnterpriseId.eq(e));
    }
    if let Some(k) = q
        .keyword
        .as_deref()
        .map(str::trim)
        .filter(|k| !k.is_empty())
    {
        c = c.add(
            Condition::any()
                .add(contains(project::Column::Name, k))
                .add(contains(project::Column::Code, k)),
        );
    }
    if let Some(s) = q.state {
        in_range("state", s.into(), 1, 4)?;
        c = c.add(project::Column::Stage.eq(s));
    }
    if let Some(m) = q.manager_id {
        c = c.add(project::Column::ManagerId.eq(m));
    }
    if let Some(id) = q.id {
        c = c.add(project::Column::Id.eq(id));
    }
    let select = project::Entity::find()
        .filter(c)
        .order_by_desc(project::Column::CreatedAt)
        .order_by_desc(project::Column::Id);
    let found = paging::fetch(db, select, q.page, |m| m).await?;
    let list = rows(db, found.list).await?;
    Ok(PageResult {
        list,
        total: found.total,
        page: found.page,
        page_size: found.page_size,
    })
}

/// A request naming a project, paged.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ProjectPageQuery {
    #[serde(alias = "project_id", alias = "id", alias = "ID")]
    pub project_id: i64,
    #[serde(flatten)]
    pub page: PageQuery,
    /// `project_task`: only done (true) or open (false) tasks.
    pub done: Option<bool>,
}

/// The orders of a project the scope sees (as a subquery).
async fn orders_of(
    db: &impl ConnectionTrait,
    scope: &Scope,
    project_id: i64,
) -> Result<sea_orm::sea_query::SelectStatement, AppError> {
    scope.find::<project::Entity>(db, project_id).await?;
    Ok(work_order::Entity::find()
        .select_only()
        .column(work_order::Column::Id)
        .filter(work_order::Column::ProjectId.eq(project_id))
        .filter(visible(scope))
        .into_query())
}

/// A task of a project's order.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ProjectTaskRow {
    #[serde(flatten)]
    pub task: OrderTaskRow,
    pub order_number: String,
}

/// The tasks of a project's orders, by due time then id.
pub async fn project_tasks(
    db: &DatabaseConnection,
    scope: &Scope,
    q: ProjectPageQuery,
) -> Result<PageResult<ProjectTaskRow>, AppError> {
    let orders = orders_of(db, scope, q.project_id).await?;
    let mut select = work_order_task::Entity::find()
        .filter(work_order_task::Column::OrderId.in_subquery(orders))
        .order_by_asc(work_order_task::Column::DueAt)
        .order_by_asc(work_order_task::Column::Id);
    if let Some(d) = q.done {
        select = select.filter(work_order_task::Column::Done.eq(d));
    }
    let found = paging::fetch(db, select, q.page, |m| m).await?;
    let numbers: BTreeMap<i64, String> = work_order::Entity::find()
        .filter(work_order::Column::Id.is_in(found.list.iter().map(|t| t.order_id)))
        .all(db)
        .await?
        .into_iter()
        .map(|o| (o.id, o.number))
        .collect();
    let list = tasks::to_rows(db, found.list)
        .await?
        .into_iter()
        .map(|t| ProjectTaskRow {
            order_number: numbers.get(&t.order_id).cloned().unwrap_or_default(),
            task: t,
        })
        .collect();
    Ok(PageResult {
        list,
        total: found.total,
        page: found.page,
        page_size: found.page_size,
    })
}

/// One entry of a project's activity.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ProjectLogRow {
    /// The event's id (kind 6) or the order log entry's id (kind 1).
    pub id: i64,
    /// 6 project changed (a work event), 1 an order's state change (its timeline entry).
    pub kind: i16,
    pub order_id: Option<i64>,
    pub order_number: Option<String>,
    pub text: String,
    pub from_state: Option<i16>,
    pub to_state: Option<i16>,
    pub by: Option<i64>,
    pub by_name: String,
    pub at: DateTime<Utc>,
}

/// A project's activity, newest first: its changes and its orders' state changes.
pub async fn project_log(
    db: &DatabaseConnection,
    scope: &Scope,
    q: ProjectPageQuery,
) -> Result<PageResult<ProjectLogRow>, AppError> {
    let orders = orders_of(db, scope, q.project_id).await?;
    let page = q.page.checked()?;
    let changes = work_event::Entity::find()
        .filter(work_event::Column::ProjectId.eq(q.project_id))
        .filter(work_event::Column::Kind.eq(PROJECT_CHANGED));
    let states = work_order_log::Entity::find()
        .filter(work_order_log::Column::OrderId.in_subquery(orders))
        .filter(work_order_log::Column::Kind.eq(LOG_STATE));
    let total = changes.clone().count(db).await? + states.clone().count(db).await?;
    // Each source read as deep as the page reaches, merged in memory.
    let changes = changes
        .order_by_desc(work_event::Column::CreatedAt)
        .order_by_desc(work_event::Column::Id)
        .limit(page.end())
        .all(db)
        .await?;
    let states = states
        .order_by_desc(work_order_log::Column::CreatedAt)
        .order_by_desc(work_order_log::Column::Id)
        .limit(page.end())
        .all(db)
        .await?;
    let numbers: BTreeMap<i64, String> = work_order::Entity::find()
        .filter(work_order::Column::Id.is_in(states.iter().map(|l| l.order_id)))
        .all(db)
        .await?
        .into_iter()
        .map(|o| (o.id, o.number))
        .collect();
    let names = user_names(db, states.iter().map(|l| l.user_id)).await?;
    let mut all: Vec<ProjectLogRow> = changes
        .into_iter()
        .map(|e| ProjectLogRow {
            id: e.id,
            kind: PROJECT_CHANGED,
            order_id: None,
            order_number: None,
            text: Text::new(e.text_zh, e.text_en).current().to_owned(),
            from_state: None,
            to_state: None,
            by: None,
            by_name: String::new(),
            at: e.created_at,
        })
        .chain(states.into_iter().map(|l| ProjectLogRow {
            id: l.id,
            kind: LOG_STATE,
            order_number: numbers.get(&l.order_id).cloned(),
            order_id: Some(l.order_id),
            text: l.content,
            from_state: l.from_state,
            to_state: l.to_state,
            by: Some(l.user_id),
            by_name: names.get(&l.user_id).cloned().unwrap_or_default(),
            at: l.created_at,
        }))
        .collect();
    all.sort_by(|a, b| b.at.cmp(&a.at).then(b.id.cmp(&a.id)));
    Ok(page.of(all, total))
}

/// Notes and dispose records of a project's orders, newest first.
pub async fn project_work_log(
    db: &DatabaseConnection,
    scope: &Scope,
    q: ProjectPageQuery,
) -> Result<PageResult<LogRow>, AppError> {
    let orders = orders_of(db, scope, q.project_id).await?;
    let select = work_order_log::Entity::find()
        .filter(work_order_log::Column::OrderId.in_subquery(orders))
        .filter(work_order_log::Column::Kind.is_in([LOG_NOTE, LOG_DISPOSE]))
        .order_by_desc(work_order_log::Column::CreatedAt)
        .order_by_desc(work_order_log::Column::Id);
    let found = paging::fetch(db, select, q.page, |m| m).await?;
    let list = logs::to_rows(db, found.list).await?;
    Ok(PageResult {
        list,
        total: found.total,
        page: found.page,
        page_size: found.page_size,
    })
}
