//! The edge of every request: who the client is (trusted proxies only), the headers pages and
//! API answers carry, cross-site writes, and each client's fair share.

use reqwest::StatusCode;
use reqwest::header::{
    CACHE_CONTROL, CONTENT_SECURITY_POLICY, REFERRER_POLICY, RETRY_AFTER, X_CONTENT_TYPE_OPTIONS,
    X_FRAME_OPTIONS,
};
use wheelend_tests::{Answer, Spawn, TestApp, json, spawn_app, spawn_app_with};

/// An app with the test configuration adjusted by `adjust`.
async fn spawn_adjusted(adjust: impl FnOnce(&mut wheelend::Config) + Send + 'static) -> TestApp {
    spawn_app_with(Spawn {
        configure: Some(Box::new(move |mut cfg| {
            adjust(&mut cfg);
            cfg
        })),
        ..Spawn::default()
    })
    .await
}

fn nets(text: &str) -> Vec<ipnet::IpNet> {
    wheelend::Config::figment()
        .merge(("trusted_proxies", text))
        .extract::<wheelend::Config>()
        .expect("valid proxies")
        .trusted_proxies
}

#[test]
fn trusted_proxies_are_addresses_or_networks() {
    assert_eq!(nets("").len(), 0);
    assert_eq!(
        nets("10.0.0.0/8, 127.0.0.1,::1"),
        ["10.0.0.0/8", "127.0.0.1/32", "::1/128"].map(|n| n.parse::<ipnet::IpNet>().unwrap())
    );
    let err = wheelend::Config::figment()
        .merge(("trusted_proxies", "10.0.0.0/8, proxy.local"))
        .extract::<wheelend::Config>()
        .expect_err("a name is not an address");
    assert!(err.to_string().contains("proxy.local"), "{err}");
}

/// A failed password sign-in as `username`, claiming to come from `forwarded_for`.
async fn fail_sign_in(app: &TestApp, username: &str, forwarded_for: &str) -> Answer {
    app.send(
        app.client
            .post(app.url("/api/base/login"))
            .header("x-forwarded-for", forwarded_for)
            .json(&json!({"username": username, "password": "wrong-password"})),
    )
    .await
}

/// Whether a sign-in from the client the edge sees (given this `X-Forwarded-For`) needs a
/// captcha now.
async fn captcha_open(app: &TestApp, forwarded_for: Option<&str>) -> bool {
    let mut req = app
        .client
        .post(app.url("/api/base/captcha"))
        .json(&json!({}));
    if let Some(hops) = forwarded_for {
        req = req.header("x-forwarded-for", hops);
    }
    app.send(req).await.ok()["openCaptcha"]
        .as_bool()
        .expect("openCaptcha")
}

#[tokio::test]
async fn forwarded_for_from_an_untrusted_peer_is_ignored_by_the_sign_in_throttle() {
    let app = spawn_app().await;
    // Rotating the claimed address (and the account) does not avoid the captcha: the
    // failures count against the real peer.
    for i in 0..3 {
        let env = fail_sign_in(&app, &format!("nobody{i}"), &format!("203.0.113.{i}"))
            .await
            .envelope();
        assert_eq!(env.code, 7);
    }
    let env = fail_sign_in(&app, "nobody9", "203.0.113.99")
        .await
        .envelope();
    assert_eq!(
        (env.code, &env.data["needCaptcha"]),
        (7, &json!(true)),
        "{env:?}"
    );
    assert!(captcha_open(&app, Some("198.51.100.1")).await);
    // Claiming someone else's address counted nothing against it.
    for claimed in ["203.0.113.0", "203.0.113.99"] {
        assert!(!app.state.guard.needs_captcha(claimed, ""), "{claimed}");
    }
    assert!(app.state.guard.needs_captcha("127.0.0.1", ""));
}

#[tokio::test]
async fn forwarded_headers_from_a_trusted_proxy_are_honoured() {
    // The test client is the proxy; 10.0.0.0/8 stands for a second proxy in front of it.
    let app = spawn_adjusted(|cfg| cfg.trusted_proxies = nets("10.0.0.0/8, 127.0.0.1")).await;
    // The right-most hop that is not a proxy is the client, whatever was written before it.
    for hops in [
        "198.51.100.7",
        "203.0.113.50, 198.51.100.7",
        "198.51.100.7, 10.1.2.3",
    ] {
        assert_eq!(fail_sign_in(&app, "nobody", hops).await.envelope().code, 7);
    }
    assert!(captcha_open(&app, Some("198.51.100.7")).await);
    assert!(!captcha_open(&app, Some("198.51.100.8")).await);
    assert!(
        !captcha_open(&app, None).await,
        "the proxy itself is not throttled"
    );
    assert!(!app.state.guard.needs_captcha("203.0.113.50", ""));

    // The forwarded host and scheme are the page's origin.
    let res = app
        .send(
            app.client
                .get(app.url("/about"))
                .header("x-forwarded-for", "198.51.100.9")
                .header("x-forwarded-host", "fleet.example.com")
                .header("x-forwarded-proto", "https"),
        )
        .await;
    assert_eq!(res.status, StatusCode::OK);
    assert!(
        res.text.contains("https://fleet.example.com/about"),
        "canonical URL on the forwarded origin"
    );
    let csp = header(&res, CONTENT_SECURITY_POLICY.as_str());
    assert!(csp.contains("wss://fleet.example.com"), "{csp}");

    // ... and the origin a cookie-signed write must come from.
    let token = app.admin_token().await;
    let write = |origin: &str| {
        app.client
            .put(app.url("/api/user/setSelfInfo"))
            .header("cookie", format!("x-token={token}"))
            .header("x-forwarded-host", "fleet.example.com")
            .header("x-forwarded-proto", "https")
            .header("origin", origin)
            .json(&json!({"nickName": "Proxied"}))
    };
    app.send(write("https://fleet.example.com")).await.ok();
    app.send(write(&app.base)).await.code(7);
}

#[tokio::test]
async fn forwarded_host_and_scheme_from_an_untrusted_peer_are_ignored() {
    let app = spawn_app().await;
    let res = app
        .send(
            app.client
                .get(app.url("/about"))
                .header("x-forwarded-host", "evil.example")
                .header("x-forwarded-proto", "https"),
        )
        .await;
    assert_eq!(res.status, StatusCode::OK);
    assert!(
        !res.text.contains("evil.example"),
        "the forwarded host is ignored"
    );
    assert!(
        res.text.contains(&format!("{}/about", app.base)),
        "own origin"
    );
}

fn header(res: &Answer, name: &str) -> String {
    res.headers
        .get(name)
        .and_then(|v| v.to_str().ok())
        .unwrap_or_else(|| panic!("no {name} header"))
        .to_owned()
}

#[tokio::test]
async fn pages_carry_a_content_security_policy_and_api_answers_are_not_stored() {
    let app = spawn_app().await;
    let page = app.get("/about", None).await;
    assert_eq!(page.status, StatusCode::OK);
    let csp = header(&page, CONTENT_SECURITY_POLICY.as_str());
    for directive in [
        "default-src 'self'",
        "script-src 'self';",
        "frame-ancestors 'self'",
        "object-src 'none'",
        "img-src 'self' data: blob:",
    ] {
        assert!(csp.contains(directive), "{directive} in {csp}");
    }
    assert!(!csp.contains("'unsafe-eval'"), "{csp}");
    assert!(
        !csp.split(';')
            .any(|d| d.trim().starts_with("script-src") && d.contains("unsafe-inline")),
        "{csp}"
    );
    assert_eq!(header(&page, X_CONTENT_TYPE_OPTIONS.as_str()), "nosniff");
    assert_eq!(header(&page, X_FRAME_OPTIONS.as_str()), "SAMEORIGIN");
    assert_eq!(
        header(&page, REFERRER_POLICY.as_str()),
        "strict-origin-when-cross-origin"
    );
    // No inline script runs: each script is a file or JSON data (the hydration state).
    for tag in page.text.split("<script").skip(1) {
        let attrs = tag.split('>').next().unwrap_or_default();
        assert!(
            attrs.contains(" src=\"/assets/") || attrs.contains("type=\"application/json\""),
            "inline script: <script{attrs}>"
        );
    }

    for answer in [
        app.api_health(&json!({}), None).await,
        app.api_user_get_user_info(&json!({}), None).await,
        app.get("/api/no/such/call", None).await,
    ] {
        assert_eq!(header(&answer, X_CONTENT_TYPE_OPTIONS.as_str()), "nosniff");
        assert_eq!(header(&answer, CACHE_CONTROL.as_str()), "no-store");
    }
    // Static files keep their caching.
    let icon = app.get("/favicon.svg", None).await;
    assert!(header(&icon, CACHE_CONTROL.as_str()).starts_with("public"));
    assert_eq!(header(&icon, X_CONTENT_TYPE_OPTIONS.as_str()), "nosniff");
}

#[tokio::test]
async fn a_cookie_signed_write_must_come_from_this_site() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    let nick = async || {
        app.api_user_get_user_info(&json!({}), Some(&token))
            .await
            .ok()["userInfo"]["nickName"]
            .as_str()
            .expect("a nickname")
            .to_owned()
    };
    let before = nick().await;
    let by_cookie = |name: &str| {
        app.client
            .put(app.url("/api/user/setSelfInfo"))
            .header("cookie", format!("lang=en; x-token={token}"))
            .json(&json!({"nickName": name}))
    };

    // From another site, by cookie alone: refused, nothing changed.
    let msg = app
        .send(by_cookie("Forged").header("origin", "https://evil.example"))
        .await
        .code(7);
    assert!(msg.contains("cross-site"), "{msg}");
    let msg = app
        .send(by_cookie("Forged").header("referer", "https://evil.example/page"))
        .await
        .code(7);
    assert!(msg.contains("cross-site"), "{msg}");
    app.send(by_cookie("Forged")).await.code(7);
    assert_eq!(nick().await, before);
    // A cookie-signed read is still answered.
    let read = app
        .client
        .get(app.url("/api/user/getUserInfo"))
        .header("cookie", format!("x-token={token}"))
        .header("origin", "https://evil.example");
    app.send(read).await.ok();

    // The header token is proof enough, whatever the origin.
    app.send(
        by_cookie("By header")
            .header("x-token", &token)
            .header("origin", "https://evil.example"),
    )
    .await
    .ok();
    assert_eq!(nick().await, "By header");
    // So is this site's origin (or, without one, a referrer on this site).
    app.send(by_cookie("Same origin").header("origin", &app.base))
        .await
        .ok();
    assert_eq!(nick().await, "Same origin");
    app.send(by_cookie("Same referrer").header("referer", app.url("/user/info")))
        .await
        .ok();
    assert_eq!(nick().await, "Same referrer");
}

#[tokio::test]
async fn json_calls_take_only_json_bodies() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    let msg = app
        .send(
            app.client
                .put(app.url("/api/user/setSelfInfo"))
                .header("x-token", &token)
                .header("cookie", "lang=en")
                .header("content-type", "text/plain;charset=UTF-8")
                .body(r#"{"nickName": "Plain"}"#),
        )
        .await
        .code(7);
    assert!(msg.contains("text/plain"), "names the type: {msg}");
    let info = app
        .api_user_get_user_info(&json!({}), Some(&token))
        .await
        .ok();
    assert_ne!(info["userInfo"]["nickName"], "Plain");
    // No type at all is refused as well; an empty body needs none.
    let untyped = app
        .client
        .post(app.url("/api/base/login"))
        .header("cookie", "lang=en")
        .body(r#"{"username": "admin", "password": "x"}"#);
    assert!(app.send(untyped).await.code(7).contains("content type"));
    let empty = app
        .client
        .put(app.url("/api/user/setSelfInfo"))
        .header("x-token", &token);
    app.send(empty).await.ok();
    // A JSON type with parameters is JSON.
    app.send(
        app.client
            .put(app.url("/api/user/setSelfInfo"))
            .header("x-token", &token)
            .header("content-type", "application/json; charset=utf-8")
            .body(r#"{"nickName": "Typed"}"#),
    )
    .await
    .ok();
}

/// Requests of one client until the edge refuses one; how many were served.
async fn served_until_refused(app: &TestApp, send: impl Fn() -> reqwest::RequestBuilder) -> usize {
    for served in 0..50 {
        let res = app.send(send()).await;
        if res.envelope().code == 7 {
            let wait: u64 = header(&res, RETRY_AFTER.as_str()).parse().expect("seconds");
            assert!((1..=60).contains(&wait), "Retry-After {wait}");
            assert!(
                res.envelope().msg.contains("Too many requests"),
                "{}",
                res.text
            );
            return served;
        }
    }
    panic!("never refused");
}

#[tokio::test]
async fn each_client_ip_has_its_share() {
    let app = spawn_adjusted(|cfg| {
        cfg.trusted_proxies = nets("127.0.0.1");
        cfg.rate_limit_per_ip = 1;
        cfg.rate_limit_burst = 5;
    })
    .await;
    let from = |ip: &'static str| {
        app.client
            .get(app.url("/api/health"))
            .header("cookie", "lang=en")
            .header("x-forwarded-for", ip)
    };
    let served = served_until_refused(&app, || from("198.51.100.1")).await;
    assert!((4..=6).contains(&served), "about the burst: {served}");
    // Another client is still served; a page of the spent one says 429 with the wait.
    app.send(from("198.51.100.2")).await.ok();
    let page = app
        .send(
            app.client
                .get(app.url("/about"))
                .header("x-forwarded-for", "198.51.100.1"),
        )
        .await;
    assert_eq!(page.status, StatusCode::TOO_MANY_REQUESTS);
    assert!(page.headers.contains_key(RETRY_AFTER));
    // Static assets are not counted.
    let html = app
        .send(
            app.client
                .get(app.url("/about"))
                .header("x-forwarded-for", "198.51.100.3"),
        )
        .await
        .text;
    let entry = html
        .split("src=\"")
        .find_map(|rest| rest.split('"').next().filter(|s| s.starts_with("/assets/")))
        .expect("an asset");
    let asset = app
        .send(
            app.client
                .get(app.url(entry))
                .header("x-forwarded-for", "198.51.100.1"),
        )
        .await;
    assert_eq!(asset.status, StatusCode::OK);
}

#[tokio::test]
async fn visitor_sessions_share_one_budget() {
    let app = spawn_adjusted(|cfg| {
        cfg.visitor_rate_limit = 1;
        cfg.visitor_rate_burst = 4;
    })
    .await;
    let first = app.visitor_token().await;
    let second = app.visitor_token().await;
    let info = |token: &str| {
        app.client
            .get(app.url("/api/user/getUserInfo"))
            .header("cookie", "lang=en")
            .header("x-token", token)
    };
    let served = served_until_refused(&app, || info(&first)).await;
    assert!((3..=5).contains(&served), "about the burst: {served}");
    // Every visitor session draws on the same budget; a signed-in user does not.
    app.send(info(&second)).await.code(7);
    let admin = app.admin_token().await;
    app.send(info(&admin)).await.ok();
}
