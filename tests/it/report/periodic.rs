//! The periodic report as files (`/dataReport/periodic_file`: XLSX read back with calamine,
//! PDF with lopdf) and its scheduled delivery to subscribers (`subscriptions`,
//! `subscription_save/delete/send`, the scheduler driven at chosen times, the links behind the
//! messages and webhooks), each scoped to the caller's enterprise, with bad input.

use base64::Engine as _;
use chrono::{Datelike, Duration, NaiveDate, TimeZone, Utc, Weekday};
use domain::report::periodic::ReportFiles;
use domain::report::periodic::delivery::{Pass, run_due};
use entities::webhook_delivery;
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter};
use serde_json::Value;
use wheelend_tests::fleet::{fitted_vehicle, post_report};
use wheelend_tests::tenants::{self, rows};
use wheelend_tests::{Spawn, TestApp, json, spawn_app, spawn_app_with};

use super::Download;
use super::rollups::{derive_days, drive};

/// GETs a report file as `token` in `lang`.
async fn file(app: &TestApp, query: &Value, token: Option<&str>, lang: &str) -> Download {
    let mut req = app
        .client
        .get(app.url("/api/dataReport/periodic_file"))
        .header("accept-language", lang);
    for (k, v) in query.as_object().unwrap() {
        req = req.query(&[(k, v.as_str().map_or_else(|| v.to_string(), str::to_owned))]);
    }
    if let Some(t) = token {
        req = req.header("x-token", t);
    }
    fetch(req).await
}

async fn fetch(req: reqwest::RequestBuilder) -> Download {
    let res = req.send().await.expect("the server answers");
    let status = res.status();
    let headers = res.headers().clone();
    let bytes = res.bytes().await.expect("a body").to_vec();
    Download {
        answer: wheelend_tests::Answer {
            status,
            headers,
            text: String::from_utf8_lossy(&bytes).into_owned(),
        },
        bytes,
    }
}

/// Every sheet of a workbook by name, each as rows of text.
fn sheets(bytes: &[u8]) -> Vec<(String, Vec<Vec<String>>)> {
    use calamine::{Reader, Xlsx};
    let mut book: Xlsx<_> =
        Xlsx::new(std::io::Cursor::new(bytes.to_vec())).expect("an XLSX workbook");
    let names = book.sheet_names();
    names
        .into_iter()
        .map(|name| {
            let range = book.worksheet_range(&name).expect("a readable sheet");
            let rows = range
                .rows()
                .map(|r| r.iter().map(ToString::to_string).collect())
                .collect();
            (name, rows)
        })
        .collect()
}

/// The value in column `col` of the row whose first cell is `label`.
fn cell(rows: &[Vec<String>], label: &str, col: usize) -> String {
    rows.iter()
        .find(|r| r.first().is_some_and(|c| c == label))
        .unwrap_or_else(|| panic!("a row {label} in {rows:?}"))[col]
        .clone()
}

/// The pages of a PDF and the text of its first page.
fn pdf(bytes: &[u8]) -> (usize, String) {
    assert!(bytes.starts_with(b"%PDF-"), "a PDF");
    let doc = lopdf::Document::load_mem(bytes).expect("a readable PDF");
    let pages = doc.get_pages().len();
    let text = doc.extract_text(&[1]).unwrap_or_default();
    (pages, text)
}

#[tokio::test]
async fn periodic_reports_download_as_xlsx_and_pdf() {
    let app = spawn_app().await;
    let t = tenants::two_trees(&app).await;
    let (a, b) = (&t.a.admin, &t.b.admin);
    let (_, key) = fitted_vehicle(&app, &t.platform, t.a.root, "沪A00501", "860000000000501").await;
    let day = Utc::now().date_naive() - Duration::days(1);
    post_report(&app, &key, &drive("860000000000501", day, 9.0))
        .await
        .ok();
    derive_days(&app, day, day).await;
    let daily =
        |format: &str| json!({"cadence": "daily", "day": day.to_string(), "format": format});

    // XLSX in Chinese: four sheets, the summary's distance this period, a file named after it.
    let x = file(&app, &daily("xlsx"), Some(a), "zh-CN").await;
    assert_eq!(x.answer.status, 200, "{}", x.answer.text);
    assert!(x.header("content-type").contains("spreadsheetml"));
    let stamp = day.format("%Y%m%d").to_string();
    let disposition = x.header("content-disposition");
    assert!(disposition.starts_with("attachment"), "{disposition}");
    // 车队日报_<day>.xlsx, percent-encoded in filename*.
    assert!(
        disposition.contains(&format!(
            "%E8%BD%A6%E9%98%9F%E6%97%A5%E6%8A%A5_{stamp}.xlsx"
        )),
        "{disposition}"
    );
    let book = sheets(&x.bytes);
    let names: Vec<&str> = book.iter().map(|(n, _)| n.as_str()).collect();
    assert_eq!(names, ["概要", "每日趋势", "告警类型", "企业"]);
    let summary = &book[0].1;
    assert_eq!(summary[0][0], "车队日报");
    assert!(summary.iter().any(|r| r.contains(&"本期".to_owned())));
    let km: f64 = cell(summary, "里程 (km)", 1).parse().unwrap();
    assert!((km - 11.13).abs() < 0.1, "{km}");
    assert_eq!(cell(summary, "车辆·天", 1), "1");
    let trend = &book[1].1;
    assert_eq!(trend[0][1], "车辆·天");
    assert_eq!(trend[1][0], day.to_string());
    let enterprises = &book[3].1;
    assert_eq!(enterprises.len(), 2, "{enterprises:?}");

    // English: the same figures under English names.
    let x = file(&app, &daily("xlsx"), Some(a), "en").await;
    assert!(
        x.header("content-disposition")
            .contains(&format!("daily-fleet-report_{stamp}.xlsx"))
    );
    let book = sheets(&x.bytes);
    let names: Vec<&str> = book.iter().map(|(n, _)| n.as_str()).collect();
    assert_eq!(
        names,
        ["Summary", "Daily trend", "Alarms by kind", "Enterprises"]
    );
    let km_en: f64 = cell(&book[0].1, "distance (km)", 1).parse().unwrap();
    assert!((km_en - km).abs() < 1e-9);

    // PDF in both languages: pages, the title as text (the font is embedded with its
    // Unicode map).
    for (lang, title) in [("zh-CN", "车队月报"), ("en", "Monthly fleet report")] {
        let p = file(
            &app,
            &json!({"cadence": "monthly", "day": day.to_string(), "format": "pdf"}),
            Some(a),
            lang,
        )
        .await;
        assert_eq!(p.answer.status, 200, "{}", p.answer.text);
        assert_eq!(p.header("content-type"), "application/pdf");
        assert!(p.header("content-disposition").contains(".pdf"));
        let (pages, text) = pdf(&p.bytes);
        assert!(pages >= 1);
        assert!(
            text.replace(char::is_whitespace, "")
                .contains(&title.replace(' ', "")),
            "{lang}: {text}"
        );
    }
    // The platform's monthly report of every enterprise runs onto more pages than one
    // enterprise's daily one.
    let daily_pdf = file(&app, &daily("pdf"), Some(a), "zh").await;
    let (daily_pages, _) = pdf(&daily_pdf.bytes);
    assert_eq!(daily_pages, 1);

    // Isolation: another tree's enterprise is refused; B's own report holds none of A's data.
    let refused = file(
        &app,
        &json!({"cadence": "daily", "day": day.to_string(), "format": "xlsx", "enterpriseId": t.a.root}),
        Some(b),
        "en",
    )
    .await;
    assert_eq!(refused.answer.envelope().code, 7, "{}", refused.answer.text);
    let theirs = sheets(&file(&app, &daily("xlsx"), Some(b), "en").await.bytes);
    assert_eq!(cell(&theirs[0].1, "vehicle-days", 1), "0");
    assert_eq!(theirs[3].1.len(), 1, "only the header: {:?}", theirs[3].1);
    // Signed out: code 100.
    let anonymous = file(&app, &daily("xlsx"), None, "en").await;
    assert_eq!(anonymous.answer.envelope().code, 100);

    // Bad input names the field.
    let tomorrow = (Utc::now().date_naive() + Duration::days(1)).to_string();
    for (query, names) in [
        (
            json!({"cadence": "yearly", "day": day.to_string(), "format": "pdf"}),
            "cadence",
        ),
        (
            json!({"cadence": "daily", "day": day.to_string(), "format": "docx"}),
            "format",
        ),
        (
            json!({"cadence": "daily", "day": day.to_string()}),
            "format",
        ),
        (
            json!({"cadence": "daily", "day": "2026-13-01", "format": "pdf"}),
            "day",
        ),
        (
            json!({"cadence": "daily", "day": tomorrow, "format": "xlsx"}),
            "day",
        ),
    ] {
        let d = file(&app, &query, Some(a), "en").await;
        let envelope = d.answer.envelope();
        assert_eq!(envelope.code, 7, "{query}: {}", d.answer.text);
        assert!(envelope.msg.contains(names), "{query}: {}", envelope.msg);
    }

    // Without a usable font the PDF is refused naming the setting; XLSX still works.
    let fontless = spawn_app_with(Spawn {
        configure: Some(Box::new(|mut cfg| {
            cfg.pdf_font = Some("/nonexistent/font.ttc".into());
            cfg
        })),
        ..Spawn::default()
    })
    .await;
    let admin = fontless.admin_token().await;
    let refused = file(&fontless, &daily("pdf"), Some(&admin), "zh").await;
    let envelope = refused.answer.envelope();
    assert_eq!(envelope.code, 7);
    assert!(
        envelope.msg.contains("WHEELEND_PDF_FONT"),
        "{}",
        envelope.msg
    );
    let workbook = file(&fontless, &daily("xlsx"), Some(&admin), "zh").await;
    assert_eq!(workbook.answer.status, 200);
    assert_eq!(sheets(&workbook.bytes).len(), 4);
}

/// A Wednesday 01:00 UTC well after today, in the middle of its month: a pass then sends
/// the day, the week and the month before it, and one on the next day only a new day.
fn quiet_wednesday() -> chrono::DateTime<Utc> {
    let mut day = Utc::now().date_naive() + Duration::days(40);
    while day.weekday() != Weekday::Wed || !(3..=20).contains(&day.day()) {
        day += Duration::days(1);
    }
    Utc.from_utc_datetime(&day.and_hms_opt(1, 0, 0).unwrap())
}

fn messages(log: &Value) -> Vec<Value> {
    rows(log)
        .iter()
        .filter(|m| {
            m["content"]
                .as_str()
                .unwrap_or_default()
                .contains("periodic_delivery")
        })
        .cloned()
        .collect()
}

#[tokio::test]
async fn scheduled_reports_arrive_once_per_subscription_and_period() {
    let app = spawn_app().await;
    let t = tenants::two_trees(&app).await;
    let (admin, member) = (&t.a.admin, &t.a.member);
    let hook = app
        .post(
            "/api/settingUrl/save",
            &json!({"url": "http://127.0.0.1:9/reports"}),
            Some(admin),
        )
        .await
        .ok()["id"]
        .as_i64()
        .unwrap();
    let foreign_hook = app
        .post(
            "/api/settingUrl/save",
            &json!({"url": "http://127.0.0.1:9/theirs"}),
            Some(&t.b.admin),
        )
        .await
        .ok()["id"]
        .as_i64()
        .unwrap();
    let save = |body: Value, token: &str| {
        let token = token.to_owned();
        let app = &app;
        async move {
            app.call(
                "POST",
                "/api/dataReport/subscription_save",
                &body,
                Some(&token),
                &[("accept-language", "zh")],
            )
            .await
        }
    };

    // The member subscribes themself (in English); the admin subscribes the member and
    // themself.
    let daily = app
        .call(
            "POST",
            "/api/dataReport/subscription_save",
            &json!({"cadence": "daily", "format": "xlsx", "channels": ["console"]}),
            Some(member),
            &[("accept-language", "en")],
        )
        .await
        .ok();
    assert_eq!(daily["userId"], t.a.member_id);
    assert_eq!(daily["lang"], "en");
    assert_eq!(daily["channels"], json!(["console"]));
    let weekly = save(
        json!({"userId": t.a.member_id, "cadence": "weekly", "format": "pdf",
               "channels": ["console", "webhook"], "webhookId": hook}),
        admin,
    )
    .await
    .ok();
    assert_eq!(weekly["webhookId"], hook);
    let monthly = save(
        json!({"cadence": "monthly", "format": "xlsx", "channels": ["webhook"], "webhookId": hook}),
        admin,
    )
    .await
    .ok();
    assert_eq!(monthly["userId"], t.a.admin_id);

    // Bad input names the field and writes nothing.
    for (body, token, names) in [
        (
            json!({"cadence": "yearly", "format": "xlsx", "channels": ["console"]}),
            member,
            "cadence",
        ),
        (
            json!({"cadence": "daily", "format": "docx", "channels": ["console"]}),
            member,
            "format",
        ),
        (
            json!({"cadence": "daily", "format": "pdf", "channels": []}),
            member,
            "channels",
        ),
        (
            json!({"cadence": "daily", "format": "pdf", "channels": ["sms"]}),
            member,
            "channels",
        ),
        (
            json!({"cadence": "daily", "format": "pdf", "channels": ["webhook"]}),
            admin,
            "webhookId",
        ),
        (
            json!({"cadence": "daily", "format": "pdf", "channels": ["webhook"], "webhookId": foreign_hook}),
            admin,
            "webhookId",
        ),
        (
            json!({"userId": t.a.admin_id, "cadence": "daily", "format": "pdf", "channels": ["console"]}),
            member,
            "userId",
        ),
        (
            json!({"userId": t.b.member_id, "cadence": "daily", "format": "pdf", "channels": ["console"]}),
            admin,
            "userId",
        ),
        (
            json!({"cadence": "daily", "format": "xlsx", "channels": ["console"]}),
            member,
            "已订阅",
        ),
    ] {
        // The message, and the field it is about in `data`.
        let refused = save(body.clone(), token).await;
        refused.code(7);
        assert!(refused.text.contains(names), "{body}: {}", refused.text);
    }

    // Lists: the member their own, the admin everyone's, B nothing of A's.
    let list = |token: &str, all: bool| {
        let token = token.to_owned();
        let app = &app;
        async move {
            app.post(
                "/api/dataReport/subscriptions",
                &json!({"all": all}),
                Some(&token),
            )
            .await
            .ok()
        }
    };
    assert_eq!(list(member, true).await.as_array().unwrap().len(), 2);
    assert_eq!(list(admin, false).await.as_array().unwrap().len(), 1);
    assert_eq!(list(admin, true).await.as_array().unwrap().len(), 3);
    assert_eq!(list(&t.b.admin, true).await.as_array().unwrap().len(), 0);
    for path in ["subscription_delete", "subscription_send"] {
        let msg = app
            .post(
                &format!("/api/dataReport/{path}"),
                &json!({"id": daily["id"]}),
                Some(&t.b.admin),
            )
            .await
            .code(7);
        assert!(msg.contains(&daily["id"].to_string()), "{path}: {msg}");
    }

    // The scheduler at a chosen time: each subscription's period once.
    let db = &app.state.db;
    let live = &app.state.live;
    let files = ReportFiles::from_config(&app.state.cfg);
    let wednesday = quiet_wednesday();
    let first = run_due(db, live, &files, wednesday).await.unwrap();
    assert_eq!(
        first,
        Pass {
            sent: 3,
            skipped: 0
        }
    );
    let again = run_due(db, live, &files, wednesday).await.unwrap();
    assert_eq!(again, Pass::default());

    let log = app
        .post("/api/rule/push_log", &json!({}), Some(member))
        .await
        .ok();
    let sent = messages(&log);
    assert_eq!(sent.len(), 2, "{log}");
    let tuesday = (wednesday - Duration::days(1)).date_naive();
    let daily_message = sent
        .iter()
        .find(|m| {
            m["title"]
                .as_str()
                .unwrap()
                .starts_with("Daily fleet report")
        })
        .expect("the daily report's message, in English");
    assert!(
        daily_message["title"]
            .as_str()
            .unwrap()
            .ends_with(&tuesday.to_string()),
        "{daily_message}"
    );
    assert!(
        sent.iter()
            .any(|m| m["title"].as_str().unwrap().starts_with("车队周报"))
    );
    let admin_log = app
        .post("/api/rule/push_log", &json!({}), Some(admin))
        .await
        .ok();
    assert!(messages(&admin_log).is_empty(), "webhook only: {admin_log}");
    let b_log = app
        .post(
            "/api/rule/push_log",
            &json!({"mine": false}),
            Some(&t.b.admin),
        )
        .await
        .ok();
    assert!(messages(&b_log).is_empty(), "{b_log}");

    // The link in the message opens the file without a session.
    let content = daily_message["content"].as_str().unwrap();
    let url = &content[content.find("http").unwrap()..];
    let linked = fetch(app.client.get(url)).await;
    assert_eq!(linked.answer.status, 200);
    assert!(linked.header("content-disposition").contains(&format!(
        "daily-fleet-report_{}.xlsx",
        tuesday.format("%Y%m%d")
    )));
    assert_eq!(sheets(&linked.bytes)[0].0, "Summary");
    let unknown = fetch(app.client.get(app.url(&format!(
        "/api/dataReport/periodic_delivery?token={}",
        "0".repeat(64)
    ))))
    .await;
    assert_eq!(unknown.answer.envelope().code, 7);
    assert_eq!(unknown.answer.envelope().data["field"], "token");

    // The webhook got two deliveries queued: the weekly PDF and the monthly XLSX, each with
    // its link, the small workbook attached.
    let queued = webhook_delivery::Entity::find()
        .filter(webhook_delivery::Column::Event.eq("report.ready"))
        .all(db)
        .await
        .unwrap();
    assert_eq!(queued.len(), 2);
    assert!(queued.iter().all(|d| d.webhook_id == hook));
    let payloads: Vec<Value> = queued
        .iter()
        .map(|d| serde_json::from_str(&d.payload).unwrap())
        .collect();
    let monthly_payload = payloads
        .iter()
        .find(|p| p["report"]["cadence"] == "monthly")
        .expect("the monthly report's delivery");
    assert!(
        monthly_payload["report"]["url"]
            .as_str()
            .unwrap()
            .contains("periodic_delivery?token=")
    );
    let attached = base64::engine::general_purpose::STANDARD
        .decode(monthly_payload["file"].as_str().unwrap())
        .unwrap();
    assert_eq!(sheets(&attached).len(), 4);
    let last_month = NaiveDate::from_ymd_opt(wednesday.year(), wednesday.month(), 1).unwrap()
        - Duration::days(1);
    assert_eq!(monthly_payload["report"]["endDate"], last_month.to_string());

    // The next day: only a new daily report, even with two passes at once; a restart
    // remembers what went out.
    let thursday = wednesday + Duration::days(1);
    let (x, y) = tokio::join!(
        run_due(db, live, &files, thursday),
        run_due(db, live, &files, thursday)
    );
    assert_eq!(x.unwrap().sent + y.unwrap().sent, 1);
    let restarted = app.restart().await;
    let after = run_due(&restarted.state.db, live, &files, thursday)
        .await
        .unwrap();
    assert_eq!(after, Pass::default());

    // The list shows the latest delivery; "send now" sends again outside the schedule.
    let mine = list(member, false).await;
    let latest = mine
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["cadence"] == "daily")
        .unwrap()["lastDelivery"]
        .clone();
    assert_eq!(latest["outcome"], "sent");
    assert_eq!(latest["startDate"], wednesday.date_naive().to_string());
    let now = app
        .post(
            "/api/dataReport/subscription_send",
            &json!({"id": weekly["id"]}),
            Some(member),
        )
        .await
        .ok();
    assert!(now["messageId"].as_i64().is_some(), "{now}");
    assert_eq!(now["webhookQueued"], true);
    let log = app
        .post("/api/rule/push_log", &json!({}), Some(member))
        .await
        .ok();
    assert_eq!(messages(&log).len(), 4, "{log}");

    // Deleting stops further deliveries; links already sent keep working.
    app.post(
        "/api/dataReport/subscription_delete",
        &json!({"id": daily["id"]}),
        Some(member),
    )
    .await
    .ok();
    assert_eq!(list(member, false).await.as_array().unwrap().len(), 1);
    let friday = thursday + Duration::days(1);
    assert_eq!(run_due(db, live, &files, friday).await.unwrap().sent, 0);
    assert_eq!(fetch(app.client.get(url)).await.answer.status, 200);
}
