//! The message log: what was pushed to each member (alarms and platform notices), read and
//! masked state, and mutes. Members act on their own messages; administrators also read the
//! enterprise's whole log and push alarms or notices by hand.

use std::collections::{BTreeSet, HashMap};
use std::fmt::Write as _;

use chrono::{DateTime, Utc};
use entities::{push_message, push_mute, sys_user_authority, vehicle, vehicle_alarm};
use sea_orm::sea_query::{Expr, OnConflict};
use sea_orm::{
    ColumnTrait, Condition, ConnectionTrait, DatabaseConnection, DbErr, EntityTrait,
    PaginatorTrait, QueryFilter, QueryOrder, QuerySelect, Set,
};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::{CHANNEL_CONSOLE, check_members, manages};
use crate::live::hub::LiveHub;
use crate::scope::Scope;
use crate::vehicle::alarms::{AlarmEvent, kind};
use crate::vehicle::records::parse_layout;
use crate::vehicle::wheels;
use kernel::db::write_txn;
use kernel::error::AppError;
use kernel::i18n::Lang;
use kernel::paging::PageQuery;
use kernel::text;
use kernel::validate::{limited, required};

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = PushMessage)]
pub struct Message {
    pub id: i64,
    pub rule_id: Option<i64>,
    pub alarm_id: Option<i64>,
    pub user_id: i64,
    pub vehicle_id: Option<i64>,
    pub plate: Option<String>,
    pub kind: Option<i16>,
    pub level: Option<i16>,
    pub title: String,
    pub content: String,
    pub channel: String,
    /// A platform notice (no vehicle, no alarm).
    pub system: bool,
    pub read: bool,
    pub masked: bool,
    pub created_at: DateTime<Utc>,
    pub read_at: Option<DateTime<Utc>>,
}

pub(crate) fn message(m: push_message::Model, plate: Option<String>) -> Message {
    Message {
        id: m.id,
        rule_id: m.rule_id,
        alarm_id: m.alarm_id,
        user_id: m.user_id,
        vehicle_id: m.vehicle_id,
        plate,
        kind: m.kind,
        level: m.level,
        title: m.title,
        content: m.content,
        channel: m.channel,
        system: m.vehicle_id.is_none() && m.alarm_id.is_none(),
        read: m.read_at.is_some(),
        masked: m.masked,
        created_at: m.created_at,
        read_at: m.read_at,
    }
}

async fn messages(
    db: &impl ConnectionTrait,
    rows: Vec<push_message::Model>,
) -> Result<Vec<Message>, AppError> {
    let plates =
        crate::vehicle::history::plates(db, rows.iter().filter_map(|m| m.vehicle_id)).await?;
    Ok(rows
        .into_iter()
        .map(|m| {
            let plate = m.vehicle_id.and_then(|v| plates.get(&v).cloned());
            message(m, plate)
        })
        .collect())
}

/// The kind's name as messages are titled (the console shows its own label by `kind`).
fn kind_name(k: i16) -> &'static str {
    match k {
        kind::HIGH_PRESSURE => "高压",
        kind::LOW_PRESSURE => "低压",
        kind::HIGH_TEMP => "高温",
        kind::FAST_LEAK => "快速漏气",
        kind::SLOW_LEAK => "慢速漏气",
        kind::AXLE_HIGH_TEMP => "轮端高温",
        kind::AXLE_TEMP_DIFFERENCE => "同轴温差",
        kind::SENSOR_LOST => "传感器失联",
        kind::SENSOR_LOW_BATTERY => "传感器低电量",
        kind::REPEATER_FAULT => "中继故障",
        kind::DEVICE_OFFLINE => "设备离线",
        kind::SPRAY_SWITCH => "喷淋开启",
        kind::SPRAY_FAULT => "喷淋故障",
        kind::OFF_ROUTE => "偏离线路",
        kind::GEOFENCE => "电子围栏",
        _ => "电源",
    }
}

/// Title and content of an alarm's message; the wheel is named from the vehicle's wheels per
/// axle ("第2轴右外").
pub fn alarm_text(a: &AlarmEvent, wheels_per_axle: Option<&[u8]>) -> (String, String) {
    let level = if a.level >= 2 { "严重" } else { "预警" };
    let title = format!("{} {}{}", a.plate, kind_name(a.kind), level);
    let mut content = format!("{} {}", a.plate, kind_name(a.kind));
    if let Some(wheel) = wheels::alarm_position_name(a.kind, a.position, wheels_per_axle, Lang::Zh)
    {
        let _ = write!(content, "，{wheel}");
    }
    if let Some(v) = a.value {
        let _ = write!(content, "，读数 {v:.1}");
    }
    if let Some(t) = a.threshold {
        let _ = write!(content, "，阈值 {t:.1}");
    }
    (title, content)
}

/// A message to write.
pub struct Outgoing {
    pub enterprise_id: i64,
    pub user_id: i64,
    pub rule_id: Option<i64>,
    pub alarm: Option<(i64, i64, i16, i16)>,
    pub title: String,
    pub content: String,
}

/// Writes messages (an alarm reaches a member once: a second one is skipped) and sends each
/// written one to its member's websocket connections; answers how many were written.
pub async fn deliver(
    db: &DatabaseConnection,
    live: &LiveHub,
    outgoing: Vec<Outgoing>,
    plate: Option<&str>,
) -> Result<u64, AppError> {
    let now = Utc::now();
    let mut written = Vec::new();
    for o in outgoing {
        let (alarm_id, vehicle_id, kind, level) = match o.alarm {
            Some((a, v, k, l)) => (Some(a), Some(v), Some(k), Some(l)),
            None => (None, None, None, None),
        };
        let row = push_message::ActiveModel {
            enterprise_id: Set(o.enterprise_id),
            user_id: Set(o.user_id),
            rule_id: Set(o.rule_id),
            alarm_id: Set(alarm_id),
            vehicle_id: Set(vehicle_id),
            kind: Set(kind),
            level: Set(level),
            title: Set(o.title),
            content: Set(o.content),
            channel: Set(CHANNEL_CONSOLE.to_owned()),
            masked: Set(false),
            read_at: Set(None),
            created_at: Set(now),
            ..Default::default()
        };
        let inserted = push_message::Entity::insert(row)
            .on_conflict(
                OnConflict::columns([push_message::Column::AlarmId, push_message::Column::UserId])
                    .do_nothing()
                    .to_owned(),
            )
            .exec(db)
            .await;
        match inserted {
            Ok(r) => written.push(r.last_insert_id),
            Err(DbErr::RecordNotInserted) => {}
            Err(e) => return Err(e.into()),
        }
    }
    let count = written.len() as u64;
    for m in push_message::Entity::find()
        .filter(push_message::Column::Id.is_in(written))
        .all(db)
        .await?
    {
        let (user, ent, vehicle) = (m.user_id, m.enterprise_id, m.vehicle_id.unwrap_or(0));
        let data = message(m, plate.map(str::to_owned));
        live.publish_to(user, ent, vehicle, &data);
    }
    Ok(count)
}

/// Filters and action of the push log.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LogQuery {
    /// true (default): the caller's messages; false: the enterprise's whole log
    /// (administrators).
    #[serde(default)]
    pub mine: Option<bool>,
    #[serde(default)]
    pub read: Option<bool>,
    #[serde(default)]
    pub masked: Option<bool>,
    #[serde(default)]
    pub system: Option<bool>,
    #[serde(default)]
    pub kind: Option<i16>,
    #[serde(default)]
    pub vehicle_id: Option<i64>,
    /// Created at or after, ms.
    #[serde(default)]
    pub from: Option<i64>,
    /// Created before, ms.
    #[serde(default)]
    pub to: Option<i64>,
    /// read, unread, delete, mask (mute the vehicle's alarm kind), unmask.
    #[serde(default)]
    pub action: Option<LogAction>,
    /// The caller's messages to act on (`read` without ids: all of them).
    #[serde(default)]
    pub ids: Option<Vec<i64>>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum LogAction {
    Read,
    Unread,
    Delete,
    Mask,
    Unmask,
}

/// A page of messages with the caller's unread count.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LogPage {
    pub list: Vec<Message>,
    pub total: u64,
    pub page: u64,
    pub page_size: u64,
    /// The caller's unread messages in the enterprises they act for.
    pub unread: u64,
}

fn at_ms(field: &str, ms: i64) -> Result<DateTime<Utc>, AppError> {
    DateTime::from_timestamp_millis(ms).ok_or_else(|| {
        AppError::field(
            field,
            text!(
                "{} 不是有效的时间：{}",
                "{} is not a valid time: {}",
                field,
                ms
            ),
        )
    })
}

/// The caller's messages in the enterprises they see.
fn mine(scope: &Scope) -> Condition {
    Condition::all()
        .add(push_message::Column::UserId.eq(scope.user.id))
        .add(scope.filter(push_message::Column::EnterpriseId))
}

pub async fn unread(db: &impl ConnectionTrait, scope: &Scope) -> Result<u64, AppError> {
    Ok(push_message::Entity::find()
        .filter(mine(scope))
        .filter(push_message::Column::ReadAt.is_null())
        .count(db)
        .await?)
}

/// Messages, newest first.
pub async fn log(
    db: &DatabaseConnection,
    scope: &Scope,
    q: &LogQuery,
    page: PageQuery,
) -> Result<LogPage, AppError> {
    let mut cond = if q.mine.unwrap_or(true) {
        mine(scope)
    } else {
        if !manages(scope) {
            return Err(AppError::fail(text!(
                "只有企业管理员可以查看全部推送记录",
                "Only enterprise administrators read the whole push log"
            )));
        }
        Condition::all().add(push_message::Column::EnterpriseId.eq(scope.acting(None)?))
    };
    if let Some(r) = q.read {
        cond = cond.add(if r {
            push_message::Column::ReadAt.is_not_null()
        } else {
            push_message::Column::ReadAt.is_null()
        });
    }
    if let Some(m) = q.masked {
        cond = cond.add(push_message::Column::Masked.eq(m));
    }
    if let Some(s) = q.system {
        cond = cond.add(if s {
            push_message::Column::AlarmId.is_null()
        } else {
            push_message::Column::AlarmId.is_not_null()
        });
    }
    if let Some(k) = q.kind.filter(|k| *k != 0) {
        cond = cond.add(push_message::Column::Kind.eq(k));
    }
    if let Some(v) = q.vehicle_id.filter(|v| *v != 0) {
        cond = cond.add(push_message::Column::VehicleId.eq(v));
    }
    if let Some(f) = q.from {
        cond = cond.add(push_message::Column::CreatedAt.gte(at_ms("from", f)?));
    }
    if let Some(t) = q.to {
        cond = cond.add(push_message::Column::CreatedAt.lt(at_ms("to", t)?));
    }
    let select = push_message::Entity::find()
        .filter(cond)
        .order_by_desc(push_message::Column::Id);
    let page = kernel::paging::fetch(db, select, page, |m| m).await?;
    Ok(LogPage {
        list: messages(db, page.list).await?,
        total: page.total,
        page: page.page,
        page_size: page.page_size,
        unread: unread(db, scope).await?,
    })
}

/// Marks, deletes, masks or unmasks the caller's own messages: all named or none.
pub async fn act(
    db: &DatabaseConnection,
    scope: &Scope,
    action: LogAction,
    ids: Option<&[i64]>,
) -> Result<u64, AppError> {
    if scope.read_only() {
        return Err(AppError::fail(text!(
            "只读授权不能修改",
            "A read-only trusteeship cannot change data"
        )));
    }
    let txn = write_txn(db).await?;
    let targets = match ids {
        None if action == LogAction::Read => {
            push_message::Entity::find()
                .filter(mine(scope))
                .filter(push_message::Column::ReadAt.is_null())
                .all(&txn)
                .await?
        }
        None | Some([]) => {
            return Err(AppError::fail(text!(
                "ids 不能为空",
                "ids must not be empty"
            )));
        }
        Some(ids) => {
            let wanted: BTreeSet<i64> = ids.iter().copied().collect();
            let found = push_message::Entity::find()
                .filter(mine(scope))
                .filter(push_message::Column::Id.is_in(wanted.iter().copied()))
                .all(&txn)
                .await?;
            if let Some(missing) = wanted.iter().find(|id| !found.iter().any(|m| m.id == **id)) {
                return Err(AppError::fail(text!(
                    "消息 {} 不存在",
                    "No message {}",
                    missing
                )));
            }
            found
        }
    };
    let ids: Vec<i64> = targets.iter().map(|m| m.id).collect();
    let now = Utc::now();
    let affected = match action {
        LogAction::Read | LogAction::Unread => {
            let value = (action == LogAction::Read).then_some(now);
            push_message::Entity::update_many()
                .col_expr(push_message::Column::ReadAt, Expr::value(value))
                .filter(push_message::Column::Id.is_in(ids))
                .exec(&txn)
                .await?
                .rows_affected
        }
        LogAction::Delete => {
            push_message::Entity::delete_many()
                .filter(push_message::Column::Id.is_in(ids))
                .exec(&txn)
                .await?
                .rows_affected
        }
        LogAction::Mask | LogAction::Unmask => {
            let masking = action == LogAction::Mask;
            let mut pairs = BTreeSet::new();
            for m in &targets {
                let (Some(v), Some(k)) = (m.vehicle_id, m.kind) else {
                    return Err(AppError::fail(text!(
                        "消息 {} 不是车辆告警，不能屏蔽",
                        "Message {} is no vehicle alarm and cannot be masked",
                        m.id
                    )));
                };
                pairs.insert((v, k, m.enterprise_id));
            }
            let mut affected = 0;
            for (v, k, ent) in pairs {
                if masking {
                    push_mute::Entity::insert(push_mute::ActiveModel {
                        user_id: Set(scope.user.id),
                        vehicle_id: Set(v),
                        kind: Set(k),
                        enterprise_id: Set(ent),
                        created_at: Set(now),
                    })
                    .on_conflict(
                        OnConflict::columns([
                            push_mute::Column::UserId,
                            push_mute::Column::VehicleId,
                            push_mute::Column::Kind,
                        ])
                        .do_nothing()
                        .to_owned(),
                    )
                    .exec_without_returning(&txn)
                    .await?;
                } else {
                    push_mute::Entity::delete_many()
                        .filter(push_mute::Column::UserId.eq(scope.user.id))
                        .filter(push_mute::Column::VehicleId.eq(v))
                        .filter(push_mute::Column::Kind.eq(k))
                        .exec(&txn)
                        .await?;
                }
                // Every message of that vehicle and kind shows in (or leaves) the masked list.
                affected += push_message::Entity::update_many()
                    .col_expr(push_message::Column::Masked, Expr::value(masking))
                    .filter(push_message::Column::UserId.eq(scope.user.id))
                    .filter(push_message::Column::VehicleId.eq(v))
                    .filter(push_message::Column::Kind.eq(k))
                    .exec(&txn)
                    .await?
                    .rows_affected;
            }
            affected
        }
    };
    txn.commit().await?;
    Ok(affected)
}

/// The members among `users` who muted this vehicle's alarm kind.
pub async fn muted(
    db: &impl ConnectionTrait,
    vehicle_id: i64,
    kind: i16,
    users: &[i64],
) -> Result<BTreeSet<i64>, AppError> {
    Ok(push_mute::Entity::find()
        .select_only()
        .column(push_mute::Column::UserId)
        .filter(push_mute::Column::VehicleId.eq(vehicle_id))
        .filter(push_mute::Column::Kind.eq(kind))
        .filter(push_mute::Column::UserId.is_in(users.to_vec()))
        .into_tuple::<i64>()
        .all(db)
        .await?
        .into_iter()
        .collect())
}

/// What to push by hand.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PushEvent {
    /// An alarm of the enterprise's vehicles to push now.
    #[serde(default)]
    pub alarm_id: Option<i64>,
    /// An ad-hoc notice (with `content`) instead of an alarm.
    #[serde(default)]
    pub title: Option<String>,
    #[serde(default)]
    pub content: Option<String>,
    /// Members to notify (default: an alarm's rules' members, a notice's whole enterprise).
    #[serde(default)]
    pub member_ids: Option<Vec<i64>>,
}

/// Pushes an alarm or a notice now; answers how many messages were delivered (an alarm
/// reaches a member once).
pub async fn push_event(
    db: &DatabaseConnection,
    live: &LiveHub,
    scope: &Scope,
    req: &PushEvent,
) -> Result<u64, AppError> {
    super::require_manager(scope)?;
    let (ent, alarm, title, content) = match (req.alarm_id, &req.title) {
        (Some(id), _) => {
            let a = vehicle_alarm::Entity::find_by_id(id)
                .filter(scope.filter(vehicle_alarm::Column::EnterpriseId))
                .one(db)
                .await?
                .ok_or_else(|| AppError::fail(text!("告警 {} 不存在", "No alarm {}", id)))?;
            let car = vehicle::Entity::find_by_id(a.vehicle_id).one(db).await?;
            let wheels_per_axle = car.as_ref().and_then(|v| parse_layout(&v.axle_layout).ok());
            let event = AlarmEvent::new(
                &a,
                car.map(|v| v.plate).unwrap_or_default(),
                wheels_per_axle.clone().unwrap_or_default(),
            );
            let (title, content) = alarm_text(&event, wheels_per_axle.as_deref());
            (a.enterprise_id, Some(event), title, content)
        }
        (None, Some(title)) => {
            let title = required("title", title, 128)?;
            let content = required("content", req.content.as_deref().unwrap_or_default(), 2000)?;
            (scope.acting(None)?, None, title, content)
        }
        (None, None) => {
            return Err(AppError::fail(text!(
                "需要 alarmId，或 title 和 content",
                "Give an alarmId, or a title and content"
            )));
        }
    };
    let (users, rule_of) = match (&req.member_ids, &alarm) {
        (Some(ids), _) => (
            check_members(db, "memberIds", ent, ids).await?,
            HashMap::new(),
        ),
        (None, Some(a)) => {
            let mut rule_of = HashMap::new();
            for m in super::rules::matchers(db, ent).await? {
                if super::dispatcher::matches(db, &m, a).await? {
                    for u in &m.members {
                        rule_of.entry(*u).or_insert(m.id);
                    }
                }
            }
            let users = super::members_of(db, ent, rule_of.keys().copied()).await?;
            (users.into_iter().collect(), rule_of)
        }
        (None, None) => (
            sys_user_authority::Entity::find()
                .select_only()
                .column(sys_user_authority::Column::UserId)
                .filter(sys_user_authority::Column::EnterpriseId.eq(ent))
                .distinct()
                .into_tuple::<i64>()
                .all(db)
                .await?,
            HashMap::new(),
        ),
    };
    let content = limited("content", &content, 2000)?;
    let outgoing = users
        .into_iter()
        .map(|u| Outgoing {
            enterprise_id: ent,
            user_id: u,
            rule_id: rule_of.get(&u).copied(),
            alarm: alarm
                .as_ref()
                .map(|a| (a.id, a.vehicle_id, a.kind, a.level)),
            title: title.clone(),
            content: content.clone(),
        })
        .collect();
    deliver(db, live, outgoing, alarm.as_ref().map(|a| a.plate.as_str())).await
}
