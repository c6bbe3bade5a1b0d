//! Fleet report benchmark (issue 17): the app on a fresh database (SQLite unless
//! `TEST_DATABASE_URL` is set) holding `REPORT_BENCH_VEHICLES` vehicles (default 30,000, in two
//! enterprises) × `REPORT_BENCH_DAYS` finished days (default 90) of roll-ups, while a fleet of
//! `REPORT_BENCH_FLEET` simulated vehicles (default 30,000) reports every 30 s. Prints p50/p95
//! of each `/dataReport` read over 30 days (and the monthly report), and what the finished-days
//! follower costs per vehicle-day of a receiver reporting every 30 s (positions and six
//! wheels), beside what ingesting that vehicle-day costs.
//!
//! `cargo run --release -p wheelend-tests --example report_bench`

use std::time::Instant;

use chrono::{Datelike, Duration, NaiveDate, Utc};
use entities::wheel_values::{self, AXLE, TYRE, WheelValue};
use entities::{daily_mileage, day_alarm, position, vehicle, wheel_frame};
use sea_orm::{ConnectionTrait, EntityTrait, Set, TransactionTrait};
use serde_json::json;
use wheelend_tests::{
    TestApp, measure_call, report_fleet, settle_after_bulk_load, spawn_app, tenants,
};

const FIRST_VEHICLE: i64 = 5_000_000;
const ROUNDS: usize = 20;
/// Vehicles whose full day of history the follower derives.
const DERIVED: i64 = 50;
/// A report every 30 s.
const REPORTS_PER_DAY: i64 = 2880;
/// The ingestion budget per report at 20,000 reports/s on this machine (`ingest_bench`).
const INGEST_US_PER_REPORT: f64 = 50.0;

async fn seed_vehicles(app: &TestApp, enterprises: [i64; 2], vehicles: i64) {
    let now = Utc::now();
    let rows: Vec<vehicle::ActiveModel> = (0..vehicles)
        .map(|n| vehicle::ActiveModel {
            id: Set(FIRST_VEHICLE + n),
            enterprise_id: Set(enterprises[usize::from(n % 3 == 0)]),
            plate: Set(format!("RPT{n:05}")),
            vin: Set(String::new()),
            kind: Set(0),
            device_type_id: Set(0),
            head_img_url: Set(String::new()),
            axle_layout: Set("2,4".into()),
            install_state: Set(1),
            power_supply: Set(0),
            recharge: Set(false),
            remark: Set(String::new()),
            created_at: Set(now),
            updated_at: Set(now),
            ..Default::default()
        })
        .collect();
    for chunk in rows.chunks(2000) {
        vehicle::Entity::insert_many(chunk.to_vec())
            .exec_without_returning(&app.state.db)
            .await
            .expect("vehicles");
    }
}

/// Roll-ups as the follower leaves them: a row per vehicle-day, alarms on one vehicle-day in
/// eight, and the enterprise-days summed from them.
async fn seed_rollups(app: &TestApp, enterprises: [i64; 2], vehicles: i64, days: &[NaiveDate]) {
    let started = Instant::now();
    let db = &app.state.db;
    for (nth, day) in (1_i32..).zip(days) {
        let txn = db.begin().await.expect("a transaction");
        let mut rows = Vec::with_capacity(usize::try_from(vehicles).unwrap_or(0));
        let mut alarms = Vec::new();
        for n in 0..vehicles {
            let enterprise_id = enterprises[usize::from(n % 3 == 0)];
            let raised = i32::from((n + i64::from(day.ordinal())) % 8 == 0);
            #[allow(clippy::cast_precision_loss)]
            rows.push(daily_mileage::ActiveModel {
                vehicle_id: Set(FIRST_VEHICLE + n),
                day: Set(*day),
                km: Set(300.0 + (n % 200) as f64),
                driving_seconds: Set(8 * 3600),
                enterprise_id: Set(Some(enterprise_id)),
                fixes: Set(2880),
                frames: Set(2880),
                max_tyre_temp: Set(Some(40.0 + (n % 30) as f64)),
                max_hub_temp: Set(Some(60.0 + (n % 50) as f64)),
                max_hub_diff: Set(Some((n % 30) as f64)),
                min_pressure: Set(Some(8.0 - (n % 20) as f64 * 0.1)),
                offline_seconds: Set(if n % 10 == 0 { 3600 } else { 0 }),
                alarms: Set(raised),
                // the same km every day (days are seeded in order)
                odo_km: Set(f64::from(nth) * (300.0 + (n % 200) as f64)),
            });
            if raised > 0 {
                #[allow(clippy::cast_possible_truncation)]
                alarms.push(day_alarm::ActiveModel {
                    vehicle_id: Set(FIRST_VEHICLE + n),
                    day: Set(*day),
                    enterprise_id: Set(enterprise_id),
                    kind: Set((n % 12 + 1) as i16),
                    level: Set((n % 2 + 1) as i16),
                    hour: Set((n % 24) as i16),
                    count: Set(1),
                });
            }
        }
        for chunk in rows.chunks(1500) {
            daily_mileage::Entity::insert_many(chunk.to_vec())
                .exec_without_returning(&txn)
                .await
                .expect("vehicle-days");
        }
        for chunk in alarms.chunks(1500) {
            day_alarm::Entity::insert_many(chunk.to_vec())
                .exec_without_returning(&txn)
                .await
                .expect("alarms");
        }
        txn.commit().await.expect("commit");
    }
    for sql in [
        "INSERT INTO enterprise_days (enterprise_id, day, vehicles, km, driving_seconds, fixes, \
         max_tyre_temp, max_hub_temp, min_pressure, offline_seconds, alarms) \
         SELECT enterprise_id, day, COUNT(*), SUM(km), SUM(driving_seconds), SUM(fixes), \
         MAX(max_tyre_temp), MAX(max_hub_temp), MIN(min_pressure), SUM(offline_seconds), SUM(alarms) \
         FROM daily_mileage GROUP BY enterprise_id, day",
        "INSERT INTO enterprise_day_alarms (enterprise_id, day, kind, level, hour, count) \
         SELECT enterprise_id, day, kind, level, hour, SUM(count) FROM day_alarms \
         GROUP BY enterprise_id, day, kind, level, hour",
    ] {
        db.execute_unprepared(sql).await.expect("enterprise-days");
    }
    println!(
        "seeded {vehicles} vehicles × {} days of roll-ups in {:.0} s",
        days.len(),
        started.elapsed().as_secs_f64()
    );
}

/// A full day of a receiver reporting every 30 s: positions and six wheels per report.
async fn seed_history(app: &TestApp, day: NaiveDate) {
    let start = day.and_hms_opt(0, 0, 0).unwrap().and_utc();
    for n in 0..DERIVED {
        let vehicle_id = FIRST_VEHICLE + n;
        let mut fixes = Vec::new();
        let mut frames = Vec::new();
        for i in 0..REPORTS_PER_DAY {
            let ts = start + Duration::seconds(i * 30);
            let driving = (720..2640).contains(&i);
            #[allow(clippy::cast_precision_loss)]
            fixes.push(position::Model {
                vehicle_id,
                ts,
                lat: 30.0 + i as f64 * 0.0001,
                lon: 120.0,
                speed: if driving { 60.0 } else { 0.0 },
                direction: 0,
                ignition: driving,
                mileage: None,
                voltage: Some(27.6),
            });
            #[allow(clippy::cast_precision_loss)]
            let wheels: Vec<WheelValue> = [11, 12, 21, 22, 23, 24]
                .into_iter()
                .map(|position| WheelValue {
                    kind: TYRE,
                    position,
                    pressure: Some(8.5 - (i % 7) as f64 * 0.01),
                    temp: Some(35.0 + (i % 11) as f64),
                    battery: Some(90),
                    status: 0,
                    read_at: None,
                })
                .chain([11, 12].into_iter().map(|position| WheelValue {
                    kind: AXLE,
                    position,
                    pressure: None,
                    temp: Some(55.0),
                    battery: None,
                    status: 0,
                    read_at: None,
                }))
                .collect();
            frames.push(wheel_frame::Model {
                vehicle_id,
                ts,
                wheels: wheel_values::encode(&wheels),
            });
        }
        domain::vehicle::history::record_positions(&app.state.db, &fixes)
            .await
            .expect("positions");
        domain::vehicle::history::record_frames(&app.state.db, &frames)
            .await
            .expect("frames");
    }
}

#[tokio::main]
async fn main() {
    let vehicles = wheelend_tests::env_or("REPORT_BENCH_VEHICLES", 30_000);
    let day_count = wheelend_tests::env_or("REPORT_BENCH_DAYS", 90);
    let app = spawn_app().await;
    let t = tenants::two_trees(&app).await;
    let enterprises = [t.a.root, t.a.child];
    let today = Utc::now().date_naive();
    let days: Vec<NaiveDate> = (1..=day_count)
        .rev()
        .map(|d| today - Duration::days(d))
        .collect();
    seed_vehicles(&app, enterprises, vehicles).await;
    seed_rollups(&app, enterprises, vehicles, &days).await;
    let yesterday = today - Duration::days(1);
    // The follower's own day is the day before the seeded ones' last, so it replaces nothing.
    let derived_day = today - Duration::days(day_count + 1);
    seed_history(&app, derived_day).await;
    settle_after_bulk_load(&app).await;
    let fleet =
        usize::try_from(wheelend_tests::env_or("REPORT_BENCH_FLEET", 30_000)).unwrap_or(30_000);
    let _reporting = report_fleet(&app, fleet).await;
    tokio::time::sleep(std::time::Duration::from_secs(5)).await;
    println!("a fleet of {fleet} simulated vehicles reports every 30 s meanwhile");

    let admin = t.a.admin.clone();
    let month = json!({"startDate": (yesterday - Duration::days(29)).to_string(), "endDate": yesterday.to_string()});
    let quarter = json!({"startDate": days[0].to_string(), "endDate": yesterday.to_string()});
    let with = |base: &serde_json::Value, extra: serde_json::Value| {
        let mut body = base.clone();
        body.as_object_mut()
            .unwrap()
            .extend(extra.as_object().unwrap().clone());
        body
    };
    let reads = [
        (
            "monthly fleet report (analysis_detail)",
            "/api/dataReport/analysis_detail",
            json!({"cadence": "monthly", "day": yesterday.to_string()}),
        ),
        (
            "trend, 30 days (chart)",
            "/api/dataReport/chart",
            month.clone(),
        ),
        (
            "alarms by hour, 30 days",
            "/api/dataReport/hour_distribution",
            month.clone(),
        ),
        (
            "alarms by kind, 30 days",
            "/api/dataReport/alarm_pie_chart",
            month.clone(),
        ),
        (
            "per enterprise, 30 days (analysis_table)",
            "/api/dataReport/analysis_table",
            month.clone(),
        ),
        (
            "chart km by week, 90 days",
            "/api/dataReport/chart_data",
            with(&quarter, json!({"measure": "km", "grouping": "week"})),
        ),
        (
            "chart hottest hub by day, 30 days",
            "/api/dataReport/chart_data",
            with(&month, json!({"measure": "maxHubTemp", "grouping": "day"})),
        ),
        (
            "per vehicle, 30 days, page 1 (ship_list)",
            "/api/dataReport/ship_list",
            with(&month, json!({"pageSize": 50})),
        ),
        (
            "per vehicle, 30 days, by alarms",
            "/api/dataReport/ship_list",
            with(&month, json!({"pageSize": 50, "sort": "alarms"})),
        ),
    ];
    for (name, path, body) in reads {
        measure_call(&app, name, path, &body, &admin, ROUNDS).await;
    }

    let marks: Vec<(i64, NaiveDate)> = (0..DERIVED)
        .map(|n| (FIRST_VEHICLE + n, derived_day))
        .collect();
    domain::vehicle::days::mark(&app.state.db, &marks, Utc::now())
        .await
        .expect("marking");
    let started = Instant::now();
    let derived = domain::vehicle::days::settle(&app.state.db)
        .await
        .expect("deriving");
    #[allow(clippy::cast_precision_loss)]
    let ms = started.elapsed().as_secs_f64() * 1000.0 / derived as f64;
    #[allow(clippy::cast_precision_loss)]
    let ingest_ms = REPORTS_PER_DAY as f64 * INGEST_US_PER_REPORT / 1000.0;
    println!(
        "{:<52} {ms:.1} ms per vehicle-day = {:.1} % of ingesting its {REPORTS_PER_DAY} reports ({ingest_ms:.0} ms)",
        format!("follower: {derived} vehicle-days with six wheels"),
        ms / ingest_ms * 100.0
    );
}
