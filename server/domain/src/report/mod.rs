//! Area `report`: the fleet reports over finished days (`rollups`), the fleet's logs and their exports, mileage, voltage and sensor marks,
//! device and sensor histories, installations and tyres, dashboard boards, the supervision
//! overview, sensor chip statistics and the search box; the periodic report as XLSX and PDF
//! files and their scheduled delivery (`periodic`). Every query goes through the caller's
//! [`Scope`](crate::scope::Scope); values are bar, °C, V and km as stored. See
//! `docs/reports.md`.

pub mod boards;
pub mod chips;
pub mod exports;
pub mod histories;
pub mod incidents;
pub mod logs;
pub mod marks;
pub mod mileage;
pub mod periodic;
pub mod reads;
pub mod rollups;
pub mod search;
pub mod supervision;
pub mod tpms;
pub mod tyres;
pub mod works;

use entities::vehicle;
use sea_orm::sea_query::SelectStatement;
use sea_orm::{ColumnTrait, Condition, ConnectionTrait, QueryFilter, QuerySelect, QueryTrait};
use serde::Deserialize;
use utoipa::ToSchema;

use crate::scope::Scope;
use kernel::error::AppError;
use kernel::search::contains;

/// Which vehicles a report covers; every field optional.
#[derive(Debug, Default, Clone, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct VehicleChoice {
    /// One vehicle (one the caller sees).
    #[serde(default, alias = "carId")]
    pub vehicle_id: Option<i64>,
    /// Part of the plate.
    #[serde(default, alias = "plate")]
    pub keyword: Option<String>,
    /// One enterprise (one the caller sees).
    #[serde(default, alias = "entId", alias = "ent_id")]
    pub enterprise_id: Option<i64>,
}

/// A [`VehicleChoice`] checked against the scope.
#[derive(Debug, Clone, Default)]
pub struct Chosen {
    pub enterprise: Option<i64>,
    /// The chosen vehicles' ids, when a vehicle or a plate was named.
    pub vehicles: Option<SelectStatement>,
}

impl VehicleChoice {
    /// Refuses a vehicle or enterprise the scope does not see.
    pub async fn checked(
        &self,
        db: &impl ConnectionTrait,
        scope: &Scope,
    ) -> Result<Chosen, AppError> {
        let enterprise = self.enterprise_id.filter(|e| *e != 0);
        if let Some(e) = enterprise {
            scope.require(e)?;
        }
        let keyword = self
            .keyword
            .as_deref()
            .map(str::trim)
            .filter(|k| !k.is_empty());
        let vehicle = self.vehicle_id.filter(|v| *v != 0);
        if let Some(v) = vehicle {
            crate::vehicle::find(db, scope, v).await?;
        }
        let vehicles = (vehicle.is_some() || keyword.is_some()).then(|| {
            let mut q = crate::vehicle::visible(scope)
                .select_only()
                .column(vehicle::Column::Id);
            if let Some(v) = vehicle {
                q = q.filter(vehicle::Column::Id.eq(v));
            }
            if let Some(k) = keyword {
                q = q.filter(contains(vehicle::Column::Plate, k));
            }
            q.into_query()
        });
        Ok(Chosen {
            enterprise,
            vehicles,
        })
    }
}

impl Chosen {
    /// The condition on a table's vehicle and enterprise columns.
    pub fn on<V: ColumnTrait, E: ColumnTrait>(&self, vehicle: V, enterprise: E) -> Condition {
        let mut c = Condition::all();
        if let Some(e) = self.enterprise {
            c = c.add(enterprise.eq(e));
        }
        if let Some(q) = &self.vehicles {
            c = c.add(vehicle.in_subquery(q.clone()));
        }
        c
    }
}
