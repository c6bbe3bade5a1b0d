//! The writer's live state: one state row per vehicle with a newest report, and the delta
//! each report makes to the live snapshot.

use super::{LiveVehicle, Writer, ms};
use crate::report::Report;
use chrono::{DateTime, Utc};
use domain::vehicle::alarms::kind;
use entities::wheel_values::{self, AXLE, TYRE, WheelValue};
use kernel::db::{BulkInsert, OnCollision};
use kernel::error::AppError;
use sea_orm::ConnectionTrait;
use serde::Serialize;
use std::collections::HashMap;

impl Writer {
    /// Latest position, flags and wheel readings of the vehicles with a newest report, one
    /// state row each.
    pub(super) async fn write_state(
        &self,
        txn: &impl ConnectionTrait,
        newest: &HashMap<i64, &Report>,
        now: DateTime<Utc>,
    ) -> Result<(), AppError> {
        if newest.is_empty() {
            return Ok(());
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
            let latest: Vec<WheelValue> = v.latest.values().copied().collect();
            rows.push(vec![
                (*vehicle_id).into(),
                String::new().into(),
                false.into(),
                gps.map(|g| g.lat).into(),
                gps.map(|g| g.lon).into(),
                gps.map_or(0.0, |g| g.speed).into(),
                direction.into(),
                gps.map(|_| at).into(),
                Some(at).into(),
                true.into(),
                gps.is_some_and(|g| g.speed > 0.0).into(),
                (!v.open.is_empty()).into(),
                alarm_type.into(),
                alarm_level.into(),
                tp_flags.into(),
                axle_flags.into(),
                v.open
                    .keys()
                    .any(|(_, k)| *k == kind::AXLE_TEMP_DIFFERENCE)
                    .into(),
                v.open
                    .keys()
                    .any(|(_, k)| *k == kind::AXLE_HIGH_TEMP)
                    .into(),
                battery.into(),
                r.power.into(),
                now.into(),
                Some(wheel_values::encode(&latest)).into(),
            ]);
        }
        UPSERT.run(txn, rows).await?;
        Ok(())
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
