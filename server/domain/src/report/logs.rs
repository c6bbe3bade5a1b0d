//! The fleet's event log: what happened to the vehicles in scope, newest first, merged from
//! the history the database keeps — alarms raised, acknowledged and cleared; devices going
//! offline and back (the offline alarm); receivers installed, replaced and removed; sensors
//! bound, replaced, unbound and deleted; work orders opened and moved through their states;
//! trailers hitched, swapped and unhitched; firmware upgrades finished or failed.
//!
//! Each source is read newest first by `(time, id)` in keyset chunks (an index serves every
//! one), and the chunks are merged in memory, so a page or an export of any size reads only
//! what it sends. The list pages up to [`MAX_DEPTH`] rows deep over at most 31 days; the
//! export (`getLogListCSV`) takes the same filter over up to [`MAX_EXPORT_DAYS`] days.

use std::collections::{BTreeMap, BTreeSet, VecDeque};

use chrono::{DateTime, Utc};
use entities::{
    acceptor_log, device, enterprise, sensor_log, trailer_swap, upgrade_task, vehicle_alarm,
    work_order, work_order_log,
};
use futures::future::BoxFuture;
use sea_orm::sea_query::SelectStatement;
use sea_orm::{
    ColumnTrait, Condition, ConnectionTrait, DatabaseConnection, EntityTrait, PaginatorTrait,
    QueryFilter, QueryOrder, QuerySelect, QueryTrait, Select,
};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::exports::{self, Cell, ExportOptions, Rows, Sheet};
use super::{Chosen, VehicleChoice};
use crate::scope::Scope;
use crate::vehicle::alarms::kind as alarm;
use crate::vehicle::history::TimeRange;
use crate::vehicle::wheels;
use crate::work::states;
use kernel::error::AppError;
use kernel::i18n::{Lang, Text};
use kernel::paging::{PageQuery, PageResult};
use kernel::text;

/// How deep the list pages (the sources are merged in memory up to this many rows).
pub const MAX_DEPTH: u64 = 10_000;
/// The longest range the list reads.
pub const MAX_LIST_DAYS: i64 = 31;
/// The longest range an export reads.
pub const MAX_EXPORT_DAYS: i64 = 366;

/// Event kinds (`kind`).
pub const KINDS: [&str; 6] = [
    "alarm",
    "online",
    "install",
    "workOrder",
    "trailer",
    "upgrade",
];

/// `upgrade_tasks.status` of a finished upgrade.
const UPGRADED: i16 = 3;
const UPGRADE_FAILED: i16 = 4;

/// Which events to list.
#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LogFilter {
    #[serde(flatten)]
    pub vehicles: VehicleChoice,
    /// One kind (`alarm`, `online`, `install`, `workOrder`, `trailer`, `upgrade`) …
    #[serde(default)]
    pub kind: Option<String>,
    /// … or several; none: every kind.
    #[serde(default)]
    pub kinds: Vec<String>,
    /// 0 information, 1 warning, 2 critical (alarm events carry their alarm's level, others 0).
    #[serde(default)]
    pub level: Option<i16>,
    /// Only alarms of this kind (`vehicle_alarms.kind`, 1–16; other events are left out).
    #[serde(default)]
    pub alarm_kind: Option<i16>,
    /// `[start, end)`, RFC 3339.
    #[serde(flatten)]
    pub range: TimeRange,
}

/// One event.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = FleetLogRow)]
pub struct LogRow {
    pub time: DateTime<Utc>,
    /// `alarm`, `online`, `install`, `workOrder`, `trailer` or `upgrade`.
    pub kind: &'static str,
    /// alarm: `raised`, `acknowledged`, `cleared`; online: `offline`, `online`,
    /// `acknowledged`; install: `install`, `replace`, `remove` (receivers),
    /// `bind`, `replace`, `unbind`, `delete` (sensors); workOrder: `opened`, `state`, `step`;
    /// trailer: `hitch`, `swap`, `unhitch`; upgrade: `upgraded`, `failed`.
    pub action: String,
    /// 0 information, 1 warning, 2 critical.
    pub level: i16,
    pub enterprise_id: i64,
    pub enterprise_name: String,
    pub vehicle_id: Option<i64>,
    pub plate: String,
    /// What it is about: the alarm's kind, the receiver's imei, the sensor's number, the
    /// order's number, the trailer's plate, the firmware version.
    pub subject: String,
    /// The wheel position (`axle × 10 + wheel`; a hub alarm's `axle × 10 + side`), when it
    /// concerns one.
    pub position: Option<i32>,
    /// The position as people say it, in the request's language ("Axle 2, right outer",
    /// 第2轴右外; "Axle 2, wheel 3" when the vehicle's axle layout does not name it).
    pub position_name: Option<String>,
    /// The event in a sentence, in the request's language.
    pub detail: String,
    /// The id of the row it comes from (the alarm, the log entry, the order…).
    pub ref_id: i64,
    #[serde(skip)]
    origin: Origin,
    /// An alarm's kind, which tells what its position names (a wheel, a wheel end, an axle).
    #[serde(skip)]
    alarm_kind: Option<i16>,
}

/// The sources, in the order events of the same instant are listed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Origin {
    AlarmRaised,
    AlarmAcked,
    AlarmCleared,
    Receiver,
    Sensor,
    OrderOpened,
    OrderStep,
    Trailer,
    Upgrade,
}

const ORIGINS: [Origin; 9] = [
    Origin::AlarmRaised,
    Origin::AlarmAcked,
    Origin::AlarmCleared,
    Origin::Receiver,
    Origin::Sensor,
    Origin::OrderOpened,
    Origin::OrderStep,
    Origin::Trailer,
    Origin::Upgrade,
];

/// A filter checked against the scope, owned so an export can keep it.
#[derive(Clone)]
struct Query {
    scope: Scope,
    range: TimeRange,
    chosen: Chosen,
    /// Which alarm kinds the alarm sources read: none = every kind.
    alarm_kinds: AlarmKinds,
    level: Option<i16>,
    origins: Vec<Origin>,
    lang: Lang,
}

#[derive(Clone, Copy)]
enum AlarmKinds {
    All,
    Only(i16),
    AllBut(i16),
    Nothing,
}

fn unknown_kind(field: &str, k: &str) -> AppError {
    AppError::field(
        field,
        text!(
            "未知事件类型 {}（可选 {}）",
            "unknown event kind {} (one of {})",
            k,
            KINDS.join(", ")
        ),
    )
}

impl Query {
    async fn new(
        db: &impl ConnectionTrait,
        scope: &Scope,
        f: &LogFilter,
        max_days: i64,
        lang: Lang,
    ) -> Result<Self, AppError> {
        let range = f.range.within(max_days)?;
        let mut kinds: BTreeSet<&str> = BTreeSet::new();
        for (i, k) in f.kinds.iter().enumerate() {
            let k = k.trim();
            let known = KINDS
                .iter()
                .find(|x| **x == k)
                .ok_or_else(|| unknown_kind(&format!("kinds[{i}]"), k))?;
            kinds.insert(known);
        }
        if let Some(k) = f.kind.as_deref().map(str::trim).filter(|k| !k.is_empty()) {
            kinds.insert(
                KINDS
                    .iter()
                    .find(|x| **x == k)
                    .ok_or_else(|| unknown_kind("kind", k))?,
            );
        }
        if kinds.is_empty() {
            kinds.extend(KINDS);
        }
        if let Some(l) = f.level {
            kernel::validate::in_range("level", i64::from(l), 0, 2)?;
        }
        if let Some(k) = f.alarm_kind {
            kernel::validate::in_range("alarmKind", i64::from(k), 1, i64::from(alarm::LAST))?;
        }
        let alarm_kinds = match (
            kinds.contains("alarm"),
            kinds.contains("online"),
            f.alarm_kind,
        ) {
            (false, false, _) => AlarmKinds::Nothing,
            (true, true, None) => AlarmKinds::All,
            (true, false, None) => AlarmKinds::AllBut(alarm::DEVICE_OFFLINE),
            (false, true, None) => AlarmKinds::Only(alarm::DEVICE_OFFLINE),
            (a, o, Some(k)) => {
                let offline = k == alarm::DEVICE_OFFLINE;
                if (offline && o) || (!offline && a) {
                    AlarmKinds::Only(k)
                } else {
                    AlarmKinds::Nothing
                }
            }
        };
        let alarms = !matches!(alarm_kinds, AlarmKinds::Nothing) && f.level != Some(0);
        // A level above information, or an alarm kind, asks for alarm events only.
        let others = f.level.is_none_or(|l| l == 0) && f.alarm_kind.is_none();
        let origins = ORIGINS
            .into_iter()
            .filter(|o| match o {
                Origin::AlarmRaised | Origin::AlarmAcked | Origin::AlarmCleared => alarms,
                Origin::Receiver | Origin::Sensor => others && kinds.contains("install"),
                Origin::OrderOpened | Origin::OrderStep => others && kinds.contains("workOrder"),
                Origin::Trailer => others && kinds.contains("trailer"),
                Origin::Upgrade => others && kinds.contains("upgrade"),
            })
            .collect();
        Ok(Self {
            scope: scope.clone(),
            range,
            chosen: f.vehicles.checked(db, scope).await?,
            alarm_kinds,
            level: f.level,
            origins,
            lang,
        })
    }

    fn in_range<C: ColumnTrait>(&self, col: C) -> Condition {
        Condition::all()
            .add(col.gte(self.range.start))
            .add(col.lt(self.range.end))
    }

    fn alarms(&self, time: vehicle_alarm::Column) -> Select<vehicle_alarm::Entity> {
        use vehicle_alarm::Column as A;
        let mut q = vehicle_alarm::Entity::find()
            .filter(self.scope.vehicle_filter(A::VehicleId, A::EnterpriseId))
            .filter(self.chosen.on(A::VehicleId, A::EnterpriseId))
            .filter(self.in_range(time));
        q = match self.alarm_kinds {
            AlarmKinds::All | AlarmKinds::Nothing => q,
            AlarmKinds::Only(k) => q.filter(A::Kind.eq(k)),
            AlarmKinds::AllBut(k) => q.filter(A::Kind.ne(k)),
        };
        if let Some(l) = self.level {
            q = q.filter(A::Level.eq(l));
        }
        q
    }

    /// The orders the filter covers, as ids.
    fn orders(&self) -> SelectStatement {
        work_order::Entity::find()
            .select_only()
            .column(work_order::Column::Id)
            .filter(crate::work::visible(&self.scope))
            .filter(self.chosen.on(
                work_order::Column::VehicleId,
                work_order::Column::EnterpriseId,
            ))
            .into_query()
    }

    fn receivers(&self) -> Select<acceptor_log::Entity> {
        use acceptor_log::Column as C;
        acceptor_log::Entity::find()
            .filter(self.scope.vehicle_filter(C::VehicleId, C::EnterpriseId))
            .filter(self.chosen.on(C::VehicleId, C::EnterpriseId))
            .filter(self.in_range(C::CreatedAt))
    }

    fn sensors(&self) -> Select<sensor_log::Entity> {
        use sensor_log::Column as C;
        sensor_log::Entity::find()
            .filter(self.scope.vehicle_filter(C::VehicleId, C::EnterpriseId))
            .filter(self.chosen.on(C::VehicleId, C::EnterpriseId))
            .filter(self.in_range(C::CreatedAt))
    }

    fn opened(&self) -> Select<work_order::Entity> {
        use work_order::Column as C;
        work_order::Entity::find()
            .filter(crate::work::visible(&self.scope))
            .filter(self.chosen.on(C::VehicleId, C::EnterpriseId))
            .filter(self.in_range(C::CreatedAt))
    }

    fn steps(&self) -> Select<work_order_log::Entity> {
        use work_order_log::Column as C;
        work_order_log::Entity::find()
            .filter(C::Kind.is_in([states::LOG_STATE, states::LOG_STEP]))
            .filter(C::OrderId.in_subquery(self.orders()))
            .filter(self.in_range(C::CreatedAt))
    }

    fn trailers(&self) -> Select<trailer_swap::Entity> {
        use trailer_swap::Column as C;
        trailer_swap::Entity::find()
            .filter(self.scope.vehicle_filter(C::TractorId, C::EnterpriseId))
            .filter(self.chosen.on(C::TractorId, C::EnterpriseId))
            .filter(self.in_range(C::CreatedAt))
    }

    fn upgrades(&self) -> Select<upgrade_task::Entity> {
        use upgrade_task::Column as C;
        let mut q = upgrade_task::Entity::find()
            .filter(self.scope.filter(C::EnterpriseId))
            .filter(C::Status.is_in([UPGRADED, UPGRADE_FAILED]))
            .filter(self.in_range(C::UpdatedAt));
        if let Some(e) = self.chosen.enterprise {
            q = q.filter(C::EnterpriseId.eq(e));
        }
        if let Some(v) = &self.chosen.vehicles {
            q = q.filter(
                C::DeviceId.in_subquery(
                    device::Entity::find()
                        .select_only()
                        .column(device::Column::Id)
                        .filter(device::Column::VehicleId.in_subquery(v.clone()))
                        .into_query(),
                ),
            );
        }
        q
    }

    /// Reads up to `limit` events of `origin` older than `after`, newest first.
    async fn read(
        &self,
        db: &DatabaseConnection,
        origin: Origin,
        after: Option<(DateTime<Utc>, i64)>,
        limit: u64,
    ) -> Result<Vec<LogRow>, AppError> {
        use Origin as O;
        Ok(match origin {
            O::AlarmRaised | O::AlarmAcked | O::AlarmCleared => {
                let time = alarm_time(origin);
                keyset(self.alarms(time), time, vehicle_alarm::Column::Id, after)
                    .limit(limit)
                    .all(db)
                    .await?
                    .iter()
                    .map(|a| self.alarm_row(origin, a))
                    .collect()
            }
            O::Receiver => {
                use acceptor_log::Column as C;
                let found = keyset(self.receivers(), C::CreatedAt, C::Id, after)
                    .limit(limit)
                    .all(db)
                    .await?;
                self.receiver_rows(db, found).await?
            }
            O::Sensor => {
                use sensor_log::Column as C;
                keyset(self.sensors(), C::CreatedAt, C::Id, after)
                    .limit(limit)
                    .all(db)
                    .await?
                    .into_iter()
                    .map(|s| self.sensor_row(s))
                    .collect()
            }
            O::OrderOpened => {
                use work_order::Column as C;
                keyset(self.opened(), C::CreatedAt, C::Id, after)
                    .limit(limit)
                    .all(db)
                    .await?
                    .iter()
                    .map(|o| self.order_row(o))
                    .collect()
            }
            O::OrderStep => {
                use work_order_log::Column as C;
                let found = keyset(self.steps(), C::CreatedAt, C::Id, after)
                    .limit(limit)
                    .all(db)
                    .await?;
                self.step_rows(db, found).await?
            }
            O::Trailer => {
                use trailer_swap::Column as C;
                keyset(self.trailers(), C::CreatedAt, C::Id, after)
                    .limit(limit)
                    .all(db)
                    .await?
                    .iter()
                    .map(|t| self.trailer_row(t))
                    .collect()
            }
            O::Upgrade => {
                use upgrade_task::Column as C;
                let found = keyset(self.upgrades(), C::UpdatedAt, C::Id, after)
                    .limit(limit)
                    .all(db)
                    .await?;
                self.upgrade_rows(db, found).await?
            }
        })
    }

    /// How many events of `origin` the filter covers.
    async fn count(&self, db: &DatabaseConnection, origin: Origin) -> Result<u64, AppError> {
        use Origin as O;
        Ok(match origin {
            O::AlarmRaised | O::AlarmAcked | O::AlarmCleared => {
                self.alarms(alarm_time(origin)).count(db).await?
            }
            O::Receiver => self.receivers().count(db).await?,
            O::Sensor => self.sensors().count(db).await?,
            O::OrderOpened => self.opened().count(db).await?,
            O::OrderStep => self.steps().count(db).await?,
            O::Trailer => self.trailers().count(db).await?,
            O::Upgrade => self.upgrades().count(db).await?,
        })
    }

    fn t(&self, text: &Text) -> String {
        text.get(self.lang).to_owned()
    }

    fn row(&self, origin: Origin, time: DateTime<Utc>, ref_id: i64) -> LogRow {
        LogRow {
            time,
            kind: "",
            action: String::new(),
            level: 0,
            enterprise_id: 0,
            enterprise_name: String::new(),
            vehicle_id: None,
            plate: String::new(),
            subject: String::new(),
            position: None,
            position_name: None,
            detail: String::new(),
            ref_id,
            origin,
            alarm_kind: None,
        }
    }

    fn alarm_row(&self, origin: Origin, a: &vehicle_alarm::Model) -> LogRow {
        let offline = a.kind == alarm::DEVICE_OFFLINE;
        let (time, action) = match origin {
            Origin::AlarmAcked => (a.acked_at, "acknowledged"),
            Origin::AlarmCleared if offline => (a.cleared_at, "online"),
            Origin::AlarmCleared => (a.cleared_at, "cleared"),
            _ if offline => (Some(a.started_at), "offline"),
            _ => (Some(a.started_at), "raised"),
        };
        let name = self.t(&alarm_kind_label(a.kind));
        // Formatted in the query's language only: an export writes a million of these.
        let mut detail = match (action, self.lang) {
            ("offline", Lang::Zh) => "设备离线".to_owned(),
            ("offline", Lang::En) => "device went offline".to_owned(),
            ("online", Lang::Zh) => "设备恢复在线".to_owned(),
            ("online", Lang::En) => "device back online".to_owned(),
            ("acknowledged", Lang::Zh) => format!("{name} 已确认"),
            ("acknowledged", Lang::En) => format!("{name} acknowledged"),
            ("cleared", Lang::Zh) => format!("{name} 已解除"),
            ("cleared", Lang::En) => format!("{name} cleared"),
            (_, Lang::Zh) => format!("{name} 告警"),
            (_, Lang::En) => format!("{name} alarm"),
        };
        if action == "raised" {
            use std::fmt::Write as _;
            let (value, threshold) = match self.lang {
                Lang::Zh => ("，读数", "，阈值"),
                Lang::En => (", value", ", threshold"),
            };
            if let Some(v) = a.value {
                let _ = write!(detail, "{value} {}", round1(v));
            }
            if let Some(t) = a.threshold {
                let _ = write!(detail, "{threshold} {}", round1(t));
            }
        }
        if action == "acknowledged" && !a.note.is_empty() {
            detail.push_str(&format!(": {}", a.note));
        }
        LogRow {
            kind: if offline { "online" } else { "alarm" },
            action: action.to_owned(),
            level: a.level,
            enterprise_id: a.enterprise_id,
            vehicle_id: Some(a.vehicle_id),
            subject: name,
            position: (a.position != 0 && a.kind != alarm::GEOFENCE).then_some(a.position),
            alarm_kind: Some(a.kind),
            detail,
            ..self.row(origin, time.unwrap_or(a.started_at), a.id)
        }
    }

    async fn receiver_rows(
        &self,
        db: &DatabaseConnection,
        found: Vec<acceptor_log::Model>,
    ) -> Result<Vec<LogRow>, AppError> {
        let ids: BTreeSet<i64> = found
            .iter()
            .flat_map(|l| [l.device_id, l.previous_device_id])
            .flatten()
            .collect();
        let imeis: BTreeMap<i64, String> = device::Entity::find()
            .select_only()
            .column(device::Column::Id)
            .column(device::Column::Imei)
            .filter(device::Column::Id.is_in(ids))
            .into_tuple::<(i64, String)>()
            .all(db)
            .await?
            .into_iter()
            .collect();
        let imei = |id: Option<i64>| id.and_then(|i| imeis.get(&i).cloned());
        Ok(found
            .into_iter()
            .map(|l| {
                let (now, before) = (imei(l.device_id), imei(l.previous_device_id));
                let subject = now.or_else(|| before.clone()).unwrap_or_default();
                let detail = match (l.action.as_str(), before) {
                    ("replace", Some(b)) => self.t(&text!(
                        "接收器 {} 换为 {}",
                        "receiver {} replaced by {}",
                        b,
                        subject
                    )),
                    ("remove", _) => {
                        self.t(&text!("拆除接收器 {}", "receiver {} removed", subject))
                    }
                    _ => self.t(&text!("安装接收器 {}", "receiver {} installed", subject)),
                };
                LogRow {
                    kind: "install",
                    action: l.action.clone(),
                    enterprise_id: l.enterprise_id,
                    vehicle_id: l.vehicle_id,
                    subject,
                    detail: with_remark(detail, &l.remark),
                    ..self.row(Origin::Receiver, l.created_at, l.id)
                }
            })
            .collect())
    }

    fn sensor_row(&self, s: sensor_log::Model) -> LogRow {
        let no = s.sensor_no.clone();
        let detail = match s.action.as_str() {
            "bind" => self.t(&text!("绑定传感器 {}", "sensor {} bound", no)),
            "replace" => self.t(&text!("更换传感器 {}", "sensor {} replaced", no)),
            "unbind" => self.t(&text!("解绑传感器 {}", "sensor {} unbound", no)),
            "delete" => self.t(&text!("删除传感器 {}", "sensor {} deleted", no)),
            other => format!("{other} {no}"),
        };
        LogRow {
            kind: "install",
            action: s.action,
            enterprise_id: s.enterprise_id,
            vehicle_id: s.vehicle_id,
            subject: s.sensor_no,
            position: s.position,
            detail,
            ..self.row(Origin::Sensor, s.created_at, s.id)
        }
    }

    fn order_row(&self, o: &work_order::Model) -> LogRow {
        LogRow {
            kind: "workOrder",
            action: "opened".to_owned(),
            enterprise_id: o.enterprise_id,
            vehicle_id: o.vehicle_id,
            subject: o.number.clone(),
            detail: self.t(&text!(
                "工单 {} 创建：{}",
                "order {} opened: {}",
                o.number,
                o.title
            )),
            ..self.row(Origin::OrderOpened, o.created_at, o.id)
        }
    }

    async fn step_rows(
        &self,
        db: &DatabaseConnection,
        found: Vec<work_order_log::Model>,
    ) -> Result<Vec<LogRow>, AppError> {
        let orders: BTreeMap<i64, work_order::Model> = work_order::Entity::find()
            .filter(work_order::Column::Id.is_in(found.iter().map(|l| l.order_id)))
            .all(db)
            .await?
            .into_iter()
            .map(|o| (o.id, o))
            .collect();
        Ok(found
            .into_iter()
            .filter_map(|l| {
                let o = orders.get(&l.order_id)?;
                let detail = match (l.kind, l.to_state) {
                    (states::LOG_STATE, Some(to)) => {
                        let to = self.t(&states::label(to));
                        self.t(&text!("工单 {} → {}", "order {} → {}", o.number, to))
                    }
                    _ if !l.content.is_empty() => format!("{} {}", o.number, l.content),
                    _ => self.t(&text!("工单 {} 流转", "order {} moved on", o.number)),
                };
                Some(LogRow {
                    kind: "workOrder",
                    action: if l.kind == states::LOG_STATE {
                        "state"
                    } else {
                        "step"
                    }
                    .to_owned(),
                    enterprise_id: o.enterprise_id,
                    vehicle_id: o.vehicle_id,
                    subject: o.number.clone(),
                    detail,
                    ..self.row(Origin::OrderStep, l.created_at, l.id)
                })
            })
            .collect())
    }

    fn trailer_row(&self, t: &trailer_swap::Model) -> LogRow {
        let (action, subject, detail) = match (t.from_trailer_id, t.to_trailer_id) {
            (Some(_), Some(_)) => (
                "swap",
                t.to_plate.clone(),
                self.t(&text!(
                    "挂车 {} 换为 {}",
                    "trailer {} swapped for {}",
                    t.from_plate,
                    t.to_plate
                )),
            ),
            (None, _) => (
                "hitch",
                t.to_plate.clone(),
                self.t(&text!("挂上挂车 {}", "trailer {} hitched", t.to_plate)),
            ),
            (Some(_), None) => (
                "unhitch",
                t.from_plate.clone(),
                self.t(&text!("摘下挂车 {}", "trailer {} unhitched", t.from_plate)),
            ),
        };
        LogRow {
            kind: "trailer",
            action: action.to_owned(),
            enterprise_id: t.enterprise_id,
            vehicle_id: Some(t.tractor_id),
            plate: t.tractor_plate.clone(),
            subject,
            detail: with_remark(detail, &t.address),
            ..self.row(Origin::Trailer, t.created_at, t.id)
        }
    }

    async fn upgrade_rows(
        &self,
        db: &DatabaseConnection,
        found: Vec<upgrade_task::Model>,
    ) -> Result<Vec<LogRow>, AppError> {
        let devices: BTreeMap<i64, (String, Option<i64>)> = device::Entity::find()
            .select_only()
            .column(device::Column::Id)
            .column(device::Column::Imei)
            .column(device::Column::VehicleId)
            .filter(device::Column::Id.is_in(found.iter().map(|u| u.device_id)))
            .into_tuple::<(i64, String, Option<i64>)>()
            .all(db)
            .await?
            .into_iter()
            .map(|(id, imei, v)| (id, (imei, v)))
            .collect();
        Ok(found
            .into_iter()
            .map(|u| {
                let (imei, vehicle) = devices.get(&u.device_id).cloned().unwrap_or_default();
                let ok = u.status == UPGRADED;
                let detail = if ok {
                    self.t(&text!(
                        "{} 固件由 {} 升级到 {}",
                        "{} firmware upgraded from {} to {}",
                        imei,
                        u.from_version,
                        u.target_version
                    ))
                } else {
                    self.t(&text!(
                        "{} 固件升级到 {} 失败",
                        "{} firmware upgrade to {} failed",
                        imei,
                        u.target_version
                    ))
                };
                LogRow {
                    kind: "upgrade",
                    action: if ok { "upgraded" } else { "failed" }.to_owned(),
                    enterprise_id: u.enterprise_id,
                    vehicle_id: vehicle,
                    subject: u.target_version.clone(),
                    detail: with_remark(detail, &u.message),
                    ..self.row(Origin::Upgrade, u.updated_at, u.id)
                }
            })
            .collect())
    }

    /// Fills plates, enterprise names and position names (the vehicles' axle layouts read once
    /// for the rows at hand).
    async fn named(
        &self,
        db: &DatabaseConnection,
        mut rows: Vec<LogRow>,
    ) -> Result<Vec<LogRow>, AppError> {
        let layouts = wheels::wheels_per_axle(
            db,
            rows.iter()
                .filter(|r| r.position.is_some())
                .filter_map(|r| r.vehicle_id),
        )
        .await?;
        let plates = crate::vehicle::history::plates(
            db,
            rows.iter()
                .filter(|r| r.plate.is_empty())
                .filter_map(|r| r.vehicle_id),
        )
        .await?;
        let names = enterprise_names(db, rows.iter().map(|r| r.enterprise_id)).await?;
        for r in &mut rows {
            if r.plate.is_empty()
                && let Some(p) = r.vehicle_id.and_then(|v| plates.get(&v))
            {
                r.plate.clone_from(p);
            }
            if let Some(n) = names.get(&r.enterprise_id) {
                r.enterprise_name.clone_from(n);
            }
            if let Some(p) = r.position {
                let layout = r
                    .vehicle_id
                    .and_then(|v| layouts.get(&v))
                    .map(Vec::as_slice);
                r.position_name = match r.alarm_kind {
                    Some(k) => wheels::alarm_position_name(k, p, layout, self.lang),
                    None => wheels::wheel_name(p, layout, self.lang),
                };
            }
        }
        Ok(rows)
    }
}

/// The time column of an alarm source.
fn alarm_time(origin: Origin) -> vehicle_alarm::Column {
    match origin {
        Origin::AlarmAcked => vehicle_alarm::Column::AckedAt,
        Origin::AlarmCleared => vehicle_alarm::Column::ClearedAt,
        _ => vehicle_alarm::Column::StartedAt,
    }
}

fn round1(v: f64) -> f64 {
    (v * 10.0).round() / 10.0
}

fn with_remark(detail: String, remark: &str) -> String {
    if remark.trim().is_empty() {
        detail
    } else {
        format!("{detail} ({})", remark.trim())
    }
}

/// Names of enterprises.
pub async fn enterprise_names(
    db: &impl ConnectionTrait,
    ids: impl IntoIterator<Item = i64>,
) -> Result<BTreeMap<i64, String>, AppError> {
    let ids: BTreeSet<i64> = ids.into_iter().collect();
    if ids.is_empty() {
        return Ok(BTreeMap::new());
    }
    Ok(enterprise::Entity::find()
        .select_only()
        .column(enterprise::Column::Id)
        .column(enterprise::Column::EntName)
        .filter(enterprise::Column::Id.is_in(ids))
        .into_tuple::<(i64, String)>()
        .all(db)
        .await?
        .into_iter()
        .collect())
}

/// `select` newest first by `(time, id)`, past `after` when given.
pub(crate) fn keyset<E: EntityTrait, T: ColumnTrait, I: ColumnTrait>(
    select: Select<E>,
    time: T,
    id: I,
    after: Option<(DateTime<Utc>, i64)>,
) -> Select<E> {
    let select = match after {
        // `time <= t` alone is what an index range can serve; the rest breaks ties.
        Some((t, i)) => select.filter(time.lte(t)).filter(
            Condition::any()
                .add(time.lt(t))
                .add(Condition::all().add(time.eq(t)).add(id.lt(i))),
        ),
        None => select,
    };
    select.order_by_desc(time).order_by_desc(id)
}

/// A bilingual name of an alarm kind.
pub fn alarm_kind_label(kind: i16) -> Text {
    match kind {
        alarm::HIGH_PRESSURE => text!("高压", "high pressure"),
        alarm::LOW_PRESSURE => text!("低压", "low pressure"),
        alarm::HIGH_TEMP => text!("高温", "high temperature"),
        alarm::FAST_LEAK => text!("快速漏气", "fast leak"),
        alarm::SLOW_LEAK => text!("慢速漏气", "slow leak"),
        alarm::AXLE_HIGH_TEMP => text!("轮端高温", "hub high temperature"),
        alarm::AXLE_TEMP_DIFFERENCE => text!("同轴温差", "axle temperature difference"),
        alarm::SENSOR_LOST => text!("传感器失联", "sensor lost"),
        alarm::SENSOR_LOW_BATTERY => text!("传感器低电量", "sensor low battery"),
        alarm::REPEATER_FAULT => text!("中继故障", "repeater fault"),
        alarm::DEVICE_OFFLINE => text!("设备离线", "device offline"),
        alarm::SPRAY_SWITCH => text!("喷淋开启", "spray cooling on"),
        alarm::SPRAY_FAULT => text!("喷淋故障", "spray cooling fault"),
        alarm::POWER => text!("电源异常", "power supply"),
        alarm::OFF_ROUTE => text!("偏离线路", "off route"),
        alarm::GEOFENCE => text!("电子围栏", "geofence"),
        other => text!("告警 {}", "alarm {}", other),
    }
}

/// The name of an event kind.
pub fn kind_label(kind: &str) -> Text {
    match kind {
        "alarm" => text!("告警", "alarm"),
        "online" => text!("在线状态", "online state"),
        "install" => text!("安装", "installation"),
        "workOrder" => text!("工单", "work order"),
        "trailer" => text!("挂车", "trailer"),
        "upgrade" => text!("固件升级", "firmware upgrade"),
        other => Text::new(other.to_owned(), other.to_owned()),
    }
}

/// The name of a level.
pub fn level_label(level: i16) -> Text {
    match level {
        2 => text!("严重", "critical"),
        1 => text!("预警", "warning"),
        _ => text!("信息", "information"),
    }
}

/// The sources merged newest first, a chunk at a time.
struct Merge {
    query: Query,
    cursors: Vec<Cursor>,
    chunk: u64,
}

struct Cursor {
    origin: Origin,
    buffered: VecDeque<LogRow>,
    after: Option<(DateTime<Utc>, i64)>,
    exhausted: bool,
}

/// Newer first; at the same instant, by source, then newer row first.
fn order_key(r: &LogRow) -> (DateTime<Utc>, std::cmp::Reverse<Origin>, i64) {
    (r.time, std::cmp::Reverse(r.origin), r.ref_id)
}

impl Merge {
    fn new(query: Query, chunk: u64) -> Self {
        let cursors = query
            .origins
            .iter()
            .map(|o| Cursor {
                origin: *o,
                buffered: VecDeque::new(),
                after: None,
                exhausted: false,
            })
            .collect();
        Self {
            query,
            cursors,
            chunk,
        }
    }

    /// Up to `n` next events, newest first, named.
    async fn take(&mut self, db: &DatabaseConnection, n: u64) -> Result<Vec<LogRow>, AppError> {
        let mut out = Vec::new();
        while (out.len() as u64) < n {
            for c in &mut self.cursors {
                if c.buffered.is_empty() && !c.exhausted {
                    let rows = self.query.read(db, c.origin, c.after, self.chunk).await?;
                    c.exhausted = (rows.len() as u64) < self.chunk;
                    if let Some(last) = rows.last() {
                        c.after = Some((last.time, last.ref_id));
                    }
                    c.buffered.extend(rows);
                }
            }
            let next = self
                .cursors
                .iter_mut()
                .filter(|c| !c.buffered.is_empty())
                .max_by_key(|c| c.buffered.front().map(order_key));
            match next.and_then(|c| c.buffered.pop_front()) {
                Some(row) => out.push(row),
                None => break,
            }
        }
        self.query.named(db, out).await
    }
}

/// Events of the scope matching `f` (at most 31 days), newest first, paged.
pub async fn list(
    db: &DatabaseConnection,
    scope: &Scope,
    f: &LogFilter,
    page: PageQuery,
) -> Result<PageResult<LogRow>, AppError> {
    list_within(db, scope, f, page, MAX_LIST_DAYS).await
}

/// Installation records (receivers installed, replaced and removed; sensors bound, replaced,
/// unbound and deleted) of the chosen vehicles over `range` (at most 366 days), newest first.
pub async fn installations(
    db: &DatabaseConnection,
    scope: &Scope,
    vehicles: VehicleChoice,
    range: TimeRange,
    page: PageQuery,
) -> Result<PageResult<LogRow>, AppError> {
    let f = LogFilter {
        vehicles,
        kind: Some("install".to_owned()),
        kinds: Vec::new(),
        level: None,
        alarm_kind: None,
        range,
    };
    list_within(db, scope, &f, page, MAX_EXPORT_DAYS).await
}

async fn list_within(
    db: &DatabaseConnection,
    scope: &Scope,
    f: &LogFilter,
    page: PageQuery,
    max_days: i64,
) -> Result<PageResult<LogRow>, AppError> {
    let page = page.checked()?;
    if page.end() > MAX_DEPTH {
        return Err(AppError::fail(text!(
            "page 过大：最多翻到第 {} 条，请缩小时间范围或导出",
            "page is too far: paging reaches row {} at most; narrow the time range or export",
            MAX_DEPTH
        )));
    }
    let query = Query::new(db, scope, f, max_days, kernel::i18n::current()).await?;
    let mut total = 0;
    for o in &query.origins {
        total += query.count(db, *o).await?;
    }
    let mut merge = Merge::new(query, page.end().min(exports::CHUNK));
    let mut rows = merge.take(db, page.end()).await?;
    let skip = usize::try_from(page.offset).unwrap_or(usize::MAX);
    let list = rows.split_off(skip.min(rows.len()));
    Ok(page.holding(list, total))
}

impl Rows for Merge {
    fn next<'a>(
        &'a mut self,
        db: &'a DatabaseConnection,
    ) -> BoxFuture<'a, Result<Vec<Vec<Cell>>, AppError>> {
        Box::pin(async move {
            let lang = self.query.lang;
            let rows = self.take(db, self.chunk).await?;
            Ok(rows
                .into_iter()
                .map(|r| {
                    vec![
                        Cell::Time(r.time),
                        kind_label(r.kind).get(lang).into(),
                        action_label(&r.action).get(lang).into(),
                        level_label(r.level).get(lang).into(),
                        r.enterprise_name.into(),
                        r.plate.into(),
                        r.subject.into(),
                        r.position_name.into(),
                        r.detail.into(),
                    ]
                })
                .collect())
        })
    }
}

/// The name of an action.
pub fn action_label(action: &str) -> Text {
    match action {
        "raised" => text!("产生", "raised"),
        "acknowledged" => text!("确认", "acknowledged"),
        "cleared" => text!("解除", "cleared"),
        "offline" => text!("离线", "offline"),
        "online" => text!("上线", "online"),
        "install" => text!("安装", "installed"),
        "replace" => text!("更换", "replaced"),
        "remove" => text!("拆除", "removed"),
        "bind" => text!("绑定", "bound"),
        "unbind" => text!("解绑", "unbound"),
        "delete" => text!("删除", "deleted"),
        "opened" => text!("创建", "opened"),
        "state" => text!("状态变更", "state changed"),
        "step" => text!("流转", "moved on"),
        "hitch" => text!("挂车", "hitched"),
        "swap" => text!("换挂", "swapped"),
        "unhitch" => text!("摘挂", "unhitched"),
        "upgraded" => text!("升级成功", "upgraded"),
        "failed" => text!("升级失败", "failed"),
        other => Text::new(other.to_owned(), other.to_owned()),
    }
}

/// The same events as [`list`] (at most [`MAX_EXPORT_DAYS`] days), every one, as a file.
pub async fn export(
    db: &DatabaseConnection,
    scope: &Scope,
    f: &LogFilter,
    options: ExportOptions,
) -> Result<exports::Export, AppError> {
    let lang = kernel::i18n::current();
    let query = Query::new(db, scope, f, MAX_EXPORT_DAYS, lang).await?;
    let range = query.range;
    let sheet = Sheet {
        name: text!("事件日志", "event-log"),
        headers: vec![
            text!("时间", "Time"),
            text!("类型", "Kind"),
            text!("动作", "Action"),
            text!("级别", "Level"),
            text!("企业", "Enterprise"),
            text!("车牌", "Plate"),
            text!("对象", "Subject"),
            text!("位置", "Position"),
            text!("详情", "Detail"),
        ],
        range: (range.start, range.end),
    };
    let rows = Box::new(Merge::new(query, exports::CHUNK));
    exports::export(db.clone(), sheet, rows, options, lang).await
}
