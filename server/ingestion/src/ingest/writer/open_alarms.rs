//! The writer's alarms: applying conditions to a vehicle's open alarms, the sweep that takes
//! silent vehicles offline and marks silent sensors lost, and forwarding alarm changes.

use super::{ALARM_REFRESH, LOAD_CHUNK, OpenAlarm, Publish, Writer, ms};
use crate::conditions::{Condition, Verdict};
use chrono::{DateTime, Utc};
use domain::live::hub::{EventKind, LiveHub};
use domain::vehicle::alarms::{self, AlarmEvent, LEVEL_WARNING, Raise, kind};
use domain::vehicle::wheels;
use entities::{vehicle, vehicle_state};
use kernel::db::write_txn;
use kernel::error::AppError;
use sea_orm::sea_query::Expr;
use sea_orm::{ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, QuerySelect};
use std::collections::{BTreeMap, HashMap};
use std::time::Instant;

impl Writer {
    /// Kind and level of the worst open alarm of a vehicle.
    pub(super) fn alarm_summary(&self, vehicle_id: i64) -> (i16, i16) {
        self.vehicles[&vehicle_id]
            .open
            .iter()
            .max_by_key(|((_, k), a)| (a.level, *k))
            .map_or((0, 0), |((_, k), a)| (*k, a.level))
    }

    /// Applies one condition to the vehicle's alarms; answers the event to publish when an
    /// alarm opened, rose in level or cleared.
    pub(super) async fn apply(
        &mut self,
        txn: &impl ConnectionTrait,
        vehicle_id: i64,
        ts: i64,
        c: &Condition,
    ) -> Result<Option<Publish>, AppError> {
        let v = self.vehicles.get_mut(&vehicle_id).expect("loaded");
        let key = (c.position, c.kind);
        let at = ms(ts);
        let saved = match &c.verdict {
            Verdict::Clear => {
                if v.open.remove(&key).is_none() {
                    return Ok(None);
                }
                alarms::clear_condition(txn, vehicle_id, c.position, c.kind, at).await?
            }
            Verdict::Raise {
                level,
                value,
                threshold,
            } => {
                let known = v.open.get(&key).cloned();
                if let Some(open) = &known
                    && open.level >= *level
                    && open.written.elapsed() < ALARM_REFRESH
                {
                    return Ok(None);
                }
                let (alarm, opened) = alarms::raise(
                    txn,
                    &Raise {
                        enterprise_id: v.enterprise_id,
                        // The writer knows every open alarm of its vehicles, except one a
                        // person cleared meanwhile (then a new one opens).
                        maybe_open: known.is_some(),
                        vehicle_id,
                        position: c.position,
                        kind: c.kind,
                        level: *level,
                        value: Some(*value),
                        threshold: Some(*threshold),
                        at,
                    },
                )
                .await?;
                v.open.insert(
                    key,
                    OpenAlarm {
                        level: alarm.level,
                        written: Instant::now(),
                    },
                );
                // A refresh of an alarm already known at this level tells nobody anything; one
                // opened anew (the known one was cleared from the console meanwhile) does.
                if !opened && known.is_some_and(|k| k.level >= alarm.level) {
                    return Ok(None);
                }
                Some(alarm)
            }
        };
        let Some(a) = saved else { return Ok(None) };
        let event = AlarmEvent::new(
            &a,
            v.plate.clone(),
            wheels::per_axle_of(v.wheels.keys().copied()),
        );
        let ent = v.enterprise_id;
        self.alarm_changes.push(event.clone());
        Ok(Some(Box::new(move |hub: &LiveHub| {
            hub.publish(EventKind::Alarm, ent, vehicle_id, &event);
        })))
    }

    /// Silent vehicles go offline; silent sensors of reporting vehicles are lost.
    pub(super) async fn sweep(&mut self) -> Result<(), AppError> {
        // Changes of a batch (or sweep) that failed before its commit were never made.
        self.alarm_changes.clear();
        let now = Utc::now();
        let silent: Vec<(i64, Option<DateTime<Utc>>)> = vehicle_state::Entity::find()
            .select_only()
            .column(vehicle_state::Column::VehicleId)
            .column(vehicle_state::Column::FinalAt)
            .filter(vehicle_state::Column::Online.eq(true))
            .filter(vehicle_state::Column::FinalAt.lt(now - chrono::Duration::minutes(1)))
            .into_tuple()
            .all(&self.db)
            .await?;
        let owners: HashMap<i64, i64> = vehicle::Entity::find()
            .select_only()
            .column(vehicle::Column::Id)
            .column(vehicle::Column::EnterpriseId)
            .filter(vehicle::Column::Id.is_in(silent.iter().map(|(v, _)| *v)))
            .into_tuple()
            .all(&self.db)
            .await?
            .into_iter()
            .collect();
        let candidates = silent
            .into_iter()
            .filter_map(|(v, at)| owners.get(&v).map(|e| (v, *e, at)));
        let mut offline = Vec::new();
        for (vehicle_id, ent, final_at) in candidates {
            let minutes = i64::from(self.thresholds(ent).await?[1].offline_minutes);
            if final_at.is_none_or(|t| now - t > chrono::Duration::minutes(minutes)) {
                offline.push((vehicle_id, final_at));
            }
        }
        if offline.is_empty() {
            return Ok(());
        }
        self.load(offline.iter().map(|(v, _)| *v)).await?;
        let txn = write_txn(&self.db).await?;
        let mut events = Vec::new();
        for (vehicle_id, final_at) in &offline {
            if !self.vehicles.contains_key(vehicle_id) {
                continue;
            }
            let silent = final_at.map_or(0.0, |t| {
                #[allow(clippy::cast_precision_loss)]
                let m = (now - t).num_minutes() as f64;
                m
            });
            let raise = Condition {
                position: 0,
                kind: kind::DEVICE_OFFLINE,
                verdict: Verdict::Raise {
                    level: LEVEL_WARNING,
                    value: silent,
                    threshold: 0.0,
                },
            };
            if let Some(e) = self
                .apply(&txn, *vehicle_id, now.timestamp_millis(), &raise)
                .await?
            {
                events.push(e);
            }
        }
        // One statement per distinct worst alarm instead of one per vehicle.
        let mut by_worst: BTreeMap<(bool, i16, i16), Vec<i64>> = BTreeMap::new();
        for (vehicle_id, _) in &offline {
            if let Some(v) = self.vehicles.get(vehicle_id) {
                let (alarm_type, alarm_level) = self.alarm_summary(*vehicle_id);
                by_worst
                    .entry((!v.open.is_empty(), alarm_type, alarm_level))
                    .or_default()
                    .push(*vehicle_id);
            }
        }
        for ((alarm, alarm_type, alarm_level), vehicles) in by_worst {
            for chunk in vehicles.chunks(LOAD_CHUNK) {
                vehicle_state::Entity::update_many()
                    .col_expr(vehicle_state::Column::Online, Expr::value(false))
                    .col_expr(vehicle_state::Column::Speed, Expr::value(0.0))
                    .col_expr(vehicle_state::Column::Alarm, Expr::value(alarm))
                    .col_expr(vehicle_state::Column::AlarmType, Expr::value(alarm_type))
                    .col_expr(vehicle_state::Column::AlarmLevel, Expr::value(alarm_level))
                    .filter(vehicle_state::Column::VehicleId.is_in(chunk.iter().copied()))
                    .exec(&txn)
                    .await?;
            }
        }
        txn.commit().await?;
        // Offline vehicles stopped and their worst alarm changed: the snapshot re-reads them.
        self.fleet.touch(offline.iter().map(|(v, _)| *v));
        for publish in events {
            publish(&self.live);
        }
        self.forward_alarm_changes().await;
        Ok(())
    }

    /// Hands the committed alarm changes to the push dispatcher; waits when it is behind
    /// (rather than drop a push), and carries on if it is gone (the server is stopping).
    pub(super) async fn forward_alarm_changes(&mut self) {
        if let Err(err) = self
            .auto_open
            .on_alarms(&self.db, &self.alarm_changes)
            .await
        {
            tracing::warn!(%err, "opening work orders from alarms");
        }
        for event in self.alarm_changes.drain(..) {
            if self.alarm_feed.send(event).await.is_err() {
                return;
            }
        }
    }
}
