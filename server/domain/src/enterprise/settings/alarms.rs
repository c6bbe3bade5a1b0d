//! Alarm settings: enterprise-wide thresholds and those per axle position, as the console edits them.

use super::{GENERAL, POSITIONS, ThresholdPatch, Thresholds, defaults};
use crate::enterprise::find_visible;
use crate::scope::Scope;
use chrono::{DateTime, Utc};
use entities::enterprise_alarm_threshold;
use kernel::error::AppError;
use kernel::text;
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, DatabaseConnection, EntityTrait, QueryFilter,
    Set,
};
use serde::{Deserialize, Serialize};
use std::collections::BTreeSet;
use utoipa::ToSchema;

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

pub(crate) async fn stored(
    db: &impl ConnectionTrait,
    ent: i64,
) -> Result<Vec<enterprise_alarm_threshold::Model>, AppError> {
    Ok(enterprise_alarm_threshold::Entity::find()
        .filter(enterprise_alarm_threshold::Column::EnterpriseId.eq(ent))
        .all(db)
        .await?)
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
