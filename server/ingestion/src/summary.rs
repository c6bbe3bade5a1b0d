//! How device reports fared: accepted and refused (by reason) since the server started, and per
//! day from `ingest_counts`. Platform staff only: the counts cover every enterprise, and a
//! refusal of an unknown device belongs to nobody.

use std::collections::BTreeMap;

use chrono::{Duration, Utc};
use entities::ingest_count;
use sea_orm::{ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, QueryOrder};
use serde::Serialize;
use utoipa::ToSchema;

use crate::ingest::IngestStats;
use domain::scope::Scope;
use kernel::error::AppError;
use kernel::text;

/// Days a request may look back.
pub const MAX_DAYS: u16 = 90;

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct IngestionSummary {
    /// Reports accepted since the server started.
    pub accepted: u64,
    /// Reports refused since the server started, by reason (`malformed`, `unknownDevice`, …).
    pub rejected: BTreeMap<String, u64>,
    /// Accepted (`outcome` = `accepted`) and refused reports per day (UTC), oldest first.
    pub days: Vec<DayCount>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DayCount {
    /// YYYY-MM-DD (UTC).
    pub day: String,
    pub outcome: String,
    pub count: i64,
}

/// The counts of the last `days` days (1–90) and of this run of the server.
pub async fn summary(
    db: &impl ConnectionTrait,
    scope: &Scope,
    live: IngestStats,
    days: u16,
) -> Result<IngestionSummary, AppError> {
    if !scope.platform {
        return Err(AppError::fail(text!(
            "仅平台人员可查看上报统计",
            "Only platform staff see the report statistics"
        )));
    }
    if !(1..=MAX_DAYS).contains(&days) {
        return Err(AppError::fail(text!(
            "days 须在 1 到 {} 之间",
            "days must be between 1 and {}",
            MAX_DAYS
        )));
    }
    let from = (Utc::now() - Duration::days(i64::from(days) - 1)).date_naive();
    let rows = ingest_count::Entity::find()
        .filter(ingest_count::Column::Day.gte(from))
        .order_by_asc(ingest_count::Column::Day)
        .order_by_asc(ingest_count::Column::Outcome)
        .all(db)
        .await?;
    Ok(IngestionSummary {
        accepted: live.accepted,
        rejected: live
            .rejected
            .into_iter()
            .map(|(reason, n)| (reason.to_owned(), n))
            .collect(),
        days: rows
            .into_iter()
            .map(|r| DayCount {
                day: r.day.to_string(),
                outcome: r.outcome,
                count: r.count,
            })
            .collect(),
    })
}
