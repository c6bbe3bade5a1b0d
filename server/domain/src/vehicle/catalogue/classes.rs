//! Car classes (vehicle models): their axle layout and the wheel positions it implies.

use super::{in_use, may_change, owner_and_name, vehicles_using, visible_to};
use crate::scope::Scope;
use chrono::Utc;
use entities::{car_class, vehicle};
use kernel::error::AppError;
use kernel::text;
use sea_orm::{
    ActiveModelTrait, Condition, DatabaseConnection, EntityTrait, QueryFilter, QueryOrder, Set,
};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

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
