//! Per-enterprise settings: alarm thresholds (enterprise-wide and per axle position), push
//! and supervision settings, projects.
//!
//! Threshold defaults follow `reference/fleet.md` §6: nominal (cold) pressure 9.0 bar on steer
//! axles and 8.5 bar on drive and trailer axles; low-pressure warning −15 % and critical
//! −25 %, high pressure +20 %; tyre high temperature 85 °C; fast leak above 20 kPa/min; hub
//! (axle) high temperature 100 °C (SKF's extreme band) and 25 °C between partners on an axle;
//! sensor battery low at 20 %; a sensor silent for 30 minutes is offline.

use entities::enterprise_alarm_threshold;
use kernel::error::AppError;
use kernel::i18n::Text;
use kernel::text;
use sea_orm::ConnectionTrait;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

mod alarms;
mod projects;
mod push;

pub use alarms::*;
pub use projects::*;
pub use push::*;

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

pub(super) fn out_of_range(field: &str, lo: f64, hi: f64) -> AppError {
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

pub(super) fn bad_order(field: &str, zh: &str, en: &str) -> AppError {
    AppError::field(
        field,
        Text::new(format!("{field} 须{zh}"), format!("{field} must be {en}")),
    )
}

impl Thresholds {
    pub(super) fn patched(mut self, p: &ThresholdPatch) -> Self {
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

/// Where the thresholds that apply to a position come from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum ThresholdSource {
    /// The enterprise's own values for this position.
    Own,
    /// The enterprise's own enterprise-wide values.
    Enterprise,
    /// The platform's defaults (`dataManage/defaultAlert`: the platform enterprise's own values).
    Platform,
    /// The built-in values ([`defaults`]).
    BuiltIn,
}

/// The stored thresholds of an enterprise and of the platform, from which [`ThresholdRows::resolve`]
/// tells what applies.
pub struct ThresholdRows {
    own: Vec<enterprise_alarm_threshold::Model>,
    platform: Vec<enterprise_alarm_threshold::Model>,
}

impl ThresholdRows {
    /// Reads both in one query.
    ///
    /// # Errors
    /// When the database fails.
    pub async fn load(db: &impl ConnectionTrait, ent: i64) -> Result<Self, AppError> {
        use sea_orm::{ColumnTrait, EntityTrait, QueryFilter};
        let (own, platform) = enterprise_alarm_threshold::Entity::find()
            .filter(
                enterprise_alarm_threshold::Column::EnterpriseId
                    .is_in([ent, kernel::ids::PLATFORM_ENTERPRISE]),
            )
            .all(db)
            .await?
            .into_iter()
            .partition(|r| r.enterprise_id == ent);
        Ok(Self { own, platform })
    }

    /// The enterprise's own row of a position (`general` or an axle position).
    pub fn own(&self, position: &str) -> Option<&enterprise_alarm_threshold::Model> {
        self.own.iter().find(|r| r.position == position)
    }

    /// What applies to a position: the enterprise's own values for it, else its enterprise-wide
    /// values (for an axle position), else the platform's values for it, else the platform's
    /// enterprise-wide values, else the built-in ones. The platform enterprise itself resolves
    /// the same way over its own rows.
    pub fn resolve(&self, position: &str) -> (Thresholds, ThresholdSource) {
        let find = |rows: &[enterprise_alarm_threshold::Model], p: &str| {
            rows.iter().find(|r| r.position == p).map(Thresholds::from)
        };
        let axle = position != GENERAL;
        if let Some(t) = find(&self.own, position) {
            return (t, ThresholdSource::Own);
        }
        if axle && let Some(t) = find(&self.own, GENERAL) {
            return (t, ThresholdSource::Enterprise);
        }
        find(&self.platform, position)
            .or_else(|| find(&self.platform, GENERAL).filter(|_| axle))
            .map_or_else(
                || (defaults(position), ThresholdSource::BuiltIn),
                |t| (t, ThresholdSource::Platform),
            )
    }
}

/// The thresholds that apply to the vehicles of an enterprise, per axle position ([`POSITIONS`]
/// order: steer, drive, trailer; see [`ThresholdRows::resolve`]).
pub async fn effective_thresholds(
    db: &impl ConnectionTrait,
    ent: i64,
) -> Result<[Thresholds; 3], AppError> {
    let rows = ThresholdRows::load(db, ent).await?;
    Ok(POSITIONS.map(|p| rows.resolve(p).0))
}
