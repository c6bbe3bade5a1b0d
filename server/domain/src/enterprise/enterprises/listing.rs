//! The enterprise list and search.

use super::{EnterpriseRow, rows};
use crate::scope::Scope;
use entities::{cluster_enterprise, enterprise};
use kernel::error::AppError;
use kernel::paging::{self, PageQuery, PageResult};
use kernel::validate::in_range;
use sea_orm::{
    ColumnTrait, Condition, DatabaseConnection, EntityTrait, QueryFilter, QueryOrder, QuerySelect,
};

#[derive(Debug, Default)]
pub struct ListFilter {
    pub keyword: Option<String>,
    pub ent_type: Option<i16>,
    pub verify_state: Option<i16>,
    pub parent_id: Option<i64>,
    pub colony_id: Option<i64>,
}

/// The enterprises the scope sees, filtered and paged.
pub async fn list(
    db: &DatabaseConnection,
    scope: &Scope,
    f: ListFilter,
    page: PageQuery,
) -> Result<PageResult<EnterpriseRow>, AppError> {
    let mut cond = Condition::all().add(scope.filter(enterprise::Column::Id));
    if let Some(k) = f
        .keyword
        .as_deref()
        .map(str::trim)
        .filter(|k| !k.is_empty())
    {
        cond = cond.add(
            Condition::any()
                .add(kernel::search::contains(enterprise::Column::EntName, k))
                .add(kernel::search::contains(
                    enterprise::Column::EntAbbreviation,
                    k,
                )),
        );
    }
    if let Some(t) = f.ent_type {
        cond = cond.add(enterprise::Column::EntType.eq(t));
    }
    if let Some(s) = f.verify_state {
        cond = cond.add(enterprise::Column::VerifyState.eq(s));
    }
    if let Some(p) = f.parent_id {
        cond = cond.add(enterprise::Column::ParentId.eq(p));
    }
    if let Some(c) = f.colony_id {
        let members = cluster_enterprise::Entity::find()
            .select_only()
            .column(cluster_enterprise::Column::EnterpriseId)
            .filter(cluster_enterprise::Column::ClusterId.eq(c));
        cond =
            cond.add(enterprise::Column::Id.in_subquery(sea_orm::QueryTrait::into_query(members)));
    }
    let select = enterprise::Entity::find()
        .filter(cond)
        .order_by_asc(enterprise::Column::Id);
    let page = paging::fetch(db, select, page, |e| e).await?;
    Ok(PageResult {
        list: rows(db, page.list).await?,
        total: page.total,
        page: page.page,
        page_size: page.page_size,
    })
}

/// Enterprises the scope sees whose name or abbreviation contains `keyword`.
pub async fn search(
    db: &DatabaseConnection,
    scope: &Scope,
    keyword: &str,
    limit: u64,
) -> Result<Vec<EnterpriseRow>, AppError> {
    in_range("limit", i64::try_from(limit).unwrap_or(i64::MAX), 1, 100)?;
    let mut cond = Condition::all().add(scope.filter(enterprise::Column::Id));
    let k = keyword.trim();
    if !k.is_empty() {
        cond = cond.add(
            Condition::any()
                .add(kernel::search::contains(enterprise::Column::EntName, k))
                .add(kernel::search::contains(
                    enterprise::Column::EntAbbreviation,
                    k,
                )),
        );
    }
    let found = enterprise::Entity::find()
        .filter(cond)
        .order_by_asc(enterprise::Column::EntName)
        .limit(limit)
        .all(db)
        .await?;
    rows(db, found).await
}
