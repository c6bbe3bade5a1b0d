//! Tyre models: sizes, grains and specifications, with their filters.

use super::brands::find_brand;
use super::{in_use, may_change, owner_and_name, visible_to};
use crate::scope::Scope;
use chrono::Utc;
use entities::{tyre, tyre_brand, vehicle_wheel};
use kernel::error::AppError;
use kernel::paging::{self, PageQuery, PageResult};
use kernel::search::contains;
use kernel::text;
use kernel::validate::{limited, required};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, Condition, ConnectionTrait, DatabaseConnection, EntityTrait,
    PaginatorTrait, QueryFilter, QueryOrder, QuerySelect, Set,
};
use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use utoipa::ToSchema;

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

pub(crate) async fn tyre_rows(
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
    find_brand::<tyre_brand::Entity>(&txn, scope, brand_id).await?;
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
