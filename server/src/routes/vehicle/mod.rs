//! Area `vehicle`: one module per resource, mirroring `domain::vehicle` (the fleet feed and
//! list, vehicle records, trailers, drivers, settings, catalogues, history, mileage, alarms,
//! service records, shares…). Every handler takes the caller's scope through
//! [`Scoped`](crate::extract::Scoped).

mod alarms;
mod catalogue;
mod demonstration;
mod docking;
mod drivers;
mod fleet;
mod history;
mod mileage;
mod pickers;
mod records;
mod service_records;
mod settings;
mod share;
mod states;
mod trailers;

use serde::Deserialize;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;

use crate::state::AppState;
use domain::vehicle::service_records::DepthInput;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .merge(alarms::router())
        .merge(catalogue::router())
        .merge(demonstration::router())
        .merge(docking::router())
        .merge(drivers::router())
        .merge(fleet::router())
        .merge(history::router())
        .merge(mileage::router())
        .merge(pickers::router())
        .merge(records::router())
        .merge(service_records::router())
        .merge(settings::router())
        .merge(share::router())
        .merge(states::router())
        .merge(trailers::router())
}

/// The `/tapi` calls of the area.
pub fn tapi() -> OpenApiRouter<AppState> {
    history::tapi().merge(service_records::tapi())
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PlateRequest {
    #[serde(default, alias = "carId", alias = "id")]
    vehicle_id: Option<i64>,
    /// The plate, when no id is given.
    #[serde(default)]
    plate: Option<String>,
    /// `deepLines`: measurements to record first (all or none).
    #[serde(default)]
    readings: Vec<DepthInput>,
}
