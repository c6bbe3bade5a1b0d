//! The reports a device sent over a time range: the accepted ones (from the positions its
//! vehicle stored, with how many tyre readings came at the same time) and the refused ones
//! (from the bounded `rejected_reports` log, with the reason), merged newest first.
//!
//! Accepted reports are dated by device time, refused ones by arrival (a refused report's own
//! time may be the reason it was refused). A report without a position stores none, so it
//! shows in the tyre log but not here.

use std::collections::HashMap;

use chrono::{DateTime, Utc};
use entities::wheel_values::{self, TYRE};
use entities::{device, position, rejected_report, wheel_frame};
use sea_orm::{
    ColumnTrait, Condition, DatabaseConnection, EntityTrait, PaginatorTrait, QueryFilter,
    QueryOrder, QuerySelect,
};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::scope::Scope;
use crate::vehicle::history::TimeRange;
use kernel::error::AppError;
use kernel::paging::{PageQuery, PageResult};
use kernel::text;

/// How deep one can page (the two sources are merged in memory up to this many rows).
pub const MAX_DEPTH: u64 = 10_000;

/// Which reports of which device.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReadsFilter {
    #[serde(default, alias = "id")]
    pub device_id: Option<i64>,
    /// The device's imei (platform staff may also name an imei no device has, to see the
    /// reports refused as unknown).
    #[serde(default)]
    pub imei: Option<String>,
    #[serde(flatten)]
    pub range: TimeRange,
    /// `accepted` or `rejected`; absent: both.
    #[serde(default)]
    pub outcome: Option<String>,
}

/// One report as received.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReadRow {
    /// Device time of an accepted report; arrival time of a refused one.
    pub time: DateTime<Utc>,
    /// The time the report carried, when readable.
    pub device_time: Option<DateTime<Utc>>,
    pub imei: String,
    pub vehicle_id: Option<i64>,
    pub accepted: bool,
    /// Why it was refused (`malformed`, `unknownDevice`, `badTime`, `badPosition`,
    /// `outOfRange`, `duplicate`).
    pub reason: Option<String>,
    /// The part that was wrong.
    pub detail: String,
    pub lat: Option<f64>,
    pub lon: Option<f64>,
    /// km/h
    pub speed: Option<f64>,
    /// Tyre readings it carried.
    pub tyres: i64,
}

#[derive(PartialEq, Eq)]
enum Outcome {
    Both,
    Accepted,
    Rejected,
}

fn outcome(raw: Option<&str>) -> Result<Outcome, AppError> {
    match raw.map(str::trim).unwrap_or_default() {
        "" => Ok(Outcome::Both),
        "accepted" => Ok(Outcome::Accepted),
        "rejected" => Ok(Outcome::Rejected),
        other => Err(AppError::fail(text!(
            "outcome 须为 accepted 或 rejected，而不是 {}",
            "outcome must be accepted or rejected, not {}",
            other
        ))),
    }
}

/// The device's reports in the range (at most 31 days), newest first, paged.
pub async fn list(
    db: &DatabaseConnection,
    scope: &Scope,
    f: &ReadsFilter,
    page: PageQuery,
) -> Result<PageResult<ReadRow>, AppError> {
    let page = page.checked()?;
    let range = f.range.checked()?;
    let wanted = outcome(f.outcome.as_deref())?;
    let depth = page.end();
    if depth > MAX_DEPTH {
        return Err(AppError::fail(text!(
            "page 过大：最多翻到第 {} 条，请缩小时间范围",
            "page is too far: paging reaches row {} at most; narrow the time range",
            MAX_DEPTH
        )));
    }
    let imei = f.imei.as_deref().map(str::trim).filter(|i| !i.is_empty());
    let dev = match crate::device::find(db, scope, f.device_id, imei).await {
        Ok(d) => Some(d),
        // Unknown imeis are the platform's to investigate.
        Err(_) if scope.platform && f.device_id.is_none() && imei.is_some() => None,
        Err(err) => return Err(err),
    };
    let imei = dev
        .as_ref()
        .map_or_else(|| imei.unwrap_or_default().to_owned(), |d| d.imei.clone());

    let (mut rows, mut total) = (Vec::new(), 0);
    if wanted != Outcome::Rejected
        && let Some(d) = dev.as_ref()
    {
        let (list, n) = accepted(db, d, range, depth).await?;
        rows.extend(list);
        total += n;
    }
    if wanted != Outcome::Accepted {
        let (list, n) = refused(db, scope, &imei, range, depth).await?;
        rows.extend(list);
        total += n;
    }
    rows.sort_by_key(|r| std::cmp::Reverse(r.time));
    Ok(page.of(rows, total))
}

async fn accepted(
    db: &DatabaseConnection,
    d: &device::Model,
    range: TimeRange,
    depth: u64,
) -> Result<(Vec<ReadRow>, u64), AppError> {
    let Some(vehicle_id) = d.vehicle_id else {
        return Ok((Vec::new(), 0));
    };
    let cond = Condition::all()
        .add(position::Column::VehicleId.eq(vehicle_id))
        .add(position::Column::Ts.gte(range.start))
        .add(position::Column::Ts.lt(range.end));
    let total = position::Entity::find()
        .filter(cond.clone())
        .count(db)
        .await?;
    let fixes = position::Entity::find()
        .filter(cond)
        .order_by_desc(position::Column::Ts)
        .limit(depth)
        .all(db)
        .await?;
    let tyres: HashMap<DateTime<Utc>, i64> = match (fixes.last(), fixes.first()) {
        (Some(oldest), Some(newest)) => wheel_frame::Entity::find()
            .select_only()
            .column(wheel_frame::Column::Ts)
            .column(wheel_frame::Column::Wheels)
            .filter(wheel_frame::Column::VehicleId.eq(vehicle_id))
            .filter(wheel_frame::Column::Ts.gte(oldest.ts))
            .filter(wheel_frame::Column::Ts.lte(newest.ts))
            .into_tuple::<(DateTime<Utc>, Vec<u8>)>()
            .all(db)
            .await?
            .into_iter()
            .map(|(ts, wheels)| {
                let tyres = wheel_values::decode(&wheels)
                    .iter()
                    .filter(|w| w.kind == TYRE)
                    .count();
                (ts, i64::try_from(tyres).unwrap_or_default())
            })
            .collect(),
        _ => HashMap::new(),
    };
    let rows = fixes
        .into_iter()
        .map(|p| ReadRow {
            time: p.ts,
            device_time: Some(p.ts),
            imei: d.imei.clone(),
            vehicle_id: Some(vehicle_id),
            accepted: true,
            reason: None,
            detail: String::new(),
            lat: Some(p.lat),
            lon: Some(p.lon),
            speed: Some(p.speed),
            tyres: tyres.get(&p.ts).copied().unwrap_or_default(),
        })
        .collect();
    Ok((rows, total))
}

async fn refused(
    db: &DatabaseConnection,
    scope: &Scope,
    imei: &str,
    range: TimeRange,
    depth: u64,
) -> Result<(Vec<ReadRow>, u64), AppError> {
    // Refusals of a device are its enterprise's to see (recorded when refused); refusals of
    // an imei no device had belong to no enterprise, so only platform staff see them.
    let cond = Condition::all()
        .add(rejected_report::Column::Imei.eq(imei))
        .add(rejected_report::Column::ReceivedAt.gte(range.start))
        .add(rejected_report::Column::ReceivedAt.lt(range.end))
        .add(scope.filter(rejected_report::Column::EnterpriseId));
    let total = rejected_report::Entity::find()
        .filter(cond.clone())
        .count(db)
        .await?;
    let rows = rejected_report::Entity::find()
        .filter(cond)
        .order_by_desc(rejected_report::Column::ReceivedAt)
        .order_by_desc(rejected_report::Column::Id)
        .limit(depth)
        .all(db)
        .await?
        .into_iter()
        .map(|r| ReadRow {
            time: r.received_at,
            device_time: r.ts,
            imei: r.imei,
            vehicle_id: r.vehicle_id,
            accepted: false,
            reason: Some(r.reason),
            detail: r.detail,
            lat: r.lat,
            lon: r.lon,
            speed: None,
            tyres: i64::from(r.tyres),
        })
        .collect();
    Ok((rows, total))
}
