//! Device statistics: firmware versions in use, the heaviest reporters and online rates per day.

use super::{DeviceRow, rows};
use crate::device::{ent_condition, online_since};
use crate::scope::Scope;
use chrono::{Duration, NaiveDate, Utc};
use entities::{device, device_heartbeat};
use kernel::error::AppError;
use kernel::text;
use sea_orm::sea_query::{Expr, ExprTrait};
use sea_orm::{
    ColumnTrait, DatabaseConnection, EntityTrait, PaginatorTrait, QueryFilter, QueryOrder,
    QuerySelect,
};
use serde::Serialize;
use std::collections::HashMap;
use utoipa::ToSchema;

/// A firmware version in use by a part number, with its device counts.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct VersionCount {
    pub part_no: String,
    pub version: String,
    pub devices: i64,
    pub online: i64,
}

/// The versions the scope's devices run, most devices first.
pub async fn versions(
    db: &DatabaseConnection,
    scope: &Scope,
    ent: Option<i64>,
) -> Result<Vec<VersionCount>, AppError> {
    let cond = ent_condition(scope, device::Column::EnterpriseId, ent)?;
    let since = online_since(Utc::now());
    let online = Expr::case(device::Column::HeartbeatAt.gte(since), 1).finally(0);
    let mut list: Vec<VersionCount> = device::Entity::find()
        .select_only()
        .column(device::Column::PartNo)
        .column(device::Column::Version)
        .column_as(device::Column::Id.count(), "devices")
        .column_as(Expr::expr(online).sum(), "online")
        .filter(cond)
        .group_by(device::Column::PartNo)
        .group_by(device::Column::Version)
        .into_tuple::<(String, String, i64, Option<i64>)>()
        .all(db)
        .await?
        .into_iter()
        .map(|(part_no, version, devices, online)| VersionCount {
            part_no,
            version,
            devices,
            online: online.unwrap_or_default(),
        })
        .collect();
    list.sort_by(|a, b| {
        b.devices
            .cmp(&a.devices)
            .then_with(|| (&a.part_no, &a.version).cmp(&(&b.part_no, &b.version)))
    });
    Ok(list)
}

/// A device with how much it reported.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct HeavyDevice {
    pub device: DeviceRow,
    /// Heartbeats in the period.
    pub reports: i64,
}

/// The devices that reported most in the last `hours` hours (heartbeats counted): chatty or
/// faulty devices that load the ingestion.
pub async fn heavy(
    db: &DatabaseConnection,
    scope: &Scope,
    ent: Option<i64>,
    hours: i64,
    limit: u64,
) -> Result<Vec<HeavyDevice>, AppError> {
    kernel::validate::in_range("hours", hours, 1, 168)?;
    kernel::validate::in_range("limit", i64::try_from(limit).unwrap_or(i64::MAX), 1, 100)?;
    let in_scope = sea_orm::QueryTrait::into_query(
        device::Entity::find()
            .select_only()
            .column(device::Column::Id)
            .filter(ent_condition(scope, device::Column::EnterpriseId, ent)?),
    );
    let counts: Vec<(i64, i64)> = device_heartbeat::Entity::find()
        .select_only()
        .column(device_heartbeat::Column::DeviceId)
        .column_as(device_heartbeat::Column::Id.count(), "reports")
        .filter(device_heartbeat::Column::At.gte(Utc::now() - Duration::hours(hours)))
        .filter(device_heartbeat::Column::DeviceId.in_subquery(in_scope))
        .group_by(device_heartbeat::Column::DeviceId)
        .order_by_desc(Expr::col(sea_orm::sea_query::Alias::new("reports")))
        .order_by_asc(device_heartbeat::Column::DeviceId)
        .limit(limit)
        .into_tuple()
        .all(db)
        .await?;
    let found = device::Entity::find()
        .filter(device::Column::Id.is_in(counts.iter().map(|c| c.0)))
        .all(db)
        .await?;
    let mut by_id: HashMap<i64, DeviceRow> = rows(db, found)
        .await?
        .into_iter()
        .map(|r| (r.id, r))
        .collect();
    Ok(counts
        .into_iter()
        .filter_map(|(id, reports)| {
            by_id
                .remove(&id)
                .map(|device| HeavyDevice { device, reports })
        })
        .collect())
}

/// The online share of one day.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DayRate {
    /// `YYYY-MM-DD` (UTC).
    pub day: String,
    /// Devices registered by the end of the day.
    pub devices: u64,
    /// Of those, devices with at least one heartbeat that day.
    pub online: u64,
    /// online / devices × 100, one decimal (0 when there are no devices).
    pub rate: f64,
}

pub fn parse_day(field: &str, raw: &str) -> Result<NaiveDate, AppError> {
    NaiveDate::parse_from_str(raw.trim(), "%Y-%m-%d").map_err(|_| {
        AppError::field(
            field,
            text!(
                "{} 须为 YYYY-MM-DD 格式的日期：{}",
                "{} must be a YYYY-MM-DD date: {}",
                field,
                raw
            ),
        )
    })
}

/// The online rate by day (UTC days, at most 31) of the devices in scope.
pub async fn online_rate(
    db: &DatabaseConnection,
    scope: &Scope,
    ent: Option<i64>,
    start: &str,
    end: &str,
) -> Result<Vec<DayRate>, AppError> {
    let (start, end) = (parse_day("start", start)?, parse_day("end", end)?);
    let days = (end - start).num_days();
    if !(0..31).contains(&days) {
        return Err(AppError::fail(text!(
            "end 须不早于 start，且最多 31 天",
            "end must not be before start, and the period at most 31 days"
        )));
    }
    let cond = ent_condition(scope, device::Column::EnterpriseId, ent)?;
    let mut out = Vec::new();
    for day in start
        .iter_days()
        .take(usize::try_from(days).unwrap_or_default() + 1)
    {
        let from = day.and_hms_opt(0, 0, 0).unwrap_or_default().and_utc();
        let to = from + Duration::days(1);
        let existing = device::Entity::find()
            .filter(cond.clone())
            .filter(device::Column::CreatedAt.lt(to));
        let devices = existing.clone().count(db).await?;
        let ids =
            sea_orm::QueryTrait::into_query(existing.select_only().column(device::Column::Id));
        let online = device_heartbeat::Entity::find()
            .select_only()
            .column(device_heartbeat::Column::DeviceId)
            .distinct()
            .filter(device_heartbeat::Column::At.gte(from))
            .filter(device_heartbeat::Column::At.lt(to))
            .filter(device_heartbeat::Column::DeviceId.in_subquery(ids))
            .into_tuple::<i64>()
            .all(db)
            .await?
            .len() as u64;
        #[allow(clippy::cast_precision_loss)]
        let rate = if devices == 0 {
            0.0
        } else {
            (online as f64 * 1000.0 / devices as f64).round() / 10.0
        };
        out.push(DayRate {
            day: day.format("%Y-%m-%d").to_string(),
            devices,
            online,
            rate,
        });
    }
    Ok(out)
}
