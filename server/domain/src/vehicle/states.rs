//! The live states of chosen vehicles (the console's `state_list`).

use super::records::{self, StateOut};
use crate::scope::Scope;
use entities::{vehicle, vehicle_state};
use kernel::error::AppError;
use kernel::text;
use sea_orm::{ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, QueryOrder};
use serde::Serialize;
use std::collections::HashMap;
use utoipa::ToSchema;

/// The live state of one vehicle.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct VehicleStateRow {
    pub car_id: i64,
    pub plate: String,
    pub state: StateOut,
}

/// state_list: the live states of the named vehicles (those the scope sees; at most 500).
pub async fn states(
    db: &impl ConnectionTrait,
    scope: &Scope,
    ids: &[i64],
) -> Result<Vec<VehicleStateRow>, AppError> {
    let ids = records::ids("carIds", ids)?;
    if ids.len() > 500 {
        return Err(AppError::fail(text!(
            "carIds 最多 500 个",
            "carIds holds at most 500 ids"
        )));
    }
    let vehicles = super::visible(scope)
        .filter(vehicle::Column::Id.is_in(ids.clone()))
        .order_by_asc(vehicle::Column::Id)
        .all(db)
        .await?;
    let states: HashMap<i64, vehicle_state::Model> = vehicle_state::Entity::find()
        .filter(vehicle_state::Column::VehicleId.is_in(vehicles.iter().map(|v| v.id)))
        .all(db)
        .await?
        .into_iter()
        .map(|s| (s.vehicle_id, s))
        .collect();
    Ok(vehicles
        .into_iter()
        .filter_map(|v| {
            states.get(&v.id).map(|s| VehicleStateRow {
                car_id: v.id,
                plate: v.plate,
                state: StateOut::from_model(s),
            })
        })
        .collect())
}
