//! The work-order export (`workCSV`): the orders the work list's filter covers, opened within
//! a day range (`from`/`to`, at most [`MAX_DAYS`] days), newest first, through the one
//! exporter ([`super::exports`]), read by `(created_at, id)` in keyset chunks.

use chrono::{DateTime, NaiveDate, Utc};
use entities::work_order;
use futures::future::BoxFuture;
use sea_orm::{Condition, DatabaseConnection, EntityTrait, QueryFilter, QuerySelect};

use super::exports::{self, Cell, ExportOptions, Rows, Sheet};
use crate::scope::Scope;
use crate::work::orders::{self, ListQuery};
use kernel::error::AppError;
use kernel::i18n::Lang;
use kernel::text;

/// The longest day range one export covers.
pub const MAX_DAYS: i64 = 366;
/// Orders read per query (each chunk also reads its orders' names).
const CHUNK: u64 = 1000;

struct OrderRows {
    cond: Condition,
    after: Option<(DateTime<Utc>, i64)>,
    lang: Lang,
    done: bool,
}

impl Rows for OrderRows {
    fn next<'a>(
        &'a mut self,
        db: &'a DatabaseConnection,
    ) -> BoxFuture<'a, Result<Vec<Vec<Cell>>, AppError>> {
        Box::pin(async move {
            if self.done {
                return Ok(Vec::new());
            }
            use work_order::Column as C;
            let q = work_order::Entity::find().filter(self.cond.clone());
            let found = super::logs::keyset(q, C::CreatedAt, C::Id, self.after)
                .limit(CHUNK)
                .all(db)
                .await?;
            self.done = (found.len() as u64) < CHUNK;
            self.after = found.last().map(|o| (o.created_at, o.id));
            let lang = self.lang;
            let yes_no = |b: bool| {
                if b {
                    text!("是", "yes")
                } else {
                    text!("否", "no")
                }
                .get(lang)
                .to_owned()
            };
            Ok(orders::rows(db, found)
                .await?
                .into_iter()
                .map(|o| {
                    vec![
                        o.number.into(),
                        o.title.into(),
                        o.type_name.into(),
                        o.category_name.into(),
                        crate::work::states::label(o.state).get(lang).into(),
                        orders::grade_label(o.grade).get(lang).into(),
                        orders::priority_label(o.priority).get(lang).into(),
                        o.plate.into(),
                        o.requester_name.into(),
                        o.assignee_name.into(),
                        Cell::Time(o.created_at),
                        o.due_at.into(),
                        o.resolved_at.into(),
                        o.closed_at.into(),
                        yes_no(o.overdue).into(),
                        o.cost.into(),
                        o.address.into(),
                        o.repair_summary.into(),
                    ]
                })
                .collect())
        })
    }
}

fn required_day(field: &str, raw: Option<&str>) -> Result<NaiveDate, AppError> {
    orders::day(field, raw)?.ok_or_else(|| {
        AppError::field(
            field,
            text!(
                "{} 不能为空（YYYY-MM-DD）",
                "{} is required (YYYY-MM-DD)",
                field
            ),
        )
    })
}

/// The orders of `q` opened from `q.from` to `q.to` (days, UTC, both required), as a file.
pub async fn export(
    db: &DatabaseConnection,
    scope: &Scope,
    q: &ListQuery,
    options: ExportOptions,
) -> Result<exports::Export, AppError> {
    let from = required_day("from", q.from.as_deref())?;
    let to = required_day("to", q.to.as_deref())?;
    if to < from {
        return Err(AppError::field(
            "to",
            text!("to 不能早于 from", "to must not be before from"),
        ));
    }
    if (to - from).num_days() >= MAX_DAYS {
        return Err(AppError::field(
            "to",
            text!(
                "日期范围最长 {} 天",
                "The date range spans at most {} days",
                MAX_DAYS
            ),
        ));
    }
    let cond = orders::list_filter(db, scope, q).await?;
    let lang = kernel::i18n::current();
    let midnight = |d: NaiveDate| d.and_time(chrono::NaiveTime::MIN).and_utc();
    let sheet = Sheet {
        name: text!("工单", "work-orders"),
        headers: vec![
            text!("工单号", "Number"),
            text!("标题", "Title"),
            text!("类型", "Type"),
            text!("问题类型", "Category"),
            text!("状态", "State"),
            text!("等级", "Grade"),
            text!("优先级", "Priority"),
            text!("车牌", "Plate"),
            text!("发起人", "Requester"),
            text!("处理人", "Assignee"),
            text!("创建时间", "Opened"),
            text!("截止时间", "Due"),
            text!("解决时间", "Resolved"),
            text!("关闭时间", "Closed"),
            text!("逾期", "Overdue"),
            text!("费用", "Cost"),
            text!("地址", "Address"),
            text!("维修记录", "Repair"),
        ],
        range: (midnight(from), midnight(to + chrono::Duration::days(1))),
    };
    let rows = Box::new(OrderRows {
        cond,
        after: None,
        lang,
        done: false,
    });
    exports::export(db.clone(), sheet, rows, options, lang).await
}
