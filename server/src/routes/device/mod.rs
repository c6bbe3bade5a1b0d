//! Area `device`: receivers, repeaters and sensors, firmware and upgrades, commands, tags,
//! white table, sale records, spray data. Every handler takes the caller's scope through
//! [`Scoped`](crate::extract::Scoped).

use utoipa_axum::router::OpenApiRouter;

use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
}

/// The `/tapi` calls of the area.
pub fn tapi() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
}
