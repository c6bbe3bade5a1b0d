//! Ingestion benchmark: the app on a fresh database (SQLite unless `TEST_DATABASE_URL` is set)
//! with 20,000 simulated vehicles (6, 8 or 10 tyres and 2–3 axles' wheel ends each), then
//! sustained reports per second:
//! - in-process through `Ingestor::submit`, as a gateway would hand them over (100 reports per
//!   call, 64 calls at once);
//! - over HTTP, `POST /tapi/device/report` with each device's key, one report per request,
//!   256 requests at once;
//! - over HTTP, each device uploading a backlog of 10 reports in one request, 64 at once.
//!
//! `cargo run --release -p wheelend-tests --example ingest_bench`

use std::collections::HashMap;
use std::sync::Arc;
use std::time::{Duration, Instant};

use chrono::Utc;
use futures::StreamExt;
use ingestion::demo;
use ingestion::ingest::Credential;
use ingestion::report::Report;
use ingestion::simulator::{SimDevice, Simulation};
use wheelend_tests::spawn_app;

const VEHICLES: usize = 20_000;
const IN_PROCESS_ROUNDS: i64 = 10;
const HTTP_ROUNDS: i64 = 2;
const PER_CALL: usize = 100;
const CALLS_AT_ONCE: usize = 64;
const REQUESTS_AT_ONCE: usize = 256;
const BACKLOG_ROUNDS: i64 = 10;
const BACKLOGS_AT_ONCE: usize = 64;

/// Every vehicle reports once per simulated second, `rounds` seconds starting at `from_ms`.
fn reports(devices: &[SimDevice], seed: u64, from_ms: i64, rounds: i64) -> Vec<Report> {
    let mut sim = Simulation::new(devices.to_vec(), seed, from_ms, 1000);
    (1..=rounds)
        .flat_map(|s| sim.step(from_ms + s * 1000))
        .collect()
}

/// Posts `body` as a device with `key`; answers 1 when it was refused, else 0.
async fn post_as_device(
    client: &reqwest::Client,
    url: &str,
    key: &str,
    body: &impl serde::Serialize,
) -> usize {
    let answer: serde_json::Value = client
        .post(url)
        .header("x-device-key", key)
        .json(body)
        .send()
        .await
        .expect("answered")
        .json()
        .await
        .expect("an envelope");
    usize::from(answer["code"] != 0)
}

fn rate(n: usize, took: Duration) -> f64 {
    #[allow(clippy::cast_precision_loss)]
    let n = n as f64;
    n / took.as_secs_f64()
}

#[tokio::main]
async fn main() {
    let app = spawn_app().await;
    println!(
        "ingest_bench on {}",
        if app.is_postgres() {
            "PostgreSQL"
        } else {
            "SQLite"
        }
    );
    let db = &app.state.db;
    let started = Instant::now();
    let devices = demo::ensure_fleet(db, VEHICLES).await.expect("the fleet");
    println!(
        "fleet: {} vehicles with receivers created in {:.1} s",
        devices.len(),
        started.elapsed().as_secs_f64()
    );
    // Keys first: ingestion caches what it learns of a device, its key included.
    let keys: HashMap<String, String> = demo::issue_keys(db, &devices).await.expect("keys");
    let keys = Arc::new(keys);
    let ingest = app.state.ingest.clone();
    // Device times in the past, a second apart: nothing is refused as ahead of the clock.
    let base = Utc::now().timestamp_millis() - 3_600_000;

    let batch = reports(&devices, 1, base, IN_PROCESS_ROUNDS);
    let tyres: usize = batch.iter().map(|r| r.tyres.len()).sum();
    let total = batch.len();
    let calls: Vec<Vec<Report>> = batch.chunks(PER_CALL).map(<[Report]>::to_vec).collect();
    let started = Instant::now();
    let accepted: usize = futures::stream::iter(calls)
        .map(|call| {
            let ingest = ingest.clone();
            async move {
                ingest
                    .submit(call, Credential::Trusted)
                    .await
                    .expect("stored")
                    .accepted
            }
        })
        .buffer_unordered(CALLS_AT_ONCE)
        .fold(0, |sum, n| async move { sum + n })
        .await;
    let took = started.elapsed();
    assert_eq!(accepted, total, "every report is accepted");
    println!(
        "in-process (Ingestor::submit, {PER_CALL} per call, {CALLS_AT_ONCE} at once): {total} reports \
         ({:.1} tyres each) in {:.2} s = {:.0} reports/s",
        {
            #[allow(clippy::cast_precision_loss)]
            let avg = tyres as f64 / total as f64;
            avg
        },
        took.as_secs_f64(),
        rate(total, took)
    );

    let batch = reports(
        &devices,
        2,
        base + (IN_PROCESS_ROUNDS + 1) * 1000,
        HTTP_ROUNDS,
    );
    let total = batch.len();
    let url = app.url("/tapi/device/report");
    let client = reqwest::Client::builder()
        .pool_max_idle_per_host(REQUESTS_AT_ONCE)
        .build()
        .expect("client");
    let started = Instant::now();
    let refused: usize = futures::stream::iter(batch)
        .map(|report| {
            let (client, url, keys) = (client.clone(), url.clone(), keys.clone());
            async move { post_as_device(&client, &url, &keys[&report.imei], &report).await }
        })
        .buffer_unordered(REQUESTS_AT_ONCE)
        .fold(0, |sum, n| async move { sum + n })
        .await;
    let took = started.elapsed();
    assert_eq!(refused, 0, "every report is accepted");
    println!(
        "HTTP (POST /tapi/device/report, 1 per request, {REQUESTS_AT_ONCE} at once): {total} reports \
         in {:.2} s = {:.0} reports/s",
        took.as_secs_f64(),
        rate(total, took)
    );

    // A device back from a dead zone uploads what it stored: one request per device.
    let batch = reports(
        &devices,
        3,
        base + (IN_PROCESS_ROUNDS + HTTP_ROUNDS + 2) * 1000,
        BACKLOG_ROUNDS,
    );
    let total = batch.len();
    let mut backlogs: HashMap<String, Vec<Report>> = HashMap::new();
    for r in batch {
        backlogs.entry(r.imei.clone()).or_default().push(r);
    }
    let started = Instant::now();
    let refused: usize = futures::stream::iter(backlogs)
        .map(|(imei, backlog)| {
            let (client, url, keys) = (client.clone(), url.clone(), keys.clone());
            async move { post_as_device(&client, &url, &keys[&imei], &backlog).await }
        })
        .buffer_unordered(BACKLOGS_AT_ONCE)
        .fold(0, |sum, n| async move { sum + n })
        .await;
    let took = started.elapsed();
    assert_eq!(refused, 0, "every backlog is accepted");
    println!(
        "HTTP backlogs (POST /tapi/device/report, {BACKLOG_ROUNDS} reports of one device per \
         request, {BACKLOGS_AT_ONCE} at once): {total} reports in {:.2} s = {:.0} reports/s",
        took.as_secs_f64(),
        rate(total, took)
    );
}
