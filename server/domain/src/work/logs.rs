//! The timeline of a work order: state changes (written by the state machine), notes with
//! images, dispose (close-out) records checked against the order type's dispose form, and
//! changes of the order.

use chrono::{DateTime, Utc};
use entities::work_order_log;
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, DatabaseConnection, EntityTrait, QueryFilter,
    QueryOrder, Set,
};
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};
use utoipa::ToSchema;

use super::states::{self, LOG_CHANGE, LOG_DISPOSE, LOG_NOTE, LOG_STATE};
use super::{find, find_writable, is_admin, refuse_read_only, types};
use crate::live::hub::LiveHub;
use crate::scope::Scope;
use kernel::db::write_txn;
use kernel::error::AppError;
use kernel::i18n::Text;
use kernel::paging::{PageQuery, PageResult};
use kernel::text;
use kernel::validate::{json_list, limited, required, to_json};

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LogRow {
    pub id: i64,
    pub order_id: i64,
    /// 1 state change, 2 note, 3 dispose record, 4 change of the order.
    pub kind: i16,
    pub from_state: Option<i16>,
    pub to_state: Option<i16>,
    pub content: String,
    pub images: Vec<String>,
    /// A dispose record's form values.
    #[schema(value_type = Object)]
    pub data: Map<String, Value>,
    pub user_id: i64,
    pub user_name: String,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

/// A note (`save_log`), or a dispose record (`dispose_log`, with `data`).
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LogInput {
    #[serde(alias = "order_id", alias = "workId", alias = "id")]
    pub order_id: i64,
    #[serde(default, alias = "remark", alias = "text")]
    pub content: String,
    #[serde(default, alias = "imgs", alias = "pictures")]
    pub images: Vec<String>,
    /// Values of the order type's dispose form (dispose records).
    #[serde(default, alias = "fields")]
    #[schema(value_type = Option<Object>)]
    pub data: Option<Map<String, Value>>,
    /// Notes: users mentioned (members of an enterprise the scope sees).
    #[serde(default)]
    pub mentions: Vec<i64>,
}

/// A note's new text and images.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LogUpdate {
    #[serde(alias = "logId", alias = "log_id", alias = "ID")]
    pub id: i64,
    #[serde(default, alias = "remark", alias = "text")]
    pub content: String,
    #[serde(default, alias = "imgs", alias = "pictures")]
    pub images: Vec<String>,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LogListQuery {
    #[serde(alias = "order_id", alias = "workId", alias = "id")]
    pub order_id: i64,
    #[serde(flatten)]
    pub page: PageQuery,
    /// Only entries of this kind.
    pub kind: Option<i16>,
}

fn checked_images(images: &[String]) -> Result<Vec<String>, AppError> {
    if images.len() > 20 {
        return Err(AppError::field(
            "images",
            text!("images 最多 20 张", "images takes at most 20 images"),
        ));
    }
    images
        .iter()
        .enumerate()
        .map(|(i, u)| required(&format!("images[{i}]"), u, 512))
        .collect()
}

pub(crate) async fn to_rows(
    db: &impl ConnectionTrait,
    logs: Vec<work_order_log::Model>,
) -> Result<Vec<LogRow>, AppError> {
    let names = super::orders::user_names(db, logs.iter().map(|l| l.user_id)).await?;
    Ok(logs
        .into_iter()
        .map(|l| LogRow {
            user_name: names.get(&l.user_id).cloned().unwrap_or_default(),
            images: json_list(&l.images),
            data: serde_json::from_str(&l.data).unwrap_or_default(),
            id: l.id,
            order_id: l.order_id,
            kind: l.kind,
            from_state: l.from_state,
            to_state: l.to_state,
            content: l.content,
            user_id: l.user_id,
            created_at: l.created_at,
            updated_at: l.updated_at,
        })
        .collect())
}

/// Writes a "changed" entry on the timeline.
pub(crate) async fn log_change(
    txn: &impl ConnectionTrait,
    order_id: i64,
    user: i64,
    what: Text,
) -> Result<(), AppError> {
    insert(
        txn,
        order_id,
        LOG_CHANGE,
        what.current().to_owned(),
        &[],
        &Map::new(),
        user,
    )
    .await?;
    Ok(())
}

async fn insert(
    txn: &impl ConnectionTrait,
    order_id: i64,
    kind: i16,
    content: String,
    images: &[String],
    data: &Map<String, Value>,
    user: i64,
) -> Result<work_order_log::Model, AppError> {
    let now = Utc::now();
    Ok(work_order_log::ActiveModel {
        order_id: Set(order_id),
        kind: Set(kind),
        from_state: Set(None),
        to_state: Set(None),
        content: Set(content),
        images: Set(to_json(&images)),
        data: Set(to_json(data)),
        user_id: Set(user),
        created_at: Set(now),
        updated_at: Set(now),
        ..Default::default()
    }
    .insert(txn)
    .await?)
}

/// Adds a note to an order's timeline (its discussion) and pushes it to the connected members.
/// The first entry by someone else than the requester counts as the first response.
pub async fn note(
    db: &DatabaseConnection,
    scope: &Scope,
    live: &LiveHub,
    input: LogInput,
) -> Result<LogRow, AppError> {
    let content = required("content", &input.content, 5000)?;
    let images = checked_images(&input.images)?;
    let txn = write_txn(db).await?;
    let order = find_writable(&txn, scope, input.order_id).await?;
    let mut data = Map::new();
    if !input.mentions.is_empty() {
        let mentions =
            super::orders::checked_members(&txn, scope, "mentions", &input.mentions).await?;
        data.insert("mentions".to_owned(), Value::from(mentions));
    }
    let row = respond(
        &txn,
        scope,
        order.clone(),
        LOG_NOTE,
        content,
        &images,
        &data,
    )
    .await?;
    txn.commit().await?;
    super::discussions::announce_note(db, live, &order, &row).await?;
    Ok(row)
}

/// Writes the caller's note or dispose record on `order`; the first one by someone other than
/// the requester is the order's first response, and a note moves the discussion.
async fn respond(
    txn: &impl ConnectionTrait,
    scope: &Scope,
    order: entities::work_order::Model,
    kind: i16,
    content: String,
    images: &[String],
    data: &Map<String, Value>,
) -> Result<LogRow, AppError> {
    let log = insert(txn, order.id, kind, content, images, data, scope.user.id).await?;
    let first_response = order.first_response_at.is_none() && order.requester_id != scope.user.id;
    if first_response || kind == LOG_NOTE {
        let now = log.created_at;
        let opened = order.created_at;
        let mut row: entities::work_order::ActiveModel = order.into();
        if first_response {
            row.first_response_at = Set(Some(now));
            row.response_secs = Set(Some(super::seconds_since(opened, now)));
        }
        if kind == LOG_NOTE {
            row.discussed_at = Set(now);
        }
        row.update(txn).await?;
    }
    Ok(to_rows(txn, vec![log]).await?.remove(0))
}

/// Adds a dispose record: the order type's dispose form filled in, while the order is in
/// progress or resolved.
pub async fn dispose(
    db: &DatabaseConnection,
    scope: &Scope,
    input: LogInput,
) -> Result<LogRow, AppError> {
    let content = limited("content", &input.content, 5000)?;
    let images = checked_images(&input.images)?;
    let data = input.data.unwrap_or_default();
    let txn = write_txn(db).await?;
    let order = find_writable(&txn, scope, input.order_id).await?;
    if !matches!(order.state, states::IN_PROGRESS | states::RESOLVED) {
        let s = states::label(order.state);
        return Err(AppError::fail(Text::new(
            format!(
                "工单 {} 是{}，只有处理中或已解决的工单可以填写处理记录",
                order.number, s.zh
            ),
            format!(
                "Work order {} is {}; only orders in progress or resolved take dispose records",
                order.number, s.en
            ),
        )));
    }
    let t = types::usable(&txn, order.enterprise_id, order.type_id, "typeId").await?;
    types::check_values("data", &t.dispose, &data)?;
    let row = respond(&txn, scope, order, LOG_DISPOSE, content, &images, &data).await?;
    txn.commit().await?;
    Ok(row)
}

/// A note or dispose record of an order the scope may change, written by the caller (or any
/// as an administrator). State changes and change entries are history and stay.
async fn own_entry(
    txn: &impl ConnectionTrait,
    scope: &Scope,
    id: i64,
) -> Result<work_order_log::Model, AppError> {
    refuse_read_only(scope)?;
    let not_found = || AppError::fail(text!("记录 {} 不存在", "No log entry {}", id));
    let log = work_order_log::Entity::find_by_id(id)
        .one(txn)
        .await?
        .ok_or_else(not_found)?;
    let order = find_writable(txn, scope, log.order_id)
        .await
        .map_err(|_| not_found())?;
    if matches!(log.kind, LOG_STATE | LOG_CHANGE) {
        return Err(AppError::fail(text!(
            "状态变更记录 {} 不能修改或删除",
            "The history entry {} cannot be changed or deleted",
            id
        )));
    }
    if log.user_id != scope.user.id && !is_admin(scope, &order) {
        return Err(AppError::fail(text!(
            "只有作者或企业管理员可以修改记录 {}",
            "Only its author or an enterprise administrator may change log entry {}",
            id
        )));
    }
    Ok(log)
}

/// Changes the text and images of a note or dispose record.
pub async fn update(
    db: &DatabaseConnection,
    scope: &Scope,
    input: LogUpdate,
) -> Result<LogRow, AppError> {
    let content = required("content", &input.content, 5000)?;
    let images = checked_images(&input.images)?;
    let txn = write_txn(db).await?;
    let log = own_entry(&txn, scope, input.id).await?;
    let mut row: work_order_log::ActiveModel = log.into();
    row.content = Set(content);
    row.images = Set(to_json(&images));
    row.updated_at = Set(Utc::now());
    let saved = row.update(&txn).await?;
    let out = to_rows(&txn, vec![saved]).await?.remove(0);
    txn.commit().await?;
    Ok(out)
}

/// Deletes a note or dispose record.
pub async fn delete(db: &DatabaseConnection, scope: &Scope, id: i64) -> Result<(), AppError> {
    let txn = write_txn(db).await?;
    let log = own_entry(&txn, scope, id).await?;
    work_order_log::Entity::delete_by_id(log.id)
        .exec(&txn)
        .await?;
    txn.commit().await?;
    Ok(())
}

/// The timeline of an order the scope sees, oldest first.
pub async fn list(
    db: &DatabaseConnection,
    scope: &Scope,
    q: LogListQuery,
) -> Result<PageResult<LogRow>, AppError> {
    let order = find(db, scope, q.order_id).await?;
    let mut select = work_order_log::Entity::find()
        .filter(work_order_log::Column::OrderId.eq(order.id))
        .order_by_asc(work_order_log::Column::CreatedAt)
        .order_by_asc(work_order_log::Column::Id);
    if let Some(k) = q.kind {
        select = select.filter(work_order_log::Column::Kind.eq(k));
    }
    let found = kernel::paging::fetch(db, select, q.page, |m| m).await?;
    Ok(PageResult {
        list: to_rows(db, found.list).await?,
        total: found.total,
        page: found.page,
        page_size: found.page_size,
    })
}
