//! Drivers of an enterprise and the vehicles they drive.

use std::collections::{BTreeSet, HashMap};

use chrono::Utc;
use entities::{driver, vehicle, vehicle_driver};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, Condition, ConnectionTrait, DatabaseConnection, EntityTrait,
    QueryFilter, QueryOrder, Set,
};
use serde::Serialize;
use utoipa::ToSchema;

use crate::scope::{EnterpriseOwned, Scope};
use kernel::error::AppError;
use kernel::paging::{self, PageQuery, PageResult};
use kernel::search::contains;
use kernel::text;
use kernel::validate::{limited, required};

/// A driver in the list.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DriverRow {
    pub id: i64,
    pub ent_id: i64,
    pub ent_name: String,
    pub name: String,
    /// Masked (first 3 and last 4 digits) unless the list was asked for editing.
    pub phone: String,
    pub license: String,
    pub remark: String,
    pub car_ids: Vec<i64>,
    pub plates: Vec<String>,
    pub created: i64,
}

/// What a driver list reads.
#[derive(Debug, Clone, Default)]
pub struct DriverFilter {
    pub enterprise_id: Option<i64>,
    /// Name, phone or licence contains it.
    pub keyword: Option<String>,
    pub vehicle_id: Option<i64>,
    /// Full phone numbers, for an editor who may change the drivers.
    pub edit: bool,
}

/// Drivers in scope, paged, newest first.
pub async fn list(
    db: &DatabaseConnection,
    scope: &Scope,
    filter: DriverFilter,
    page: PageQuery,
) -> Result<PageResult<DriverRow>, AppError> {
    let mut cond = Condition::all().add(scope.filter(driver::Column::EnterpriseId));
    if let Some(e) = filter.enterprise_id.filter(|e| *e != 0) {
        scope.require(e)?;
        cond = cond.add(driver::Column::EnterpriseId.eq(e));
    }
    if let Some(k) = filter
        .keyword
        .as_deref()
        .map(str::trim)
        .filter(|k| !k.is_empty())
    {
        cond = cond.add(
            Condition::any()
                .add(contains(driver::Column::Name, k))
                .add(contains(driver::Column::Phone, k))
                .add(contains(driver::Column::License, k)),
        );
    }
    if let Some(v) = filter.vehicle_id.filter(|v| *v != 0) {
        cond = cond.add(
            driver::Column::Id.in_subquery(
                sea_orm::sea_query::Query::select()
                    .column(vehicle_driver::Column::DriverId)
                    .from(vehicle_driver::Entity)
                    .and_where(vehicle_driver::Column::VehicleId.eq(v))
                    .to_owned(),
            ),
        );
    }
    let select = driver::Entity::find()
        .filter(cond)
        .order_by_desc(driver::Column::Id);
    let page = paging::fetch(db, select, page, |d| d).await?;
    let show_phone = filter.edit && !scope.read_only();
    let rows = rows(db, page.list, show_phone).await?;
    Ok(PageResult {
        list: rows,
        total: page.total,
        page: page.page,
        page_size: page.page_size,
    })
}

async fn rows(
    db: &impl ConnectionTrait,
    drivers: Vec<driver::Model>,
    show_phone: bool,
) -> Result<Vec<DriverRow>, AppError> {
    let links = vehicle_driver::Entity::find()
        .filter(vehicle_driver::Column::DriverId.is_in(drivers.iter().map(|d| d.id)))
        .order_by_asc(vehicle_driver::Column::VehicleId)
        .all(db)
        .await?;
    let plates: HashMap<i64, String> = vehicle::Entity::find()
        .filter(vehicle::Column::Id.is_in(links.iter().map(|l| l.vehicle_id)))
        .all(db)
        .await?
        .into_iter()
        .map(|v| (v.id, v.plate))
        .collect();
    let names = crate::enterprise::names(db, drivers.iter().map(|d| d.enterprise_id)).await?;
    Ok(drivers
        .into_iter()
        .map(|d| {
            let car_ids: Vec<i64> = links
                .iter()
                .filter(|l| l.driver_id == d.id)
                .map(|l| l.vehicle_id)
                .collect();
            DriverRow {
                id: d.id,
                ent_id: d.enterprise_id,
                ent_name: names.get(&d.enterprise_id).cloned().unwrap_or_default(),
                phone: if show_phone {
                    d.phone
                } else {
                    crate::sms::mask_phone(&d.phone)
                },
                plates: car_ids
                    .iter()
                    .filter_map(|v| plates.get(v).cloned())
                    .collect(),
                car_ids,
                name: d.name,
                license: d.license,
                remark: d.remark,
                created: d.created_at.timestamp_millis(),
            }
        })
        .collect())
}

/// What update_driver may set.
#[derive(Debug, Clone, Default)]
pub struct DriverInput {
    pub id: Option<i64>,
    pub enterprise_id: Option<i64>,
    pub name: Option<String>,
    pub phone: Option<String>,
    pub license: Option<String>,
    pub remark: Option<String>,
    /// Replaces the vehicles the driver drives (vehicles of the driver's enterprise).
    pub car_ids: Option<Vec<i64>>,
}

/// A phone as stored: digits only (an optional leading +), at most 20, or empty.
pub fn check_phone(raw: &str) -> Result<String, AppError> {
    let p = raw.trim();
    let digits = p.strip_prefix('+').unwrap_or(p);
    if p.len() > 20 || !digits.chars().all(|c| c.is_ascii_digit()) {
        return Err(AppError::fail(text!(
            "手机号 {} 无效",
            "phone {} is not a phone number",
            p
        )));
    }
    Ok(p.to_owned())
}

fn not_found(id: i64) -> AppError {
    AppError::fail(text!("司机 {} 不存在", "No driver {}", id))
}

impl EnterpriseOwned for driver::Entity {
    const ENTERPRISE: Self::Column = driver::Column::EnterpriseId;
    fn not_found(id: i64) -> AppError {
        not_found(id)
    }
}

/// Creates (no id) or edits a driver and, when given, the vehicles they drive.
pub async fn save(
    db: &DatabaseConnection,
    scope: &Scope,
    input: DriverInput,
) -> Result<i64, AppError> {
    super::writable(scope)?;
    let txn = kernel::db::write_txn(db).await?;
    let now = Utc::now();
    let mut row: driver::ActiveModel = match input.id.filter(|i| *i != 0) {
        Some(id) => scope.find::<driver::Entity>(&txn, id).await?.into(),
        None => {
            let ent = scope.acting(input.enterprise_id)?;
            if input.name.is_none() {
                return Err(AppError::fail(text!(
                    "name 不能为空",
                    "name must not be empty"
                )));
            }
            driver::ActiveModel {
                enterprise_id: Set(ent),
                phone: Set(String::new()),
                license: Set(String::new()),
                remark: Set(String::new()),
                created_at: Set(now),
                ..Default::default()
            }
        }
    };
    if let Some(n) = &input.name {
        row.name = Set(required("name", n, 32)?);
    }
    if let Some(p) = &input.phone {
        row.phone = Set(check_phone(p)?);
    }
    if let Some(l) = &input.license {
        row.license = Set(limited("license", l, 32)?);
    }
    if let Some(r) = &input.remark {
        row.remark = Set(limited("remark", r, 255)?);
    }
    row.updated_at = Set(now);
    let saved = if input.id.is_some_and(|i| i != 0) {
        row.update(&txn).await?
    } else {
        row.insert(&txn).await?
    };
    if let Some(cars) = &input.car_ids {
        let wanted: BTreeSet<i64> = cars.iter().copied().collect();
        let owned: BTreeSet<i64> = super::visible(scope)
            .filter(vehicle::Column::Id.is_in(wanted.clone()))
            .filter(vehicle::Column::EnterpriseId.eq(saved.enterprise_id))
            .all(&txn)
            .await?
            .into_iter()
            .map(|v| v.id)
            .collect();
        if let Some(bad) = wanted.difference(&owned).next() {
            return Err(AppError::fail(text!(
                "车辆 {} 不存在",
                "No vehicle {}",
                bad
            )));
        }
        vehicle_driver::Entity::delete_many()
            .filter(vehicle_driver::Column::DriverId.eq(saved.id))
            .exec(&txn)
            .await?;
        if !wanted.is_empty() {
            vehicle_driver::Entity::insert_many(wanted.into_iter().map(|v| {
                vehicle_driver::ActiveModel {
                    vehicle_id: Set(v),
                    driver_id: Set(saved.id),
                }
            }))
            .exec_without_returning(&txn)
            .await?;
        }
    }
    txn.commit().await?;
    Ok(saved.id)
}

/// Deletes drivers, all or none (their vehicle links go with them).
pub async fn delete(db: &DatabaseConnection, scope: &Scope, ids: &[i64]) -> Result<u64, AppError> {
    super::writable(scope)?;
    let ids: BTreeSet<i64> = ids.iter().copied().collect();
    if ids.is_empty() {
        return Err(AppError::fail(text!(
            "ids 不能为空",
            "ids must not be empty"
        )));
    }
    let txn = kernel::db::write_txn(db).await?;
    for id in &ids {
        scope.find::<driver::Entity>(&txn, *id).await?;
    }
    let done = driver::Entity::delete_many()
        .filter(driver::Column::Id.is_in(ids))
        .exec(&txn)
        .await?;
    txn.commit().await?;
    Ok(done.rows_affected)
}
