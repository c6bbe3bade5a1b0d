//! Live benchmark: 30,000 simulated vehicles reporting every 30 s (about 1,000 reports/s)
//! through `Ingestor::submit`, with a platform admin's websocket connected; measures the time
//! from a report (its device time, which the simulator sets to the wall clock when it sends)
//! to the websocket frame of the alarm it raised, p50/p99/max, over the first interval
//! (every vehicle seen for the first time) and the steady state after it. Offline alarms come
//! from the minute sweep, not from a report, and are left out.
//!
//! `cargo run --release -p wheelend-tests --example live_bench`

use std::sync::Arc;
use std::time::{Duration, Instant};

use chrono::Utc;
use futures::StreamExt;
use ingestion::demo;
use ingestion::ingest::Credential;
use tokio::sync::Mutex;
use tokio_tungstenite::tungstenite::Message;
use wheelend_tests::{percentile, spawn_app, ws};

const VEHICLES: usize = 30_000;
const INTERVAL: Duration = Duration::from_secs(30);
/// `kind` of the alarm the offline sweep raises.
const DEVICE_OFFLINE: i64 = 11;
/// Two intervals after the first.
const RUN: Duration = Duration::from_secs(90);

/// An alarm frame also comes when an open alarm rises in level; it carries the alarm's start,
/// long before the report that raised the level. Frames this late are those.
const LEVEL_RISE_MS: i64 = 10_000;

fn show(label: &str, mut latencies: Vec<i64>) {
    let rises = latencies.iter().filter(|l| **l >= LEVEL_RISE_MS).count();
    latencies.retain(|l| *l < LEVEL_RISE_MS);
    latencies.sort_unstable();
    println!(
        "{label}: {} new-alarm frames ({rises} level rises left out), report → websocket \
         p50 {} ms, p99 {} ms, max {} ms",
        latencies.len(),
        percentile(&latencies, 0.5),
        percentile(&latencies, 0.99),
        latencies.last().copied().unwrap_or_default()
    );
}

#[tokio::main]
async fn main() {
    let app = spawn_app().await;
    println!(
        "live_bench on {}",
        if app.is_postgres() {
            "PostgreSQL"
        } else {
            "SQLite"
        }
    );
    let started = Instant::now();
    let devices = demo::ensure_fleet(&app.state.db, VEHICLES)
        .await
        .expect("the fleet");
    println!(
        "fleet: {} vehicles created in {:.1} s",
        devices.len(),
        started.elapsed().as_secs_f64()
    );
    let token = app.admin_token().await;
    let mut socket = ws::open(&app, &format!("token={token}")).await;
    assert_eq!(ws::next(&mut socket).await["type"], "hello");

    // Latencies of raised alarms: (ms since the run started when the report was sent, ms).
    let latencies: Arc<Mutex<Vec<(i64, i64)>>> = Arc::default();
    let run_start = Utc::now().timestamp_millis();
    let frames = {
        let latencies = latencies.clone();
        tokio::spawn(async move {
            while let Some(Ok(message)) = socket.next().await {
                let Message::Text(text) = message else {
                    continue;
                };
                let now = Utc::now().timestamp_millis();
                let frame: serde_json::Value = serde_json::from_str(text.as_str()).unwrap();
                match frame["type"].as_str() {
                    // Device offline is raised by the minute sweep, not by a report.
                    Some("alarm")
                        if frame["data"]["state"] == 0
                            && frame["data"]["kind"] != DEVICE_OFFLINE =>
                    {
                        if let Some(sent) = frame["data"]["startedAt"].as_i64() {
                            latencies.lock().await.push((sent - run_start, now - sent));
                        }
                    }
                    Some("resync") => println!("the socket fell behind (resync)"),
                    _ => {}
                }
            }
        })
    };

    let ingest = app.state.ingest.clone();
    let sent = Arc::new(std::sync::atomic::AtomicUsize::new(0));
    let driver = {
        let sent = sent.clone();
        tokio::spawn(demo::drive(devices, INTERVAL, 11, move |reports| {
            let (ingest, sent) = (ingest.clone(), sent.clone());
            // Devices report independently: hand each slice over without waiting for the
            // previous one's commit.
            tokio::spawn(async move {
                let n = reports.len();
                ingest
                    .submit(reports, Credential::Trusted)
                    .await
                    .expect("stored");
                sent.fetch_add(n, std::sync::atomic::Ordering::Relaxed);
            });
            std::future::ready(())
        }))
    };
    tokio::time::sleep(INTERVAL + RUN).await;
    driver.abort();
    tokio::time::sleep(Duration::from_secs(2)).await;
    frames.abort();
    let stored = sent.load(std::sync::atomic::Ordering::Relaxed);
    let elapsed = (INTERVAL + RUN).as_secs_f64();
    #[allow(clippy::cast_precision_loss)]
    let rate = stored as f64 / elapsed;
    println!(
        "{stored} reports stored in {elapsed:.0} s = {rate:.0} reports/s ({VEHICLES} vehicles every {} s)",
        INTERVAL.as_secs()
    );
    let all = latencies.lock().await.clone();
    let first_ms = i64::try_from(INTERVAL.as_millis()).unwrap_or(i64::MAX);
    show(
        "first interval (vehicles loaded on first report)",
        all.iter()
            .filter(|(at, _)| *at < first_ms)
            .map(|(_, l)| *l)
            .collect(),
    );
    show(
        "steady state",
        all.iter()
            .filter(|(at, _)| *at >= first_ms)
            .map(|(_, l)| *l)
            .collect(),
    );
}
