//! The state machine of a work order: 100 pending → 101 in progress → 102 resolved → 104
//! closed; 103 cancelled from 100 or 101; 102 → 101 reopens. Every transition is checked
//! (who may make it), timestamped on the order and logged on its timeline.

use chrono::{DateTime, Utc};
use entities::{work_order, work_order_log};
use sea_orm::sea_query::Expr;
use sea_orm::{
    ActiveModelTrait, ColumnTrait, Condition, ConnectionTrait, DatabaseConnection, EntityTrait,
    QueryFilter, QueryOrder, QuerySelect, Set,
};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::{find_writable, is_admin, visible};
use crate::live::hub::LiveHub;
use crate::scope::Scope;
use kernel::db::write_txn;
use kernel::error::AppError;
use kernel::i18n::Text;
use kernel::paging::PageQuery;
use kernel::text;

pub const PENDING: i16 = 100;
pub const IN_PROGRESS: i16 = 101;
pub const RESOLVED: i16 = 102;
pub const CANCELLED: i16 = 103;
pub const CLOSED: i16 = 104;
pub const ALL: [i16; 5] = [PENDING, IN_PROGRESS, RESOLVED, CANCELLED, CLOSED];

/// Timeline entry kinds.
pub const LOG_STATE: i16 = 1;
pub const LOG_NOTE: i16 = 2;
pub const LOG_DISPOSE: i16 = 3;
pub const LOG_CHANGE: i16 = 4;
/// A step on the order's flow (from node, to node, the step's values).
pub const LOG_STEP: i16 = 5;

/// The name of a state in both languages.
pub fn label(state: i16) -> Text {
    match state {
        PENDING => text!("待处理", "pending"),
        IN_PROGRESS => text!("处理中", "in progress"),
        RESOLVED => text!("已解决", "resolved"),
        CANCELLED => text!("已取消", "cancelled"),
        CLOSED => text!("已关闭", "closed"),
        other => text!("状态 {}", "state {}", other),
    }
}

/// Who may make a transition.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Actor {
    /// The assignee or an administrator (starting and resolving the work).
    Worker,
    /// The requester or an administrator (cancelling, closing, reopening).
    Requester,
}

/// The allowed transitions and who may make them.
fn rule(from: i16, to: i16) -> Option<Actor> {
    match (from, to) {
        (PENDING, IN_PROGRESS) | (IN_PROGRESS, RESOLVED) => Some(Actor::Worker),
        (PENDING | IN_PROGRESS, CANCELLED) | (RESOLVED, CLOSED | IN_PROGRESS) => {
            Some(Actor::Requester)
        }
        _ => None,
    }
}

/// Whether `scope`'s user may take `order` to `to` (the transition being allowed).
fn may(scope: &Scope, order: &work_order::Model, actor: Actor) -> bool {
    if is_admin(scope, order) {
        return true;
    }
    match actor {
        Actor::Worker => order.assignee_id == Some(scope.user.id),
        Actor::Requester => order.requester_id == scope.user.id,
    }
}

/// The states the caller may take `order` to now.
pub fn next_for(scope: &Scope, order: &work_order::Model) -> Vec<i16> {
    ALL.into_iter()
        .filter(|to| rule(order.state, *to).is_some_and(|a| may(scope, order, a)))
        .collect()
}

/// Checks and applies a transition inside `txn`: the order's state and timestamps, and a
/// timeline entry. Answers the changed order.
pub(crate) async fn transition(
    txn: &impl ConnectionTrait,
    scope: &Scope,
    order: work_order::Model,
    to: i16,
    remark: &str,
) -> Result<work_order::Model, AppError> {
    let from = order.state;
    let Some(actor) = rule(from, to) else {
        let (f, t) = (label(from), label(to));
        return Err(AppError::field(
            "state",
            Text::new(
                format!(
                    "工单 {} 不能从{}（{}）变为{}（{}）",
                    order.number, f.zh, from, t.zh, to
                ),
                format!(
                    "Work order {} cannot go from {} ({}) to {} ({})",
                    order.number, f.en, from, t.en, to
                ),
            ),
        ));
    };
    if !may(scope, &order, actor) {
        let who = match actor {
            Actor::Worker => text!(
                "处理人或企业管理员",
                "the assignee or an enterprise administrator"
            ),
            Actor::Requester => text!(
                "发起人或企业管理员",
                "the requester or an enterprise administrator"
            ),
        };
        let t = label(to);
        return Err(AppError::fail(Text::new(
            format!("只有{}可以把工单 {} 变为{}", who.zh, order.number, t.zh),
            format!(
                "Only {} may take work order {} to {}",
                who.en, order.number, t.en
            ),
        )));
    }
    let now = Utc::now();
    let mut row: work_order::ActiveModel = order.clone().into();
    row.state = Set(to);
    row.updated_at = Set(now);
    if order.first_response_at.is_none() && to == IN_PROGRESS {
        row.first_response_at = Set(Some(now));
        row.response_secs = Set(Some(super::seconds_since(order.created_at, now)));
    }
    match to {
        RESOLVED => {
            row.resolved_at = Set(Some(now));
            row.resolution_secs = Set(Some(super::seconds_since(order.created_at, now)));
        }
        CLOSED => {
            row.closed_at = Set(Some(now));
            // Closed without being resolved: the closing is the resolution.
            if order.resolved_at.is_none() {
                row.resolution_secs = Set(Some(super::seconds_since(order.created_at, now)));
            }
        }
        CANCELLED => row.cancelled_at = Set(Some(now)),
        // Reopened: no longer resolved.
        IN_PROGRESS if from == RESOLVED => {
            row.resolved_at = Set(None);
            row.resolution_secs = Set(None);
        }
        _ => {}
    }
    let saved = super::flows::follow_state(txn, row.update(txn).await?).await?;
    log_state(txn, saved.id, Some(from), to, remark, scope.user.id, now).await?;
    Ok(saved)
}

/// Writes a state-change entry on the timeline (`from` None: the order was opened).
pub(crate) async fn log_state(
    txn: &impl ConnectionTrait,
    order_id: i64,
    from: Option<i16>,
    to: i16,
    remark: &str,
    user: i64,
    at: DateTime<Utc>,
) -> Result<(), AppError> {
    work_order_log::ActiveModel {
        order_id: Set(order_id),
        kind: Set(LOG_STATE),
        from_state: Set(from),
        to_state: Set(Some(to)),
        content: Set(remark.to_owned()),
        images: Set("[]".to_owned()),
        data: Set("{}".to_owned()),
        user_id: Set(user),
        created_at: Set(at),
        updated_at: Set(at),
        ..Default::default()
    }
    .insert(txn)
    .await?;
    Ok(())
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SetState {
    #[serde(alias = "orderId", alias = "order_id", alias = "workId", alias = "ID")]
    pub id: i64,
    /// 101 start, 102 resolve, 103 cancel, 104 close; 101 from 102 reopens.
    pub state: i16,
    /// Why (kept on the timeline).
    #[serde(default, alias = "content", alias = "reason")]
    pub remark: String,
}

/// Takes an order to another state, if the machine and the caller's part allow it.
pub async fn set(
    db: &DatabaseConnection,
    scope: &Scope,
    live: &LiveHub,
    req: SetState,
) -> Result<work_order::Model, AppError> {
    let remark = kernel::validate::limited("remark", &req.remark, 1000)?;
    let txn = write_txn(db).await?;
    let order = find_writable(&txn, scope, req.id).await?;
    let saved = transition(&txn, scope, order, req.state, &remark).await?;
    txn.commit().await?;
    super::discussions::announce_state(db, live, &saved).await?;
    Ok(saved)
}

/// Starts the work now (100 → 101) as the assignee; an unassigned order is taken by the
/// caller, who becomes its assignee.
pub async fn start_now(
    db: &DatabaseConnection,
    scope: &Scope,
    live: &LiveHub,
    id: i64,
) -> Result<work_order::Model, AppError> {
    let txn = write_txn(db).await?;
    let mut order = find_writable(&txn, scope, id).await?;
    if order.state != PENDING {
        let f = label(order.state);
        return Err(AppError::fail(Text::new(
            format!(
                "工单 {} 是{}（{}），不能立即开始",
                order.number, f.zh, order.state
            ),
            format!(
                "Work order {} is {} ({}) and cannot be started now",
                order.number, f.en, order.state
            ),
        )));
    }
    if order.assignee_id.is_none() {
        let mut row: work_order::ActiveModel = order.into();
        row.assignee_id = Set(Some(scope.user.id));
        order = row.update(&txn).await?;
    } else if order.assignee_id != Some(scope.user.id) {
        return Err(AppError::fail(text!(
            "只有处理人可以立即开始工单 {}",
            "Only the assignee may start work order {} now",
            order.number
        )));
    }
    let saved = transition(&txn, scope, order, IN_PROGRESS, "").await?;
    txn.commit().await?;
    super::discussions::announce_state(db, live, &saved).await?;
    Ok(saved)
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StateCount {
    pub state: i16,
    pub zh: String,
    pub en: String,
    /// The caller's language.
    pub name: String,
    /// Orders in this state the caller sees.
    pub count: u64,
}

/// Every state with its labels and how many orders the caller sees in it.
pub async fn counts(db: &DatabaseConnection, scope: &Scope) -> Result<Vec<StateCount>, AppError> {
    let rows: Vec<(i16, i64)> = work_order::Entity::find()
        .select_only()
        .column(work_order::Column::State)
        // COUNT(*), not of the id: PostgreSQL answers it from an index without the rows
        .column_as(Expr::cust("COUNT(*)"), "n")
        .filter(visible(scope))
        .group_by(work_order::Column::State)
        .into_tuple()
        .all(db)
        .await?;
    Ok(ALL
        .into_iter()
        .map(|s| {
            let l = label(s);
            StateCount {
                state: s,
                name: l.current().to_owned(),
                zh: l.zh.to_string(),
                en: l.en.to_string(),
                count: rows
                    .iter()
                    .find(|(st, _)| *st == s)
                    .map_or(0, |(_, n)| u64::try_from(*n).unwrap_or(0)),
            }
        })
        .collect())
}

/// Orders waiting on the caller: assigned to them and pending or in progress, or requested by
/// them and resolved (waiting to be closed), newest first.
pub async fn waiting(
    db: &DatabaseConnection,
    scope: &Scope,
    page: PageQuery,
) -> Result<super::orders::OrderPage, AppError> {
    let me = scope.user.id;
    let select = work_order::Entity::find()
        .filter(visible(scope))
        .filter(
            Condition::any()
                .add(
                    Condition::all()
                        .add(work_order::Column::AssigneeId.eq(me))
                        .add(work_order::Column::State.is_in([PENDING, IN_PROGRESS])),
                )
                .add(
                    Condition::all()
                        .add(work_order::Column::RequesterId.eq(me))
                        .add(work_order::Column::State.eq(RESOLVED)),
                ),
        )
        .order_by_desc(work_order::Column::CreatedAt)
        .order_by_desc(work_order::Column::Id);
    super::orders::page_of(db, select, page).await
}
