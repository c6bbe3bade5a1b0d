//! The dispatcher: every committed alarm change (from ingestion, the offline sweep and
//! people handling alarms) arrives on one bounded feed, so none is missed; a full feed makes
//! the sender wait rather than drop a push. For each change it queues the enterprise's
//! matching webhooks; for each raised alarm it writes one message per member its rules reach
//! and sends it to that member's websocket connections.

use std::collections::{BTreeMap, BTreeSet};

use chrono::Utc;
use entities::{enterprise_group_vehicle, tag_vehicle};
use sea_orm::{ColumnTrait, ConnectionTrait, DatabaseConnection, EntityTrait, QueryFilter};
use tokio::sync::mpsc;

use super::messages::{Outgoing, alarm_text, deliver, muted};
use super::rules::{Matcher, matchers};
use super::webhooks::{self, Sender};
use super::{CHANNEL_CONSOLE, in_quiet_hours, members::settings, members_of};
use crate::live::hub::{EventKind, LiveHub};
use crate::vehicle::alarms::{ACTIVE, AlarmEvent, AlarmFeed};
use kernel::config::PushSettings;
use kernel::error::AppError;

/// Alarm changes waiting for the dispatcher before senders wait.
const FEED_CAPACITY: usize = 4096;

/// The push machinery as handlers see it.
#[derive(Clone)]
pub struct Push {
    feed: AlarmFeed,
    live: LiveHub,
}

impl Push {
    /// Starts the dispatcher and the webhook sender on the current runtime.
    pub fn start(db: DatabaseConnection, live: LiveHub, cfg: &PushSettings) -> Self {
        let (feed, changes) = mpsc::channel(FEED_CAPACITY);
        let sender = Sender::new(db.clone(), cfg);
        tokio::spawn(sender.clone().run());
        tokio::spawn(dispatch_all(db, live.clone(), sender, changes));
        Self { feed, live }
    }

    /// Where ingestion sends its committed alarm changes.
    pub fn feed(&self) -> AlarmFeed {
        self.feed.clone()
    }

    /// An alarm changed outside ingestion (acknowledged or cleared by a person): tells the
    /// websocket and the dispatcher.
    pub async fn alarm_changed(&self, event: AlarmEvent) {
        self.live.publish(
            EventKind::Alarm,
            event.enterprise_id,
            event.vehicle_id,
            &event,
        );
        // The dispatcher only stops with the server.
        let _ = self.feed.send(event).await;
    }
}

async fn dispatch_all(
    db: DatabaseConnection,
    live: LiveHub,
    sender: Sender,
    mut changes: mpsc::Receiver<AlarmEvent>,
) {
    while let Some(event) = changes.recv().await {
        match webhooks::enqueue(&db, &event).await {
            Ok(0) => {}
            Ok(_) => sender.wake(),
            Err(err) => tracing::warn!(%err, alarm = event.id, "queueing webhook deliveries"),
        }
        if event.state == ACTIVE
            && let Err(err) = notify_members(&db, &live, &event).await
        {
            tracing::warn!(%err, alarm = event.id, "pushing an alarm to members");
        }
    }
}

/// Whether a rule matches an alarm: its kind, at least its level, and a vehicle it covers
/// (all of the enterprise's, named, or through a group or tag).
pub async fn matches(
    db: &impl ConnectionTrait,
    m: &Matcher,
    a: &AlarmEvent,
) -> Result<bool, AppError> {
    if !m.kinds.contains(&a.kind) || a.level < m.min_level {
        return Ok(false);
    }
    if m.all_vehicles || m.vehicles.contains(&a.vehicle_id) {
        return Ok(true);
    }
    if !m.groups.is_empty() {
        let group = enterprise_group_vehicle::Entity::find()
            .filter(enterprise_group_vehicle::Column::EnterpriseId.eq(a.enterprise_id))
            .filter(enterprise_group_vehicle::Column::VehicleId.eq(a.vehicle_id))
            .one(db)
            .await?;
        if group.is_some_and(|g| m.groups.contains(&g.group_id)) {
            return Ok(true);
        }
    }
    if !m.tags.is_empty() {
        let tagged = tag_vehicle::Entity::find()
            .filter(tag_vehicle::Column::VehicleId.eq(a.vehicle_id))
            .filter(tag_vehicle::Column::TagId.is_in(m.tags.iter().copied()))
            .one(db)
            .await?;
        if tagged.is_some() {
            return Ok(true);
        }
    }
    Ok(false)
}

/// Writes and sends the raised alarm's messages: the members of the enterprise's matching
/// console rules (outside the rule's quiet hours), still members of the enterprise, minus
/// those who turned push off, do not want the kind or the console channel, are in their quiet
/// hours, or muted this vehicle's kind.
async fn notify_members(
    db: &DatabaseConnection,
    live: &LiveHub,
    a: &AlarmEvent,
) -> Result<u64, AppError> {
    let now = Utc::now();
    let mut rule_of: BTreeMap<i64, i64> = BTreeMap::new();
    for m in matchers(db, a.enterprise_id).await? {
        if m.console
            && !in_quiet_hours(m.quiet_from.as_deref(), m.quiet_to.as_deref(), now)
            && matches(db, &m, a).await?
        {
            for u in &m.members {
                rule_of.entry(*u).or_insert(m.id);
            }
        }
    }
    if rule_of.is_empty() {
        return Ok(0);
    }
    let members: Vec<i64> = members_of(db, a.enterprise_id, rule_of.keys().copied())
        .await?
        .into_iter()
        .collect();
    let wants = settings(db, a.enterprise_id, &members).await?;
    let muted: BTreeSet<i64> = muted(db, a.vehicle_id, a.kind, &members).await?;
    let wheels_per_axle = a.axles(db).await?;
    let (title, content) = alarm_text(a, wheels_per_axle.as_deref());
    let outgoing = members
        .into_iter()
        .filter(|u| !muted.contains(u))
        .filter(|u| {
            wants.get(u).is_none_or(|s| {
                s.push_enabled
                    && (s.kinds.is_empty() || s.kinds.contains(&a.kind))
                    && (s.channels.is_empty() || s.channels.iter().any(|c| c == CHANNEL_CONSOLE))
                    && !in_quiet_hours(s.quiet_from.as_deref(), s.quiet_to.as_deref(), now)
            })
        })
        .map(|u| Outgoing {
            enterprise_id: a.enterprise_id,
            user_id: u,
            rule_id: rule_of.get(&u).copied(),
            alarm: Some((a.id, a.vehicle_id, a.kind, a.level)),
            title: title.clone(),
            content: content.clone(),
        })
        .collect();
    deliver(db, live, outgoing, Some(&a.plate)).await
}
