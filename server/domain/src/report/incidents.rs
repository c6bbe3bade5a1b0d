//! Alarm incidents: every alarm of the vehicles in scope with when it started, was
//! acknowledged and cleared, and how long it lasted (the alert query and its export).

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::scope::Scope;
use crate::vehicle::alarms::{self, AlarmFilter, AlarmRow};
use crate::vehicle::history::TimeRange;
use kernel::error::AppError;
use kernel::paging::{PageQuery, PageResult};
use sea_orm::DatabaseConnection;

/// Which incidents to list: the alarm list's filters; a range given in full (`start` and
/// `end`, on the start time) spans at most 31 days.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct IncidentFilter {
    #[serde(flatten)]
    pub alarm: AlarmFilter,
}

/// An alarm with its timings.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct IncidentRow {
    #[serde(flatten)]
    pub alarm: AlarmRow,
    /// Seconds from start to clear (to now while not cleared).
    pub duration_s: i64,
    /// Seconds from start to acknowledgement, once acknowledged.
    pub ack_after_s: Option<i64>,
}

fn seconds(from: DateTime<Utc>, to: DateTime<Utc>) -> i64 {
    (to - from).num_seconds().max(0)
}

/// Incidents of the vehicles in scope, newest first, paged.
pub async fn list(
    db: &DatabaseConnection,
    scope: &Scope,
    f: &IncidentFilter,
    page: PageQuery,
) -> Result<PageResult<IncidentRow>, AppError> {
    if let (Some(start), Some(end)) = (f.alarm.start, f.alarm.end) {
        TimeRange { start, end }.checked()?;
    }
    let now = Utc::now();
    let found = alarms::list(db, scope, &f.alarm, page).await?;
    Ok(PageResult {
        list: found
            .list
            .into_iter()
            .map(|a| IncidentRow {
                duration_s: seconds(a.started_at, a.cleared_at.unwrap_or(now)),
                ack_after_s: a.acked_at.map(|t| seconds(a.started_at, t)),
                alarm: a,
            })
            .collect(),
        total: found.total,
        page: found.page,
        page_size: found.page_size,
    })
}
