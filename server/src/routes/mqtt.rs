//! The MQTT console (docs/mqtt.md, `ingestion::mqtt_console`): overview and rate series,
//! the devices seen publishing, subscriptions with their recent messages, routes, the
//! publisher. Tag `mqtt`: platform staff's; the client list also answers enterprise admins,
//! limited to their enterprises' devices.

use axum::extract::State;
use serde::Deserialize;
use serde_json::{Value, json};
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::extract::{Scoped, Tenant};
use crate::routes::declare::Declare;
use crate::state::AppState;
use ingestion::mqtt_console::rules::{MqttRuleInput, MqttRuleRow, ROUTE, SUBSCRIPTION};
use ingestion::mqtt_console::{
    MqttClientRow, MqttClientsRequest, MqttMessage, MqttOverview, MqttPublishRequest, MqttPublished,
};
use kernel::error::{ApiOk, ApiResult, Envelope};
use kernel::paging::PageResult;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .read(routes!(overview))
        .read(routes!(clients))
        .write(routes!(client_delete))
        .read(routes!(subscriptions))
        .write(routes!(subscription_save))
        .write(routes!(subscription_delete))
        .read(routes!(messages))
        .read(routes!(route_list))
        .write(routes!(route_save))
        .write(routes!(route_delete))
        .write(routes!(publish))
}

/// The MQTT console's figures (platform staff): broker mode, listen address or external host
/// (never credentials), since when, messages on the report topic, reports accepted and refused
/// by reason, devices tracked, subscriptions and routes, the embedded broker's connection
/// count, and per-minute counts of the last hour.
#[utoipa::path(post, path = "/mqtt/overview", tag = "mqtt", security(("x-token" = [])),
    responses((status = 200, body = Envelope<MqttOverview>)))]
async fn overview(State(state): State<AppState>, Tenant(scope): Tenant) -> ApiResult<MqttOverview> {
    Ok(ApiOk(state.mqtt.overview(&scope)?))
}

/// The devices seen publishing reports over MQTT since the server started (by the imei of
/// their topic), most recent first, paged; `imei` searches part of it. Platform staff see all
/// (unregistered imeis too); others only their enterprises' devices.
#[utoipa::path(post, path = "/mqtt/clients", tag = "mqtt", security(("x-token" = [])),
    request_body = MqttClientsRequest, responses((status = 200, body = Envelope<PageResult<MqttClientRow>>)))]
async fn clients(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<MqttClientsRequest>,
) -> ApiResult<PageResult<MqttClientRow>> {
    Ok(ApiOk(state.mqtt.clients(&state.db, &scope, &req).await?))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MqttClientKey {
    #[serde(default)]
    imei: String,
}

/// Forgets a device's entry in the client list (platform staff). The device stays connected:
/// rumqttd offers no call to disconnect another client; its next message lists it again.
#[utoipa::path(post, path = "/mqtt/clients/delete", tag = "mqtt", security(("x-token" = [])),
    request_body = MqttClientKey, responses((status = 200, body = Envelope<Value>)))]
async fn client_delete(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<MqttClientKey>,
) -> ApiResult<Value> {
    state.mqtt.forget_client(&scope, &req.imei)?;
    Ok(ApiOk(json!({})))
}

/// The subscriptions (platform staff), by name, with how many messages each holds.
#[utoipa::path(post, path = "/mqtt/subscriptions", tag = "mqtt", security(("x-token" = [])),
    responses((status = 200, body = Envelope<Vec<MqttRuleRow>>)))]
async fn subscriptions(
    State(state): State<AppState>,
    Tenant(scope): Tenant,
) -> ApiResult<Vec<MqttRuleRow>> {
    Ok(ApiOk(state.mqtt.list_rules(&scope, SUBSCRIPTION)?))
}

/// Adds (no `id`) or edits a subscription: `name`, `filter` (a topic filter), `qos` 0/1,
/// `enabled`. Takes effect at once. Answers `{id}`.
#[utoipa::path(post, path = "/mqtt/subscriptions/save", tag = "mqtt", security(("x-token" = [])),
    request_body = MqttRuleInput, responses((status = 200, body = Envelope<Value>)))]
async fn subscription_save(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<MqttRuleInput>,
) -> ApiResult<Value> {
    let id = state
        .mqtt
        .save_rule(&state.db, &scope, SUBSCRIPTION, &req)
        .await?;
    Ok(ApiOk(json!({ "id": id })))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MqttRuleId {
    #[serde(default)]
    id: Option<i64>,
}

/// Deletes a subscription and its buffered messages.
#[utoipa::path(post, path = "/mqtt/subscriptions/delete", tag = "mqtt", security(("x-token" = [])),
    request_body = MqttRuleId, responses((status = 200, body = Envelope<Value>)))]
async fn subscription_delete(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<MqttRuleId>,
) -> ApiResult<Value> {
    state
        .mqtt
        .delete_rule(&state.db, &scope, SUBSCRIPTION, req.id)
        .await?;
    Ok(ApiOk(json!({})))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MqttMessagesRequest {
    #[serde(default)]
    subscription_id: i64,
}

/// The recent messages a subscription kept (at most 100), newest first: topic, payload
/// preview (a device key shown as `***`), size, QoS, retain, time.
#[utoipa::path(post, path = "/mqtt/messages", tag = "mqtt", security(("x-token" = [])),
    request_body = MqttMessagesRequest, responses((status = 200, body = Envelope<Vec<MqttMessage>>)))]
async fn messages(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<MqttMessagesRequest>,
) -> ApiResult<Vec<MqttMessage>> {
    Ok(ApiOk(state.mqtt.messages(&scope, req.subscription_id)?))
}

/// The routes (platform staff), by name, with their forward counts.
#[utoipa::path(post, path = "/mqtt/routes", tag = "mqtt", security(("x-token" = [])),
    responses((status = 200, body = Envelope<Vec<MqttRuleRow>>)))]
async fn route_list(
    State(state): State<AppState>,
    Tenant(scope): Tenant,
) -> ApiResult<Vec<MqttRuleRow>> {
    Ok(ApiOk(state.mqtt.list_rules(&scope, ROUTE)?))
}

/// Adds (no `id`) or edits a route: messages on `filter` are republished to `target`
/// (`{imei}` substituted) with `qos`; `enabled`. Routes never feed one another, themselves or
/// the report topic. Takes effect at once. Answers `{id}`.
#[utoipa::path(post, path = "/mqtt/routes/save", tag = "mqtt", security(("x-token" = [])),
    request_body = MqttRuleInput, responses((status = 200, body = Envelope<Value>)))]
async fn route_save(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<MqttRuleInput>,
) -> ApiResult<Value> {
    let id = state.mqtt.save_rule(&state.db, &scope, ROUTE, &req).await?;
    Ok(ApiOk(json!({ "id": id })))
}

/// Deletes a route.
#[utoipa::path(post, path = "/mqtt/routes/delete", tag = "mqtt", security(("x-token" = [])),
    request_body = MqttRuleId, responses((status = 200, body = Envelope<Value>)))]
async fn route_delete(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<MqttRuleId>,
) -> ApiResult<Value> {
    state
        .mqtt
        .delete_rule(&state.db, &scope, ROUTE, req.id)
        .await?;
    Ok(ApiOk(json!({})))
}

/// Publishes a message through the broker (platform staff): `topic` (no wildcards, e.g.
/// `wheelend/<imei>/command`), `payload` (`format` text or json), `qos` 0/1, `retain`.
/// Answers once the console's connection has taken it.
#[utoipa::path(post, path = "/mqtt/publish", tag = "mqtt", security(("x-token" = [])),
    request_body = MqttPublishRequest, responses((status = 200, body = Envelope<MqttPublished>)))]
async fn publish(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<MqttPublishRequest>,
) -> ApiResult<MqttPublished> {
    Ok(ApiOk(state.mqtt.publish(&scope, &req).await?))
}
