//! Per-enterprise settings: alarm thresholds, projects, push and supervision.

use super::ids;
use serde_json::Value;
use wheelend_tests::tenants::{self};
use wheelend_tests::{fingerprint, json, spawn_app};

#[tokio::test]
async fn alarm_thresholds_have_defaults_ranges_and_axle_positions() {
    let app = spawn_app().await;
    let t = tenants::two_trees(&app).await;
    let a = &t.a;
    let general = app
        .api_tb_enterprise_alarm_find_tb_enterprise_alarm(&json!({}), Some(&a.member))
        .await
        .ok();
    assert_eq!(general["customized"], false);
    assert_eq!(general["standardPressure"], 8.5);
    assert_eq!(general["highPressure"], 10.2);
    assert_eq!(general["lowPressureWarning"], 7.2);
    assert_eq!(general["lowPressureCritical"], 6.4);
    assert_eq!(general["highTemperature"], 85.0);
    assert_eq!(general["fastLeakRate"], 20.0);
    assert_eq!(general["axleHighTemperature"], 100.0);
    assert_eq!(general["axleTempDifference"], 25.0);
    assert_eq!(general["sensorLowBattery"], 20);
    assert_eq!(general["offlineMinutes"], 30);
    let per_axle = app
        .api_tb_enterprise_alarm_find_tb_enterprise_alarm_new(&json!({}), Some(&a.member))
        .await
        .ok();
    let axles = per_axle["axles"].as_array().unwrap();
    assert_eq!(axles.len(), 3);
    assert_eq!(axles[0]["position"], "steer");
    assert_eq!(axles[0]["standardPressure"], 9.0);
    assert_eq!(axles[0]["highPressure"], 10.8);
    assert_eq!(axles[2]["position"], "trailer");

    let update =
        |body: Value| app.api_tb_enterprise_alarm_update_tb_enterprise_alarm(&body, Some(&a.admin));
    let snapshot = fingerprint(&app.state.db).await;
    for (body, field) in [
        (json!({"highTemperature": 300}), "highTemperature"),
        (json!({"general": {"offlineMinutes": 0}}), "offlineMinutes"),
        (
            json!({"general": {"sensorLowBattery": 100}}),
            "sensorLowBattery",
        ),
        (json!({"fastLeakRate": "fast"}), "fastLeakRate"),
        (json!({"lowPressureWarning": 9.0}), "lowPressureWarning"),
        (json!({"lowPressureCritical": 7.5}), "lowPressureCritical"),
        (json!({"highPressure": 8.0}), "highPressure"),
        (
            json!({"axles": [{"position": "drive", "axleHighTemperature": 20}]}),
            "axles[0].axleHighTemperature",
        ),
        (
            json!({"axles": [{"position": "roof"}]}),
            "axles[0].position",
        ),
        (
            json!({"axles": [{"position": "drive"}, {"position": "drive"}]}),
            "axles[1].position",
        ),
        (
            json!({"highTemperature": 90, "axles": [{"position": "steer", "highPressure": 30}]}),
            "axles[0].highPressure",
        ),
        (json!({}), "general"),
    ] {
        let msg = update(body).await.code(7);
        assert!(msg.contains(field), "{msg} names {field}");
    }
    app.api_tb_enterprise_alarm_update_tb_enterprise_alarm(
        &json!({"highTemperature": 90}),
        Some(&a.member),
    )
    .await
    .code(7);
    assert_eq!(fingerprint(&app.state.db).await, snapshot, "nothing saved");

    let saved = update(json!({"highTemperature": 90, "offlineMinutes": 45,
        "axles": [{"position": "steer", "standardPressure": 9.5, "highPressure": 11.5}]}))
    .await
    .ok();
    assert_eq!(saved["general"]["highTemperature"], 90.0);
    assert_eq!(saved["general"]["customized"], true);
    assert_eq!(saved["axles"][0]["standardPressure"], 9.5);
    assert_eq!(saved["axles"][0]["customized"], true);
    assert_eq!(saved["axles"][1]["customized"], false);
    let again = app
        .api_tb_enterprise_alarm_find_tb_enterprise_alarm(&json!({}), Some(&a.admin))
        .await
        .ok();
    assert_eq!(again["offlineMinutes"], 45);
    let reset = update(json!({"axles": [{"position": "steer", "reset": true}]}))
        .await
        .ok();
    assert_eq!(reset["axles"][0]["customized"], false);
    // Back to what the enterprise-wide values say (they apply to every position without its own).
    assert_eq!(reset["axles"][0]["source"], "enterprise");
    assert_eq!(reset["axles"][0]["standardPressure"], 8.5);
    assert_eq!(reset["axles"][0]["highTemperature"], 90.0);
    // The child's thresholds are its own.
    let child = app
        .get(
            &format!(
                "/api/tbEnterpriseAlarm/findTbEnterpriseAlarm?entId={}",
                a.child
            ),
            Some(&a.admin),
        )
        .await
        .ok();
    assert_eq!(child["customized"], false);
}

#[tokio::test]
async fn enterprises_without_their_own_thresholds_follow_the_platform_defaults() {
    let app = spawn_app().await;
    let t = tenants::two_trees(&app).await;
    let platform_ent = kernel::ids::PLATFORM_ENTERPRISE;
    let builtin = app
        .api_tb_enterprise_alarm_find_tb_enterprise_alarm_new(&json!({}), Some(&t.a.admin))
        .await
        .ok();
    assert_eq!(builtin["general"]["source"], "builtIn");
    assert_eq!(builtin["axles"][0]["source"], "builtIn");

    // Platform staff set the defaults: the platform enterprise's own thresholds.
    let defaults = app
        .api_tb_enterprise_alarm_update_tb_enterprise_alarm(
            &json!({"entId": platform_ent, "general": {"highTemperature": 80},
                "axles": [{"position": "steer", "standardPressure": 9.2, "highPressure": 11.0}]}),
            Some(&t.platform),
        )
        .await
        .ok();
    assert_eq!(defaults["general"]["source"], "own");
    // An enterprise admin may not change them.
    app.api_tb_enterprise_alarm_update_tb_enterprise_alarm(
        &json!({"entId": platform_ent, "general": {"highTemperature": 60}}),
        Some(&t.a.admin),
    )
    .await
    .code(7);

    let inherited = app
        .api_tb_enterprise_alarm_find_tb_enterprise_alarm_new(&json!({}), Some(&t.a.admin))
        .await
        .ok();
    assert_eq!(inherited["general"]["source"], "platform");
    assert_eq!(inherited["general"]["customized"], false);
    assert_eq!(inherited["general"]["highTemperature"], 80.0);
    assert_eq!(inherited["axles"][0]["source"], "platform");
    assert_eq!(inherited["axles"][0]["standardPressure"], 9.2);
    // Drive has no platform value of its own: the platform's enterprise-wide one applies.
    assert_eq!(inherited["axles"][1]["highTemperature"], 80.0);
    assert_eq!(inherited["axles"][1]["standardPressure"], 8.5);
    // What ingestion compares reports with is the same.
    let applied = domain::enterprise::settings::effective_thresholds(&app.state.db, t.a.root)
        .await
        .unwrap();
    assert!((applied[0].standard_pressure - 9.2).abs() < 1e-9);
    assert!((applied[1].high_temperature - 80.0).abs() < 1e-9);

    // An enterprise's own enterprise-wide values win over every platform value.
    app.api_tb_enterprise_alarm_update_tb_enterprise_alarm(
        &json!({"general": {"highTemperature": 95}}),
        Some(&t.b.admin),
    )
    .await
    .ok();
    let own = app
        .api_tb_enterprise_alarm_find_tb_enterprise_alarm_new(&json!({}), Some(&t.b.admin))
        .await
        .ok();
    assert_eq!(own["axles"][0]["source"], "enterprise");
    assert_eq!(own["axles"][0]["highTemperature"], 95.0);
    assert_eq!(
        own["axles"][0]["standardPressure"], 8.5,
        "b's own general values"
    );

    // Who follows the defaults: platform staff only.
    let usage = app
        .api_tb_enterprise_alarm_default_usage(&json!({}), Some(&t.platform))
        .await
        .ok();
    assert_eq!(usage["total"], 1);
    assert_eq!(usage["list"][0]["entId"], t.b.root);
    assert_eq!(usage["list"][0]["positions"], json!(["general"]));
    assert!(usage["inheriting"].as_u64().unwrap() >= 3, "{usage}");
    let before = usage["inheriting"].as_u64().unwrap();
    app.api_tb_enterprise_alarm_update_tb_enterprise_alarm(
        &json!({"axles": [{"position": "trailer", "highTemperature": 70}]}),
        Some(&t.a.admin),
    )
    .await
    .ok();
    let after = app
        .api_tb_enterprise_alarm_default_usage(
            &json!({"page": 1, "pageSize": 1}),
            Some(&t.platform),
        )
        .await
        .ok();
    assert_eq!(after["total"], 2);
    assert_eq!(after["list"].as_array().unwrap().len(), 1);
    assert_eq!(
        after["list"][0]["entId"], t.a.root,
        "most recently changed first"
    );
    assert_eq!(after["inheriting"].as_u64().unwrap(), before - 1);
    app.api_tb_enterprise_alarm_default_usage(&json!({}), Some(&t.a.admin))
        .await
        .code(7);
}

#[tokio::test]
async fn projects_push_and_supervision_settings() {
    let app = spawn_app().await;
    let t = tenants::two_trees(&app).await;
    let a = &t.a;
    let save = |body: Value| app.api_tb_project_update_tb_project(&body, Some(&a.admin));
    let p = save(json!({"name": "Retread 2026", "code": "RT26", "startsOn": "2026-01-01", "endsOn": "2026-06-30"})).await.ok();
    let pid = p["ID"].as_i64().unwrap();
    assert_eq!(p["entId"], a.root);
    let snapshot = fingerprint(&app.state.db).await;
    save(json!({"name": "Retread 2026"})).await.code(7);
    assert!(
        save(json!({"name": "x", "startsOn": "2026-13-01"}))
            .await
            .code(7)
            .contains("startsOn")
    );
    assert!(
        save(json!({"ID": pid, "endsOn": "2025-01-01"}))
            .await
            .code(7)
            .contains("endsOn")
    );
    assert!(
        save(json!({"ID": pid, "state": 3}))
            .await
            .code(7)
            .contains("state")
    );
    save(json!({})).await.code(7);
    save(json!({"ID": 31_337, "name": "x"})).await.code(7);
    assert_eq!(fingerprint(&app.state.db).await, snapshot);
    let edited = save(json!({"ID": pid, "state": 1, "remark": "done"}))
        .await
        .ok();
    assert_eq!(
        (edited["state"].as_i64(), edited["name"].as_str()),
        (Some(1), Some("Retread 2026"))
    );
    save(json!({"name": "Winter checks"})).await.ok();
    let list = app
        .get(
            "/api/tbProject/getTbProjectList?pageSize=1",
            Some(&a.member),
        )
        .await
        .ok();
    assert_eq!(
        (list["total"].as_u64(), list["pageSize"].as_u64()),
        (Some(2), Some(1))
    );
    let closed = app
        .get(
            "/api/tbProject/getTbProjectList?state=1&keyword=rt",
            Some(&a.member),
        )
        .await
        .ok();
    assert_eq!(ids(&closed, "ID"), vec![pid]);
    app.get("/api/tbProject/getTbProjectList?page=abc", Some(&a.member))
        .await
        .code(7);
    app.api_tb_project_delete_tb_project(&json!({"ids": [pid, 31_337]}), Some(&a.admin))
        .await
        .code(7);
    app.api_tb_project_delete_tb_project(&json!({}), Some(&a.admin))
        .await
        .code(7);
    app.api_tb_project_delete_tb_project(&json!({"ID": pid}), Some(&a.admin))
        .await
        .ok();
    let list = app
        .api_tb_project_get_tb_project_list(&json!({}), Some(&a.member))
        .await
        .ok();
    assert_eq!(list["total"], 1);

    let push = app
        .api_web_ent_get_ent_push(&json!({}), Some(&a.member))
        .await
        .ok();
    assert_eq!(push["enabled"], true);
    assert_eq!(push["channels"], json!(["app"]));
    assert!(push["updatedAt"].is_null());
    let set = |body: Value| app.api_web_ent_set_ent_push(&body, Some(&a.admin));
    let snapshot = fingerprint(&app.state.db).await;
    assert!(
        set(json!({"channels": ["pigeon"]}))
            .await
            .code(7)
            .contains("pigeon")
    );
    assert!(
        set(json!({"alarmTypes": ["fire"]}))
            .await
            .code(7)
            .contains("fire")
    );
    assert!(
        set(json!({"quietStart": "25:00", "quietEnd": "06:00"}))
            .await
            .code(7)
            .contains("quietStart")
    );
    set(json!({"quietStart": "22:00"})).await.code(7);
    assert!(
        set(json!({"receivers": [t.b.admin_id]}))
            .await
            .code(7)
            .contains(&t.b.admin_id.to_string())
    );
    assert_eq!(fingerprint(&app.state.db).await, snapshot);
    let saved = set(json!({"channels": ["sms", "app"], "alarmTypes": ["high_temperature"], "quietStart": "22:00",
        "quietEnd": "06:00", "receivers": [a.member_id]})).await.ok();
    assert_eq!(saved["channels"], json!(["app", "sms"]));
    let push = app
        .api_web_ent_get_ent_push(&json!({}), Some(&a.member))
        .await
        .ok();
    assert_eq!(push["receivers"], json!([a.member_id]));
    assert_eq!(push["quietEnd"], "06:00");

    let sup = app
        .api_web_ent_supervise(&json!({}), Some(&a.admin))
        .await
        .ok();
    assert_eq!(sup["enabled"], false);
    app.api_web_ent_supervise(&json!({"alarmTypes": ["x"]}), Some(&a.admin))
        .await
        .code(7);
    let sup = app
        .api_web_ent_supervise(
            &json!({"enabled": true, "alarmTypes": ["offline"]}),
            Some(&a.admin),
        )
        .await
        .ok();
    assert_eq!(
        (sup["enabled"].as_bool(), sup["alarmTypes"][0].as_str()),
        (Some(true), Some("offline"))
    );
    let push = app
        .api_web_ent_get_ent_push(&json!({}), Some(&a.member))
        .await
        .ok();
    assert_eq!(
        push["channels"],
        json!(["app", "sms"]),
        "supervision leaves push alone"
    );
}
