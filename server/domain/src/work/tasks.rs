//! Tasks inside a work order: a title, an assignee, a due time, done or not. Tasks of a
//! cancelled or closed order no longer change.

use chrono::{DateTime, Utc};
use entities::{work_order, work_order_task};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, Condition, ConnectionTrait, DatabaseConnection, EntityTrait,
    QueryFilter, QueryOrder, QuerySelect, QueryTrait, Set,
};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::orders::{checked_members, user_names};
use super::states::{self, CANCELLED, CLOSED};
use super::{find, find_writable, visible};
use crate::scope::Scope;
use kernel::db::write_txn;
use kernel::error::AppError;
use kernel::i18n::Text;
use kernel::paging::{self, PageQuery, PageResult};
use kernel::search::contains;
use kernel::text;
use kernel::validate::required;

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OrderTaskRow {
    pub id: i64,
    pub order_id: i64,
    pub title: String,
    pub assignee_id: Option<i64>,
    pub assignee_name: String,
    pub due_at: Option<DateTime<Utc>>,
    pub done: bool,
    pub done_at: Option<DateTime<Utc>>,
    pub created_by: i64,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
    /// When the task is planned (`save_arrange`).
    pub planned_at: Option<DateTime<Utc>>,
}

/// A new task of an order.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TaskInput {
    #[serde(alias = "order_id", alias = "workId")]
    pub order_id: i64,
    #[serde(default, alias = "name")]
    pub title: String,
    #[serde(default, alias = "assignee_id", alias = "userId")]
    pub assignee_id: Option<i64>,
    #[serde(default, alias = "due_at", alias = "deadline")]
    pub due_at: Option<DateTime<Utc>>,
}

/// Changes of a task; fields left out stay.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TaskUpdate {
    #[serde(alias = "taskId", alias = "task_id", alias = "ID")]
    pub id: i64,
    #[serde(alias = "name")]
    pub title: Option<String>,
    #[serde(default, alias = "assignee_id", alias = "userId")]
    pub assignee_id: Option<i64>,
    #[serde(default, alias = "due_at", alias = "deadline")]
    pub due_at: Option<DateTime<Utc>>,
    pub done: Option<bool>,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TaskListQuery {
    #[serde(alias = "order_id", alias = "workId", alias = "id")]
    pub order_id: i64,
    #[serde(flatten)]
    pub page: PageQuery,
}

/// Tasks across the orders the scope sees.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TaskSearch {
    #[serde(flatten)]
    pub page: PageQuery,
    /// Part of the title.
    #[serde(default, alias = "name")]
    pub keyword: Option<String>,
    pub done: Option<bool>,
    #[serde(default, alias = "assignee_id")]
    pub assignee_id: Option<i64>,
    /// Only the caller's tasks.
    #[serde(default)]
    pub mine: bool,
    /// Only tasks past their due time and not done.
    #[serde(default)]
    pub overdue: bool,
    /// Planned (`plannedAt`) on or after this day (`YYYY-MM-DD`, UTC): the work plan's calendar.
    pub planned_from: Option<String>,
    /// Planned on or before this day.
    pub planned_to: Option<String>,
    /// Only planned tasks (true) or unplanned ones (false; the work plan's list to plan from).
    pub planned: Option<bool>,
}

pub(crate) async fn to_rows(
    db: &impl ConnectionTrait,
    tasks: Vec<work_order_task::Model>,
) -> Result<Vec<OrderTaskRow>, AppError> {
    let names = user_names(db, tasks.iter().filter_map(|t| t.assignee_id)).await?;
    Ok(tasks
        .into_iter()
        .map(|t| OrderTaskRow {
            assignee_name: t
                .assignee_id
                .and_then(|a| names.get(&a).cloned())
                .unwrap_or_default(),
            id: t.id,
            order_id: t.order_id,
            title: t.title,
            assignee_id: t.assignee_id,
            due_at: t.due_at,
            done: t.done,
            done_at: t.done_at,
            created_by: t.created_by,
            created_at: t.created_at,
            updated_at: t.updated_at,
            planned_at: t.planned_at,
        })
        .collect())
}

async fn page_of(
    db: &DatabaseConnection,
    select: sea_orm::Select<work_order_task::Entity>,
    page: PageQuery,
) -> Result<PageResult<OrderTaskRow>, AppError> {
    let found = paging::fetch(db, select, page, |m| m).await?;
    Ok(PageResult {
        list: to_rows(db, found.list).await?,
        total: found.total,
        page: found.page,
        page_size: found.page_size,
    })
}

fn refuse_finished(order: &work_order::Model) -> Result<(), AppError> {
    if matches!(order.state, CANCELLED | CLOSED) {
        let s = states::label(order.state);
        return Err(AppError::fail(Text::new(
            format!("工单 {} {}，任务不能再修改", order.number, s.zh),
            format!(
                "Work order {} is {}; its tasks no longer change",
                order.number, s.en
            ),
        )));
    }
    Ok(())
}

/// The tasks of an order, by due time then id.
pub async fn list(
    db: &DatabaseConnection,
    scope: &Scope,
    q: TaskListQuery,
) -> Result<PageResult<OrderTaskRow>, AppError> {
    let order = find(db, scope, q.order_id).await?;
    let select = work_order_task::Entity::find()
        .filter(work_order_task::Column::OrderId.eq(order.id))
        .order_by_asc(work_order_task::Column::Id);
    page_of(db, select, q.page).await
}

/// Adds a task to an open order.
pub async fn create(
    db: &DatabaseConnection,
    scope: &Scope,
    input: TaskInput,
) -> Result<OrderTaskRow, AppError> {
    let title = required("title", &input.title, 128)?;
    let txn = write_txn(db).await?;
    let order = find_writable(&txn, scope, input.order_id).await?;
    refuse_finished(&order)?;
    let assignee = match input.assignee_id {
        Some(a) => Some(checked_members(&txn, scope, "assigneeId", &[a]).await?[0]),
        None => None,
    };
    let now = Utc::now();
    let task = work_order_task::ActiveModel {
        order_id: Set(order.id),
        title: Set(title),
        assignee_id: Set(assignee),
        due_at: Set(input.due_at),
        done: Set(false),
        done_at: Set(None),
        created_by: Set(scope.user.id),
        created_at: Set(now),
        updated_at: Set(now),
        ..Default::default()
    }
    .insert(&txn)
    .await?;
    let row = to_rows(&txn, vec![task]).await?.remove(0);
    txn.commit().await?;
    Ok(row)
}

async fn writable_task(
    txn: &impl ConnectionTrait,
    scope: &Scope,
    id: i64,
) -> Result<work_order_task::Model, AppError> {
    let not_found = || AppError::fail(text!("任务 {} 不存在", "No task {}", id));
    let task = work_order_task::Entity::find_by_id(id)
        .one(txn)
        .await?
        .ok_or_else(not_found)?;
    let order = match find_writable(txn, scope, task.order_id).await {
        Ok(o) => o,
        // A foreign order's task is not found; a read-only one says so.
        Err(e) => {
            return Err(if find(txn, scope, task.order_id).await.is_ok() {
                e
            } else {
                not_found()
            });
        }
    };
    refuse_finished(&order)?;
    Ok(task)
}

/// Changes a task (done marks it done now; false undoes it).
pub async fn update(
    db: &DatabaseConnection,
    scope: &Scope,
    input: TaskUpdate,
) -> Result<OrderTaskRow, AppError> {
    let title = input
        .title
        .as_deref()
        .map(|t| required("title", t, 128))
        .transpose()?;
    let txn = write_txn(db).await?;
    let task = writable_task(&txn, scope, input.id).await?;
    let assignee = match input.assignee_id {
        Some(a) => Some(checked_members(&txn, scope, "assigneeId", &[a]).await?[0]),
        None => None,
    };
    let was_done = task.done;
    let mut row: work_order_task::ActiveModel = task.into();
    if let Some(t) = title {
        row.title = Set(t);
    }
    if let Some(a) = assignee {
        row.assignee_id = Set(Some(a));
    }
    if input.due_at.is_some() {
        row.due_at = Set(input.due_at);
    }
    if let Some(d) = input.done {
        row.done = Set(d);
        if d != was_done {
            row.done_at = Set(d.then(Utc::now));
        }
    }
    row.updated_at = Set(Utc::now());
    let saved = row.update(&txn).await?;
    let out = to_rows(&txn, vec![saved]).await?.remove(0);
    txn.commit().await?;
    Ok(out)
}

/// Deletes a task.
pub async fn delete(db: &DatabaseConnection, scope: &Scope, id: i64) -> Result<(), AppError> {
    let txn = write_txn(db).await?;
    let task = writable_task(&txn, scope, id).await?;
    work_order_task::Entity::delete_by_id(task.id)
        .exec(&txn)
        .await?;
    txn.commit().await?;
    Ok(())
}

/// Tasks of the orders the scope sees, open ones by due time first.
pub async fn search(
    db: &DatabaseConnection,
    scope: &Scope,
    q: TaskSearch,
) -> Result<PageResult<OrderTaskRow>, AppError> {
    let orders = work_order::Entity::find()
        .select_only()
        .column(work_order::Column::Id)
        .filter(visible(scope))
        .into_query();
    let mut c = Condition::all().add(work_order_task::Column::OrderId.in_subquery(orders));
    if let Some(k) = q
        .keyword
        .as_deref()
        .map(str::trim)
        .filter(|k| !k.is_empty())
    {
        c = c.add(contains(work_order_task::Column::Title, k));
    }
    if let Some(d) = q.done {
        c = c.add(work_order_task::Column::Done.eq(d));
    }
    if let Some(a) = q.assignee_id {
        c = c.add(work_order_task::Column::AssigneeId.eq(a));
    }
    if q.mine {
        c = c.add(work_order_task::Column::AssigneeId.eq(scope.user.id));
    }
    if q.overdue {
        c = c
            .add(work_order_task::Column::Done.eq(false))
            .add(work_order_task::Column::DueAt.lt(Utc::now()));
    }
    c = c.add(super::orders::planning(
        work_order_task::Column::PlannedAt,
        q.planned_from.as_deref(),
        q.planned_to.as_deref(),
        q.planned,
    )?);
    let select = work_order_task::Entity::find()
        .filter(c)
        .order_by_asc(work_order_task::Column::Done)
        .order_by_asc(work_order_task::Column::DueAt)
        .order_by_asc(work_order_task::Column::Id);
    page_of(db, select, q.page).await
}
