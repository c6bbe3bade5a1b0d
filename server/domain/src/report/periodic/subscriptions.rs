//! Members' subscriptions to the periodic report: a cadence, a format and the channels it
//! goes out on (an in-console message, and/or one of the enterprise's webhooks). A member
//! subscribes themself; enterprise administrators and platform staff also subscribe the
//! enterprise's members and see all of its subscriptions. Everything is in the acting
//! enterprise.

use std::collections::{BTreeMap, HashMap};

use chrono::{DateTime, NaiveDate, Utc};
use entities::{report_delivery, report_subscription, sys_user, webhook};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, DatabaseConnection, EntityTrait, QueryFilter, QueryOrder,
    QuerySelect, Set,
};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::ReportFormat;
use super::delivery::link;
use crate::report::rollups::Cadence;
use crate::rule::{CHANNEL_CONSOLE, CHANNEL_WEBHOOK, check_channels, check_members, manages};
use crate::scope::{EnterpriseOwned, Scope};
use kernel::error::{AppError, DbResultExt};
use kernel::i18n::Lang;
use kernel::text;

/// At most this many subscriptions per enterprise.
const MAX_PER_ENTERPRISE: u64 = 1000;

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = ReportSubscription)]
pub struct Subscription {
    pub id: i64,
    pub enterprise_id: i64,
    /// Who receives it.
    pub user_id: i64,
    /// Their nickname, else their user name.
    pub user_name: String,
    pub cadence: Cadence,
    pub format: ReportFormat,
    /// `console` and/or `webhook`.
    pub channels: Vec<String>,
    /// The enterprise's webhook it also goes to.
    pub webhook_id: Option<i64>,
    /// `zh` or `en`: the language the report is written in (the one it was saved in).
    pub lang: String,
    pub created_at: DateTime<Utc>,
    /// The latest delivery, if any.
    pub last_delivery: Option<DeliveryNote>,
}

/// A delivery as a subscription lists it.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DeliveryNote {
    pub start_date: NaiveDate,
    pub end_date: NaiveDate,
    /// `sent` or `skipped` (then `note` says why).
    pub outcome: String,
    pub note: Option<String>,
    /// Where the file is read (none when skipped).
    pub url: Option<String>,
    pub delivered_at: DateTime<Utc>,
}

fn not_found(id: i64) -> AppError {
    AppError::fail(text!("报表订阅 {} 不存在", "No report subscription {}", id))
}

impl EnterpriseOwned for report_subscription::Entity {
    const ENTERPRISE: Self::Column = report_subscription::Column::EnterpriseId;
    fn not_found(id: i64) -> AppError {
        not_found(id)
    }
}

/// A subscription the caller may act on: their own, or any of the enterprise's for a
/// manager. Another member's is refused as unknown.
pub(super) async fn find(
    db: &DatabaseConnection,
    scope: &Scope,
    id: i64,
) -> Result<report_subscription::Model, AppError> {
    let found = scope.find::<report_subscription::Entity>(db, id).await?;
    if found.user_id != scope.user.id && !manages(scope) {
        return Err(not_found(id));
    }
    Ok(found)
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = SubscriptionListRequest)]
pub struct ListRequest {
    /// Administrators: every subscription of the acting enterprise (default: the caller's own).
    #[serde(default)]
    pub all: bool,
}

/// The caller's subscriptions in the acting enterprise (a manager's `all`: everyone's), by
/// member and cadence.
pub async fn list(
    db: &DatabaseConnection,
    scope: &Scope,
    req: &ListRequest,
) -> Result<Vec<Subscription>, AppError> {
    let ent = scope.acting(None)?;
    let mut select = report_subscription::Entity::find()
        .filter(report_subscription::Column::EnterpriseId.eq(ent))
        .order_by_asc(report_subscription::Column::UserId)
        .order_by_asc(report_subscription::Column::Id);
    if !(req.all && manages(scope)) {
        select = select.filter(report_subscription::Column::UserId.eq(scope.user.id));
    }
    let rows = select.all(db).await?;
    answers(db, rows).await
}

/// Rows as answered: with the member's name and the latest delivery.
async fn answers(
    db: &DatabaseConnection,
    rows: Vec<report_subscription::Model>,
) -> Result<Vec<Subscription>, AppError> {
    let names: HashMap<i64, String> = sys_user::Entity::find()
        .filter(sys_user::Column::Id.is_in(rows.iter().map(|r| r.user_id)))
        .all(db)
        .await?
        .into_iter()
        .map(|u| {
            let name = if u.nick_name.trim().is_empty() {
                u.username
            } else {
                u.nick_name
            };
            (u.id, name)
        })
        .collect();
    let latest_ids: Vec<i64> = report_delivery::Entity::find()
        .select_only()
        .expr(sea_orm::sea_query::Func::max(
            sea_orm::sea_query::Expr::col(report_delivery::Column::Id),
        ))
        .filter(report_delivery::Column::SubscriptionId.is_in(rows.iter().map(|r| r.id)))
        .group_by(report_delivery::Column::SubscriptionId)
        .into_tuple::<i64>()
        .all(db)
        .await?;
    let origins: HashMap<i64, &str> = rows.iter().map(|r| (r.id, r.origin.as_str())).collect();
    let latest: BTreeMap<i64, DeliveryNote> = report_delivery::Entity::find()
        .filter(report_delivery::Column::Id.is_in(latest_ids))
        .all(db)
        .await?
        .into_iter()
        .map(|d| {
            let origin = origins.get(&d.subscription_id).copied().unwrap_or_default();
            let url = d.path.as_ref().map(|_| link(origin, &d.token));
            (
                d.subscription_id,
                DeliveryNote {
                    start_date: d.start_date,
                    end_date: d.end_date,
                    outcome: d.outcome,
                    note: d.note,
                    url,
                    delivered_at: d.created_at,
                },
            )
        })
        .collect();
    Ok(rows
        .into_iter()
        .filter_map(|r| {
            let mut channels = Vec::new();
            if r.console {
                channels.push(CHANNEL_CONSOLE.to_owned());
            }
            if r.webhook_id.is_some() {
                channels.push(CHANNEL_WEBHOOK.to_owned());
            }
            Some(Subscription {
                id: r.id,
                enterprise_id: r.enterprise_id,
                user_id: r.user_id,
                user_name: names.get(&r.user_id).cloned().unwrap_or_default(),
                cadence: Cadence::parse(&r.cadence)?,
                format: ReportFormat::parse(&r.format)?,
                channels,
                webhook_id: r.webhook_id,
                lang: r.lang,
                created_at: r.created_at,
                last_delivery: latest.get(&r.id).cloned(),
            })
        })
        .collect())
}

/// A subscription to create (no `id`) or change.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SubscriptionInput {
    pub id: Option<i64>,
    /// Who receives it (default: the caller); another member only for administrators.
    #[serde(default)]
    pub user_id: Option<i64>,
    pub cadence: Cadence,
    pub format: ReportFormat,
    /// `console` and/or `webhook`, at least one.
    pub channels: Vec<String>,
    /// With the `webhook` channel: one of the enterprise's webhooks (`settingUrl/list`).
    #[serde(default)]
    pub webhook_id: Option<i64>,
}

/// Creates or changes a subscription in the acting enterprise, in the request's language;
/// links are built on `origin` (`scheme://host`, the address the call came through).
pub async fn save(
    db: &DatabaseConnection,
    scope: &Scope,
    input: &SubscriptionInput,
    lang: Lang,
    origin: &str,
) -> Result<Subscription, AppError> {
    if scope.read_only() {
        return Err(AppError::fail(text!(
            "只读托管不能订阅报表",
            "A read-only trusteeship cannot subscribe to reports"
        )));
    }
    let ent = scope.acting(None)?;
    let existing = match input.id {
        Some(id) => Some(find(db, scope, id).await?),
        None => None,
    };
    let user = match (input.user_id, &existing) {
        (Some(u), _) => u,
        (None, Some(e)) => e.user_id,
        (None, None) => scope.user.id,
    };
    if user != scope.user.id && !manages(scope) {
        return Err(AppError::field(
            "userId",
            text!(
                "只有企业管理员可以为其他成员订阅报表",
                "Only enterprise administrators subscribe other members"
            ),
        ));
    }
    check_members(db, "userId", ent, &[user])
        .await
        .map_err(|e| match e {
            AppError::Fail(t) => AppError::Field("userId".into(), t),
            other => other,
        })?;
    let channels = check_channels("channels", &input.channels, true)?;
    let webhook_id = if channels.iter().any(|c| c == CHANNEL_WEBHOOK) {
        let id = input.webhook_id.ok_or_else(|| {
            AppError::field(
                "webhookId",
                text!(
                    "推送到 webhook 需要选择企业的推送地址",
                    "The webhook channel needs one of the enterprise's webhooks"
                ),
            )
        })?;
        let hook = scope
            .find::<webhook::Entity>(db, id)
            .await
            .ok()
            .filter(|w| w.enterprise_id == ent)
            .ok_or_else(|| {
                AppError::field(
                    "webhookId",
                    text!(
                        "推送地址 {} 不属于当前企业",
                        "Webhook {} is not one of this enterprise's",
                        id
                    ),
                )
            })?;
        Some(hook.id)
    } else {
        None
    };
    let now = Utc::now();
    let mut row: report_subscription::ActiveModel = match existing {
        Some(e) => e.into(),
        None => {
            let count = sea_orm::PaginatorTrait::count(
                report_subscription::Entity::find()
                    .filter(report_subscription::Column::EnterpriseId.eq(ent)),
                db,
            )
            .await?;
            if count >= MAX_PER_ENTERPRISE {
                return Err(AppError::fail(text!(
                    "每个企业最多 {} 个报表订阅",
                    "An enterprise holds at most {} report subscriptions",
                    MAX_PER_ENTERPRISE
                )));
            }
            report_subscription::ActiveModel {
                enterprise_id: Set(ent),
                created_by: Set(scope.user.id),
                created_at: Set(now),
                ..Default::default()
            }
        }
    };
    row.user_id = Set(user);
    row.cadence = Set(input.cadence.as_str().to_owned());
    row.format = Set(input.format.as_str().to_owned());
    row.console = Set(channels.iter().any(|c| c == CHANNEL_CONSOLE));
    row.webhook_id = Set(webhook_id);
    row.lang = Set(lang.as_str().to_owned());
    row.origin = Set(origin.chars().take(255).collect());
    row.updated_at = Set(now);
    let saved = row.save(db).await.on_conflict(|| {
        text!(
            "该成员已订阅同周期同格式的报表",
            "That member already has a subscription of this cadence and format"
        )
    })?;
    let id = saved.id.unwrap();
    let model = report_subscription::Entity::find_by_id(id)
        .one(db)
        .await?
        .ok_or_else(|| not_found(id))?;
    answers(db, vec![model])
        .await?
        .into_iter()
        .next()
        .ok_or_else(|| not_found(id))
}

/// Deletes a subscription (its deliveries stay, so links already sent keep working).
pub async fn delete(db: &DatabaseConnection, scope: &Scope, id: i64) -> Result<(), AppError> {
    if scope.read_only() {
        return Err(AppError::fail(text!(
            "只读托管不能修改报表订阅",
            "A read-only trusteeship cannot change report subscriptions"
        )));
    }
    let found = find(db, scope, id).await?;
    report_subscription::Entity::delete_by_id(found.id)
        .exec(db)
        .await?;
    Ok(())
}
