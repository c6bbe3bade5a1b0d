//! The work plan's calendar: when orders and tasks are planned (`plannedAt`), and who does
//! them, set for many at once, all or none.

use chrono::{DateTime, Utc};
use entities::work_order_task;
use sea_orm::{ActiveModelTrait, EntityTrait, Set};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::orders::checked_members;
use super::states::{self, CANCELLED, CLOSED};
use super::{find_writable, refuse_read_only};
use crate::scope::Scope;
use kernel::db::write_txn;
use kernel::error::AppError;
use kernel::i18n::Text;
use kernel::text;

#[derive(Debug, Clone, Deserialize, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ArrangeItem {
    /// `order` or `task`.
    pub kind: String,
    pub id: i64,
    /// When it is planned (null clears it).
    #[serde(default, alias = "planned_at")]
    pub planned_at: Option<DateTime<Utc>>,
    /// A new assignee (left out: unchanged).
    #[serde(
        default,
        alias = "assignee_id",
        skip_serializing_if = "Option::is_none"
    )]
    pub assignee_id: Option<i64>,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ArrangeInput {
    #[serde(default)]
    pub items: Vec<ArrangeItem>,
}

/// Plans orders and tasks; answers the items as saved.
pub async fn save(
    db: &sea_orm::DatabaseConnection,
    scope: &Scope,
    input: ArrangeInput,
) -> Result<Vec<ArrangeItem>, AppError> {
    refuse_read_only(scope)?;
    if input.items.is_empty() || input.items.len() > 200 {
        return Err(AppError::field(
            "items",
            text!("items 须有 1 到 200 项", "items must hold 1 to 200 items"),
        ));
    }
    let txn = write_txn(db).await?;
    let now = Utc::now();
    let mut out = Vec::with_capacity(input.items.len());
    for (i, item) in input.items.into_iter().enumerate() {
        let assignee = match item.assignee_id {
            Some(a) => Some(
                checked_members(&txn, scope, &format!("items[{i}].assigneeId"), &[a]).await?[0],
            ),
            None => None,
        };
        let order_id = match item.kind.as_str() {
            "order" => item.id,
            "task" => work_order_task::Entity::find_by_id(item.id)
                .one(&txn)
                .await?
                .map(|t| t.order_id)
                .ok_or_else(|| {
                    AppError::field(
                        format!("items[{i}].id"),
                        text!(
                            "items[{}].id：任务 {} 不存在",
                            "items[{}].id: no task {}",
                            i,
                            item.id
                        ),
                    )
                })?,
            other => {
                return Err(AppError::field(
                    format!("items[{i}].kind"),
                    text!(
                        "items[{}].kind 须为 order 或 task，而不是“{}”",
                        "items[{}].kind must be order or task, not \"{}\"",
                        i,
                        other
                    ),
                ));
            }
        };
        let order = find_writable(&txn, scope, order_id).await?;
        if matches!(order.state, CANCELLED | CLOSED) {
            let s = states::label(order.state);
            return Err(AppError::field(
                format!("items[{i}].id"),
                Text::new(
                    format!("items[{i}]：工单 {} 是{}，不能安排", order.number, s.zh),
                    format!(
                        "items[{i}]: work order {} is {} and cannot be planned",
                        order.number, s.en
                    ),
                ),
            ));
        }
        if item.kind == "order" {
            let mut row: entities::work_order::ActiveModel = order.into();
            row.planned_at = Set(item.planned_at);
            if let Some(a) = assignee {
                row.assignee_id = Set(Some(a));
            }
            row.updated_at = Set(now);
            row.update(&txn).await?;
        } else {
            let task = work_order_task::Entity::find_by_id(item.id)
                .one(&txn)
                .await?
                .ok_or_else(|| AppError::fail(text!("任务 {} 不存在", "No task {}", item.id)))?;
            let mut row: work_order_task::ActiveModel = task.into();
            row.planned_at = Set(item.planned_at);
            if let Some(a) = assignee {
                row.assignee_id = Set(Some(a));
            }
            row.updated_at = Set(now);
            row.update(&txn).await?;
        }
        out.push(ArrangeItem {
            assignee_id: assignee,
            ..item
        });
    }
    txn.commit().await?;
    Ok(out)
}
