//! The report area's live logs: alarm incidents, the tyre log and the reports each device
//! sent (accepted and refused, with the reason), each scoped to the caller's enterprises.

use std::time::Duration;

use chrono::{Duration as Span, Utc};
use serde_json::Value;
use wheelend_tests::fleet::{post_report, report};
use wheelend_tests::tenants::two_trees;
use wheelend_tests::{fingerprint, json, spawn_app};

use super::{IMEI_A, last_hour, reporting_fleet, with};

#[tokio::test]
async fn incidents_list_the_scope_alarms_with_their_timings() {
    let app = spawn_app().await;
    let t = two_trees(&app).await;
    let (a, b, _) = reporting_fleet(&app, &t).await;
    let list = |token: &str, filter: Value| {
        let body = with(json!({"page": 1, "pageSize": 50}), filter);
        let token = token.to_owned();
        let app = &app;
        async move { app.api_web_log_incidents(&body, Some(&token)).await }
    };

    let page = list(&t.a.admin, last_hour()).await.ok();
    assert_eq!(page["total"], 1, "{page}");
    let row = &page["list"][0];
    assert_eq!(
        (row["vehicleId"].as_i64(), row["kind"].as_i64()),
        (Some(a), Some(2))
    );
    assert_eq!(row["level"], 2);
    assert_eq!(row["state"], 0);
    assert_eq!(
        (&row["position"], &row["wheelsPerAxle"]),
        (&json!(21), &json!([2, 4])),
        "the layout that names the wheel"
    );
    assert!(row["durationS"].as_i64().unwrap() >= 0);
    assert!(row["ackAfterS"].is_null());

    app.api_web_car_alarm_submit(
        &json!({"id": row["id"], "state": 1, "note": "driver called"}),
        Some(&t.a.admin),
    )
    .await
    .ok();
    let acked = list(&t.a.admin, json!({"state": 1})).await.ok();
    assert_eq!(acked["total"], 1);
    assert!(acked["list"][0]["ackAfterS"].as_i64().is_some());
    assert_eq!(acked["list"][0]["note"], "driver called");

    // Filters.
    assert_eq!(list(&t.a.admin, json!({"kind": 1})).await.ok()["total"], 0);
    assert_eq!(
        list(&t.a.admin, json!({"level": 2, "vehicleId": a}))
            .await
            .ok()["total"],
        1
    );
    // Isolation: B sees its own alarm only and cannot name A's vehicle.
    let b_page = list(&t.b.admin, json!({})).await.ok();
    assert_eq!(b_page["total"], 1);
    assert_eq!(b_page["list"][0]["vehicleId"], b);
    list(&t.b.admin, json!({"vehicleId": a})).await.code(7);
    // Bad input.
    let now = Utc::now();
    let too_long = json!({"start": (now - Span::days(40)).to_rfc3339(), "end": now.to_rfc3339()});
    assert!(list(&t.a.admin, too_long).await.code(7).contains("31"));
    list(&t.a.admin, json!({"start": "yesterday"}))
        .await
        .code(7);
    assert!(
        list(&t.a.admin, json!({"pageSize": 0}))
            .await
            .code(7)
            .contains("pageSize")
    );
}

/// The map's panel of open alarms: active and acknowledged, critical before warning, then the
/// latest first; cleared ones are not open; an unknown order is named.
#[tokio::test]
async fn open_alarms_list_the_most_severe_first() {
    use sea_orm::{EntityTrait, Set};
    let app = spawn_app().await;
    let t = two_trees(&app).await;
    let (a, _, _) = reporting_fleet(&app, &t).await;
    let now = Utc::now();
    // (minutes ago, level, state, wheel): an old critical, a new warning, an acknowledged critical,
    // a cleared critical (one open alarm per wheel and kind)
    let rows = [(50, 2, 0, 11), (1, 1, 0, 12), (20, 2, 1, 23), (2, 2, 2, 24)].map(
        |(ago, level, state, wheel)| {
            let at = now - Span::minutes(ago);
            entities::vehicle_alarm::ActiveModel {
                enterprise_id: Set(t.a.child),
                vehicle_id: Set(a),
                position: Set(wheel),
                kind: Set(3),
                level: Set(level),
                state: Set(state),
                started_at: Set(at),
                last_at: Set(at),
                note: Set(String::new()),
                ..Default::default()
            }
        },
    );
    entities::vehicle_alarm::Entity::insert_many(rows)
        .exec_without_returning(&app.state.db)
        .await
        .unwrap();
    let body =
        json!({"open": true, "order": "severity", "vehicleId": a, "page": 1, "pageSize": 50});
    let page = app
        .api_web_log_incidents(&body, Some(&t.a.admin))
        .await
        .ok();
    let seen: Vec<(i64, i64, i64)> = page["list"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|r| r["kind"] == 3)
        .map(|r| {
            let started =
                chrono::DateTime::parse_from_rfc3339(r["startedAt"].as_str().unwrap()).unwrap();
            // to the nearest minute: the database may round the stored instant either way
            let ago =
                ((now - started.to_utc()).num_milliseconds() as f64 / 60_000.0).round() as i64;
            (
                ago,
                r["level"].as_i64().unwrap(),
                r["state"].as_i64().unwrap(),
            )
        })
        .collect();
    assert_eq!(seen, [(20, 2, 1), (50, 2, 0), (1, 1, 0)], "{page}");
    let levels: Vec<i64> = page["list"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["level"].as_i64().unwrap())
        .collect();
    assert!(
        levels.is_sorted_by(|x, y| x >= y),
        "critical first: {levels:?}"
    );
    let msg = app
        .api_web_log_incidents(&json!({"order": "loudest"}), Some(&t.a.admin))
        .await
        .code(7);
    assert!(msg.contains("loudest") && msg.contains("severity"), "{msg}");
}

#[tokio::test]
async fn the_tyre_log_lists_a_vehicles_readings_by_position() {
    let app = spawn_app().await;
    let t = two_trees(&app).await;
    let (a, b, _) = reporting_fleet(&app, &t).await;
    let log = |token: &str, filter: Value| {
        let body = with(
            with(json!({"page": 1, "pageSize": 50}), last_hour()),
            filter,
        );
        let token = token.to_owned();
        let app = &app;
        async move { app.api_web_log_tpms_log(&body, Some(&token)).await }
    };

    let all = log(&t.a.admin, json!({"vehicleId": a})).await.ok();
    assert_eq!(all["total"], 2, "a row per report: {all}");
    assert_eq!(
        all["list"][0]["wheels"].as_array().unwrap().len(),
        2,
        "two tyres in each report, the hub temperatures left out: {all}"
    );
    let wheel = log(&t.a.admin, json!({"vehicleId": a, "position": 21}))
        .await
        .ok();
    assert_eq!(wheel["total"], 2);
    let tyre = |row: usize| wheel["list"][row]["wheels"][0].clone();
    assert_eq!(tyre(0)["position"], 21);
    assert_eq!(tyre(0)["pressure"], 6.0, "newest first");
    assert_eq!(tyre(1)["pressure"], 6.1);
    assert_eq!(tyre(0)["temp"], 30.0);

    // Isolation and bad input.
    log(&t.b.admin, json!({"vehicleId": a})).await.code(7);
    assert_eq!(
        log(&t.b.admin, json!({"vehicleId": b})).await.ok()["total"],
        1
    );
    assert!(
        log(&t.a.admin, json!({"vehicleId": a, "position": 5}))
            .await
            .code(7)
            .contains("position")
    );
    app.api_web_log_tpms_log(&json!({"vehicleId": a}), Some(&t.a.admin))
        .await
        .code(7);
}

#[tokio::test]
async fn reads_show_accepted_and_refused_reports_with_the_reason() {
    let app = spawn_app().await;
    let t = two_trees(&app).await;
    let (_, _, key_a) = reporting_fleet(&app, &t).await;
    let now = Utc::now().timestamp_millis();
    // Refused: a pressure no sensor reads, and an imei no device has (with A's key).
    post_report(&app, &key_a, &report(IMEI_A, now - 1000, 30.0))
        .await
        .code(7);
    post_report(&app, &key_a, &report("860000000000799", now - 1000, 8.0))
        .await
        .code(7);
    let reads = |token: &str, filter: Value| {
        let body = with(
            with(json!({"page": 1, "pageSize": 50}), last_hour()),
            filter,
        );
        let token = token.to_owned();
        let app = &app;
        async move { app.api_web_log_reads(&body, Some(&token)).await }
    };
    // The refusal log is written in the background.
    let mut page = Value::Null;
    for _ in 0..50 {
        page = reads(&t.a.admin, json!({"imei": IMEI_A})).await.ok();
        if page["total"] == 3 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert_eq!(page["total"], 3, "{page}");
    let rows = page["list"].as_array().unwrap();
    let refused: Vec<&Value> = rows.iter().filter(|r| r["accepted"] == false).collect();
    assert_eq!(refused.len(), 1);
    assert_eq!(refused[0]["reason"], "outOfRange");
    assert!(refused[0]["detail"].as_str().unwrap().contains("pressure"));
    assert_eq!(refused[0]["tyres"], 2);
    let accepted: Vec<&Value> = rows.iter().filter(|r| r["accepted"] == true).collect();
    assert_eq!(accepted.len(), 2);
    assert!(
        accepted
            .iter()
            .all(|r| r["tyres"] == 2 && r["lat"] == 31.2304)
    );

    let only = reads(&t.a.admin, json!({"imei": IMEI_A, "outcome": "rejected"}))
        .await
        .ok();
    assert_eq!(only["total"], 1);
    assert!(
        reads(&t.a.admin, json!({"imei": IMEI_A, "outcome": "maybe"}))
            .await
            .code(7)
            .contains("outcome")
    );
    // Isolation: B cannot read A's device; an unregistered imei is the platform's to see.
    let before = fingerprint(&app.state.db).await;
    reads(&t.b.admin, json!({"imei": IMEI_A})).await.code(7);
    reads(&t.a.admin, json!({"imei": "860000000000799"}))
        .await
        .code(7);
    assert_eq!(before, fingerprint(&app.state.db).await);
    let mut unknown = Value::Null;
    for _ in 0..50 {
        unknown = reads(&t.platform, json!({"imei": "860000000000799"}))
            .await
            .ok();
        if unknown["total"] == 1 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert_eq!(unknown["list"][0]["reason"], "unknownDevice", "{unknown}");
    // Bad input.
    reads(&t.a.admin, json!({})).await.code(7);
    assert!(
        reads(
            &t.a.admin,
            json!({"imei": IMEI_A, "page": 1000, "pageSize": 500})
        )
        .await
        .code(7)
        .contains("10000")
    );
}

#[tokio::test]
async fn ingestion_statistics_count_reports_by_outcome_for_platform_staff_only() {
    let app = spawn_app().await;
    let t = two_trees(&app).await;
    let (_, _, key_a) = reporting_fleet(&app, &t).await;
    let now = Utc::now().timestamp_millis();
    post_report(&app, &key_a, &report(IMEI_A, now - 1000, 30.0))
        .await
        .code(7);
    let stats = |token: &str, body: Value| {
        let token = token.to_owned();
        let app = &app;
        async move {
            app.api_web_log_statistics_ingestion(&body, Some(&token))
                .await
        }
    };
    let summary = stats(&t.platform, json!({})).await.ok();
    assert_eq!(summary["accepted"], 3, "{summary}");
    assert_eq!(summary["rejected"]["outOfRange"], 1, "{summary}");
    assert_eq!(summary["rejected"]["unknownDevice"], 0, "{summary}");
    for day in summary["days"].as_array().unwrap() {
        assert_eq!(day["day"].as_str().unwrap().len(), 10, "YYYY-MM-DD: {day}");
    }

    // The counts span every enterprise: not for an enterprise's admin. Bad ranges are named.
    let msg = stats(&t.a.admin, json!({})).await.code(7);
    assert!(msg.contains("平台"), "{msg}");
    for days in [0, 91] {
        let msg = stats(&t.platform, json!({"days": days})).await.code(7);
        assert!(msg.contains("days"), "{msg}");
    }
    let msg = stats(&t.platform, json!({"days": "a week"})).await.code(7);
    assert!(msg.contains("days"), "{msg}");
}
