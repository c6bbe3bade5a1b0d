//! The demo fleet's physics: trucks driving between real Chinese logistics hubs, with tyre
//! pressure and temperature that follow speed and load, and the faults the alarms exist for
//! (slow and fast leaks, over-inflation, hot tyres, overheating hubs, sensors dropping out or
//! running flat, devices going offline). It only produces [`Report`]s; the runner sends them
//! through the same ingestion paths devices use.

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

use crate::conditions::{STATUS_REPEATER_FAULT, STATUS_SPRAY_FAULT, STATUS_SPRAY_ON};
use crate::report::{AxleReading, Gps, Report, TyreReading};

/// A logistics hub: name, latitude, longitude (WGS-84).
pub struct Hub(pub &'static str, pub f64, pub f64);

/// Freight hubs and big distribution centres across China.
pub const HUBS: [Hub; 24] = [
    Hub("Shanghai Waigaoqiao", 31.3562, 121.5911),
    Hub("Beijing Majuqiao", 39.7481, 116.5547),
    Hub("Guangzhou Baiyun", 23.3924, 113.2988),
    Hub("Shenzhen Pinghu", 22.6955, 114.1265),
    Hub("Chengdu Qingbaijiang", 30.8784, 104.2516),
    Hub("Wuhan Yangluo", 30.6375, 114.5336),
    Hub("Zhengzhou Putian", 34.6547, 113.6880),
    Hub("Xi'an Xinzhu", 34.4021, 109.1230),
    Hub("Hangzhou Xiasha", 30.3006, 120.3342),
    Hub("Nanjing Longtan", 32.1632, 119.0332),
    Hub("Tianjin Dongjiang", 38.9765, 117.8207),
    Hub("Chongqing Tuanjiecun", 29.6147, 106.4135),
    Hub("Changsha Jinxia", 28.3148, 112.9378),
    Hub("Jinan Gaoxin", 36.6823, 117.1937),
    Hub("Shenyang Sujiatun", 41.6647, 123.3418),
    Hub("Kunming Wangjiaying", 24.9503, 102.7760),
    Hub("Hefei Shushan", 31.8206, 117.1703),
    Hub("Xiamen Haicang", 24.4843, 118.0328),
    Hub("Urumqi Santunbei", 43.8886, 87.5570),
    Hub("Harbin Xiangfang", 45.7080, 126.7053),
    Hub("Lanzhou Heping", 36.0000, 103.9150),
    Hub("Nanning Shajing", 22.7523, 108.2810),
    Hub("Shijiazhuang Zhengding", 38.1466, 114.5703),
    Hub("Qingdao Qianwan", 36.0139, 120.1906),
];

/// Earth radius used for distances in this product (console-spec §9), metres.
pub const EARTH_RADIUS_M: f64 = 6_378_137.0;

/// Great-circle distance between two points, metres.
pub fn distance_m(lat1: f64, lon1: f64, lat2: f64, lon2: f64) -> f64 {
    let (p1, p2) = (lat1.to_radians(), lat2.to_radians());
    let dp = p2 - p1;
    let dl = (lon2 - lon1).to_radians();
    let a = (dp / 2.0).sin().powi(2) + p1.cos() * p2.cos() * (dl / 2.0).sin().powi(2);
    2.0 * EARTH_RADIUS_M * a.sqrt().asin()
}

/// Initial bearing from one point to another, degrees clockwise from north.
fn bearing(lat1: f64, lon1: f64, lat2: f64, lon2: f64) -> f64 {
    let (p1, p2) = (lat1.to_radians(), lat2.to_radians());
    let dl = (lon2 - lon1).to_radians();
    let y = dl.sin() * p2.cos();
    let x = p1.cos() * p2.sin() - p1.sin() * p2.cos() * dl.cos();
    (y.atan2(x).to_degrees() + 360.0) % 360.0
}

/// Cold inflation reference temperature, °C.
const COLD_C: f64 = 18.0;
/// Above this tyre temperature the spray cooler switches on, °C.
const SPRAY_ON_C: f64 = 65.0;
const AMBIENT_C: f64 = 20.0;
const MINUTE_MS: i64 = 60_000;

/// A device the simulator drives, and its vehicle's axle layout (wheels per axle).
#[derive(Debug, Clone)]
pub struct SimDevice {
    pub imei: String,
    pub layout: Vec<u8>,
}

#[derive(Debug, Clone)]
struct Tyre {
    pos: i32,
    sensor: String,
    /// Cold pressure it was set to, bar.
    nominal: f64,
    /// Air in the tyre as cold pressure, bar (leaks lower it).
    cold: f64,
    temp: f64,
    battery: f64,
    /// bar per minute.
    leak: f64,
    /// Extra heat from a dragging brake or an under-inflated tyre, °C.
    heat: f64,
    silent_until: i64,
    /// The repeater relaying this sensor fails until then.
    repeater_fault_until: i64,
    /// The spray cooler of this wheel is broken (until the depot fixes it).
    spray_fault: bool,
}

#[derive(Debug, Clone)]
struct WheelEnd {
    pos: i32,
    /// What braking and speed make it, °C.
    temp: f64,
    /// Heat of a failing bearing or dragging brake on top, °C; grows by `rise` per minute.
    excess: f64,
    rise: f64,
}

#[derive(Debug, Clone)]
struct Trip {
    points: Vec<(f64, f64)>,
    /// Cumulative distance at each point, metres.
    at: Vec<f64>,
    done_m: f64,
}

impl Trip {
    fn length(&self) -> f64 {
        self.at.last().copied().unwrap_or_default()
    }

    /// Position and heading after `done_m` metres.
    fn locate(&self) -> (f64, f64, f64) {
        let i = self
            .at
            .iter()
            .position(|d| *d > self.done_m)
            .unwrap_or(self.at.len() - 1)
            .max(1);
        let (a, b) = (self.points[i - 1], self.points[i]);
        let span = (self.at[i] - self.at[i - 1]).max(1.0);
        let f = ((self.done_m - self.at[i - 1]) / span).clamp(0.0, 1.0);
        (
            a.0 + (b.0 - a.0) * f,
            a.1 + (b.1 - a.1) * f,
            bearing(a.0, a.1, b.0, b.1),
        )
    }
}

#[derive(Debug, Clone)]
struct Vehicle {
    device: SimDevice,
    hub: usize,
    trip: Option<Trip>,
    /// Parked at a hub until then.
    parked_until: i64,
    speed: f64,
    tyres: Vec<Tyre>,
    wheel_ends: Vec<WheelEnd>,
    offline_until: i64,
    next_report: i64,
    last_step: i64,
    voltage: f64,
    /// The supply sags (a failing alternator or battery) until then.
    sag_until: i64,
}

/// Chances per vehicle per hour of each fault starting.
#[derive(Debug, Clone, Copy)]
pub struct FaultRates {
    pub slow_leak: f64,
    pub fast_leak: f64,
    pub over_inflation: f64,
    pub hot_tyre: f64,
    pub hub_overheat: f64,
    pub sensor_dropout: f64,
    pub offline: f64,
    pub repeater_fault: f64,
    pub spray_fault: f64,
    pub supply_sag: f64,
}

impl Default for FaultRates {
    /// Often enough that a demo of 200 vehicles shows every alarm kind within minutes.
    fn default() -> Self {
        Self {
            slow_leak: 0.04,
            fast_leak: 0.01,
            over_inflation: 0.01,
            hot_tyre: 0.02,
            hub_overheat: 0.02,
            sensor_dropout: 0.04,
            offline: 0.01,
            repeater_fault: 0.01,
            spray_fault: 0.01,
            supply_sag: 0.01,
        }
    }
}

pub struct Simulation {
    rng: StdRng,
    vehicles: Vec<Vehicle>,
    /// How often each device reports while online, ms.
    interval_ms: i64,
    rates: FaultRates,
}

impl Simulation {
    /// A fleet parked at random hubs at `start_ms`; each device reports every `interval_ms`,
    /// staggered so they do not all report at once.
    pub fn new(devices: Vec<SimDevice>, seed: u64, start_ms: i64, interval_ms: i64) -> Self {
        let mut rng = StdRng::seed_from_u64(seed);
        let interval_ms = interval_ms.max(1000);
        let vehicles = devices
            .into_iter()
            .enumerate()
            .map(|(n, device)| {
                let tyres = device
                    .layout
                    .iter()
                    .enumerate()
                    .flat_map(|(axle, wheels)| (1..=*wheels).map(move |w| (axle, w)))
                    .map(|(axle, wheel)| {
                        // Steer tyres run a little higher than drive and trailer tyres.
                        let nominal = if axle == 0 { 9.0 } else { 8.5 };
                        Tyre {
                            pos: i32::try_from(axle + 1).unwrap_or(1) * 10 + i32::from(wheel),
                            sensor: format!("{:06x}", rng.random_range(0..0xff_ffff_u32)),
                            nominal,
                            cold: nominal + rng.random_range(-0.2..0.2),
                            temp: AMBIENT_C,
                            battery: if rng.random_bool(0.02) {
                                rng.random_range(3.0..9.0)
                            } else {
                                rng.random_range(40.0..100.0)
                            },
                            leak: 0.0,
                            heat: 0.0,
                            silent_until: 0,
                            repeater_fault_until: 0,
                            spray_fault: false,
                        }
                    })
                    .collect();
                let wheel_ends = (1..=device.layout.len())
                    .flat_map(|axle| {
                        let axle = i32::try_from(axle).unwrap_or(1);
                        [axle * 10 + 1, axle * 10 + 2]
                    })
                    .map(|pos| WheelEnd {
                        pos,
                        temp: AMBIENT_C,
                        excess: 0.0,
                        rise: 0.0,
                    })
                    .collect();
                let stagger = i64::try_from(n).unwrap_or_default() * 997 % interval_ms;
                Vehicle {
                    device,
                    hub: rng.random_range(0..HUBS.len()),
                    trip: None,
                    parked_until: start_ms + rng.random_range(0..20 * MINUTE_MS),
                    speed: 0.0,
                    tyres,
                    wheel_ends,
                    offline_until: 0,
                    next_report: start_ms + stagger,
                    last_step: start_ms,
                    voltage: rng.random_range(24.5..28.0),
                    sag_until: 0,
                }
            })
            .collect();
        Self {
            rng,
            vehicles,
            interval_ms,
            rates: FaultRates::default(),
        }
    }

    /// Answers the reports that fall due at `now_ms`. A vehicle is moved on only when it
    /// reports: the model is continuous in time (distances, warming and fault chances scale
    /// with the elapsed minutes), so one step per report equals many small ones, and a fleet
    /// of 30,000 costs its reports, not 30,000 updates per tick.
    pub fn step(&mut self, now_ms: i64) -> Vec<Report> {
        let mut reports = Vec::new();
        for v in &mut self.vehicles {
            if now_ms >= v.next_report {
                advance(v, now_ms, &mut self.rng, self.rates);
                v.next_report = now_ms + self.interval_ms;
                if now_ms >= v.offline_until {
                    reports.push(report_of(v, now_ms));
                }
            }
        }
        reports
    }
}

/// Whether an event with `per_hour` chance happens in `minutes`.
fn chance(rng: &mut StdRng, per_hour: f64, minutes: f64) -> bool {
    rng.random_bool((per_hour * minutes / 60.0).clamp(0.0, 1.0))
}

fn plan_trip(rng: &mut StdRng, from: usize) -> (usize, Trip) {
    let mut to = rng.random_range(0..HUBS.len());
    if to == from {
        to = (to + 1) % HUBS.len();
    }
    let (a, b) = (&HUBS[from], &HUBS[to]);
    // Roads bend: a few waypoints pushed off the straight line.
    let bends = rng.random_range(3..7);
    let mut points = vec![(a.1, a.2)];
    for k in 1..bends {
        let f = f64::from(k) / f64::from(bends);
        let off = rng.random_range(-0.04..0.04);
        points.push((
            a.1 + (b.1 - a.1) * f - (b.2 - a.2) * off,
            a.2 + (b.2 - a.2) * f + (b.1 - a.1) * off,
        ));
    }
    points.push((b.1, b.2));
    let mut at = vec![0.0];
    for w in points.windows(2) {
        let last = at.last().copied().unwrap_or_default();
        at.push(last + distance_m(w[0].0, w[0].1, w[1].0, w[1].1));
    }
    (
        to,
        Trip {
            points,
            at,
            done_m: 0.0,
        },
    )
}

fn advance(v: &mut Vehicle, now: i64, rng: &mut StdRng, rates: FaultRates) {
    let dt_ms = (now - v.last_step).max(0);
    v.last_step = now;
    if dt_ms == 0 {
        return;
    }
    #[allow(clippy::cast_precision_loss)]
    let minutes = dt_ms as f64 / 60_000.0;

    // Driving: leave the hub when the stop is over, arrive, park for 20–90 minutes.
    if v.trip.is_none() && now >= v.parked_until {
        let (to, trip) = plan_trip(rng, v.hub);
        v.hub = to;
        v.trip = Some(trip);
    }
    if let Some(trip) = &mut v.trip {
        let target: f64 = rng.random_range(55.0..88.0);
        v.speed = (v.speed + (target - v.speed) * 0.3).clamp(0.0, 95.0);
        trip.done_m += v.speed / 3.6 * (minutes * 60.0);
        if trip.done_m >= trip.length() {
            v.trip = None;
            v.speed = 0.0;
            v.parked_until = now + rng.random_range(20..90) * MINUTE_MS;
            // The depot fixes what it finds.
            for t in &mut v.tyres {
                if t.leak > 0.0 || t.cold < t.nominal * 0.8 || t.cold > t.nominal * 1.1 {
                    t.leak = 0.0;
                    t.cold = t.nominal;
                }
                t.heat = 0.0;
                t.spray_fault = false;
            }
            for w in &mut v.wheel_ends {
                w.rise = 0.0;
                w.excess = 0.0;
            }
        }
    } else {
        v.speed = 0.0;
    }

    // Faults start.
    let driving = v.speed > 1.0;
    if chance(rng, rates.offline, minutes) {
        v.offline_until = now + rng.random_range(35..60) * MINUTE_MS;
    }
    let tyre_count = v.tyres.len().max(1);
    let pick = |rng: &mut StdRng| rng.random_range(0..tyre_count);
    if chance(rng, rates.slow_leak, minutes) {
        let i = pick(rng);
        v.tyres[i].leak = rng.random_range(0.01..0.03);
    }
    if driving && chance(rng, rates.fast_leak, minutes) {
        let i = pick(rng);
        v.tyres[i].leak = rng.random_range(0.3..0.8);
    }
    if chance(rng, rates.over_inflation, minutes) {
        let i = pick(rng);
        v.tyres[i].cold = v.tyres[i].nominal * rng.random_range(1.22..1.3);
    }
    if driving && chance(rng, rates.hot_tyre, minutes) {
        let i = pick(rng);
        v.tyres[i].heat = rng.random_range(45.0..60.0);
    }
    if driving && chance(rng, rates.hub_overheat, minutes) {
        let i = rng.random_range(0..v.wheel_ends.len().max(1));
        if let Some(w) = v.wheel_ends.get_mut(i) {
            w.rise = rng.random_range(2.0..4.0);
        }
    }
    if chance(rng, rates.sensor_dropout, minutes) {
        let i = pick(rng);
        v.tyres[i].silent_until = now + rng.random_range(10..40) * MINUTE_MS;
    }
    if chance(rng, rates.repeater_fault, minutes) {
        let i = pick(rng);
        v.tyres[i].repeater_fault_until = now + rng.random_range(10..30) * MINUTE_MS;
    }
    if chance(rng, rates.spray_fault, minutes) {
        let i = pick(rng);
        v.tyres[i].spray_fault = true;
    }
    if chance(rng, rates.supply_sag, minutes) {
        v.sag_until = now + rng.random_range(10..30) * MINUTE_MS;
    }

    // Physics: tyres warm towards a speed-dependent temperature; pressure follows the gas law
    // from the cold pressure; wheel ends warm with braking and any failing bearing.
    let warm = 1.0 - (-minutes / 8.0).exp();
    let speed_heat = v.speed / 90.0 * 28.0;
    for t in &mut v.tyres {
        t.cold = (t.cold - t.leak * minutes).max(0.0);
        let under = ((t.nominal - t.cold) / t.nominal).max(0.0) * 40.0;
        let target = AMBIENT_C + speed_heat + t.heat + if driving { under } else { 0.0 };
        t.temp += (target - t.temp) * warm;
        t.battery = (t.battery - 0.0001 * minutes).max(0.0);
    }
    for w in &mut v.wheel_ends {
        let target = AMBIENT_C + speed_heat * 1.4;
        w.temp += (target - w.temp) * warm;
        w.excess = (w.excess + w.rise * minutes).min(200.0);
    }
    v.voltage = (v.voltage + rng.random_range(-0.05..0.05)).clamp(23.0, 28.5);
}

fn round(value: f64, places: i32) -> f64 {
    let f = 10_f64.powi(places);
    (value * f).round() / f
}

fn report_of(v: &Vehicle, now: i64) -> Report {
    let (lat, lon, direction) = v.trip.as_ref().map_or_else(
        || {
            let hub = &HUBS[v.hub];
            (hub.1, hub.2, 0.0)
        },
        Trip::locate,
    );
    Report {
        imei: v.device.imei.clone(),
        ts: now,
        gps: Some(Gps {
            lat: round(lat, 6),
            lon: round(lon, 6),
            speed: round(v.speed, 1),
            direction: round(direction, 0),
        }),
        tyres: v
            .tyres
            .iter()
            .filter(|t| now >= t.silent_until)
            .map(|t| TyreReading {
                pos: t.pos,
                sensor_id: Some(t.sensor.clone()),
                pressure: Some(round(t.cold * (273.15 + t.temp) / (273.15 + COLD_C), 2)),
                temp: Some(round(t.temp, 1)),
                battery: Some(round(t.battery, 0)),
                status: Some(tyre_status(t, now)),
            })
            .collect(),
        axles: v
            .wheel_ends
            .iter()
            .map(|w| AxleReading {
                pos: w.pos,
                temp: round(w.temp + w.excess, 1),
            })
            .collect(),
        power: Some(round(
            if now < v.sag_until {
                // Below the 24 V system's 22.5 V warning, still recognisably a 24 V supply.
                v.voltage - 6.5
            } else {
                v.voltage
            },
            1,
        )),
        signal: Some(24),
    }
}

/// The status bits a tyre's sensor reports (see `conditions`).
fn tyre_status(t: &Tyre, now: i64) -> i16 {
    let mut status = 0;
    if now < t.repeater_fault_until {
        status |= STATUS_REPEATER_FAULT;
    }
    if t.temp > SPRAY_ON_C {
        status |= STATUS_SPRAY_ON;
    }
    if t.spray_fault {
        status |= STATUS_SPRAY_FAULT;
    }
    status
}

#[cfg(test)]
mod tests {
    use std::collections::{HashMap, HashSet};

    use super::*;

    /// A device silent this long counts as offline (docs/fleet-data.md).
    const OFFLINE_AFTER_MS: f64 = 30.0 * 60_000.0;

    fn fleet(n: usize) -> Vec<SimDevice> {
        (0..n)
            .map(|i| SimDevice {
                imei: format!("86{i:013}"),
                layout: vec![2, 4, 4],
            })
            .collect()
    }

    #[test]
    fn distances_use_the_products_earth_radius() {
        let (sh, bj) = (&HUBS[0], &HUBS[1]);
        let d = distance_m(sh.1, sh.2, bj.1, bj.2);
        assert!((1_030_000.0..1_050_000.0).contains(&d), "{d}");
        assert!(distance_m(31.0, 121.0, 31.0, 121.0).abs() < f64::EPSILON);
    }

    #[test]
    fn a_simulated_day_shows_every_fault_and_only_valid_reports() {
        let start = 1_795_000_000_000;
        let mut sim = Simulation::new(fleet(200), 7, start, 30_000);
        let mut seen: HashSet<&str> = HashSet::new();
        let mut last_report: HashMap<String, i64> = HashMap::new();
        let mut reports = 0;
        let mut moved = 0;
        for minute in 1..=(24 * 60) {
            let now = start + minute * MINUTE_MS;
            for r in sim.step(now) {
                reports += 1;
                r.check(now).expect("the simulator sends valid reports");
                let gps = r.gps.as_ref().unwrap();
                assert!((18.0..54.0).contains(&gps.lat) && (73.0..136.0).contains(&gps.lon));
                if gps.speed > 0.0 {
                    moved += 1;
                }
                if let Some(prev) = last_report.insert(r.imei.clone(), r.ts)
                    && (r.ts - prev) as f64 > OFFLINE_AFTER_MS
                {
                    seen.insert("offline");
                }
                if r.tyres.len() < 10 {
                    seen.insert("sensor lost");
                }
                for t in &r.tyres {
                    let (p, c, b) = (t.pressure.unwrap(), t.temp.unwrap(), t.battery.unwrap());
                    if p < 6.5 {
                        seen.insert("low pressure");
                    }
                    if p > 10.8 {
                        seen.insert("high pressure");
                    }
                    if c > 75.0 {
                        seen.insert("high temperature");
                    }
                    if b < 10.0 {
                        seen.insert("low battery");
                    }
                }
                if r.axles.iter().any(|a| a.temp > 110.0) {
                    seen.insert("hub overheating");
                }
                for (bit, name) in [
                    (STATUS_REPEATER_FAULT, "repeater fault"),
                    (STATUS_SPRAY_ON, "spray on"),
                    (STATUS_SPRAY_FAULT, "spray fault"),
                ] {
                    if r.tyres.iter().any(|t| t.status.unwrap() & bit != 0) {
                        seen.insert(name);
                    }
                }
                if r.power.unwrap() < 22.5 {
                    seen.insert("low supply");
                }
            }
        }
        // 200 devices every 30 s for a day, minus offline spells; a minute step sends 2 per
        // device per minute at most once per step, so about one per minute each.
        assert!(reports > 200 * 1000, "{reports}");
        assert!(
            moved > reports / 3,
            "most of the fleet drives: {moved}/{reports}"
        );
        for kind in [
            "offline",
            "sensor lost",
            "low pressure",
            "high pressure",
            "high temperature",
            "low battery",
            "hub overheating",
            "repeater fault",
            "spray on",
            "spray fault",
            "low supply",
        ] {
            assert!(seen.contains(kind), "{kind} never happened: {seen:?}");
        }
    }

    #[test]
    fn the_same_seed_gives_the_same_fleet() {
        let run = |seed| {
            let mut sim = Simulation::new(fleet(5), seed, 0, 30_000);
            (1..=30)
                .flat_map(|m| sim.step(m * MINUTE_MS))
                .collect::<Vec<_>>()
        };
        assert_eq!(run(3), run(3));
        assert_ne!(run(3), run(4));
    }
}
