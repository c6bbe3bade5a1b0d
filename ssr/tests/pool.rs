//! Pool behaviour against small fixture bundles (tests/fixtures/*.js).

use std::time::{Duration, Instant};

use ssr::{ClientBundle, RenderOutput, SsrConfig, SsrError, SsrPool};

fn fixture(name: &str) -> String {
    let path = format!("{}/tests/fixtures/{name}.js", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

fn input(url: &str) -> String {
    serde_json::json!({
        "url": url,
        "origin": "http://127.0.0.1:8080",
        "brand": {"appName": "Wheelend", "desc": "d", "appLogo": "/brand/default.svg",
                  "wsUrl": "/ws", "appDomain": "localhost"},
        "lang": "zh",
        "user": null,
        "data": {}
    })
    .to_string()
}

fn cfg(workers: usize) -> SsrConfig {
    SsrConfig {
        workers,
        deadline: Duration::from_secs(5),
        memory_limit: 64 * 1024 * 1024,
        ..SsrConfig::default()
    }
}

fn pool(name: &str, cfg: SsrConfig) -> SsrPool {
    SsrPool::new(fixture(name), cfg).expect("pool starts")
}

async fn assert_echo(pool: &SsrPool, url: &str) {
    let out = pool.render(input(url)).await.expect("render succeeds");
    assert_eq!(out.status, 200);
    assert_eq!(out.html, format!("<p>{url}</p>"));
}

#[tokio::test]
async fn renders_and_parses_output() {
    let pool = pool("echo", cfg(1));
    let out = pool.render(input("/solution?x=1")).await.unwrap();
    assert_eq!(
        out,
        RenderOutput {
            status: 200,
            head: "<title>/solution?x=1</title>".into(),
            html: "<p>/solution?x=1</p>".into(),
            redirect: None,
            bundle: ClientBundle::Console,
        }
    );
    let stats = pool.stats();
    assert_eq!((stats.workers, stats.renders, stats.errors), (1, 1, 0));
    assert_eq!(pool.startup_times().len(), 1);
}

#[tokio::test]
async fn pending_jobs_run_after_each_render() {
    let pool = pool("echo", cfg(1));
    for _ in 0..3 {
        assert_echo(&pool, "/a").await;
    }
    // The /ticks call itself queues one more tick, which runs after it returns.
    let out = pool.render(input("/ticks")).await.unwrap();
    assert_eq!(out.html, "3");
}

#[tokio::test]
async fn console_does_not_break_rendering() {
    let pool = pool("echo", cfg(1));
    assert_echo(&pool, "/log").await;
}

#[tokio::test]
async fn reads_a_redirect_and_the_bundle() {
    let pool = pool("echo", cfg(1));
    let out = pool.render(input("/redirect")).await.unwrap();
    assert_eq!(
        out,
        RenderOutput {
            status: 302,
            head: String::new(),
            html: String::new(),
            redirect: Some("/map".into()),
            bundle: ClientBundle::Console,
        }
    );
    let out = pool.render(input("/site")).await.unwrap();
    assert_eq!(
        out,
        RenderOutput {
            status: 200,
            head: "<title>site</title>".into(),
            html: "<p>site</p>".into(),
            redirect: None,
            bundle: ClientBundle::Site,
        }
    );
}

#[tokio::test]
async fn bad_output_is_reported() {
    let pool = pool("echo", cfg(1));
    for (url, says) in [
        ("/bad", "string"),
        ("/number", "int"),
        ("/array", "array"),
        ("/bad-status", "`status`"),
        ("/fraction-status", "`status`"),
        ("/bad-html", "`html`"),
        ("/bad-bundle", "browser"),
    ] {
        let err = pool.render(input(url)).await.unwrap_err();
        assert!(
            matches!(err, SsrError::BadOutput(ref m) if m.contains(says)),
            "{url}: {err:?}"
        );
    }
    let err = pool.render(input("/throwing-getter")).await.unwrap_err();
    assert!(
        matches!(err, SsrError::Js { ref message, .. } if message.contains("getter failed")),
        "{err:?}"
    );
    assert_echo(&pool, "/after").await;
    assert_eq!(pool.stats().restarts, 0);
}

#[tokio::test]
async fn deadline_cuts_a_hanging_render_and_the_worker_is_replaced() {
    let pool = pool(
        "hang",
        SsrConfig {
            deadline: Duration::from_millis(200),
            ..cfg(1)
        },
    );
    let started = Instant::now();
    let err = pool.render(input("/hang")).await.unwrap_err();
    let took = started.elapsed();
    assert!(matches!(err, SsrError::Timeout), "{err:?}");
    assert!(took >= Duration::from_millis(200), "{took:?}");
    assert!(took < Duration::from_secs(2), "{took:?}");

    assert_echo(&pool, "/next").await;
    let stats = pool.stats();
    assert_eq!(stats.timeouts, 1);
    assert_eq!(stats.restarts, 1);
    assert_eq!(stats.workers, 1);
}

#[tokio::test]
async fn endless_microtasks_are_cut_by_the_deadline() {
    let pool = pool(
        "hang",
        SsrConfig {
            deadline: Duration::from_millis(200),
            ..cfg(1)
        },
    );
    let err = pool.render(input("/spin")).await.unwrap_err();
    assert!(matches!(err, SsrError::Timeout), "{err:?}");
    assert_echo(&pool, "/next").await;
    assert_eq!(pool.stats().restarts, 1);
}

#[tokio::test]
async fn out_of_memory_is_contained() {
    let pool = pool(
        "hog",
        SsrConfig {
            memory_limit: 16 * 1024 * 1024,
            ..cfg(1)
        },
    );
    let started = Instant::now();
    let err = pool.render(input("/oom")).await.unwrap_err();
    assert!(matches!(err, SsrError::OutOfMemory), "{err:?}");
    assert!(
        started.elapsed() < Duration::from_secs(4),
        "the limit, not the deadline, hit"
    );
    assert_eq!(pool.stats().restarts, 1);
    assert_echo(&pool, "/next").await;
}

#[tokio::test]
async fn js_throw_is_an_error_and_the_pool_keeps_serving() {
    let pool = pool("throws", cfg(1));
    match pool.render(input("/throw")).await {
        Err(SsrError::Js { message, stack }) => {
            assert_eq!(message, "boom at /throw");
            assert!(stack.is_some_and(|s| s.contains("ssr.js")));
        }
        other => panic!("expected a Js error, got {other:?}"),
    }
    assert_echo(&pool, "/fine").await;
    let stats = pool.stats();
    assert_eq!((stats.errors, stats.renders, stats.restarts), (1, 1, 0));
}

#[tokio::test]
async fn non_error_throw_is_a_js_error() {
    let pool = pool("throws", cfg(1));
    let err = pool.render(input("/throw-string")).await.unwrap_err();
    assert!(
        matches!(err, SsrError::Js { ref message, stack: None } if message == "plain string"),
        "{err:?}"
    );
    assert_echo(&pool, "/fine").await;
    assert_eq!(pool.stats().restarts, 0);
}

#[tokio::test]
async fn js_stack_limit_trips_before_the_thread_stack() {
    for max_stack in [256 * 1024, 1024 * 1024, 8 * 1024 * 1024] {
        let pool = pool(
            "throws",
            SsrConfig {
                max_stack,
                ..cfg(1)
            },
        );
        let err = pool.render(input("/recurse")).await.unwrap_err();
        assert!(
            matches!(err, SsrError::Js { ref message, .. } if message.contains("call stack")),
            "{max_stack}: {err:?}"
        );
        assert_echo(&pool, "/fine").await;
    }
}

#[test]
fn bundle_without_render_fn_fails_fast() {
    let err = SsrPool::new(fixture("no_render"), cfg(2)).unwrap_err();
    assert!(
        matches!(err, SsrError::Js { ref message, .. } if message.contains("__wheelendRender")),
        "{err:?}"
    );
}

#[test]
fn bundle_that_throws_fails_fast() {
    let err = SsrPool::new(fixture("broken"), cfg(2)).unwrap_err();
    assert!(
        matches!(err, SsrError::Js { ref message, .. } if message == "bundle failed to initialise"),
        "{err:?}"
    );
}

#[tokio::test]
async fn full_queue_answers_busy() {
    let pool = pool("slow", SsrConfig { queue: 1, ..cfg(1) });
    // At most one render runs and one waits; the other two must be refused.
    let (a, b, c, d) = tokio::join!(
        pool.render(input("/1")),
        pool.render(input("/2")),
        pool.render(input("/3")),
        pool.render(input("/4")),
    );
    let results = [a, b, c, d];
    let busy = results
        .iter()
        .filter(|r| matches!(r, Err(SsrError::Busy)))
        .count();
    assert!(busy >= 2, "{results:?}");
    for (i, r) in results.iter().enumerate() {
        if let Ok(out) = r {
            assert_eq!(out.html, format!("<p>/{}</p>", i + 1));
        }
    }
    assert!(results.iter().any(Result::is_ok));
    assert_eq!(pool.stats().rejected, busy as u64);
    assert_eq!(pool.stats().queued, 0);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_workers_serve_many_concurrent_requests() {
    let pool = pool(
        "echo",
        SsrConfig {
            queue: 256,
            ..cfg(2)
        },
    );
    let tasks: Vec<_> = (0..200)
        .map(|i| {
            let pool = pool.clone();
            tokio::spawn(async move { (i, pool.render(input(&format!("/item/{i}"))).await) })
        })
        .collect();
    for task in tasks {
        let (i, result) = task.await.unwrap();
        let out = result.unwrap();
        assert_eq!(out.html, format!("<p>/item/{i}</p>"));
        assert_eq!(out.head, format!("<title>/item/{i}</title>"));
    }
    let stats = pool.stats();
    assert_eq!((stats.workers, stats.renders, stats.errors), (2, 200, 0));
}
