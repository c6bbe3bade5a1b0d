//! Fleet benchmark: the app on a fresh database (SQLite unless `TEST_DATABASE_URL` is set),
//! 30,000 vehicles with 200,000 wheel positions, live states, receivers and follows, then
//! watchList4 (whole fleet as platform admin and as an enterprise user), the vehicle list
//! (page 1, a deep page, a filter) and statistics over HTTP, with p50/p95, payload sizes
//! (raw and compressed) and requests per second.
//!
//! `cargo run --release -p wheelend-tests --example fleet_bench`

use std::time::{Duration, Instant};

use chrono::Utc;
use entities::wheel_values::{self, WheelValue};
use entities::{device, vehicle, vehicle_follower, vehicle_state, vehicle_wheel};
use sea_orm::{EntityTrait, Set, TransactionTrait};
use serde_json::{Value, json};
use wheelend_tests::{TestApp, spawn_app, tenants};

const VEHICLES: i64 = 30_000;
const FIRST_ID: i64 = 1_000_000;
const ROUNDS: usize = 40;

/// Inserts in slices that stay under the databases' parameter limits.
async fn insert_chunked<A>(txn: &sea_orm::DatabaseTransaction, rows: Vec<A>, size: usize)
where
    A: sea_orm::ActiveModelTrait + Send + Clone,
{
    for chunk in rows.chunks(size) {
        <A::Entity as EntityTrait>::insert_many(chunk.to_vec())
            .exec_without_returning(txn)
            .await
            .expect("bulk insert");
    }
}

/// 30,000 vehicles: 20,000 in tree A (root and child), 10,000 in tree B. One in six has
/// three axles (10 wheels), the others two (6 wheels): 200,000 positions.
async fn seed(app: &TestApp, ents: [i64; 3], follower: i64) {
    let started = Instant::now();
    let now = Utc::now();
    let txn = app.state.db.begin().await.expect("a transaction");
    let mut vehicles = Vec::new();
    let mut wheels = Vec::new();
    let mut states = Vec::new();
    let mut devices = Vec::new();
    let mut follows = Vec::new();
    for n in 0..VEHICLES {
        let id = FIRST_ID + n;
        let ent = match n % 3 {
            0 => ents[0],
            1 => ents[1],
            _ => ents[2],
        };
        let layout: &[i32] = if n % 6 == 0 { &[2, 4, 4] } else { &[2, 4] };
        vehicles.push(vehicle::ActiveModel {
            id: Set(id),
            enterprise_id: Set(ent),
            plate: Set(format!("BENCH{n:05}")),
            vin: Set(format!("LBV{n:014}")),
            kind: Set(i16::from(n % 10 == 9)),
            trailer_id: Set(None),
            brand_id: Set(None),
            series_id: Set(None),
            class_id: Set(None),
            device_type_id: Set(i16::try_from(n % 12).unwrap()),
            head_img_url: Set(String::new()),
            axle_layout: Set(layout
                .iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join(",")),
            install_state: Set(i16::from(n % 7 != 0)),
            power_supply: Set(0),
            recharge: Set(false),
            remark: Set(String::new()),
            created_at: Set(now),
            updated_at: Set(now),
        });
        let mut latest = Vec::new();
        for (a, count) in layout.iter().enumerate() {
            let axle = i16::try_from(a + 1).unwrap();
            for w in 1..=*count {
                let position = i32::from(axle) * 10 + w;
                wheels.push(vehicle_wheel::ActiveModel {
                    vehicle_id: Set(id),
                    position: Set(position),
                    axle: Set(axle),
                    tyre_id: Set(None),
                    sensor_no: Set(None),
                });
                latest.push(WheelValue {
                    kind: wheel_values::TYRE,
                    position,
                    pressure: Some(8.5),
                    temp: Some(35.0),
                    battery: Some(90),
                    status: 0,
                    read_at: Some(now.timestamp_millis()),
                });
            }
        }
        let online = n % 10 < 7;
        #[allow(clippy::cast_precision_loss)]
        let jitter = (n % 1000) as f64 / 1000.0;
        states.push(vehicle_state::ActiveModel {
            vehicle_id: Set(id),
            lat: Set(Some(30.0 + jitter)),
            lon: Set(Some(120.0 + jitter)),
            speed: Set(if n % 4 == 0 { 55.0 } else { 0.0 }),
            direction: Set(i16::try_from(n % 360).unwrap()),
            address: Set(String::new()),
            gps_at: Set(Some(now)),
            final_at: Set(online.then_some(now)),
            online: Set(online),
            ignition: Set(n % 4 == 0),
            alarm: Set(n % 20 == 0),
            alarm_type: Set(if n % 20 == 0 { 2 } else { 0 }),
            alarm_level: Set(if n % 20 == 0 { 1 } else { 0 }),
            tp_flags: Set(if n % 20 == 0 { 2 } else { 0 }),
            axle_flags: Set(0),
            temp_difference24h: Set(false),
            high_temp24h: Set(false),
            battery: Set(Some(80)),
            voltage: Set(Some(24.1)),
            closed: Set(false),
            updated_at: Set(now),
            wheels: Set(Some(wheel_values::encode(&latest))),
        });
        if n % 2 == 0 {
            devices.push(device::ActiveModel {
                enterprise_id: Set(ent),
                vehicle_id: Set(Some(id)),
                parent_id: Set(None),
                kind: Set(0),
                imei: Set(format!("86{n:013}")),
                sn: Set(None),
                part_no: Set("TPMS-R1".into()),
                model_id: Set(None),
                version: Set("2.1.0".into()),
                iccid: Set(String::new()),
                heartbeat_at: Set(Some(now)),
                online: Set(online),
                remark: Set(String::new()),
                created_at: Set(now),
                updated_at: Set(now),
                ..Default::default()
            });
        }
        if n % 100 == 0 {
            follows.push(vehicle_follower::ActiveModel {
                user_id: Set(follower),
                vehicle_id: Set(id),
                created_at: Set(now),
            });
        }
    }
    let wheel_count = wheels.len();
    insert_chunked(&txn, vehicles, 1000).await;
    insert_chunked(&txn, wheels, 2000).await;
    insert_chunked(&txn, states, 1000).await;
    insert_chunked(&txn, devices, 1000).await;
    insert_chunked(&txn, follows, 1000).await;
    txn.commit().await.expect("commit");
    println!(
        "seeded {VEHICLES} vehicles, {wheel_count} wheel positions, states, 15,000 receivers in {:.1?}",
        started.elapsed()
    );
}

struct Figures {
    p50: Duration,
    p95: Duration,
    rps: f64,
    raw: usize,
    gzip: usize,
    br: usize,
}

async fn fetch(app: &TestApp, path: &str, body: &Value, token: &str, encoding: &str) -> Vec<u8> {
    let res = app
        .client
        .post(app.url(path))
        .header("x-token", token)
        .header("accept-encoding", encoding)
        .json(body)
        .send()
        .await
        .expect("an answer");
    assert!(res.status().is_success());
    res.bytes().await.expect("a body").to_vec()
}

/// Times `ROUNDS` sequential calls (gzip, as a browser asks); `cold` drops the fleet cache
/// before each call so every call reads the database.
async fn measure(app: &TestApp, path: &str, body: &Value, token: &str, cold: bool) -> Figures {
    let raw = fetch(app, path, body, token, "identity").await;
    let text = String::from_utf8_lossy(&raw);
    assert!(
        text.starts_with("{\"code\":0"),
        "{path}: {}",
        &text[..text.len().min(300)]
    );
    let gzip = fetch(app, path, body, token, "gzip").await.len();
    let br = fetch(app, path, body, token, "br").await.len();
    let mut times = Vec::with_capacity(ROUNDS);
    let all = Instant::now();
    for _ in 0..ROUNDS {
        if cold {
            app.state.fleet.invalidate();
        }
        let started = Instant::now();
        fetch(app, path, body, token, "gzip").await;
        times.push(started.elapsed());
    }
    let total = all.elapsed();
    times.sort();
    #[allow(clippy::cast_precision_loss)]
    let rps = ROUNDS as f64 / total.as_secs_f64();
    Figures {
        p50: times[ROUNDS / 2],
        p95: times[ROUNDS * 95 / 100],
        rps,
        raw: raw.len(),
        gzip,
        br,
    }
}

fn print(name: &str, f: &Figures) {
    println!(
        "{name:<48} p50 {:>7.1} ms  p95 {:>7.1} ms  {:>7.1} req/s  raw {:>9} B  gzip {:>8} B  br {:>8} B",
        f.p50.as_secs_f64() * 1000.0,
        f.p95.as_secs_f64() * 1000.0,
        f.rps,
        f.raw,
        f.gzip,
        f.br
    );
}

#[tokio::main]
async fn main() {
    let app = spawn_app().await;
    let t = tenants::two_trees(&app).await;
    seed(&app, [t.a.root, t.a.child, t.b.root], t.a.admin_id).await;
    let platform = t.platform.clone();
    let ent = t.a.admin.clone();
    println!(
        "database: {}",
        if app.is_postgres() {
            "PostgreSQL"
        } else {
            "SQLite"
        }
    );
    let runs: Vec<(&str, &str, Value, &str, bool)> = vec![
        (
            "watchList4 platform (30,000) uncached",
            "/api/web/car/watchList4",
            json!({}),
            &platform,
            true,
        ),
        (
            "watchList4 platform (30,000) cached 1 s",
            "/api/web/car/watchList4",
            json!({}),
            &platform,
            false,
        ),
        (
            "watchList4 platform data_volume 1 uncached",
            "/api/web/car/watchList4",
            json!({"data_volume": 1}),
            &platform,
            true,
        ),
        (
            "watchList4 enterprise user (20,000) uncached",
            "/api/web/car/watchList4",
            json!({}),
            &ent,
            true,
        ),
        (
            "list page 1 (platform)",
            "/api/web/car/list",
            json!({"page": 1, "pageSize": 50}),
            &platform,
            false,
        ),
        (
            "list deep page 500 (platform)",
            "/api/web/car/list",
            json!({"page": 500, "pageSize": 50}),
            &platform,
            false,
        ),
        (
            "list offline, sorted by plate (enterprise)",
            "/api/web/car/list",
            json!({"state": "offline", "sort": "plate", "order": "asc", "pageSize": 50}),
            &ent,
            false,
        ),
        (
            "list keyword BENCH12 (enterprise)",
            "/api/web/car/list",
            json!({"keyword": "BENCH12", "pageSize": 50}),
            &ent,
            false,
        ),
        (
            "statistics platform",
            "/api/web/car/statistics",
            json!({}),
            &platform,
            false,
        ),
        (
            "statistics enterprise user",
            "/api/web/car/statistics",
            json!({}),
            &ent,
            false,
        ),
    ];
    for (name, path, body, token, cold) in runs {
        let f = measure(&app, path, &body, token, cold).await;
        print(name, &f);
    }
}
