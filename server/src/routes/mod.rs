//! The HTTP surface: `/api` and `/tapi` (one router per area, merged here), static files, and
//! server-rendered pages for every other GET.

mod authz;
mod brand;
mod declare;
mod device;
mod edge;
mod enterprise;
mod health;
mod live;
mod menu;
mod middleware;
mod mqtt;
mod pages;
mod report;
mod rule;
mod session;
mod stock;
mod system;
mod telemetry;
mod track;
mod vehicle;
mod work;

use axum::extract::DefaultBodyLimit;
use axum::http::{HeaderValue, Request, Uri, header};
use axum::{Router, middleware as mw};
use tower::{Layer as _, ServiceBuilder};
use tower_http::catch_panic::CatchPanicLayer;
use tower_http::compression::CompressionLayer;
use tower_http::set_header::SetResponseHeaderLayer;
use tower_http::trace::TraceLayer;
use utoipa_axum::router::OpenApiRouter;

pub(crate) use edge::ClientAddr;
pub(crate) use middleware::Trusteeship;

use crate::openapi;
use crate::state::AppState;
use domain::authz::CallKinds;
use kernel::error::{AppError, internal_error};

/// The `/api` calls of every area, with their OpenAPI descriptions.
/// A request or answer without fields.
#[derive(Debug, Default, serde::Deserialize, serde::Serialize, utoipa::ToSchema)]
pub struct Empty {}

pub fn api() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .merge(health::router())
        .merge(brand::router())
        .merge(session::router())
        .merge(authz::router().merge(menu::router()))
        .merge(system::router())
        .merge(enterprise::router())
        .merge(vehicle::router())
        .merge(device::router())
        .merge(work::router())
        .merge(stock::router())
        .merge(rule::router())
        .merge(report::router())
        .merge(track::router())
        .merge(mqtt::router())
}

/// The `/tapi` calls (device-facing and tool calls).
pub fn tapi() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .merge(vehicle::tapi())
        .merge(device::tapi())
        .merge(telemetry::tapi())
}

/// The whole application as a service: `/captain` rewriting sits in front of routing.
pub fn app(
    state: AppState,
    extra_routes: Option<Router<AppState>>,
) -> impl tower::Service<
    Request<axum::body::Body>,
    Response = axum::response::Response,
    Error = std::convert::Infallible,
    Future = impl Send,
> + Clone
+ Send
+ 'static {
    let (router, spec) = openapi::split(api(), tapi());
    let kinds = CallKinds::of_spec(&spec);
    // Route layers run outermost last: classify → record → authorize → announce changes.
    let api_router = router
        .method_not_allowed_fallback(|uri: Uri| async move {
            AppError::NoSuchCall(uri.path().to_owned())
        })
        .route_layer(mw::from_fn_with_state(
            state.clone(),
            middleware::apply_changes,
        ))
        .route_layer(mw::from_fn_with_state(state.clone(), middleware::authorize))
        .route_layer(mw::from_fn_with_state(state.clone(), middleware::record))
        .route_layer(mw::from_fn_with_state(kinds, middleware::classify));
    let body_limit = state.cfg.body_limit;
    let edge = edge::Edge::new(&state.cfg);
    // Outermost first: admit (client resolved, its budget) → session → the visitors' budget.
    let app = Router::new()
        .merge(api_router)
        .merge(openapi::docs(spec))
        .merge(system::uploads())
        .merge(live::routes())
        .merge(extra_routes.unwrap_or_default())
        .fallback(pages::page)
        .layer(mw::from_fn_with_state(edge.clone(), edge::share_visitors))
        .layer(mw::from_fn_with_state(state.clone(), middleware::session))
        .layer(mw::from_fn_with_state(edge, edge::admit))
        .with_state(state)
        .layer(DefaultBodyLimit::max(body_limit))
        .layer(mw::from_fn(kernel::i18n::scope))
        .layer(
            ServiceBuilder::new()
                .layer(TraceLayer::new_for_http().make_span_with(request_span))
                .layer(SetResponseHeaderLayer::overriding(
                    header::X_CONTENT_TYPE_OPTIONS,
                    HeaderValue::from_static("nosniff"),
                ))
                .layer(CatchPanicLayer::custom(|_| internal_error()))
                .layer(CompressionLayer::new()),
        );
    tower::util::MapRequestLayer::new(middleware::strip_captain).layer(app)
}

/// The span of a request as tracing shows it; the query string may carry a token (the
/// websocket's, an upload grant), so it is masked like every logged text.
fn request_span<B>(req: &Request<B>) -> tracing::Span {
    tracing::debug_span!(
        "request",
        method = %req.method(),
        uri = %entities::secrets::mask_loose(&req.uri().to_string()),
        version = ?req.version(),
    )
}
