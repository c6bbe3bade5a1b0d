//! Tracks: one vehicle's day with stops, speeding and alarm points, simplified for the map's
//! zoom; and the analysis of a long range, read from fragments, with the missing days built
//! at once when few and in a background run (progress, cancel) when many.

use chrono::{DateTime, NaiveDate, NaiveTime, Utc};
use entities::position;
use sea_orm::DatabaseConnection;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::fragments::{self, Fragment, FragmentRun, RUNNING};
use super::geometry::simplified_indices;
use crate::scope::Scope;
use crate::vehicle::alarms;
use crate::vehicle::history::{TrackPoint, positions};
use crate::vehicle::mileage::{self, DayRange, Stop, stops};
use kernel::error::AppError;
use kernel::text;

/// Speed above which a stretch counts as speeding unless the caller says, km/h.
const DEFAULT_SPEED_LIMIT: f64 = 100.0;
/// Default simplification of a day track, metres.
const DEFAULT_TOLERANCE_M: f64 = 5.0;
/// Missing days an analysis builds before answering; more go to a background run.
const INLINE_DAYS: usize = 7;

#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DayTrackQuery {
    #[serde(alias = "carId", alias = "id")]
    pub vehicle_id: i64,
    /// `YYYY-MM-DD`, a UTC day.
    #[serde(alias = "date")]
    pub day: NaiveDate,
    /// Metres (0 = every fix, default 5): coarser for a map zoomed out.
    #[serde(default)]
    pub tolerance: Option<f64>,
    /// km/h (default 100).
    #[serde(default)]
    pub speed_limit: Option<f64>,
}

/// A stretch above the speed limit.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Speeding {
    pub start: DateTime<Utc>,
    pub end: DateTime<Utc>,
    pub max_speed: f64,
    pub lat: f64,
    pub lon: f64,
}

/// Where an alarm was raised.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AlarmPoint {
    pub id: i64,
    pub kind: i16,
    pub level: i16,
    pub position: i32,
    pub started_at: DateTime<Utc>,
    pub cleared_at: Option<DateTime<Utc>>,
    pub lat: f64,
    pub lon: f64,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DayTrack {
    pub vehicle_id: i64,
    pub plate: String,
    pub day: NaiveDate,
    /// Fixes stored that day (before simplification).
    pub total: usize,
    pub meters: f64,
    pub moving_seconds: i64,
    pub points: Vec<TrackPoint>,
    pub stops: Vec<Stop>,
    pub speeding: Vec<Speeding>,
    pub alarms: Vec<AlarmPoint>,
}

fn speeding(fixes: &[position::Model], limit: f64) -> Vec<Speeding> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < fixes.len() {
        if fixes[i].speed <= limit {
            i += 1;
            continue;
        }
        let mut j = i;
        while j + 1 < fixes.len() && fixes[j + 1].speed > limit {
            j += 1;
        }
        let run = &fixes[i..=j];
        let top = run
            .iter()
            .max_by(|a, b| a.speed.total_cmp(&b.speed))
            .unwrap_or(&fixes[i]);
        out.push(Speeding {
            start: fixes[i].ts,
            end: fixes[j].ts,
            max_speed: top.speed,
            lat: top.lat,
            lon: top.lon,
        });
        i = j + 1;
    }
    out
}

/// The fix nearest in time to `at` (fixes oldest first, not empty).
fn nearest_fix(fixes: &[position::Model], at: DateTime<Utc>) -> &position::Model {
    let i = fixes.partition_point(|p| p.ts < at);
    match (i.checked_sub(1).map(|k| &fixes[k]), fixes.get(i)) {
        (Some(a), Some(b)) if (at - a.ts).abs() <= (b.ts - at).abs() => a,
        (_, Some(b)) => b,
        (Some(a), None) => a,
        (None, None) => unreachable!("called with fixes"),
    }
}

/// A vehicle's track for one UTC day.
pub async fn day(
    db: &DatabaseConnection,
    scope: &Scope,
    q: &DayTrackQuery,
) -> Result<DayTrack, AppError> {
    let tolerance = q.tolerance.unwrap_or(DEFAULT_TOLERANCE_M);
    if !(0.0..=10_000.0).contains(&tolerance) {
        return Err(AppError::field(
            "tolerance",
            text!("tolerance：0 到 10000 米", "tolerance: 0 to 10000 metres"),
        ));
    }
    let limit = q.speed_limit.unwrap_or(DEFAULT_SPEED_LIMIT);
    if !(1.0..=300.0).contains(&limit) {
        return Err(AppError::field(
            "speedLimit",
            text!("speedLimit：1 到 300 km/h", "speedLimit: 1 to 300 km/h"),
        ));
    }
    let v = crate::vehicle::find(db, scope, q.vehicle_id).await?;
    let from = q.day.and_time(NaiveTime::MIN).and_utc();
    let to = from + chrono::Duration::days(1);
    let fixes = positions(db, v.id, from, to).await?;
    let summary = fragments::summarise(q.day, &fixes);
    let line: Vec<[f64; 2]> = fixes.iter().map(|p| [p.lon, p.lat]).collect();
    let points = simplified_indices(&line, tolerance)
        .into_iter()
        .map(|i| {
            let p = &fixes[i];
            TrackPoint {
                ts: p.ts,
                lat: p.lat,
                lon: p.lon,
                speed: p.speed,
                direction: p.direction,
            }
        })
        .collect();
    let alarm_points = if fixes.is_empty() {
        Vec::new()
    } else {
        alarms::overlapping(db, v.id, from, to)
            .await?
            .into_iter()
            .filter(|a| a.started_at >= from)
            .map(|a| {
                let at = nearest_fix(&fixes, a.started_at);
                AlarmPoint {
                    id: a.id,
                    kind: a.kind,
                    level: a.level,
                    position: a.position,
                    started_at: a.started_at,
                    cleared_at: a.cleared_at,
                    lat: at.lat,
                    lon: at.lon,
                }
            })
            .collect()
    };
    Ok(DayTrack {
        vehicle_id: v.id,
        plate: v.plate,
        day: q.day,
        total: fixes.len(),
        meters: summary.meters,
        moving_seconds: summary.moving_seconds,
        stops: stops(&fixes),
        speeding: speeding(&fixes, limit),
        alarms: alarm_points,
        points,
    })
}

#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AnalyseQuery {
    /// The vehicle and day range of a new analysis.
    #[serde(default, alias = "carId", alias = "id")]
    pub vehicle_id: Option<i64>,
    #[serde(default, flatten)]
    pub range: Option<DayRange>,
    /// Or the background run of an earlier answer: its progress.
    #[serde(default)]
    pub job_id: Option<i64>,
    /// With `jobId`: stop it.
    #[serde(default)]
    pub cancel: bool,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TrackAnalysis {
    pub vehicle_id: i64,
    pub plate: String,
    pub start_day: NaiveDate,
    pub end_day: NaiveDate,
    /// The days ready, first to last (days without fixes included, with `total` 0).
    pub days: Vec<Fragment>,
    pub meters: f64,
    pub moving_seconds: i64,
    /// The background run building the rest, if any.
    pub job_id: Option<i64>,
    pub job: Option<FragmentRun>,
    /// Whether every day of the range is in `days`.
    pub done: bool,
    /// Days still being built.
    pub pending: usize,
}

/// A vehicle's days over a range (at most 366), from fragments.
pub async fn analyse(
    db: &DatabaseConnection,
    scope: &Scope,
    q: &AnalyseQuery,
) -> Result<TrackAnalysis, AppError> {
    let (vehicle_id, range, job) = match q.job_id {
        Some(job_id) => {
            let run = if q.cancel {
                fragments::cancel(db, scope, job_id).await?
            } else {
                fragments::find_run(db, scope, job_id).await?.into()
            };
            let vehicle_id = run.vehicle_id.ok_or_else(|| {
                AppError::fail(text!(
                    "生成任务 {} 不是轨迹分析",
                    "Fragment run {} is not a track analysis",
                    job_id
                ))
            })?;
            let range = DayRange {
                start_date: run.start_day,
                end_date: run.end_day,
            };
            (vehicle_id, range, Some(run))
        }
        None => {
            let vehicle_id = q.vehicle_id.ok_or_else(|| {
                AppError::field(
                    "vehicleId",
                    text!("vehicleId：请选择车辆", "vehicleId: choose a vehicle"),
                )
            })?;
            let range = q.range.ok_or_else(|| {
                AppError::field(
                    "start",
                    text!("start/end：请给出日期范围", "start/end: give the day range"),
                )
            })?;
            (vehicle_id, range.checked(mileage::MAX_DAYS)?, None)
        }
    };
    let v = crate::vehicle::find(db, scope, vehicle_id).await?;
    let mut ready = fragments::stored_days(db, v.id, range).await?;
    let running = job.as_ref().is_some_and(|r| r.state == RUNNING);
    let missing: Vec<NaiveDate> = range
        .days()
        .filter(|d| fragments::finished(*d) && !ready.contains_key(d))
        .collect();
    let job = if running || missing.is_empty() {
        job
    } else if missing.len() <= INLINE_DAYS || job.is_some() {
        // Few to build, or a finished run left some (late reports dropped them): build now.
        for day in &missing {
            ready.insert(*day, fragments::build(db, v.id, *day).await?);
        }
        job
    } else {
        Some(fragments::fill(db, scope, v.id, range, missing).await?)
    };
    // Today is never stored: read it as it stands. Later days have no fixes yet.
    let today = Utc::now().date_naive();
    for day in range.days().filter(|d| !fragments::finished(*d)) {
        let fragment = if day == today {
            fragments::build(db, v.id, day).await?
        } else {
            fragments::summarise(day, &[])
        };
        ready.insert(day, fragment);
    }
    let expected = range.days().count();
    let days: Vec<Fragment> = ready.into_values().collect();
    Ok(TrackAnalysis {
        vehicle_id: v.id,
        plate: v.plate,
        start_day: range.start_date,
        end_day: range.end_date,
        meters: days.iter().map(|d| d.meters).sum(),
        moving_seconds: days.iter().map(|d| d.moving_seconds).sum(),
        pending: expected.saturating_sub(days.len()),
        done: days.len() == expected,
        days,
        job_id: job.as_ref().map(|j| j.id),
        job,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fix(secs: i64, speed: f64) -> position::Model {
        position::Model {
            vehicle_id: 1,
            ts: DateTime::from_timestamp(1_780_000_000 + secs, 0).unwrap(),
            lat: 40.0,
            lon: 116.0 + secs as f64 * 1e-5,
            speed,
            direction: 0,
            ignition: true,
            mileage: None,
            voltage: None,
        }
    }

    #[test]
    fn speeding_stretches_are_runs_above_the_limit_with_their_top_speed() {
        let fixes = [
            fix(0, 80.0),
            fix(30, 105.0),
            fix(60, 120.0),
            fix(90, 90.0),
            fix(120, 101.0),
        ];
        let found = speeding(&fixes, 100.0);
        assert_eq!(found.len(), 2);
        assert_eq!(found[0].max_speed, 120.0);
        assert_eq!(found[0].start, fixes[1].ts);
        assert_eq!(found[0].end, fixes[2].ts);
        assert_eq!(found[1].start, fixes[4].ts);
    }

    #[test]
    fn an_alarm_is_placed_at_the_fix_nearest_in_time() {
        let fixes = [fix(0, 0.0), fix(30, 0.0), fix(60, 0.0)];
        let at = fixes[1].ts + chrono::Duration::seconds(10);
        assert_eq!(nearest_fix(&fixes, at).ts, fixes[1].ts);
        let late = fixes[2].ts + chrono::Duration::hours(1);
        assert_eq!(nearest_fix(&fixes, late).ts, fixes[2].ts);
    }
}
