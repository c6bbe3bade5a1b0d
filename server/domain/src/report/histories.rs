//! Per-device and per-sensor histories from what the database holds: the record as it is
//! now, what happened to it (installs and replacements, bindings, firmware upgrades,
//! commands, offline spells and alarms) newest first, and a summary of its readings over the
//! range (default the last 30 days).

use chrono::{DateTime, Duration, Utc};
use entities::wheel_values::{self, TYRE};
use entities::{
    acceptor_log, device_command, device_heartbeat, position, sensor, sensor_log, upgrade_task,
    vehicle_alarm, wheel_frame,
};
use sea_orm::{
    ColumnTrait, Condition, DatabaseConnection, EntityTrait, PaginatorTrait, QueryFilter,
    QueryOrder, QuerySelect,
};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::logs::{action_label, alarm_kind_label};
use crate::scope::Scope;
use crate::vehicle::alarms::kind as alarm;
use crate::vehicle::history::TimeRange;
use kernel::error::AppError;
use kernel::text;

/// Events listed at most (newest first).
pub const MAX_EVENTS: u64 = 500;
/// The longest range a device history reads.
pub const MAX_DEVICE_DAYS: i64 = 366;
/// The longest range a sensor history reads (its readings are unpacked from each frame).
pub const MAX_SENSOR_DAYS: i64 = 31;

/// `[start, end)`, both optional: the last 30 days by default.
#[derive(Debug, Clone, Copy, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OptionalRange {
    #[serde(default, alias = "startTime")]
    pub start: Option<DateTime<Utc>>,
    #[serde(default, alias = "endTime")]
    pub end: Option<DateTime<Utc>>,
}

impl OptionalRange {
    pub fn resolved(self, max_days: i64) -> Result<TimeRange, AppError> {
        let end = self.end.unwrap_or_else(Utc::now);
        let start = self.start.unwrap_or(end - Duration::days(30));
        TimeRange { start, end }.within(max_days)
    }
}

/// One thing that happened.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct HistoryEvent {
    pub time: DateTime<Utc>,
    /// `install`, `replace`, `remove`, `register`, `bind`, `unbind`, `delete`, `upgrade`,
    /// `command`, `offline`, `online`, `alarm`.
    pub action: String,
    /// The event in a sentence, in the request's language.
    pub detail: String,
}

fn within<C: ColumnTrait>(col: C, range: TimeRange) -> Condition {
    Condition::all()
        .add(col.gte(range.start))
        .add(col.lt(range.end))
}

fn event(time: DateTime<Utc>, action: &str, detail: String) -> HistoryEvent {
    HistoryEvent {
        time,
        action: action.to_owned(),
        detail,
    }
}

/// Which device.
#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = DeviceHistoryQuery)]
pub struct DeviceQuery {
    #[serde(default, alias = "id")]
    pub device_id: Option<i64>,
    #[serde(default)]
    pub imei: Option<String>,
    #[serde(flatten)]
    pub range: OptionalRange,
}

/// A device as it is now.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DeviceNow {
    pub id: i64,
    pub imei: String,
    pub sn: Option<String>,
    pub part_no: String,
    pub version: String,
    pub online: bool,
    pub heartbeat_at: Option<DateTime<Utc>>,
    pub enterprise_id: i64,
    pub vehicle_id: Option<i64>,
    pub plate: String,
    pub created_at: DateTime<Utc>,
}

/// What the device reported over the range.
#[derive(Debug, Clone, Default, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DeviceReadings {
    /// Reports stored (positions of its vehicle while it is fitted).
    pub reports: u64,
    pub first_at: Option<DateTime<Utc>>,
    pub last_at: Option<DateTime<Utc>>,
    pub heartbeats: u64,
}

/// A device's history.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DeviceHistory {
    pub device: DeviceNow,
    pub range: TimeRange,
    /// Newest first, at most 500.
    pub events: Vec<HistoryEvent>,
    pub readings: DeviceReadings,
}

fn upgrade_state(status: i16) -> kernel::i18n::Text {
    match status {
        0 => text!("排队", "queued"),
        1 => text!("已下发", "sent"),
        2 => text!("下载中", "downloading"),
        3 => text!("升级成功", "upgraded"),
        4 => text!("升级失败", "failed"),
        _ => text!("已取消", "cancelled"),
    }
}

fn command_state(status: i16) -> kernel::i18n::Text {
    match status {
        0 => text!("排队", "queued"),
        1 => text!("已送达", "delivered"),
        2 => text!("成功", "succeeded"),
        _ => text!("失败", "failed"),
    }
}

/// The device's record, events and readings over the range (at most 366 days).
pub async fn device_history(
    db: &DatabaseConnection,
    scope: &Scope,
    q: &DeviceQuery,
) -> Result<DeviceHistory, AppError> {
    let range = q.range.resolved(MAX_DEVICE_DAYS)?;
    let d = crate::device::find(db, scope, q.device_id, q.imei.as_deref()).await?;
    let mut events = Vec::new();
    use acceptor_log::Column as L;
    for l in acceptor_log::Entity::find()
        .filter(
            Condition::any()
                .add(L::DeviceId.eq(d.id))
                .add(L::PreviousDeviceId.eq(d.id)),
        )
        .filter(within(L::CreatedAt, range))
        .order_by_desc(L::CreatedAt)
        .limit(MAX_EVENTS)
        .all(db)
        .await?
    {
        let plate = match l.vehicle_id {
            Some(v) => crate::vehicle::history::plates(db, [v])
                .await?
                .remove(&v)
                .unwrap_or_default(),
            None => String::new(),
        };
        let (action, detail) = if l.previous_device_id == Some(d.id) && l.device_id != Some(d.id) {
            ("remove", text!("从 {} 拆下", "taken off {}", plate))
        } else {
            (
                l.action.as_str(),
                text!("{}：{}", "{}: {}", action_label(&l.action).current(), plate),
            )
        };
        events.push(event(l.created_at, action, detail.current().to_owned()));
    }
    for u in upgrade_task::Entity::find()
        .filter(upgrade_task::Column::DeviceId.eq(d.id))
        .filter(within(upgrade_task::Column::UpdatedAt, range))
        .order_by_desc(upgrade_task::Column::UpdatedAt)
        .limit(MAX_EVENTS)
        .all(db)
        .await?
    {
        let t = text!(
            "固件 {} → {}：{}",
            "firmware {} → {}: {}",
            u.from_version,
            u.target_version,
            upgrade_state(u.status).current()
        );
        events.push(event(u.updated_at, "upgrade", t.current().to_owned()));
    }
    for c in device_command::Entity::find()
        .filter(device_command::Column::DeviceId.eq(d.id))
        .filter(within(device_command::Column::CreatedAt, range))
        .order_by_desc(device_command::Column::CreatedAt)
        .limit(MAX_EVENTS)
        .all(db)
        .await?
    {
        let t = text!(
            "指令 {}：{}",
            "command {}: {}",
            c.kind,
            command_state(c.status).current()
        );
        events.push(event(c.created_at, "command", t.current().to_owned()));
    }
    let mut readings = DeviceReadings::default();
    if let Some(v) = d.vehicle_id {
        for a in vehicle_alarm::Entity::find()
            .filter(vehicle_alarm::Column::VehicleId.eq(v))
            .filter(vehicle_alarm::Column::Kind.eq(alarm::DEVICE_OFFLINE))
            .filter(within(vehicle_alarm::Column::StartedAt, range))
            .order_by_desc(vehicle_alarm::Column::StartedAt)
            .limit(MAX_EVENTS)
            .all(db)
            .await?
        {
            events.push(event(
                a.started_at,
                "offline",
                text!("离线", "went offline").current().to_owned(),
            ));
            if let Some(back) = a.cleared_at {
                events.push(event(
                    back,
                    "online",
                    text!("恢复在线", "back online").current().to_owned(),
                ));
            }
        }
        let cond = Condition::all()
            .add(position::Column::VehicleId.eq(v))
            .add(position::Column::Ts.gte(range.start))
            .add(position::Column::Ts.lt(range.end));
        readings.reports = position::Entity::find()
            .filter(cond.clone())
            .count(db)
            .await?;
        let edge = |newest: bool| {
            let q = position::Entity::find()
                .select_only()
                .column(position::Column::Ts)
                .filter(cond.clone());
            if newest {
                q.order_by_desc(position::Column::Ts)
            } else {
                q.order_by_asc(position::Column::Ts)
            }
            .into_tuple::<DateTime<Utc>>()
            .one(db)
        };
        readings.first_at = edge(false).await?;
        readings.last_at = edge(true).await?;
    }
    readings.heartbeats = device_heartbeat::Entity::find()
        .filter(device_heartbeat::Column::DeviceId.eq(d.id))
        .filter(device_heartbeat::Column::At.gte(range.start))
        .filter(device_heartbeat::Column::At.lt(range.end))
        .count(db)
        .await?;
    events.sort_by_key(|e| std::cmp::Reverse(e.time));
    events.truncate(usize::try_from(MAX_EVENTS).unwrap_or(usize::MAX));
    let plate = match d.vehicle_id {
        Some(v) => crate::vehicle::history::plates(db, [v])
            .await?
            .remove(&v)
            .unwrap_or_default(),
        None => String::new(),
    };
    Ok(DeviceHistory {
        device: DeviceNow {
            id: d.id,
            imei: d.imei,
            sn: d.sn,
            part_no: d.part_no,
            version: d.version,
            online: d.online,
            heartbeat_at: d.heartbeat_at,
            enterprise_id: d.enterprise_id,
            vehicle_id: d.vehicle_id,
            plate,
            created_at: d.created_at,
        },
        range,
        events,
        readings,
    })
}

/// Which sensor.
#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SensorQuery {
    #[serde(default, alias = "id")]
    pub sensor_id: Option<i64>,
    #[serde(default, alias = "sn")]
    pub sensor_no: Option<String>,
    #[serde(flatten)]
    pub range: OptionalRange,
}

/// A sensor as it is now.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SensorNow {
    pub id: i64,
    pub sensor_no: String,
    /// 1 tyre, 2 axle.
    pub kind: i16,
    /// %
    pub battery: Option<i16>,
    pub enterprise_id: i64,
    pub vehicle_id: Option<i64>,
    pub plate: String,
    pub position: Option<i32>,
    pub device_id: Option<i64>,
    pub bound_at: Option<DateTime<Utc>>,
}

/// What the sensor read over the range (at its current vehicle and position).
#[derive(Debug, Clone, Default, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SensorReadings {
    pub readings: u64,
    pub first_at: Option<DateTime<Utc>>,
    pub last_at: Option<DateTime<Utc>>,
    /// bar
    pub min_pressure: Option<f64>,
    pub max_pressure: Option<f64>,
    /// °C
    pub max_temp: Option<f64>,
    /// % at the last reading that carried one.
    pub last_battery: Option<i16>,
}

/// A sensor's history.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SensorHistory {
    pub sensor: SensorNow,
    pub range: TimeRange,
    /// Newest first, at most 500.
    pub events: Vec<HistoryEvent>,
    pub readings: SensorReadings,
}

/// The sensor's record, bindings, alarms at its position and readings over the range (at
/// most 31 days).
pub async fn sensor_history(
    db: &DatabaseConnection,
    scope: &Scope,
    q: &SensorQuery,
) -> Result<SensorHistory, AppError> {
    let range = q.range.resolved(MAX_SENSOR_DAYS)?;
    let no = q
        .sensor_no
        .as_deref()
        .map(str::trim)
        .filter(|s| !s.is_empty());
    let (cond, name) = match (q.sensor_id.filter(|i| *i > 0), no) {
        (Some(id), _) => (sensor::Column::Id.eq(id), id.to_string()),
        (None, Some(no)) => (sensor::Column::SensorNo.eq(no), no.to_owned()),
        (None, None) => {
            return Err(AppError::field(
                "sensorNo",
                text!(
                    "请指定传感器（id 或 sensorNo）",
                    "Name the sensor (id or sensorNo)"
                ),
            ));
        }
    };
    let s = sensor::Entity::find()
        .filter(cond)
        .filter(scope.vehicle_filter(sensor::Column::VehicleId, sensor::Column::EnterpriseId))
        .one(db)
        .await?
        .ok_or_else(|| AppError::fail(text!("传感器 {} 不存在", "No sensor {}", name)))?;
    let mut events: Vec<HistoryEvent> = sensor_log::Entity::find()
        .filter(sensor_log::Column::SensorNo.eq(&s.sensor_no))
        .filter(sensor_log::Column::CreatedAt.gte(range.start))
        .filter(sensor_log::Column::CreatedAt.lt(range.end))
        .order_by_desc(sensor_log::Column::CreatedAt)
        .limit(MAX_EVENTS)
        .all(db)
        .await?
        .into_iter()
        .map(|l| {
            let where_ = l.position.map(|p| format!(" @{p}")).unwrap_or_default();
            let detail = format!("{}{where_}", action_label(&l.action).current());
            event(l.created_at, &l.action, detail)
        })
        .collect();
    let mut readings = SensorReadings::default();
    if let (Some(v), Some(p)) = (s.vehicle_id, s.position) {
        for a in vehicle_alarm::Entity::find()
            .filter(vehicle_alarm::Column::VehicleId.eq(v))
            .filter(vehicle_alarm::Column::Position.eq(p))
            .filter(vehicle_alarm::Column::Kind.ne(alarm::GEOFENCE))
            .filter(vehicle_alarm::Column::StartedAt.gte(range.start))
            .filter(vehicle_alarm::Column::StartedAt.lt(range.end))
            .order_by_desc(vehicle_alarm::Column::StartedAt)
            .limit(MAX_EVENTS)
            .all(db)
            .await?
        {
            let mut t = alarm_kind_label(a.kind).current().to_owned();
            if let Some(value) = a.value {
                t.push_str(&format!(" ({value})"));
            }
            events.push(event(a.started_at, "alarm", t));
        }
        readings = sensor_readings(db, v, p, s.kind, range).await?;
    }
    events.sort_by_key(|e| std::cmp::Reverse(e.time));
    events.truncate(usize::try_from(MAX_EVENTS).unwrap_or(usize::MAX));
    let plate = match s.vehicle_id {
        Some(v) => crate::vehicle::history::plates(db, [v])
            .await?
            .remove(&v)
            .unwrap_or_default(),
        None => String::new(),
    };
    Ok(SensorHistory {
        sensor: SensorNow {
            id: s.id,
            sensor_no: s.sensor_no,
            kind: s.kind,
            battery: s.battery,
            enterprise_id: s.enterprise_id,
            vehicle_id: s.vehicle_id,
            plate,
            position: s.position,
            device_id: s.device_id,
            bound_at: s.bound_at,
        },
        range,
        events,
        readings,
    })
}

/// The readings of one sensor (a wheel position and kind) of a vehicle, read a chunk of
/// frames at a time.
async fn sensor_readings(
    db: &DatabaseConnection,
    vehicle_id: i64,
    position: i32,
    kind: i16,
    range: TimeRange,
) -> Result<SensorReadings, AppError> {
    let mut out = SensorReadings::default();
    super::marks::in_order(
        db,
        super::marks::frames(vehicle_id),
        wheel_frame::Column::Ts,
        range,
        |(t, wheels): (DateTime<Utc>, Vec<u8>)| {
            let Some(w) = wheel_values::decode(&wheels)
                .into_iter()
                .find(|w| w.position == position && w.kind == kind)
            else {
                return;
            };
            out.readings += 1;
            out.first_at.get_or_insert(t);
            out.last_at = Some(t);
            if let Some(p) = w.pressure.filter(|_| w.kind == TYRE) {
                out.min_pressure = Some(out.min_pressure.map_or(p, |m| m.min(p)));
                out.max_pressure = Some(out.max_pressure.map_or(p, |m| m.max(p)));
            }
            if let Some(c) = w.temp {
                out.max_temp = Some(out.max_temp.map_or(c, |m| m.max(c)));
            }
            if w.battery.is_some() {
                out.last_battery = w.battery;
            }
        },
    )
    .await?;
    Ok(out)
}
