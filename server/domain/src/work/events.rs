//! Work events: what the work area did by itself (plan runs, orders opened by plans and by
//! alarms, alarms attached to open orders, orders gone overdue) and project changes. Written
//! inside the transaction of what they report; read by `event_list` and `project_log`.

use std::collections::BTreeMap;

use chrono::{DateTime, Utc};
use entities::{vehicle, work_event, work_order};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, Condition, ConnectionTrait, DatabaseConnection, EntityTrait,
    QueryFilter, QueryOrder, Set,
};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::scope::Scope;
use kernel::error::AppError;
use kernel::i18n::Text;
use kernel::paging::{self, PageQuery, PageResult};
use kernel::text;

/// Event kinds.
pub const PLAN_RUN: i16 = 1;
pub const PLAN_ORDER: i16 = 2;
pub const ALARM_ORDER: i16 = 3;
pub const ALARM_ATTACHED: i16 = 4;
pub const OVERDUE: i16 = 5;
pub const PROJECT_CHANGED: i16 = 6;

/// What an event is about; all but the enterprise optional.
#[derive(Debug, Default, Clone)]
pub(crate) struct Event {
    pub ent: i64,
    pub kind: i16,
    pub inform_id: Option<i64>,
    pub order_id: Option<i64>,
    pub vehicle_id: Option<i64>,
    pub alarm_id: Option<i64>,
    pub project_id: Option<i64>,
}

/// Writes an event (in the caller's transaction).
pub(crate) async fn record(
    txn: &impl ConnectionTrait,
    e: Event,
    what: Text,
    at: DateTime<Utc>,
) -> Result<(), AppError> {
    let cut = |s: &str| s.chars().take(255).collect::<String>();
    work_event::ActiveModel {
        enterprise_id: Set(e.ent),
        kind: Set(e.kind),
        inform_id: Set(e.inform_id),
        order_id: Set(e.order_id),
        vehicle_id: Set(e.vehicle_id),
        alarm_id: Set(e.alarm_id),
        project_id: Set(e.project_id),
        text_zh: Set(cut(&what.zh)),
        text_en: Set(cut(&what.en)),
        created_at: Set(at),
        ..Default::default()
    }
    .insert(txn)
    .await?;
    Ok(())
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EventRow {
    pub id: i64,
    /// 1 plan run, 2 order opened by a plan, 3 order opened by an alarm, 4 alarm attached to an
    /// open order, 5 order overdue, 6 project changed.
    pub kind: i16,
    pub inform_id: Option<i64>,
    pub order_id: Option<i64>,
    pub order_number: Option<String>,
    pub vehicle_id: Option<i64>,
    pub plate: Option<String>,
    pub alarm_id: Option<i64>,
    pub project_id: Option<i64>,
    /// In the request's language.
    pub text: String,
    pub at: DateTime<Utc>,
}

/// Rows of events with their orders' numbers and vehicles' plates.
pub(crate) async fn rows(
    db: &impl ConnectionTrait,
    events: Vec<work_event::Model>,
) -> Result<Vec<EventRow>, AppError> {
    let numbers: BTreeMap<i64, String> = work_order::Entity::find()
        .filter(work_order::Column::Id.is_in(events.iter().filter_map(|e| e.order_id)))
        .all(db)
        .await?
        .into_iter()
        .map(|o| (o.id, o.number))
        .collect();
    let plates: BTreeMap<i64, String> = vehicle::Entity::find()
        .filter(vehicle::Column::Id.is_in(events.iter().filter_map(|e| e.vehicle_id)))
        .all(db)
        .await?
        .into_iter()
        .map(|v| (v.id, v.plate))
        .collect();
    Ok(events
        .into_iter()
        .map(|e| EventRow {
            order_number: e.order_id.and_then(|o| numbers.get(&o).cloned()),
            plate: e.vehicle_id.and_then(|v| plates.get(&v).cloned()),
            text: Text::new(e.text_zh, e.text_en).current().to_owned(),
            id: e.id,
            kind: e.kind,
            inform_id: e.inform_id,
            order_id: e.order_id,
            vehicle_id: e.vehicle_id,
            alarm_id: e.alarm_id,
            project_id: e.project_id,
            at: e.created_at,
        })
        .collect())
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EventQuery {
    #[serde(flatten)]
    pub page: PageQuery,
    pub kind: Option<i16>,
    #[serde(default, alias = "inform_id")]
    pub inform_id: Option<i64>,
    #[serde(default, alias = "order_id")]
    pub order_id: Option<i64>,
    #[serde(default, alias = "vehicle_id", alias = "carId")]
    pub vehicle_id: Option<i64>,
    /// From this day (`YYYY-MM-DD`, UTC).
    pub from: Option<String>,
    /// Up to this day, included.
    pub to: Option<String>,
}

/// Events of the enterprises the scope sees, newest first.
pub async fn list(
    db: &DatabaseConnection,
    scope: &Scope,
    q: EventQuery,
) -> Result<PageResult<EventRow>, AppError> {
    let mut c = Condition::all().add(scope.filter(work_event::Column::EnterpriseId));
    if let Some(k) = q.kind {
        if !(PLAN_RUN..=PROJECT_CHANGED).contains(&k) {
            return Err(AppError::field(
                "kind",
                text!("未知事件类型 {}", "unknown event kind {}", k),
            ));
        }
        c = c.add(work_event::Column::Kind.eq(k));
    }
    if let Some(i) = q.inform_id {
        c = c.add(work_event::Column::InformId.eq(i));
    }
    if let Some(o) = q.order_id {
        c = c.add(work_event::Column::OrderId.eq(o));
    }
    if let Some(v) = q.vehicle_id {
        c = c.add(work_event::Column::VehicleId.eq(v));
    }
    if let Some(d) = super::orders::day("from", q.from.as_deref())? {
        c = c.add(
            work_event::Column::CreatedAt.gte(d.and_hms_opt(0, 0, 0).unwrap_or_default().and_utc()),
        );
    }
    if let Some(d) = super::orders::day("to", q.to.as_deref())? {
        let end = d.succ_opt().unwrap_or(d);
        c = c.add(
            work_event::Column::CreatedAt
                .lt(end.and_hms_opt(0, 0, 0).unwrap_or_default().and_utc()),
        );
    }
    let select = work_event::Entity::find()
        .filter(c)
        .order_by_desc(work_event::Column::CreatedAt)
        .order_by_desc(work_event::Column::Id);
    let found = paging::fetch(db, select, q.page, |m| m).await?;
    let list = rows(db, found.list).await?;
    Ok(PageResult {
        list,
        total: found.total,
        page: found.page,
        page_size: found.page_size,
    })
}
