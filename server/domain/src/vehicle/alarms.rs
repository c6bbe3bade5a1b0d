//! Stateful vehicle alarms: active (0) → acknowledged (1) → cleared (2), at most one not yet
//! cleared per vehicle, wheel position (0 = the vehicle) and kind.
//!
//! Write path for ingestion (issue 6): [`raise`] opens an alarm or refreshes the open one
//! (value, last seen, level only ever rising), [`clear_condition`] closes it when the
//! condition is gone. People act through [`submit`]: the vehicle's own enterprises and
//! partners holding it under a confirmed maintenance-custody relation (type 2) may
//! acknowledge and clear; other covering relations (customer, cooperation) only read.
//! Every change keeps `vehicle_states.alarm / alarm_type / alarm_level` in step.

use chrono::{DateTime, Utc};
use entities::{relation, relation_vehicle, sys_user, vehicle, vehicle_alarm, vehicle_state};
use sea_orm::sea_query::{Expr, ExprTrait};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, Condition, ConnectionTrait, DatabaseConnection, EntityTrait,
    PaginatorTrait, QueryFilter, QueryOrder, QuerySelect, QueryTrait, Set,
};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::scope::{RELATION_CONFIRMED, Scope};
use kernel::changes::{Change, announce};
use kernel::error::AppError;
use kernel::paging::{self, PageQuery, PageResult};
use kernel::text;

/// Alarm kinds (`vehicle_alarms.kind`, `vehicle_states.alarm_type`).
pub mod kind {
    pub const HIGH_PRESSURE: i16 = 1;
    pub const LOW_PRESSURE: i16 = 2;
    pub const HIGH_TEMP: i16 = 3;
    pub const FAST_LEAK: i16 = 4;
    pub const SLOW_LEAK: i16 = 5;
    pub const AXLE_HIGH_TEMP: i16 = 6;
    pub const AXLE_TEMP_DIFFERENCE: i16 = 7;
    pub const SENSOR_LOST: i16 = 8;
    pub const SENSOR_LOW_BATTERY: i16 = 9;
    pub const REPEATER_FAULT: i16 = 10;
    pub const DEVICE_OFFLINE: i16 = 11;
    pub const SPRAY_SWITCH: i16 = 12;
    pub const SPRAY_FAULT: i16 = 13;
    pub const POWER: i16 = 14;
    /// Out of the corridor of its route (docs/tracks.md).
    pub const OFF_ROUTE: i16 = 15;
    /// A geofence's condition; the alarm's `position` holds the fence's id.
    pub const GEOFENCE: i16 = 16;
    pub const LAST: i16 = GEOFENCE;
}

pub const LEVEL_WARNING: i16 = 1;
pub const LEVEL_CRITICAL: i16 = 2;

pub const ACTIVE: i16 = 0;
pub const ACKNOWLEDGED: i16 = 1;
pub const CLEARED: i16 = 2;

/// Relation type whose grantee may handle the covered vehicles' alarms.
pub const MAINTENANCE_CUSTODY: i16 = 2;

/// A condition seen by ingestion.
#[derive(Debug, Clone)]
pub struct Raise {
    pub enterprise_id: i64,
    pub vehicle_id: i64,
    /// A wheel position, or 0 for the vehicle.
    pub position: i32,
    pub kind: i16,
    pub level: i16,
    pub value: Option<f64>,
    pub threshold: Option<f64>,
    pub at: DateTime<Utc>,
    /// False when the caller knows no such alarm is open (the ingestion writer remembers
    /// them): the alarm is inserted without looking first.
    pub maybe_open: bool,
}

/// Opens an alarm for the condition, or refreshes the one still open (value, threshold, last
/// seen; the level only rises), one statement either way. Returns the alarm and whether it is
/// new. The vehicle's live state is the caller's: the ingestion writer writes it with the
/// batch.
pub async fn raise(
    db: &impl ConnectionTrait,
    r: &Raise,
) -> Result<(vehicle_alarm::Model, bool), AppError> {
    if !(1..=kind::LAST).contains(&r.kind) {
        return Err(AppError::fail(text!(
            "告警类型 {} 无效",
            "Unknown alarm kind {}",
            r.kind
        )));
    }
    use vehicle_alarm::Column as A;
    if r.maybe_open {
        let refreshed = vehicle_alarm::Entity::update_many()
            .col_expr(
                A::Level,
                Expr::case(Expr::col(A::Level).lt(r.level), r.level)
                    .finally(Expr::col(A::Level))
                    .into(),
            )
            .col_expr(A::Value, Expr::value(r.value))
            .col_expr(A::Threshold, Expr::value(r.threshold))
            .col_expr(
                A::LastAt,
                Expr::case(Expr::col(A::LastAt).lt(r.at), r.at)
                    .finally(Expr::col(A::LastAt))
                    .into(),
            )
            .filter(A::VehicleId.eq(r.vehicle_id))
            .filter(A::Position.eq(r.position))
            .filter(A::Kind.eq(r.kind))
            .filter(A::State.lt(CLEARED))
            .exec_with_returning(db)
            .await?;
        if let Some(a) = refreshed.into_iter().next() {
            return Ok((a, false));
        }
    }
    let row = vehicle_alarm::ActiveModel {
        enterprise_id: Set(r.enterprise_id),
        vehicle_id: Set(r.vehicle_id),
        position: Set(r.position),
        kind: Set(r.kind),
        level: Set(r.level),
        state: Set(ACTIVE),
        value: Set(r.value),
        threshold: Set(r.threshold),
        started_at: Set(r.at),
        last_at: Set(r.at),
        note: Set(String::new()),
        ..Default::default()
    };
    Ok((row.insert(db).await?, true))
}

/// Clears the open alarm of this vehicle, position and kind (the condition is gone), if any.
/// The vehicle's live state is the caller's, as for [`raise`].
pub async fn clear_condition(
    db: &impl ConnectionTrait,
    vehicle_id: i64,
    position: i32,
    kind: i16,
    at: DateTime<Utc>,
) -> Result<Option<vehicle_alarm::Model>, AppError> {
    use vehicle_alarm::Column as A;
    Ok(vehicle_alarm::Entity::update_many()
        .col_expr(A::State, Expr::value(CLEARED))
        .col_expr(A::ClearedAt, Expr::value(at))
        .col_expr(A::ClearedBy, Expr::value(Option::<i64>::None))
        .filter(A::VehicleId.eq(vehicle_id))
        .filter(A::Position.eq(position))
        .filter(A::Kind.eq(kind))
        .filter(A::State.lt(CLEARED))
        .exec_with_returning(db)
        .await?
        .into_iter()
        .next())
}

/// Mirrors the vehicle's open alarms into its live state: the flag, and kind and level of the
/// most severe (then newest) one.
async fn sync_state(db: &impl ConnectionTrait, vehicle_id: i64) -> Result<(), AppError> {
    let worst = vehicle_alarm::Entity::find()
        .filter(vehicle_alarm::Column::VehicleId.eq(vehicle_id))
        .filter(vehicle_alarm::Column::State.lt(CLEARED))
        .order_by_desc(vehicle_alarm::Column::Level)
        .order_by_desc(vehicle_alarm::Column::StartedAt)
        .order_by_desc(vehicle_alarm::Column::Id)
        .one(db)
        .await?;
    let (alarm, kind, level) = worst.map_or((false, 0, 0), |a| (true, a.kind, a.level));
    vehicle_state::Entity::update_many()
        .col_expr(vehicle_state::Column::Alarm, Expr::value(alarm))
        .col_expr(vehicle_state::Column::AlarmType, Expr::value(kind))
        .col_expr(vehicle_state::Column::AlarmLevel, Expr::value(level))
        .filter(vehicle_state::Column::VehicleId.eq(vehicle_id))
        .exec(db)
        .await?;
    announce(Change::Vehicles(vec![vehicle_id]));
    Ok(())
}

/// An alarm change as the websocket and the push dispatcher are told it.
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct AlarmEvent {
    pub id: i64,
    pub vehicle_id: i64,
    pub plate: String,
    pub enterprise_id: i64,
    pub position: i32,
    /// The vehicle's wheels per axle (front first) that name `position` ("axle 2, right
    /// outer"); empty when the sender did not know them.
    pub wheels_per_axle: Vec<u8>,
    pub kind: i16,
    pub level: i16,
    /// 0 active (raised, or its level rose), 1 acknowledged, 2 cleared.
    pub state: i16,
    pub value: Option<f64>,
    pub threshold: Option<f64>,
    /// ms since epoch.
    pub started_at: i64,
}

impl AlarmEvent {
    pub fn new(a: &vehicle_alarm::Model, plate: String, wheels_per_axle: Vec<u8>) -> Self {
        Self {
            id: a.id,
            vehicle_id: a.vehicle_id,
            plate,
            enterprise_id: a.enterprise_id,
            position: a.position,
            wheels_per_axle,
            kind: a.kind,
            level: a.level,
            state: a.state,
            value: a.value,
            threshold: a.threshold,
            started_at: a.started_at.timestamp_millis(),
        }
    }
}

impl From<&AlarmRow> for AlarmEvent {
    fn from(a: &AlarmRow) -> Self {
        Self {
            id: a.id,
            vehicle_id: a.vehicle_id,
            plate: a.plate.clone(),
            enterprise_id: a.enterprise_id,
            position: a.position,
            wheels_per_axle: a.wheels_per_axle.clone(),
            kind: a.kind,
            level: a.level,
            state: a.state,
            value: a.value,
            threshold: a.threshold,
            started_at: a.started_at.timestamp_millis(),
        }
    }
}

impl AlarmEvent {
    /// The wheels per axle that name `position`: those the event carries, else the vehicle's
    /// (read).
    pub async fn axles(&self, db: &impl ConnectionTrait) -> Result<Option<Vec<u8>>, AppError> {
        if !self.wheels_per_axle.is_empty() {
            return Ok(Some(self.wheels_per_axle.clone()));
        }
        Ok(super::wheels::wheels_per_axle(db, [self.vehicle_id])
            .await?
            .remove(&self.vehicle_id))
    }
}

/// Where committed alarm changes go: the push dispatcher (services/rule/dispatcher.rs).
pub type AlarmFeed = tokio::sync::mpsc::Sender<AlarmEvent>;

/// An alarm as lists show it.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AlarmRow {
    pub id: i64,
    pub vehicle_id: i64,
    pub plate: String,
    pub enterprise_id: i64,
    /// A wheel position (`axle * 10 + wheel`), 0 for the vehicle.
    pub position: i32,
    /// The vehicle's wheels per axle, front first (its axle layout), which name `position`
    /// ("axle 2, right outer"); empty when unknown.
    pub wheels_per_axle: Vec<u8>,
    /// 1 high pressure, 2 low pressure, 3 high temperature, 4 fast leak, 5 slow leak, 6 axle
    /// high temperature, 7 axle temperature difference, 8 sensor lost, 9 sensor low battery,
    /// 10 repeater fault, 11 device offline, 12 spray switch, 13 spray fault, 14 power, 15 off
    /// route, 16 geofence (`position` is the fence's id).
    pub kind: i16,
    /// 1 warning, 2 critical.
    pub level: i16,
    /// 0 active, 1 acknowledged, 2 cleared.
    pub state: i16,
    /// The reading that raised it (bar, °C, %, kPa/min by kind).
    pub value: Option<f64>,
    pub threshold: Option<f64>,
    pub started_at: DateTime<Utc>,
    pub last_at: DateTime<Utc>,
    pub acked_at: Option<DateTime<Utc>>,
    pub acked_by: Option<i64>,
    pub acked_by_name: String,
    pub note: String,
    pub cleared_at: Option<DateTime<Utc>>,
    /// None with `clearedAt` set: cleared by the system (the condition ended).
    pub cleared_by: Option<i64>,
    pub cleared_by_name: String,
}

async fn alarm_rows(
    db: &impl ConnectionTrait,
    list: Vec<vehicle_alarm::Model>,
) -> Result<Vec<AlarmRow>, AppError> {
    let plates = super::history::plates(db, list.iter().map(|a| a.vehicle_id)).await?;
    let layouts = super::wheels::wheels_per_axle(db, list.iter().map(|a| a.vehicle_id)).await?;
    let people: std::collections::HashMap<i64, String> = sys_user::Entity::find()
        .filter(
            sys_user::Column::Id.is_in(
                list.iter()
                    .flat_map(|a| [a.acked_by, a.cleared_by])
                    .flatten(),
            ),
        )
        .all(db)
        .await?
        .into_iter()
        .map(|u| (u.id, u.nick_name))
        .collect();
    let name = |id: Option<i64>| id.and_then(|i| people.get(&i).cloned()).unwrap_or_default();
    Ok(list
        .into_iter()
        .map(|a| AlarmRow {
            plate: plates.get(&a.vehicle_id).cloned().unwrap_or_default(),
            wheels_per_axle: layouts.get(&a.vehicle_id).cloned().unwrap_or_default(),
            acked_by_name: name(a.acked_by),
            cleared_by_name: name(a.cleared_by),
            id: a.id,
            vehicle_id: a.vehicle_id,
            enterprise_id: a.enterprise_id,
            position: a.position,
            kind: a.kind,
            level: a.level,
            state: a.state,
            value: a.value,
            threshold: a.threshold,
            started_at: a.started_at,
            last_at: a.last_at,
            acked_at: a.acked_at,
            acked_by: a.acked_by,
            note: a.note,
            cleared_at: a.cleared_at,
            cleared_by: a.cleared_by,
        })
        .collect())
}

/// Filters of the alarm list.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AlarmFilter {
    /// 0 active, 1 acknowledged, 2 cleared; absent: all. `open: true` = 0 and 1.
    #[serde(default)]
    pub state: Option<i16>,
    #[serde(default)]
    pub open: bool,
    #[serde(default, alias = "type", alias = "alarmType")]
    pub kind: Option<i16>,
    #[serde(default, alias = "alarmLevel")]
    pub level: Option<i16>,
    #[serde(default, alias = "carId")]
    pub vehicle_id: Option<i64>,
    /// Limits to one enterprise the caller sees.
    #[serde(default, alias = "entId", alias = "ent_id")]
    pub enterprise_id: Option<i64>,
    /// Started at or after.
    #[serde(default, alias = "startTime")]
    pub start: Option<DateTime<Utc>>,
    /// Started before.
    #[serde(default, alias = "endTime")]
    pub end: Option<DateTime<Utc>>,
    #[serde(default)]
    pub order: AlarmOrder,
}

/// How a list of alarms is sorted.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum AlarmOrder {
    /// The latest started first.
    #[default]
    Newest,
    /// Critical before warning, then the latest first: what needs a person now (the map's
    /// panel of open alarms).
    Severity,
}

/// Alarms of the vehicles the scope sees, newest first.
pub async fn list(
    db: &DatabaseConnection,
    scope: &Scope,
    f: &AlarmFilter,
    page: PageQuery,
) -> Result<PageResult<AlarmRow>, AppError> {
    let mut cond = Condition::all().add(scope.vehicle_filter(
        vehicle_alarm::Column::VehicleId,
        vehicle_alarm::Column::EnterpriseId,
    ));
    if let Some(s) = f.state {
        cond = cond.add(vehicle_alarm::Column::State.eq(s));
    } else if f.open {
        cond = cond.add(vehicle_alarm::Column::State.lt(CLEARED));
    }
    if let Some(k) = f.kind.filter(|k| *k != 0) {
        cond = cond.add(vehicle_alarm::Column::Kind.eq(k));
    }
    if let Some(l) = f.level.filter(|l| *l != 0) {
        cond = cond.add(vehicle_alarm::Column::Level.eq(l));
    }
    if let Some(v) = f.vehicle_id.filter(|v| *v != 0) {
        super::find(db, scope, v).await?;
        cond = cond.add(vehicle_alarm::Column::VehicleId.eq(v));
    }
    if let Some(e) = f.enterprise_id.filter(|e| *e != 0) {
        scope.require(e)?;
        cond = cond.add(vehicle_alarm::Column::EnterpriseId.eq(e));
    }
    if let Some(s) = f.start {
        cond = cond.add(vehicle_alarm::Column::StartedAt.gte(s));
    }
    if let Some(e) = f.end {
        cond = cond.add(vehicle_alarm::Column::StartedAt.lt(e));
    }
    let mut select = vehicle_alarm::Entity::find().filter(cond);
    if f.order == AlarmOrder::Severity {
        select = select.order_by_desc(vehicle_alarm::Column::Level);
    }
    let select = select
        .order_by_desc(vehicle_alarm::Column::StartedAt)
        .order_by_desc(vehicle_alarm::Column::Id);
    let page = paging::fetch(db, select, page, |a| a).await?;
    Ok(PageResult {
        list: alarm_rows(db, page.list).await?,
        total: page.total,
        page: page.page,
        page_size: page.page_size,
    })
}

/// Refuses acting on a vehicle's alarms (or service records) unless the scope owns the vehicle
/// or holds it under a confirmed maintenance-custody relation; never under a read-only
/// trusteeship.
pub async fn may_handle(
    db: &impl ConnectionTrait,
    scope: &Scope,
    v: &vehicle::Model,
) -> Result<(), AppError> {
    let refused = || {
        AppError::fail(text!(
            "无权处理车辆 {} 的告警和维保",
            "You may not handle alarms or service records of vehicle {}",
            v.plate
        ))
    };
    if scope.read_only() {
        return Err(refused());
    }
    if scope.sees(v.enterprise_id) {
        return Ok(());
    }
    let custody_relations = relation::Entity::find()
        .select_only()
        .column(relation::Column::Id)
        .filter(relation::Column::State.eq(RELATION_CONFIRMED))
        .filter(relation::Column::RelationType.eq(MAINTENANCE_CUSTODY))
        .filter(relation::Column::EnterpriseId.eq(v.enterprise_id))
        .filter(relation::Column::RelatedId.is_in(scope.visible.iter().copied()))
        .into_query();
    let custody = relation_vehicle::Entity::find()
        .filter(relation_vehicle::Column::VehicleId.eq(v.id))
        .filter(relation_vehicle::Column::RelationId.in_subquery(custody_relations))
        .count(db)
        .await?;
    if custody > 0 { Ok(()) } else { Err(refused()) }
}

/// An alarm of a vehicle the scope sees; an unknown or foreign id is the same "no such alarm".
pub async fn find_visible(
    db: &impl ConnectionTrait,
    scope: &Scope,
    id: i64,
) -> Result<vehicle_alarm::Model, AppError> {
    vehicle_alarm::Entity::find_by_id(id)
        .filter(scope.vehicle_filter(
            vehicle_alarm::Column::VehicleId,
            vehicle_alarm::Column::EnterpriseId,
        ))
        .one(db)
        .await?
        .ok_or_else(|| AppError::fail(text!("告警 {} 不存在", "No alarm {}", id)))
}

/// What to do with an alarm.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Submit {
    /// The alarm.
    #[serde(alias = "ID", alias = "alarmId")]
    pub id: i64,
    /// 1 acknowledge (active → acknowledged), 2 clear (active or acknowledged → cleared).
    #[serde(alias = "action")]
    pub state: i16,
    /// The handling note (at most 500 characters); kept when absent.
    #[serde(default, alias = "remark")]
    pub note: Option<String>,
}

/// Acknowledges or clears an alarm with a note; refuses any other transition.
pub async fn submit(
    db: &DatabaseConnection,
    scope: &Scope,
    s: &Submit,
) -> Result<AlarmRow, AppError> {
    let txn = kernel::db::write_txn(db).await?;
    let alarm = find_visible(&txn, scope, s.id).await?;
    let v = super::find(&txn, scope, alarm.vehicle_id).await?;
    may_handle(&txn, scope, &v).await?;
    let allowed = matches!(
        (alarm.state, s.state),
        (ACTIVE, ACKNOWLEDGED) | (ACTIVE | ACKNOWLEDGED, CLEARED)
    );
    if !allowed {
        return Err(AppError::fail(text!(
            "告警 {} 当前状态 {} 不能变为 {}",
            "Alarm {} cannot go from state {} to {}",
            s.id,
            alarm.state,
            s.state
        )));
    }
    let note = s
        .note
        .as_deref()
        .map(|n| kernel::validate::limited("note", n, 500))
        .transpose()?;
    let now = Utc::now();
    let vehicle_id = alarm.vehicle_id;
    let mut row: vehicle_alarm::ActiveModel = alarm.into();
    if s.state == ACKNOWLEDGED {
        row.acked_at = Set(Some(now));
        row.acked_by = Set(Some(scope.user.id));
    } else {
        row.cleared_at = Set(Some(now));
        row.cleared_by = Set(Some(scope.user.id));
    }
    row.state = Set(s.state);
    if let Some(n) = note {
        row.note = Set(n);
    }
    let saved = row.update(&txn).await?;
    sync_state(&txn, vehicle_id).await?;
    txn.commit().await?;
    Ok(alarm_rows(db, vec![saved]).await?.remove(0))
}

/// The alarms of a vehicle that overlap `[from, to)` (started before `to`, not cleared
/// before `from`), oldest first.
pub async fn overlapping(
    db: &impl ConnectionTrait,
    vehicle_id: i64,
    from: DateTime<Utc>,
    to: DateTime<Utc>,
) -> Result<Vec<AlarmRow>, AppError> {
    let list = vehicle_alarm::Entity::find()
        .filter(vehicle_alarm::Column::VehicleId.eq(vehicle_id))
        .filter(vehicle_alarm::Column::StartedAt.lt(to))
        .filter(
            Condition::any()
                .add(vehicle_alarm::Column::ClearedAt.is_null())
                .add(vehicle_alarm::Column::ClearedAt.gte(from)),
        )
        .order_by_asc(vehicle_alarm::Column::StartedAt)
        .order_by_asc(vehicle_alarm::Column::Id)
        .all(db)
        .await?;
    alarm_rows(db, list).await
}
