//! The writer's live state: one state row per vehicle with a newest report, and the delta
//! each report makes to the live snapshot.

use super::{LiveVehicle, Writer, ms};
use crate::report::Report;
use chrono::{DateTime, Utc};
use domain::vehicle::alarms::kind;
use domain::vehicle::fleet::LiveState;
use entities::wheel_values::{self, AXLE, TYRE, WheelValue};
use kernel::db::{BulkInsert, BulkTxn, OnCollision};
use kernel::error::AppError;
use serde::Serialize;
use std::collections::HashMap;

impl Writer {
    /// Latest position, flags and wheel readings of the vehicles with a newest report, one
    /// state row each; answers those states for the fleet snapshot.
    pub(super) async fn write_state(
        &self,
        txn: &BulkTxn,
        newest: &HashMap<i64, &Report>,
        now: DateTime<Utc>,
    ) -> Result<Vec<(i64, LiveState)>, AppError> {
        if newest.is_empty() {
            return Ok(Vec::new());
        }
        const UPSERT: BulkInsert<'static> = BulkInsert {
            table: "vehicle_states",
            columns: &[
                "vehicle_id",
                "address",
                "closed",
                "lat",
                "lon",
                "speed",
                "direction",
                "gps_at",
                "final_at",
                "online",
                "ignition",
                "alarm",
                "alarm_type",
                "alarm_level",
                "tp_flags",
                "axle_flags",
                "temp_difference24h",
                "high_temp24h",
                "battery",
                "voltage",
                "updated_at",
                "wheels",
            ],
            conflict: &["vehicle_id"],
            // The address is geocoded elsewhere; the service flag is the console's.
            on_conflict: OnCollision::UpdateAllBut(&["address", "closed"]),
        };
        let mut rows = Vec::with_capacity(newest.len());
        let mut states = Vec::with_capacity(newest.len());
        for (vehicle_id, r) in newest {
            let v = &self.vehicles[vehicle_id];
            let (tp_flags, axle_flags) = v.flags();
            let (alarm_type, alarm_level) = self.alarm_summary(*vehicle_id);
            let at = ms(r.ts);
            let gps = r.gps.as_ref();
            #[allow(clippy::cast_possible_truncation)]
            let battery = r
                .tyres
                .iter()
                .filter_map(|t| t.battery)
                .reduce(f64::min)
                .map(|b| b.round() as i16);
            #[allow(clippy::cast_possible_truncation)]
            let direction = gps.map_or(0, |g| g.direction.round() as i16);
            let state = LiveState {
                lat: gps.map(|g| g.lat),
                lon: gps.map(|g| g.lon),
                speed: Some(gps.map_or(0.0, |g| g.speed)),
                direction: Some(direction),
                gps_at: gps.map(|_| at),
                final_at: Some(at),
                ignition: Some(gps.is_some_and(|g| g.speed > 0.0)),
                alarm: Some(!v.open.is_empty()),
                alarm_type: Some(alarm_type),
                alarm_level: Some(alarm_level),
                tp_flags: Some(tp_flags),
                axle_flags: Some(axle_flags),
                temp_difference24h: Some(
                    v.open.keys().any(|(_, k)| *k == kind::AXLE_TEMP_DIFFERENCE),
                ),
                high_temp24h: Some(v.open.keys().any(|(_, k)| *k == kind::AXLE_HIGH_TEMP)),
                battery,
            };
            let latest: Vec<WheelValue> = v.latest.values().copied().collect();
            rows.push(vec![
                (*vehicle_id).into(),
                String::new().into(),
                false.into(),
                state.lat.into(),
                state.lon.into(),
                state.speed.into(),
                state.direction.into(),
                state.gps_at.into(),
                state.final_at.into(),
                true.into(),
                state.ignition.into(),
                state.alarm.into(),
                state.alarm_type.into(),
                state.alarm_level.into(),
                state.tp_flags.into(),
                state.axle_flags.into(),
                state.temp_difference24h.into(),
                state.high_temp24h.into(),
                state.battery.into(),
                r.power.into(),
                now.into(),
                Some(wheel_values::encode(&latest)).into(),
            ]);
            states.push((*vehicle_id, state));
        }
        txn.insert(&UPSERT, rows).await?;
        Ok(states)
    }
}

/// The tyres and axles of a report as one history frame's wheels.
pub(super) fn report_wheels(r: &Report) -> Vec<WheelValue> {
    let tyres = r.tyres.iter().map(|t| WheelValue {
        kind: TYRE,
        position: t.pos,
        pressure: t.pressure,
        temp: t.temp,
        #[allow(clippy::cast_possible_truncation)]
        battery: t.battery.map(|b| b.round() as i16),
        status: t.status.unwrap_or_default(),
        read_at: None,
    });
    let axles = r.axles.iter().map(|x| WheelValue {
        kind: AXLE,
        position: x.pos,
        pressure: None,
        temp: Some(x.temp),
        battery: None,
        status: 0,
        read_at: None,
    });
    tyres.chain(axles).collect()
}

/// A vehicle's state after a report, in watchList4's short keys (docs/fleet-data.md) with
/// explicit zeros: the console merges it into the entry it has.
#[derive(Serialize)]
pub(super) struct VehicleDelta {
    i: i64,
    e: i64,
    p: String,
    ft: i64,
    o: i32,
    a: i32,
    ay: i16,
    al: i16,
    so: i32,
    xa: i32,
    ta: TyreFlags,
    #[serde(skip_serializing_if = "Option::is_none")]
    gp: Option<GpsDelta>,
    #[serde(skip_serializing_if = "Option::is_none")]
    d: Option<i64>,
}

#[derive(Serialize)]
struct TyreFlags {
    hp: i32,
    lp: i32,
    ht: i32,
    r: i32,
    sl: i32,
    ss: i32,
    sf: i32,
}

#[derive(Serialize)]
struct GpsDelta {
    t: i64,
    la: f64,
    lo: f64,
    s: f64,
    di: f64,
}

pub(super) fn vehicle_delta(
    vehicle_id: i64,
    v: &LiveVehicle,
    r: &Report,
    worst: (i16, i16),
) -> VehicleDelta {
    let (tp, axle) = v.flags();
    let bit = |flags: i32, b: i32| i32::from(flags & b != 0);
    VehicleDelta {
        i: vehicle_id,
        e: v.enterprise_id,
        p: v.plate.clone(),
        ft: r.ts,
        o: 0,
        a: i32::from(!v.open.is_empty()),
        ay: worst.0,
        al: worst.1,
        so: i32::from(r.gps.as_ref().is_some_and(|g| g.speed > 0.0)),
        xa: bit(axle, 1),
        ta: TyreFlags {
            hp: bit(tp, 1),
            lp: bit(tp, 2),
            ht: bit(tp, 4),
            r: bit(tp, 8),
            sl: bit(tp, 16),
            ss: bit(tp, 32),
            sf: bit(tp, 64),
        },
        gp: r.gps.as_ref().map(|g| GpsDelta {
            t: r.ts,
            la: g.lat,
            lo: g.lon,
            s: g.speed,
            di: g.direction,
        }),
        d: r.gps.as_ref().map(|_| r.ts),
    }
}
