//! Core benchmark: what a signed-in call costs beside `/api/health`, measured while the fleet
//! reports (30,000 simulated vehicles every 30 s through ingestion, as in `live_bench`).
//! Each call runs with 8 connections for 10 s; then 32 connections of the open visitor
//! account flood the server (with the shipped visitor budget) while one other user's calls
//! are timed. Client and server share the process, so the rates include the client's cost.
//!
//! `cargo run --release -p wheelend-tests --example core_bench`
//! (`BENCH_VEHICLES`, `BENCH_SECS` and `BENCH_CONNECTIONS` change the fleet, the run length
//! and the connections per call.)

use std::sync::Arc;
use std::time::{Duration, Instant};

use serde_json::{Value, json};
use wheelend_tests::{Spawn, TestApp, percentile, report_fleet, spawn_app_with};

/// One call as the load generator sends it.
#[derive(Clone)]
struct Call {
    label: &'static str,
    get: bool,
    path: &'static str,
    body: Value,
    token: Option<String>,
}

struct Figures {
    rate: f64,
    p50_ms: f64,
    p99_ms: f64,
    not_ok: usize,
}

fn ms_at(sorted: &[Duration], p: f64) -> f64 {
    percentile(sorted, p).as_secs_f64() * 1000.0
}

/// Sends `call` on `connections` connections for `run`, one request after another on each.
async fn load(app: &TestApp, call: &Call, connections: usize, run: Duration) -> Figures {
    let until = Instant::now() + run;
    let mut tasks = Vec::new();
    for _ in 0..connections {
        // One client (and so one kept-alive connection) per task.
        let client = reqwest::Client::new();
        let url = app.url(call.path);
        let call = call.clone();
        tasks.push(tokio::spawn(async move {
            let mut latencies = Vec::new();
            let mut not_ok = 0;
            while Instant::now() < until {
                let mut req = if call.get {
                    client.get(&url)
                } else {
                    client.post(&url).json(&call.body)
                };
                if let Some(t) = &call.token {
                    req = req.header("x-token", t);
                }
                let started = Instant::now();
                let ok = match req.send().await {
                    Ok(res) => res.bytes().await.is_ok(),
                    Err(_) => false,
                };
                latencies.push(started.elapsed());
                if !ok {
                    not_ok += 1;
                }
            }
            (latencies, not_ok)
        }));
    }
    let mut all = Vec::new();
    let mut not_ok = 0;
    for t in tasks {
        let (l, n) = t.await.expect("a load task");
        all.extend(l);
        not_ok += n;
    }
    all.sort_unstable();
    #[allow(clippy::cast_precision_loss)]
    let rate = all.len() as f64 / run.as_secs_f64();
    Figures {
        rate,
        p50_ms: ms_at(&all, 0.5),
        p99_ms: ms_at(&all, 0.99),
        not_ok,
    }
}

#[tokio::main]
async fn main() {
    let vehicles =
        usize::try_from(wheelend_tests::env_or("BENCH_VEHICLES", 30_000)).unwrap_or(30_000);
    let run = Duration::from_secs(wheelend_tests::env_or("BENCH_SECS", 10));
    let connections = usize::try_from(wheelend_tests::env_or("BENCH_CONNECTIONS", 8)).unwrap_or(8);
    // The shipped visitor budget, so the flood below meets what a real one would. The
    // per-address budget stays off: every connection here comes from 127.0.0.1.
    let shipped = kernel::config::Config::figment()
        .extract::<kernel::config::Config>()
        .expect("the defaults");
    let app = spawn_app_with(Spawn {
        configure: Some(Box::new(move |mut cfg| {
            cfg.visitor_rate_limit = shipped.visitor_rate_limit;
            cfg.visitor_rate_burst = shipped.visitor_rate_burst;
            cfg
        })),
        ..Spawn::default()
    })
    .await;
    println!(
        "core_bench on {}, {vehicles} vehicles reporting every 30 s, {connections} connections × {} s per call",
        if app.is_postgres() {
            "PostgreSQL"
        } else {
            "SQLite"
        },
        run.as_secs()
    );
    let driver = report_fleet(&app, vehicles).await;
    let admin = app.admin_token().await;
    let visitor = app.visitor_token().await;
    // Warm the fleet snapshot and let the first reports land.
    app.post("/api/web/car/statistics", &json!({}), Some(&admin))
        .await
        .ok();
    tokio::time::sleep(Duration::from_secs(3)).await;

    let calls = [
        Call {
            label: "GET /api/health",
            get: true,
            path: "/api/health",
            body: Value::Null,
            token: None,
        },
        Call {
            label: "GET /api/user/getUserInfo",
            get: true,
            path: "/api/user/getUserInfo",
            body: Value::Null,
            token: Some(admin.clone()),
        },
        Call {
            label: "POST /api/web/car/statistics",
            get: false,
            path: "/api/web/car/statistics",
            body: json!({}),
            token: Some(admin.clone()),
        },
        Call {
            label: "POST /api/web/car/list page 1",
            get: false,
            path: "/api/web/car/list",
            body: json!({"page": 1, "pageSize": 10}),
            token: Some(admin.clone()),
        },
        Call {
            label: "refused: visitor POST /api/user/setUserInfo",
            get: false,
            path: "/api/user/setUserInfo",
            body: json!({"ID": 1, "nickName": "x"}),
            token: Some(visitor.clone()),
        },
    ];
    let mut health_rate = 0.0;
    for call in &calls {
        let f = load(&app, call, connections, run).await;
        if call.path == "/api/health" {
            health_rate = f.rate;
        }
        println!(
            "{:<46} {:>8.0} req/s  p50 {:>6.2} ms  p99 {:>7.2} ms  {:>5.1} % of health{}",
            call.label,
            f.rate,
            f.p50_ms,
            f.p99_ms,
            100.0 * f.rate / health_rate.max(1.0),
            if f.not_ok > 0 {
                format!("  ({} failed)", f.not_ok)
            } else {
                String::new()
            }
        );
    }

    // A visitor flood (32 connections) while another user works.
    let flood = Call {
        label: "visitor flood",
        get: true,
        path: "/api/user/getUserInfo",
        body: Value::Null,
        token: Some(visitor),
    };
    let user = Call {
        label: "admin getUserInfo during the flood",
        get: true,
        path: "/api/user/getUserInfo",
        body: Value::Null,
        token: Some(admin),
    };
    let flood_app = Arc::new(app);
    let flooding = {
        let app = flood_app.clone();
        tokio::spawn(async move { load(&app, &flood, 32, run).await })
    };
    let during = load(&flood_app, &user, 1, run).await;
    let flood = flooding.await.expect("the flood");
    println!(
        "visitor flood, 32 connections: {:.0} req/s answered (p99 {:.2} ms); another user meanwhile: {:.0} req/s, p50 {:.2} ms, p99 {:.2} ms",
        flood.rate, flood.p99_ms, during.rate, during.p50_ms, during.p99_ms
    );
    driver.abort();
}
