//! Choosing a vehicle's model: searching car types by name and checking a brand/series/class pick.

use super::visible_to;
use crate::scope::Scope;
use entities::{car_brand, car_class, car_series};
use kernel::error::AppError;
use kernel::search::contains;
use kernel::text;
use sea_orm::{
    ColumnTrait, Condition, ConnectionTrait, EntityTrait, QueryFilter, QueryOrder, QuerySelect,
};
use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use utoipa::ToSchema;

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
