//! The tyre log: a vehicle's tyre pressure and temperature readings over a time range, per
//! wheel position (the readings list limited to tyre sensors and one vehicle).

use serde::Deserialize;
use utoipa::ToSchema;

use crate::scope::Scope;
use crate::vehicle::history::{self, ReadingFilter, ReadingRow, TimeRange};
use kernel::error::AppError;
use kernel::paging::{PageQuery, PageResult};
use kernel::text;
use sea_orm::DatabaseConnection;

/// Kind of tyre sensors (`sensors.kind`).
const TYRE: i16 = 1;

/// Whose tyre readings to list.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TpmsFilter {
    #[serde(alias = "carId", alias = "id")]
    pub vehicle_id: i64,
    /// One wheel position (`axle * 10 + wheel`); absent: all.
    #[serde(default)]
    pub position: Option<i32>,
    #[serde(flatten)]
    pub range: TimeRange,
}

/// The vehicle's tyre readings in the range (at most 31 days), newest first, paged.
pub async fn list(
    db: &DatabaseConnection,
    scope: &Scope,
    f: &TpmsFilter,
    page: PageQuery,
) -> Result<PageResult<ReadingRow>, AppError> {
    if f.position.is_some_and(|p| !(11..=99).contains(&p)) {
        return Err(AppError::fail(text!(
            "position 须为 轴号×10+轮号（11–99）",
            "position must be axle × 10 + wheel (11–99)"
        )));
    }
    let readings = ReadingFilter {
        vehicle_ids: Vec::new(),
        vehicle_id: Some(f.vehicle_id),
        range: f.range,
        position: f.position,
        kind: Some(TYRE),
    };
    history::readings(db, scope, &readings, page).await
}
