//! The operation log: what the recording middleware saw of each mutating call.

use std::collections::HashMap;

use chrono::{DateTime, Utc};
use entities::{secrets, sys_operation_record, sys_user};
use sea_orm::{ColumnTrait, DatabaseConnection, EntityTrait, QueryFilter, QueryOrder, Set};

use crate::retention;
use kernel::error::AppError;
use kernel::ids::ROLE_SUPER_ADMIN;
use kernel::paging::{self, PageQuery, PageResult};
use kernel::text;

/// Longest stored request or response text.
const MAX_TEXT: usize = 2048;

pub struct Entry {
    /// When the call arrived (entries are stored in the background, not necessarily in order).
    pub at: chrono::DateTime<Utc>,
    pub user_id: Option<i64>,
    pub ip: String,
    pub method: String,
    pub path: String,
    pub status: u16,
    pub latency_ms: i64,
    pub agent: String,
    pub body: String,
    pub resp: String,
}

/// A request or response body as the log keeps it: secrets masked
/// ([`entities::secrets`]), then truncated.
pub fn mask_body(raw: &[u8]) -> String {
    truncate(secrets::mask(&String::from_utf8_lossy(raw)))
}

fn truncate(mut text: String) -> String {
    if text.len() > MAX_TEXT {
        let mut cut = MAX_TEXT;
        while !text.is_char_boundary(cut) {
            cut -= 1;
        }
        text.truncate(cut);
        text.push('…');
    }
    text
}

/// The envelope code of a JSON answer, if it has one.
pub fn envelope_code(resp: &str) -> Option<i32> {
    serde_json::from_str::<serde_json::Value>(resp)
        .ok()?
        .get("code")?
        .as_i64()
        .and_then(|c| i32::try_from(c).ok())
}

/// Stores an entry in the background: the call's answer does not wait for the log.
pub fn store(db: DatabaseConnection, entry: Entry) {
    tokio::spawn(async move {
        let row = sys_operation_record::ActiveModel {
            user_id: Set(entry.user_id),
            ip: Set(entry.ip),
            method: Set(entry.method),
            path: Set(entry.path),
            status: Set(i32::from(entry.status)),
            code: Set(envelope_code(&entry.resp)),
            latency_ms: Set(entry.latency_ms),
            agent: Set(truncate(entry.agent)),
            body: Set(entry.body),
            resp: Set(entry.resp),
            created_at: Set(entry.at),
            ..Default::default()
        };
        if let Err(err) = sys_operation_record::Entity::insert(row)
            .exec_without_returning(&db)
            .await
        {
            tracing::warn!(error = %err, "could not store an operation record");
        }
    });
}

/// Filters of the operation-record list; all optional.
#[derive(Debug, Default, Clone)]
pub struct RecordFilter {
    /// Exact HTTP method (any case).
    pub method: Option<String>,
    /// Part of the path.
    pub path: Option<String>,
    /// HTTP status written.
    pub status: Option<i32>,
    pub user_id: Option<i64>,
    /// Inclusive bounds on the time of the call.
    pub from: Option<DateTime<Utc>>,
    pub to: Option<DateTime<Utc>>,
}

/// The user a record names: id, sign-in name and display name.
#[derive(Debug, Clone)]
pub struct UserBrief {
    pub id: i64,
    pub username: String,
    pub nick_name: String,
}

/// The users with these ids that still exist, by id.
pub async fn briefs(
    db: &DatabaseConnection,
    ids: impl IntoIterator<Item = i64>,
) -> Result<HashMap<i64, UserBrief>, AppError> {
    let ids: Vec<i64> = ids.into_iter().collect();
    if ids.is_empty() {
        return Ok(HashMap::new());
    }
    Ok(sys_user::Entity::find()
        .filter(sys_user::Column::Id.is_in(ids))
        .all(db)
        .await?
        .into_iter()
        .map(|u| {
            (
                u.id,
                UserBrief {
                    id: u.id,
                    username: u.username,
                    nick_name: u.nick_name,
                },
            )
        })
        .collect())
}

/// One page of records, newest first, each with its user (when it still exists).
pub async fn list(
    db: &DatabaseConnection,
    filter: RecordFilter,
    page: PageQuery,
) -> Result<PageResult<(sys_operation_record::Model, Option<UserBrief>)>, AppError> {
    use sys_operation_record::Column as C;
    let mut q = sys_operation_record::Entity::find()
        .order_by_desc(C::CreatedAt)
        .order_by_desc(C::Id);
    if let Some(method) = filter
        .method
        .as_deref()
        .map(str::trim)
        .filter(|m| !m.is_empty())
    {
        q = q.filter(C::Method.eq(method.to_ascii_uppercase()));
    }
    if let Some(path) = filter
        .path
        .as_deref()
        .map(str::trim)
        .filter(|p| !p.is_empty())
    {
        q = q.filter(kernel::search::contains(C::Path, path));
    }
    if let Some(status) = filter.status {
        q = q.filter(C::Status.eq(status));
    }
    if let Some(user) = filter.user_id {
        q = q.filter(C::UserId.eq(user));
    }
    if let Some(from) = filter.from {
        q = q.filter(C::CreatedAt.gte(from));
    }
    if let Some(to) = filter.to {
        q = q.filter(C::CreatedAt.lte(to));
    }
    let page = paging::fetch(db, q, page, |r| r).await?;
    let users = briefs(db, page.list.iter().filter_map(|r| r.user_id)).await?;
    Ok(PageResult {
        list: page
            .list
            .into_iter()
            .map(|r| {
                let user = r.user_id.and_then(|id| users.get(&id).cloned());
                (r, user)
            })
            .collect(),
        total: page.total,
        page: page.page,
        page_size: page.page_size,
    })
}

/// Deletes the records with these ids; answers how many existed. The log is append-only for
/// everyone but the super admin (active role 888): whoever it records may not edit it, and
/// rows otherwise leave it only by retention ([`prune`]).
pub async fn delete_by_ids(
    db: &DatabaseConnection,
    authority_id: i64,
    ids: &[i64],
) -> Result<u64, AppError> {
    if authority_id != ROLE_SUPER_ADMIN {
        return Err(AppError::fail(text!(
            "操作记录只能由超级管理员删除",
            "Only the super admin may delete operation records"
        )));
    }
    if ids.is_empty() {
        return Err(AppError::fail(text!(
            "请选择要删除的记录（ids 为空）",
            "Choose the records to delete (ids is empty)"
        )));
    }
    let result = sys_operation_record::Entity::delete_many()
        .filter(sys_operation_record::Column::Id.is_in(ids.iter().copied()))
        .exec(db)
        .await?;
    Ok(result.rows_affected)
}

/// Deletes the records of calls made before `before` (retention); answers how many went.
///
/// # Errors
/// When the database fails.
pub async fn prune(db: &DatabaseConnection, before: DateTime<Utc>) -> Result<u64, AppError> {
    use sys_operation_record::{Column, Entity};
    retention::delete_before::<Entity>(db, Column::Id, Column::CreatedAt, before).await
}
