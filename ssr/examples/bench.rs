//! SSR throughput: QuickJS pool (uncached and behind a moka cache) against Node on the same bundle.
//!
//! cargo run --release -p ssr --example bench -- [--bundle app/dist/ssr.js] [--requests 2000]
//!     [--concurrency 4] [--workers N] [--url /solution] [--signed-in] [--deadline-ms 2000]
//!     [--no-node] [--data '{"share": …}']
//!
//! Under `valgrind --tool=callgrind` (instruction counts, repeatable on a busy machine) give a
//! long `--deadline-ms`: renders run ~50x slower there and would otherwise time out.

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use rquickjs::context::EvalOptions;
use rquickjs::{Context, Module, Runtime};
use ssr::{RenderOutput, SsrConfig, SsrPool};

struct Args {
    bundle: PathBuf,
    requests: usize,
    concurrency: usize,
    workers: Option<usize>,
    url: String,
    signed_in: bool,
    deadline: Option<Duration>,
    node: bool,
    /// The render input's route data, e.g. a share page's vehicle for `--url /mf/1`.
    data: serde_json::Value,
}

fn parse_args() -> Args {
    let mut args = Args {
        bundle: PathBuf::from("app/dist/ssr.js"),
        requests: 2000,
        concurrency: 4,
        workers: None,
        url: "/solution".into(),
        signed_in: false,
        deadline: None,
        node: true,
        data: serde_json::json!({}),
    };
    let mut it = std::env::args().skip(1);
    while let Some(flag) = it.next() {
        let mut value = || {
            it.next()
                .unwrap_or_else(|| fail(&format!("{flag} needs a value")))
        };
        match flag.as_str() {
            "--bundle" => args.bundle = PathBuf::from(value()),
            "--requests" => args.requests = value().parse().unwrap_or_else(|_| fail("--requests")),
            "--concurrency" => {
                args.concurrency = value().parse().unwrap_or_else(|_| fail("--concurrency"));
            }
            "--workers" => {
                args.workers = Some(value().parse().unwrap_or_else(|_| fail("--workers")));
            }
            "--url" => args.url = value(),
            "--signed-in" => args.signed_in = true,
            "--deadline-ms" => {
                let ms = value().parse().unwrap_or_else(|_| fail("--deadline-ms"));
                args.deadline = Some(Duration::from_millis(ms));
            }
            "--no-node" => args.node = false,
            "--data" => {
                args.data = serde_json::from_str(&value()).unwrap_or_else(|_| fail("--data"));
            }
            other => fail(&format!("unknown argument {other}")),
        }
    }
    args.requests = args.requests.max(1);
    args.concurrency = args.concurrency.max(1);
    args
}

fn fail(msg: &str) -> ! {
    eprintln!("bench: {msg}");
    std::process::exit(2)
}

/// Relative paths are tried from the current directory, then from the workspace root.
fn resolve(path: &Path) -> PathBuf {
    if path.is_absolute() || path.exists() {
        return path.to_path_buf();
    }
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..").join(path)
}

/// A render input as the host sends it; signed in means the console's shell for a user.
fn bench_input(url: &str, signed_in: bool, data: &serde_json::Value) -> serde_json::Value {
    let user = signed_in.then(|| {
        serde_json::json!({
            "id": 1, "userName": "admin", "nickName": "Admin", "authorityId": 888, "visitor": false
        })
    });
    serde_json::json!({
        "url": url,
        "origin": "http://127.0.0.1:8080",
        "brand": {
            "appName": "Wheelend",
            "desc": "Wheel-end safety for commercial fleets: tyre pressure and temperature (TPMS), axle temperature and fire prevention.",
            "appLogo": "/brand/default.svg",
            "wsUrl": "/ws",
            "appDomain": "localhost"
        },
        "lang": "zh",
        "user": user,
        "data": data
    })
}

#[derive(Clone, Copy)]
struct Row {
    rps: f64,
    p50_ms: f64,
    p99_ms: f64,
}

fn summarize(mut latencies: Vec<Duration>, wall: Duration) -> Row {
    latencies.sort_unstable();
    let pick = |q: f64| {
        let i = ((q * latencies.len() as f64) as usize).min(latencies.len() - 1);
        latencies[i].as_secs_f64() * 1e3
    };
    Row {
        rps: latencies.len() as f64 / wall.as_secs_f64(),
        p50_ms: pick(0.5),
        p99_ms: pick(0.99),
    }
}

/// Runs `requests` calls of `f` with `concurrency` in flight; returns per-call latencies.
async fn drive<F, Fut>(requests: usize, concurrency: usize, f: F) -> Row
where
    F: Fn() -> Fut + Send + Sync + 'static,
    Fut: Future<Output = ()> + Send,
{
    let f = Arc::new(f);
    let next = Arc::new(AtomicUsize::new(0));
    let started = Instant::now();
    let tasks: Vec<_> = (0..concurrency)
        .map(|_| {
            let (f, next) = (Arc::clone(&f), Arc::clone(&next));
            tokio::spawn(async move {
                let mut latencies = Vec::new();
                while next.fetch_add(1, Ordering::Relaxed) < requests {
                    let t = Instant::now();
                    f().await;
                    latencies.push(t.elapsed());
                }
                latencies
            })
        })
        .collect();
    let mut latencies = Vec::with_capacity(requests);
    for task in tasks {
        latencies.extend(task.await.expect("bench task"));
    }
    summarize(latencies, started.elapsed())
}

/// Start-up cost on one thread (best of 3): runtime creation, whole-script evaluation, the
/// parse+compile share of it (what loading precompiled bytecode could at best save), and the
/// heap the evaluated bundle occupies.
struct Startup {
    create: Duration,
    eval: Duration,
    compile: Option<Duration>,
    heap_bytes: i64,
}

fn startup_breakdown(bundle: &str) -> Startup {
    let mut best: Option<Startup> = None;
    for _ in 0..3 {
        let t = Instant::now();
        let rt = Runtime::new().expect("runtime");
        rt.set_max_stack_size(SsrConfig::default().max_stack);
        let ctx = Context::full(&rt).expect("context");
        let create = t.elapsed();

        let t = Instant::now();
        ctx.with(|ctx| {
            let mut opts = EvalOptions::default();
            opts.strict = false;
            // The pool installs a real console; a stub keeps this measurement comparable.
            let stub =
                "globalThis.console = {log() {}, info() {}, debug() {}, warn() {}, error() {}};";
            ctx.eval::<(), _>(stub).expect("console stub");
            if let Err(e) = ctx.eval_with_options::<(), _>(bundle, opts) {
                let thrown = ctx.catch();
                fail(&format!("bundle evaluation failed: {e} {thrown:?}"));
            }
        });
        let eval = t.elapsed();
        rt.run_gc();
        let heap_bytes = rt.memory_usage().memory_used_size;

        // Compile only, as a module: the only compile-only entry point rquickjs exposes safely.
        let rt = Runtime::new().expect("runtime");
        let ctx = Context::full(&rt).expect("context");
        let t = Instant::now();
        let compiled = ctx.with(|ctx| Module::declare(ctx, "ssr.js", bundle).is_ok());
        let compile = compiled.then(|| t.elapsed());

        let run = Startup {
            create,
            eval,
            compile,
            heap_bytes,
        };
        if best.as_ref().is_none_or(|b| run.eval < b.eval) {
            best = Some(run);
        }
    }
    best.expect("three runs")
}

#[derive(serde::Deserialize)]
struct NodeRow {
    rps: f64,
    p50_ms: f64,
    p99_ms: f64,
}

#[derive(serde::Deserialize)]
struct NodeReport {
    startup_ms: f64,
    sequential: NodeRow,
    parallel: NodeRow,
}

fn run_node(bundle: &Path, input: &str, args: &Args) -> Result<NodeReport, String> {
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("bench/node-bench.mjs");
    let input_path =
        std::env::temp_dir().join(format!("ssr-bench-input-{}.json", std::process::id()));
    std::fs::write(&input_path, input).map_err(|e| e.to_string())?;
    let out = std::process::Command::new("node")
        .arg(&script)
        .arg(bundle)
        .arg(args.requests.to_string())
        .arg(args.concurrency.to_string())
        .arg(&input_path)
        .output();
    let _ = std::fs::remove_file(&input_path);
    let out = out.map_err(|e| format!("cannot run node: {e}"))?;
    if !out.status.success() {
        return Err(String::from_utf8_lossy(&out.stderr).into_owned());
    }
    let stdout = String::from_utf8_lossy(&out.stdout);
    let line = stdout.lines().last().unwrap_or_default();
    serde_json::from_str(line).map_err(|e| format!("{e}: {stdout}"))
}

fn print_row(name: &str, row: Row) {
    println!(
        "{name:<34} {:>10.0} {:>9.3} {:>9.3}",
        row.rps, row.p50_ms, row.p99_ms
    );
}

#[tokio::main]
async fn main() {
    let args = parse_args();
    let bundle_path = resolve(&args.bundle);
    let bundle = std::fs::read_to_string(&bundle_path)
        .unwrap_or_else(|e| fail(&format!("{}: {e}", bundle_path.display())));
    let input = bench_input(&args.url, args.signed_in, &args.data);
    let input_json = input.to_string();
    let c = args.concurrency;
    let n = args.requests;

    let startup = startup_breakdown(&bundle);
    let cfg = SsrConfig {
        workers: args.workers.unwrap_or(SsrConfig::default().workers),
        queue: c.max(64),
        deadline: args.deadline.unwrap_or(SsrConfig::default().deadline),
        ..SsrConfig::default()
    };
    let t = Instant::now();
    let pool = SsrPool::new(bundle.clone(), cfg.clone()).unwrap_or_else(|e| fail(&e.to_string()));
    let pool_new = t.elapsed();

    let first = pool
        .render(input_json.clone())
        .await
        .unwrap_or_else(|e| fail(&e.to_string()));
    println!(
        "bundle     {} ({} KiB)",
        bundle_path.display(),
        bundle.len() / 1024
    );
    println!(
        "output     status {} head {} B html {} B",
        first.status,
        first.head.len(),
        first.html.len()
    );
    println!(
        "start-up   runtime+context {:.2} ms, bundle eval {:.2} ms (parse+compile {}), heap {} KiB",
        ms(startup.create),
        ms(startup.eval),
        startup.compile.map_or_else(
            || "n/a: not valid as a module".into(),
            |d| format!("{:.2} ms", ms(d))
        ),
        startup.heap_bytes / 1024
    );
    let per_worker: Vec<String> = pool
        .startup_times()
        .iter()
        .map(|d| format!("{:.1}", ms(*d)))
        .collect();
    println!(
        "pool       {} workers ready in {:.1} ms (per worker ms: {})",
        cfg.workers,
        ms(pool_new),
        per_worker.join(", ")
    );
    println!("load       {n} requests, {c} in flight\n");

    // Warm-up: let every worker render a few times before measuring.
    for _ in 0..cfg.workers * 10 {
        let _ = pool.render(input_json.clone()).await;
    }

    let render = |pool: SsrPool, input: String| async move {
        pool.render(input).await.expect("render");
    };
    let (p, i) = (pool.clone(), input_json.clone());
    let seq = drive(n, 1, move || render(p.clone(), i.clone())).await;
    let (p, i) = (pool.clone(), input_json.clone());
    let par = drive(n, c, move || render(p.clone(), i.clone())).await;

    // Cached: anonymous pages keyed by (brand, lang, url), as the host would.
    let cache: moka::future::Cache<(String, String, String), Arc<RenderOutput>> =
        moka::future::Cache::builder().max_capacity(10_000).build();
    let key = (
        input["brand"].to_string(),
        input["lang"].as_str().unwrap_or_default().to_owned(),
        input["url"].as_str().unwrap_or_default().to_owned(),
    );
    let (p, i) = (pool.clone(), input_json.clone());
    let cached = drive(n, c, move || {
        let (cache, key, pool, input) = (cache.clone(), key.clone(), p.clone(), i.clone());
        async move {
            let out = cache
                .try_get_with(key, async move { pool.render(input).await.map(Arc::new) })
                .await
                .expect("render");
            assert_eq!(out.status, first.status);
        }
    })
    .await;

    println!(
        "{:<34} {:>10} {:>9} {:>9}",
        "", "renders/s", "p50 ms", "p99 ms"
    );
    print_row("quickjs pool, sequential", seq);
    print_row(&format!("quickjs pool, {c} in flight"), par);
    print_row(&format!("quickjs pool + moka, {c} in flight"), cached);

    if args.node {
        match run_node(&bundle_path, &input_json, &args) {
            Ok(node) => {
                let nseq = Row {
                    rps: node.sequential.rps,
                    p50_ms: node.sequential.p50_ms,
                    p99_ms: node.sequential.p99_ms,
                };
                let npar = Row {
                    rps: node.parallel.rps,
                    p50_ms: node.parallel.p50_ms,
                    p99_ms: node.parallel.p99_ms,
                };
                print_row("node, sequential", nseq);
                print_row(&format!("node, {c} worker_threads"), npar);
                println!();
                println!(
                    "quickjs/node throughput: sequential {:.2}x, {c} in flight {:.2}x",
                    seq.rps / nseq.rps,
                    par.rps / npar.rps
                );
                println!(
                    "node start-up (vm.runInThisContext): {:.2} ms",
                    node.startup_ms
                );
            }
            Err(e) => println!("node: skipped ({})", e.trim()),
        }
    }
    let stats = pool.stats();
    println!(
        "pool stats: renders {} errors {} timeouts {} restarts {} rejected {}",
        stats.renders, stats.errors, stats.timeouts, stats.restarts, stats.rejected
    );
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1e3
}
