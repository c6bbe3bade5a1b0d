//! Paged lists (console-spec §9: default size 10; the console offers 10, 50, 100 and 500).

use sea_orm::{ConnectionTrait, EntityTrait, FromQueryResult, PaginatorTrait, Select};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::error::AppError;
use crate::text;

pub const MAX_PAGE_SIZE: u64 = 500;

#[derive(Debug, Clone, Copy, Deserialize, ToSchema, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(rename_all = "camelCase")]
pub struct PageQuery {
    /// 1-based page number (default 1).
    #[serde(default = "first_page")]
    pub page: u64,
    /// Rows per page (default 10, at most 500). `limit` is accepted too.
    #[serde(default = "default_size", alias = "limit")]
    pub page_size: u64,
}

impl Default for PageQuery {
    fn default() -> Self {
        Self {
            page: first_page(),
            page_size: default_size(),
        }
    }
}

fn first_page() -> u64 {
    1
}

fn default_size() -> u64 {
    10
}

impl PageQuery {
    /// Rejects out-of-range values with a message naming them.
    pub fn checked(self) -> Result<Self, AppError> {
        if self.page == 0 {
            return Err(AppError::fail(text!(
                "page 必须从 1 开始",
                "page starts at 1"
            )));
        }
        if self.page_size == 0 || self.page_size > MAX_PAGE_SIZE {
            return Err(AppError::fail(text!(
                "pageSize 必须在 1 到 {} 之间",
                "pageSize must be between 1 and {}",
                MAX_PAGE_SIZE
            )));
        }
        Ok(self)
    }
}

/// One page of a list.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PageResult<T> {
    pub list: Vec<T>,
    pub total: u64,
    pub page: u64,
    pub page_size: u64,
}

/// Runs `select` for one page and maps the rows.
pub async fn fetch<E, M, T, C>(
    db: &C,
    select: Select<E>,
    query: PageQuery,
    map: impl FnMut(M) -> T,
) -> Result<PageResult<T>, AppError>
where
    E: EntityTrait<Model = M>,
    M: FromQueryResult + Sized + Send + Sync,
    C: ConnectionTrait,
{
    let query = query.checked()?;
    let paginator = select.paginate(db, query.page_size);
    let total = paginator.num_items().await?;
    let rows = paginator.fetch_page(query.page - 1).await?;
    Ok(PageResult {
        list: rows.into_iter().map(map).collect(),
        total,
        page: query.page,
        page_size: query.page_size,
    })
}
