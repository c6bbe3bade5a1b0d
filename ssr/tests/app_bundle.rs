//! The real React bundle, when `app/dist/ssr.js` has been built (`npm run build` in app/).

use std::time::Duration;

use ssr::{SsrConfig, SsrPool};

fn input(url: &str) -> String {
    serde_json::json!({
        "url": url,
        "origin": "http://127.0.0.1:8080",
        "brand": {"appName": "Wheelend", "desc": "Wheel-end warning console",
                  "appLogo": "/brand/default.svg", "wsUrl": "/ws", "appDomain": "localhost"},
        "lang": "zh",
        "user": null,
        "data": {}
    })
    .to_string()
}

#[tokio::test]
async fn app_bundle_renders_known_and_unknown_routes() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../app/dist/ssr.js");
    let Ok(bundle) = std::fs::read_to_string(path) else {
        eprintln!("skipped: {path} is absent (run `npm run build` in app/)");
        return;
    };
    if !bundle.contains("__wheelendRender") {
        eprintln!("skipped: {path} is a placeholder (run `npm run build` in app/)");
        return;
    }
    let pool = SsrPool::new(
        bundle,
        SsrConfig {
            workers: 1,
            deadline: Duration::from_secs(10),
            ..SsrConfig::default()
        },
    )
    .expect("the app bundle evaluates and defines __wheelendRender");

    let out = pool.render(input("/solution")).await.expect("/solution");
    assert_eq!(out.status, 200, "{out:?}");
    assert!(!out.html.is_empty());
    assert!(out.head.contains("<title>"), "{}", out.head);

    let out = pool.render(input("/nope")).await.expect("/nope");
    assert_eq!(out.status, 404, "{out:?}");
    assert!(!out.html.is_empty());
}
