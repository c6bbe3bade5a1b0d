//! A server killed with SIGKILL while devices report loses no acknowledged report and stores
//! none twice. The real binary (`target/debug/wheelend`, or `WHEELEND_BIN`) runs as a child
//! process on the test's data dir and database.

use std::collections::BTreeSet;
use std::process::Stdio;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use chrono::Utc;
use entities::{position, wheel_frame, wheel_values};
use sea_orm::{EntityTrait, PaginatorTrait};
use tokio::process::{Child, Command};
use tokio::sync::Mutex;
use wheelend_tests::tenants::two_trees;
use wheelend_tests::{ADMIN_PASSWORD, TestApp, spawn_app};

use wheelend_tests::fleet::{fitted_vehicle, report};

const DEVICES: usize = 6;
/// Acknowledged reports before the kill.
const KILL_AFTER: usize = 150;

fn binary() -> std::path::PathBuf {
    let path = std::env::var_os("WHEELEND_BIN").map_or_else(
        || {
            // target/debug/deps/it-… → target/debug/wheelend
            let exe = std::env::current_exe().expect("the test binary's path");
            exe.parent()
                .and_then(std::path::Path::parent)
                .expect("target/debug")
                .join("wheelend")
        },
        Into::into,
    );
    assert!(
        path.exists(),
        "{} is missing: `cargo build -p assets` first (or set WHEELEND_BIN)",
        path.display()
    );
    path
}

fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

/// Starts the binary on the app's data dir and database, and waits until it answers.
async fn start(app: &TestApp, port: u16) -> Child {
    let mut cmd = Command::new(binary());
    cmd.arg("serve")
        .env("WHEELEND_DATA_DIR", &app.data_path)
        .env("WHEELEND_ADDR", format!("127.0.0.1:{port}"))
        .env("WHEELEND_ADMIN_PASSWORD", ADMIN_PASSWORD)
        .env("WHEELEND_SIMULATE", "0")
        .env("WHEELEND_MQTT_PORT", "0")
        .env("WHEELEND_SSR__WORKERS", "1")
        .env("RUST_LOG", "warn")
        .env_remove("DATABASE_URL")
        .env_remove("WHEELEND_MQTT_URL")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .kill_on_drop(true);
    if let Some(url) = app.database_url() {
        cmd.env("DATABASE_URL", url);
    }
    let child = cmd.spawn().expect("the server binary starts");
    let health = format!("http://127.0.0.1:{port}/api/health");
    for _ in 0..200 {
        if reqwest::get(&health)
            .await
            .is_ok_and(|r| r.status().is_success())
        {
            return child;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!("the server did not come up on port {port}");
}

/// Posts one report; answers whether the server acknowledged it as stored.
async fn post(client: &reqwest::Client, url: &str, key: &str, imei: &str, ts: i64) -> bool {
    let Ok(answer) = client
        .post(url)
        .header("x-device-key", key)
        .json(&report(imei, ts, 8.5))
        .send()
        .await
    else {
        return false;
    };
    let Ok(body) = answer.json::<serde_json::Value>().await else {
        return false;
    };
    body["code"] == 0 && body["data"]["accepted"] == 1
}

#[tokio::test]
async fn a_killed_server_loses_no_acknowledged_report_and_stores_none_twice() {
    let app = spawn_app().await;
    let t = two_trees(&app).await;
    let mut devices = Vec::new();
    for n in 0..DEVICES {
        let imei = format!("86000000000{:04}", 500 + n);
        let (vehicle_id, key) =
            fitted_vehicle(&app, &t.platform, t.a.root, &format!("沪D{n:05}"), &imei).await;
        devices.push((imei, key, vehicle_id));
    }
    let port = free_port();
    let mut server = start(&app, port).await;
    let url = format!("http://127.0.0.1:{port}/tapi/device/report");
    let client = reqwest::Client::new();
    let start_ts = Utc::now().timestamp_millis() - 60_000;

    // Every device reports as fast as it is answered, a second of device time apart;
    // the server is killed once enough reports were acknowledged.
    let acked: Arc<Mutex<Vec<(usize, i64)>>> = Arc::default();
    let sent: Arc<Mutex<Vec<(usize, i64)>>> = Arc::default();
    let stop = Arc::new(AtomicBool::new(false));
    let mut senders = Vec::new();
    for (d, (imei, key, _)) in devices.iter().cloned().enumerate() {
        let (client, url, acked, sent, stop) = (
            client.clone(),
            url.clone(),
            acked.clone(),
            sent.clone(),
            stop.clone(),
        );
        senders.push(tokio::spawn(async move {
            let mut ts = start_ts;
            while !stop.load(Ordering::Relaxed) {
                ts += 1000;
                sent.lock().await.push((d, ts));
                if post(&client, &url, &key, &imei, ts).await {
                    acked.lock().await.push((d, ts));
                }
            }
        }));
    }
    while acked.lock().await.len() < KILL_AFTER {
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
    server.start_kill().expect("SIGKILL");
    server.wait().await.expect("the server died");
    stop.store(true, Ordering::Relaxed);
    for s in senders {
        s.await.unwrap();
    }
    let acked: BTreeSet<(usize, i64)> = acked.lock().await.iter().copied().collect();
    let sent: Vec<(usize, i64)> = sent.lock().await.clone();
    assert!(acked.len() >= KILL_AFTER);

    // After a restart every acknowledged report is in history, once.
    let mut server = start(&app, port).await;
    let db = &app.state.db;
    let vehicle_of = |d: usize| devices[d].2;
    let history = || async {
        let stored: BTreeSet<(i64, i64)> = position::Entity::find()
            .all(db)
            .await
            .unwrap()
            .into_iter()
            .map(|p| (p.vehicle_id, p.ts.timestamp_millis()))
            .collect();
        let positions = position::Entity::find().count(db).await.unwrap();
        let frames = wheel_frame::Entity::find().all(db).await.unwrap();
        assert_eq!(positions, stored.len() as u64, "no position twice");
        assert_eq!(frames.len() as u64, positions, "no frame twice or missing");
        // Two tyres and two wheel ends per report.
        assert!(
            frames
                .iter()
                .all(|f| wheel_values::decode(&f.wheels).len() == 4)
        );
        stored
    };
    let stored = history().await;
    let lost: Vec<_> = acked
        .iter()
        .filter(|(d, ts)| !stored.contains(&(vehicle_of(*d), *ts)))
        .collect();
    assert!(lost.is_empty(), "acknowledged but lost: {lost:?}");

    // Devices send again what they are unsure of (everything): stored reports are not
    // stored twice, the others now are.
    for (d, ts) in &sent {
        let (imei, key, _) = &devices[*d];
        assert!(post(&client, &url, key, imei, *ts).await, "resending {ts}");
    }
    let stored = history().await;
    let expected: BTreeSet<(i64, i64)> = sent.iter().map(|(d, ts)| (vehicle_of(*d), *ts)).collect();
    assert_eq!(stored, expected);
    server.start_kill().unwrap();
    server.wait().await.unwrap();
}
