//! Order types and their templates (create form, defaults, dispose form).

use axum::extract::State;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::extract::Scoped;
use crate::routes::declare::Declare;
use crate::state::AppState;
use domain::work::types::{
    self, OrderType, TemplateField, TemplateInput, TemplateQuery, TypeInput, TypeListQuery,
};
use kernel::error::{ApiOk, ApiResult, Envelope};
use kernel::paging::PageResult;
use serde::Serialize;
use serde_json::{Map, Value};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .read(routes!(type_list))
        .write(routes!(order_type_save))
        .read(routes!(t_info))
        .read(routes!(default_t))
        .read(routes!(dispose_t))
        .write(routes!(order_type_t))
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DefaultTemplate {
    type_id: i64,
    fields: Vec<TemplateField>,
    #[schema(value_type = Object)]
    defaults: Map<String, Value>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DisposeTemplate {
    type_id: i64,
    dispose: Vec<TemplateField>,
}

/// Order types of an enterprise (default: the acting one), with their templates; the built-in
/// types (negative ids) when it has none of its own.
#[utoipa::path(post, path = "/work/type_list", tag = "work",
    security(("x-token" = [])), request_body = TypeListQuery,
    responses((status = 200, body = Envelope<PageResult<OrderType>>)))]
async fn type_list(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<TypeListQuery>,
) -> ApiResult<PageResult<OrderType>> {
    Ok(ApiOk(types::list(&state.db, &scope, req).await?))
}

/// Creates (no `id`), changes or deletes (`{id, delete: true}`, if no order uses it) an order
/// type. Names are unique per enterprise; built-in types cannot be changed.
#[utoipa::path(post, path = "/work/order_type_save", tag = "work",
    security(("x-token" = [])), request_body = TypeInput,
    responses((status = 200, body = Envelope<Option<OrderType>>)))]
async fn order_type_save(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<TypeInput>,
) -> ApiResult<Option<OrderType>> {
    Ok(ApiOk(if req.delete {
        types::delete(&state.db, &scope, req.id).await?;
        None
    } else {
        Some(types::save(&state.db, &scope, req).await?)
    }))
}

/// An order type with all its templates: the create form's fields, their defaults and the dispose
/// form.
#[utoipa::path(post, path = "/work/t_info", tag = "work",
    security(("x-token" = [])), request_body = TemplateQuery,
    responses((status = 200, body = Envelope<OrderType>)))]
async fn t_info(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<TemplateQuery>,
) -> ApiResult<OrderType> {
    Ok(ApiOk(types::template(&state.db, &scope, &req).await?))
}

/// The default values an order type fills a new order with, and the fields they belong to.
#[utoipa::path(post, path = "/work/default_t", tag = "work",
    security(("x-token" = [])), request_body = TemplateQuery,
    responses((status = 200, body = Envelope<DefaultTemplate>)))]
async fn default_t(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<TemplateQuery>,
) -> ApiResult<DefaultTemplate> {
    Ok(ApiOk({
        let t = types::template(&state.db, &scope, &req).await?;
        DefaultTemplate {
            type_id: t.id,
            fields: t.fields,
            defaults: t.defaults,
        }
    }))
}

/// The dispose (close-out) form of an order type.
#[utoipa::path(post, path = "/work/dispose_t", tag = "work",
    security(("x-token" = [])), request_body = TemplateQuery,
    responses((status = 200, body = Envelope<DisposeTemplate>)))]
async fn dispose_t(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<TemplateQuery>,
) -> ApiResult<DisposeTemplate> {
    Ok(ApiOk({
        let t = types::template(&state.db, &scope, &req).await?;
        DisposeTemplate {
            type_id: t.id,
            dispose: t.dispose,
        }
    }))
}

/// Replaces templates of one of the enterprise's own order types (those left out keep their
/// value).
#[utoipa::path(post, path = "/work/order_type_t", tag = "work",
    security(("x-token" = [])), request_body = TemplateInput,
    responses((status = 200, body = Envelope<OrderType>)))]
async fn order_type_t(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<TemplateInput>,
) -> ApiResult<OrderType> {
    Ok(ApiOk(types::set_template(&state.db, &scope, req).await?))
}
