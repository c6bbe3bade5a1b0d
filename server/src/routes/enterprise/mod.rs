//! Area `enterprise`: enterprises and tenancy (the tree, membership and switching, clusters,
//! groups, relations, invitations, settings, trusteeships). Every handler takes the caller's
//! [`Scope`](domain::scope::Scope) through [`Scoped`](crate::extract::Scoped) /
//! [`ScopedQuery`](crate::extract::ScopedQuery), which refuse an `x-ent-id` header or an
//! `enterprise` / `entId` field naming an enterprise the caller may not act for.

mod clusters;
mod ents;
mod groups;
mod relations;
mod settings;

use serde::Deserialize;
use serde_json::{Value, json};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;

use crate::state::AppState;
use kernel::error::{ApiOk, ApiResult};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .merge(ents::router())
        .merge(clusters::router())
        .merge(groups::router())
        .merge(relations::router())
        .merge(settings::router())
}

type Empty = Value;

fn done() -> ApiResult<Empty> {
    Ok(ApiOk(json!({})))
}

/// Reads one shape out of a payload (several shapes share one body without `flatten`, which
/// would lose the field name in error messages).
fn part<T: serde::de::DeserializeOwned>(body: &Value) -> Result<T, kernel::error::AppError> {
    crate::extract::parse_json(body.to_string().as_bytes())
}

/// Calls about one enterprise (default: the acting one).
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EntRequest {
    #[serde(default, alias = "enterpriseId", alias = "ent_id")]
    ent_id: Option<i64>,
}

/// Ids of rows to delete, all or none.
#[derive(Debug, Deserialize, ToSchema)]
pub struct IdsRequest {
    ids: Vec<i64>,
}

/// One row by id.
#[derive(Debug, Deserialize, ToSchema)]
#[schema(as = EnterpriseIdRequest)]
pub struct IdRequest {
    #[serde(rename = "ID", alias = "id")]
    id: i64,
}
