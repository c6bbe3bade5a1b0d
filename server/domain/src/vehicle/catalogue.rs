//! Catalogues: car brands → series, car classes, tyre brands → tyres.
//!
//! Ownership: an entry with no enterprise is platform-wide — everyone sees it, only platform
//! staff change it (staff create one by naming no `entId`). Any other entry belongs to an
//! enterprise and is seen and changed by whoever sees that enterprise (not under a read-only
//! trusteeship). Names are unique per parent among the entries one owner sees: the owner's own
//! and the platform-wide ones. A delete is refused while anything uses the entry, saying what.

use std::collections::HashMap;

use chrono::Utc;
use entities::{car_brand, car_class, car_series, tyre, tyre_brand, vehicle, vehicle_wheel};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, Condition, ConnectionTrait, DatabaseConnection, EntityTrait,
    PaginatorTrait, QueryFilter, QueryOrder, QuerySelect, Set,
};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::scope::Scope;
use kernel::error::AppError;
use kernel::paging::{self, PageQuery, PageResult};
use kernel::search::contains;
use kernel::text;
use kernel::validate::{limited, required};

/// Entries the scope sees: platform-wide ones and those of its enterprises.
fn visible_to<C: ColumnTrait>(scope: &Scope, owner: C) -> Condition {
    Condition::any()
        .add(owner.is_null())
        .add(scope.filter(owner))
}

fn read_only() -> AppError {
    AppError::fail(text!(
        "只读托管下不能修改",
        "Read-only access: nothing may be changed"
    ))
}

/// The owner of a new entry: platform staff naming no enterprise create a platform-wide one;
/// anyone else creates one of the enterprise they act for (or name).
fn new_owner(scope: &Scope, ent_id: Option<i64>) -> Result<Option<i64>, AppError> {
    if scope.read_only() {
        return Err(read_only());
    }
    match ent_id.filter(|e| *e != 0) {
        None if scope.platform => Ok(None),
        asked => scope.acting(asked).map(Some),
    }
}

/// Refuses changing an entry the scope does not own (platform-wide ones: staff only).
fn may_change(scope: &Scope, owner: Option<i64>, name: &str) -> Result<(), AppError> {
    if scope.read_only() {
        return Err(read_only());
    }
    match owner {
        Some(e) => scope.require(e),
        None if scope.platform => Ok(()),
        None => Err(AppError::fail(text!(
            "“{}”是平台公共条目，只有平台人员可以修改",
            "“{}” is a platform-wide entry; only platform staff may change it",
            name
        ))),
    }
}

/// Whether `name` is taken among the entries of `parent` that `owner` sees (its own and the
/// platform-wide ones), other than `except`.
async fn name_taken<E: EntityTrait>(
    db: &impl ConnectionTrait,
    parent: Condition,
    (name_col, owner_col, id_col): (E::Column, E::Column, E::Column),
    name: &str,
    owner: Option<i64>,
    except: Option<i64>,
) -> Result<bool, AppError> {
    let mut owners = Condition::any().add(owner_col.is_null());
    if let Some(o) = owner {
        owners = owners.add(owner_col.eq(o));
    }
    let mut cond = parent.add(name_col.eq(name)).add(owners);
    if let Some(id) = except {
        cond = cond.add(id_col.ne(id));
    }
    Ok(E::find().filter(cond).one(db).await?.is_some())
}

/// The owner and name of an entry being saved: the owner kept (or [`new_owner`] for a new
/// entry), the name given or kept, checked (1–64 characters) and not taken among what the
/// owner sees under `parent`.
async fn owner_and_name<E: EntityTrait>(
    db: &impl ConnectionTrait,
    scope: &Scope,
    existing: Option<(i64, Option<i64>, &str)>,
    asked_owner: Option<i64>,
    (field, asked_name): (&str, Option<&str>),
    parent: Condition,
    cols: (E::Column, E::Column, E::Column),
) -> Result<(Option<i64>, String), AppError> {
    let owner = match existing {
        Some((_, owner, _)) => owner,
        None => new_owner(scope, asked_owner)?,
    };
    let name = required(
        field,
        asked_name.or(existing.map(|e| e.2)).unwrap_or(""),
        64,
    )?;
    let except = existing.map(|e| e.0);
    if name_taken::<E>(db, parent, cols, &name, owner, except).await? {
        return Err(duplicate(&name));
    }
    Ok((owner, name))
}

fn duplicate(name: &str) -> AppError {
    AppError::fail(text!(
        "名称“{}”已存在",
        "The name “{}” already exists",
        name
    ))
}

/// `what` and `by` as (zh, en).
fn in_use(what: (&str, &str), name: &str, count: u64, by: (&str, &str)) -> AppError {
    AppError::fail(kernel::i18n::Text::new(
        format!(
            "{}“{}”正被 {} 个{}使用，不能删除",
            what.0, name, count, by.0
        ),
        format!(
            "{} “{}” is used by {} {} and cannot be deleted",
            what.1, name, count, by.1
        ),
    ))
}

/// Vehicles (anywhere: an entry in use must stay) whose `column` is `id`.
async fn vehicles_using(
    db: &impl ConnectionTrait,
    column: vehicle::Column,
    id: i64,
) -> Result<u64, AppError> {
    Ok(vehicle::Entity::find()
        .filter(column.eq(id))
        .count(db)
        .await?)
}

// ---- car brands and series ----------------------------------------------------------------

/// A car series.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SeriesRow {
    pub id: i64,
    pub brand_id: i64,
    /// None: platform-wide.
    pub ent_id: Option<i64>,
    pub name: String,
    pub sort: i32,
}

/// A car brand with its series.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CarBrandRow {
    pub id: i64,
    /// None: platform-wide.
    pub ent_id: Option<i64>,
    pub name: String,
    pub logo: String,
    pub sort: i32,
    pub series: Vec<SeriesRow>,
}

fn series_row(s: car_series::Model) -> SeriesRow {
    SeriesRow {
        id: s.id,
        brand_id: s.brand_id,
        ent_id: s.enterprise_id,
        name: s.name,
        sort: s.sort,
    }
}

/// Create (no `id`) or edit a car brand, or delete it (`delete: true`).
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CarBrandInput {
    #[serde(default, alias = "ID")]
    pub id: Option<i64>,
    /// The owning enterprise of a new brand (default: the acting one; platform staff naming
    /// none create a platform-wide brand).
    #[serde(default, alias = "entId", alias = "ent_id")]
    pub enterprise_id: Option<i64>,
    /// 1–64 characters, unique.
    #[serde(default)]
    pub name: Option<String>,
    #[serde(default)]
    pub logo: Option<String>,
    #[serde(default)]
    pub sort: Option<i32>,
    /// Delete the brand (with its series); refused while a vehicle uses the brand or one of
    /// its series.
    #[serde(default)]
    pub delete: bool,
}

async fn find_car_brand(
    db: &impl ConnectionTrait,
    scope: &Scope,
    id: i64,
) -> Result<car_brand::Model, AppError> {
    car_brand::Entity::find_by_id(id)
        .filter(visible_to(scope, car_brand::Column::EnterpriseId))
        .one(db)
        .await?
        .ok_or_else(|| AppError::fail(text!("车辆品牌 {} 不存在", "No car brand {}", id)))
}

/// Car brands the scope sees, each with its series, by sort then name.
pub async fn car_brands(
    db: &DatabaseConnection,
    scope: &Scope,
    keyword: Option<&str>,
) -> Result<Vec<CarBrandRow>, AppError> {
    let mut cond = Condition::all().add(visible_to(scope, car_brand::Column::EnterpriseId));
    if let Some(k) = keyword.map(str::trim).filter(|k| !k.is_empty()) {
        cond = cond.add(contains(car_brand::Column::Name, k));
    }
    let brands = car_brand::Entity::find()
        .filter(cond)
        .order_by_asc(car_brand::Column::Sort)
        .order_by_asc(car_brand::Column::Name)
        .order_by_asc(car_brand::Column::Id)
        .all(db)
        .await?;
    let mut series: HashMap<i64, Vec<SeriesRow>> = HashMap::new();
    for s in car_series::Entity::find()
        .filter(car_series::Column::BrandId.is_in(brands.iter().map(|b| b.id)))
        .filter(visible_to(scope, car_series::Column::EnterpriseId))
        .order_by_asc(car_series::Column::Sort)
        .order_by_asc(car_series::Column::Name)
        .order_by_asc(car_series::Column::Id)
        .all(db)
        .await?
    {
        series.entry(s.brand_id).or_default().push(series_row(s));
    }
    Ok(brands
        .into_iter()
        .map(|b| CarBrandRow {
            series: series.remove(&b.id).unwrap_or_default(),
            id: b.id,
            ent_id: b.enterprise_id,
            name: b.name,
            logo: b.logo,
            sort: b.sort,
        })
        .collect())
}

/// The series of a car brand the scope sees.
pub async fn car_series_of(
    db: &DatabaseConnection,
    scope: &Scope,
    brand_id: i64,
) -> Result<Vec<SeriesRow>, AppError> {
    find_car_brand(db, scope, brand_id).await?;
    Ok(car_series::Entity::find()
        .filter(car_series::Column::BrandId.eq(brand_id))
        .filter(visible_to(scope, car_series::Column::EnterpriseId))
        .order_by_asc(car_series::Column::Sort)
        .order_by_asc(car_series::Column::Name)
        .order_by_asc(car_series::Column::Id)
        .all(db)
        .await?
        .into_iter()
        .map(series_row)
        .collect())
}

/// Creates, edits or deletes a car brand; answers the brands afterwards.
pub async fn save_car_brand(
    db: &DatabaseConnection,
    scope: &Scope,
    input: CarBrandInput,
) -> Result<Vec<CarBrandRow>, AppError> {
    let txn = kernel::db::write_txn(db).await?;
    let now = Utc::now();
    let existing = match input.id.filter(|i| *i != 0) {
        Some(id) => {
            let b = find_car_brand(&txn, scope, id).await?;
            may_change(scope, b.enterprise_id, &b.name)?;
            Some(b)
        }
        None => None,
    };
    if input.delete {
        let b = existing.ok_or_else(|| AppError::fail(text!("缺少 id", "id is required")))?;
        let used = vehicles_using(&txn, vehicle::Column::BrandId, b.id).await?;
        let series: Vec<i64> = car_series::Entity::find()
            .select_only()
            .column(car_series::Column::Id)
            .filter(car_series::Column::BrandId.eq(b.id))
            .into_tuple()
            .all(&txn)
            .await?;
        let by_series = vehicle::Entity::find()
            .filter(vehicle::Column::SeriesId.is_in(series))
            .count(&txn)
            .await?;
        if used + by_series > 0 {
            return Err(in_use(
                ("车辆品牌", "Car brand"),
                &b.name,
                used + by_series,
                ("车辆", "vehicles"),
            ));
        }
        car_series::Entity::delete_many()
            .filter(car_series::Column::BrandId.eq(b.id))
            .exec(&txn)
            .await?;
        car_brand::Entity::delete_by_id(b.id).exec(&txn).await?;
    } else {
        let (owner, name) = owner_and_name::<car_brand::Entity>(
            &txn,
            scope,
            existing
                .as_ref()
                .map(|b| (b.id, b.enterprise_id, b.name.as_str())),
            input.enterprise_id,
            ("name", input.name.as_deref()),
            Condition::all(),
            (
                car_brand::Column::Name,
                car_brand::Column::EnterpriseId,
                car_brand::Column::Id,
            ),
        )
        .await?;
        let logo = input
            .logo
            .as_deref()
            .map(|l| limited("logo", l, 255))
            .transpose()?;
        let mut row = match existing {
            Some(b) => b.into(),
            None => car_brand::ActiveModel {
                enterprise_id: Set(owner),
                logo: Set(String::new()),
                sort: Set(0),
                created_at: Set(now),
                ..Default::default()
            },
        };
        row.name = Set(name);
        if let Some(l) = logo {
            row.logo = Set(l);
        }
        if let Some(s) = input.sort {
            row.sort = Set(s);
        }
        row.updated_at = Set(now);
        row.save(&txn).await?;
    }
    txn.commit().await?;
    car_brands(db, scope, None).await
}

/// Create (no `id`) or edit a car series, or delete it (`delete: true`).
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CarSeriesInput {
    #[serde(default, alias = "ID")]
    pub id: Option<i64>,
    /// The brand (required on creation).
    #[serde(default)]
    pub brand_id: Option<i64>,
    #[serde(default, alias = "entId", alias = "ent_id")]
    pub enterprise_id: Option<i64>,
    /// 1–64 characters, unique within the brand.
    #[serde(default)]
    pub name: Option<String>,
    #[serde(default)]
    pub sort: Option<i32>,
    /// Delete the series; refused while a vehicle uses it.
    #[serde(default)]
    pub delete: bool,
}

/// Creates, edits or deletes a car series; answers the brand's series afterwards.
pub async fn save_car_series(
    db: &DatabaseConnection,
    scope: &Scope,
    input: CarSeriesInput,
) -> Result<Vec<SeriesRow>, AppError> {
    let txn = kernel::db::write_txn(db).await?;
    let now = Utc::now();
    let existing = match input.id.filter(|i| *i != 0) {
        Some(id) => {
            let s = car_series::Entity::find_by_id(id)
                .filter(visible_to(scope, car_series::Column::EnterpriseId))
                .one(&txn)
                .await?
                .ok_or_else(|| AppError::fail(text!("车系 {} 不存在", "No car series {}", id)))?;
            may_change(scope, s.enterprise_id, &s.name)?;
            Some(s)
        }
        None => None,
    };
    let brand_id = match (&existing, input.brand_id) {
        (Some(s), _) => s.brand_id,
        (None, Some(b)) => b,
        (None, None) => return Err(AppError::fail(text!("缺少 brandId", "brandId is required"))),
    };
    find_car_brand(&txn, scope, brand_id).await?;
    if input.delete {
        let s = existing.ok_or_else(|| AppError::fail(text!("缺少 id", "id is required")))?;
        let used = vehicles_using(&txn, vehicle::Column::SeriesId, s.id).await?;
        if used > 0 {
            return Err(in_use(
                ("车系", "Car series"),
                &s.name,
                used,
                ("车辆", "vehicles"),
            ));
        }
        car_series::Entity::delete_by_id(s.id).exec(&txn).await?;
    } else {
        let parent = Condition::all().add(car_series::Column::BrandId.eq(brand_id));
        let (owner, name) = owner_and_name::<car_series::Entity>(
            &txn,
            scope,
            existing
                .as_ref()
                .map(|s| (s.id, s.enterprise_id, s.name.as_str())),
            input.enterprise_id,
            ("name", input.name.as_deref()),
            parent,
            (
                car_series::Column::Name,
                car_series::Column::EnterpriseId,
                car_series::Column::Id,
            ),
        )
        .await?;
        let mut row = match existing {
            Some(s) => s.into(),
            None => car_series::ActiveModel {
                brand_id: Set(brand_id),
                enterprise_id: Set(owner),
                sort: Set(0),
                created_at: Set(now),
                ..Default::default()
            },
        };
        row.name = Set(name);
        if let Some(s) = input.sort {
            row.sort = Set(s);
        }
        row.updated_at = Set(now);
        row.save(&txn).await?;
    }
    txn.commit().await?;
    car_series_of(db, scope, brand_id).await
}

// ---- car classes --------------------------------------------------------------------------

/// A vehicle class.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CarClassRow {
    pub id: i64,
    pub ent_id: Option<i64>,
    pub name: String,
    /// 0 tractor or truck, 1 trailer, 2 bus, 3 other.
    pub kind: i16,
    /// Default wheels per axle from the front, e.g. "2,4,4".
    pub axle_layout: String,
    pub device_type_id: i16,
    pub sort: i32,
}

/// Create (no `id`) or edit a vehicle class, or delete it (`delete: true`).
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CarClassInput {
    #[serde(default, alias = "ID")]
    pub id: Option<i64>,
    #[serde(default, alias = "entId", alias = "ent_id")]
    pub enterprise_id: Option<i64>,
    /// 1–64 characters, unique.
    #[serde(default)]
    pub name: Option<String>,
    /// 0 tractor or truck, 1 trailer, 2 bus, 3 other.
    #[serde(default)]
    pub kind: Option<i16>,
    /// Wheels per axle, 1–8 axles of 1–8 wheels, e.g. "2,4,4".
    #[serde(default)]
    pub axle_layout: Option<String>,
    /// The vehicle image, 0–20.
    #[serde(default)]
    pub device_type_id: Option<i16>,
    #[serde(default)]
    pub sort: Option<i32>,
    /// Delete the class; refused while a vehicle uses it.
    #[serde(default)]
    pub delete: bool,
}

fn class_row(c: car_class::Model) -> CarClassRow {
    CarClassRow {
        id: c.id,
        ent_id: c.enterprise_id,
        name: c.name,
        kind: c.kind,
        axle_layout: c.axle_layout,
        device_type_id: c.device_type_id,
        sort: c.sort,
    }
}

/// Checks an axle layout: 1–8 comma-separated axles of 1–8 wheels.
fn axle_layout(layout: &str) -> Result<String, AppError> {
    let axles: Vec<&str> = layout.split(',').map(str::trim).collect();
    let ok = (1..=8).contains(&axles.len())
        && axles
            .iter()
            .all(|a| a.parse::<u8>().is_ok_and(|n| (1..=8).contains(&n)));
    if ok {
        Ok(axles.join(","))
    } else {
        Err(AppError::fail(text!(
            "axleLayout “{}” 无效（如 2,4,4）",
            "axleLayout “{}” is invalid (e.g. 2,4,4)",
            layout
        )))
    }
}

/// Vehicle classes the scope sees.
pub async fn car_classes(
    db: &DatabaseConnection,
    scope: &Scope,
) -> Result<Vec<CarClassRow>, AppError> {
    Ok(car_class::Entity::find()
        .filter(visible_to(scope, car_class::Column::EnterpriseId))
        .order_by_asc(car_class::Column::Sort)
        .order_by_asc(car_class::Column::Name)
        .order_by_asc(car_class::Column::Id)
        .all(db)
        .await?
        .into_iter()
        .map(class_row)
        .collect())
}

/// Creates, edits or deletes a vehicle class; answers the classes afterwards.
pub async fn save_car_class(
    db: &DatabaseConnection,
    scope: &Scope,
    input: CarClassInput,
) -> Result<Vec<CarClassRow>, AppError> {
    let txn = kernel::db::write_txn(db).await?;
    let now = Utc::now();
    let existing = match input.id.filter(|i| *i != 0) {
        Some(id) => {
            let c = car_class::Entity::find_by_id(id)
                .filter(visible_to(scope, car_class::Column::EnterpriseId))
                .one(&txn)
                .await?
                .ok_or_else(|| {
                    AppError::fail(text!("车型 {} 不存在", "No vehicle class {}", id))
                })?;
            may_change(scope, c.enterprise_id, &c.name)?;
            Some(c)
        }
        None => None,
    };
    if input.delete {
        let c = existing.ok_or_else(|| AppError::fail(text!("缺少 id", "id is required")))?;
        let used = vehicles_using(&txn, vehicle::Column::ClassId, c.id).await?;
        if used > 0 {
            return Err(in_use(
                ("车型", "Vehicle class"),
                &c.name,
                used,
                ("车辆", "vehicles"),
            ));
        }
        car_class::Entity::delete_by_id(c.id).exec(&txn).await?;
    } else {
        let (owner, name) = owner_and_name::<car_class::Entity>(
            &txn,
            scope,
            existing
                .as_ref()
                .map(|c| (c.id, c.enterprise_id, c.name.as_str())),
            input.enterprise_id,
            ("name", input.name.as_deref()),
            Condition::all(),
            (
                car_class::Column::Name,
                car_class::Column::EnterpriseId,
                car_class::Column::Id,
            ),
        )
        .await?;
        if let Some(k) = input.kind.filter(|k| !(0..=3).contains(k)) {
            return Err(AppError::fail(text!(
                "kind {} 无效（0–3）",
                "kind {} is invalid (0–3)",
                k
            )));
        }
        if let Some(d) = input.device_type_id.filter(|d| !(0..=20).contains(d)) {
            return Err(AppError::fail(text!(
                "deviceTypeId {} 无效（0–20）",
                "deviceTypeId {} is invalid (0–20)",
                d
            )));
        }
        let layout = input.axle_layout.as_deref().map(axle_layout).transpose()?;
        let mut row = match existing {
            Some(c) => c.into(),
            None => car_class::ActiveModel {
                enterprise_id: Set(owner),
                kind: Set(0),
                axle_layout: Set("2,4".into()),
                device_type_id: Set(0),
                sort: Set(0),
                created_at: Set(now),
                ..Default::default()
            },
        };
        row.name = Set(name);
        if let Some(k) = input.kind {
            row.kind = Set(k);
        }
        if let Some(l) = layout {
            row.axle_layout = Set(l);
        }
        if let Some(d) = input.device_type_id {
            row.device_type_id = Set(d);
        }
        if let Some(s) = input.sort {
            row.sort = Set(s);
        }
        row.updated_at = Set(now);
        row.save(&txn).await?;
    }
    txn.commit().await?;
    car_classes(db, scope).await
}

// ---- tyre brands and tyres ----------------------------------------------------------------

/// A tyre brand.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TyreBrandRow {
    pub id: i64,
    pub ent_id: Option<i64>,
    pub name: String,
    pub logo: String,
    pub sort: i32,
    /// Tyre models of the brand the caller sees.
    pub tyre_count: u64,
}

/// Create (no `id`) or edit a tyre brand.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TyreBrandInput {
    #[serde(default, alias = "ID")]
    pub id: Option<i64>,
    #[serde(default, alias = "entId", alias = "ent_id")]
    pub enterprise_id: Option<i64>,
    /// 1–64 characters, unique.
    #[serde(default)]
    pub name: Option<String>,
    #[serde(default)]
    pub logo: Option<String>,
    #[serde(default)]
    pub sort: Option<i32>,
}

async fn find_tyre_brand(
    db: &impl ConnectionTrait,
    scope: &Scope,
    id: i64,
) -> Result<tyre_brand::Model, AppError> {
    tyre_brand::Entity::find_by_id(id)
        .filter(visible_to(scope, tyre_brand::Column::EnterpriseId))
        .one(db)
        .await?
        .ok_or_else(|| AppError::fail(text!("轮胎品牌 {} 不存在", "No tyre brand {}", id)))
}

/// Tyre brands the scope sees.
pub async fn tyre_brands(
    db: &DatabaseConnection,
    scope: &Scope,
    keyword: Option<&str>,
) -> Result<Vec<TyreBrandRow>, AppError> {
    let mut cond = Condition::all().add(visible_to(scope, tyre_brand::Column::EnterpriseId));
    if let Some(k) = keyword.map(str::trim).filter(|k| !k.is_empty()) {
        cond = cond.add(contains(tyre_brand::Column::Name, k));
    }
    let brands = tyre_brand::Entity::find()
        .filter(cond)
        .order_by_asc(tyre_brand::Column::Sort)
        .order_by_asc(tyre_brand::Column::Name)
        .order_by_asc(tyre_brand::Column::Id)
        .all(db)
        .await?;
    let counts: HashMap<i64, i64> = tyre::Entity::find()
        .select_only()
        .column(tyre::Column::BrandId)
        .column_as(tyre::Column::Id.count(), "n")
        .filter(tyre::Column::BrandId.is_in(brands.iter().map(|b| b.id)))
        .filter(visible_to(scope, tyre::Column::EnterpriseId))
        .group_by(tyre::Column::BrandId)
        .into_tuple::<(i64, i64)>()
        .all(db)
        .await?
        .into_iter()
        .collect();
    Ok(brands
        .into_iter()
        .map(|b| TyreBrandRow {
            tyre_count: counts
                .get(&b.id)
                .copied()
                .unwrap_or_default()
                .unsigned_abs(),
            id: b.id,
            ent_id: b.enterprise_id,
            name: b.name,
            logo: b.logo,
            sort: b.sort,
        })
        .collect())
}

/// Creates or edits a tyre brand; answers the brands afterwards.
pub async fn save_tyre_brand(
    db: &DatabaseConnection,
    scope: &Scope,
    input: TyreBrandInput,
) -> Result<Vec<TyreBrandRow>, AppError> {
    let txn = kernel::db::write_txn(db).await?;
    let now = Utc::now();
    let existing = match input.id.filter(|i| *i != 0) {
        Some(id) => {
            let b = find_tyre_brand(&txn, scope, id).await?;
            may_change(scope, b.enterprise_id, &b.name)?;
            Some(b)
        }
        None => None,
    };
    let (owner, name) = owner_and_name::<tyre_brand::Entity>(
        &txn,
        scope,
        existing
            .as_ref()
            .map(|b| (b.id, b.enterprise_id, b.name.as_str())),
        input.enterprise_id,
        ("name", input.name.as_deref()),
        Condition::all(),
        (
            tyre_brand::Column::Name,
            tyre_brand::Column::EnterpriseId,
            tyre_brand::Column::Id,
        ),
    )
    .await?;
    let logo = input
        .logo
        .as_deref()
        .map(|l| limited("logo", l, 255))
        .transpose()?;
    let mut row = match existing {
        Some(b) => b.into(),
        None => tyre_brand::ActiveModel {
            enterprise_id: Set(owner),
            logo: Set(String::new()),
            sort: Set(0),
            created_at: Set(now),
            ..Default::default()
        },
    };
    row.name = Set(name);
    if let Some(l) = logo {
        row.logo = Set(l);
    }
    if let Some(s) = input.sort {
        row.sort = Set(s);
    }
    row.updated_at = Set(now);
    row.save(&txn).await?;
    txn.commit().await?;
    tyre_brands(db, scope, None).await
}

/// Deletes tyre brands, all or none; refused while a tyre model of the brand exists.
pub async fn delete_tyre_brands(
    db: &DatabaseConnection,
    scope: &Scope,
    ids: &[i64],
) -> Result<(), AppError> {
    let txn = kernel::db::write_txn(db).await?;
    for id in ids {
        let b = find_tyre_brand(&txn, scope, *id).await?;
        may_change(scope, b.enterprise_id, &b.name)?;
        let used = tyre::Entity::find()
            .filter(tyre::Column::BrandId.eq(b.id))
            .count(&txn)
            .await?;
        if used > 0 {
            return Err(in_use(
                ("轮胎品牌", "Tyre brand"),
                &b.name,
                used,
                ("轮胎型号", "tyre models"),
            ));
        }
        tyre_brand::Entity::delete_by_id(b.id).exec(&txn).await?;
    }
    txn.commit().await?;
    Ok(())
}

/// A tyre model.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TyreRow {
    pub id: i64,
    pub brand_id: i64,
    pub brand_name: String,
    pub ent_id: Option<i64>,
    pub model: String,
    /// Size, e.g. 295/80R22.5.
    pub spec: String,
    /// Tread pattern.
    pub grain: String,
    /// New tread depth, mm.
    pub tread_depth: Option<f64>,
    /// Standard pressure, bar.
    pub pressure: Option<f64>,
    pub load_index: String,
    pub remark: String,
}

/// Create (no `id`) or edit a tyre model.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TyreInput {
    #[serde(default, alias = "ID")]
    pub id: Option<i64>,
    /// Required on creation.
    #[serde(default)]
    pub brand_id: Option<i64>,
    #[serde(default, alias = "entId", alias = "ent_id")]
    pub enterprise_id: Option<i64>,
    /// Model name, 1–64 characters, unique within the brand (required on creation).
    #[serde(default, alias = "name")]
    pub model: Option<String>,
    /// Size, e.g. 295/80R22.5 (required on creation).
    #[serde(default)]
    pub spec: Option<String>,
    /// Tread pattern.
    #[serde(default, alias = "grainSize")]
    pub grain: Option<String>,
    /// New tread depth, mm (0–40).
    #[serde(default)]
    pub tread_depth: Option<f64>,
    /// Standard pressure, bar (0–20).
    #[serde(default)]
    pub pressure: Option<f64>,
    #[serde(default)]
    pub load_index: Option<String>,
    #[serde(default)]
    pub remark: Option<String>,
}

fn within(field: &str, value: Option<f64>, hi: f64) -> Result<Option<f64>, AppError> {
    match value {
        Some(v) if !(0.0..=hi).contains(&v) => Err(AppError::field(
            field,
            text!(
                "{} 须在 0 到 {} 之间",
                "{} must be between 0 and {}",
                field,
                hi
            ),
        )),
        v => Ok(v),
    }
}

async fn tyre_rows(
    db: &impl ConnectionTrait,
    list: Vec<tyre::Model>,
) -> Result<Vec<TyreRow>, AppError> {
    let names: HashMap<i64, String> = tyre_brand::Entity::find()
        .filter(tyre_brand::Column::Id.is_in(list.iter().map(|t| t.brand_id)))
        .all(db)
        .await?
        .into_iter()
        .map(|b| (b.id, b.name))
        .collect();
    Ok(list
        .into_iter()
        .map(|t| TyreRow {
            brand_name: names.get(&t.brand_id).cloned().unwrap_or_default(),
            id: t.id,
            brand_id: t.brand_id,
            ent_id: t.enterprise_id,
            model: t.model,
            spec: t.spec,
            grain: t.grain,
            tread_depth: t.tread_depth,
            pressure: t.pressure,
            load_index: t.load_index,
            remark: t.remark,
        })
        .collect())
}

async fn find_tyre(
    db: &impl ConnectionTrait,
    scope: &Scope,
    id: i64,
) -> Result<tyre::Model, AppError> {
    tyre::Entity::find_by_id(id)
        .filter(visible_to(scope, tyre::Column::EnterpriseId))
        .one(db)
        .await?
        .ok_or_else(|| AppError::fail(text!("轮胎 {} 不存在", "No tyre {}", id)))
}

/// Creates or edits a tyre model; answers it.
pub async fn save_tyre(
    db: &DatabaseConnection,
    scope: &Scope,
    input: TyreInput,
) -> Result<TyreRow, AppError> {
    let txn = kernel::db::write_txn(db).await?;
    let now = Utc::now();
    let existing = match input.id.filter(|i| *i != 0) {
        Some(id) => {
            let t = find_tyre(&txn, scope, id).await?;
            may_change(scope, t.enterprise_id, &t.model)?;
            Some(t)
        }
        None => None,
    };
    let brand_id = match (&existing, input.brand_id) {
        (_, Some(b)) => b,
        (Some(t), None) => t.brand_id,
        (None, None) => return Err(AppError::fail(text!("缺少 brandId", "brandId is required"))),
    };
    find_tyre_brand(&txn, scope, brand_id).await?;
    let spec = match (&input.spec, &existing) {
        (Some(s), _) => required("spec", s, 32)?,
        (None, Some(t)) => t.spec.clone(),
        (None, None) => required("spec", "", 32)?,
    };
    let parent = Condition::all().add(tyre::Column::BrandId.eq(brand_id));
    let (owner, model) = owner_and_name::<tyre::Entity>(
        &txn,
        scope,
        existing
            .as_ref()
            .map(|t| (t.id, t.enterprise_id, t.model.as_str())),
        input.enterprise_id,
        ("model", input.model.as_deref()),
        parent,
        (
            tyre::Column::Model,
            tyre::Column::EnterpriseId,
            tyre::Column::Id,
        ),
    )
    .await?;
    let grain = input
        .grain
        .as_deref()
        .map(|g| limited("grain", g, 32))
        .transpose()?;
    let load_index = input
        .load_index
        .as_deref()
        .map(|g| limited("loadIndex", g, 16))
        .transpose()?;
    let remark = input
        .remark
        .as_deref()
        .map(|g| limited("remark", g, 255))
        .transpose()?;
    let tread_depth = within("treadDepth", input.tread_depth, 40.0)?;
    let pressure = within("pressure", input.pressure, 20.0)?;
    let mut row = match existing {
        Some(t) => t.into(),
        None => tyre::ActiveModel {
            enterprise_id: Set(owner),
            grain: Set(String::new()),
            load_index: Set(String::new()),
            remark: Set(String::new()),
            tread_depth: Set(None),
            pressure: Set(None),
            created_at: Set(now),
            ..Default::default()
        },
    };
    row.brand_id = Set(brand_id);
    row.model = Set(model);
    row.spec = Set(spec);
    if let Some(g) = grain {
        row.grain = Set(g);
    }
    if let Some(l) = load_index {
        row.load_index = Set(l);
    }
    if let Some(r) = remark {
        row.remark = Set(r);
    }
    if tread_depth.is_some() {
        row.tread_depth = Set(tread_depth);
    }
    if pressure.is_some() {
        row.pressure = Set(pressure);
    }
    row.updated_at = Set(now);
    let saved = row.save(&txn).await?;
    let id = saved.id.unwrap();
    let model = find_tyre(&txn, scope, id).await?;
    txn.commit().await?;
    Ok(tyre_rows(db, vec![model]).await?.remove(0))
}

/// Deletes tyre models, all or none; refused while a vehicle's wheel carries one.
pub async fn delete_tyres(
    db: &DatabaseConnection,
    scope: &Scope,
    ids: &[i64],
) -> Result<(), AppError> {
    let txn = kernel::db::write_txn(db).await?;
    for id in ids {
        let t = find_tyre(&txn, scope, *id).await?;
        may_change(scope, t.enterprise_id, &t.model)?;
        let used = vehicle_wheel::Entity::find()
            .filter(vehicle_wheel::Column::TyreId.eq(t.id))
            .count(&txn)
            .await?;
        if used > 0 {
            return Err(in_use(
                ("轮胎", "Tyre"),
                &t.model,
                used,
                ("轮位", "wheel positions"),
            ));
        }
        tyre::Entity::delete_by_id(t.id).exec(&txn).await?;
    }
    txn.commit().await?;
    Ok(())
}

/// Filters of the tyre list and of the size and pattern pickers.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TyreFilter {
    #[serde(default)]
    pub brand_id: Option<i64>,
    /// Part of the model name.
    #[serde(default, alias = "name")]
    pub keyword: Option<String>,
    #[serde(default)]
    pub spec: Option<String>,
    #[serde(default, alias = "grainSize")]
    pub grain: Option<String>,
}

fn tyre_condition(scope: &Scope, f: &TyreFilter) -> Condition {
    let mut cond = Condition::all().add(visible_to(scope, tyre::Column::EnterpriseId));
    if let Some(b) = f.brand_id.filter(|b| *b != 0) {
        cond = cond.add(tyre::Column::BrandId.eq(b));
    }
    if let Some(k) = f
        .keyword
        .as_deref()
        .map(str::trim)
        .filter(|k| !k.is_empty())
    {
        cond = cond.add(contains(tyre::Column::Model, k));
    }
    if let Some(s) = f.spec.as_deref().map(str::trim).filter(|k| !k.is_empty()) {
        cond = cond.add(tyre::Column::Spec.eq(s));
    }
    if let Some(g) = f.grain.as_deref().map(str::trim).filter(|k| !k.is_empty()) {
        cond = cond.add(tyre::Column::Grain.eq(g));
    }
    cond
}

/// Tyre models the scope sees, paged, by brand then model.
pub async fn tyres(
    db: &DatabaseConnection,
    scope: &Scope,
    filter: &TyreFilter,
    page: PageQuery,
) -> Result<PageResult<TyreRow>, AppError> {
    let select = tyre::Entity::find()
        .filter(tyre_condition(scope, filter))
        .order_by_asc(tyre::Column::BrandId)
        .order_by_asc(tyre::Column::Model)
        .order_by_asc(tyre::Column::Id);
    let page = paging::fetch(db, select, page, |t| t).await?;
    Ok(PageResult {
        list: tyre_rows(db, page.list).await?,
        total: page.total,
        page: page.page,
        page_size: page.page_size,
    })
}

/// The distinct sizes (`tyre::Column::Spec`) or tread patterns (`Grain`) of the tyre models
/// the scope sees under `filter`, sorted.
pub async fn tyre_values(
    db: &DatabaseConnection,
    scope: &Scope,
    filter: &TyreFilter,
    column: tyre::Column,
) -> Result<Vec<String>, AppError> {
    Ok(tyre::Entity::find()
        .select_only()
        .column(column)
        .distinct()
        .filter(tyre_condition(scope, filter))
        .filter(column.ne(""))
        .order_by_asc(column)
        .into_tuple::<String>()
        .all(db)
        .await?)
}

// ---- picking a model for vehicles -----------------------------------------------------------

/// A catalogue entry matching a search, for the vehicle form's model picker.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CarTypeHit {
    /// `brand`, `series` or `class`.
    pub kind: &'static str,
    pub id: i64,
    pub name: String,
    /// The brand of a series.
    pub brand_id: Option<i64>,
    pub brand_name: Option<String>,
}

/// Hits of each kind at most.
const SEARCH_LIMIT: u64 = 50;

fn named<C: ColumnTrait>(column: C, keyword: &str) -> Condition {
    if keyword.is_empty() {
        Condition::all()
    } else {
        Condition::all().add(contains(column, keyword))
    }
}

/// Brands, series (with their brand) and classes the scope sees whose name contains
/// `keyword` (all when empty), at most 50 of each, by name.
pub async fn search_car_types(
    db: &impl ConnectionTrait,
    scope: &Scope,
    keyword: &str,
) -> Result<Vec<CarTypeHit>, AppError> {
    let k = keyword.trim();
    let brands = car_brand::Entity::find()
        .filter(visible_to(scope, car_brand::Column::EnterpriseId))
        .filter(named(car_brand::Column::Name, k))
        .order_by_asc(car_brand::Column::Name)
        .limit(SEARCH_LIMIT)
        .all(db)
        .await?;
    let series = car_series::Entity::find()
        .filter(visible_to(scope, car_series::Column::EnterpriseId))
        .filter(named(car_series::Column::Name, k))
        .order_by_asc(car_series::Column::Name)
        .limit(SEARCH_LIMIT)
        .all(db)
        .await?;
    let brand_names: HashMap<i64, String> = car_brand::Entity::find()
        .filter(car_brand::Column::Id.is_in(series.iter().map(|s| s.brand_id)))
        .all(db)
        .await?
        .into_iter()
        .map(|b| (b.id, b.name))
        .collect();
    let classes = car_class::Entity::find()
        .filter(visible_to(scope, car_class::Column::EnterpriseId))
        .filter(named(car_class::Column::Name, k))
        .order_by_asc(car_class::Column::Name)
        .limit(SEARCH_LIMIT)
        .all(db)
        .await?;
    let hit = |kind, id, name| CarTypeHit {
        kind,
        id,
        name,
        brand_id: None,
        brand_name: None,
    };
    Ok(brands
        .into_iter()
        .map(|b| hit("brand", b.id, b.name))
        .chain(series.into_iter().map(|s| CarTypeHit {
            brand_name: brand_names.get(&s.brand_id).cloned(),
            brand_id: Some(s.brand_id),
            ..hit("series", s.id, s.name)
        }))
        .chain(classes.into_iter().map(|c| hit("class", c.id, c.name)))
        .collect())
}

/// The brand, series and class given to vehicles (`None` or 0: none).
#[derive(Debug, Clone, Copy, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ModelPick {
    #[serde(default)]
    pub brand_id: Option<i64>,
    #[serde(default)]
    pub series_id: Option<i64>,
    #[serde(default)]
    pub class_id: Option<i64>,
}

impl ModelPick {
    fn id(v: Option<i64>) -> Option<i64> {
        v.filter(|v| *v != 0)
    }
}

/// Checks a pick: each entry exists and is visible to the scope, and the series is one of the
/// brand (a series alone brings its brand). Answers the pick as stored (zeros as none, the
/// brand filled in) and the class, whose image the vehicles take.
pub async fn check_model(
    db: &impl ConnectionTrait,
    scope: &Scope,
    pick: ModelPick,
) -> Result<(ModelPick, Option<car_class::Model>), AppError> {
    let missing = |what: &str, id: i64| AppError::fail(text!("{} {} 不存在", "No {} {}", what, id));
    let mut brand = ModelPick::id(pick.brand_id);
    let series = ModelPick::id(pick.series_id);
    if let Some(id) = brand {
        car_brand::Entity::find_by_id(id)
            .filter(visible_to(scope, car_brand::Column::EnterpriseId))
            .one(db)
            .await?
            .ok_or_else(|| missing("brandId", id))?;
    }
    if let Some(id) = series {
        let s = car_series::Entity::find_by_id(id)
            .filter(visible_to(scope, car_series::Column::EnterpriseId))
            .one(db)
            .await?
            .ok_or_else(|| missing("seriesId", id))?;
        match brand {
            Some(b) if b != s.brand_id => {
                return Err(AppError::fail(text!(
                    "车系 {} 不属于品牌 {}",
                    "Series {} is not of brand {}",
                    id,
                    b
                )));
            }
            _ => brand = Some(s.brand_id),
        }
    }
    let class = match ModelPick::id(pick.class_id) {
        Some(id) => Some(
            car_class::Entity::find_by_id(id)
                .filter(visible_to(scope, car_class::Column::EnterpriseId))
                .one(db)
                .await?
                .ok_or_else(|| missing("classId", id))?,
        ),
        None => None,
    };
    Ok((
        ModelPick {
            brand_id: brand,
            series_id: series,
            class_id: class.as_ref().map(|c| c.id),
        },
        class,
    ))
}
