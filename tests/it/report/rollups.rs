//! Fleet reports over finished days: the `/dataReport/*` reads of the roll-ups the
//! finished-days follower keeps, per enterprise of the caller's scope, with bad input.

use chrono::{Duration, NaiveDate, TimeZone, Utc};
use domain::vehicle::days;
use domain::vehicle::mileage::DayRange;
use serde_json::Value;
use wheelend_tests::fleet::{fitted_vehicle, post_report, report};
use wheelend_tests::tenants::{self, rows};
use wheelend_tests::{TestApp, json, spawn_app};

/// Ten minutes north at 60 km/h from 08:00 of `day`, then ten stopped; tyre 21 at
/// `pressure_21` bar.
pub(super) fn drive(imei: &str, day: NaiveDate, pressure_21: f64) -> Value {
    let start = Utc.from_utc_datetime(&day.and_hms_opt(8, 0, 0).unwrap());
    Value::Array(
        (0..=20)
            .map(|i: i64| {
                let mut r = report(
                    imei,
                    (start + Duration::minutes(i)).timestamp_millis(),
                    pressure_21,
                );
                r["gps"] = json!({"lat": 30.0 + 0.01 * (i.min(10) as f64), "lon": 120.0,
                                  "speed": if (1..=10).contains(&i) { 60.0 } else { 0.0 },
                                  "direction": 0});
                r
            })
            .collect(),
    )
}

/// Derives the finished days `from`..=`to` of every vehicle now, as the follower would.
pub(super) async fn derive_days(app: &TestApp, from: NaiveDate, to: NaiveDate) {
    let db = &app.state.db;
    days::queue_range(
        db,
        DayRange {
            start_date: from,
            end_date: to,
        },
    )
    .await
    .unwrap();
    days::settle(db).await.unwrap();
}

async fn call(app: &TestApp, path: &str, body: &Value, token: &str) -> Value {
    app.post(&format!("/api/dataReport/{path}"), body, Some(token))
        .await
        .ok()
}

#[tokio::test]
async fn fleet_reports_read_the_roll_ups_of_the_scope() {
    let app = spawn_app().await;
    let t = tenants::two_trees(&app).await;
    let (a, b) = (&t.a.admin, &t.b.admin);
    let (_, key_a) =
        fitted_vehicle(&app, &t.platform, t.a.root, "沪A00401", "860000000000401").await;
    let (_, key_b) =
        fitted_vehicle(&app, &t.platform, t.b.root, "沪B00402", "860000000000402").await;
    let today = Utc::now().date_naive();
    let (d1, d2) = (today - Duration::days(2), today - Duration::days(1));
    post_report(&app, &key_a, &drive("860000000000401", d1, 9.0))
        .await
        .ok();
    // Tyre 21 far below its limit on the second day: a low-pressure alarm.
    post_report(&app, &key_a, &drive("860000000000401", d2, 3.0))
        .await
        .ok();
    post_report(&app, &key_b, &drive("860000000000402", d2, 9.0))
        .await
        .ok();
    derive_days(&app, d1, d2).await;
    let period = json!({"startDate": d1, "endDate": d2});

    // The trend: A's two days, none of B's.
    let trend = call(&app, "chart", &period, a).await;
    let days_of = trend["days"].as_array().unwrap();
    assert_eq!(days_of.len(), 2, "{trend}");
    assert_eq!(days_of[0]["day"], d1.to_string());
    assert_eq!(trend["total"]["vehicleDays"], 2);
    let km = trend["total"]["km"].as_f64().unwrap();
    assert!((km - 2.0 * 11.13).abs() < 0.1, "{km}");
    let alarms = trend["total"]["alarms"].as_i64().unwrap();
    assert!(alarms >= 1, "{trend}");
    assert_eq!(days_of[0]["alarms"], 0);

    // Alarms by hour (24, summing to the total) and by kind (low pressure among them).
    let hours = call(&app, "hour_distribution", &period, a).await;
    let hours = hours.as_array().unwrap();
    assert_eq!(hours.len(), 24);
    assert_eq!(
        hours
            .iter()
            .map(|h| h["total"].as_i64().unwrap())
            .sum::<i64>(),
        alarms
    );
    assert!(hours[8]["total"].as_i64().unwrap() >= 1);
    let kinds = call(&app, "alarm_pie_chart", &period, a).await;
    assert!(
        kinds.as_array().unwrap().iter().any(|k| k["key"] == 2),
        "{kinds}"
    );

    // Per enterprise: A sees its own; the platform sees both.
    let table = call(&app, "analysis_table", &period, a).await;
    assert_eq!(table.as_array().unwrap().len(), 1, "{table}");
    assert_eq!(table[0]["enterpriseId"], t.a.root);
    assert!(!table[0]["name"].as_str().unwrap().is_empty());
    let everyone = call(&app, "analysis_table", &period, &t.platform).await;
    assert_eq!(everyone.as_array().unwrap().len(), 2, "{everyone}");

    // The daily report of d2 beside d1.
    let daily = call(
        &app,
        "analysis_detail",
        &json!({"cadence": "daily", "day": d2}),
        a,
    )
    .await;
    assert_eq!(
        (daily["startDate"].clone(), daily["endDate"].clone()),
        (json!(d2), json!(d2))
    );
    assert_eq!(daily["previousStartDate"], d1.to_string());
    assert_eq!(daily["previous"]["vehicleDays"], 1);
    assert_eq!(daily["trend"]["total"]["alarms"], alarms);
    let monthly = call(
        &app,
        "analysis_detail",
        &json!({"cadence": "monthly", "day": "2026-02-10"}),
        a,
    )
    .await;
    assert_eq!(
        (monthly["startDate"].clone(), monthly["endDate"].clone()),
        (json!("2026-02-01"), json!("2026-02-28"))
    );
    assert_eq!(monthly["previousStartDate"], "2026-01-01");
    let weekly = call(
        &app,
        "analysis_detail",
        &json!({"cadence": "weekly", "day": "2026-11-26"}),
        a,
    )
    .await;
    assert_eq!(
        (weekly["startDate"].clone(), weekly["endDate"].clone()),
        (json!("2026-11-23"), json!("2026-11-29"))
    );

    // Per vehicle, by alarms.
    let vehicles = call(
        &app,
        "ship_list",
        &json!({"startDate": d1, "endDate": d2, "sort": "alarms"}),
        a,
    )
    .await;
    assert_eq!(vehicles["total"], 1);
    let row = &rows(&vehicles)[0];
    assert_eq!(row["plate"], "沪A00401");
    assert_eq!(row["days"], 2);
    assert_eq!(row["alarms"], alarms);

    // Chart series.
    let by_day = call(
        &app,
        "chart_data",
        &json!({"startDate": d1, "endDate": d2, "measure": "km", "grouping": "day"}),
        a,
    )
    .await;
    assert_eq!(by_day.as_array().unwrap().len(), 2, "{by_day}");
    assert_eq!(by_day[1]["label"], d2.to_string());
    let by_kind = call(
        &app,
        "chart_data",
        &json!({"startDate": d1, "endDate": d2, "measure": "alarms", "grouping": "alarmKind"}),
        a,
    )
    .await;
    assert_eq!(
        by_kind
            .as_array()
            .unwrap()
            .iter()
            .map(|p| p["value"].as_f64().unwrap())
            .sum::<f64>() as i64,
        alarms
    );
    let by_enterprise = call(
        &app,
        "chart_data",
        &json!({"startDate": d1, "endDate": d2, "measure": "maxHubTemp", "grouping": "enterprise"}),
        &t.platform,
    )
    .await;
    assert_eq!(by_enterprise.as_array().unwrap().len(), 2);
    // The hubs of axle 1 read 45 and 44 °C: 1 °C apart, per day and per vehicle.
    let differences = call(
        &app,
        "chart_data",
        &json!({"startDate": d1, "endDate": d2, "measure": "maxHubDiff", "grouping": "day"}),
        a,
    )
    .await;
    assert_eq!(
        differences
            .as_array()
            .unwrap()
            .iter()
            .map(|p| p["value"].as_f64().unwrap())
            .collect::<Vec<_>>(),
        [1.0, 1.0],
        "{differences}"
    );
    let ranked = call(
        &app,
        "ship_list",
        &json!({"startDate": d1, "endDate": d2, "sort": "maxHubDiff"}),
        &t.platform,
    )
    .await;
    assert!(
        rows(&ranked).iter().all(|r| r["maxHubDiff"] == 1.0),
        "{ranked}"
    );

    // Bad input names the problem; another tree's enterprise is refused.
    for (path, body, names) in [
        ("chart", json!({"startDate": d2, "endDate": d1}), "结束日期"),
        ("chart", json!({"endDate": d1}), "startDate"),
        (
            "chart",
            json!({"startDate": "2024-01-01", "endDate": d1}),
            "366",
        ),
        (
            "chart_data",
            json!({"startDate": d1, "endDate": d2, "measure": "km", "grouping": "hour"}),
            "告警",
        ),
        (
            "chart_data",
            json!({"startDate": d1, "endDate": d2, "measure": "speed", "grouping": "day"}),
            "measure",
        ),
        (
            "analysis_detail",
            json!({"cadence": "yearly", "day": d1}),
            "cadence",
        ),
        (
            "ship_list",
            json!({"startDate": d1, "endDate": d2, "pageSize": 0}),
            "pageSize",
        ),
    ] {
        let msg = app
            .post(&format!("/api/dataReport/{path}"), &body, Some(a))
            .await
            .code(7);
        assert!(msg.contains(names), "{path} {body}: {msg}");
    }
    app.post(
        "/api/dataReport/chart",
        &json!({"startDate": d1, "endDate": d2, "enterpriseId": t.b.root}),
        Some(a),
    )
    .await
    .code(7);
    // B sees only its own vehicle-day.
    let trend_b = call(&app, "chart", &period, b).await;
    assert_eq!(trend_b["total"]["vehicleDays"], 1);
    assert_eq!(trend_b["total"]["alarms"], 0);
}
