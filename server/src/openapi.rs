//! The OpenAPI description, generated from the handlers' annotations. `wheelend openapi` prints
//! it; CI compares that with the committed `openapi.json`.

use axum::Router;
use utoipa::OpenApi;
use utoipa::openapi::security::{ApiKey, ApiKeyValue, SecurityScheme};
use utoipa_axum::router::OpenApiRouter;
use utoipa_swagger_ui::SwaggerUi;

use crate::state::AppState;

#[derive(OpenApi)]
#[openapi(
    info(
        title = "Wheelend API",
        description = "Chassis-safety and fleet platform. Every call answers HTTP 200 with `{code, data, msg}`: \
code 0 success, 7 failure (msg says why, in the request's language), 100 not signed in. Unknown calls answer HTTP 404 \
and crashes HTTP 500, both with the same envelope. Send the session token in `x-token`; a `/captain` prefix after \
the base path reaches the same calls (trusteeship).",
    ),
    modifiers(&TokenHeader),
    tags(
        (name = "meta", description = "Health and documentation"),
        (name = "session", description = "Sign-in, sign-out, registration, QR sign-in and user accounts"),
        (name = "brand", description = "Hostname brand profiles"),
        (name = "authz", description = "Roles, casbin policies, menus and buttons, per-enterprise menus, the API registry"),
        (name = "system", description = "Dictionaries, operation records, files and uploads, CSV import"),
        (name = "enterprise", description = "Enterprises and tenancy: the enterprise tree, membership and \
switching, clusters, groups, relations, invitations, settings, trusteeships (see docs/tenancy.md)"),
        (name = "vehicle", description = "Vehicles: the fleet and the map's data (watchList4, statistics), trailers, \
drivers, wheel layout, car and tyre catalogues, history-derived views (see docs/fleet-data.md)"),
        (name = "device", description = "Devices: receivers, repeaters, sensors, firmware and upgrades, commands, \
tags, white table, sale records, spray data"),
        (name = "telemetry", description = "Device reports (HTTP; the same JSON over MQTT on wheelend/<imei>/report), \
ingestion counts (see docs/live.md)"),
        (name = "work", description = "Work orders, tasks, discussions and their categories (problem types, modules)"),
        (name = "warehouse", description = "Warehouses, the stock ledger, tyres as assets and service records (docs/stock.md)"),
    )
)]
struct ApiDoc;

struct TokenHeader;

impl utoipa::Modify for TokenHeader {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        let components = openapi.components.get_or_insert_with(Default::default);
        components.add_security_scheme(
            "x-token",
            SecurityScheme::ApiKey(ApiKey::Header(ApiKeyValue::new("x-token"))),
        );
        components.add_security_scheme(
            "x-device-key",
            SecurityScheme::ApiKey(ApiKey::Header(ApiKeyValue::new("x-device-key"))),
        );
    }
}

/// Mounts the area routers under their bases and returns the router and the description.
pub fn split(
    api: OpenApiRouter<AppState>,
    tapi: OpenApiRouter<AppState>,
) -> (Router<AppState>, utoipa::openapi::OpenApi) {
    OpenApiRouter::with_openapi(ApiDoc::openapi())
        .nest("/api", api)
        .nest("/tapi", tapi)
        .split_for_parts()
}

/// `/api/openapi.json` and the browsable page at `/api-docs`.
pub fn docs(spec: utoipa::openapi::OpenApi) -> Router<AppState> {
    SwaggerUi::new("/api-docs")
        .url("/api/openapi.json", spec)
        .into()
}

/// The description of every call the code implements.
pub fn spec() -> utoipa::openapi::OpenApi {
    split(crate::routes::api(), crate::routes::tapi()).1
}

/// The description as pretty JSON (what `wheelend openapi` prints).
pub fn json() -> String {
    spec()
        .to_pretty_json()
        .expect("the OpenAPI description serializes")
}
