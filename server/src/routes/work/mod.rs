//! Area `work`: work orders, tasks and discussions, and the categories that classify them.
//! Every handler takes the caller's scope through [`Scoped`](crate::extract::Scoped).

mod analysis;
mod attachments;
mod discussions;
mod flows;
mod informs;
mod links;
mod logs;
mod orders;
mod people;
mod projects;
mod relevance;
mod repair;
mod states;
mod tasks;
mod types;

use axum::extract::State;
use serde::Deserialize;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::routes::declare::Declare;

use crate::extract::Scoped;
use crate::state::AppState;
use domain::work::categories::{self, CategoryInput, CategoryKind, CategoryRow};
use kernel::error::{ApiOk, ApiResult, Envelope};
use kernel::paging::{PageQuery, PageResult};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .read(routes!(category_list))
        .write(routes!(category_save))
        .merge(orders::router())
        .merge(states::router())
        .merge(types::router())
        .merge(logs::router())
        .merge(tasks::router())
        .merge(people::router())
        .merge(attachments::router())
        .merge(links::router())
        .merge(repair::router())
        .merge(analysis::router())
        .merge(flows::router())
        .merge(discussions::router())
        .merge(projects::router())
        .merge(informs::router())
        .merge(relevance::router())
}

pub(crate) use super::Empty;

/// A request naming one row (a log entry, a task) by id.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct IdRef {
    #[serde(alias = "ID", alias = "logId", alias = "taskId")]
    id: i64,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CategoryListRequest {
    #[serde(flatten)]
    page: PageQuery,
    #[serde(default, alias = "ent_id", alias = "enterpriseId")]
    ent_id: Option<i64>,
    /// `problem` (default) or `module`.
    #[serde(default)]
    kind: CategoryKind,
    #[serde(default, alias = "name")]
    keyword: Option<String>,
}

/// Problem types or modules of an enterprise (default: the acting one), paged. Without problem
/// types of its own an enterprise gets the built-in "bug" type (id 0).
#[utoipa::path(post, path = "/work/category_list", tag = "work",
    security(("x-token" = [])), request_body = CategoryListRequest,
    responses((status = 200, body = Envelope<PageResult<CategoryRow>>)))]
async fn category_list(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<CategoryListRequest>,
) -> ApiResult<PageResult<CategoryRow>> {
    Ok(ApiOk(
        categories::list(
            &state.db,
            &scope,
            req.ent_id,
            req.kind,
            req.keyword.as_deref(),
            req.page,
        )
        .await?,
    ))
}

/// Creates (no `id`) or changes a problem type or module, or deletes one (`{id, delete: true}`).
/// Names are unique per enterprise and kind. Answers the saved row (null after a delete).
#[utoipa::path(post, path = "/work/category_save", tag = "work",
    security(("x-token" = [])), request_body = CategoryInput,
    responses((status = 200, body = Envelope<Option<CategoryRow>>)))]
async fn category_save(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<CategoryInput>,
) -> ApiResult<Option<CategoryRow>> {
    if req.delete {
        categories::delete(&state.db, &scope, req.id).await?;
        return Ok(ApiOk(None));
    }
    Ok(ApiOk(Some(categories::save(&state.db, &scope, req).await?)))
}
