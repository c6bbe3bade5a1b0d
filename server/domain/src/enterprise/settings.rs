//! Per-enterprise settings: alarm thresholds (enterprise-wide and per axle position), push
//! and supervision settings, projects.
//!
//! Threshold defaults follow `reference/fleet.md` §6: nominal (cold) pressure 9.0 bar on steer
//! axles and 8.5 bar on drive and trailer axles; low-pressure warning −15 % and critical
//! −25 %, high pressure +20 %; tyre high temperature 85 °C; fast leak above 20 kPa/min; hub
//! (axle) high temperature 100 °C (SKF's extreme band) and 25 °C between partners on an axle;
//! sensor battery low at 20 %; a sensor silent for 30 minutes is offline.

use std::collections::BTreeSet;

use chrono::{DateTime, Utc};
use entities::{
    cluster, cluster_enterprise, enterprise_alarm_threshold, enterprise_setting, project,
    sys_user_authority,
};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, Condition, ConnectionTrait, DatabaseConnection, EntityTrait,
    QueryFilter, QueryOrder, QuerySelect, QueryTrait, Set,
};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::{Named, find_visible};
use crate::scope::{EnterpriseOwned, Scope};
use kernel::error::{AppError, DbResultExt};
use kernel::i18n::Text;
use kernel::paging::{self, PageQuery, PageResult};
use kernel::text;
use kernel::validate::{json_list, limited, required, to_json};

/// Axle positions with their own thresholds; `general` holds the enterprise-wide values.
pub const POSITIONS: [&str; 3] = ["steer", "drive", "trailer"];
pub const GENERAL: &str = "general";

/// Alarm thresholds (pressures in bar, temperatures in °C).
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Thresholds {
    /// Nominal cold inflation pressure, bar (1–15).
    pub standard_pressure: f64,
    /// High-pressure alarm, bar (1–20; above the nominal pressure).
    pub high_pressure: f64,
    /// Low-pressure warning, bar (0.5–15; below the nominal pressure).
    pub low_pressure_warning: f64,
    /// Low-pressure critical alarm, bar (0.5–15; below the warning).
    pub low_pressure_critical: f64,
    /// Tyre high temperature, °C (40–150).
    pub high_temperature: f64,
    /// Fast-leak rate, kPa per minute (1–500).
    pub fast_leak_rate: f64,
    /// Hub (axle) high temperature, °C (50–250).
    pub axle_high_temperature: f64,
    /// Temperature difference between the hubs of one axle, °C (5–150).
    pub axle_temp_difference: f64,
    /// Sensor battery low, percent (1–99).
    pub sensor_low_battery: i32,
    /// Minutes without data before a sensor counts as offline (1–10080).
    pub offline_minutes: i32,
}

/// The default thresholds of an axle position (`general` uses the drive values).
pub fn defaults(position: &str) -> Thresholds {
    let nominal = if position == "steer" { 9.0 } else { 8.5 };
    let round = |v: f64| (v * 10.0).round() / 10.0;
    Thresholds {
        standard_pressure: nominal,
        high_pressure: round(nominal * 1.2),
        low_pressure_warning: round(nominal * 0.85),
        low_pressure_critical: round(nominal * 0.75),
        high_temperature: 85.0,
        fast_leak_rate: 20.0,
        axle_high_temperature: 100.0,
        axle_temp_difference: 25.0,
        sensor_low_battery: 20,
        offline_minutes: 30,
    }
}

/// Partial thresholds of an update (absent fields keep their value).
#[derive(Debug, Clone, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ThresholdPatch {
    pub standard_pressure: Option<f64>,
    pub high_pressure: Option<f64>,
    pub low_pressure_warning: Option<f64>,
    pub low_pressure_critical: Option<f64>,
    pub high_temperature: Option<f64>,
    pub fast_leak_rate: Option<f64>,
    pub axle_high_temperature: Option<f64>,
    pub axle_temp_difference: Option<f64>,
    pub sensor_low_battery: Option<i32>,
    pub offline_minutes: Option<i32>,
}

impl ThresholdPatch {
    /// Whether it changes nothing.
    pub fn is_empty(&self) -> bool {
        self.standard_pressure.is_none()
            && self.high_pressure.is_none()
            && self.low_pressure_warning.is_none()
            && self.low_pressure_critical.is_none()
            && self.high_temperature.is_none()
            && self.fast_leak_rate.is_none()
            && self.axle_high_temperature.is_none()
            && self.axle_temp_difference.is_none()
            && self.sensor_low_battery.is_none()
            && self.offline_minutes.is_none()
    }
}

fn out_of_range(field: &str, lo: f64, hi: f64) -> AppError {
    AppError::field(
        field,
        text!(
            "{} 须在 {} 到 {} 之间",
            "{} must be between {} and {}",
            field,
            lo,
            hi
        ),
    )
}

fn bad_order(field: &str, zh: &str, en: &str) -> AppError {
    AppError::field(
        field,
        Text::new(format!("{field} 须{zh}"), format!("{field} must be {en}")),
    )
}

impl Thresholds {
    fn patched(mut self, p: &ThresholdPatch) -> Self {
        macro_rules! take {
            ($($f:ident),*) => { $( if let Some(v) = p.$f { self.$f = v; } )* };
        }
        take!(
            standard_pressure,
            high_pressure,
            low_pressure_warning,
            low_pressure_critical,
            high_temperature,
            fast_leak_rate,
            axle_high_temperature,
            axle_temp_difference,
            sensor_low_battery,
            offline_minutes
        );
        self
    }

    /// Checks ranges and order; `prefix` names where the values came from (e.g. `axles[1].`).
    fn check(&self, prefix: &str) -> Result<(), AppError> {
        let name = |f: &str| format!("{prefix}{f}");
        for (field, v, lo, hi) in [
            ("standardPressure", self.standard_pressure, 1.0, 15.0),
            ("highPressure", self.high_pressure, 1.0, 20.0),
            ("lowPressureWarning", self.low_pressure_warning, 0.5, 15.0),
            ("lowPressureCritical", self.low_pressure_critical, 0.5, 15.0),
            ("highTemperature", self.high_temperature, 40.0, 150.0),
            ("fastLeakRate", self.fast_leak_rate, 1.0, 500.0),
            (
                "axleHighTemperature",
                self.axle_high_temperature,
                50.0,
                250.0,
            ),
            ("axleTempDifference", self.axle_temp_difference, 5.0, 150.0),
            (
                "sensorLowBattery",
                f64::from(self.sensor_low_battery),
                1.0,
                99.0,
            ),
            (
                "offlineMinutes",
                f64::from(self.offline_minutes),
                1.0,
                10080.0,
            ),
        ] {
            if !v.is_finite() || v < lo || v > hi {
                return Err(out_of_range(&name(field), lo, hi));
            }
        }
        if self.high_pressure <= self.standard_pressure {
            return Err(bad_order(
                &name("highPressure"),
                "高于 standardPressure",
                "above standardPressure",
            ));
        }
        if self.low_pressure_warning >= self.standard_pressure {
            return Err(bad_order(
                &name("lowPressureWarning"),
                "低于 standardPressure",
                "below standardPressure",
            ));
        }
        if self.low_pressure_critical >= self.low_pressure_warning {
            return Err(bad_order(
                &name("lowPressureCritical"),
                "低于 lowPressureWarning",
                "below lowPressureWarning",
            ));
        }
        Ok(())
    }
}

impl From<&enterprise_alarm_threshold::Model> for Thresholds {
    fn from(m: &enterprise_alarm_threshold::Model) -> Self {
        Self {
            standard_pressure: m.standard_pressure,
            high_pressure: m.high_pressure,
            low_pressure_warning: m.low_pressure_warning,
            low_pressure_critical: m.low_pressure_critical,
            high_temperature: m.high_temperature,
            fast_leak_rate: m.fast_leak_rate,
            axle_high_temperature: m.axle_high_temperature,
            axle_temp_difference: m.axle_temp_difference,
            sensor_low_battery: m.sensor_low_battery,
            offline_minutes: m.offline_minutes,
        }
    }
}

/// The enterprise-wide thresholds (`findTbEnterpriseAlarm`).
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EnterpriseAlarm {
    pub ent_id: i64,
    #[serde(flatten)]
    pub thresholds: Thresholds,
    /// False while the defaults apply.
    pub customized: bool,
    pub updated_at: Option<DateTime<Utc>>,
}

/// Thresholds of one axle position.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AxleAlarm {
    /// steer, drive or trailer.
    pub position: String,
    pub position_name: String,
    #[serde(flatten)]
    pub thresholds: Thresholds,
    pub customized: bool,
}

/// Thresholds per axle position (`findTbEnterpriseAlarmNew`).
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AlarmSettings {
    pub ent_id: i64,
    pub general: EnterpriseAlarm,
    pub axles: Vec<AxleAlarm>,
}

fn position_name(p: &str) -> String {
    match p {
        "steer" => text!("转向轴", "steer axle"),
        "drive" => text!("驱动轴", "drive axle"),
        "trailer" => text!("挂车轴", "trailer axle"),
        _ => text!("全车", "whole vehicle"),
    }
    .current()
    .to_owned()
}

async fn stored(
    db: &impl ConnectionTrait,
    ent: i64,
) -> Result<Vec<enterprise_alarm_threshold::Model>, AppError> {
    Ok(enterprise_alarm_threshold::Entity::find()
        .filter(enterprise_alarm_threshold::Column::EnterpriseId.eq(ent))
        .all(db)
        .await?)
}

/// The thresholds that apply to the vehicles of an enterprise, per axle position ([`POSITIONS`]
/// order: steer, drive, trailer): the position's own values, else the enterprise's general
/// values, else the defaults.
pub async fn effective_thresholds(
    db: &impl ConnectionTrait,
    ent: i64,
) -> Result<[Thresholds; 3], AppError> {
    let rows = stored(db, ent).await?;
    let get = |p: &str| rows.iter().find(|r| r.position == p).map(Thresholds::from);
    let general = get(GENERAL);
    Ok(POSITIONS.map(|p| get(p).or(general).unwrap_or_else(|| defaults(p))))
}

pub async fn alarm_settings(
    db: &impl ConnectionTrait,
    scope: &Scope,
    ent_id: Option<i64>,
) -> Result<AlarmSettings, AppError> {
    let ent = scope.acting(ent_id)?;
    find_visible(db, scope, ent).await?;
    let rows = stored(db, ent).await?;
    let get = |p: &str| rows.iter().find(|r| r.position == p);
    let general = get(GENERAL);
    Ok(AlarmSettings {
        ent_id: ent,
        general: EnterpriseAlarm {
            ent_id: ent,
            thresholds: general.map_or_else(|| defaults(GENERAL), Thresholds::from),
            customized: general.is_some(),
            updated_at: general.map(|g| g.updated_at),
        },
        axles: POSITIONS
            .iter()
            .map(|p| AxleAlarm {
                position: (*p).into(),
                position_name: position_name(p),
                thresholds: get(p).map_or_else(|| defaults(p), Thresholds::from),
                customized: get(p).is_some(),
            })
            .collect(),
    })
}

/// An axle position's changes in an update (absent fields keep their value).
#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AxlePatch {
    /// steer, drive or trailer.
    pub position: String,
    /// Drop this position's own values (back to its defaults).
    #[serde(default)]
    pub reset: bool,
    pub standard_pressure: Option<f64>,
    pub high_pressure: Option<f64>,
    pub low_pressure_warning: Option<f64>,
    pub low_pressure_critical: Option<f64>,
    pub high_temperature: Option<f64>,
    pub fast_leak_rate: Option<f64>,
    pub axle_high_temperature: Option<f64>,
    pub axle_temp_difference: Option<f64>,
    pub sensor_low_battery: Option<i32>,
    pub offline_minutes: Option<i32>,
}

impl AxlePatch {
    fn thresholds(&self) -> ThresholdPatch {
        ThresholdPatch {
            standard_pressure: self.standard_pressure,
            high_pressure: self.high_pressure,
            low_pressure_warning: self.low_pressure_warning,
            low_pressure_critical: self.low_pressure_critical,
            high_temperature: self.high_temperature,
            fast_leak_rate: self.fast_leak_rate,
            axle_high_temperature: self.axle_high_temperature,
            axle_temp_difference: self.axle_temp_difference,
            sensor_low_battery: self.sensor_low_battery,
            offline_minutes: self.offline_minutes,
        }
    }
}

/// Updates thresholds: `general` (enterprise-wide) and any axle positions. Every value is
/// checked; nothing is saved when one is out of range.
pub async fn update_alarm(
    db: &DatabaseConnection,
    scope: &Scope,
    ent_id: Option<i64>,
    general: Option<&ThresholdPatch>,
    axles: &[AxlePatch],
) -> Result<AlarmSettings, AppError> {
    let ent = scope.acting(ent_id)?;
    let txn = kernel::db::write_txn(db).await?;
    find_visible(&txn, scope, ent).await?;
    let rows = stored(&txn, ent).await?;
    let current = |p: &str| {
        rows.iter()
            .find(|r| r.position == p)
            .map_or_else(|| defaults(p), Thresholds::from)
    };
    let mut changes: Vec<(String, Option<Thresholds>)> = Vec::new();
    if let Some(g) = general {
        let t = current(GENERAL).patched(g);
        t.check("")?;
        changes.push((GENERAL.into(), Some(t)));
    }
    let mut seen = BTreeSet::new();
    for (i, a) in axles.iter().enumerate() {
        let p = a.position.trim();
        if !POSITIONS.contains(&p) {
            return Err(AppError::fail(text!(
                "axles[{}].position 须为 steer、drive 或 trailer",
                "axles[{}].position must be steer, drive or trailer",
                i
            )));
        }
        if !seen.insert(p.to_owned()) {
            return Err(AppError::fail(text!(
                "axles[{}].position {} 重复",
                "axles[{}].position {} appears twice",
                i,
                p
            )));
        }
        if a.reset {
            changes.push((p.into(), None));
        } else {
            let t = current(p).patched(&a.thresholds());
            t.check(&format!("axles[{i}]."))?;
            changes.push((p.into(), Some(t)));
        }
    }
    let now = Utc::now();
    for (position, t) in changes {
        enterprise_alarm_threshold::Entity::delete_many()
            .filter(enterprise_alarm_threshold::Column::EnterpriseId.eq(ent))
            .filter(enterprise_alarm_threshold::Column::Position.eq(position.clone()))
            .exec(&txn)
            .await?;
        if let Some(t) = t {
            enterprise_alarm_threshold::ActiveModel {
                enterprise_id: Set(ent),
                position: Set(position),
                standard_pressure: Set(t.standard_pressure),
                high_pressure: Set(t.high_pressure),
                low_pressure_warning: Set(t.low_pressure_warning),
                low_pressure_critical: Set(t.low_pressure_critical),
                high_temperature: Set(t.high_temperature),
                fast_leak_rate: Set(t.fast_leak_rate),
                axle_high_temperature: Set(t.axle_high_temperature),
                axle_temp_difference: Set(t.axle_temp_difference),
                sensor_low_battery: Set(t.sensor_low_battery),
                offline_minutes: Set(t.offline_minutes),
                updated_at: Set(now),
            }
            .insert(&txn)
            .await?;
        }
    }
    txn.commit().await?;
    alarm_settings(db, scope, Some(ent)).await
}

/// Alarm types push and supervision settings may name.
pub const ALARM_TYPES: [&str; 11] = [
    "high_pressure",
    "low_pressure",
    "high_temperature",
    "fast_leak",
    "slow_leak",
    "axle_high_temperature",
    "axle_temp_difference",
    "sensor_lost",
    "sensor_low_battery",
    "sensor_fault",
    "offline",
];
pub const CHANNELS: [&str; 4] = ["app", "sms", "wechat", "email"];

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PushSettings {
    pub ent_id: i64,
    pub enabled: bool,
    /// app, sms, wechat, email.
    pub channels: Vec<String>,
    /// Alarm types pushed (empty: all). See `alarmTypeOptions`.
    pub alarm_types: Vec<String>,
    /// `HH:MM`, or "" for no quiet hours.
    pub quiet_start: String,
    pub quiet_end: String,
    /// Members who receive pushes (empty: every member).
    pub receivers: Vec<i64>,
    pub alarm_type_options: Vec<String>,
    pub channel_options: Vec<String>,
    pub updated_at: Option<DateTime<Utc>>,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SuperviseSettings {
    pub ent_id: i64,
    /// Whether alarms are forwarded to the supervisors of the enterprise's clusters.
    pub enabled: bool,
    /// Alarm types forwarded (empty: all).
    pub alarm_types: Vec<String>,
    /// The clusters (with their supervisors) the enterprise is in.
    pub clusters: Vec<Named>,
    pub updated_at: Option<DateTime<Utc>>,
}

async fn settings_row(
    db: &impl ConnectionTrait,
    ent: i64,
) -> Result<(enterprise_setting::Model, bool), AppError> {
    Ok(
        match enterprise_setting::Entity::find_by_id(ent).one(db).await? {
            Some(s) => (s, true),
            None => (
                enterprise_setting::Model {
                    enterprise_id: ent,
                    push_enabled: true,
                    push_channels: "[\"app\"]".into(),
                    push_alarm_types: "[]".into(),
                    push_quiet_start: String::new(),
                    push_quiet_end: String::new(),
                    push_receivers: "[]".into(),
                    supervise_enabled: false,
                    supervise_alarm_types: "[]".into(),
                    updated_at: Utc::now(),
                },
                false,
            ),
        },
    )
}

fn push_of(s: &enterprise_setting::Model, stored: bool) -> PushSettings {
    PushSettings {
        ent_id: s.enterprise_id,
        enabled: s.push_enabled,
        channels: json_list(&s.push_channels),
        alarm_types: json_list(&s.push_alarm_types),
        quiet_start: s.push_quiet_start.clone(),
        quiet_end: s.push_quiet_end.clone(),
        receivers: json_list(&s.push_receivers),
        alarm_type_options: ALARM_TYPES.iter().map(|s| (*s).to_owned()).collect(),
        channel_options: CHANNELS.iter().map(|s| (*s).to_owned()).collect(),
        updated_at: stored.then_some(s.updated_at),
    }
}

pub async fn push_settings(
    db: &DatabaseConnection,
    scope: &Scope,
    ent_id: Option<i64>,
) -> Result<PushSettings, AppError> {
    let ent = scope.acting(ent_id)?;
    find_visible(db, scope, ent).await?;
    let (s, stored) = settings_row(db, ent).await?;
    Ok(push_of(&s, stored))
}

fn known(field: &str, values: &[String], allowed: &[&str]) -> Result<Vec<String>, AppError> {
    let mut out = BTreeSet::new();
    for v in values {
        if !allowed.contains(&v.as_str()) {
            return Err(AppError::field(
                field,
                text!(
                    "{} 含未知的值 {}",
                    "{} holds the unknown value {}",
                    field,
                    v
                ),
            ));
        }
        out.insert(v.clone());
    }
    Ok(out.into_iter().collect())
}

fn hhmm(field: &str, v: &str) -> Result<String, AppError> {
    let v = v.trim();
    if v.is_empty() {
        return Ok(String::new());
    }
    let ok = v.len() == 5
        && v.split_once(':').is_some_and(|(h, m)| {
            h.parse::<u8>().is_ok_and(|h| h < 24) && m.parse::<u8>().is_ok_and(|m| m < 60)
        });
    if ok {
        Ok(v.to_owned())
    } else {
        Err(AppError::field(
            field,
            text!("{} 须为 HH:MM", "{} must be HH:MM", field),
        ))
    }
}

#[derive(Debug, Clone, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PushPatch {
    pub enabled: Option<bool>,
    pub channels: Option<Vec<String>>,
    pub alarm_types: Option<Vec<String>>,
    pub quiet_start: Option<String>,
    pub quiet_end: Option<String>,
    pub receivers: Option<Vec<i64>>,
}

async fn save_settings(
    db: &impl ConnectionTrait,
    s: enterprise_setting::Model,
    stored: bool,
) -> Result<enterprise_setting::Model, AppError> {
    let mut row: enterprise_setting::ActiveModel = s.into();
    row.updated_at = Set(Utc::now());
    let saved = if stored {
        row.reset_all().update(db).await?
    } else {
        row.reset_all().insert(db).await?
    };
    Ok(saved)
}

pub async fn set_push(
    db: &DatabaseConnection,
    scope: &Scope,
    ent_id: Option<i64>,
    p: &PushPatch,
) -> Result<PushSettings, AppError> {
    let ent = scope.acting(ent_id)?;
    let txn = kernel::db::write_txn(db).await?;
    find_visible(&txn, scope, ent).await?;
    let (mut s, stored) = settings_row(&txn, ent).await?;
    if let Some(v) = p.enabled {
        s.push_enabled = v;
    }
    if let Some(v) = &p.channels {
        s.push_channels = to_json(&known("channels", v, &CHANNELS)?);
    }
    if let Some(v) = &p.alarm_types {
        s.push_alarm_types = to_json(&known("alarmTypes", v, &ALARM_TYPES)?);
    }
    if let Some(v) = &p.quiet_start {
        s.push_quiet_start = hhmm("quietStart", v)?;
    }
    if let Some(v) = &p.quiet_end {
        s.push_quiet_end = hhmm("quietEnd", v)?;
    }
    if s.push_quiet_start.is_empty() != s.push_quiet_end.is_empty() {
        return Err(AppError::fail(text!(
            "quietStart 和 quietEnd 须同时设置或同时为空",
            "quietStart and quietEnd are set together or both empty"
        )));
    }
    if let Some(v) = &p.receivers {
        let wanted: BTreeSet<i64> = v.iter().copied().collect();
        let members: BTreeSet<i64> = sys_user_authority::Entity::find()
            .select_only()
            .column(sys_user_authority::Column::UserId)
            .filter(sys_user_authority::Column::EnterpriseId.eq(ent))
            .filter(sys_user_authority::Column::UserId.is_in(wanted.iter().copied()))
            .into_tuple::<i64>()
            .all(&txn)
            .await?
            .into_iter()
            .collect();
        if let Some(bad) = wanted.iter().find(|u| !members.contains(u)) {
            return Err(AppError::fail(text!(
                "receivers：用户 {} 不是企业 {} 的成员",
                "receivers: user {} is not a member of enterprise {}",
                bad,
                ent
            )));
        }
        s.push_receivers = to_json(&wanted);
    }
    let saved = save_settings(&txn, s, stored).await?;
    txn.commit().await?;
    Ok(push_of(&saved, true))
}

/// Supervision settings; given fields are saved first.
pub async fn supervise(
    db: &DatabaseConnection,
    scope: &Scope,
    ent_id: Option<i64>,
    enabled: Option<bool>,
    alarm_types: Option<&[String]>,
) -> Result<SuperviseSettings, AppError> {
    let ent = scope.acting(ent_id)?;
    let txn = kernel::db::write_txn(db).await?;
    find_visible(&txn, scope, ent).await?;
    let (mut s, mut stored) = settings_row(&txn, ent).await?;
    if enabled.is_some() || alarm_types.is_some() {
        if let Some(e) = enabled {
            s.supervise_enabled = e;
        }
        if let Some(t) = alarm_types {
            s.supervise_alarm_types = to_json(&known("alarmTypes", t, &ALARM_TYPES)?);
        }
        s = save_settings(&txn, s, stored).await?;
        stored = true;
    }
    let in_clusters = cluster_enterprise::Entity::find()
        .select_only()
        .column(cluster_enterprise::Column::ClusterId)
        .filter(cluster_enterprise::Column::EnterpriseId.eq(ent))
        .into_query();
    let clusters = cluster::Entity::find()
        .filter(cluster::Column::Id.in_subquery(in_clusters))
        .order_by_asc(cluster::Column::Id)
        .all(&txn)
        .await?
        .into_iter()
        .map(|c| Named {
            id: c.id,
            name: c.name,
        })
        .collect();
    txn.commit().await?;
    Ok(SuperviseSettings {
        ent_id: ent,
        enabled: s.supervise_enabled,
        alarm_types: json_list(&s.supervise_alarm_types),
        clusters,
        updated_at: stored.then_some(s.updated_at),
    })
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ProjectRow {
    #[serde(rename = "ID")]
    pub id: i64,
    pub ent_id: i64,
    pub name: String,
    pub code: String,
    /// 0 active, 1 closed.
    pub state: i16,
    pub remark: String,
    /// `YYYY-MM-DD` or "".
    pub starts_on: String,
    pub ends_on: String,
    pub created_by: Option<i64>,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

impl From<project::Model> for ProjectRow {
    fn from(p: project::Model) -> Self {
        Self {
            id: p.id,
            ent_id: p.enterprise_id,
            name: p.name,
            code: p.code,
            state: p.state,
            remark: p.remark,
            starts_on: p.starts_on,
            ends_on: p.ends_on,
            created_by: p.created_by,
            created_at: p.created_at,
            updated_at: p.updated_at,
        }
    }
}

fn project_not_found(id: i64) -> AppError {
    AppError::fail(text!("项目 {} 不存在", "Project {} does not exist", id))
}

impl EnterpriseOwned for project::Entity {
    const ENTERPRISE: Self::Column = project::Column::EnterpriseId;
    fn not_found(id: i64) -> AppError {
        project_not_found(id)
    }
}

pub async fn projects(
    db: &DatabaseConnection,
    scope: &Scope,
    ent_id: Option<i64>,
    keyword: Option<&str>,
    state: Option<i16>,
    page: PageQuery,
) -> Result<PageResult<ProjectRow>, AppError> {
    let ent = scope.acting(ent_id)?;
    let mut cond = Condition::all()
        .add(project::Column::EnterpriseId.eq(ent))
        .add(scope.filter(project::Column::EnterpriseId));
    if let Some(k) = keyword.map(str::trim).filter(|k| !k.is_empty()) {
        cond = cond.add(
            Condition::any()
                .add(kernel::search::contains(project::Column::Name, k))
                .add(kernel::search::contains(project::Column::Code, k)),
        );
    }
    if let Some(s) = state {
        cond = cond.add(project::Column::State.eq(s));
    }
    let select = project::Entity::find()
        .filter(cond)
        .order_by_desc(project::Column::Id);
    paging::fetch(db, select, page, ProjectRow::from).await
}

#[derive(Debug, Clone, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ProjectInput {
    /// The project to edit; absent or 0 creates one.
    #[serde(default, rename = "ID", alias = "id")]
    pub id: Option<i64>,
    /// The enterprise of a new project (default: the acting one).
    #[serde(default)]
    pub ent_id: Option<i64>,
    #[serde(default)]
    pub name: Option<String>,
    #[serde(default)]
    pub code: Option<String>,
    /// 0 active, 1 closed.
    #[serde(default)]
    pub state: Option<i16>,
    #[serde(default)]
    pub remark: Option<String>,
    /// `YYYY-MM-DD` or "".
    #[serde(default)]
    pub starts_on: Option<String>,
    #[serde(default)]
    pub ends_on: Option<String>,
}

fn date(field: &str, v: &str) -> Result<String, AppError> {
    let v = v.trim();
    if v.is_empty() || chrono::NaiveDate::parse_from_str(v, "%Y-%m-%d").is_ok() {
        Ok(v.to_owned())
    } else {
        Err(AppError::field(
            field,
            text!("{} 须为 YYYY-MM-DD", "{} must be YYYY-MM-DD", field),
        ))
    }
}

/// Creates (no `ID`) or edits a project.
pub async fn save_project(
    db: &DatabaseConnection,
    scope: &Scope,
    input: &ProjectInput,
) -> Result<ProjectRow, AppError> {
    let txn = kernel::db::write_txn(db).await?;
    let now = Utc::now();
    let (mut row, existing) = match input.id.filter(|i| *i != 0) {
        Some(id) => {
            let p = scope.find::<project::Entity>(&txn, id).await?;
            if let Some(e) = input.ent_id.filter(|e| *e != 0 && *e != p.enterprise_id) {
                return Err(AppError::fail(text!(
                    "项目 {} 不属于企业 {}",
                    "Project {} does not belong to enterprise {}",
                    id,
                    e
                )));
            }
            (project::ActiveModel::from(p), true)
        }
        None => {
            let ent = scope.acting(input.ent_id)?;
            find_visible(&txn, scope, ent).await?;
            let row = project::ActiveModel {
                enterprise_id: Set(ent),
                name: Set(required("name", input.name.as_deref().unwrap_or(""), 64)?),
                code: Set(String::new()),
                state: Set(0),
                remark: Set(String::new()),
                starts_on: Set(String::new()),
                ends_on: Set(String::new()),
                created_by: Set(Some(scope.user.id)),
                created_at: Set(now),
                ..Default::default()
            };
            (row, false)
        }
    };
    if let Some(v) = &input.name {
        row.name = Set(required("name", v, 64)?);
    }
    if let Some(v) = &input.code {
        row.code = Set(limited("code", v, 32)?);
    }
    if let Some(v) = input.state {
        kernel::validate::in_range("state", v.into(), 0, 1)?;
        row.state = Set(v);
    }
    if let Some(v) = &input.remark {
        row.remark = Set(limited("remark", v, 500)?);
    }
    if let Some(v) = &input.starts_on {
        row.starts_on = Set(date("startsOn", v)?);
    }
    if let Some(v) = &input.ends_on {
        row.ends_on = Set(date("endsOn", v)?);
    }
    if let (
        Set(s) | sea_orm::ActiveValue::Unchanged(s),
        Set(e) | sea_orm::ActiveValue::Unchanged(e),
    ) = (&row.starts_on, &row.ends_on)
        && !s.is_empty()
        && !e.is_empty()
        && e < s
    {
        return Err(AppError::field(
            "endsOn",
            text!(
                "endsOn 不能早于 startsOn",
                "endsOn must not be before startsOn"
            ),
        ));
    }
    row.updated_at = Set(now);
    let saved = if existing {
        row.update(&txn).await
    } else {
        row.insert(&txn).await
    }
    .on_conflict(|| {
        text!(
            "该企业已有同名项目",
            "This enterprise already has a project with this name"
        )
    })?;
    txn.commit().await?;
    Ok(saved.into())
}

/// Deletes projects, all or none.
pub async fn delete_projects(
    db: &DatabaseConnection,
    scope: &Scope,
    ids: &[i64],
) -> Result<(), AppError> {
    let ids: BTreeSet<i64> = ids.iter().copied().filter(|i| *i != 0).collect();
    if ids.is_empty() {
        return Err(AppError::fail(text!("缺少项目 ID", "Missing field ID")));
    }
    let txn = kernel::db::write_txn(db).await?;
    for id in &ids {
        scope.find::<project::Entity>(&txn, *id).await?;
    }
    project::Entity::delete_many()
        .filter(project::Column::Id.is_in(ids.iter().copied()))
        .exec(&txn)
        .await?;
    txn.commit().await?;
    Ok(())
}
