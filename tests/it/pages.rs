//! Server-side rendering: pages per brand and language, escaping, deadline, queue bound, cache.

use std::time::Duration;

use reqwest::StatusCode;
use wheelend_tests::{Spawn, TestApp, json, spawn_app, spawn_app_with};

/// (Host header, expected brand name).
const BRANDS: [(&str, &str); 4] = [
    ("127.0.0.1:8080", "轮端预警"),
    ("wheelend.cn", "轮端预警"),
    ("tyresafe.cn", "胎安云"),
    ("fleet.axlesentry.com", "轴温哨兵"),
];

fn between<'a>(doc: &'a str, start: &str, end: &str) -> Option<&'a str> {
    let from = doc.find(start)? + start.len();
    let to = doc[from..].find(end)? + from;
    Some(&doc[from..to])
}

fn meta(doc: &str, name: &str) -> Option<String> {
    let tag = [format!("name=\"{name}\""), format!("property=\"{name}\"")]
        .iter()
        .find_map(|attr| doc.find(attr.as_str()))
        .map(|at| &doc[doc[..at].rfind('<').unwrap_or(0)..])?;
    between(tag, "content=\"", "\"").map(str::to_owned)
}

#[tokio::test]
async fn root_redirects_to_the_map() {
    let app = spawn_app().await;
    let res = app.page("/", "localhost", None).await;
    assert_eq!(res.status, StatusCode::FOUND);
    assert_eq!(res.headers["location"], "/map");
}

#[tokio::test]
async fn every_page_per_brand_and_language_has_its_head() {
    let app = spawn_app().await;
    let mut hosts: Vec<(String, String)> = BRANDS
        .iter()
        .map(|(h, b)| ((*h).to_owned(), (*b).to_owned()))
        .collect();
    // Every seeded profile, on its own domain.
    let profiles = domain::brand::list(&app.state.db).await.unwrap();
    assert_eq!(profiles.len(), 10);
    hosts.extend(profiles.into_iter().map(|b| (b.app_domain, b.app_name)));
    for (host, brand) in &hosts {
        let (host, brand) = (host.as_str(), brand.as_str());
        for lang in ["zh", "en"] {
            for path in ["/solution", "/about", "/login", "/map"] {
                let res = app.page(path, host, Some(lang)).await;
                assert_eq!(res.status, StatusCode::OK, "{host} {lang} {path}");
                let doc = &res.text;
                assert!(doc.starts_with("<!doctype html><html lang=\""), "{path}");
                assert_eq!(
                    between(doc, "<html lang=\"", "\""),
                    Some(lang),
                    "{host} {path}"
                );
                let title = between(doc, "<title>", "</title>").expect("a title");
                assert!(
                    title.contains(brand),
                    "{host} {lang} {path}: title {title:?} names {brand}"
                );
                let description = meta(doc, "description").expect("meta description");
                assert!(!description.is_empty(), "{path} description");
                assert_eq!(
                    meta(doc, "og:site_name").as_deref(),
                    Some(brand),
                    "{host} {path}"
                );
                assert!(doc.contains("rel=\"canonical\""), "{path} canonical");
                assert!(
                    doc.contains("<script type=\"module\" src=\"/assets/entry-"),
                    "hashed entry"
                );
                assert!(
                    doc.contains("rel=\"stylesheet\" href=\"/assets/app-"),
                    "hashed css"
                );
                assert!(doc.contains("id=\"__WHEELEND_STATE__\""), "hydration state");
            }
        }
    }
}

#[tokio::test]
async fn solution_carries_the_seo_keywords_in_both_languages() {
    let app = spawn_app().await;
    let zh = meta(
        &app.page("/solution", "localhost", Some("zh")).await.text,
        "keywords",
    )
    .unwrap();
    for word in ["TPMS", "胎压", "胎温", "轴温", "防火"] {
        assert!(zh.contains(word), "zh keywords {zh:?} contain {word}");
    }
    let en = meta(
        &app.page("/solution", "localhost", Some("en")).await.text,
        "keywords",
    )
    .unwrap()
    .to_lowercase();
    for word in ["tpms", "tyre pressure", "axle temperature", "anti-fire"] {
        assert!(en.contains(word), "en keywords {en:?} contain {word}");
    }
}

#[tokio::test]
async fn about_states_the_fleet_scale() {
    let app = spawn_app().await;
    let en = app.page("/about", "localhost", Some("en")).await.text;
    assert!(
        en.contains("30,000") && en.contains("200,000"),
        "company profile figures"
    );
}

#[tokio::test]
async fn language_falls_back_from_cookie_to_accept_language_to_chinese() {
    let app = spawn_app().await;
    let lang_of =
        |res: wheelend_tests::Answer| between(&res.text, "<html lang=\"", "\"").map(str::to_owned);
    let req = app
        .client
        .get(app.url("/about"))
        .header("accept-language", "en-GB,en;q=0.8");
    assert_eq!(lang_of(app.send(req).await).as_deref(), Some("en"));
    let req = app
        .client
        .get(app.url("/about"))
        .header("accept-language", "en")
        .header("cookie", "lang=zh");
    assert_eq!(lang_of(app.send(req).await).as_deref(), Some("zh"));
    let req = app
        .client
        .get(app.url("/about"))
        .header("accept-language", "fr");
    assert_eq!(lang_of(app.send(req).await).as_deref(), Some("zh"));
}

#[tokio::test]
async fn unknown_pages_are_404_with_the_lost_page() {
    let app = spawn_app().await;
    let res = app.page("/no/such/page", "localhost", Some("en")).await;
    assert_eq!(res.status, StatusCode::NOT_FOUND);
    assert!(res.text.contains("<title>"));
}

#[tokio::test]
async fn hydration_state_cannot_break_out_of_its_script_tag() {
    use sea_orm::{ConnectionTrait, Statement};
    let app = spawn_app().await;
    let evil = "</script><script>alert(1)</script>";
    app.state
        .db
        .execute_raw(Statement::from_sql_and_values(
            app.state.db.get_database_backend(),
            "UPDATE sys_users SET nick_name = $1 WHERE username = 'admin'",
            [evil.into()],
        ))
        .await
        .unwrap();
    let token = app.admin_token().await;
    let res = app
        .send(
            app.client
                .get(app.url("/map"))
                .header("cookie", format!("x-token={token}")),
        )
        .await;
    assert_eq!(res.status, StatusCode::OK);
    assert!(
        !res.text.contains("<script>alert(1)"),
        "the payload stays inert"
    );
    let state = between(
        &res.text,
        "id=\"__WHEELEND_STATE__\" type=\"application/json\">",
        "</script>",
    )
    .unwrap();
    let parsed: serde_json::Value =
        serde_json::from_str(state).expect("the state is still valid JSON");
    assert_eq!(
        parsed["user"]["nickName"], evil,
        "and decodes back to the original"
    );
}

async fn fixture_app(deadline_ms: u64, workers: usize, queue: usize) -> TestApp {
    let bundle =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/render-fixture.js");
    spawn_app_with(Spawn {
        own_ssr: true,
        configure: Some(Box::new(move |mut c| {
            c.ssr.bundle = Some(bundle);
            c.ssr.deadline_ms = deadline_ms;
            c.ssr.workers = Some(workers);
            c.ssr.queue = queue;
            c
        })),
        ..Spawn::default()
    })
    .await
}

#[tokio::test]
async fn a_render_that_never_ends_is_cut_off_and_the_next_one_succeeds() {
    let app = fixture_app(300, 1, 8).await;
    let started = std::time::Instant::now();
    let res = app.page("/hang", "localhost", None).await;
    assert_eq!(res.status, StatusCode::INTERNAL_SERVER_ERROR);
    assert!(
        started.elapsed() < Duration::from_secs(3),
        "cut at the deadline"
    );
    let res = app.page("/after", "localhost", None).await;
    assert_eq!(res.status, StatusCode::OK, "the worker was replaced");
}

#[tokio::test]
async fn a_full_queue_answers_503() {
    let app = fixture_app(2000, 1, 1).await;
    let paths: Vec<String> = (0..6).map(|i| format!("/slow/{i}")).collect();
    let requests = paths.iter().map(|p| app.page(p, "localhost", None));
    let statuses: Vec<StatusCode> = futures::future::join_all(requests)
        .await
        .into_iter()
        .map(|r| r.status)
        .collect();
    assert!(
        statuses.contains(&StatusCode::SERVICE_UNAVAILABLE),
        "{statuses:?}"
    );
    assert!(statuses.contains(&StatusCode::OK), "{statuses:?}");
}

#[tokio::test]
async fn anonymous_pages_are_cached_and_signed_in_pages_are_not() {
    let app = fixture_app(2000, 1, 8).await;
    let first = app.page("/cached", "localhost", None).await.text;
    let second = app.page("/cached", "localhost", None).await.text;
    assert_eq!(
        between(&first, "<p id=\"renders\">", "<"),
        between(&second, "<p id=\"renders\">", "<")
    );
    let other_lang = app.page("/cached", "localhost", Some("en")).await.text;
    assert_ne!(
        between(&first, "<p id=\"renders\">", "<"),
        between(&other_lang, "<p id=\"renders\">", "<")
    );
    app.state.pages.invalidate_all();
    let third = app.page("/cached", "localhost", None).await.text;
    assert_ne!(
        between(&first, "<p id=\"renders\">", "<"),
        between(&third, "<p id=\"renders\">", "<")
    );
}

#[tokio::test]
async fn campaign_links_share_the_cached_page_and_render_the_canonical_address() {
    let app = fixture_app(2000, 1, 8).await;
    let plain = app.page("/cached?lang=en", "localhost", None).await.text;
    let tagged = app
        .page(
            "/cached?utm_source=wechat&lang=en&fbclid=abc&from=singlemessage",
            "localhost",
            None,
        )
        .await
        .text;
    assert_eq!(
        between(&plain, "<p id=\"renders\">", "<"),
        between(&tagged, "<p id=\"renders\">", "<"),
        "a cache hit"
    );
    assert!(tagged.contains(r#""url":"/cached?lang=en""#), "{tagged}");
    assert!(!tagged.contains("utm_source") && !tagged.contains("fbclid"));
}

#[tokio::test]
async fn a_cached_page_goes_out_compressed_once_to_clients_that_accept_gzip() {
    use std::io::Read as _;
    let app = fixture_app(2000, 1, 8).await;
    let plain = app.page("/cached", "localhost", None).await;
    assert!(plain.headers.get("content-encoding").is_none());
    let zipped = app
        .client
        .get(app.url("/cached"))
        .header("host", "localhost")
        .header("accept-encoding", "gzip, br")
        .send()
        .await
        .unwrap();
    assert_eq!(zipped.headers()["content-encoding"], "gzip");
    assert!(
        zipped.headers()["vary"]
            .to_str()
            .unwrap()
            .contains("Accept-Encoding")
    );
    let bytes = zipped.bytes().await.unwrap();
    let mut text = String::new();
    flate2::read::GzDecoder::new(&bytes[..])
        .read_to_string(&mut text)
        .expect("a gzip body");
    assert_eq!(text, plain.text, "the same cached document");
}

#[tokio::test]
async fn static_files_are_served_with_cache_headers() {
    let app = spawn_app().await;
    let res = app.get("/favicon.svg", None).await;
    assert_eq!(res.status, StatusCode::OK);
    assert_eq!(res.headers["content-type"], "image/svg+xml");
    let doc = app.page("/about", "localhost", None).await.text;
    let entry = between(&doc, "<script type=\"module\" src=\"", "\"")
        .unwrap()
        .to_owned();
    let res = app.get(&entry, None).await;
    assert_eq!(res.status, StatusCode::OK);
    assert!(
        res.headers["cache-control"]
            .to_str()
            .unwrap()
            .contains("immutable")
    );
    let etag = res.headers["etag"].to_str().unwrap().to_owned();
    let again = app
        .send(
            app.client
                .get(app.url(&entry))
                .header("if-none-match", etag),
        )
        .await;
    assert_eq!(again.status, StatusCode::NOT_MODIFIED);
}

#[tokio::test]
async fn editing_a_brand_changes_its_pages_at_once() {
    let app = spawn_app().await;
    let admin = app.admin_token().await;
    let before = app.page("/about", "tyresafe.cn", Some("en")).await.text;
    assert!(before.contains("胎安云"));
    let brands = app.api_brand_list(&json!({}), Some(&admin)).await.ok();
    assert_eq!(brands.as_array().unwrap().len(), 10);
    let id = brands
        .as_array()
        .unwrap()
        .iter()
        .find(|b| b["appDomain"] == "tyresafe.cn")
        .unwrap()["id"]
        .clone();
    app.api_brand_update(
        &json!({"id": id, "appName": "TyreSafe Cloud"}),
        Some(&admin),
    )
    .await
    .ok();
    let after = app.page("/about", "tyresafe.cn", Some("en")).await.text;
    assert!(
        after.contains("TyreSafe Cloud"),
        "the cached page was dropped"
    );
    // Bad input changes nothing.
    // A refusal about a field names it (`data.field`), so the console's form shows it there.
    for (body, field) in [
        (json!({"id": id, "appName": "  "}), Some("appName")),
        (json!({"id": id, "appDomain": "wheelend.cn"}), None),
        (
            json!({"id": id, "appDomain": "bad domain!"}),
            Some("appDomain"),
        ),
    ] {
        let answer = app.api_brand_update(&body, Some(&admin)).await;
        answer.code(7);
        assert_eq!(
            answer.envelope().data["field"].as_str(),
            field,
            "{}",
            answer.text
        );
    }
    app.api_brand_update(&json!({"id": 9999, "appName": "x"}), Some(&admin))
        .await
        .code(7);
    app.api_brand_update(&json!({"appName": "x"}), Some(&admin))
        .await
        .code(7);
    let visitor = app.visitor_token().await;
    let visitor = visitor.as_str();
    app.api_brand_update(&json!({"id": id, "appName": "pwned"}), Some(visitor))
        .await
        .code(7);
    let again = app.api_brand_list(&json!({}), Some(&admin)).await.ok();
    let row = again
        .as_array()
        .unwrap()
        .iter()
        .find(|b| b["id"] == id)
        .unwrap()
        .clone();
    assert_eq!(row["appName"], "TyreSafe Cloud");
    assert_eq!(row["appDomain"], "tyresafe.cn");
}

#[tokio::test]
async fn the_visitor_is_served_the_anonymous_page() {
    let app = spawn_app().await;
    let visitor = app.visitor_token().await;
    let anonymous = app.page("/solution", "localhost", Some("zh")).await.text;
    let res = app
        .send(
            app.client
                .get(app.url("/solution"))
                .header("cookie", format!("lang=zh; x-token={visitor}")),
        )
        .await;
    assert_eq!(
        res.text, anonymous,
        "same document, from the same cache entry"
    );
}
