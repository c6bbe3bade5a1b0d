//! Simulated positioning (`/test/simulated_positioning`): drives one vehicle's receiver along
//! a route, an uploaded or driven track, or drawn points, through the real ingestion path
//! (checks, device lookup, writer, route matching, alarms), for demonstrations and
//! acceptance tests. Either as history that ends now (the reports are written at once) or
//! live (one report every interval from now, as the device would send them). Platform staff
//! only: it writes positions a real receiver did not report.

use chrono::Utc;
use entities::device;
use sea_orm::{ColumnTrait, DatabaseConnection, EntityTrait, QueryFilter, QueryOrder};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::ingest::{Credential, Ingestor, MAX_PER_REQUEST};
use crate::report::{Gps, Report};
use domain::scope::Scope;
use domain::track::geometry::{along, length_m};
use domain::track::routes::{LineSource, source_line};
use kernel::error::AppError;
use kernel::text;

/// The longest drive one call starts, in reports.
const MAX_REPORTS: usize = 20_000;

#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DriveRequest {
    /// The vehicle whose receiver reports.
    #[serde(alias = "carId")]
    pub vehicle_id: i64,
    /// The line to drive (a route, an upload, drawn points, or another drive's range).
    #[serde(flatten)]
    pub along: LineSource,
    /// km/h (5–150, default 60).
    #[serde(default)]
    pub speed: Option<f64>,
    /// Seconds between reports (1–300, default 10).
    #[serde(default)]
    pub interval: Option<u32>,
    /// Report live from now on instead of writing the drive as history ending now.
    #[serde(default)]
    pub live: bool,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DriveStarted {
    pub imei: String,
    pub reports: usize,
    pub meters: f64,
    /// Time of the first and the last report, ms.
    pub first_at: i64,
    pub last_at: i64,
    pub live: bool,
}

/// Plans the drive and sends it (or starts sending it) through `ingest`.
pub async fn simulate(
    ingest: &Ingestor,
    db: &DatabaseConnection,
    scope: &Scope,
    req: &DriveRequest,
) -> Result<DriveStarted, AppError> {
    if !scope.platform {
        return Err(AppError::fail(text!(
            "只有平台人员可以模拟定位",
            "Only platform staff may simulate positions"
        )));
    }
    let speed = req.speed.unwrap_or(60.0);
    if !(5.0..=150.0).contains(&speed) {
        return Err(AppError::field(
            "speed",
            text!("speed：5 到 150 km/h", "speed: 5 to 150 km/h"),
        ));
    }
    let interval = req.interval.unwrap_or(10);
    if !(1..=300).contains(&interval) {
        return Err(AppError::field(
            "interval",
            text!("interval：1 到 300 秒", "interval: 1 to 300 seconds"),
        ));
    }
    let vehicle = domain::vehicle::find(db, scope, req.vehicle_id).await?;
    let receiver = device::Entity::find()
        .filter(device::Column::VehicleId.eq(vehicle.id))
        .order_by_asc(device::Column::Id)
        .one(db)
        .await?
        .ok_or_else(|| {
            AppError::fail(text!(
                "车辆 {} 没有绑定接收器",
                "Vehicle {} has no receiver bound",
                vehicle.plate
            ))
        })?;
    let line = source_line(db, scope, &req.along).await?;
    let step_m = speed / 3.6 * f64::from(interval);
    let walk = along(&line, step_m);
    if walk.len() > MAX_REPORTS {
        return Err(AppError::fail(text!(
            "一次最多 {} 个报告：请提高速度或间隔",
            "At most {} reports per drive: raise the speed or the interval",
            MAX_REPORTS
        )));
    }
    let step_ms = i64::from(interval) * 1000;
    let now = Utc::now().timestamp_millis();
    let count = i64::try_from(walk.len()).unwrap_or(i64::MAX);
    let first_at = if req.live {
        now
    } else {
        now - (count - 1) * step_ms
    };
    let reports: Vec<Report> = walk
        .iter()
        .enumerate()
        .map(|(i, (p, bearing))| Report {
            imei: receiver.imei.clone(),
            ts: first_at + i64::try_from(i).unwrap_or_default() * step_ms,
            gps: Some(Gps {
                lat: p[1],
                lon: p[0],
                // Stopped at the end of the line.
                speed: if i + 1 == walk.len() { 0.0 } else { speed },
                direction: *bearing,
            }),
            tyres: Vec::new(),
            axles: Vec::new(),
            power: None,
            signal: None,
        })
        .collect();
    let started = DriveStarted {
        imei: receiver.imei.clone(),
        reports: reports.len(),
        meters: length_m(&line),
        first_at,
        last_at: first_at + (count - 1) * step_ms,
        live: req.live,
    };
    if req.live {
        let ingest = ingest.clone();
        tokio::spawn(async move {
            let mut tick =
                tokio::time::interval(std::time::Duration::from_millis(step_ms.unsigned_abs()));
            for mut report in reports {
                tick.tick().await;
                report.ts = Utc::now().timestamp_millis();
                if let Err(err) = ingest.submit(vec![report], Credential::Trusted).await {
                    tracing::warn!(%err, "a simulated drive's report");
                    return;
                }
            }
        });
    } else {
        for chunk in reports.chunks(MAX_PER_REQUEST) {
            ingest.submit(chunk.to_vec(), Credential::Trusted).await?;
        }
    }
    Ok(started)
}
