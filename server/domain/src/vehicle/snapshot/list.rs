//! The vehicle list from the snapshot: filters, order and paging in memory, with the rules the
//! SQL list states ([`ListFilter::keeps`], [`ListFilter::compare`]); only the page's
//! enterprise and group names are read from the database.

use kernel::error::AppError;
use kernel::paging::{PageQuery, PageResult};

use super::{FleetSnapshot, Kept};
use crate::scope::Scope;
use crate::vehicle::fleet::{ListFilter, SortField, SortOrder, VehicleRow, group_names};

impl FleetSnapshot {
    /// The vehicle list: filtered, sorted (id breaks ties, so pages are stable), paged.
    pub async fn list(
        &self,
        scope: &Scope,
        filter: ListFilter,
        page: PageQuery,
    ) -> Result<PageResult<VehicleRow>, AppError> {
        let page = page.checked()?;
        let audience = self.audience(scope, filter.fleet).await?;
        self.current().await?;
        let keyword = filter.keyword_lowered();
        let skip = usize::try_from(page.offset).unwrap_or(usize::MAX);
        let take = usize::try_from(page.page_size).unwrap_or(usize::MAX);
        let (total, rows) = {
            let vehicles = self.read();
            let kept = |k: &&Kept| {
                audience.sees(&k.row)
                    && filter.keeps(
                        &k.row,
                        keyword.as_deref(),
                        k.offline,
                        audience.follows(k.row.id),
                    )
            };
            let row = |k: &Kept| {
                (
                    k.row.enterprise_id,
                    k.row.group_id,
                    k.row.list_row(
                        k.offline,
                        audience.follows(k.row.id),
                        String::new(),
                        String::new(),
                    ),
                )
            };
            if filter.sort == SortField::Id {
                // Already in id order: no sort.
                let matched = vehicles.by_id.values().filter(kept);
                let total = matched.clone().count();
                let page: Vec<_> = match filter.order {
                    SortOrder::Asc => matched.skip(skip).take(take).map(row).collect(),
                    SortOrder::Desc => {
                        let from_end = vehicles.by_id.values().rev().filter(kept);
                        from_end.skip(skip).take(take).map(row).collect()
                    }
                };
                (total, page)
            } else {
                let mut matched: Vec<&Kept> = vehicles.by_id.values().filter(kept).collect();
                let end = skip.saturating_add(take).min(matched.len());
                if skip < end {
                    // Only the rows up to the page's end need their order.
                    matched.select_nth_unstable_by(end - 1, |a, b| filter.compare(&a.row, &b.row));
                    matched[..end].sort_unstable_by(|a, b| filter.compare(&a.row, &b.row));
                }
                let total = matched.len();
                let page = matched
                    .get(skip..end)
                    .unwrap_or_default()
                    .iter()
                    .map(|k| row(k))
                    .collect();
                (total, page)
            }
        };
        let names =
            crate::enterprise::names(&self.shared.db, rows.iter().map(|(e, _, _)| *e)).await?;
        let groups = group_names(&self.shared.db, rows.iter().filter_map(|(_, g, _)| *g)).await?;
        let list = rows
            .into_iter()
            .map(|(enterprise, group, mut row)| {
                row.ent_name = names.get(&enterprise).cloned().unwrap_or_default();
                row.group_name = group
                    .and_then(|g| groups.get(&g).cloned())
                    .unwrap_or_default();
                row
            })
            .collect();
        Ok(page.holding(list, total))
    }
}
