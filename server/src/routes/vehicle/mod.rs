//! Area `vehicle`: vehicle records (the fleet list, the map's watchList4 and statistics,
//! trailers, drivers, wheel layout), catalogues (car and tyre models) and the calls over a
//! vehicle's history (trips, mileage, alarms, axle and spray data). Every handler takes the
//! caller's scope through [`Scoped`](crate::extract::Scoped).

mod cars;
mod cars_more;
mod catalogue;
mod history;
mod share;

use utoipa_axum::router::OpenApiRouter;

use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .merge(cars::router())
        .merge(cars_more::router())
        .merge(catalogue::router())
        .merge(history::router())
        .merge(share::router())
}

/// The `/tapi` calls of the area.
pub fn tapi() -> OpenApiRouter<AppState> {
    history::tapi()
}
