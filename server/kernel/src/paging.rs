//! Paged lists (console-spec §9: default size 10; the console offers 10, 50, 100 and 500).
//!
//! Every list call pages through [`PageQuery::checked`]: the one place that decides the bounds
//! (page ≥ 1, pageSize 1..=[`MAX_PAGE_SIZE`]) and computes the rows to skip with checked
//! arithmetic, so no page number can overflow an offset or reach the database unchecked.

use sea_orm::{
    ConnectionTrait, EntityTrait, FromQueryResult, PaginatorTrait, QuerySelect, QueryTrait, Select,
    TryGetableMany,
};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::error::AppError;
use crate::text;

pub const MAX_PAGE_SIZE: u64 = 500;
pub const DEFAULT_PAGE_SIZE: u64 = 10;

/// The furthest a page may start: both databases take signed 64-bit offsets, and the page's
/// last row must fit too.
const MAX_OFFSET: u64 = i64::MAX as u64 - MAX_PAGE_SIZE;

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
    DEFAULT_PAGE_SIZE
}

/// A page whose bounds were checked, with the rows it skips.
#[derive(Debug, Clone, Copy)]
pub struct Page {
    pub page: u64,
    pub page_size: u64,
    /// Rows before this page: `(page - 1) × pageSize`, at most [`MAX_OFFSET`].
    pub offset: u64,
}

impl PageQuery {
    /// Rejects out-of-range values (code 7 naming `page` or `pageSize`).
    pub fn checked(self) -> Result<Page, AppError> {
        bounds(self.page, self.page_size)
    }
}

/// The paging rule: pageSize in 1..=[`MAX_PAGE_SIZE`], page from 1 while its offset fits.
pub fn bounds(page: u64, page_size: u64) -> Result<Page, AppError> {
    if page_size == 0 || page_size > MAX_PAGE_SIZE {
        return Err(AppError::fail(text!(
            "pageSize 必须在 1 到 {} 之间",
            "pageSize must be between 1 and {}",
            MAX_PAGE_SIZE
        )));
    }
    if page == 0 {
        return Err(AppError::fail(text!(
            "page 必须从 1 开始",
            "page starts at 1"
        )));
    }
    let offset = (page - 1)
        .checked_mul(page_size)
        .filter(|o| *o <= MAX_OFFSET)
        .ok_or_else(|| {
            AppError::fail(text!(
                "page 过大：(page - 1) × pageSize 不能超过 {}",
                "page is too large: (page - 1) × pageSize must not exceed {}",
                MAX_OFFSET
            ))
        })?;
    Ok(Page {
        page,
        page_size,
        offset,
    })
}

impl Page {
    /// The row just past this page (`offset + pageSize`), for lists merged in memory from
    /// sources each read that deep.
    pub fn end(self) -> u64 {
        self.offset + self.page_size
    }

    /// The answer for this page: `list` is its rows, `total` the size of the whole list.
    pub fn holding<T>(self, list: Vec<T>, total: impl TryInto<u64>) -> PageResult<T> {
        PageResult {
            list,
            total: total.try_into().unwrap_or_default(),
            page: self.page,
            page_size: self.page_size,
        }
    }

    /// This page of `rows` already in order in memory, `total` being the size of the whole list.
    pub fn of<T>(self, rows: impl IntoIterator<Item = T>, total: u64) -> PageResult<T> {
        let skip = usize::try_from(self.offset).unwrap_or(usize::MAX);
        let take = usize::try_from(self.page_size).unwrap_or(usize::MAX);
        PageResult {
            list: rows.into_iter().skip(skip).take(take).collect(),
            total,
            page: self.page,
            page_size: self.page_size,
        }
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
    let page = query.checked()?;
    let total = count(db, &select).await?;
    let rows = select
        .offset(page.offset)
        .limit(page.page_size)
        .all(db)
        .await?;
    Ok(PageResult {
        list: rows.into_iter().map(map).collect(),
        total,
        page: page.page,
        page_size: page.page_size,
    })
}

/// Runs `select` (its selected columns narrowed by the caller) for one page, as tuples `T`:
/// a page of ids that an index alone can answer.
pub async fn fetch_tuples<E, T, C>(
    db: &C,
    select: Select<E>,
    query: PageQuery,
) -> Result<PageResult<T>, AppError>
where
    E: EntityTrait,
    E::Model: FromQueryResult + Sized + Send + Sync,
    T: TryGetableMany,
    C: ConnectionTrait,
{
    let page = query.checked()?;
    let total = count(db, &select).await?;
    let list = select
        .offset(page.offset)
        .limit(page.page_size)
        .into_tuple::<T>()
        .all(db)
        .await?;
    Ok(PageResult {
        list,
        total,
        page: page.page,
        page_size: page.page_size,
    })
}

/// How many rows `select` answers. Without its order the database counts along an index
/// instead of sorting every matching row first.
pub async fn count<E, C>(db: &C, select: &Select<E>) -> Result<u64, AppError>
where
    E: EntityTrait,
    E::Model: FromQueryResult + Sized + Send + Sync,
    C: ConnectionTrait,
{
    let mut unordered = select.clone();
    QueryTrait::query(&mut unordered).clear_order_by();
    Ok(PaginatorTrait::count(unordered, db).await?)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn offsets_never_overflow() {
        assert_eq!(bounds(3, 10).unwrap().offset, 20);
        assert!(bounds(0, 10).is_err());
        assert!(bounds(1, 0).is_err());
        assert!(bounds(1, MAX_PAGE_SIZE + 1).is_err());
        assert!(bounds(u64::MAX, MAX_PAGE_SIZE).is_err());
        assert!(bounds(i64::MAX as u64, 100).is_err());
        let last = bounds(MAX_OFFSET / MAX_PAGE_SIZE + 1, MAX_PAGE_SIZE).unwrap();
        assert!(i64::try_from(last.end()).is_ok());
    }
}
