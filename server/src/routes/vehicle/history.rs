use utoipa_axum::router::OpenApiRouter;

use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
}

pub fn tapi() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
}
