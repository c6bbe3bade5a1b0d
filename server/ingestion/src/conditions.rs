//! Which alarm conditions a report shows, against the enterprise's thresholds (tbEnterpriseAlarm,
//! per axle position) and what the same wheels read before. Pure: ingestion turns the answer
//! into [`alarms::raise`](domain::vehicle::alarms::raise) and
//! [`clear_condition`](domain::vehicle::alarms::clear_condition) calls.
//!
//! - Pressures are compared cold-compensated to 18 °C (a tyre hot from the road reads higher
//!   without holding more air), as commercial TPMS do.
//! - Fast leak: the cold pressure falls faster than the threshold (kPa/min) between two
//!   readings 10 s to 15 min apart. Slow leak: it fell more than 0.3 bar within the last hour
//!   without being fast. Both clear once the tyre holds its pressure again.
//! - Axle temperature difference: the two wheel ends of one axle differ by more than the limit.
//! - Tyre status bits: 1 sensor fault, 2 repeater fault, 4 spray cooling on, 8 spray fault.

use std::collections::HashMap;

use smallvec::SmallVec;

use domain::enterprise::settings::Thresholds;
use domain::vehicle::alarms::{LEVEL_CRITICAL, LEVEL_WARNING, kind};

use crate::report::Report;

/// Cold reference temperature for pressure compensation, °C.
pub const COLD_C: f64 = 18.0;
/// A fall of cold pressure within an hour that counts as a slow leak, bar.
pub const SLOW_LEAK_BAR: f64 = 0.3;
const HOUR_MS: i64 = 3_600_000;
const FAST_LEAK_MIN_GAP_MS: i64 = 10_000;
const FAST_LEAK_MAX_GAP_MS: i64 = 15 * 60_000;

pub const STATUS_SENSOR_FAULT: i16 = 1;
pub const STATUS_REPEATER_FAULT: i16 = 2;
pub const STATUS_SPRAY_ON: i16 = 4;
pub const STATUS_SPRAY_FAULT: i16 = 8;

/// Supply voltage bands: 12 V and 24 V systems, V.
const LOW_12V: f64 = 11.5;
const LOW_24V: f64 = 22.5;

/// What a report says about one condition.
#[derive(Debug, Clone, PartialEq)]
pub enum Verdict {
    Raise {
        level: i16,
        value: f64,
        threshold: f64,
    },
    Clear,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Condition {
    /// A wheel position, or 0 for the vehicle.
    pub position: i32,
    pub kind: i16,
    pub verdict: Verdict,
}

/// Cold-equivalent pressure of a reading, bar.
pub fn cold_pressure(pressure: f64, temp: Option<f64>) -> f64 {
    temp.map_or(pressure, |t| {
        pressure * (273.15 + COLD_C) / (273.15 + t.clamp(-40.0, 150.0))
    })
}

/// What the evaluation remembers of one tyre between reports: the last reading and the
/// readings that can still be the highest of the last hour.
///
/// A reading followed by a higher (or equal) one can never again be the hour's highest, so it
/// is dropped on arrival of that one: what remains falls from oldest to newest and stays a few
/// entries long, where keeping every reading of the hour took ~120 per tyre (over 400 MB with
/// 30,000 vehicles reporting every 30 s). Those few entries live inline (200,000 tyres each
/// with a heap deque held ~30 MB); only a tyre losing air steadily spills to the heap, and
/// returns inline once its pressure holds.
#[derive(Debug, Clone, Default)]
pub struct TyreMemory {
    /// (device time ms, cold pressure bar), oldest first, pressures falling; the newest
    /// reading is last.
    candidates: SmallVec<[(i64, f64); 3]>,
}

impl TyreMemory {
    fn last(&self) -> Option<(i64, f64)> {
        self.candidates.last().copied()
    }

    /// The highest reading within the hour before `now`: the oldest candidate not older than
    /// that, since every reading between two candidates is at most the later one.
    fn highest_within_hour(&self, now: i64) -> Option<f64> {
        self.candidates
            .iter()
            .find(|(t, _)| now - t <= HOUR_MS)
            .map(|(_, p)| *p)
    }

    fn remember(&mut self, ts: i64, cold: f64) {
        while self.candidates.last().is_some_and(|(_, p)| *p <= cold) {
            self.candidates.pop();
        }
        self.candidates.push((ts, cold));
        let expired = self
            .candidates
            .iter()
            .take_while(|(t, _)| ts - t > HOUR_MS)
            .count();
        self.candidates.drain(..expired);
        if self.candidates.spilled() && self.candidates.len() <= self.candidates.inline_size() {
            self.candidates.shrink_to_fit();
        }
    }
}

/// Tyre memories of one vehicle by wheel position.
pub type VehicleMemory = HashMap<i32, TyreMemory>;

fn raise(position: i32, kind: i16, level: i16, value: f64, threshold: f64) -> Condition {
    Condition {
        position,
        kind,
        verdict: Verdict::Raise {
            level,
            value: (value * 100.0).round() / 100.0,
            threshold,
        },
    }
}

fn clear(position: i32, kind: i16) -> Condition {
    Condition {
        position,
        kind,
        verdict: Verdict::Clear,
    }
}

fn either(on: bool, position: i32, kind: i16, level: i16, value: f64, limit: f64) -> Condition {
    if on {
        raise(position, kind, level, value, limit)
    } else {
        clear(position, kind)
    }
}

/// The conditions a report shows. `limits` gives the thresholds of a wheel position's axle;
/// `memory` is updated with the report's tyres. Only what the report measured is judged:
/// a tyre missing from it changes nothing here (sensor loss is judged by time, elsewhere).
pub fn evaluate(
    report: &Report,
    limits: impl Fn(i32) -> Thresholds,
    memory: &mut VehicleMemory,
) -> Vec<Condition> {
    let mut out = Vec::new();
    for tyre in &report.tyres {
        let pos = tyre.pos;
        let t = limits(pos);
        if let Some(p) = tyre.pressure {
            let cold = cold_pressure(p, tyre.temp);
            out.push(either(
                cold > t.high_pressure,
                pos,
                kind::HIGH_PRESSURE,
                LEVEL_WARNING,
                cold,
                t.high_pressure,
            ));
            out.push(if cold < t.low_pressure_critical {
                raise(
                    pos,
                    kind::LOW_PRESSURE,
                    LEVEL_CRITICAL,
                    cold,
                    t.low_pressure_critical,
                )
            } else if cold < t.low_pressure_warning {
                raise(
                    pos,
                    kind::LOW_PRESSURE,
                    LEVEL_WARNING,
                    cold,
                    t.low_pressure_warning,
                )
            } else {
                clear(pos, kind::LOW_PRESSURE)
            });
            let mem = memory.entry(pos).or_default();
            if let Some((then, before)) = mem.last() {
                let gap = report.ts - then;
                if (FAST_LEAK_MIN_GAP_MS..=FAST_LEAK_MAX_GAP_MS).contains(&gap) {
                    #[allow(clippy::cast_precision_loss)]
                    let kpa_per_min = (before - cold) * 100.0 / (gap as f64 / 60_000.0);
                    out.push(either(
                        kpa_per_min > t.fast_leak_rate,
                        pos,
                        kind::FAST_LEAK,
                        LEVEL_CRITICAL,
                        kpa_per_min,
                        t.fast_leak_rate,
                    ));
                }
            }
            if let Some(high) = mem.highest_within_hour(report.ts) {
                let fall = high - cold;
                if fall > SLOW_LEAK_BAR {
                    out.push(raise(
                        pos,
                        kind::SLOW_LEAK,
                        LEVEL_WARNING,
                        fall,
                        SLOW_LEAK_BAR,
                    ));
                } else if cold >= t.standard_pressure * 0.95 {
                    out.push(clear(pos, kind::SLOW_LEAK));
                }
            }
            mem.remember(report.ts, cold);
        }
        if let Some(c) = tyre.temp {
            out.push(either(
                c > t.high_temperature,
                pos,
                kind::HIGH_TEMP,
                LEVEL_WARNING,
                c,
                t.high_temperature,
            ));
        }
        if let Some(b) = tyre.battery {
            let limit = f64::from(t.sensor_low_battery);
            out.push(either(
                b < limit,
                pos,
                kind::SENSOR_LOW_BATTERY,
                LEVEL_WARNING,
                b,
                limit,
            ));
        }
        if let Some(status) = tyre.status {
            let bit = |b: i16| status & b != 0;
            out.push(either(
                bit(STATUS_REPEATER_FAULT),
                pos,
                kind::REPEATER_FAULT,
                LEVEL_WARNING,
                f64::from(status),
                0.0,
            ));
            out.push(either(
                bit(STATUS_SPRAY_ON),
                pos,
                kind::SPRAY_SWITCH,
                LEVEL_WARNING,
                f64::from(status),
                0.0,
            ));
            out.push(either(
                bit(STATUS_SPRAY_FAULT),
                pos,
                kind::SPRAY_FAULT,
                LEVEL_CRITICAL,
                f64::from(status),
                0.0,
            ));
        }
    }
    for axle in &report.axles {
        let t = limits(axle.pos);
        let over = axle.temp > t.axle_high_temperature;
        let level = if axle.temp > t.axle_high_temperature + 20.0 {
            LEVEL_CRITICAL
        } else {
            LEVEL_WARNING
        };
        out.push(either(
            over,
            axle.pos,
            kind::AXLE_HIGH_TEMP,
            level,
            axle.temp,
            t.axle_high_temperature,
        ));
    }
    // Partner wheel ends: left (x1) against right (x2) of each axle, judged at the left one.
    for left in report.axles.iter().filter(|a| a.pos % 10 == 1) {
        if let Some(right) = report.axles.iter().find(|a| a.pos == left.pos + 1) {
            let t = limits(left.pos);
            let diff = (left.temp - right.temp).abs();
            out.push(either(
                diff > t.axle_temp_difference,
                left.pos,
                kind::AXLE_TEMP_DIFFERENCE,
                LEVEL_WARNING,
                diff,
                t.axle_temp_difference,
            ));
        }
    }
    if let Some(v) = report.power.filter(|v| *v > 0.0) {
        let limit = if v > 16.0 { LOW_24V } else { LOW_12V };
        out.push(either(v < limit, 0, kind::POWER, LEVEL_WARNING, v, limit));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::{AxleReading, TyreReading};
    use domain::enterprise::settings::defaults;

    const T0: i64 = 1_795_000_000_000;

    fn tyre(pos: i32, pressure: f64, temp: f64) -> TyreReading {
        TyreReading {
            pos,
            sensor_id: None,
            pressure: Some(pressure),
            temp: Some(temp),
            battery: Some(80.0),
            status: Some(0),
        }
    }

    fn report(ts: i64, tyres: Vec<TyreReading>, axles: Vec<(i32, f64)>) -> Report {
        Report {
            imei: "860000000000001".into(),
            ts,
            gps: None,
            tyres,
            axles: axles
                .into_iter()
                .map(|(pos, temp)| AxleReading { pos, temp })
                .collect(),
            power: Some(26.0),
            signal: None,
        }
    }

    fn raised(conditions: &[Condition]) -> Vec<(i32, i16, i16)> {
        conditions
            .iter()
            .filter_map(|c| match c.verdict {
                Verdict::Raise { level, .. } => Some((c.position, c.kind, level)),
                Verdict::Clear => None,
            })
            .collect()
    }

    fn limits(pos: i32) -> Thresholds {
        defaults(if pos / 10 == 1 { "steer" } else { "drive" })
    }

    #[test]
    fn a_healthy_vehicle_clears_everything_it_measures() {
        let mut memory = VehicleMemory::new();
        let out = evaluate(
            &report(T0, vec![tyre(11, 9.0, 18.0)], vec![(11, 60.0), (12, 58.0)]),
            limits,
            &mut memory,
        );
        assert!(raised(&out).is_empty(), "{out:?}");
        assert!(out.contains(&clear(11, kind::LOW_PRESSURE)));
        assert!(out.contains(&clear(11, kind::AXLE_TEMP_DIFFERENCE)));
    }

    #[test]
    fn pressure_is_judged_cold() {
        let mut memory = VehicleMemory::new();
        // 10.9 bar at 70 °C is 9.2 bar cold: fine for a steer tyre (high at 10.8).
        let hot = evaluate(
            &report(T0, vec![tyre(11, 10.9, 70.0)], vec![]),
            limits,
            &mut memory,
        );
        assert!(raised(&hot).is_empty(), "{hot:?}");
        // 7.2 bar cold on a drive tyre (warning 7.2, critical 6.4) → warning at 7.1.
        let low = evaluate(
            &report(T0 + 60_000, vec![tyre(21, 7.1, 18.0)], vec![]),
            limits,
            &mut memory,
        );
        assert_eq!(raised(&low), [(21, kind::LOW_PRESSURE, LEVEL_WARNING)]);
        let flat = evaluate(
            &report(T0 + 120_000, vec![tyre(22, 5.0, 18.0)], vec![]),
            limits,
            &mut memory,
        );
        assert_eq!(raised(&flat), [(22, kind::LOW_PRESSURE, LEVEL_CRITICAL)]);
    }

    #[test]
    fn leaks_fast_and_slow() {
        let mut memory = VehicleMemory::new();
        evaluate(
            &report(T0, vec![tyre(21, 8.5, 18.0)], vec![]),
            limits,
            &mut memory,
        );
        // 0.5 bar in one minute = 50 kPa/min > 20.
        let fast = evaluate(
            &report(T0 + 60_000, vec![tyre(21, 8.0, 18.0)], vec![]),
            limits,
            &mut memory,
        );
        assert!(raised(&fast).contains(&(21, kind::FAST_LEAK, LEVEL_CRITICAL)));
        assert!(raised(&fast).contains(&(21, kind::SLOW_LEAK, LEVEL_WARNING)));

        // 0.07 bar every 5 minutes: never fast, slow once 0.3 bar is gone within the hour.
        let mut memory = VehicleMemory::new();
        let mut slow_at = None;
        for step in 0..12 {
            let p = 8.5 - 0.07 * f64::from(step);
            let out = evaluate(
                &report(
                    T0 + i64::from(step) * 300_000,
                    vec![tyre(31, p, 18.0)],
                    vec![],
                ),
                limits,
                &mut memory,
            );
            assert!(!raised(&out).iter().any(|r| r.1 == kind::FAST_LEAK));
            if slow_at.is_none() && raised(&out).iter().any(|r| r.1 == kind::SLOW_LEAK) {
                slow_at = Some(step);
            }
        }
        assert_eq!(slow_at, Some(5), "0.35 bar gone after 5 steps");
        // Refilled: the leak alarms clear.
        let refilled = evaluate(
            &report(T0 + 13 * 300_000, vec![tyre(31, 8.5, 18.0)], vec![]),
            limits,
            &mut memory,
        );
        assert!(refilled.contains(&clear(31, kind::SLOW_LEAK)));
        assert!(refilled.contains(&clear(31, kind::FAST_LEAK)));
    }

    #[test]
    fn the_hours_highest_is_kept_without_keeping_the_hour() {
        let mut memory = TyreMemory::default();
        let mut every = Vec::new();
        let mut seed: u64 = 7;
        // Three hours of a reading every 30 s, pressures wandering between 8 and 9 bar.
        for step in 0..360 {
            seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
            #[allow(clippy::cast_precision_loss)]
            let p = 8.0 + (seed >> 40) as f64 / f64::from(1u32 << 24);
            let ts = T0 + step * 30_000;
            let expected = every
                .iter()
                .filter(|(t, _)| ts - t <= HOUR_MS)
                .map(|(_, p): &(i64, f64)| *p)
                .reduce(f64::max);
            assert_eq!(memory.highest_within_hour(ts), expected, "step {step}");
            memory.remember(ts, p);
            every.push((ts, p));
            assert_eq!(memory.last(), Some((ts, p)));
            assert!(memory.candidates.len() <= 20, "{}", memory.candidates.len());
        }
    }

    #[test]
    fn a_steady_leak_is_remembered_whole_and_given_back_once_the_tyre_holds() {
        let mut memory = TyreMemory::default();
        // An hour of a reading every 30 s, each lower than the one before.
        for step in 0..120 {
            memory.remember(
                T0 + step * 30_000,
                9.0 - 0.005 * f64::from(u32::try_from(step).unwrap()),
            );
        }
        assert_eq!(memory.candidates.len(), 120);
        assert_eq!(memory.highest_within_hour(T0 + 119 * 30_000), Some(9.0));
        // Refilled: one reading above all the others is the hour's only candidate.
        memory.remember(T0 + 120 * 30_000, 9.5);
        assert_eq!(memory.candidates.len(), 1);
        assert!(!memory.candidates.spilled());
    }

    #[test]
    fn hot_tyres_hot_hubs_and_partner_differences() {
        let mut memory = VehicleMemory::new();
        let out = evaluate(
            &report(
                T0,
                vec![tyre(21, 9.6, 90.0)],
                vec![(21, 104.0), (22, 60.0), (31, 125.0), (32, 121.0)],
            ),
            limits,
            &mut memory,
        );
        let r = raised(&out);
        assert!(r.contains(&(21, kind::HIGH_TEMP, LEVEL_WARNING)));
        assert!(r.contains(&(21, kind::AXLE_HIGH_TEMP, LEVEL_WARNING)));
        assert!(r.contains(&(31, kind::AXLE_HIGH_TEMP, LEVEL_CRITICAL)));
        assert!(r.contains(&(21, kind::AXLE_TEMP_DIFFERENCE, LEVEL_WARNING)));
        assert!(!r.contains(&(31, kind::AXLE_TEMP_DIFFERENCE, LEVEL_WARNING)));
    }

    #[test]
    fn battery_status_bits_and_supply() {
        let mut memory = VehicleMemory::new();
        let mut weak = tyre(11, 9.0, 20.0);
        weak.battery = Some(12.0);
        weak.status = Some(STATUS_REPEATER_FAULT | STATUS_SPRAY_ON);
        let mut r = report(T0, vec![weak], vec![]);
        r.power = Some(21.0);
        let out = raised(&evaluate(&r, limits, &mut memory));
        for k in [
            kind::SENSOR_LOW_BATTERY,
            kind::REPEATER_FAULT,
            kind::SPRAY_SWITCH,
        ] {
            assert!(out.iter().any(|c| c.1 == k), "{k}: {out:?}");
        }
        assert!(out.contains(&(0, kind::POWER, LEVEL_WARNING)));
        assert!(!out.iter().any(|c| c.1 == kind::SPRAY_FAULT));
    }
}
