//! Device records: create, edit, list, import; tenants kept apart.

use super::{device, snapshot, vehicle};
use chrono::{Duration, Utc};
use domain::device::record_heartbeat;
use serde_json::Value;
use wheelend_tests::tenants::{self, create_enterprise, mentions, rows};
use wheelend_tests::{json, spawn_app};

#[tokio::test]
async fn devices_are_created_edited_listed_and_imported() {
    let app = spawn_app().await;
    let admin = app.admin_token().await;
    let t = Some(admin.as_str());
    let ent = create_enterprise(&app, &admin, "Device Fleet", None).await;

    let r1 = device(
        &app,
        &admin,
        json!({"entId": ent, "imei": "860000000000001", "sn": "SN-1", "partNo": "TP-100",
               "version": "1.0.0", "iccid": "89860321000000000001"}),
    )
    .await;
    assert_eq!(r1["carrier"], "telecom");
    assert_eq!(r1["carrierName"], "中国电信");
    assert_eq!(r1["online"], false);
    assert_eq!(r1["kind"], 0);
    let r2 = device(
        &app,
        &admin,
        json!({"entId": ent, "imei": "860000000000002", "partNo": "TP-100", "version": "1.0.0",
               "iccid": "89860012345678901234"}),
    )
    .await;
    assert_eq!(r2["carrier"], "mobile");
    let rep = device(
        &app,
        &admin,
        json!({"entId": ent, "imei": "860000000000003", "kind": 1, "parentImei": "860000000000001",
               "iccid": "8986991234567890123"}),
    )
    .await;
    assert_eq!(rep["parentImei"], "860000000000001");
    assert_eq!(rep["carrier"], "unknown");

    // Refusals name the problem and change nothing.
    let before = snapshot(&app).await;
    for (body, needle) in [
        (
            json!({"entId": ent, "imei": "860000000000001"}),
            "860000000000001",
        ),
        (
            json!({"entId": ent, "imei": "860000000000009", "sn": "SN-1"}),
            "SN-1",
        ),
        (json!({"entId": ent, "imei": "86-bad"}), "86-bad"),
        (json!({"entId": ent}), "imei"),
        (json!({"entId": ent, "imei": 5}), "imei"),
        (
            json!({"entId": ent, "imei": "860000000000009", "kind": 1}),
            "parentImei",
        ),
        (
            json!({"entId": ent, "imei": "860000000000009", "kind": 1, "parentImei": "860000000000003"}),
            "860000000000003",
        ),
        (
            json!({"entId": ent, "imei": "860000000000009", "iccid": "123"}),
            "123",
        ),
        (
            json!({"entId": ent, "imei": "860000000000009", "kind": 4}),
            "kind",
        ),
        (json!({"id": 999_999, "imei": "860000000000009"}), "999999"),
        (
            json!({"entId": 999_999, "imei": "860000000000009"}),
            "999999",
        ),
    ] {
        let msg = app.api_web_device_imei(&body, t).await.code(7);
        assert!(msg.contains(needle), "{body}: {msg}");
    }
    assert_eq!(snapshot(&app).await, before);

    // Edit keeps what is not named.
    let id1 = r1["id"].as_i64().unwrap();
    let edited = device(&app, &admin, json!({"id": id1, "remark": "cab"})).await;
    assert_eq!(edited["remark"], "cab");
    assert_eq!(edited["sn"], "SN-1");
    assert_eq!(edited["repeaters"], 1);

    // setUpSn: assigns, refuses a duplicate.
    let id2 = r2["id"].as_i64().unwrap();
    let set = app
        .api_web_device_set_up_sn(&json!({"id": id2, "sn": "SN-2"}), t)
        .await
        .ok();
    assert_eq!(set["sn"], "SN-2");
    let msg = app
        .api_web_device_set_up_sn(&json!({"id": id2, "sn": "SN-1"}), t)
        .await
        .code(7);
    assert!(msg.contains("SN-1"), "{msg}");

    // imeiSn looks up either way.
    let found = app
        .api_web_device_imei_sn(&json!({"keys": ["SN-2", "860000000000001", "nope"]}), t)
        .await
        .ok();
    assert_eq!(found.as_array().unwrap().len(), 2);
    app.api_web_device_imei_sn(&json!({}), t).await.code(7);

    // Heartbeats make a device online; the list filters and sorts.
    assert!(
        record_heartbeat(&app.state.db, "860000000000002", Utc::now())
            .await
            .unwrap()
    );
    assert!(
        !record_heartbeat(&app.state.db, "000000", Utc::now())
            .await
            .unwrap()
    );
    let list = |body: Value| {
        let app = &app;
        async move { app.api_web_device_list(&body, t).await.ok() }
    };
    let online = list(json!({"entId": ent, "online": true})).await;
    assert_eq!(online["total"], 1);
    assert_eq!(rows(&online)[0]["imei"], "860000000000002");
    assert_eq!(
        list(json!({"entId": ent, "online": false})).await["total"],
        2
    );
    assert_eq!(list(json!({"entId": ent, "kind": 1})).await["total"], 1);
    assert_eq!(
        list(json!({"entId": ent, "keyword": "sn-"})).await["total"],
        2
    );
    assert_eq!(list(json!({"entId": ent, "bound": true})).await["total"], 0);
    let sorted = list(json!({"entId": ent, "sort": "imei", "order": "asc"})).await;
    let imeis: Vec<Value> = rows(&sorted).iter().map(|r| r["imei"].clone()).collect();
    assert_eq!(
        imeis,
        ["860000000000001", "860000000000002", "860000000000003"]
    );
    app.api_web_device_list(&json!({"sort": "bogus"}), t)
        .await
        .code(7);
    app.api_web_device_list(&json!({"pageSize": 501}), t)
        .await
        .code(7);

    // parentNumber: the family, and moving a repeater.
    let fam = app
        .api_web_device_parent_number(&json!({"imei": "860000000000003"}), t)
        .await
        .ok();
    assert_eq!(fam["receiver"]["imei"], "860000000000001");
    assert_eq!(rows(&fam["repeaters"]).len(), 1);
    let moved = app
        .api_web_device_parent_number(
            &json!({"imei": "860000000000003", "parentImei": "860000000000002"}),
            t,
        )
        .await
        .ok();
    assert_eq!(moved["receiver"]["imei"], "860000000000002");
    app.api_web_device_parent_number(
        &json!({"imei": "860000000000001", "parentImei": "860000000000002"}),
        t,
    )
    .await
    .code(7);

    // Versions in use, heavy reporters, online rate by day.
    let versions = app
        .api_web_device_version(&json!({"entId": ent}), t)
        .await
        .ok();
    let v100 = versions
        .as_array()
        .unwrap()
        .iter()
        .find(|v| v["version"] == "1.0.0")
        .unwrap();
    assert_eq!(v100["devices"], 2);
    assert_eq!(v100["online"], 1);
    let heavy = app
        .get(&format!("/api/web/device/heavy?entId={ent}&hours=24"), t)
        .await
        .ok();
    assert_eq!(heavy[0]["device"]["imei"], "860000000000002");
    assert_eq!(heavy[0]["reports"], 1);
    app.get("/api/web/device/heavy?hours=1000", t).await.code(7);
    let today = Utc::now().format("%Y-%m-%d").to_string();
    let yesterday = (Utc::now() - Duration::days(1))
        .format("%Y-%m-%d")
        .to_string();
    let rate = app
        .api_web_device_online_rate(&json!({"entId": ent, "start": yesterday, "end": today}), t)
        .await
        .ok();
    assert_eq!(rate[0]["devices"], 0);
    assert_eq!(rate[1]["devices"], 3);
    assert_eq!(rate[1]["online"], 1);
    assert_eq!(rate[1]["rate"], 33.3);
    app.api_web_device_online_rate(&json!({"start": today, "end": yesterday}), t)
        .await
        .code(7);
    app.api_web_device_online_rate(&json!({"start": "x", "end": today}), t)
        .await
        .code(7);

    // Import: a bad row refuses the whole file; a good file writes receivers and repeaters.
    let before = snapshot(&app).await;
    let bad = format!(
        "enterpriseId,imei,sn,kind,parentImei\n{ent},870000000000001,I-1,0,\n{ent},860000000000001,,0,\n{ent},870000000000002,I-1,1,999\n"
    );
    let answer = app
        .api_web_tool_csv(&json!({"table": "devices", "content": bad}), t)
        .await;
    let env = answer.envelope();
    assert_eq!(env.code, 7, "{}", answer.text);
    let problems = env.data.to_string();
    assert!(
        problems.contains("860000000000001") && problems.contains("I-1"),
        "{problems}"
    );
    assert_eq!(snapshot(&app).await, before);
    let good = format!(
        "enterpriseId,imei,sn,partNo,version,iccid,kind,parentImei\n{ent},870000000000002,,TP-100,1.0.1,,1,870000000000001\n{ent},870000000000001,I-1,TP-100,1.0.1,89860112345678901234,0,\n"
    );
    let done = app
        .api_web_tool_csv(&json!({"table": "devices", "content": good}), t)
        .await
        .ok();
    assert_eq!(done["inserted"], 2);
    let imported = list(json!({"entId": ent, "keyword": "87000000000000"})).await;
    assert_eq!(imported["total"], 2);
    let repeater = rows(&imported)
        .into_iter()
        .find(|r| r["kind"] == 1)
        .unwrap();
    assert_eq!(repeater["parentImei"], "870000000000001");
}

/// The tenant matrix for the area: tree A sees none of tree B's devices, sensors, tags,
/// tasks or logs, and cannot read or change them by id.
#[tokio::test]
async fn tree_a_never_sees_or_changes_tree_b_devices() {
    let app = spawn_app().await;
    let t = tenants::two_trees(&app).await;
    let platform = Some(t.platform.as_str());
    let b = Some(t.b.admin.as_str());
    let a = Some(t.a.admin.as_str());
    let truck = vehicle(&app, t.b.root, "ZZB-1").await;
    let bd = device(
        &app,
        &t.b.admin,
        json!({"imei": "830000000000001", "sn": "ZZB-SN", "partNo": "ZZB-P"}),
    )
    .await;
    let bid = bd["id"].as_i64().unwrap();
    app.api_web_device_up_acceptor(&json!({"vehicleId": truck, "imei": "830000000000001"}), b)
        .await
        .ok();
    let sensor = app
        .api_web_device_change_tie(&json!({"id": bid, "position": 11, "sensorNo": "BB01"}), b)
        .await
        .ok();
    let tags = app
        .api_add_tags(&json!({"name": "ZZB tag", "kind": "device"}), b)
        .await
        .ok();
    let tag = tags[0]["id"].as_i64().unwrap();
    app.api_tag_set_device(&json!({"id": bid, "tagIds": [tag]}), b)
        .await
        .ok();
    let fw = app
        .api_web_device_add_bin_url(
            &json!({"model": "ZZB-P", "version": "9", "url": "https://fw/zzb"}),
            platform,
        )
        .await
        .ok();
    let tasks = app
        .api_web_device_to_upgrade(&json!({"deviceIds": [bid], "firmwareId": fw["id"]}), b)
        .await
        .ok();
    app.api_web_device_cmd3(&json!({"id": bid, "action": "restart"}), b)
        .await
        .ok();
    app.api_web_device_save_table(&json!({"ids": [bid]}), b)
        .await
        .ok();
    app.api_web_device_test_heartbeat_set(&json!({"id": bid, "minutes": 5}), b)
        .await
        .ok();
    app.api_web_device_production_log( &json!({"records": [{"imei": "830000000000001", "station": "ZZB", "item": "ZZB", "passed": true}]}), b).await.ok();
    app.tapi_device_set_sale(
        &json!({"id": bid, "customer": "ZZB buyer", "soldOn": "2026-01-01"}),
        b,
    )
    .await
    .ok();
    app.api_web_device_up_ctwing(&json!({"id": bid}), b)
        .await
        .ok();
    // Tree A's own device, for calls that need one.
    device(&app, &t.a.admin, json!({"imei": "830000000000002"})).await;

    let lists = [
        ("/api/web/device/list", json!({"pageSize": 500})),
        ("/api/web/device/sensor_list", json!({"pageSize": 500})),
        ("/api/web/device/getSensorLog", json!({"pageSize": 500})),
        ("/api/web/device/updateLog", json!({"pageSize": 500})),
        ("/api/web/device/white_table", json!({"pageSize": 500})),
        ("/api/web/device/acceptorLog", json!({"pageSize": 500})),
        ("/api/web/device/ctwingLog", json!({"pageSize": 500})),
        ("/api/web/device/productionLog", json!({"pageSize": 500})),
        (
            "/api/web/device/test_heartbeat_list",
            json!({"pageSize": 500}),
        ),
        ("/api/web/device/version", json!({})),
        ("/api/web/device/device_tags", json!({})),
        (
            "/api/web/device/imeiSn",
            json!({"keys": ["830000000000001", "ZZB-SN"]}),
        ),
        ("/api/tag/list", json!({})),
        ("/api/search_label", json!({"keyword": "ZZB"})),
    ];
    // B's rows name B's markers or B's ids; tree A's answers must do neither.
    let b_ids = [
        format!("\"deviceId\":{bid}"),
        format!("\"vehicleId\":{truck}"),
        format!("\"entId\":{}", t.b.root),
    ];
    let leaks = |text: &str| {
        ["ZZB", "830000000000001", "BB01"]
            .iter()
            .any(|m| mentions(text, m))
            || b_ids
                .iter()
                .any(|id| text.contains(&format!("{id},")) || text.contains(&format!("{id}}}")))
    };
    for (path, body) in &lists {
        let seen_by_b = app.post(path, body, b).await.ok();
        assert!(!rows(&seen_by_b).is_empty(), "{path} as B: {seen_by_b}");
        assert!(leaks(&seen_by_b.to_string()), "{path} as B: {seen_by_b}");
        let seen_by_a = app.post(path, body, a).await;
        assert_eq!(seen_by_a.envelope().code, 0, "{path}: {}", seen_by_a.text);
        assert!(!leaks(&seen_by_a.text), "{path} leaks: {}", seen_by_a.text);
    }
    let heavy = app.api_web_device_heavy(&json!({}), a).await;
    assert!(!mentions(&heavy.text, "ZZB"), "{}", heavy.text);

    let before = snapshot(&app).await;
    let task = tasks[0]["id"].as_i64().unwrap();
    let sid = sensor["id"].as_i64().unwrap();
    let by_id = [
        ("/api/web/device/imei", json!({"id": bid, "remark": "x"})),
        (
            "/api/web/device/imei",
            json!({"entId": t.b.root, "imei": "830000000000009"}),
        ),
        ("/api/web/device/setUpSn", json!({"id": bid, "sn": "A"})),
        ("/api/web/device/parentNumber", json!({"id": bid})),
        ("/api/web/device/getSensor", json!({"id": bid})),
        ("/api/web/device/sensor_info", json!({"id": sid})),
        ("/api/web/device/detSensor", json!({"ids": [sid]})),
        (
            "/api/web/device/change_tie",
            json!({"id": bid, "position": 12, "sensorNo": "AA01"}),
        ),
        (
            "/api/web/device/toUpgrade",
            json!({"deviceIds": [bid], "firmwareId": fw["id"]}),
        ),
        (
            "/api/web/device/saveUpdate",
            json!({"id": task, "status": 1}),
        ),
        ("/api/web/device/delTask", json!({"ids": [task]})),
        ("/api/web/device/cmd2", json!({"id": bid, "command": "X"})),
        (
            "/api/web/device/cmd3",
            json!({"id": bid, "action": "restart"}),
        ),
        (
            "/api/web/device/setSwitch",
            json!({"id": bid, "switch": "spray", "on": true}),
        ),
        ("/api/web/device/setting_info", json!({"id": bid})),
        (
            "/api/web/device/setting_up",
            json!({"id": bid, "values": {"sleep_delay": 5}}),
        ),
        ("/api/web/device/strategy", json!({"entId": t.b.root})),
        ("/api/web/device/is_white", json!({"id": bid})),
        (
            "/api/web/device/save_table",
            json!({"ids": [bid], "remove": true}),
        ),
        ("/api/web/device/upCtwing", json!({"id": bid})),
        ("/api/web/device/ctwingLog", json!({"id": bid})),
        (
            "/api/web/device/test_heartbeat_set",
            json!({"id": bid, "minutes": 5}),
        ),
        ("/api/web/device/test_heartbeat_list", json!({"id": bid})),
        ("/api/web/device/up_acceptor", json!({"vehicleId": truck})),
        ("/api/web/device/captain_log", json!({"id": bid})),
        (
            "/api/web/device/online_rate",
            json!({"entId": t.b.root, "start": "2026-01-01", "end": "2026-01-02"}),
        ),
        ("/api/web/device/list", json!({"entId": t.b.root})),
        ("/tapi/device/getSale", json!({"id": bid})),
        (
            "/tapi/device/setSale",
            json!({"id": bid, "customer": "A", "soldOn": "2026-01-01"}),
        ),
        ("/tapi/tool/work_info", json!({"imei": "830000000000001"})),
        ("/api/tag/set_device", json!({"id": bid, "tagIds": []})),
        (
            "/api/tag/setTags",
            json!({"vehicleId": truck, "tagIds": []}),
        ),
        ("/api/tag/list", json!({"vehicleId": truck})),
        ("/api/delTags", json!({"ids": [tag]})),
    ];
    for (path, body) in &by_id {
        let answer = app.post(path, body, a).await;
        assert_eq!(answer.envelope().code, 7, "{path} {body}: {}", answer.text);
        assert!(!mentions(&answer.text, "ZZB"), "{path}: {}", answer.text);
    }
    assert_eq!(snapshot(&app).await, before);
}
