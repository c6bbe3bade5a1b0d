//! `console.*` in the bundle reaches `tracing` under target `ssr::js`.

use std::io::Write;
use std::sync::{Arc, Mutex};

use ssr::{SsrConfig, SsrPool};

#[derive(Clone, Default)]
struct Captured(Arc<Mutex<Vec<u8>>>);

impl Write for Captured {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(buf);
        Ok(buf.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

#[tokio::test]
async fn console_forwards_to_tracing() {
    let captured = Captured::default();
    let writer = captured.clone();
    // Global, because the log happens on the worker thread.
    tracing_subscriber::fmt()
        .with_writer(move || writer.clone())
        .with_ansi(false)
        .with_max_level(tracing::Level::INFO)
        .init();

    let bundle = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/fixtures/echo.js"
    ))
    .unwrap();
    let pool = SsrPool::new(
        bundle,
        SsrConfig {
            workers: 1,
            ..SsrConfig::default()
        },
    )
    .unwrap();
    let input = serde_json::json!({"url": "/log"}).to_string();
    pool.render(input).await.unwrap();

    let text = String::from_utf8(captured.0.lock().unwrap().clone()).unwrap();
    assert!(
        text.contains(r#"INFO ssr::js: hello from js {"url":"/log"} [1,2]"#),
        "{text}"
    );
    assert!(text.contains("ERROR ssr::js: logged error"), "{text}");
}
