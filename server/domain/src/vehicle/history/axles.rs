//! Axle (hub) temperatures: series with peaks per position, and statistics across the fleet.

use super::{TimeRange, frames, named_vehicles};
use crate::scope::Scope;
use chrono::{DateTime, Duration, Utc};
pub use entities::wheel_values::AXLE;
use kernel::error::AppError;
use sea_orm::{ConnectionTrait, DatabaseConnection};
use serde::Serialize;
use std::collections::{BTreeMap, HashMap};
use utoipa::ToSchema;

// ---- axle temperatures ---------------------------------------------------------------------

/// A temperature sample.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TempPoint {
    pub ts: DateTime<Utc>,
    /// °C
    pub temp: f64,
}

/// A braking heat peak: a local maximum that rose at least `minRise` over the lowest
/// temperature of the ten minutes before.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Peak {
    pub ts: DateTime<Utc>,
    /// °C
    pub temp: f64,
    /// °C above the preceding low.
    pub rise: f64,
}

/// The hub temperature series of one wheel position.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AxleSeries {
    pub position: i32,
    pub max: Option<f64>,
    pub avg: Option<f64>,
    pub points: Vec<TempPoint>,
    /// Only in `brakingTp` answers.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub peaks: Option<Vec<Peak>>,
}

/// Hub temperatures of a vehicle in a range, per position (optionally only `positions`).
async fn axle_points(
    db: &impl ConnectionTrait,
    vehicle_id: i64,
    range: TimeRange,
    positions: &[i32],
) -> Result<BTreeMap<i32, Vec<TempPoint>>, AppError> {
    let mut out: BTreeMap<i32, Vec<TempPoint>> = BTreeMap::new();
    for (ts, wheels) in frames(db, vehicle_id, range.start, range.end).await? {
        for w in wheels
            .iter()
            .filter(|w| w.kind == AXLE && (positions.is_empty() || positions.contains(&w.position)))
        {
            if let Some(temp) = w.temp {
                out.entry(w.position)
                    .or_default()
                    .push(TempPoint { ts, temp });
            }
        }
    }
    Ok(out)
}

/// The highest and the mean temperature of a series.
fn max_avg(points: &[TempPoint]) -> (Option<f64>, Option<f64>) {
    let max = points.iter().map(|p| p.temp).reduce(f64::max);
    let avg = (!points.is_empty())
        .then(|| points.iter().map(|p| p.temp).sum::<f64>() / points.len() as f64);
    (max, avg)
}

fn series(position: i32, points: Vec<TempPoint>) -> AxleSeries {
    let (max, avg) = max_avg(&points);
    AxleSeries {
        position,
        max,
        avg,
        points,
        peaks: None,
    }
}

/// Local maxima rising at least `min_rise` °C over the lowest sample of the ten minutes
/// before them.
pub fn peaks(points: &[TempPoint], min_rise: f64) -> Vec<Peak> {
    let window = Duration::minutes(10);
    let mut out = Vec::new();
    for (i, p) in points.iter().enumerate() {
        let higher_than_prev = i == 0 || p.temp > points[i - 1].temp;
        let not_lower_than_next = points.get(i + 1).is_none_or(|n| p.temp >= n.temp);
        if !(higher_than_prev && not_lower_than_next) {
            continue;
        }
        let low = points[..i]
            .iter()
            .rev()
            .take_while(|q| p.ts - q.ts <= window)
            .map(|q| q.temp)
            .reduce(f64::min);
        if let Some(low) = low
            && p.temp - low >= min_rise
        {
            out.push(Peak {
                ts: p.ts,
                temp: p.temp,
                rise: p.temp - low,
            });
        }
    }
    out
}

/// Hub temperature series per position of a vehicle the scope sees; with `min_rise`, also the
/// braking heat peaks.
pub async fn axle_data(
    db: &DatabaseConnection,
    scope: &Scope,
    vehicle_id: i64,
    range: TimeRange,
    positions: &[i32],
    min_rise: Option<f64>,
) -> Result<Vec<AxleSeries>, AppError> {
    let range = range.checked()?;
    let v = crate::vehicle::find(db, scope, vehicle_id).await?;
    Ok(axle_points(db, v.id, range, positions)
        .await?
        .into_iter()
        .map(|(pos, points)| {
            let found = min_rise.map(|r| peaks(&points, r));
            AxleSeries {
                peaks: found,
                ..series(pos, points)
            }
        })
        .collect())
}

/// Hub temperature statistics of one position.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AxlePositionStats {
    pub position: i32,
    pub samples: usize,
    pub max: Option<f64>,
    pub avg: Option<f64>,
    /// Samples at or above the threshold.
    pub over_threshold: usize,
    /// The largest difference to the partner wheel of the same axle (mirror side) at the same
    /// report, °C.
    pub max_partner_difference: Option<f64>,
}

/// Hub temperature statistics of a vehicle.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AxleStats {
    pub vehicle_id: i64,
    pub plate: String,
    pub threshold: f64,
    pub positions: Vec<AxlePositionStats>,
}

/// The hub default limit (tenancy settings): 100 °C.
pub const DEFAULT_HUB_LIMIT: f64 = 100.0;

/// The partner of a wheel position on an axle of `wheels` wheels: the mirror side.
fn partner(position: i32, layout: &[i32]) -> Option<i32> {
    let (axle, wheel) = (position / 10, position % 10);
    let wheels = *layout.get(usize::try_from(axle - 1).ok()?)?;
    let other = wheels + 1 - wheel;
    (other != wheel && (1..=wheels).contains(&other)).then_some(axle * 10 + other)
}

/// Per-vehicle hub temperature statistics over a range.
pub async fn axle_statistics(
    db: &DatabaseConnection,
    scope: &Scope,
    vehicle_ids: &[i64],
    range: TimeRange,
    threshold: Option<f64>,
) -> Result<Vec<AxleStats>, AppError> {
    let range = range.checked()?;
    let threshold = threshold.unwrap_or(DEFAULT_HUB_LIMIT);
    let mut out = Vec::new();
    for v in named_vehicles(db, scope, vehicle_ids).await? {
        let layout: Vec<i32> = v
            .axle_layout
            .split(',')
            .filter_map(|n| n.trim().parse().ok())
            .collect();
        let by_position = axle_points(db, v.id, range, &[]).await?;
        let at: HashMap<(i32, DateTime<Utc>), f64> = by_position
            .iter()
            .flat_map(|(pos, pts)| pts.iter().map(move |p| ((*pos, p.ts), p.temp)))
            .collect();
        let positions = by_position
            .iter()
            .map(|(pos, pts)| {
                let partner = partner(*pos, &layout);
                let diff = partner.and_then(|other| {
                    pts.iter()
                        .filter_map(|p| at.get(&(other, p.ts)).map(|o| (p.temp - o).abs()))
                        .reduce(f64::max)
                });
                let (max, avg) = max_avg(pts);
                AxlePositionStats {
                    position: *pos,
                    samples: pts.len(),
                    max,
                    avg,
                    over_threshold: pts.iter().filter(|p| p.temp >= threshold).count(),
                    max_partner_difference: diff,
                }
            })
            .collect();
        out.push(AxleStats {
            vehicle_id: v.id,
            plate: v.plate,
            threshold,
            positions,
        });
    }
    Ok(out)
}
