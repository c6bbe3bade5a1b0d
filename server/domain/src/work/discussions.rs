//! The discussion of every work order: its notes (timeline entries of kind 2, with images and
//! mentions). Members: the requester, the assignee, participants, task assignees, whoever wrote
//! in it, and the administrators of the order's enterprise. Per user and order a read mark (the
//! newest note seen) and a mute (`work_discussion_marks`). Notes and state changes reach
//! connected members over the websocket; a signed, expiring link (`/df/<token>`) shows one
//! discussion read-only to whoever holds it.

use std::collections::{BTreeMap, BTreeSet};

use chrono::{DateTime, Utc};
use entities::{
    sys_user_authority, work_discussion_mark, work_order, work_order_link, work_order_log,
    work_order_task,
};
use sea_orm::sea_query::{Expr, ExprTrait, OnConflict};
use sea_orm::{
    ColumnTrait, Condition, ConnectionTrait, DatabaseConnection, EntityTrait, QueryFilter,
    QueryOrder, QuerySelect, QueryTrait, Set,
};
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};
use utoipa::ToSchema;

use super::logs::LogRow;
use super::orders::{LINK_PARTICIPANT, user_names};
use super::states::LOG_NOTE;
use super::{find, visible};
use crate::live::hub::{EventKind, LiveHub};
use crate::scope::Scope;
use crate::session::{LinkRefusal, Tokens};
use kernel::error::AppError;
use kernel::ids::ROLE_ENTERPRISE_ADMIN;
use kernel::paging::{self, PageQuery, PageResult};
use kernel::text;
use kernel::validate::json_list;

/// The audience of discussion links.
pub const SHARE_PURPOSE: &str = "work.discussion";
/// How long a discussion link opens.
pub const SHARE_TTL_SECS: i64 = 7 * 24 * 3600;
const DEFAULT_LIMIT: u64 = 30;
const MAX_LIMIT: u64 = 100;

/// The members of an order's discussion.
pub async fn members(
    db: &impl ConnectionTrait,
    order: &work_order::Model,
) -> Result<BTreeSet<i64>, AppError> {
    let mut out: BTreeSet<i64> = [order.requester_id].into_iter().collect();
    out.extend(order.assignee_id);
    let participants: Vec<i64> = work_order_link::Entity::find()
        .select_only()
        .column(work_order_link::Column::RefId)
        .filter(work_order_link::Column::OrderId.eq(order.id))
        .filter(work_order_link::Column::Kind.eq(LINK_PARTICIPANT))
        .into_tuple()
        .all(db)
        .await?;
    let tasks: Vec<Option<i64>> = work_order_task::Entity::find()
        .select_only()
        .column(work_order_task::Column::AssigneeId)
        .filter(work_order_task::Column::OrderId.eq(order.id))
        .into_tuple()
        .all(db)
        .await?;
    let authors: Vec<i64> = work_order_log::Entity::find()
        .select_only()
        .column(work_order_log::Column::UserId)
        .filter(work_order_log::Column::OrderId.eq(order.id))
        .filter(work_order_log::Column::Kind.eq(LOG_NOTE))
        .distinct()
        .into_tuple()
        .all(db)
        .await?;
    let admins: Vec<i64> = sys_user_authority::Entity::find()
        .select_only()
        .column(sys_user_authority::Column::UserId)
        .filter(sys_user_authority::Column::EnterpriseId.eq(order.enterprise_id))
        .filter(sys_user_authority::Column::AuthorityId.eq(ROLE_ENTERPRISE_ADMIN))
        .into_tuple()
        .all(db)
        .await?;
    out.extend(participants);
    out.extend(tasks.into_iter().flatten());
    out.extend(authors);
    out.extend(admins);
    Ok(out)
}

/// The orders whose discussion the caller is in (and which the scope sees).
fn membership(scope: &Scope) -> Condition {
    let me = scope.user.id;
    let participant = work_order_link::Entity::find()
        .select_only()
        .column(work_order_link::Column::OrderId)
        .filter(work_order_link::Column::Kind.eq(LINK_PARTICIPANT))
        .filter(work_order_link::Column::RefId.eq(me))
        .into_query();
    let tasked = work_order_task::Entity::find()
        .select_only()
        .column(work_order_task::Column::OrderId)
        .filter(work_order_task::Column::AssigneeId.eq(me))
        .into_query();
    let wrote = work_order_log::Entity::find()
        .select_only()
        .column(work_order_log::Column::OrderId)
        .filter(work_order_log::Column::Kind.eq(LOG_NOTE))
        .filter(work_order_log::Column::UserId.eq(me))
        .into_query();
    let mut any = Condition::any()
        .add(work_order::Column::RequesterId.eq(me))
        .add(work_order::Column::AssigneeId.eq(me))
        .add(work_order::Column::Id.in_subquery(participant))
        .add(work_order::Column::Id.in_subquery(tasked))
        .add(work_order::Column::Id.in_subquery(wrote));
    if scope.platform {
        any = any.add(Expr::val(1).eq(1));
    } else if scope.user.authority_id == ROLE_ENTERPRISE_ADMIN {
        any = any.add(work_order::Column::EnterpriseId.is_in(scope.visible.iter().copied()));
    }
    Condition::all().add(visible(scope)).add(any)
}

/// Notes of the caller's discussions, by others, after the caller's read mark.
fn unread_notes(scope: &Scope) -> Condition {
    let me = scope.user.id;
    Condition::all()
        .add(work_order_log::Column::Kind.eq(LOG_NOTE))
        .add(work_order_log::Column::UserId.ne(me))
        .add(Expr::cust(format!(
            "work_order_logs.id > COALESCE((SELECT m.last_read_id FROM work_discussion_marks m \
             WHERE m.order_id = work_order_logs.order_id AND m.user_id = {me}), 0)"
        )))
}

/// A grouped row of notes: order, how many, newest id, newest time.
type NoteGroup = (i64, i64, Option<i64>, Option<DateTime<Utc>>);

/// Per order: how many notes match `cond` (which names the orders), the newest's id and time.
async fn count_notes(
    db: &impl ConnectionTrait,
    cond: Condition,
) -> Result<BTreeMap<i64, (u64, i64, Option<DateTime<Utc>>)>, AppError> {
    let rows: Vec<NoteGroup> = work_order_log::Entity::find()
        .select_only()
        .column(work_order_log::Column::OrderId)
        .column_as(work_order_log::Column::Id.count(), "n")
        .column_as(work_order_log::Column::Id.max(), "last")
        .column_as(work_order_log::Column::CreatedAt.max(), "at")
        .filter(cond)
        .group_by(work_order_log::Column::OrderId)
        .into_tuple()
        .all(db)
        .await?;
    Ok(rows
        .into_iter()
        .map(|(o, n, last, at)| (o, (u64::try_from(n).unwrap_or(0), last.unwrap_or(0), at)))
        .collect())
}

fn member_ids(scope: &Scope) -> sea_orm::sea_query::SelectStatement {
    work_order::Entity::find()
        .select_only()
        .column(work_order::Column::Id)
        .filter(membership(scope))
        .into_query()
}

async fn muted_orders(db: &impl ConnectionTrait, user: i64) -> Result<BTreeSet<i64>, AppError> {
    Ok(work_discussion_mark::Entity::find()
        .select_only()
        .column(work_discussion_mark::Column::OrderId)
        .filter(work_discussion_mark::Column::UserId.eq(user))
        .filter(work_discussion_mark::Column::Muted.eq(true))
        .into_tuple::<i64>()
        .all(db)
        .await?
        .into_iter()
        .collect())
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DiscussQuery {
    #[serde(flatten)]
    pub page: PageQuery,
    /// Number or title contains.
    #[serde(default)]
    pub keyword: Option<String>,
    /// Only discussions with unread notes.
    #[serde(default)]
    pub unread: Option<bool>,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LastMessage {
    pub id: i64,
    pub author_name: String,
    pub content: String,
    pub at: DateTime<Utc>,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DiscussionRow {
    pub order_id: i64,
    pub number: String,
    pub title: String,
    pub state: i16,
    pub last_message: Option<LastMessage>,
    /// Notes in the discussion.
    pub messages: u64,
    /// Notes by others the caller has not read.
    pub unread: u64,
    pub muted: bool,
}

/// The caller's discussions, latest activity (last note, else opening) first: the page is
/// sorted and cut by the database along `discussed_at`; notes are counted for its orders only.
pub async fn list(
    db: &DatabaseConnection,
    scope: &Scope,
    q: DiscussQuery,
) -> Result<PageResult<DiscussionRow>, AppError> {
    let mut select = work_order::Entity::find().filter(membership(scope));
    if let Some(k) = q
        .keyword
        .as_deref()
        .map(str::trim)
        .filter(|k| !k.is_empty())
    {
        select = select.filter(
            Condition::any()
                .add(kernel::search::contains(work_order::Column::Number, k))
                .add(kernel::search::contains(work_order::Column::Title, k)),
        );
    }
    if q.unread.unwrap_or(false) {
        let unread = work_order_log::Entity::find()
            .select_only()
            .column(work_order_log::Column::OrderId)
            .filter(unread_notes(scope))
            .into_query();
        select = select.filter(work_order::Column::Id.in_subquery(unread));
    }
    let found: PageResult<(i64, String, String, i16)> = paging::fetch_tuples(
        db,
        select
            .select_only()
            .column(work_order::Column::Id)
            .column(work_order::Column::Number)
            .column(work_order::Column::Title)
            .column(work_order::Column::State)
            .order_by_desc(work_order::Column::DiscussedAt)
            .order_by_desc(work_order::Column::Id),
        q.page,
    )
    .await?;
    let ids: Vec<i64> = found.list.iter().map(|r| r.0).collect();
    let of_page = || work_order_log::Column::OrderId.is_in(ids.iter().copied());
    let notes = count_notes(
        db,
        Condition::all()
            .add(work_order_log::Column::Kind.eq(LOG_NOTE))
            .add(of_page()),
    )
    .await?;
    let unread = count_notes(db, unread_notes(scope).add(of_page())).await?;
    let muted = muted_orders(db, scope.user.id).await?;
    let last_ids = notes.values().map(|n| n.1).filter(|i| *i > 0);
    let lasts: BTreeMap<i64, work_order_log::Model> = work_order_log::Entity::find()
        .filter(work_order_log::Column::Id.is_in(last_ids))
        .all(db)
        .await?
        .into_iter()
        .map(|l| (l.order_id, l))
        .collect();
    let names = user_names(db, lasts.values().map(|l| l.user_id)).await?;
    Ok(PageResult {
        list: found
            .list
            .into_iter()
            .map(|(id, number, title, state)| DiscussionRow {
                order_id: id,
                number,
                title,
                state,
                last_message: lasts.get(&id).map(|l| LastMessage {
                    id: l.id,
                    author_name: names.get(&l.user_id).cloned().unwrap_or_default(),
                    content: l.content.clone(),
                    at: l.created_at,
                }),
                messages: notes.get(&id).map_or(0, |n| n.0),
                unread: unread.get(&id).map_or(0, |u| u.0),
                muted: muted.contains(&id),
            })
            .collect(),
        total: found.total,
        page: found.page,
        page_size: found.page_size,
    })
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MessageQuery {
    #[serde(alias = "order_id", alias = "workId", alias = "id")]
    pub order_id: i64,
    /// Notes older than this one.
    #[serde(default, alias = "before_id")]
    pub before_id: Option<i64>,
    /// At most 100 (default 30).
    #[serde(default)]
    pub limit: Option<u64>,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Message {
    pub id: i64,
    pub author_id: i64,
    pub author_name: String,
    pub content: String,
    pub images: Vec<String>,
    pub mentions: Vec<i64>,
    pub at: DateTime<Utc>,
    /// Written by the caller.
    pub mine: bool,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MessagePage {
    /// Oldest first.
    pub list: Vec<Message>,
    /// Older notes exist.
    pub has_more: bool,
    /// `/df/<token>`: this discussion read-only for whoever holds the link (7 days).
    pub share_url: String,
}

fn mentions_of(data: &str) -> Vec<i64> {
    serde_json::from_str::<Value>(data)
        .ok()
        .and_then(|d| d.get("mentions").cloned())
        .and_then(|m| serde_json::from_value(m).ok())
        .unwrap_or_default()
}

/// A note as a message for `me`.
pub fn message(row: &LogRow, me: i64) -> Message {
    Message {
        id: row.id,
        author_id: row.user_id,
        author_name: row.user_name.clone(),
        content: row.content.clone(),
        images: row.images.clone(),
        mentions: row
            .data
            .get("mentions")
            .and_then(|m| serde_json::from_value(m.clone()).ok())
            .unwrap_or_default(),
        at: row.created_at,
        mine: row.user_id == me,
    }
}

/// The newest `limit` notes before `beforeId`, oldest first; marks them read for the caller.
pub async fn messages(
    db: &DatabaseConnection,
    scope: &Scope,
    tokens: &Tokens,
    q: MessageQuery,
) -> Result<MessagePage, AppError> {
    let limit = q.limit.unwrap_or(DEFAULT_LIMIT);
    if !(1..=MAX_LIMIT).contains(&limit) {
        return Err(AppError::field(
            "limit",
            text!(
                "limit 须在 1 到 {} 之间",
                "limit must be between 1 and {}",
                MAX_LIMIT
            ),
        ));
    }
    let order = find(db, scope, q.order_id).await?;
    let mut select = work_order_log::Entity::find()
        .filter(work_order_log::Column::OrderId.eq(order.id))
        .filter(work_order_log::Column::Kind.eq(LOG_NOTE))
        .order_by_desc(work_order_log::Column::Id)
        .limit(limit + 1);
    if let Some(b) = q.before_id {
        select = select.filter(work_order_log::Column::Id.lt(b));
    }
    let mut notes = select.all(db).await?;
    let has_more = notes.len() as u64 > limit;
    notes.truncate(usize::try_from(limit).unwrap_or(usize::MAX));
    notes.reverse();
    let names = user_names(db, notes.iter().map(|l| l.user_id)).await?;
    let me = scope.user.id;
    if let Some(newest) = notes.last().map(|n| n.id) {
        mark(db, order.id, me, Some(newest), None).await?;
    }
    let (token, _) = tokens.sign_link(SHARE_PURPOSE, order.id, SHARE_TTL_SECS);
    Ok(MessagePage {
        list: notes
            .into_iter()
            .map(|l| Message {
                author_name: names.get(&l.user_id).cloned().unwrap_or_default(),
                images: json_list(&l.images),
                mentions: mentions_of(&l.data),
                mine: l.user_id == me,
                id: l.id,
                author_id: l.user_id,
                content: l.content,
                at: l.created_at,
            })
            .collect(),
        has_more,
        share_url: format!("/df/{token}"),
    })
}

/// Moves the caller's read mark forward to `read` and/or sets the mute.
async fn mark(
    db: &impl ConnectionTrait,
    order: i64,
    user: i64,
    read: Option<i64>,
    muted: Option<bool>,
) -> Result<(), AppError> {
    let now = Utc::now();
    let row = work_discussion_mark::ActiveModel {
        order_id: Set(order),
        user_id: Set(user),
        last_read_id: Set(read.unwrap_or(0)),
        muted: Set(muted.unwrap_or(false)),
        updated_at: Set(now),
        ..Default::default()
    };
    let mut update = vec![work_discussion_mark::Column::UpdatedAt];
    if muted.is_some() {
        update.push(work_discussion_mark::Column::Muted);
    }
    let mut conflict = OnConflict::columns([
        work_discussion_mark::Column::UserId,
        work_discussion_mark::Column::OrderId,
    ]);
    conflict.update_columns(update);
    if read.is_some() {
        // Never backwards: reading older pages keeps the newest mark.
        conflict.value(
            work_discussion_mark::Column::LastReadId,
            Expr::cust(
                "CASE WHEN excluded.last_read_id > work_discussion_marks.last_read_id \
                 THEN excluded.last_read_id ELSE work_discussion_marks.last_read_id END",
            ),
        );
    }
    work_discussion_mark::Entity::insert(row)
        .on_conflict(conflict)
        .exec_without_returning(db)
        .await?;
    Ok(())
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UnreadOf {
    pub order_id: i64,
    pub unread: u64,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MessageCount {
    /// Unread notes over every discussion not muted.
    pub unread: u64,
    pub discussions: Vec<UnreadOf>,
}

/// The caller's unread notes per discussion (muted ones left out).
pub async fn count(db: &DatabaseConnection, scope: &Scope) -> Result<MessageCount, AppError> {
    let unread = count_notes(
        db,
        unread_notes(scope).add(work_order_log::Column::OrderId.in_subquery(member_ids(scope))),
    )
    .await?;
    let muted = muted_orders(db, scope.user.id).await?;
    let discussions: Vec<UnreadOf> = unread
        .into_iter()
        .filter(|(o, _)| !muted.contains(o))
        .map(|(order_id, (n, ..))| UnreadOf {
            order_id,
            unread: n,
        })
        .collect();
    Ok(MessageCount {
        unread: discussions.iter().map(|d| d.unread).sum(),
        discussions,
    })
}

#[derive(Debug, Deserialize, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Shield {
    #[serde(alias = "order_id", alias = "workId", alias = "id")]
    pub order_id: i64,
    pub muted: bool,
}

/// Mutes or unmutes an order's discussion for the caller.
pub async fn shield(db: &DatabaseConnection, scope: &Scope, s: Shield) -> Result<Shield, AppError> {
    let order = find(db, scope, s.order_id).await?;
    mark(db, order.id, scope.user.id, None, Some(s.muted)).await?;
    Ok(Shield {
        order_id: order.id,
        muted: s.muted,
    })
}

/// A note as the holder of a discussion link sees it: no ids of people.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SharedMessage {
    pub id: i64,
    pub author_name: String,
    pub content: String,
    pub images: Vec<String>,
    pub at: DateTime<Utc>,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SharedDiscussion {
    pub number: String,
    pub title: String,
    pub state: i16,
    /// Oldest first (the newest 200).
    pub messages: Vec<SharedMessage>,
}

/// The discussion a link names, read-only; a forged, expired or foreign link is code 7.
pub async fn shared(
    db: &DatabaseConnection,
    tokens: &Tokens,
    token: &str,
) -> Result<SharedDiscussion, AppError> {
    let id = tokens
        .verify_link(SHARE_PURPOSE, token.trim())
        .map_err(|r| match r {
            LinkRefusal::Expired => {
                AppError::fail(text!("讨论链接已过期", "The discussion link has expired"))
            }
            LinkRefusal::Invalid => {
                AppError::fail(text!("讨论链接无效", "The discussion link is not valid"))
            }
        })?;
    let order = work_order::Entity::find_by_id(id)
        .one(db)
        .await?
        .ok_or_else(|| AppError::fail(text!("讨论链接无效", "The discussion link is not valid")))?;
    let mut notes = work_order_log::Entity::find()
        .filter(work_order_log::Column::OrderId.eq(order.id))
        .filter(work_order_log::Column::Kind.eq(LOG_NOTE))
        .order_by_desc(work_order_log::Column::Id)
        .limit(200)
        .all(db)
        .await?;
    notes.reverse();
    let names = user_names(db, notes.iter().map(|l| l.user_id)).await?;
    Ok(SharedDiscussion {
        number: order.number,
        title: order.title,
        state: order.state,
        messages: notes
            .into_iter()
            .map(|l| SharedMessage {
                author_name: names.get(&l.user_id).cloned().unwrap_or_default(),
                images: json_list(&l.images),
                id: l.id,
                content: l.content,
                at: l.created_at,
            })
            .collect(),
    })
}

/// Pushes a new note to the connected members (and those it mentions) but its author.
pub async fn announce_note(
    db: &impl ConnectionTrait,
    live: &LiveHub,
    order: &work_order::Model,
    row: &LogRow,
) -> Result<(), AppError> {
    let mut to = members(db, order).await?;
    to.extend(
        row.data
            .get("mentions")
            .and_then(|m| serde_json::from_value::<Vec<i64>>(m.clone()).ok())
            .unwrap_or_default(),
    );
    for user in to.into_iter().filter(|u| *u != row.user_id) {
        let data = json!({"orderId": order.id, "message": message(row, user)});
        live.publish_work_to(EventKind::WorkMessage, user, order.enterprise_id, &data);
    }
    Ok(())
}

/// Pushes an order's new state to its connected members.
pub async fn announce_state(
    db: &impl ConnectionTrait,
    live: &LiveHub,
    order: &work_order::Model,
) -> Result<(), AppError> {
    let data = json!({"orderId": order.id, "state": order.state});
    for user in members(db, order).await? {
        live.publish_work_to(EventKind::WorkOrder, user, order.enterprise_id, &data);
    }
    Ok(())
}
