//! A vehicle's axle layout: the view the console edits and changing it.

use super::{layout_positions, parse_layout, reconcile_wheels};
use crate::scope::Scope;
use crate::vehicle::{find, find_owned};
use chrono::Utc;
use entities::vehicle;
use kernel::error::AppError;
use sea_orm::{ActiveModelTrait, ConnectionTrait, DatabaseConnection, Set};
use serde::Serialize;
use utoipa::ToSchema;

/// A vehicle's axle layout, axle by axle.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AxleLayout {
    pub car_id: i64,
    pub axle_layout: String,
    pub axles: Vec<AxleOut>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AxleOut {
    /// 1 = the front (steer) axle.
    pub axle: i16,
    pub positions: Vec<i32>,
}

fn axle_view(v: &vehicle::Model) -> Result<AxleLayout, AppError> {
    let (layout, positions) = layout_positions(&parse_layout(&v.axle_layout)?);
    let mut axles: Vec<AxleOut> = Vec::new();
    for (p, a) in positions {
        match axles.last_mut() {
            Some(last) if last.axle == a => last.positions.push(p),
            _ => axles.push(AxleOut {
                axle: a,
                positions: vec![p],
            }),
        }
    }
    Ok(AxleLayout {
        car_id: v.id,
        axle_layout: layout,
        axles,
    })
}

pub async fn axle_list(
    db: &impl ConnectionTrait,
    scope: &Scope,
    id: i64,
) -> Result<AxleLayout, AppError> {
    axle_view(&find(db, scope, id).await?)
}

/// Changes a vehicle's axle layout; unchanged wheel positions keep their readings.
pub async fn change_axles(
    db: &DatabaseConnection,
    scope: &Scope,
    id: i64,
    layout: &str,
) -> Result<AxleLayout, AppError> {
    let (text, positions) = layout_positions(&parse_layout(layout)?);
    let txn = kernel::db::write_txn(db).await?;
    let v = find_owned(&txn, scope, id).await?;
    let mut row: vehicle::ActiveModel = v.into();
    row.axle_layout = Set(text);
    row.updated_at = Set(Utc::now());
    let saved = row.update(&txn).await?;
    reconcile_wheels(&txn, id, &positions).await?;
    txn.commit().await?;
    axle_view(&saved)
}
