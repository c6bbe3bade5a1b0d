//! The operation log: what the recording middleware saw of each mutating call.

use std::collections::HashMap;

use chrono::{DateTime, Utc};
use entities::{sys_operation_record, sys_user};
use sea_orm::{ColumnTrait, DatabaseConnection, EntityTrait, QueryFilter, QueryOrder, Set};

use crate::error::AppError;
use crate::services::paging::{self, PageQuery, PageResult};
use crate::text;

/// Longest stored request or response text.
const MAX_TEXT: usize = 2048;
const SECRET_KEYS: &[&str] = &[
    "password",
    "newpassword",
    "secret",
    "token",
    "smscode",
    "captcha",
];

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

/// Masks secret fields of a JSON body (any depth) and truncates; non-JSON is only truncated.
pub fn mask_body(raw: &[u8]) -> String {
    match serde_json::from_slice::<serde_json::Value>(raw) {
        Ok(mut value) => {
            mask(&mut value);
            truncate(value.to_string())
        }
        Err(_) => truncate(String::from_utf8_lossy(raw).into_owned()),
    }
}

fn mask(value: &mut serde_json::Value) {
    match value {
        serde_json::Value::Object(map) => {
            for (key, v) in map.iter_mut() {
                let key = key.to_ascii_lowercase().replace(['_', '-'], "");
                if SECRET_KEYS.iter().any(|s| key.contains(s)) {
                    *v = serde_json::Value::String("******".into());
                } else {
                    mask(v);
                }
            }
        }
        serde_json::Value::Array(items) => items.iter_mut().for_each(mask),
        _ => {}
    }
}

pub fn truncate(mut text: String) -> String {
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
        q = q.filter(C::Path.contains(path));
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
    let ids: Vec<i64> = page.list.iter().filter_map(|r| r.user_id).collect();
    let users: HashMap<i64, UserBrief> = if ids.is_empty() {
        HashMap::new()
    } else {
        sys_user::Entity::find()
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
            .collect()
    };
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

/// Deletes the records with these ids; answers how many existed.
pub async fn delete_by_ids(db: &DatabaseConnection, ids: &[i64]) -> Result<u64, AppError> {
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

#[cfg(test)]
mod tests {
    use super::mask_body;

    #[test]
    fn masks_secrets_at_any_depth() {
        let masked = mask_body(
            br#"{"username":"a","password":"p","nested":{"newPassword":"q","sms_code":"1"}}"#,
        );
        assert!(
            !masked.contains("\"p\"") && !masked.contains("\"q\"") && !masked.contains("\"1\""),
            "{masked}"
        );
        assert!(masked.contains("\"username\":\"a\""));
    }
}
