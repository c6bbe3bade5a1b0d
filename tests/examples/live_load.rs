//! Live load benchmark: the release binary with its simulator driving a fleet (30,000 vehicles
//! by default, each reporting every 30 s through the real ingestion path), first with nobody
//! looking, then with one console user polling the map every 2 s, then with console users who
//! each hold a websocket and poll `watchList4` (whole fleet and map subset; one of them asks
//! for deltas with `since`), `statistics` and the vehicle list (page 1 and a deep page) every
//! 2–5 s; last, a restart, timed to the first whole map. Prints p50/p99 and compressed size
//! per call, report→websocket latency, and the server's CPU and memory (read from `/proc` for
//! the server process alone) over each phase.
//!
//! `cargo build --release -p assets && cargo run --release -p wheelend-tests --example live_load`
//!
//! Settings (environment): `LIVE_LOAD_VEHICLES` (30000), `LIVE_LOAD_USERS` (20),
//! `LIVE_LOAD_SECS` (300, the polling phase), `LIVE_LOAD_IDLE_SECS` (60), `LIVE_LOAD_SETTLE_SECS`
//! (30: after the fleet is online, one report interval passes before anything is measured, so a
//! vehicle's first report — its state row, its first alarms — is not counted as steady state), `WHEELEND_BIN` (the
//! binary; default `target/release/wheelend`), `TEST_DATABASE_URL` (PostgreSQL instead of the
//! SQLite file).

use std::collections::BTreeMap;
use std::process::Stdio;
use std::sync::Arc;
use std::time::{Duration, Instant};

use rand::Rng;
use serde_json::{Value, json};
use tokio::process::{Child, Command};
use tokio::sync::Mutex;
use wheelend_tests::{ADMIN_PASSWORD, percentile};

fn binary() -> std::path::PathBuf {
    std::env::var_os("WHEELEND_BIN").map_or_else(
        || {
            let exe = std::env::current_exe().expect("the example's path");
            // target/release/examples/live_load → target/release/wheelend
            exe.parent()
                .and_then(std::path::Path::parent)
                .expect("target/release")
                .join("wheelend")
        },
        Into::into,
    )
}

/// CPU seconds (user + system) and resident memory (MiB) of a process, from `/proc`.
fn usage(pid: u32) -> (f64, f64) {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
    // Fields after the command name (which may hold spaces) start at ") ".
    let fields: Vec<&str> = stat
        .rsplit_once(") ")
        .map(|(_, rest)| rest.split(' ').collect())
        .unwrap_or_default();
    let ticks = |i: usize| {
        fields
            .get(i)
            .and_then(|v| v.parse::<f64>().ok())
            .unwrap_or(0.0)
    };
    // utime and stime are fields 14 and 15 of the whole line, 11 and 12 after the name.
    let cpu = (ticks(11) + ticks(12)) / 100.0;
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
    let rss_kib = status
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .and_then(|v| v.trim().trim_end_matches(" kB").trim().parse::<f64>().ok())
        .unwrap_or(0.0);
    (cpu, rss_kib / 1024.0)
}

struct Server {
    child: Child,
    base: String,
    _dir: tempfile::TempDir,
}

async fn start(vehicles: u64, dir: tempfile::TempDir) -> Server {
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let mut cmd = Command::new(binary());
    cmd.arg("serve")
        .env("WHEELEND_DATA_DIR", dir.path())
        .env("WHEELEND_ADDR", format!("127.0.0.1:{port}"))
        .env("WHEELEND_ADMIN_PASSWORD", ADMIN_PASSWORD)
        .env("WHEELEND_SIMULATE", "1")
        .env("WHEELEND_SIMULATE_VEHICLES", vehicles.to_string())
        .env("WHEELEND_MQTT_PORT", "0")
        // Every simulated console user comes from this one address.
        .env("WHEELEND_RATE_LIMIT_PER_IP", "0")
        .env("RUST_LOG", "warn")
        .stdout(Stdio::null())
        .kill_on_drop(true);
    if let Ok(url) = std::env::var("TEST_DATABASE_URL") {
        cmd.env("DATABASE_URL", url);
    }
    let child = cmd.spawn().expect("the server starts");
    let base = format!("http://127.0.0.1:{port}");
    let client = reqwest::Client::new();
    let started = Instant::now();
    while client
        .get(format!("{base}/api/health"))
        .send()
        .await
        .is_err()
    {
        assert!(
            started.elapsed() < Duration::from_secs(600),
            "the server answers within 10 minutes"
        );
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    println!("server up in {:.1} s", started.elapsed().as_secs_f64());
    Server {
        child,
        base,
        _dir: dir,
    }
}

async fn sign_in(client: &reqwest::Client, base: &str) -> String {
    let answer: Value = client
        .post(format!("{base}/api/base/login"))
        .json(&json!({"username": "admin", "password": ADMIN_PASSWORD}))
        .send()
        .await
        .expect("login answers")
        .json()
        .await
        .expect("an envelope");
    answer["data"]["token"]
        .as_str()
        .unwrap_or_else(|| panic!("signed in: {answer}"))
        .to_owned()
}

/// One timed call: milliseconds and compressed bytes.
async fn call(
    client: &reqwest::Client,
    base: &str,
    token: &str,
    path: &str,
    body: &Value,
) -> (f64, usize) {
    let started = Instant::now();
    let res = client
        .post(format!("{base}{path}"))
        .header("x-token", token)
        .header("accept-encoding", "gzip, deflate, br, zstd")
        .json(body)
        .send()
        .await
        .expect("the server answers");
    let bytes = res.bytes().await.expect("a body").len();
    (started.elapsed().as_secs_f64() * 1000.0, bytes)
}

const CALLS: [(&str, &str); 5] = [
    ("watchList4 whole fleet", "/api/web/car/watchList4"),
    ("watchList4 map subset", "/api/web/car/watchList4"),
    ("statistics", "/api/web/car/statistics"),
    ("vehicle list page 1", "/api/web/car/list"),
    ("vehicle list page 300", "/api/web/car/list"),
];

fn body_of(label: &str) -> Value {
    match label {
        "watchList4 map subset" => json!({"data_volume": 1}),
        "vehicle list page 1" => json!({"page": 1, "pageSize": 100}),
        "vehicle list page 300" => json!({"page": 300, "pageSize": 100}),
        _ => json!({}),
    }
}

type Timings = Arc<Mutex<BTreeMap<&'static str, Vec<(f64, usize)>>>>;

/// Milliseconds from each vehicle frame's report time (`ft`) to its arrival on the socket.
async fn frame_latencies(socket_url: String, until: Instant, timings: Timings) {
    use futures::StreamExt;
    let (mut socket, _) = tokio_tungstenite::connect_async(socket_url)
        .await
        .expect("the websocket opens");
    while Instant::now() < until {
        let Ok(Some(Ok(message))) =
            tokio::time::timeout(Duration::from_secs(1), socket.next()).await
        else {
            continue;
        };
        let Ok(text) = message.into_text() else {
            continue;
        };
        let Ok(frame) = serde_json::from_str::<Value>(&text) else {
            continue;
        };
        if frame["type"] != "vehicle" {
            continue;
        }
        if let Some(ft) = frame["data"]["ft"].as_i64() {
            let ms = (chrono::Utc::now().timestamp_millis() - ft) as f64;
            timings
                .lock()
                .await
                .entry("report → websocket frame")
                .or_default()
                .push((ms, text.len()));
        }
    }
}

/// A console user: holds a websocket and polls the calls; with `deltas`, the feed is asked
/// with the version of the previous answer (`since`), as the console does after reconnecting.
async fn console_user(base: String, token: String, until: Instant, timings: Timings, deltas: bool) {
    let client = reqwest::Client::new();
    let ws_url = format!("{}/ws?token={token}", base.replacen("http", "ws", 1));
    // The first user's socket measures latency; the others drain theirs as consoles do.
    let reader = if deltas {
        tokio::spawn(frame_latencies(ws_url, until, timings.clone()))
    } else {
        let (socket, _) = tokio_tungstenite::connect_async(ws_url)
            .await
            .expect("the websocket opens");
        tokio::spawn(async move {
            use futures::StreamExt;
            let mut socket = socket;
            while let Some(Ok(_)) = socket.next().await {}
        })
    };
    let mut version: Option<String> = None;
    while Instant::now() < until {
        for (label, path) in CALLS {
            let t = call(&client, &base, &token, path, &body_of(label)).await;
            timings.lock().await.entry(label).or_default().push(t);
        }
        if deltas {
            let body = match &version {
                Some(v) => json!({"data_volume": 1, "since": v}),
                None => json!({"data_volume": 1}),
            };
            let started = Instant::now();
            let answer: Value = client
                .post(format!("{base}/api/web/car/watchList4"))
                .header("x-token", &token)
                .json(&body)
                .send()
                .await
                .expect("the server answers")
                .json()
                .await
                .expect("an envelope");
            let ms = started.elapsed().as_secs_f64() * 1000.0;
            let size = answer.to_string().len();
            version = answer["data"]["version"].as_str().map(str::to_owned);
            let label = if answer["data"]["delta"] == true {
                "watchList4 delta (since), uncompressed size"
            } else {
                "watchList4 first load (no since), uncompressed size"
            };
            timings
                .lock()
                .await
                .entry(label)
                .or_default()
                .push((ms, size));
        }
        let pause = rand::rng().random_range(2_000..5_000);
        tokio::time::sleep(Duration::from_millis(pause)).await;
    }
    reader.abort();
}

/// One console user polling the map subset every 2 s for `secs`: the server's CPU meanwhile.
async fn one_user_map(base: &str, token: &str, pid: u32, secs: u64) -> f64 {
    let client = reqwest::Client::new();
    let until = Instant::now() + Duration::from_secs(secs);
    let poll = async {
        while Instant::now() < until {
            call(
                &client,
                base,
                token,
                "/api/web/car/watchList4",
                &json!({"data_volume": 1}),
            )
            .await;
            tokio::time::sleep(Duration::from_secs(2)).await;
        }
    };
    let (_, (cpu, _)) = tokio::join!(poll, watch(pid, secs));
    cpu
}

/// CPU (% of one core) and memory samples over `secs`, every 5 s.
async fn watch(pid: u32, secs: u64) -> (f64, Vec<f64>) {
    let (cpu0, _) = usage(pid);
    let started = Instant::now();
    let mut rss = Vec::new();
    while started.elapsed() < Duration::from_secs(secs) {
        tokio::time::sleep(Duration::from_secs(5)).await;
        rss.push(usage(pid).1);
    }
    let (cpu1, _) = usage(pid);
    ((cpu1 - cpu0) / started.elapsed().as_secs_f64() * 100.0, rss)
}

/// The parts of the resident memory now: the heap and stacks (anonymous), mapped files (the
/// binary, SQLite's shared memory) and shared memory, as `/proc` names them.
fn memory_parts(pid: u32) -> String {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
    ["RssAnon", "RssFile", "RssShmem"]
        .iter()
        .filter_map(|part| {
            let kib = status
                .lines()
                .find_map(|l| l.strip_prefix(part)?.strip_prefix(':'))?
                .trim()
                .trim_end_matches(" kB")
                .trim()
                .parse::<f64>()
                .ok()?;
            Some(format!("{part} {:.0} MiB", kib / 1024.0))
        })
        .collect::<Vec<_>>()
        .join(", ")
}

fn show_memory(label: &str, pid: u32, rss: &[f64]) {
    let first = rss.first().copied().unwrap_or(0.0);
    let last = rss.last().copied().unwrap_or(0.0);
    let max = rss.iter().copied().fold(0.0, f64::max);
    println!("{label}: RSS first {first:.0} MiB, last {last:.0} MiB, max {max:.0} MiB");
    println!("{label}: at the end, {}", memory_parts(pid));
    if rss.len() > 10 {
        // Whether it levels off: the samples at each tenth of the run.
        let tenths: Vec<String> = (0..=10)
            .map(|i| format!("{:.0}", rss[(rss.len() - 1) * i / 10]))
            .collect();
        println!(
            "{label}: RSS at each tenth of the run (MiB): {}",
            tenths.join(" ")
        );
    }
}

#[tokio::main]
async fn main() {
    let vehicles = wheelend_tests::env_or("LIVE_LOAD_VEHICLES", 30_000);
    let users = wheelend_tests::env_or("LIVE_LOAD_USERS", 20);
    let secs = wheelend_tests::env_or("LIVE_LOAD_SECS", 300);
    let idle = wheelend_tests::env_or("LIVE_LOAD_IDLE_SECS", 60);
    let settle = wheelend_tests::env_or("LIVE_LOAD_SETTLE_SECS", 30);
    let server = start(vehicles, tempfile::tempdir().expect("a data directory")).await;
    let pid = server.child.id().expect("the server's pid");
    let client = reqwest::Client::new();
    let base = server.base.clone();
    let admin = sign_in(&client, &base).await;

    // Wait until the simulated fleet is in and reporting.
    let started = Instant::now();
    loop {
        let answer: Value = client
            .post(format!("{base}/api/web/car/statistics"))
            .header("x-token", &admin)
            .json(&json!({}))
            .send()
            .await
            .expect("statistics answers")
            .json()
            .await
            .expect("an envelope");
        let online = answer["data"]["online"].as_u64().unwrap_or(0);
        if online + 10 >= vehicles {
            println!(
                "{online} of {vehicles} vehicles online after {:.0} s",
                started.elapsed().as_secs_f64()
            );
            break;
        }
        assert!(
            started.elapsed() < Duration::from_secs(900),
            "the fleet comes online: {answer}"
        );
        tokio::time::sleep(Duration::from_secs(2)).await;
    }

    tokio::time::sleep(Duration::from_secs(settle)).await;
    let (cpu, rss) = watch(pid, idle).await;
    println!("nobody looking, {idle} s: server CPU {cpu:.0} % of one core");
    show_memory("nobody looking", pid, &rss);
    let cpu = one_user_map(&base, &admin, pid, idle).await;
    println!("one user polling the map every 2 s, {idle} s: server CPU {cpu:.0} % of one core");

    // Each call answers (code 0) before it is timed.
    for (label, path) in CALLS {
        let answer: Value = client
            .post(format!("{base}{path}"))
            .header("x-token", &admin)
            .json(&body_of(label))
            .send()
            .await
            .expect("the server answers")
            .json()
            .await
            .expect("an envelope");
        assert_eq!(answer["code"], 0, "{label}: {answer}");
        if let Some(total) = answer["data"]["total"].as_u64() {
            println!("{label}: {total} vehicles");
        }
    }

    let timings: Timings = Arc::default();
    let until = Instant::now() + Duration::from_secs(secs);
    let mut tasks = Vec::new();
    for user in 0..users {
        let token = sign_in(&client, &base).await;
        tasks.push(tokio::spawn(console_user(
            base.clone(),
            token,
            until,
            timings.clone(),
            user == 0,
        )));
    }
    let (cpu, rss) = watch(pid, secs).await;
    for task in tasks {
        task.await.expect("a console user finishes");
    }
    println!("{users} users polling every 2–5 s, {secs} s: server CPU {cpu:.0} % of one core");
    show_memory("under load", pid, &rss);
    for (label, mut samples) in std::mem::take(&mut *timings.lock().await) {
        samples.sort_by(|a, b| a.0.total_cmp(&b.0));
        let ms: Vec<f64> = samples.iter().map(|s| s.0).collect();
        let bytes = samples.last().map_or(0, |s| s.1);
        println!(
            "{label}: {} calls, p50 {:.1} ms, p99 {:.1} ms, {} KB compressed",
            ms.len(),
            percentile(&ms, 0.5),
            percentile(&ms, 0.99),
            bytes / 1000
        );
    }
    restart(server, vehicles).await;
}

/// Stops the server and starts it again on the same data, the simulator still reporting:
/// how long until the whole map answers with every vehicle.
async fn restart(server: Server, vehicles: u64) {
    let Server {
        mut child,
        _dir: dir,
        ..
    } = server;
    child.kill().await.ok();
    child.wait().await.ok();
    let started = Instant::now();
    let mut server = start(vehicles, dir).await;
    let client = reqwest::Client::new();
    let admin = sign_in(&client, &server.base).await;
    loop {
        let answer: Value = client
            .post(format!("{}/api/web/car/watchList4", server.base))
            .header("x-token", &admin)
            .json(&json!({"data_volume": 1}))
            .send()
            .await
            .expect("watchList4 answers")
            .json()
            .await
            .expect("an envelope");
        // The simulated fleet plus the demo enterprise's few vehicles.
        if answer["data"]["total"]
            .as_u64()
            .is_some_and(|total| total >= vehicles)
        {
            break;
        }
        assert!(
            started.elapsed() < Duration::from_secs(120),
            "the map comes back: code {} total {}",
            answer["code"],
            answer["data"]["total"]
        );
    }
    println!(
        "restart: first whole map ({vehicles} vehicles) {:.2} s after the old process stopped",
        started.elapsed().as_secs_f64()
    );
    server.child.kill().await.ok();
}
