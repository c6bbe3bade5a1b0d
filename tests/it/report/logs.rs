//! The event log (`logList`) merged from alarms, installs and work orders, its exports as CSV
//! and XLSX read back (`getLogListCSV`, `workCSV`), and installation records.

use chrono::{Duration as Span, Timelike, Utc};
use sea_orm::{EntityTrait, Set};
use serde_json::Value;
use wheelend_tests::tenants::two_trees;
use wheelend_tests::{TestApp, json, spawn_app};

use super::{IMEI_A, csv_rows, download, last_hour, reporting_fleet, with, xlsx_rows};

/// A's alarm acknowledged, a sensor bound on A's vehicle and a work order opened on it.
async fn more_history(app: &TestApp, token: &str, a: i64) {
    let alarms = app
        .api_web_log_incidents(&json!({"vehicleId": a}), Some(token))
        .await
        .ok();
    app.api_web_car_alarm_submit(
        &json!({"id": alarms["list"][0]["id"], "state": 1, "note": "driver called"}),
        Some(token),
    )
    .await
    .ok();
    app.api_web_device_change_tie(
        &json!({"imei": IMEI_A, "position": 22, "sensorNo": "A00022"}),
        Some(token),
    )
    .await
    .ok();
    app.api_work_save(
        &json!({"typeId": -1, "title": "ZZA flat tyre", "vehicles": [{"vehicleId": a}]}),
        Some(token),
    )
    .await
    .ok();
}

fn kinds(page: &Value) -> Vec<(String, String)> {
    page["list"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            (
                r["kind"].as_str().unwrap().to_owned(),
                r["action"].as_str().unwrap().to_owned(),
            )
        })
        .collect()
}

#[tokio::test]
async fn the_event_log_merges_alarms_installs_and_orders_newest_first() {
    let app = spawn_app().await;
    let t = two_trees(&app).await;
    let (a, b, _) = reporting_fleet(&app, &t).await;
    more_history(&app, &t.a.admin, a).await;
    let list = |token: &str, filter: Value| {
        let body = with(with(json!({"pageSize": 100}), last_hour()), filter);
        let token = token.to_owned();
        let app = &app;
        async move { app.api_web_log_log_list(&body, Some(&token)).await }
    };

    let page = list(&t.a.admin, json!({})).await.ok();
    let seen = kinds(&page);
    for wanted in [
        ("alarm", "raised"),
        ("alarm", "acknowledged"),
        ("install", "install"),
        ("install", "bind"),
        ("workOrder", "opened"),
    ] {
        assert!(
            seen.contains(&(wanted.0.to_owned(), wanted.1.to_owned())),
            "{wanted:?} in {page}"
        );
    }
    assert_eq!(page["total"].as_u64().unwrap() as usize, seen.len());
    let times: Vec<&str> = page["list"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["time"].as_str().unwrap())
        .collect();
    let mut sorted = times.clone();
    sorted.sort_by(|x, y| y.cmp(x));
    assert_eq!(times, sorted, "newest first");
    let raised = page["list"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["action"] == "raised")
        .unwrap();
    assert_eq!(raised["level"], 2);
    assert_eq!(raised["plate"], "沪R00001");
    assert_eq!(raised["position"], 21);
    assert_eq!(
        raised["positionName"], "第2轴左外",
        "named from the layout 2,4"
    );
    assert_eq!(raised["vehicleId"], a);
    assert!(raised["enterpriseName"].as_str().unwrap().contains("ZZA"));
    let bind = page["list"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["action"] == "bind")
        .unwrap();
    assert_eq!(bind["subject"], "A00022");
    assert_eq!(bind["position"], 22);
    assert_eq!(bind["positionName"], "第2轴左内");

    // Paging one row at a time gives the same rows in the same order.
    let total = page["total"].as_u64().unwrap();
    for (i, row) in page["list"].as_array().unwrap().iter().enumerate() {
        let one = list(&t.a.admin, json!({"page": i + 1, "pageSize": 1}))
            .await
            .ok();
        assert_eq!(one["total"], total);
        assert_eq!(
            (&one["list"][0]["kind"], &one["list"][0]["refId"]),
            (&row["kind"], &row["refId"])
        );
    }

    // Filters.
    let alarms = list(&t.a.admin, json!({"kind": "alarm"})).await.ok();
    assert!(kinds(&alarms).iter().all(|(k, _)| k == "alarm"));
    assert_eq!(alarms["total"], 2, "raised and acknowledged: {alarms}");
    let critical = list(&t.a.admin, json!({"level": 2})).await.ok();
    assert!(
        critical["list"]
            .as_array()
            .unwrap()
            .iter()
            .all(|r| r["level"] == 2)
    );
    let info = list(&t.a.admin, json!({"level": 0})).await.ok();
    assert!(kinds(&info).iter().all(|(k, _)| k != "alarm"));
    let installs = list(&t.a.admin, json!({"kinds": ["install", "workOrder"]}))
        .await
        .ok();
    assert!(
        kinds(&installs)
            .iter()
            .all(|(k, _)| k == "install" || k == "workOrder")
    );
    assert_eq!(
        list(&t.a.admin, json!({"keyword": "R00001", "kind": "alarm"}))
            .await
            .ok()["total"],
        2
    );
    assert_eq!(
        list(&t.a.admin, json!({"keyword": "nothing-like-it"}))
            .await
            .ok()["total"],
        0
    );
    assert_eq!(
        list(&t.a.admin, json!({"alarmKind": 1})).await.ok()["total"],
        0,
        "no high-pressure alarm"
    );

    // Isolation: B sees its own vehicle's events only and cannot name A's vehicle.
    let b_page = list(&t.b.admin, json!({})).await.ok();
    assert!(b_page["total"].as_u64().unwrap() >= 2);
    assert!(
        b_page["list"]
            .as_array()
            .unwrap()
            .iter()
            .all(|r| r["vehicleId"] == b)
    );
    assert!(!b_page.to_string().contains("R00001"));
    list(&t.b.admin, json!({"vehicleId": a})).await.code(7);

    // Bad input names the field.
    let refused = list(&t.a.admin, json!({"kinds": ["alarm", "nope"]})).await;
    assert!(refused.code(7).contains("nope"));
    assert_eq!(refused.envelope().data["field"], "kinds[1]");
    let refused = list(&t.a.admin, json!({"level": 7})).await;
    refused.code(7);
    assert_eq!(refused.envelope().data["field"], "level");
    let refused = list(&t.a.admin, json!({"alarmKind": 99})).await;
    assert_eq!(refused.envelope().data["field"], "alarmKind");
    let now = Utc::now();
    let long = json!({"start": (now - Span::days(40)).to_rfc3339(), "end": now.to_rfc3339()});
    assert!(list(&t.a.admin, long).await.code(7).contains("31"));
    let reversed = json!({"start": now.to_rfc3339(), "end": (now - Span::hours(1)).to_rfc3339()});
    list(&t.a.admin, reversed).await.code(7);
    app.api_web_log_log_list(&json!({"pageSize": 10}), Some(&t.a.admin))
        .await
        .code(7);
    assert!(
        list(&t.a.admin, json!({"page": 100, "pageSize": 500}))
            .await
            .code(7)
            .contains("10000")
    );
}

#[tokio::test]
async fn the_log_exports_as_csv_and_xlsx_that_read_back() {
    let app = spawn_app().await;
    let t = two_trees(&app).await;
    let (a, _, _) = reporting_fleet(&app, &t).await;
    more_history(&app, &t.a.admin, a).await;
    let total = app
        .api_web_log_log_list(
            &with(json!({"pageSize": 100}), last_hour()),
            Some(&t.a.admin),
        )
        .await
        .ok()["total"]
        .as_u64()
        .unwrap() as usize;

    let csv = download(
        &app,
        "/api/web/log/getLogListCSV",
        &with(last_hour(), json!({"utcOffset": 480})),
        &t.a.admin,
        "en",
    )
    .await;
    assert_eq!(csv.answer.status, 200);
    assert!(csv.header("content-type").starts_with("text/csv"));
    let disposition = csv.header("content-disposition");
    assert!(
        disposition.contains("attachment") && disposition.contains("event-log_"),
        "{disposition}"
    );
    assert!(disposition.contains(".csv"), "{disposition}");
    let rows = csv_rows(&csv.bytes);
    assert_eq!(
        rows[0],
        [
            "Time",
            "Kind",
            "Action",
            "Level",
            "Enterprise",
            "Plate",
            "Subject",
            "Position",
            "Detail"
        ]
    );
    assert_eq!(rows.len() - 1, total, "one row per event");
    let raised = rows.iter().find(|r| r[2] == "raised").unwrap();
    assert_eq!(
        (raised[1].as_str(), raised[3].as_str(), raised[5].as_str()),
        ("alarm", "critical", "沪R00001")
    );
    assert_eq!(raised[0].len(), 19, "YYYY-MM-DD HH:MM:SS: {raised:?}");
    // The wheel as people say it in the caller's language, from the vehicle's layout (2,4):
    // tyre 21 is the drive axle's left outer.
    assert_eq!(raised[7], "Axle 2, left outer", "{raised:?}");

    let xlsx = download(
        &app,
        "/api/web/log/getLogListCSV",
        &with(last_hour(), json!({"format": "xlsx"})),
        &t.a.admin,
        "zh-CN",
    )
    .await;
    assert_eq!(xlsx.answer.status, 200);
    assert!(xlsx.header("content-type").contains("spreadsheetml"));
    assert!(xlsx.header("content-disposition").contains(".xlsx"));
    let sheet = xlsx_rows(&xlsx.bytes);
    assert_eq!(sheet[0][0], "时间", "headers in the request's language");
    assert_eq!(sheet.len() - 1, total);
    assert!(
        sheet
            .iter()
            .any(|r| r[5] == "沪R00001" && r[2] == "产生" && r[7] == "第2轴左外"),
        "{sheet:?}"
    );

    // Isolation: B's export holds none of A's events.
    let b = download(
        &app,
        "/api/web/log/getLogListCSV",
        &last_hour(),
        &t.b.admin,
        "en",
    )
    .await;
    assert_eq!(b.answer.status, 200);
    assert!(!b.answer.text.contains("R00001"), "{}", b.answer.text);

    // Refusals answer the envelope, naming the field.
    let refused = download(
        &app,
        "/api/web/log/getLogListCSV",
        &with(last_hour(), json!({"format": "pdf"})),
        &t.a.admin,
        "en",
    )
    .await;
    assert_eq!(refused.answer.envelope().code, 7);
    assert!(
        refused.answer.envelope().msg.contains("xlsx"),
        "{}",
        refused.answer.text
    );
    let now = Utc::now();
    let refused = download(
        &app,
        "/api/web/log/getLogListCSV",
        &json!({"start": (now - Span::days(400)).to_rfc3339(), "end": now.to_rfc3339()}),
        &t.a.admin,
        "en",
    )
    .await;
    assert!(refused.answer.envelope().msg.contains("366"));
    let refused = download(
        &app,
        "/api/web/log/getLogListCSV",
        &with(last_hour(), json!({"utcOffset": 2000})),
        &t.a.admin,
        "en",
    )
    .await;
    assert_eq!(refused.answer.envelope().data["field"], "utcOffset");
}

/// Many events at the same instants: the keyset chunks neither skip nor repeat a row.
#[tokio::test]
async fn a_large_export_streams_every_row_once_in_order() {
    let app = spawn_app().await;
    let t = two_trees(&app).await;
    let (a, _, _) = reporting_fleet(&app, &t).await;
    let db = &app.state.db;
    let ent = t.a.child;
    // 12,000 cleared alarms over 300 distinct seconds (40 per second), two days ago: three
    // chunks of 5,000 with ties across their edges.
    // Whole seconds: written as the database driver writes them.
    let base = (Utc::now() - Span::days(2)).with_nanosecond(0).unwrap();
    let n = 12_000;
    for chunk in (0..n).collect::<Vec<i64>>().chunks(500) {
        let rows = chunk.iter().map(|i| {
            let at = base + Span::seconds(i % 300);
            entities::vehicle_alarm::ActiveModel {
                enterprise_id: Set(ent),
                vehicle_id: Set(a),
                position: Set(i32::try_from(i % 90 + 1).unwrap()),
                kind: Set(2),
                level: Set(1),
                state: Set(2),
                value: Set(Some(7.0)),
                threshold: Set(Some(8.0)),
                started_at: Set(at),
                last_at: Set(at),
                note: Set(String::new()),
                cleared_at: Set(Some(at)),
                ..Default::default()
            }
        });
        entities::vehicle_alarm::Entity::insert_many(rows)
            .exec_without_returning(db)
            .await
            .unwrap();
    }
    let range = json!({"start": (base - Span::hours(1)).to_rfc3339(),
                       "end": (base + Span::hours(1)).to_rfc3339(), "kind": "alarm"});
    let csv = download(&app, "/api/web/log/getLogListCSV", &range, &t.a.admin, "en").await;
    assert_eq!(csv.answer.status, 200);
    let rows = csv_rows(&csv.bytes);
    assert_eq!(
        rows.len() - 1,
        2 * n as usize,
        "raised and cleared, each once"
    );
    let times: Vec<&String> = rows[1..].iter().map(|r| &r[0]).collect();
    assert!(times.windows(2).all(|w| w[0] >= w[1]), "newest first");
    let xlsx = download(
        &app,
        "/api/web/log/getLogListCSV",
        &with(range, json!({"format": "xlsx"})),
        &t.a.admin,
        "en",
    )
    .await;
    assert_eq!(xlsx_rows(&xlsx.bytes).len() - 1, 2 * n as usize);
}

#[tokio::test]
async fn work_orders_export_through_the_same_exporter() {
    let app = spawn_app().await;
    let t = two_trees(&app).await;
    let (a, _, _) = reporting_fleet(&app, &t).await;
    for title in ["ZZA one", "ZZA two", "ZZA three"] {
        app.api_work_save(
            &json!({"typeId": -1, "title": title, "vehicles": [{"vehicleId": a}]}),
            Some(&t.a.admin),
        )
        .await
        .ok();
    }
    app.api_work_save(&json!({"typeId": -1, "title": "ZZB own"}), Some(&t.b.admin))
        .await
        .ok();
    let today = Utc::now().date_naive().to_string();
    let body = json!({"from": today, "to": today});
    let csv = download(&app, "/api/web/log/workCSV", &body, &t.a.admin, "en").await;
    assert_eq!(csv.answer.status, 200);
    assert!(
        csv.header("content-disposition")
            .contains(&format!("work-orders_{}", today.replace('-', "")))
    );
    let rows = csv_rows(&csv.bytes);
    assert_eq!(rows[0][0], "Number");
    assert_eq!(rows.len() - 1, 3);
    assert_eq!(rows[1][1], "ZZA three", "newest first");
    assert!(
        rows[1..]
            .iter()
            .all(|r| r[7] == "沪R00001" && r[4] == "pending")
    );
    let filtered = download(
        &app,
        "/api/web/log/workCSV",
        &with(body.clone(), json!({"keyword": "two", "format": "xlsx"})),
        &t.a.admin,
        "en",
    )
    .await;
    let sheet = xlsx_rows(&filtered.bytes);
    assert_eq!(sheet.len() - 1, 1);
    assert_eq!(sheet[1][1], "ZZA two");

    // B's export holds B's order only.
    let b = download(&app, "/api/web/log/workCSV", &body, &t.b.admin, "en").await;
    let rows = csv_rows(&b.bytes);
    assert_eq!(rows.len() - 1, 1);
    assert_eq!(rows[1][1], "ZZB own");

    // Bad input.
    let refused = download(
        &app,
        "/api/web/log/workCSV",
        &json!({"to": today}),
        &t.a.admin,
        "en",
    )
    .await;
    assert_eq!(refused.answer.envelope().data["field"], "from");
    let refused = download(
        &app,
        "/api/web/log/workCSV",
        &json!({"from": "2024-01-01", "to": today}),
        &t.a.admin,
        "en",
    )
    .await;
    assert_eq!(refused.answer.envelope().data["field"], "to");
    let refused = download(
        &app,
        "/api/web/log/workCSV",
        &with(body, json!({"state": 999})),
        &t.a.admin,
        "en",
    )
    .await;
    assert_eq!(refused.answer.envelope().data["field"], "state");
}

#[tokio::test]
async fn installation_records_list_receivers_and_sensors_per_vehicle() {
    let app = spawn_app().await;
    let t = two_trees(&app).await;
    let (a, b, _) = reporting_fleet(&app, &t).await;
    more_history(&app, &t.a.admin, a).await;
    let get = |token: &str, query: Value| {
        let token = token.to_owned();
        let app = &app;
        async move { app.api_web_log_installation(&query, Some(&token)).await }
    };
    let page = get(&t.a.admin, json!({"vehicleId": a})).await.ok();
    assert_eq!(page["total"], 2, "{page}");
    assert_eq!(page["list"][0]["action"], "bind");
    assert_eq!(page["list"][1]["action"], "install");
    assert_eq!(page["list"][1]["subject"], IMEI_A);
    assert!(
        page["list"]
            .as_array()
            .unwrap()
            .iter()
            .all(|r| r["kind"] == "install")
    );
    let everything = get(&t.a.admin, json!({"pageSize": 50})).await.ok();
    assert_eq!(everything["total"], 2);
    assert_eq!(
        get(&t.a.admin, json!({"keyword": "R00001"})).await.ok()["total"],
        2
    );
    // Isolation and bad input.
    get(&t.a.admin, json!({"vehicleId": b})).await.code(7);
    assert_eq!(get(&t.b.admin, json!({})).await.ok()["total"], 1);
    let refused = get(&t.a.admin, json!({"start": "soon"})).await;
    assert_eq!(refused.envelope().data["field"], "start");
    get(&t.a.admin, json!({"pageSize": 0})).await.code(7);
}
