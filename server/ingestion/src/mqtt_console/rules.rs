//! Subscriptions and routes (`mqtt_rules`): list, save (add or edit), delete. Every change
//! reloads the console's rules, so it takes effect at once, without a restart.

use chrono::{DateTime, Utc};
use entities::mqtt_rule;
use sea_orm::{ActiveModelTrait, ColumnTrait, DatabaseConnection, EntityTrait, QueryFilter, Set};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::{MqttConsole, lock, staff, topics};
use domain::scope::Scope;
use kernel::error::{AppError, DbResultExt as _};
use kernel::text;

pub const SUBSCRIPTION: &str = "subscription";
pub const ROUTE: &str = "route";
/// Rules of one kind at most.
pub const MAX_RULES: usize = 100;

pub(crate) fn not_found(kind: &str, id: i64) -> AppError {
    if kind == SUBSCRIPTION {
        AppError::field(
            "id",
            text!("订阅 {} 不存在", "subscription {} not found", id),
        )
    } else {
        AppError::field("id", text!("路由 {} 不存在", "route {} not found", id))
    }
}

/// A subscription or a route as the console lists it.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MqttRuleRow {
    pub id: i64,
    pub name: String,
    pub filter: String,
    /// Routes: the target topic (`{imei}` substituted); empty for subscriptions.
    pub target: String,
    pub qos: i16,
    pub enabled: bool,
    /// Subscriptions: messages in the buffer now (at most 100).
    pub buffered: u64,
    /// Routes: messages republished since the server started.
    pub forwarded: u64,
    /// Routes: messages not republished (no imei for `{imei}`, or the connection's queue full).
    pub skipped: u64,
    /// Subscriptions: the newest buffered message's time; routes: the last forward's.
    #[schema(value_type = Option<String>)]
    pub last_at: Option<DateTime<Utc>>,
    #[schema(value_type = String)]
    pub updated_at: DateTime<Utc>,
}

/// Adds (no `id`) or edits a subscription or route.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MqttRuleInput {
    /// The rule to edit; absent to add one.
    #[serde(default)]
    pub id: Option<i64>,
    /// Unique among the rules of its kind, at most 64 characters.
    #[serde(default)]
    pub name: Option<String>,
    /// A topic filter (`+` a whole level, `#` a whole last level).
    #[serde(default)]
    pub filter: Option<String>,
    /// Routes only: the topic to republish to, no wildcards; `{imei}` (a whole level) stands
    /// for the level after the topic prefix of the source topic.
    #[serde(default)]
    pub target: Option<String>,
    /// 0 (default) or 1: subscriptions subscribe with it, routes republish with it.
    #[serde(default)]
    pub qos: Option<i16>,
    /// Default true.
    #[serde(default)]
    pub enabled: Option<bool>,
}

impl MqttConsole {
    /// The rules of `kind`, by name.
    pub fn list_rules(&self, scope: &Scope, kind: &str) -> Result<Vec<MqttRuleRow>, AppError> {
        staff(scope)?;
        let rules = self.rules();
        let buffers = lock(&self.inner.buffers);
        let routed = lock(&self.inner.routed);
        let mut rows: Vec<MqttRuleRow> = rules
            .iter()
            .filter(|r| r.kind == kind)
            .map(|r| {
                let buffer = buffers.get(&r.id);
                let count = routed.get(&r.id).copied().unwrap_or_default();
                MqttRuleRow {
                    id: r.id,
                    name: r.name.clone(),
                    filter: r.filter.clone(),
                    target: r.target.clone(),
                    qos: r.qos,
                    enabled: r.enabled,
                    buffered: buffer.map_or(0, |b| b.len() as u64),
                    forwarded: count.forwarded,
                    skipped: count.skipped,
                    last_at: if kind == SUBSCRIPTION {
                        buffer.and_then(|b| b.back()).map(|m| m.received_at)
                    } else {
                        count.last_at
                    },
                    updated_at: r.updated_at,
                }
            })
            .collect();
        rows.sort_by(|a, b| a.name.cmp(&b.name).then(a.id.cmp(&b.id)));
        Ok(rows)
    }

    /// Checks and stores a rule of `kind`, then applies the rules. Returns its id.
    pub async fn save_rule(
        &self,
        db: &DatabaseConnection,
        scope: &Scope,
        kind: &str,
        input: &MqttRuleInput,
    ) -> Result<i64, AppError> {
        staff(scope)?;
        let name = kernel::validate::required("name", input.name.as_deref().unwrap_or(""), 64)?;
        let filter = input
            .filter
            .as_deref()
            .unwrap_or_default()
            .trim()
            .to_owned();
        topics::check_filter("filter", &filter)?;
        let qos = input.qos.unwrap_or(0);
        kernel::validate::in_range("qos", i64::from(qos), 0, 1)?;
        let rules = self.rules();
        let target = if kind == ROUTE {
            let target = input
                .target
                .as_deref()
                .unwrap_or_default()
                .trim()
                .to_owned();
            topics::check_target("target", &target)?;
            self.check_loops(&rules, input.id, &filter, &target)?;
            target
        } else {
            String::new()
        };
        let existing = match input.id {
            Some(id) => Some(
                rules
                    .iter()
                    .find(|r| r.id == id && r.kind == kind)
                    .cloned()
                    .ok_or_else(|| not_found(kind, id))?,
            ),
            None => {
                if rules.iter().filter(|r| r.kind == kind).count() >= MAX_RULES {
                    return Err(AppError::fail(text!(
                        "最多 {} 条",
                        "at most {} of them",
                        MAX_RULES
                    )));
                }
                None
            }
        };
        let now = Utc::now();
        let duplicate = || text!("名称 {} 已存在", "the name {} is taken", name.clone());
        if rules
            .iter()
            .any(|r| r.kind == kind && r.name == name && Some(r.id) != input.id)
        {
            return Err(AppError::field("name", duplicate()));
        }
        let id = match existing {
            Some(row) => {
                let mut model: mqtt_rule::ActiveModel = row.into();
                model.name = Set(name.clone());
                model.filter = Set(filter);
                model.target = Set(target);
                model.qos = Set(qos);
                if let Some(enabled) = input.enabled {
                    model.enabled = Set(enabled);
                }
                model.updated_at = Set(now);
                model.update(db).await.on_conflict(duplicate)?.id
            }
            None => {
                mqtt_rule::ActiveModel {
                    kind: Set(kind.to_owned()),
                    name: Set(name.clone()),
                    filter: Set(filter),
                    target: Set(target),
                    qos: Set(qos),
                    enabled: Set(input.enabled.unwrap_or(true)),
                    created_at: Set(now),
                    updated_at: Set(now),
                    ..Default::default()
                }
                .insert(db)
                .await
                .on_conflict(duplicate)?
                .id
            }
        };
        self.reload(db).await?;
        Ok(id)
    }

    /// Routes never feed one another (nor themselves, nor the report topic): a forwarded
    /// message can therefore not come back to a route, and routes cannot forge reports.
    fn check_loops(
        &self,
        rules: &[mqtt_rule::Model],
        id: Option<i64>,
        filter: &str,
        target: &str,
    ) -> Result<(), AppError> {
        let produced = topics::target_filter(target);
        if topics::overlaps(&produced, filter) {
            return Err(AppError::field(
                "target",
                text!(
                    "目标主题 {} 与本路由的过滤器 {} 重叠，会形成循环",
                    "the target {} overlaps the route's own filter {}: it would loop",
                    target,
                    filter
                ),
            ));
        }
        let report = self.report_filter();
        if topics::overlaps(&produced, &report) {
            return Err(AppError::field(
                "target",
                text!(
                    "目标主题 {} 与设备上报主题 {} 重叠",
                    "the target {} overlaps the device report topic {}",
                    target,
                    report
                ),
            ));
        }
        for other in rules.iter().filter(|r| r.kind == ROUTE && Some(r.id) != id) {
            if topics::overlaps(&produced, &other.filter) {
                return Err(AppError::field(
                    "target",
                    text!(
                        "目标主题 {} 与路由 {} 的过滤器 {} 重叠，会形成链路",
                        "the target {} overlaps the filter {} of the route {}: routes may not feed one another",
                        target,
                        other.filter,
                        other.name
                    ),
                ));
            }
            if topics::overlaps(filter, &topics::target_filter(&other.target)) {
                return Err(AppError::field(
                    "filter",
                    text!(
                        "过滤器 {} 与路由 {} 的目标主题 {} 重叠，会形成链路",
                        "the filter {} overlaps the target {} of the route {}: routes may not feed one another",
                        filter,
                        other.target,
                        other.name
                    ),
                ));
            }
        }
        Ok(())
    }

    /// Deletes a rule of `kind` (its buffer or counts go with it).
    pub async fn delete_rule(
        &self,
        db: &DatabaseConnection,
        scope: &Scope,
        kind: &str,
        id: Option<i64>,
    ) -> Result<(), AppError> {
        staff(scope)?;
        let Some(id) = id else {
            return Err(AppError::field("id", text!("id 不能缺少", "id is missing")));
        };
        let gone = mqtt_rule::Entity::delete_many()
            .filter(mqtt_rule::Column::Id.eq(id))
            .filter(mqtt_rule::Column::Kind.eq(kind))
            .exec(db)
            .await?;
        if gone.rows_affected == 0 {
            return Err(not_found(kind, id));
        }
        self.reload(db).await
    }
}
