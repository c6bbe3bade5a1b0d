//! Alarm settings: enterprise-wide thresholds and those per axle position, as the console edits them.

use super::{GENERAL, POSITIONS, ThresholdPatch, ThresholdRows, ThresholdSource, Thresholds};
use crate::enterprise::find_visible;
use crate::scope::Scope;
use chrono::{DateTime, Utc};
use entities::enterprise_alarm_threshold;
use kernel::error::AppError;
use kernel::ids::PLATFORM_ENTERPRISE;
use kernel::paging::PageQuery;
use kernel::text;
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, DatabaseConnection, EntityTrait, QueryFilter,
    Set,
};
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet, HashMap};
use utoipa::ToSchema;

/// The enterprise-wide thresholds (`findTbEnterpriseAlarm`).
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EnterpriseAlarm {
    pub ent_id: i64,
    #[serde(flatten)]
    pub thresholds: Thresholds,
    /// False while inherited values apply.
    pub customized: bool,
    /// Where the values come from.
    pub source: ThresholdSource,
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
    /// Where the values come from: the position's own, the enterprise-wide, the platform's
    /// defaults or the built-in ones.
    pub source: ThresholdSource,
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

pub async fn alarm_settings(
    db: &impl ConnectionTrait,
    scope: &Scope,
    ent_id: Option<i64>,
) -> Result<AlarmSettings, AppError> {
    let ent = scope.acting(ent_id)?;
    find_visible(db, scope, ent).await?;
    let rows = ThresholdRows::load(db, ent).await?;
    let (general, general_source) = rows.resolve(GENERAL);
    Ok(AlarmSettings {
        ent_id: ent,
        general: EnterpriseAlarm {
            ent_id: ent,
            thresholds: general,
            customized: rows.own(GENERAL).is_some(),
            source: general_source,
            updated_at: rows.own(GENERAL).map(|g| g.updated_at),
        },
        axles: POSITIONS
            .iter()
            .map(|p| {
                let (thresholds, source) = rows.resolve(p);
                AxleAlarm {
                    position: (*p).into(),
                    position_name: position_name(p),
                    thresholds,
                    customized: rows.own(p).is_some(),
                    source,
                }
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
    let rows = ThresholdRows::load(&txn, ent).await?;
    // A patch starts from what applies now, inherited or not.
    let current = |p: &str| rows.resolve(p).0;
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

/// An enterprise with thresholds of its own.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CustomizedEnterprise {
    pub ent_id: i64,
    pub ent_name: String,
    /// Its own positions: `general`, `steer`, `drive`, `trailer`.
    pub positions: Vec<String>,
    pub updated_at: DateTime<Utc>,
}

/// Who follows the platform's default thresholds (`dataManage/defaultAlert`).
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DefaultsUsage {
    /// Enterprises with none of their own: every value they apply is the platform's.
    pub inheriting: u64,
    /// Enterprises with some of their own, most recently changed first (one page).
    pub list: Vec<CustomizedEnterprise>,
    pub total: u64,
    pub page: u64,
    pub page_size: u64,
}

/// Which enterprises keep thresholds of their own and how many follow the platform's defaults.
/// Platform staff only: the defaults are the platform's.
pub async fn defaults_usage(
    db: &impl ConnectionTrait,
    scope: &Scope,
    page: &PageQuery,
) -> Result<DefaultsUsage, AppError> {
    use entities::enterprise;
    use sea_orm::{PaginatorTrait, QuerySelect};
    if !scope.platform {
        return Err(AppError::fail(text!(
            "默认告警阈值由平台维护，只有平台人员可以查看其使用情况",
            "The default alarm thresholds are the platform's: only platform staff may see who follows them"
        )));
    }
    let rows: Vec<(i64, String, DateTime<Utc>)> = enterprise_alarm_threshold::Entity::find()
        .select_only()
        .columns([
            enterprise_alarm_threshold::Column::EnterpriseId,
            enterprise_alarm_threshold::Column::Position,
            enterprise_alarm_threshold::Column::UpdatedAt,
        ])
        .filter(enterprise_alarm_threshold::Column::EnterpriseId.ne(PLATFORM_ENTERPRISE))
        .into_tuple()
        .all(db)
        .await?;
    let mut by_ent: BTreeMap<i64, (Vec<String>, DateTime<Utc>)> = BTreeMap::new();
    for (ent, position, at) in rows {
        let e = by_ent.entry(ent).or_insert_with(|| (Vec::new(), at));
        e.0.push(position);
        e.1 = e.1.max(at);
    }
    let mut customized: Vec<(i64, Vec<String>, DateTime<Utc>)> =
        by_ent.into_iter().map(|(e, (p, at))| (e, p, at)).collect();
    customized.sort_by(|a, b| b.2.cmp(&a.2).then(a.0.cmp(&b.0)));
    let enterprises = enterprise::Entity::find()
        .filter(enterprise::Column::Id.ne(PLATFORM_ENTERPRISE))
        .count(db)
        .await?;
    let total = customized.len() as u64;
    let size = page.page_size.clamp(1, 500);
    let page_no = page.page.max(1);
    let shown: Vec<_> = customized
        .into_iter()
        .skip(usize::try_from((page_no - 1) * size).unwrap_or(usize::MAX))
        .take(usize::try_from(size).unwrap_or(usize::MAX))
        .collect();
    let names: HashMap<i64, String> = enterprise::Entity::find()
        .select_only()
        .columns([enterprise::Column::Id, enterprise::Column::EntName])
        .filter(enterprise::Column::Id.is_in(shown.iter().map(|c| c.0)))
        .into_tuple()
        .all(db)
        .await?
        .into_iter()
        .collect();
    Ok(DefaultsUsage {
        inheriting: enterprises.saturating_sub(total),
        list: shown
            .into_iter()
            .map(|(ent_id, mut positions, updated_at)| {
                positions
                    .sort_by_key(|p| POSITIONS.iter().position(|q| q == p).map_or(0, |i| i + 1));
                CustomizedEnterprise {
                    ent_name: names.get(&ent_id).cloned().unwrap_or_default(),
                    ent_id,
                    positions,
                    updated_at,
                }
            })
            .collect(),
        total,
        page: page_no,
        page_size: size,
    })
}
