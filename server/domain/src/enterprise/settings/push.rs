//! Push and supervision settings: which alarms go out on which channels, and quiet hours.

use crate::enterprise::{Named, find_visible};
use crate::scope::Scope;
use chrono::{DateTime, Utc};
use entities::{cluster, cluster_enterprise, enterprise_setting, sys_user_authority};
use kernel::error::AppError;
use kernel::text;
use kernel::validate::{json_list, to_json};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, DatabaseConnection, EntityTrait, QueryFilter,
    QueryOrder, QuerySelect, QueryTrait, Set,
};
use serde::{Deserialize, Serialize};
use std::collections::BTreeSet;
use utoipa::ToSchema;

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
