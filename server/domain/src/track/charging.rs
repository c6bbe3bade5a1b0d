//! Charging analysis (`/charging_analysis`): from the supply voltage a vehicle's reports
//! carried, the sessions in which its battery was being charged (the alternator or a charger
//! lifting the voltage above the charging level of its 12 V or 24 V system), the periods it
//! ran low, and the series for a chart.

use chrono::{DateTime, Utc};
use entities::position;
use sea_orm::{ColumnTrait, DatabaseConnection, EntityTrait, QueryFilter, QueryOrder, QuerySelect};
use serde::Serialize;
use utoipa::ToSchema;

use crate::scope::Scope;
use crate::vehicle::history::TimeRange;
use kernel::error::AppError;

/// Charging and low levels of the two supply systems, V.
const CHARGING_12V: f64 = 13.2;
const CHARGING_24V: f64 = 26.4;
const LOW_12V: f64 = 11.5;
const LOW_24V: f64 = 22.5;
/// Above this median a system is taken for 24 V.
const SYSTEM_SPLIT_V: f64 = 18.0;
/// A silence that ends a session, seconds.
const GAP_SECONDS: i64 = 600;
/// Points of the voltage series answered at most.
const MAX_SERIES: usize = 2000;

/// A stretch of reports at or above (charging) or below (low) a level.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct VoltageSession {
    pub start: DateTime<Utc>,
    pub end: DateTime<Utc>,
    pub seconds: i64,
    pub start_voltage: f64,
    pub end_voltage: f64,
    /// The highest reading (charging) or the lowest (low).
    pub peak_voltage: f64,
    pub lat: f64,
    pub lon: f64,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct VoltagePoint {
    pub ts: DateTime<Utc>,
    pub voltage: f64,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ChargingAnalysis {
    pub vehicle_id: i64,
    pub plate: String,
    /// 12 or 24 (from the median reading); None without readings.
    pub system_volts: Option<u8>,
    /// Reports with a voltage.
    pub readings: usize,
    pub min_voltage: Option<f64>,
    pub max_voltage: Option<f64>,
    pub avg_voltage: Option<f64>,
    pub charging: Vec<VoltageSession>,
    pub charging_seconds: i64,
    pub low: Vec<VoltageSession>,
    pub low_seconds: i64,
    /// The readings, evenly thinned to at most 2000.
    pub series: Vec<VoltagePoint>,
}

/// A reading: time, volts, where.
type Reading = (DateTime<Utc>, f64, f64, f64);

/// Runs of readings that `holds`, split at silences; `better` picks the peak.
fn sessions(
    readings: &[Reading],
    holds: impl Fn(f64) -> bool,
    better: impl Fn(f64, f64) -> bool,
) -> Vec<VoltageSession> {
    let mut out: Vec<VoltageSession> = Vec::new();
    let mut open: Option<VoltageSession> = None;
    let mut last: Option<DateTime<Utc>> = None;
    for &(ts, v, lat, lon) in readings {
        let gap = last.is_some_and(|l| (ts - l).num_seconds() > GAP_SECONDS);
        last = Some(ts);
        if gap || !holds(v) {
            out.extend(open.take());
        }
        if !holds(v) {
            continue;
        }
        match &mut open {
            Some(s) => {
                s.end = ts;
                s.seconds = (ts - s.start).num_seconds();
                s.end_voltage = v;
                if better(v, s.peak_voltage) {
                    s.peak_voltage = v;
                }
            }
            None => {
                open = Some(VoltageSession {
                    start: ts,
                    end: ts,
                    seconds: 0,
                    start_voltage: v,
                    end_voltage: v,
                    peak_voltage: v,
                    lat,
                    lon,
                });
            }
        }
    }
    out.extend(open);
    out
}

/// The charging and low-voltage sessions of a vehicle over a range (at most 31 days).
pub async fn analyse(
    db: &DatabaseConnection,
    scope: &Scope,
    vehicle_id: i64,
    range: TimeRange,
) -> Result<ChargingAnalysis, AppError> {
    let range = range.checked()?;
    let v = crate::vehicle::find(db, scope, vehicle_id).await?;
    let readings: Vec<Reading> = position::Entity::find()
        .select_only()
        .columns([
            position::Column::Ts,
            position::Column::Voltage,
            position::Column::Lat,
            position::Column::Lon,
        ])
        .filter(position::Column::VehicleId.eq(v.id))
        .filter(position::Column::Ts.gte(range.start))
        .filter(position::Column::Ts.lt(range.end))
        .filter(position::Column::Voltage.is_not_null())
        .order_by_asc(position::Column::Ts)
        .into_tuple::<(DateTime<Utc>, Option<f64>, f64, f64)>()
        .all(db)
        .await?
        .into_iter()
        .filter_map(|(ts, volts, lat, lon)| Some((ts, volts?, lat, lon)))
        .collect();
    let mut sorted: Vec<f64> = readings.iter().map(|r| r.1).collect();
    sorted.sort_by(f64::total_cmp);
    let median = sorted.get(sorted.len() / 2).copied();
    let system_volts = median.map(|m| if m > SYSTEM_SPLIT_V { 24 } else { 12 });
    let (charging_level, low_level) = match system_volts {
        Some(24) => (CHARGING_24V, LOW_24V),
        _ => (CHARGING_12V, LOW_12V),
    };
    let charging = sessions(&readings, |v| v >= charging_level, |a, b| a > b);
    let low = sessions(&readings, |v| v < low_level, |a, b| a < b);
    let step = readings.len().div_ceil(MAX_SERIES).max(1);
    #[allow(clippy::cast_precision_loss)]
    let avg_voltage =
        (!sorted.is_empty()).then(|| sorted.iter().sum::<f64>() / sorted.len() as f64);
    Ok(ChargingAnalysis {
        vehicle_id: v.id,
        plate: v.plate,
        system_volts,
        readings: readings.len(),
        min_voltage: sorted.first().copied(),
        max_voltage: sorted.last().copied(),
        avg_voltage,
        charging_seconds: charging.iter().map(|s| s.seconds).sum(),
        low_seconds: low.iter().map(|s| s.seconds).sum(),
        charging,
        low,
        series: readings
            .iter()
            .step_by(step)
            .map(|r| VoltagePoint {
                ts: r.0,
                voltage: r.1,
            })
            .collect(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn reading(min: i64, v: f64) -> Reading {
        (
            DateTime::from_timestamp(1_780_000_000 + min * 60, 0).unwrap(),
            v,
            30.0,
            120.0,
        )
    }

    #[test]
    fn charging_sessions_are_runs_above_the_level_split_at_silences() {
        let r = [
            reading(0, 24.5),
            reading(1, 27.8),
            reading(2, 28.1),
            reading(3, 27.9),
            reading(30, 28.0), // after a 27-minute silence: a new session
            reading(31, 27.5),
            reading(32, 24.0),
        ];
        let found = sessions(&r, |v| v >= CHARGING_24V, |a, b| a > b);
        assert_eq!(found.len(), 2);
        assert_eq!((found[0].seconds, found[0].peak_voltage), (120, 28.1));
        assert_eq!((found[1].start_voltage, found[1].end_voltage), (28.0, 27.5));
    }
}
