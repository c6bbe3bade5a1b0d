//! Orders opened by alarms. An order type may carry a rule (`autoOpen`: alarm kinds, minimum
//! level, assignee, due hours); when the ingestion writer has committed an alarm of one of
//! those kinds at or above the level on a vehicle of the type's enterprise, an order of the
//! type is opened on the vehicle (the alarm's wheel position, the vehicle's position, the
//! alarm linked) — unless an open (pending or in progress) order of that type already answers
//! an alarm of the same vehicle, wheel and kind: then the alarm is linked to it and its
//! timeline says so. Events 3 (order opened by an alarm) and 4 (alarm attached) are written.
//!
//! The rules are read once into [`AutoOpenRules`], a cache the ingestion writer owns; the type
//! service announces `Change::OrderTypes` when a type is saved or deleted, and the server
//! hands that to the cache ([`AutoOpenRules::forget`]).

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, RwLock};

use chrono::Utc;
use entities::{vehicle, vehicle_alarm, work_order, work_order_link, work_order_type};
use sea_orm::{
    ColumnTrait, ConnectionTrait, DatabaseConnection, EntityTrait, QueryFilter, QuerySelect,
    QueryTrait,
};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::events::{self, ALARM_ATTACHED, ALARM_ORDER, Event};
use super::orders::{LINK_ALARM, SystemOrder, add_links, checked_members, open_system};
use super::states::{IN_PROGRESS, PENDING};
use crate::scope::Scope;
use crate::vehicle::alarms::{ACTIVE, AlarmEvent, LEVEL_CRITICAL, LEVEL_WARNING, kind};
use kernel::db::write_txn;
use kernel::error::AppError;
use kernel::i18n::Text;
use kernel::text;
use kernel::validate::in_range;

/// The rule of an order type that opens orders from alarms.
#[derive(Debug, Clone, Deserialize, Serialize, ToSchema, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct AutoOpen {
    /// Alarm kinds (1–14) that open orders.
    #[serde(default, alias = "alarm_kinds")]
    pub alarm_kinds: Vec<i16>,
    /// The lowest alarm level that opens an order: 1 warning, 2 critical.
    #[serde(default = "warning", alias = "min_level")]
    pub min_level: i16,
    /// Who the orders are assigned to.
    #[serde(default, alias = "assignee_id")]
    pub assignee_id: Option<i64>,
    /// Due time of the orders, hours after opening.
    #[serde(default, alias = "due_hours")]
    pub due_hours: Option<i64>,
}

fn warning() -> i16 {
    LEVEL_WARNING
}

/// Checks a rule, naming the field at fault (`autoOpen.alarmKinds[1]`).
pub(crate) async fn checked(
    db: &impl ConnectionTrait,
    scope: &Scope,
    mut rule: AutoOpen,
) -> Result<AutoOpen, AppError> {
    if rule.alarm_kinds.is_empty() {
        return Err(AppError::field(
            "autoOpen.alarmKinds",
            text!(
                "autoOpen.alarmKinds 不能为空",
                "autoOpen.alarmKinds must not be empty"
            ),
        ));
    }
    for (i, k) in rule.alarm_kinds.iter().enumerate() {
        in_range(
            &format!("autoOpen.alarmKinds[{i}]"),
            (*k).into(),
            1,
            kind::LAST.into(),
        )?;
    }
    rule.alarm_kinds.sort_unstable();
    rule.alarm_kinds.dedup();
    in_range(
        "autoOpen.minLevel",
        rule.min_level.into(),
        LEVEL_WARNING.into(),
        LEVEL_CRITICAL.into(),
    )?;
    if let Some(h) = rule.due_hours {
        in_range("autoOpen.dueHours", h, 0, 8760)?;
    }
    if let Some(a) = rule.assignee_id {
        checked_members(db, scope, "autoOpen.assigneeId", &[a]).await?;
    }
    Ok(rule)
}

/// Rules by enterprise: (type id, rule).
type Rules = BTreeMap<i64, Vec<(i64, AutoOpen)>>;

/// The cache of every type's rule, read on first use and after [`forget`](Self::forget).
#[derive(Clone, Default)]
pub struct AutoOpenRules {
    rules: Arc<RwLock<Option<Arc<Rules>>>>,
    /// Bumped by every `forget`: a read that started before it is not kept.
    generation: Arc<AtomicU64>,
}

impl AutoOpenRules {
    /// Drops the rules (an order type was saved or deleted); the next alarm reads them again.
    pub fn forget(&self) {
        self.generation.fetch_add(1, Ordering::SeqCst);
        *self
            .rules
            .write()
            .unwrap_or_else(std::sync::PoisonError::into_inner) = None;
    }

    async fn rules(&self, db: &DatabaseConnection) -> Result<Arc<Rules>, AppError> {
        if let Some(r) = self
            .rules
            .read()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .clone()
        {
            return Ok(r);
        }
        let generation = self.generation.load(Ordering::SeqCst);
        let mut rules = Rules::new();
        for t in work_order_type::Entity::find()
            .filter(work_order_type::Column::AutoOpen.ne("null"))
            .all(db)
            .await?
        {
            if let Ok(Some(rule)) = serde_json::from_str::<Option<AutoOpen>>(&t.auto_open) {
                rules.entry(t.enterprise_id).or_default().push((t.id, rule));
            }
        }
        let rules = Arc::new(rules);
        if self.generation.load(Ordering::SeqCst) == generation {
            *self
                .rules
                .write()
                .unwrap_or_else(std::sync::PoisonError::into_inner) = Some(rules.clone());
        }
        Ok(rules)
    }

    /// Opens or attaches orders for alarms the writer has committed (active ones; clearings
    /// and acknowledgements are left alone). Answers how many alarms were handled.
    pub async fn on_alarms(
        &self,
        db: &DatabaseConnection,
        alarms: &[AlarmEvent],
    ) -> Result<usize, AppError> {
        let mut handled = 0;
        let mut rules = None;
        for a in alarms.iter().filter(|a| a.state == ACTIVE) {
            let all = match &rules {
                Some(r) => Arc::clone(r),
                None => {
                    let r = self.rules(db).await?;
                    rules = Some(r.clone());
                    r
                }
            };
            let Some(of_ent) = all.get(&a.enterprise_id) else {
                continue;
            };
            for (type_id, rule) in of_ent {
                if rule.alarm_kinds.contains(&a.kind) && a.level >= rule.min_level {
                    handle(db, *type_id, rule, a).await?;
                    handled += 1;
                }
            }
        }
        Ok(handled)
    }
}

/// A wheel position as orders name it: 21 → `2-1` (none for the vehicle itself, 0).
fn wheel(position: i32) -> Vec<String> {
    if position <= 0 {
        Vec::new()
    } else {
        vec![format!("{}-{}", position / 10, position % 10)]
    }
}

async fn handle(
    db: &DatabaseConnection,
    type_id: i64,
    rule: &AutoOpen,
    a: &AlarmEvent,
) -> Result<(), AppError> {
    let txn = write_txn(db).await?;
    let now = Utc::now();
    let of_type = work_order::Entity::find()
        .select_only()
        .column(work_order::Column::Id)
        .filter(work_order::Column::TypeId.eq(type_id))
        .filter(work_order::Column::VehicleId.eq(a.vehicle_id))
        .into_query();
    // Already answered (a level rise of an alarm that opened or joined an order).
    let linked = work_order_link::Entity::find()
        .filter(work_order_link::Column::Kind.eq(LINK_ALARM))
        .filter(work_order_link::Column::RefId.eq(a.id))
        .filter(work_order_link::Column::OrderId.in_subquery(of_type))
        .one(&txn)
        .await?;
    if linked.is_some() {
        return Ok(());
    }
    let same_condition = vehicle_alarm::Entity::find()
        .select_only()
        .column(vehicle_alarm::Column::Id)
        .filter(vehicle_alarm::Column::VehicleId.eq(a.vehicle_id))
        .filter(vehicle_alarm::Column::Position.eq(a.position))
        .filter(vehicle_alarm::Column::Kind.eq(a.kind))
        .into_query();
    let answering = work_order_link::Entity::find()
        .select_only()
        .column(work_order_link::Column::OrderId)
        .filter(work_order_link::Column::Kind.eq(LINK_ALARM))
        .filter(work_order_link::Column::RefId.in_subquery(same_condition))
        .into_query();
    let open = work_order::Entity::find()
        .filter(work_order::Column::TypeId.eq(type_id))
        .filter(work_order::Column::VehicleId.eq(a.vehicle_id))
        .filter(work_order::Column::State.is_in([PENDING, IN_PROGRESS]))
        .filter(work_order::Column::Id.in_subquery(answering))
        .one(&txn)
        .await?;
    let event = Event {
        ent: a.enterprise_id,
        order_id: None,
        vehicle_id: Some(a.vehicle_id),
        alarm_id: Some(a.id),
        ..Default::default()
    };
    if let Some(order) = open {
        add_links(&txn, order.id, LINK_ALARM, vec![(a.id, String::new())]).await?;
        let what = Text::new(
            format!("告警 {} 已关联到工单 {}", a.id, order.number),
            format!("Alarm {} attached to work order {}", a.id, order.number),
        );
        super::logs::log_change(&txn, order.id, 0, what.clone()).await?;
        events::record(
            &txn,
            Event {
                kind: ALARM_ATTACHED,
                order_id: Some(order.id),
                ..event
            },
            what,
            now,
        )
        .await?;
    } else {
        let Some(car) = vehicle::Entity::find_by_id(a.vehicle_id).one(&txn).await? else {
            return Ok(());
        };
        let title = Text::new(
            format!("{} 告警（类型 {}）", car.plate, a.kind),
            format!("{}: alarm of kind {}", car.plate, a.kind),
        );
        let order = open_system(
            &txn,
            SystemOrder {
                type_id,
                title: title.current().to_owned(),
                description: String::new(),
                positions: wheel(a.position),
                vehicle: car,
                assignee: rule.assignee_id,
                due_hours: rule.due_hours,
                project_id: None,
                alarm_ids: vec![a.id],
            },
            now,
        )
        .await?;
        events::record(
            &txn,
            Event {
                kind: ALARM_ORDER,
                order_id: Some(order.id),
                ..event
            },
            Text::new(
                format!("告警 {} 开了工单 {}", a.id, order.number),
                format!("Alarm {} opened work order {}", a.id, order.number),
            ),
            now,
        )
        .await?;
    }
    txn.commit().await?;
    Ok(())
}
