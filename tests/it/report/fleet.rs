//! Mileage and its calendar, voltage and sensor marks, device and sensor histories, tyre
//! information, chip statistics and the supervision overview.

use chrono::{Duration as Span, NaiveDate, Utc};
use sea_orm::{ActiveModelTrait, ColumnTrait, EntityTrait, QueryFilter, Set};
use serde_json::Value;
use wheelend_tests::tenants::two_trees;
use wheelend_tests::{fingerprint, json, spawn_app};

use super::{IMEI_A, IMEI_B, reporting_fleet, with};

#[tokio::test]
async fn mileage_reads_the_daily_rollup_per_vehicle_day_and_month() {
    let app = spawn_app().await;
    let t = two_trees(&app).await;
    let (a, b, _) = reporting_fleet(&app, &t).await;
    let day = |d: &str| NaiveDate::parse_from_str(d, "%Y-%m-%d").unwrap();
    // The roll-up as ingestion keeps it (written here directly).
    for (v, d, km, secs) in [
        (a, "2026-10-30", 50.0, 3600),
        (a, "2026-11-01", 120.5, 7200),
        (a, "2026-11-03", 80.0, 3000),
        (b, "2026-11-01", 999.0, 1),
    ] {
        entities::daily_mileage::ActiveModel {
            vehicle_id: Set(v),
            day: Set(day(d)),
            km: Set(km),
            driving_seconds: Set(secs),
            ..Default::default()
        }
        .insert(&app.state.db)
        .await
        .unwrap();
    }
    let get = |token: &str, body: Value| {
        let token = token.to_owned();
        let app = &app;
        async move { app.api_web_log_get_mileage(&body, Some(&token)).await }
    };
    let report = get(
        &t.a.admin,
        json!({"startDate": "2026-11-01", "endDate": "2026-11-03"}),
    )
    .await
    .ok();
    assert_eq!(report["dates"].as_array().unwrap().len(), 3);
    assert_eq!(report["total"], 1, "A sees its own vehicle: {report}");
    let row = &report["list"][0];
    assert_eq!(row["vehicleId"], a);
    assert_eq!(row["daily"], json!([120.5, 0.0, 80.0]));
    assert_eq!(row["km"], 200.5);
    assert_eq!(row["drivingSeconds"], 10200);
    assert_eq!(report["totalKm"], 200.5);
    let cal = &report["calendar"];
    assert_eq!(cal["month"], "2026-11");
    assert_eq!(cal["days"].as_array().unwrap().len(), 30);
    assert_eq!(cal["days"][0]["km"], 120.5);
    assert_eq!(cal["days"][0]["vehicles"], 1);
    assert_eq!(cal["km"], 200.5);
    let october = get(
        &t.a.admin,
        json!({"startDate": "2026-11-01", "endDate": "2026-11-03", "month": "2026-10"}),
    )
    .await
    .ok();
    assert_eq!(october["calendar"]["days"].as_array().unwrap().len(), 31);
    assert_eq!(october["calendar"]["km"], 50.0);
    // Filters, isolation, bad input.
    assert_eq!(
        get(
            &t.a.admin,
            json!({"startDate": "2026-11-01", "endDate": "2026-11-03", "keyword": "zzz"})
        )
        .await
        .ok()["totalKm"],
        0.0
    );
    get(
        &t.b.admin,
        json!({"startDate": "2026-11-01", "endDate": "2026-11-03", "vehicleId": a}),
    )
    .await
    .code(7);
    let b_report = get(
        &t.b.admin,
        json!({"startDate": "2026-11-01", "endDate": "2026-11-03"}),
    )
    .await
    .ok();
    assert_eq!(b_report["totalKm"], 999.0);
    for (body, field) in [
        (
            json!({"startDate": "2026-11-05", "endDate": "2026-11-01"}),
            "endDate",
        ),
        (
            json!({"startDate": "2026-01-01", "endDate": "2026-11-01"}),
            "endDate",
        ),
        (
            json!({"startDate": "2026-11-01", "endDate": "2026-11-02", "month": "11/2026"}),
            "month",
        ),
    ] {
        let refused = get(&t.a.admin, body).await;
        refused.code(7);
        assert_eq!(refused.envelope().data["field"], field);
    }
}

#[tokio::test]
async fn marks_downsample_voltage_and_sensor_readings() {
    let app = spawn_app().await;
    let t = two_trees(&app).await;
    let (a, b, key_a) = reporting_fleet(&app, &t).await;
    // 20 more reports a minute apart, an hour ago.
    let start = Utc::now().timestamp_millis() - 3_600_000;
    let batch: Vec<Value> = (0..20)
        .map(|i| {
            let mut r =
                wheelend_tests::fleet::report(IMEI_A, start + i * 60_000, 8.0 + i as f64 * 0.01);
            r["power"] = json!(24.0 + i as f64 * 0.1);
            r
        })
        .collect();
    wheelend_tests::fleet::post_report(&app, &key_a, &json!(batch))
        .await
        .ok();
    let range = json!({"start": (Utc::now() - Span::hours(2)).to_rfc3339(),
                       "end": (Utc::now() + Span::minutes(1)).to_rfc3339()});
    let power = app
        .api_web_log_marking_power(
            &with(range.clone(), json!({"vehicleId": a, "points": 10})),
            Some(&t.a.admin),
        )
        .await
        .ok();
    assert_eq!(power["readings"], 22, "{power}");
    let points = power["points"].as_array().unwrap();
    assert!(points.len() <= 10 && points.len() >= 2, "{power}");
    let n: u64 = points.iter().map(|p| p["n"].as_u64().unwrap()).sum();
    assert_eq!(n, 22);
    let max = points
        .iter()
        .map(|p| p["max"].as_f64().unwrap())
        .fold(0.0, f64::max);
    assert!((max - 26.4).abs() < 1e-6, "the spike survives: {power}");
    assert!(power["bucketSeconds"].as_f64().unwrap() >= 720.0);

    let sensor = app
        .api_web_log_marking_sensor(
            &with(range.clone(), json!({"vehicleId": a, "position": 21})),
            Some(&t.a.admin),
        )
        .await
        .ok();
    let series = sensor["series"].as_array().unwrap();
    assert_eq!(series.len(), 1);
    assert_eq!(series[0]["position"], 21);
    assert_eq!(series[0]["readings"], 22);
    let lowest = series[0]["pressure"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["min"].as_f64().unwrap())
        .fold(f64::MAX, f64::min);
    assert!((lowest - 6.0).abs() < 1e-6, "{sensor}");
    let all = app
        .api_web_log_marking_sensor(
            &with(range.clone(), json!({"vehicleId": a})),
            Some(&t.a.admin),
        )
        .await
        .ok();
    let positions: Vec<(i64, i64)> = all["series"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| (s["position"].as_i64().unwrap(), s["kind"].as_i64().unwrap()))
        .collect();
    assert_eq!(
        positions,
        [(11, 1), (11, 2), (12, 2), (21, 1)],
        "tyres 11 and 21, hubs 11 and 12"
    );

    // Isolation and bad input.
    app.api_web_log_marking_power(
        &with(range.clone(), json!({"vehicleId": a})),
        Some(&t.b.admin),
    )
    .await
    .code(7);
    app.api_web_log_marking_sensor(
        &with(range.clone(), json!({"vehicleId": a})),
        Some(&t.b.admin),
    )
    .await
    .code(7);
    assert_eq!(
        app.api_web_log_marking_power(
            &with(range.clone(), json!({"vehicleId": b})),
            Some(&t.b.admin)
        )
        .await
        .ok()["readings"],
        1
    );
    let refused = app
        .api_web_log_marking_power(
            &with(range.clone(), json!({"vehicleId": a, "points": 5})),
            Some(&t.a.admin),
        )
        .await;
    assert_eq!(refused.envelope().data["field"], "points");
    let refused = app
        .api_web_log_marking_sensor(&range, Some(&t.a.admin))
        .await;
    assert_eq!(refused.envelope().data["field"], "vehicleId");
    let refused = app
        .api_web_log_marking_sensor(&with(range, json!({"sensorNo": "nope"})), Some(&t.a.admin))
        .await;
    assert_eq!(refused.envelope().data["field"], "sensorNo");
    app.api_web_log_marking_power(&json!({"vehicleId": a}), Some(&t.a.admin))
        .await
        .code(7);
}

#[tokio::test]
async fn device_and_sensor_histories_tell_what_happened() {
    let app = spawn_app().await;
    let t = two_trees(&app).await;
    let (a, _, _) = reporting_fleet(&app, &t).await;
    app.api_web_device_change_tie(
        &json!({"imei": IMEI_A, "position": 21, "sensorNo": "A00021", "replace": true}),
        Some(&t.a.admin),
    )
    .await
    .ok();
    let device = app
        .api_web_log_device(&json!({"imei": IMEI_A}), Some(&t.a.admin))
        .await
        .ok();
    assert_eq!(device["device"]["imei"], IMEI_A);
    assert_eq!(device["device"]["vehicleId"], a);
    assert_eq!(device["device"]["plate"], "沪R00001");
    assert!(
        device["events"]
            .as_array()
            .unwrap()
            .iter()
            .any(|e| e["action"] == "install"),
        "{device}"
    );
    assert_eq!(device["readings"]["reports"], 2);
    assert!(device["readings"]["lastAt"].is_string());

    let sensor = app
        .api_web_log_sensor(&json!({"sensorNo": "A00021"}), Some(&t.a.admin))
        .await
        .ok();
    assert_eq!(sensor["sensor"]["position"], 21);
    assert_eq!(sensor["sensor"]["plate"], "沪R00001");
    let events = sensor["events"].as_array().unwrap();
    assert!(events.iter().any(|e| e["action"] == "bind"), "{sensor}");
    assert!(
        events.iter().any(|e| e["action"] == "alarm"),
        "the low pressure alarm at 21: {sensor}"
    );
    assert_eq!(sensor["readings"]["readings"], 2);
    assert_eq!(sensor["readings"]["minPressure"], 6.0);
    assert_eq!(sensor["readings"]["maxPressure"], 6.1);
    assert_eq!(sensor["readings"]["lastBattery"], 80);

    // Isolation and bad input.
    let before = fingerprint(&app.state.db).await;
    app.api_web_log_device(&json!({"imei": IMEI_A}), Some(&t.b.admin))
        .await
        .code(7);
    app.api_web_log_sensor(&json!({"sensorNo": "A00021"}), Some(&t.b.admin))
        .await
        .code(7);
    assert_eq!(before, fingerprint(&app.state.db).await);
    app.api_web_log_device(&json!({"imei": IMEI_B}), Some(&t.b.admin))
        .await
        .ok();
    app.api_web_log_device(&json!({}), Some(&t.a.admin))
        .await
        .code(7);
    let refused = app.api_web_log_sensor(&json!({}), Some(&t.a.admin)).await;
    assert_eq!(refused.envelope().data["field"], "sensorNo");
    let now = Utc::now();
    let long = json!({"sensorNo": "A00021", "start": (now - Span::days(40)).to_rfc3339(), "end": now.to_rfc3339()});
    assert!(
        app.api_web_log_sensor(&long, Some(&t.a.admin))
            .await
            .code(7)
            .contains("31")
    );
}

#[tokio::test]
async fn tyre_info_lists_each_wheel_with_its_tyre_sensor_and_reading() {
    let app = spawn_app().await;
    let t = two_trees(&app).await;
    let (a, b, _) = reporting_fleet(&app, &t).await;
    let info = app
        .api_web_log_tyre_info(&json!({"vehicleId": a}), Some(&t.a.admin))
        .await
        .ok();
    assert_eq!(info["plate"], "沪R00001");
    assert_eq!(info["axleLayout"], "2,4");
    let wheels = info["wheels"].as_array().unwrap();
    assert_eq!(wheels.len(), 6, "{info}");
    let w21 = wheels.iter().find(|w| w["position"] == 21).unwrap();
    assert_eq!(w21["pressure"], 6.0, "the latest reading: {info}");
    assert!(w21["tyre"].is_null());
    app.api_web_log_tyre_info(&json!({"vehicleId": a}), Some(&t.b.admin))
        .await
        .code(7);
    app.api_web_log_tyre_info(&json!({"vehicleId": b}), Some(&t.b.admin))
        .await
        .ok();
    let refused = app
        .api_web_log_tyre_info(&json!({}), Some(&t.a.admin))
        .await;
    assert!(refused.code(7).contains("vehicleId"));
    let refused = app
        .api_web_log_tyre_info(&json!({"vehicleId": "one"}), Some(&t.a.admin))
        .await;
    assert_eq!(refused.envelope().data["field"], "vehicleId");
}

#[tokio::test]
async fn chip_statistics_band_batteries_and_list_the_lowest() {
    let app = spawn_app().await;
    let t = two_trees(&app).await;
    reporting_fleet(&app, &t).await;
    for (pos, no) in [(11, "A00011"), (21, "A00021"), (22, "A00022")] {
        app.api_web_device_change_tie(
            &json!({"imei": IMEI_A, "position": pos, "sensorNo": no, "replace": true}),
            Some(&t.a.admin),
        )
        .await
        .ok();
    }
    for (no, battery) in [("A00011", 5_i16), ("A00021", 15), ("A00022", 90)] {
        entities::sensor::Entity::update_many()
            .col_expr(
                entities::sensor::Column::Battery,
                sea_orm::sea_query::Expr::value(battery),
            )
            .filter(entities::sensor::Column::SensorNo.eq(no))
            .exec(&app.state.db)
            .await
            .unwrap();
    }
    let stats = app
        .api_data_tp_chip(&json!({}), Some(&t.a.admin))
        .await
        .ok();
    assert_eq!(stats["sensors"], 3, "{stats}");
    assert_eq!(stats["bound"], 3);
    assert_eq!(stats["bands"][0]["sensors"], 1);
    assert_eq!(stats["bands"][1]["sensors"], 1);
    assert_eq!(stats["bands"][4]["sensors"], 1);
    assert_eq!(stats["lowBatteryTotal"], 2);
    assert_eq!(stats["lowBattery"][0]["sensorNo"], "A00011");
    assert_eq!(stats["lowBattery"][0]["plate"], "沪R00001");
    assert_eq!(stats["receivers"].as_array().unwrap().len(), 1);
    let tight = app
        .api_data_tp_chip(&json!({"lowBattery": 10, "limit": 1}), Some(&t.a.admin))
        .await
        .ok();
    assert_eq!(tight["lowBatteryTotal"], 1);
    // B has no sensors; bad input names the field.
    let b = app
        .api_data_tp_chip(&json!({}), Some(&t.b.admin))
        .await
        .ok();
    assert_eq!(b["sensors"], 0);
    assert!(!b.to_string().contains("ZZA"));
    for (body, field) in [
        (json!({"lowBattery": 0}), "lowBattery"),
        (json!({"limit": 501}), "limit"),
    ] {
        let refused = app.api_data_tp_chip(&body, Some(&t.a.admin)).await;
        assert_eq!(refused.envelope().data["field"], field);
    }
    app.api_data_tp_chip(&json!({"enterpriseId": t.b.root}), Some(&t.a.admin))
        .await
        .code(7);
}

#[tokio::test]
async fn the_supervision_overview_counts_per_enterprise() {
    let app = spawn_app().await;
    let t = two_trees(&app).await;
    let (a, _, _) = reporting_fleet(&app, &t).await;
    app.api_work_save(
        &json!({"typeId": -1, "title": "ZZA check", "vehicles": [{"vehicleId": a}]}),
        Some(&t.a.admin),
    )
    .await
    .ok();
    let get = |token: &str, q: Value| {
        let token = token.to_owned();
        let app = &app;
        async move { app.api_data_supervisory(&q, Some(&token)).await }
    };
    let all = get(&t.a.admin, json!({})).await.ok();
    let ents = all["enterprises"].as_array().unwrap();
    assert_eq!(ents.len(), 2, "A's root and child: {all}");
    let child = ents.iter().find(|e| e["entId"] == t.a.child).unwrap();
    assert_eq!(child["vehicles"], 1);
    assert_eq!(child["online"], 1);
    assert_eq!(child["alarming"], 1);
    assert_eq!(child["openCritical"], 1);
    assert_eq!(child["openWorkOrders"], 1);
    assert_eq!(all["total"]["vehicles"], 1);
    assert!(!all.to_string().contains("ZZB"));
    let tree = get(&t.a.admin, json!({"entId": t.a.child})).await.ok();
    assert_eq!(tree["enterprises"].as_array().unwrap().len(), 1);
    // A cluster of B's tree: B's admin sees it, A cannot name it.
    let cluster = app
        .api_web_cluster_save_cluster(&json!({"name": "ZZB watch"}), Some(&t.b.admin))
        .await
        .ok();
    app.api_web_cluster_add_ent(
        &json!({"colonyId": cluster["ID"], "entIds": [t.b.child]}),
        Some(&t.b.admin),
    )
    .await
    .ok();
    let watched = get(&t.b.admin, json!({"colonyId": cluster["ID"]}))
        .await
        .ok();
    assert_eq!(watched["enterprises"].as_array().unwrap().len(), 1);
    let refused = get(&t.a.admin, json!({"colonyId": cluster["ID"]})).await;
    assert_eq!(refused.envelope().data["field"], "colonyId");
    get(&t.a.admin, json!({"entId": t.b.root})).await.code(7);
    let refused = get(&t.a.admin, json!({"entId": "root"})).await;
    assert_eq!(refused.envelope().data["field"], "entId");
    let platform = get(&t.platform, json!({})).await.ok();
    assert!(platform["total"]["vehicles"].as_i64().unwrap() >= 2);
}
