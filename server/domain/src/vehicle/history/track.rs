//! Where a vehicle went: the itinerary with stops, and its positions during alarms.

use super::TimeRange;
use crate::scope::Scope;
use crate::vehicle::alarms::{self, AlarmRow};
use crate::vehicle::mileage::{Stop, haversine_m, stops};
use chrono::{DateTime, Utc};
use entities::position;
use kernel::error::AppError;
use sea_orm::{
    ColumnTrait, ConnectionTrait, DatabaseConnection, EntityTrait, QueryFilter, QueryOrder,
};
use serde::Serialize;
use utoipa::ToSchema;

// ---- positions -----------------------------------------------------------------------------

/// A point of a track.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TrackPoint {
    pub ts: DateTime<Utc>,
    pub lat: f64,
    pub lon: f64,
    /// km/h
    pub speed: f64,
    pub direction: i16,
}

/// The default and the largest number of points a track answer holds.
pub const DEFAULT_POINTS: usize = 2000;

pub const MAX_POINTS: usize = 10_000;

/// At most `max` points, evenly spread, always keeping the first and the last.
fn thin(points: Vec<TrackPoint>, max: usize) -> Vec<TrackPoint> {
    let max = max.clamp(2, MAX_POINTS);
    if points.len() <= max {
        return points;
    }
    let last = points.len() - 1;
    (0..max)
        .map(|i| points[i * last / (max - 1)].clone())
        .collect()
}

/// Positions of a vehicle in `[from, to)`, oldest first.
pub async fn positions(
    db: &impl ConnectionTrait,
    vehicle_id: i64,
    from: DateTime<Utc>,
    to: DateTime<Utc>,
) -> Result<Vec<position::Model>, AppError> {
    Ok(position::Entity::find()
        .filter(position::Column::VehicleId.eq(vehicle_id))
        .filter(position::Column::Ts.gte(from))
        .filter(position::Column::Ts.lt(to))
        .order_by_asc(position::Column::Ts)
        .all(db)
        .await?)
}

/// Where a vehicle was at `at`: its last fix at or before it, within the day before.
pub async fn position_at(
    db: &impl ConnectionTrait,
    vehicle_id: i64,
    at: DateTime<Utc>,
) -> Result<Option<[f64; 2]>, AppError> {
    Ok(position::Entity::find()
        .filter(position::Column::VehicleId.eq(vehicle_id))
        .filter(position::Column::Ts.lte(at))
        .filter(position::Column::Ts.gt(at - chrono::Duration::days(1)))
        .order_by_desc(position::Column::Ts)
        .one(db)
        .await?
        .map(|p| [p.lon, p.lat]))
}

fn track_point(p: &position::Model) -> TrackPoint {
    TrackPoint {
        ts: p.ts,
        lat: p.lat,
        lon: p.lon,
        speed: p.speed,
        direction: p.direction,
    }
}

/// A vehicle's track over a range.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Itinerary {
    pub vehicle_id: i64,
    pub plate: String,
    /// Fixes stored in the range (before thinning).
    pub total: usize,
    /// Distance over every stored fix, metres.
    pub meters: f64,
    pub points: Vec<TrackPoint>,
    /// Stops of three minutes or more.
    pub stops: Vec<Stop>,
}

/// The track of a vehicle the scope sees, thinned to at most `max_points`, with its stops.
pub async fn itinerary(
    db: &DatabaseConnection,
    scope: &Scope,
    vehicle_id: i64,
    range: TimeRange,
    max_points: Option<usize>,
) -> Result<Itinerary, AppError> {
    let range = range.checked()?;
    let v = crate::vehicle::find(db, scope, vehicle_id).await?;
    let fixes = positions(db, v.id, range.start, range.end).await?;
    let meters = fixes
        .windows(2)
        .map(|w| haversine_m(w[0].lat, w[0].lon, w[1].lat, w[1].lon))
        .sum();
    Ok(Itinerary {
        vehicle_id: v.id,
        plate: v.plate,
        total: fixes.len(),
        meters,
        stops: stops(&fixes),
        points: thin(
            fixes.iter().map(track_point).collect(),
            max_points.unwrap_or(DEFAULT_POINTS),
        ),
    })
}

/// An alarm with the vehicle's positions while it lasted.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AlarmTrack {
    pub alarm: AlarmRow,
    pub points: Vec<TrackPoint>,
}

/// For each alarm of the vehicle overlapping the range (or the one named), the positions from
/// its start to its clearing, within the range.
pub async fn abnormal_track(
    db: &DatabaseConnection,
    scope: &Scope,
    vehicle_id: i64,
    range: TimeRange,
    alarm_id: Option<i64>,
    max_points: Option<usize>,
) -> Result<Vec<AlarmTrack>, AppError> {
    let range = range.checked()?;
    let v = crate::vehicle::find(db, scope, vehicle_id).await?;
    let mut out = Vec::new();
    for alarm in alarms::overlapping(db, v.id, range.start, range.end).await? {
        if alarm_id.is_some_and(|id| id != alarm.id) {
            continue;
        }
        let from = alarm.started_at.max(range.start);
        let to = alarm.cleared_at.unwrap_or(range.end).min(range.end);
        let fixes = positions(db, v.id, from, to.max(from)).await?;
        out.push(AlarmTrack {
            points: thin(
                fixes.iter().map(track_point).collect(),
                max_points.unwrap_or(DEFAULT_POINTS),
            ),
            alarm,
        });
    }
    Ok(out)
}
