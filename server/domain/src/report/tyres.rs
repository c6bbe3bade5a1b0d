//! Tyre information per vehicle (`tyre_info`): each wheel position with its tyre (brand,
//! model, size, tread pattern, new tread depth, standard pressure), its sensor and latest
//! reading, and the last tread depth measured there.

use std::collections::BTreeMap;

use chrono::{DateTime, Utc};
use entities::{tread_depth, tyre};
use sea_orm::{ColumnTrait, DatabaseConnection, EntityTrait, QueryFilter, QueryOrder};
use serde::Serialize;
use utoipa::ToSchema;

use crate::scope::Scope;
use crate::vehicle::catalogue::{TyreRow, tyre_rows};
use crate::vehicle::records::{WheelOut, wheels};
use kernel::error::AppError;

/// A tread depth measurement.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Measured {
    /// mm
    pub depth: f64,
    pub measured_at: DateTime<Utc>,
}

/// One wheel position.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TyreWheel {
    #[serde(flatten)]
    pub wheel: WheelOut,
    pub tyre: Option<TyreRow>,
    pub last_tread_depth: Option<Measured>,
}

/// A vehicle's tyres.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = VehicleTyres)]
pub struct TyreInfo {
    pub vehicle_id: i64,
    pub plate: String,
    /// Wheels per axle from the front, e.g. "2,4,4".
    pub axle_layout: String,
    pub wheels: Vec<TyreWheel>,
}

/// The tyres of a vehicle the scope sees.
pub async fn info(
    db: &DatabaseConnection,
    scope: &Scope,
    vehicle_id: i64,
) -> Result<TyreInfo, AppError> {
    let v = crate::vehicle::find(db, scope, vehicle_id).await?;
    let found = wheels(db, v.id).await?;
    let models = tyre::Entity::find()
        .filter(tyre::Column::Id.is_in(found.iter().filter_map(|w| w.tyre_id)))
        .all(db)
        .await?;
    let models: BTreeMap<i64, TyreRow> = tyre_rows(db, models)
        .await?
        .into_iter()
        .map(|t| (t.id, t))
        .collect();
    // Oldest first, so the last one kept per position is the newest.
    let mut depths: BTreeMap<i32, Measured> = BTreeMap::new();
    for d in tread_depth::Entity::find()
        .filter(tread_depth::Column::VehicleId.eq(v.id))
        .order_by_asc(tread_depth::Column::MeasuredAt)
        .order_by_asc(tread_depth::Column::Id)
        .all(db)
        .await?
    {
        depths.insert(
            d.position,
            Measured {
                depth: d.depth,
                measured_at: d.measured_at,
            },
        );
    }
    Ok(TyreInfo {
        vehicle_id: v.id,
        plate: v.plate,
        axle_layout: v.axle_layout,
        wheels: found
            .into_iter()
            .map(|w| TyreWheel {
                tyre: w.tyre_id.and_then(|t| models.get(&t).cloned()),
                last_tread_depth: depths.remove(&w.position),
                wheel: w,
            })
            .collect(),
    })
}
