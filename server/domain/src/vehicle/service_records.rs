//! Records kept per vehicle by people: who viewed it, its service (maintenance) records and
//! tread depth measurements. Reading needs the vehicle in scope; writing service records and
//! tread depths needs the right to handle it ([`alarms::may_handle`]: own enterprises or
//! maintenance custody).

use std::collections::{BTreeMap, HashMap};

use chrono::{DateTime, Utc};
use entities::{car_service, sys_user, tread_depth, vehicle_view_log};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, DatabaseConnection, EntityTrait, QueryFilter,
    QueryOrder, Set,
};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::alarms::may_handle;
use crate::scope::Scope;
use kernel::error::AppError;
use kernel::paging::{self, PageQuery, PageResult};
use kernel::text;
use kernel::validate::limited;

/// Nick names (else user names) by user id.
async fn people(
    db: &impl ConnectionTrait,
    ids: impl IntoIterator<Item = i64>,
) -> Result<HashMap<i64, (String, String)>, AppError> {
    Ok(sys_user::Entity::find()
        .filter(sys_user::Column::Id.is_in(ids.into_iter().collect::<Vec<_>>()))
        .all(db)
        .await?
        .into_iter()
        .map(|u| (u.id, (u.username, u.nick_name)))
        .collect())
}

/// A view of a vehicle.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ViewRow {
    pub user_id: i64,
    pub user_name: String,
    pub nick_name: String,
    pub viewed_at: DateTime<Utc>,
}

/// Records that the caller viewed a vehicle (unless `record` is false) and lists its views,
/// newest first.
pub async fn view_log(
    db: &DatabaseConnection,
    scope: &Scope,
    vehicle_id: i64,
    record: bool,
    page: PageQuery,
) -> Result<PageResult<ViewRow>, AppError> {
    // Refused before anything is recorded.
    page.checked()?;
    let v = super::find(db, scope, vehicle_id).await?;
    if record {
        vehicle_view_log::ActiveModel {
            user_id: Set(scope.user.id),
            vehicle_id: Set(v.id),
            viewed_at: Set(Utc::now()),
            ..Default::default()
        }
        .insert(db)
        .await?;
    }
    let select = vehicle_view_log::Entity::find()
        .filter(vehicle_view_log::Column::VehicleId.eq(v.id))
        .order_by_desc(vehicle_view_log::Column::ViewedAt)
        .order_by_desc(vehicle_view_log::Column::Id);
    let page = paging::fetch(db, select, page, |r| r).await?;
    let names = people(db, page.list.iter().map(|r| r.user_id)).await?;
    Ok(PageResult {
        list: page
            .list
            .into_iter()
            .map(|r| {
                let (user_name, nick_name) = names.get(&r.user_id).cloned().unwrap_or_default();
                ViewRow {
                    user_id: r.user_id,
                    user_name,
                    nick_name,
                    viewed_at: r.viewed_at,
                }
            })
            .collect(),
        total: page.total,
        page: page.page,
        page_size: page.page_size,
    })
}

/// A service record.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ServiceRow {
    pub id: i64,
    pub vehicle_id: i64,
    pub item: String,
    pub content: String,
    pub mileage: Option<f64>,
    pub cost: Option<f64>,
    pub serviced_at: DateTime<Utc>,
    pub created_by: i64,
    pub created_by_name: String,
    pub created_at: DateTime<Utc>,
}

/// A vehicle's service records, newest service first (`stock::services::add` writes them).
pub async fn car_services(
    db: &DatabaseConnection,
    scope: &Scope,
    vehicle_id: i64,
    page: PageQuery,
) -> Result<PageResult<ServiceRow>, AppError> {
    page.checked()?;
    let v = super::find(db, scope, vehicle_id).await?;
    let select = car_service::Entity::find()
        .filter(car_service::Column::VehicleId.eq(v.id))
        .order_by_desc(car_service::Column::ServicedAt)
        .order_by_desc(car_service::Column::Id);
    let page = paging::fetch(db, select, page, |r| r).await?;
    let names = people(db, page.list.iter().map(|r| r.created_by)).await?;
    Ok(PageResult {
        list: page
            .list
            .into_iter()
            .map(|r| ServiceRow {
                created_by_name: names
                    .get(&r.created_by)
                    .map(|n| n.1.clone())
                    .unwrap_or_default(),
                id: r.id,
                vehicle_id: r.vehicle_id,
                item: r.item,
                content: r.content,
                mileage: r.mileage,
                cost: r.cost,
                serviced_at: r.serviced_at,
                created_by: r.created_by,
                created_at: r.created_at,
            })
            .collect(),
        total: page.total,
        page: page.page,
        page_size: page.page_size,
    })
}

/// A tread depth measurement to record.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DepthInput {
    /// A wheel position of the vehicle.
    pub position: i32,
    /// mm, 0–40.
    pub depth: f64,
    /// Default: now.
    #[serde(default)]
    pub measured_at: Option<DateTime<Utc>>,
    #[serde(default)]
    pub note: String,
}

/// A tread depth measurement.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DepthRow {
    pub id: i64,
    pub position: i32,
    /// mm
    pub depth: f64,
    pub measured_at: DateTime<Utc>,
    pub created_by: i64,
    pub note: String,
}

/// A vehicle's tread depths: the latest per wheel position and every measurement, newest
/// first.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DepthLines {
    pub vehicle_id: i64,
    pub plate: String,
    pub latest: Vec<DepthRow>,
    pub history: Vec<DepthRow>,
}

fn depth_row(r: tread_depth::Model) -> DepthRow {
    DepthRow {
        id: r.id,
        position: r.position,
        depth: r.depth,
        measured_at: r.measured_at,
        created_by: r.created_by,
        note: r.note,
    }
}

/// Records tread depth measurements (all or none; each position must be one of the vehicle's
/// wheels), then answers the vehicle's depths.
pub async fn deep_lines(
    db: &DatabaseConnection,
    scope: &Scope,
    vehicle_id: Option<i64>,
    plate: Option<&str>,
    readings: &[DepthInput],
) -> Result<DepthLines, AppError> {
    let v = super::history::pressures(db, scope, vehicle_id, plate).await?;
    if !readings.is_empty() {
        let record = super::find(db, scope, v.vehicle_id).await?;
        may_handle(db, scope, &record).await?;
        let wheels: Vec<i32> = v.wheels.iter().map(|w| w.position).collect();
        let now = Utc::now();
        let mut rows = Vec::with_capacity(readings.len());
        for (i, r) in readings.iter().enumerate() {
            if !wheels.contains(&r.position) {
                return Err(AppError::fail(text!(
                    "readings[{}].position {} 不是该车的轮位",
                    "readings[{}].position {} is not a wheel position of this vehicle",
                    i,
                    r.position
                )));
            }
            if !(r.depth.is_finite() && (0.0..=40.0).contains(&r.depth)) {
                return Err(AppError::fail(text!(
                    "readings[{}].depth 须在 0 到 40 mm 之间",
                    "readings[{}].depth must be between 0 and 40 mm",
                    i
                )));
            }
            rows.push(tread_depth::ActiveModel {
                vehicle_id: Set(v.vehicle_id),
                position: Set(r.position),
                depth: Set(r.depth),
                measured_at: Set(r.measured_at.unwrap_or(now)),
                created_by: Set(scope.user.id),
                note: Set(limited("note", &r.note, 255)?),
                ..Default::default()
            });
        }
        tread_depth::Entity::insert_many(rows)
            .exec_without_returning(db)
            .await?;
    }
    let history: Vec<DepthRow> = tread_depth::Entity::find()
        .filter(tread_depth::Column::VehicleId.eq(v.vehicle_id))
        .order_by_desc(tread_depth::Column::MeasuredAt)
        .order_by_desc(tread_depth::Column::Id)
        .all(db)
        .await?
        .into_iter()
        .map(depth_row)
        .collect();
    let mut latest: BTreeMap<i32, DepthRow> = BTreeMap::new();
    for r in &history {
        latest.entry(r.position).or_insert_with(|| r.clone());
    }
    Ok(DepthLines {
        vehicle_id: v.vehicle_id,
        plate: v.plate,
        latest: latest.into_values().collect(),
        history,
    })
}
