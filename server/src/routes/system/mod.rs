//! System calls, one module per resource (mirroring `domain`'s dictionary, oplog/signins,
//! files, import and wechat): dictionaries and their details, operation and sign-in records,
//! files and uploads, CSV import, upload grants and WeChat share signing.

use crate::state::AppState;
use kernel::paging::PageQuery;
use serde::{Deserialize, Deserializer};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;

mod dictionaries;
pub(crate) mod files;
mod import;
mod records;
mod wechat;

pub use files::uploads;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .merge(dictionaries::router())
        .merge(records::router())
        .merge(files::router())
        .merge(import::router())
        .merge(wechat::router())
}

/// A query parameter that may be sent empty (`?status=`): empty reads as absent.
pub(super) fn query_opt<'de, D, T>(de: D) -> Result<Option<T>, D::Error>
where
    D: Deserializer<'de>,
    T: std::str::FromStr,
    T::Err: std::fmt::Display,
{
    match Option::<String>::deserialize(de)? {
        None => Ok(None),
        Some(s) if s.trim().is_empty() => Ok(None),
        Some(s) => s.trim().parse().map(Some).map_err(serde::de::Error::custom),
    }
}

pub(super) fn page_of(page: Option<u64>, page_size: Option<u64>) -> PageQuery {
    let d = PageQuery::default();
    PageQuery {
        page: page.unwrap_or(d.page),
        page_size: page_size.unwrap_or(d.page_size),
    }
}

/// `{ID}` (also `id`).
#[derive(Deserialize, ToSchema)]
pub struct IdBody {
    #[serde(rename = "ID", alias = "id", alias = "Id")]
    id: i64,
}
