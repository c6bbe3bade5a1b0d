//! Car brands with their series, and tyre brands: one save serves both brand tables.

use super::{in_use, may_change, owner_and_name, vehicles_using, visible_to};
use crate::scope::Scope;
use chrono::{DateTime, Utc};
use entities::{car_brand, car_series, tyre, tyre_brand, vehicle};
use kernel::error::AppError;
use kernel::search::contains;
use kernel::text;
use kernel::validate::limited;
use sea_orm::{
    ActiveModelBehavior, ActiveModelTrait, ColumnTrait, Condition, ConnectionTrait,
    DatabaseConnection, DatabaseTransaction, EntityTrait, IntoActiveModel, PaginatorTrait,
    QueryFilter, QueryOrder, QuerySelect, Set,
};
use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use utoipa::ToSchema;

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

/// Car brands the scope sees, each with its series, by sort then name.
pub async fn car_brands(
    db: &DatabaseConnection,
    scope: &Scope,
    keyword: Option<&str>,
) -> Result<Vec<CarBrandRow>, AppError> {
    let brands = brands_seen::<car_brand::Entity>(db, scope, keyword).await?;
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
    find_brand::<car_brand::Entity>(db, scope, brand_id).await?;
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
    let existing = match input.id.filter(|i| *i != 0) {
        Some(id) => {
            let b = find_brand::<car_brand::Entity>(&txn, scope, id).await?;
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
        let fields = BrandFields {
            enterprise_id: input.enterprise_id,
            name: input.name,
            logo: input.logo,
            sort: input.sort,
        };
        write_brand::<car_brand::Entity>(&txn, scope, existing, fields).await?;
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
    find_brand::<car_brand::Entity>(&txn, scope, brand_id).await?;
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

/// Tyre brands the scope sees.
pub async fn tyre_brands(
    db: &DatabaseConnection,
    scope: &Scope,
    keyword: Option<&str>,
) -> Result<Vec<TyreBrandRow>, AppError> {
    let brands = brands_seen::<tyre_brand::Entity>(db, scope, keyword).await?;
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
    let existing = match input.id.filter(|i| *i != 0) {
        Some(id) => {
            let b = find_brand::<tyre_brand::Entity>(&txn, scope, id).await?;
            may_change(scope, b.enterprise_id, &b.name)?;
            Some(b)
        }
        None => None,
    };
    let fields = BrandFields {
        enterprise_id: input.enterprise_id,
        name: input.name,
        logo: input.logo,
        sort: input.sort,
    };
    write_brand::<tyre_brand::Entity>(&txn, scope, existing, fields).await?;
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
        let b = find_brand::<tyre_brand::Entity>(&txn, scope, *id).await?;
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

/// The fields a car or a tyre brand is saved from.
struct BrandFields {
    enterprise_id: Option<i64>,
    name: Option<String>,
    logo: Option<String>,
    sort: Option<i32>,
}

/// The car and tyre brand tables have the same shape; this lets one save write either.
pub(crate) trait BrandTable: EntityTrait {
    /// Name, owning enterprise and id: the columns the uniqueness check reads.
    const COLUMNS: (Self::Column, Self::Column, Self::Column);
    const SORT: Self::Column;
    /// How a refusal names a missing brand (Chinese, English).
    const MISSING: (&'static str, &'static str);
    fn identity(row: &Self::Model) -> (i64, Option<i64>, &str);
    fn blank(owner: Option<i64>, now: DateTime<Utc>) -> Self::ActiveModel;
    fn fill(
        row: &mut Self::ActiveModel,
        name: String,
        logo: Option<String>,
        sort: Option<i32>,
        now: DateTime<Utc>,
    );
}

macro_rules! brand_table {
    ($table:ident, $missing:expr) => {
        impl BrandTable for $table::Entity {
            const COLUMNS: (Self::Column, Self::Column, Self::Column) = (
                $table::Column::Name,
                $table::Column::EnterpriseId,
                $table::Column::Id,
            );
            const SORT: Self::Column = $table::Column::Sort;
            const MISSING: (&'static str, &'static str) = $missing;
            fn identity(row: &$table::Model) -> (i64, Option<i64>, &str) {
                (row.id, row.enterprise_id, row.name.as_str())
            }
            fn blank(owner: Option<i64>, now: DateTime<Utc>) -> $table::ActiveModel {
                $table::ActiveModel {
                    enterprise_id: Set(owner),
                    logo: Set(String::new()),
                    sort: Set(0),
                    created_at: Set(now),
                    ..Default::default()
                }
            }
            fn fill(
                row: &mut $table::ActiveModel,
                name: String,
                logo: Option<String>,
                sort: Option<i32>,
                now: DateTime<Utc>,
            ) {
                row.name = Set(name);
                if let Some(l) = logo {
                    row.logo = Set(l);
                }
                if let Some(s) = sort {
                    row.sort = Set(s);
                }
                row.updated_at = Set(now);
            }
        }
    };
}
brand_table!(car_brand, ("车辆品牌", "No car brand"));
brand_table!(tyre_brand, ("轮胎品牌", "No tyre brand"));

/// One brand the scope sees.
pub(crate) async fn find_brand<E: BrandTable>(
    db: &impl ConnectionTrait,
    scope: &Scope,
    id: i64,
) -> Result<E::Model, AppError> {
    let (_, owner, id_col) = E::COLUMNS;
    E::find()
        .filter(id_col.eq(id))
        .filter(visible_to(scope, owner))
        .one(db)
        .await?
        .ok_or_else(|| {
            let (zh, en) = E::MISSING;
            AppError::fail(kernel::i18n::Text::new(
                format!("{zh} {id} 不存在"),
                format!("{en} {id}"),
            ))
        })
}

/// The brands the scope sees whose name holds `keyword`, by sort, name and id.
async fn brands_seen<E: BrandTable>(
    db: &impl ConnectionTrait,
    scope: &Scope,
    keyword: Option<&str>,
) -> Result<Vec<E::Model>, AppError> {
    let (name, owner, id) = E::COLUMNS;
    let mut cond = Condition::all().add(visible_to(scope, owner));
    if let Some(k) = keyword.map(str::trim).filter(|k| !k.is_empty()) {
        cond = cond.add(contains(name, k));
    }
    Ok(E::find()
        .filter(cond)
        .order_by_asc(E::SORT)
        .order_by_asc(name)
        .order_by_asc(id)
        .all(db)
        .await?)
}

/// Creates a brand (`existing` None) or edits one: owner and name checked as for every
/// catalogue entry, logo at most 255 characters.
async fn write_brand<E>(
    txn: &DatabaseTransaction,
    scope: &Scope,
    existing: Option<E::Model>,
    fields: BrandFields,
) -> Result<(), AppError>
where
    E: BrandTable,
    E::Model: IntoActiveModel<E::ActiveModel>,
    E::ActiveModel: ActiveModelTrait<Entity = E> + ActiveModelBehavior + Send,
{
    let (owner, name) = owner_and_name::<E>(
        txn,
        scope,
        existing.as_ref().map(E::identity),
        fields.enterprise_id,
        ("name", fields.name.as_deref()),
        Condition::all(),
        E::COLUMNS,
    )
    .await?;
    let logo = fields
        .logo
        .as_deref()
        .map(|l| limited("logo", l, 255))
        .transpose()?;
    let now = Utc::now();
    let mut row = match existing {
        Some(b) => b.into_active_model(),
        None => E::blank(owner, now),
    };
    E::fill(&mut row, name, logo, fields.sort, now);
    row.save(txn).await?;
    Ok(())
}
