//! Track benchmark (issue 16): the app on a fresh database (SQLite unless `TEST_DATABASE_URL`
//! is set) with `TRACK_BENCH_VEHICLES` vehicles (default 200) × `TRACK_BENCH_DAYS` finished
//! days (default 30) of a fix every 30 s (17 million positions at the defaults) and 100,000
//! points of interest; then, over HTTP with p50/p95: one vehicle's day track, its 30-day
//! analysis from fragments, building every fragment, the follower deriving every vehicle's trips
//! and mileage of a day and the trip list reading them, and
//! nearby searches; in process, what route matching costs per report. A fleet of
//! `TRACK_BENCH_FLEET` simulated vehicles (default 30,000) reports every 30 s meanwhile.
//!
//! `cargo run --release -p wheelend-tests --example track_bench`

use std::time::Instant;

use chrono::{Duration, NaiveDate, Utc};
use domain::track::matching::Places;
use entities::{poi, position, vehicle};
use sea_orm::{EntityTrait, Set, TransactionTrait};
use serde_json::json;
use wheelend_tests::{
    TestApp, fleet_reporting_meanwhile, measure_call, settle_after_bulk_load, spawn_app, tenants,
};

const FIRST_VEHICLE: i64 = 3_000_000;
const FIXES_PER_DAY: i64 = 2880;
const POIS: i64 = 100_000;
const ROUNDS: usize = 20;

/// A vehicle's day: out along a line at 60 km/h from 06:00 to 14:00 and back until 22:00,
/// parked at night (one fix every 30 s all day, as a receiver reports).
fn day_of(vehicle: i64, day: NaiveDate) -> Vec<position::Model> {
    let start = day.and_hms_opt(0, 0, 0).unwrap().and_utc();
    #[allow(clippy::cast_precision_loss)]
    let (lon0, lat0) = (
        110.0 + (vehicle % 100) as f64 * 0.1,
        25.0 + (vehicle / 100 % 100) as f64 * 0.1,
    );
    (0..FIXES_PER_DAY)
        .map(|i| {
            let hour = i / 120;
            let driving = (6..22).contains(&hour);
            // Kilometres from home: up for 8 hours, down for 8.
            #[allow(clippy::cast_precision_loss)]
            let km = match i {
                _ if hour < 6 => 0.0,
                _ if hour < 14 => (i - 720) as f64 * 0.5,
                _ if hour < 22 => 480.0 - (i - 1680) as f64 * 0.5,
                _ => 0.0,
            };
            position::Model {
                vehicle_id: vehicle,
                ts: start + Duration::seconds(i * 30),
                lat: lat0 + km / 111.32 * 0.6,
                lon: lon0 + km / 111.32 * 0.8,
                speed: if driving { 60.0 } else { 0.0 },
                direction: 37,
                ignition: driving,
                mileage: None,
                voltage: Some(if driving { 27.9 } else { 24.8 }),
            }
        })
        .collect()
}

async fn seed(app: &TestApp, ent: i64, vehicles: i64, days: &[NaiveDate]) {
    let started = Instant::now();
    let now = Utc::now();
    vehicle::Entity::insert_many((0..vehicles).map(|n| vehicle::ActiveModel {
        id: Set(FIRST_VEHICLE + n),
        enterprise_id: Set(ent),
        plate: Set(format!("TRK{n:04}")),
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
    }))
    .exec_without_returning(&app.state.db)
    .await
    .expect("vehicles");
    let mut written = 0;
    for n in 0..vehicles {
        let fixes: Vec<position::Model> = days
            .iter()
            .flat_map(|d| day_of(FIRST_VEHICLE + n, *d))
            .collect();
        for chunk in fixes.chunks(20_000) {
            written += domain::vehicle::history::record_positions(&app.state.db, chunk)
                .await
                .expect("positions");
        }
    }
    println!(
        "seeded {vehicles} vehicles × {} days: {written} positions in {:.0} s",
        days.len(),
        started.elapsed().as_secs_f64()
    );
    let started = Instant::now();
    let txn = app.state.db.begin().await.expect("a transaction");
    let rows: Vec<poi::ActiveModel> = (0..POIS)
        .map(|n| poi::ActiveModel {
            enterprise_id: Set(Some(ent)),
            name: Set(format!("Point {n}")),
            poi_type: Set(i16::try_from(n % 5 + 1).unwrap()),
            shape: Set(1),
            #[allow(clippy::cast_precision_loss)]
            lat: Set(20.0 + (n % 317) as f64 * 0.05),
            #[allow(clippy::cast_precision_loss)]
            lon: Set(100.0 + (n / 317) as f64 * 0.08),
            radius_m: Set(None),
            polygon: Set(None),
            address: Set(String::new()),
            phone: Set(String::new()),
            remark: Set(String::new()),
            fence: Set(0),
            created_by: Set(1),
            created_at: Set(now),
            updated_at: Set(now),
            ..Default::default()
        })
        .collect();
    for chunk in rows.chunks(2000) {
        poi::Entity::insert_many(chunk.to_vec())
            .exec_without_returning(&txn)
            .await
            .expect("points of interest");
    }
    txn.commit().await.expect("commit");
    println!(
        "seeded {POIS} points of interest in {:.1} s",
        started.elapsed().as_secs_f64()
    );
}

/// Waits for a fragment run to finish; answers its duration.
async fn await_run(app: &TestApp, token: &str, id: i64) -> f64 {
    let started = Instant::now();
    loop {
        let runs = app
            .api_xtrack_re_build_fragment(&json!({"runs": true, "pageSize": 20}), Some(token))
            .await
            .ok();
        let run = runs["list"]
            .as_array()
            .unwrap()
            .iter()
            .find(|r| r["id"] == id)
            .cloned()
            .unwrap();
        if run["state"] != 1 {
            assert_eq!(run["state"], 2, "{run}");
            return started.elapsed().as_secs_f64();
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
}

#[tokio::main]
async fn main() {
    let vehicles = wheelend_tests::env_or("TRACK_BENCH_VEHICLES", 200);
    let day_count = wheelend_tests::env_or("TRACK_BENCH_DAYS", 30);
    let app = spawn_app().await;
    let t = tenants::two_trees(&app).await;
    let today = Utc::now().date_naive();
    let days: Vec<NaiveDate> = (1..=day_count)
        .rev()
        .map(|d| today - Duration::days(d))
        .collect();
    seed(&app, t.a.root, vehicles, &days).await;
    settle_after_bulk_load(&app).await;
    let _reporting = fleet_reporting_meanwhile(&app, "TRACK_BENCH_FLEET").await;
    let admin = t.a.admin.clone();
    let v = FIRST_VEHICLE;
    let (first, last) = (days[0], days[days.len() - 1]);

    measure_call(
        &app,
        "day track (2,880 fixes, tolerance 5 m)",
        "/api/web/track/day",
        &json!({"vehicleId": v, "day": last.to_string()}),
        &admin,
        ROUNDS,
    )
    .await;
    measure_call(
        &app,
        "day track, every fix",
        "/api/web/track/day",
        &json!({"vehicleId": v, "day": last.to_string(), "tolerance": 0}),
        &admin,
        ROUNDS,
    )
    .await;

    // The first analysis of a vehicle builds its days in a background run; then it reads them.
    let range = json!({"vehicleId": v, "start": first.to_string(), "end": last.to_string()});
    let started = Instant::now();
    let first_answer = app
        .post("/api/web/track/analyse", &range, Some(&admin))
        .await
        .ok();
    let answered = started.elapsed().as_secs_f64() * 1000.0;
    if let Some(job) = first_answer["jobId"].as_i64() {
        let built = await_run(&app, &admin, job).await;
        println!(
            "{:<52} first answer {answered:.1} ms, {day_count} days built in {built:.2} s",
            "analysis, first time"
        );
    }
    measure_call(
        &app,
        &format!("analysis of {day_count} days from fragments"),
        "/api/web/track/analyse",
        &range,
        &admin,
        ROUNDS,
    )
    .await;

    let run = app
        .api_xtrack_re_build_fragment(
            &json!({"start": first.to_string(), "end": last.to_string()}),
            Some(&admin),
        )
        .await
        .ok();
    let seconds = await_run(&app, &admin, run["id"].as_i64().unwrap()).await;
    #[allow(clippy::cast_precision_loss)]
    let vehicle_days = (vehicles * day_count) as f64;
    println!(
        "{:<52} {seconds:.1} s ({:.1} ms per vehicle-day)",
        format!("rebuild every fragment ({vehicles} × {day_count})"),
        seconds * 1000.0 / vehicle_days
    );

    // The follower derives each vehicle's trips and mileage of a finished day as the day
    // closes (or a late report lands): the daily pass's cost per vehicle-day.
    let marks: Vec<(i64, NaiveDate)> = (0..vehicles).map(|n| (FIRST_VEHICLE + n, last)).collect();
    domain::vehicle::days::mark(&app.state.db, &marks, Utc::now())
        .await
        .expect("marking the vehicle-days");
    let started = Instant::now();
    let derived = domain::vehicle::days::settle(&app.state.db)
        .await
        .expect("deriving the vehicle-days");
    let seconds = started.elapsed().as_secs_f64();
    #[allow(clippy::cast_precision_loss)]
    let per_vehicle_day = seconds / derived as f64;
    println!(
        "{:<52} {seconds:.2} s ({:.1} ms per vehicle-day; 30,000 vehicles' day ≈ {:.0} s)",
        format!("trips and mileage of {derived} vehicle-days (follower)"),
        per_vehicle_day * 1000.0,
        per_vehicle_day * 30_000.0
    );
    measure_call(
        &app,
        &format!("trip list of {vehicles} vehicles, one day"),
        "/api/web/car/trip_management",
        &json!({"start": format!("{last}T00:00:00Z"), "end": format!("{today}T00:00:00Z"), "pageSize": 100}),
        &admin,
        ROUNDS,
    )
    .await;

    let started = Instant::now();
    app.post(
        "/api/poi/search",
        &json!({"lon": 110.0, "lat": 25.0, "radius": 5000}),
        Some(&admin),
    )
    .await
    .ok();
    println!(
        "{:<52} {:.0} ms",
        "point-of-interest index, first build",
        started.elapsed().as_secs_f64() * 1000.0
    );
    measure_call(
        &app,
        "POI search 5 km around a point (100,000)",
        "/api/poi/search",
        &json!({"lon": 110.0, "lat": 25.0, "radius": 5000}),
        &admin,
        ROUNDS,
    )
    .await;
    measure_call(
        &app,
        "nearest service points (100,000)",
        "/api/poi/nearby_dispose",
        &json!({"lon": 110.0, "lat": 25.0}),
        &admin,
        ROUNDS,
    )
    .await;
    measure_call(
        &app,
        "POIs of a viewport (limit 2000)",
        "/api/poi/searchMap",
        &json!({"minLon": 109.0, "minLat": 24.0, "maxLon": 111.0, "maxLat": 26.0}),
        &admin,
        ROUNDS,
    )
    .await;
    measure_call(&app, "charging analysis, a day", "/api/charging_analysis",
        &json!({"vehicleId": v, "start": format!("{last}T00:00:00Z"), "end": format!("{today}T00:00:00Z")}), &admin, ROUNDS).await;

    // Route matching: every vehicle on a 200-node route, judged in process per report.
    let nodes: Vec<serde_json::Value> = (0..200)
        .map(
            |i| json!({"lon": 110.0 + f64::from(i) * 0.01, "lat": 25.0 + f64::from(i % 7) * 0.002}),
        )
        .collect();
    let route = app
        .post(
            "/api/route/add",
            &json!({"name": "Bench", "nodes": nodes}),
            Some(&admin),
        )
        .await
        .ok();
    let ids: Vec<i64> = (0..vehicles).map(|n| FIRST_VEHICLE + n).collect();
    app.post(
        "/api/route/carAddLine",
        &json!({"routeId": route["id"], "vehicleIds": ids}),
        Some(&admin),
    )
    .await
    .ok();
    let places = Places::default();
    places.refresh(&app.state.db).await.expect("routes");
    let reports: i32 = 200_000;
    let started = Instant::now();
    for i in 0..reports {
        let vehicle = FIRST_VEHICLE + i64::from(i) % vehicles;
        #[allow(clippy::cast_precision_loss)]
        let p = [110.0 + (i % 2000) as f64 * 0.001, 25.001];
        std::hint::black_box(places.observe(vehicle, t.a.root, i64::from(i) * 1000, p, 60.0));
    }
    let per_report_us = started.elapsed().as_secs_f64() * 1e6 / f64::from(reports);
    // At 20,000 reports/s the writer has 50 µs per report.
    println!(
        "{:<52} {per_report_us:.2} µs per report ({:.1} % of the 50 µs a report has at 20,000/s)",
        "route matching (200-node route)",
        per_report_us / 50.0 * 100.0
    );
}
