//! The fleet as the map and the vehicle list read it: vehicles joined with their live state,
//! group, receiver and trailer (no query per vehicle). The map feed and the state counters are
//! served from memory ([`super::snapshot`]); the vehicle list pages with SQL.
//!
//! watchList4 entries use the abbreviated keys of docs/fleet-data.md: flags are 1 when set and
//! omitted when 0, false, null or empty.

use chrono::{DateTime, Utc};
use entities::{device, enterprise_group_vehicle, vehicle, vehicle_state};
use kernel::error::AppError;
use sea_orm::sea_query::{Alias, Condition, Expr, ExprTrait, JoinType, Query, SelectStatement};
use sea_orm::{
    ColumnTrait, ConnectionTrait, EntityTrait, FromQueryResult, QueryFilter, QuerySelect,
};
use serde::Serialize;
use std::collections::HashMap;
use utoipa::ToSchema;

mod list;

pub use list::*;

/// A vehicle is offline when it has not reported for this long (or never).
pub const OFFLINE_AFTER: chrono::Duration = chrono::Duration::minutes(30);

/// Below this battery level (%) a vehicle's device battery is low (`vl`).
pub(super) const LOW_BATTERY: i16 = 20;

/// The trailer's row in the fleet query.
pub(super) fn trailer() -> Alias {
    Alias::new("trailer")
}

/// Which vehicles a fleet call covers.
#[derive(Debug, Clone, Copy, Default)]
pub struct FleetFilter {
    /// Only this enterprise's vehicles (must be visible).
    pub enterprise_id: Option<i64>,
    /// Only the vehicles this member is responsible for.
    pub member_id: Option<i64>,
}

/// The vehicle's group in its own enterprise.
pub(super) fn group_of_vehicle() -> Condition {
    Condition::all()
        .add(
            Expr::col((
                enterprise_group_vehicle::Entity,
                enterprise_group_vehicle::Column::VehicleId,
            ))
            .equals((vehicle::Entity, vehicle::Column::Id)),
        )
        .add(
            Expr::col((
                enterprise_group_vehicle::Entity,
                enterprise_group_vehicle::Column::EnterpriseId,
            ))
            .equals((vehicle::Entity, vehicle::Column::EnterpriseId)),
        )
}

/// The vehicle's receiver (device kind 0).
pub(super) fn receiver_of_vehicle() -> Condition {
    Condition::all()
        .add(
            Expr::col((device::Entity, device::Column::VehicleId))
                .equals((vehicle::Entity, vehicle::Column::Id)),
        )
        .add(Expr::col((device::Entity, device::Column::Kind)).eq(0))
}

pub(super) fn cutoff() -> DateTime<Utc> {
    Utc::now() - OFFLINE_AFTER
}

/// A vehicle as the fleet query reads it.
#[derive(Debug, Clone, FromQueryResult)]
pub(super) struct FleetRow {
    pub(super) id: i64,
    plate: String,
    vin: String,
    kind: i16,
    axle_layout: String,
    pub(super) enterprise_id: i64,
    trailer_id: Option<i64>,
    trailer_plate: Option<String>,
    device_type_id: i16,
    head_img_url: String,
    install_state: i16,
    power_supply: i16,
    recharge: bool,
    created_at: DateTime<Utc>,
    lat: Option<f64>,
    lon: Option<f64>,
    speed: Option<f64>,
    direction: Option<i16>,
    address: Option<String>,
    gps_at: Option<DateTime<Utc>>,
    pub(super) final_at: Option<DateTime<Utc>>,
    ignition: Option<bool>,
    alarm: Option<bool>,
    alarm_type: Option<i16>,
    alarm_level: Option<i16>,
    tp_flags: Option<i32>,
    axle_flags: Option<i32>,
    temp_difference24h: Option<bool>,
    high_temp24h: Option<bool>,
    battery: Option<i16>,
    closed: Option<bool>,
    pub(super) group_id: Option<i64>,
    pub(super) device_id: Option<i64>,
    imei: Option<String>,
    sn: Option<String>,
    part_no: Option<String>,
    version: Option<String>,
    heartbeat_at: Option<DateTime<Utc>>,
}

pub(super) fn fleet_columns(q: &mut SelectStatement) {
    use vehicle::Column as V;
    use vehicle_state::Column as S;
    for c in [
        V::Id,
        V::Plate,
        V::Vin,
        V::Kind,
        V::AxleLayout,
        V::EnterpriseId,
        V::TrailerId,
        V::DeviceTypeId,
        V::HeadImgUrl,
        V::InstallState,
        V::PowerSupply,
        V::Recharge,
        V::CreatedAt,
    ] {
        q.column((vehicle::Entity, c));
    }
    for c in [
        S::Lat,
        S::Lon,
        S::Speed,
        S::Direction,
        S::Address,
        S::GpsAt,
        S::FinalAt,
        S::Ignition,
        S::Alarm,
        S::AlarmType,
        S::AlarmLevel,
        S::TpFlags,
        S::AxleFlags,
        S::TempDifference24h,
        S::HighTemp24h,
        S::Battery,
        S::Closed,
    ] {
        q.column((vehicle_state::Entity, c));
    }
    q.column((
        enterprise_group_vehicle::Entity,
        enterprise_group_vehicle::Column::GroupId,
    ))
    .expr_as(
        Expr::col((device::Entity, device::Column::Id)),
        Alias::new("device_id"),
    )
    .columns([
        (device::Entity, device::Column::Imei),
        (device::Entity, device::Column::Sn),
        (device::Entity, device::Column::PartNo),
        (device::Entity, device::Column::Version),
        (device::Entity, device::Column::HeartbeatAt),
    ])
    .expr_as(
        Expr::col((trailer(), vehicle::Column::Plate)),
        Alias::new("trailer_plate"),
    )
    .join_as(
        JoinType::LeftJoin,
        vehicle::Entity,
        trailer(),
        Expr::col((trailer(), vehicle::Column::Id))
            .equals((vehicle::Entity, vehicle::Column::TrailerId)),
    );
}

/// The WGS-84 position of a watchList4 entry (`gp`).
#[derive(Debug, Serialize, ToSchema)]
pub struct GpsKeys {
    /// Fix time (ms).
    pub t: i64,
    pub la: f64,
    pub lo: f64,
    /// km/h
    pub s: f64,
    #[serde(skip_serializing_if = "String::is_empty")]
    pub ad: String,
    pub di: i16,
}

/// Tyre-pressure flags of a watchList4 entry (`ta`); only set flags are present.
#[derive(Debug, Default, Serialize, ToSchema)]
pub struct TpKeys {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub hp: Option<u8>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub lp: Option<u8>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ht: Option<u8>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub r: Option<u8>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub sl: Option<u8>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ss: Option<u8>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub sf: Option<u8>,
}

/// One vehicle of the map feed, keys as in docs/fleet-data.md (absent = 0 / false / empty).
#[derive(Debug, Default, Serialize, ToSchema)]
pub struct FleetEntry {
    /// carId
    pub i: i64,
    /// plate
    pub p: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tp: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ti: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub h: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub dt: Option<i16>,
    /// enterprise_id
    pub e: i64,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub g: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub a: Option<u8>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ay: Option<i16>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub al: Option<i16>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub so: Option<u8>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub c: Option<u8>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub r: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rc: Option<u8>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub hb: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ps: Option<i16>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub xa: Option<u8>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub xn: Option<u8>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub xl: Option<u8>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub xj: Option<u8>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub xe: Option<u8>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub td: Option<u8>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ht: Option<u8>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ni: Option<u8>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub vl: Option<u8>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub im: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub sn: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub pn: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub v: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cr: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ft: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub d: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub b: Option<i16>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub o: Option<u8>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub gp: Option<GpsKeys>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ta: Option<TpKeys>,
}

/// The map feed: the whole feed, or with `since` the changes after that version
/// (docs/fleet-data.md, "versions and deltas").
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FleetFeed {
    /// Every vehicle in scope; in a delta, only those changed since the version asked.
    pub device_list: Vec<FleetEntry>,
    /// Vehicles in scope (in a delta too, to check the merged result).
    pub total: usize,
    /// The snapshot's version this answer reflects (opaque); send it back as `since`.
    pub version: String,
    /// The caller's followed vehicles among them (the `attention` flag), ascending.
    pub followed: Vec<i64>,
    /// When the feed was read (ms).
    pub at: i64,
    /// Present and true when this is a delta.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub delta: bool,
    /// In a delta: vehicles to drop (deleted or out of scope).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub removed: Vec<i64>,
}

pub(super) fn flag(set: bool) -> Option<u8> {
    set.then_some(1)
}

pub(super) fn bit(bits: i32, mask: i32) -> Option<u8> {
    flag(bits & mask != 0)
}

pub(super) fn text_opt(s: Option<String>) -> Option<String> {
    s.filter(|s| !s.is_empty())
}

pub(super) fn nonzero<T: Default + PartialEq>(v: T) -> Option<T> {
    (v != T::default()).then_some(v)
}

pub(super) fn tp_keys(bits: i32) -> Option<TpKeys> {
    (bits & 0x7f != 0).then(|| TpKeys {
        hp: bit(bits, 1),
        lp: bit(bits, 2),
        ht: bit(bits, 4),
        r: bit(bits, 8),
        sl: bit(bits, 16),
        ss: bit(bits, 32),
        sf: bit(bits, 64),
    })
}

/// The watchList4 entry of a row (the caller's follows travel beside the entries);
/// `full` gives every key, else the map subset.
pub(super) fn entry(
    row: &FleetRow,
    repeaters: Option<i64>,
    offline: bool,
    full: bool,
) -> FleetEntry {
    let gp = match (row.lat, row.lon) {
        (Some(la), Some(lo)) => Some(GpsKeys {
            t: row.gps_at.map_or(0, |t| t.timestamp_millis()),
            la,
            lo,
            s: row.speed.unwrap_or_default(),
            ad: row.address.clone().unwrap_or_default(),
            di: row.direction.unwrap_or_default(),
        }),
        _ => None,
    };
    let mut e = FleetEntry {
        i: row.id,
        p: row.plate.clone(),
        dt: nonzero(row.device_type_id),
        e: row.enterprise_id,
        a: flag(row.alarm.unwrap_or_default()),
        ay: row.alarm_type.and_then(nonzero),
        al: row.alarm_level.and_then(nonzero),
        so: flag(row.ignition.unwrap_or_default()),
        c: flag(row.closed.unwrap_or_default()),
        ni: flag(row.install_state == 0),
        o: flag(offline),
        gp,
        ..FleetEntry::default()
    };
    if full {
        let axle = row.axle_flags.unwrap_or_default();
        e.tp = text_opt(row.trailer_plate.clone());
        e.ti = row.trailer_id;
        e.h = text_opt(Some(row.head_img_url.clone()));
        e.g = row.group_id;
        e.r = repeaters.and_then(nonzero);
        e.rc = flag(row.recharge);
        e.hb = row.heartbeat_at.map(|t| t.timestamp_millis());
        e.ps = nonzero(row.power_supply);
        e.xa = bit(axle, 1);
        e.xn = bit(axle, 2);
        e.xl = bit(axle, 4);
        e.xj = bit(axle, 8);
        e.xe = bit(axle, 16);
        e.td = flag(row.temp_difference24h.unwrap_or_default());
        e.ht = flag(row.high_temp24h.unwrap_or_default());
        e.vl = flag(row.battery.is_some_and(|b| b < LOW_BATTERY));
        e.im = text_opt(row.imei.clone());
        e.sn = text_opt(row.sn.clone());
        e.pn = text_opt(row.part_no.clone());
        e.v = text_opt(row.version.clone());
        e.cr = Some(row.created_at.timestamp_millis());
        e.ft = row.final_at.map(|t| t.timestamp_millis());
        e.d = row.gps_at.map(|t| t.timestamp_millis());
        e.b = row.battery;
        e.ta = tp_keys(row.tp_flags.unwrap_or_default());
    }
    e
}

impl FleetRow {
    /// No report since `cutoff`, or never.
    pub(super) fn offline(&self, cutoff: DateTime<Utc>) -> bool {
        self.final_at.is_none_or(|t| t < cutoff)
    }

    /// The part of the row a report changes.
    pub(super) fn live(&self) -> LiveState {
        LiveState {
            lat: self.lat,
            lon: self.lon,
            speed: self.speed,
            direction: self.direction,
            gps_at: self.gps_at,
            final_at: self.final_at,
            ignition: self.ignition,
            alarm: self.alarm,
            alarm_type: self.alarm_type,
            alarm_level: self.alarm_level,
            tp_flags: self.tp_flags,
            axle_flags: self.axle_flags,
            temp_difference24h: self.temp_difference24h,
            high_temp24h: self.high_temp24h,
            battery: self.battery,
        }
    }

    pub(super) fn apply(&mut self, s: &LiveState) {
        self.lat = s.lat;
        self.lon = s.lon;
        self.speed = s.speed;
        self.direction = s.direction;
        self.gps_at = s.gps_at;
        self.final_at = s.final_at;
        self.ignition = s.ignition;
        self.alarm = s.alarm;
        self.alarm_type = s.alarm_type;
        self.alarm_level = s.alarm_level;
        self.tp_flags = s.tp_flags;
        self.axle_flags = s.axle_flags;
        self.temp_difference24h = s.temp_difference24h;
        self.high_temp24h = s.high_temp24h;
        self.battery = s.battery;
    }

    /// Keeps `older`'s live state when it is newer than this row's: a row read from the
    /// database just before the ingestion writer committed must not undo what it handed over.
    pub(super) fn keep_newer_live(&mut self, older: &FleetRow) {
        if older.final_at > self.final_at {
            self.apply(&older.live());
        }
    }
}

/// What one report changes in a vehicle's row, as the ingestion writer stores it in
/// `vehicle_states`; the writer hands it to the snapshot so the snapshot need not read it back.
#[derive(Debug, Clone, Default)]
pub struct LiveState {
    pub lat: Option<f64>,
    pub lon: Option<f64>,
    pub speed: Option<f64>,
    pub direction: Option<i16>,
    pub gps_at: Option<DateTime<Utc>>,
    pub final_at: Option<DateTime<Utc>>,
    pub ignition: Option<bool>,
    pub alarm: Option<bool>,
    pub alarm_type: Option<i16>,
    pub alarm_level: Option<i16>,
    pub tp_flags: Option<i32>,
    pub axle_flags: Option<i32>,
    pub temp_difference24h: Option<bool>,
    pub high_temp24h: Option<bool>,
    pub battery: Option<i16>,
}

/// Every vehicle (`ids`: only these) with its state, group, receiver and trailer, unscoped: the
/// snapshot applies each caller's scope in memory.
pub(super) async fn read_rows(
    db: &impl ConnectionTrait,
    ids: Option<&[i64]>,
) -> Result<Vec<FleetRow>, AppError> {
    let mut q = Query::select();
    q.from(vehicle::Entity)
        .join(
            JoinType::LeftJoin,
            vehicle_state::Entity,
            Expr::col((vehicle_state::Entity, vehicle_state::Column::VehicleId))
                .equals((vehicle::Entity, vehicle::Column::Id)),
        )
        .join(
            JoinType::LeftJoin,
            enterprise_group_vehicle::Entity,
            group_of_vehicle(),
        )
        .join(JoinType::LeftJoin, device::Entity, receiver_of_vehicle());
    fleet_columns(&mut q);
    if let Some(ids) = ids {
        q.and_where(Expr::col((vehicle::Entity, vehicle::Column::Id)).is_in(ids.iter().copied()));
    }
    Ok(
        FleetRow::find_by_statement(db.get_database_backend().build(&q))
            .all(db)
            .await?,
    )
}

/// Repeaters per receiver (one grouped query).
pub(super) async fn repeater_counts(
    db: &impl ConnectionTrait,
) -> Result<HashMap<i64, i64>, AppError> {
    let rows: Vec<(Option<i64>, i64)> = device::Entity::find()
        .select_only()
        .column(device::Column::ParentId)
        .column_as(device::Column::Id.count(), "n")
        .filter(device::Column::Kind.eq(1_i16))
        .filter(device::Column::ParentId.is_not_null())
        .group_by(device::Column::ParentId)
        .into_tuple()
        .all(db)
        .await?;
    Ok(rows
        .into_iter()
        .filter_map(|(p, n)| p.map(|p| (p, n)))
        .collect())
}

/// Vehicles by map cell: a cell of `size` degrees (south-west corner aligned to multiples of
/// it) and the counts by state of the vehicles whose last position is in it.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AreaCell {
    pub south: f64,
    pub west: f64,
    pub north: f64,
    pub east: f64,
    /// Mean position of its vehicles (where a marker of the cell goes).
    pub lat: f64,
    pub lon: f64,
    #[serde(flatten)]
    pub counts: FleetStatistics,
}

impl AreaCell {
    /// The cell of `size` degrees holding (`lat`, `lon`), by its row and column.
    pub fn key(lat: f64, lon: f64, size: f64) -> (i64, i64) {
        ((lat / size).floor() as i64, (lon / size).floor() as i64)
    }

    pub fn new((row, col): (i64, i64), size: f64) -> Self {
        let (south, west) = (row as f64 * size, col as f64 * size);
        Self {
            south,
            west,
            north: south + size,
            east: west + size,
            lat: 0.0,
            lon: 0.0,
            counts: FleetStatistics::default(),
        }
    }
}

impl FleetRow {
    /// Its last position, when it has one.
    pub(super) fn position(&self) -> Option<(f64, f64)> {
        self.lat
            .zip(self.lon)
            .filter(|(a, o)| a.is_finite() && o.is_finite())
    }
}

/// Vehicle counts by state for the map's tabs.
#[derive(Debug, Default, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FleetStatistics {
    pub all: i64,
    /// An active alarm.
    pub alarm: i64,
    /// No report for 30 minutes, or never.
    pub offline: i64,
    pub online: i64,
    /// Online and moving.
    pub driving: i64,
    /// Online and standing.
    pub parked: i64,
    /// Followed by the caller.
    pub followed: i64,
    /// install_state 0.
    pub not_installed: i64,
    /// Service closed.
    pub closed: i64,
}

impl FleetStatistics {
    /// Counts one vehicle.
    pub(super) fn add(&mut self, row: &FleetRow, offline: bool, followed: bool) {
        let count = |n: &mut i64, yes: bool| *n += i64::from(yes);
        let moving = row.speed.is_some_and(|s| s > 0.0);
        self.all += 1;
        count(&mut self.alarm, row.alarm.unwrap_or_default());
        count(&mut self.offline, offline);
        count(&mut self.online, !offline);
        count(&mut self.driving, !offline && moving);
        count(&mut self.parked, !offline && !moving);
        count(&mut self.followed, followed);
        count(&mut self.not_installed, row.install_state == 0);
        count(&mut self.closed, row.closed.unwrap_or_default());
    }
}
