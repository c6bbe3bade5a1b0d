//! Export benchmark: the app on a fresh database (SQLite unless `TEST_DATABASE_URL` is set),
//! 1,000,000 alarm events over 30 days on 1,000 vehicles of one enterprise, then the event
//! log exported whole over HTTP as CSV (and 200,000 of them as XLSX) by that enterprise's
//! administrator: rows per second, time to the first byte, and the process's resident memory
//! before and at its highest during the download (the export must not grow with the size).
//!
//! `cargo run --release -p wheelend-tests --example export_bench` (`EXPORT_ROWS=…` to change
//! the count).

use std::time::Instant;

use chrono::{Duration as Span, Utc};
use entities::{vehicle, vehicle_alarm};
use sea_orm::{EntityTrait, Set, TransactionTrait};
use serde_json::json;
use wheelend_tests::{TestApp, settle_after_bulk_load, spawn_app, tenants};

const VEHICLES: i64 = 1_000;
const FIRST_VEHICLE: i64 = 3_000_000;

/// Resident memory of this process (server and client), MiB.
fn rss_mib() -> f64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse::<f64>().ok())
        .map_or(0.0, |kb| kb / 1024.0)
}

/// The vehicles, then `rows` alarms (already cleared, no clear time: one event each) spread
/// over the last 30 days, in slices of one transaction each.
async fn seed(
    app: &TestApp,
    ent: i64,
    rows: i64,
) -> (chrono::DateTime<Utc>, chrono::DateTime<Utc>) {
    let started = Instant::now();
    let now = Utc::now();
    let txn = app.state.db.begin().await.expect("a transaction");
    let vehicles =
        wheelend_tests::fleet::bulk_vehicles(ent, FIRST_VEHICLE, VEHICLES, ("EXP", "LEX"));
    for chunk in vehicles.chunks(500) {
        vehicle::Entity::insert_many(chunk.to_vec())
            .exec_without_returning(&txn)
            .await
            .expect("vehicles");
    }
    txn.commit().await.expect("commit");
    let start = now - Span::days(30);
    let step = Span::days(30).num_milliseconds() / rows.max(1);
    for slice in (0..rows).collect::<Vec<i64>>().chunks(50_000) {
        let txn = app.state.db.begin().await.expect("a transaction");
        for chunk in slice.chunks(2_000) {
            let alarms = chunk.iter().map(|i| {
                let at = start + Span::milliseconds(i * step);
                vehicle_alarm::ActiveModel {
                    enterprise_id: Set(ent),
                    vehicle_id: Set(FIRST_VEHICLE + i % VEHICLES),
                    position: Set(i32::try_from(i % 4).unwrap() + 21),
                    kind: Set(2),
                    level: Set(if i % 10 == 0 { 2 } else { 1 }),
                    state: Set(2),
                    value: Set(Some(6.5)),
                    threshold: Set(Some(7.0)),
                    started_at: Set(at),
                    last_at: Set(at),
                    note: Set(String::new()),
                    ..Default::default()
                }
            });
            vehicle_alarm::Entity::insert_many(alarms)
                .exec_without_returning(&txn)
                .await
                .expect("alarms");
        }
        txn.commit().await.expect("commit");
    }
    println!(
        "seeded {rows} alarms on {VEHICLES} vehicles in {:.1} s",
        started.elapsed().as_secs_f64()
    );
    (start - Span::minutes(1), now + Span::minutes(1))
}

/// Downloads an export, counting its rows; prints the figures.
async fn run(app: &TestApp, token: &str, label: &str, body: serde_json::Value) {
    let before = rss_mib();
    let started = Instant::now();
    let mut res = app
        .client
        .post(app.url("/api/web/log/getLogListCSV"))
        .header("x-token", token)
        .header("accept-language", "en")
        .json(&body)
        .send()
        .await
        .expect("the server answers");
    assert!(res.status().is_success());
    let (mut bytes, mut lines, mut first, mut peak) = (0_usize, 0_usize, None, before);
    let mut all = Vec::new();
    let xlsx = body["format"] == "xlsx";
    while let Some(piece) = res.chunk().await.expect("a piece") {
        first.get_or_insert_with(|| started.elapsed());
        bytes += piece.len();
        if xlsx {
            all.extend_from_slice(&piece);
        } else {
            lines += piece.iter().filter(|b| **b == b'\n').count();
        }
        peak = peak.max(rss_mib());
    }
    let took = started.elapsed().as_secs_f64();
    let rows = if xlsx {
        use calamine::{Reader, Xlsx};
        let mut book: Xlsx<_> = Xlsx::new(std::io::Cursor::new(all)).expect("an XLSX workbook");
        book.worksheet_range_at(0)
            .expect("a sheet")
            .expect("readable")
            .height()
            - 1
    } else {
        lines - 1
    };
    #[allow(clippy::cast_precision_loss)]
    let rate = rows as f64 / took;
    println!(
        "{label}: {rows} rows, {:.1} MiB in {took:.2} s = {rate:.0} rows/s; first byte after {:.0} ms; \
         RSS {before:.0} MiB before, {peak:.0} MiB at most",
        bytes as f64 / 1_048_576.0,
        first.unwrap_or_default().as_secs_f64() * 1000.0,
    );
}

#[tokio::main]
async fn main() {
    let rows: i64 = std::env::var("EXPORT_ROWS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(1_000_000);
    let app = spawn_app().await;
    let t = tenants::two_trees(&app).await;
    let (start, end) = seed(&app, t.a.root, rows).await;
    settle_after_bulk_load(&app).await;
    let range = json!({"start": start.to_rfc3339(), "end": end.to_rfc3339()});
    run(&app, &t.a.admin, "CSV, the whole month", range.clone()).await;
    let fifth = json!({"start": (end - Span::days(6)).to_rfc3339(), "end": end.to_rfc3339(),
                       "format": "xlsx"});
    run(&app, &t.a.admin, "XLSX, the last 6 days", fifth).await;
}
