//! Area `device`: every call end to end, bad input included (refusals answer code 7 and change
//! nothing: read back to prove it), the command state machine through the service the
//! ingestion will call, the `devices` import, and the tenant matrix for the area.

use chrono::{Duration, Utc};
use domain::device::{commands, record_heartbeat};
use domain::vehicle::records;
use entities::wheel_values::{self, WheelValue};
use sea_orm::{ActiveModelTrait, EntityTrait, Set};
use serde_json::Value;
use wheelend_tests::tenants::{self, create_enterprise, mentions, rows};
use wheelend_tests::{TestApp, json, spawn_app};

/// The tables the area writes, plus the core ones it changes.
const TABLES: &[&str] = &[
    "devices",
    "sensors",
    "vehicle_wheels",
    "firmwares",
    "upgrade_tasks",
    "upgrade_strategies",
    "device_commands",
    "device_settings",
    "tags",
    "tag_vehicles",
    "tag_devices",
    "device_white_list",
    "device_sales",
    "ctwing_logs",
    "production_logs",
    "heartbeat_tests",
    "sensor_logs",
    "acceptor_logs",
];

/// Every row of the area's tables, to prove a refused call changed nothing.
async fn snapshot(app: &TestApp) -> Vec<Vec<sea_orm::JsonValue>> {
    use sea_orm::{FromQueryResult, JsonValue, Statement};
    let db = &app.state.db;
    let mut out = Vec::new();
    for table in TABLES {
        out.push(
            JsonValue::find_by_statement(Statement::from_string(
                db.get_database_backend(),
                format!("SELECT * FROM \"{table}\" ORDER BY 1, 2"),
            ))
            .all(db)
            .await
            .unwrap(),
        );
    }
    out
}

/// A vehicle of `ent` with wheel positions 11, 12, 21–24 (layout "2,4"), made directly: the
/// vehicle calls belong to another area.
async fn vehicle(app: &TestApp, ent: i64, plate: &str) -> i64 {
    let now = Utc::now();
    let v = entities::vehicle::ActiveModel {
        enterprise_id: Set(ent),
        plate: Set(plate.to_owned()),
        vin: Set(String::new()),
        kind: Set(0),
        device_type_id: Set(0),
        head_img_url: Set(String::new()),
        axle_layout: Set("2,4".to_owned()),
        install_state: Set(1),
        power_supply: Set(0),
        recharge: Set(false),
        remark: Set(String::new()),
        created_at: Set(now),
        updated_at: Set(now),
        ..Default::default()
    }
    .insert(&app.state.db)
    .await
    .unwrap();
    for position in [11, 12, 21, 22, 23, 24] {
        entities::vehicle_wheel::ActiveModel {
            vehicle_id: Set(v.id),
            position: Set(position),
            axle: Set(i16::try_from(position / 10).unwrap()),
            tyre_id: Set(None),
            sensor_no: Set(None),
        }
        .insert(&app.state.db)
        .await
        .unwrap();
    }
    // Each tyre last read 8.5 bar at 30 °C.
    let latest: Vec<WheelValue> = [11, 12, 21, 22, 23, 24]
        .into_iter()
        .map(|position| WheelValue {
            kind: wheel_values::TYRE,
            position,
            pressure: Some(8.5),
            temp: Some(30.0),
            battery: None,
            status: 0,
            read_at: None,
        })
        .collect();
    let mut state = records::new_state(v.id);
    state.wheels = Set(Some(wheel_values::encode(&latest)));
    state.insert(&app.state.db).await.unwrap();
    v.id
}

async fn device(app: &TestApp, token: &str, body: Value) -> Value {
    app.api_web_device_imei(&body, Some(token)).await.ok()
}

/// One field of every row of a list answer.
fn column(data: &Value, key: &str) -> Vec<Value> {
    rows(data).iter().map(|r| r[key].clone()).collect()
}

async fn wheel_sensor(app: &TestApp, vehicle: i64, position: i32) -> Option<String> {
    entities::vehicle_wheel::Entity::find_by_id((vehicle, position))
        .one(&app.state.db)
        .await
        .unwrap()
        .unwrap()
        .sensor_no
}

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

#[tokio::test]
async fn sensors_are_bound_replaced_and_unbound() {
    let app = spawn_app().await;
    let admin = app.admin_token().await;
    let t = Some(admin.as_str());
    let ent = create_enterprise(&app, &admin, "Sensor Fleet", None).await;
    let truck = vehicle(&app, ent, "SENS-1").await;
    let d1 = device(
        &app,
        &admin,
        json!({"entId": ent, "imei": "880000000000001", "partNo": "TP"}),
    )
    .await;
    let d2 = device(
        &app,
        &admin,
        json!({"entId": ent, "imei": "880000000000002", "partNo": "TP"}),
    )
    .await;

    // Not fitted yet: binding is refused.
    let tie = |body: Value| {
        let app = &app;
        async move { app.api_web_device_change_tie(&body, t).await }
    };
    tie(json!({"imei": "880000000000001", "position": 11, "sensorNo": "A1"}))
        .await
        .code(7);

    // up_acceptor fits the receiver; logged.
    let fitted = app
        .api_web_device_up_acceptor(&json!({"vehicleId": truck, "imei": "880000000000001"}), t)
        .await
        .ok();
    assert_eq!(fitted["vehicleId"], truck);
    assert_eq!(fitted["plate"], "SENS-1");

    let s = tie(json!({"imei": "880000000000001", "position": 11, "sensorNo": "a1"}))
        .await
        .ok();
    assert_eq!(s["sensorNo"], "A1");
    assert_eq!(s["position"], 11);
    assert_eq!(s["pressure"], 8.5);
    assert_eq!(wheel_sensor(&app, truck, 11).await.as_deref(), Some("A1"));
    tie(json!({"imei": "880000000000001", "position": 12, "sensorNo": "B2", "kind": 2}))
        .await
        .ok();

    // Refused: an occupied wheel, a sensor bound elsewhere, an unknown position, bad numbers.
    let before = snapshot(&app).await;
    let msg = tie(json!({"imei": "880000000000001", "position": 11, "sensorNo": "C3"}))
        .await
        .code(7);
    assert!(msg.contains("A1"), "{msg}");
    let msg = tie(json!({"imei": "880000000000001", "position": 21, "sensorNo": "A1"}))
        .await
        .code(7);
    assert!(msg.contains("A1"), "{msg}");
    tie(json!({"imei": "880000000000001", "position": 99, "sensorNo": "C3"}))
        .await
        .code(7);
    tie(json!({"imei": "880000000000001", "position": 21, "sensorNo": "zz"}))
        .await
        .code(7);
    tie(json!({"imei": "880000000000001", "position": 21, "sensorNo": "C3", "kind": 9}))
        .await
        .code(7);
    tie(json!({"imei": "880000000000001", "sensorNo": "C3"}))
        .await
        .code(7);
    tie(json!({"imei": "999", "position": 21, "sensorNo": "C3"}))
        .await
        .code(7);
    assert_eq!(snapshot(&app).await, before);

    // replace moves A1 to 21, and swaps C3 onto 11.
    tie(json!({"imei": "880000000000001", "position": 21, "sensorNo": "A1", "replace": true}))
        .await
        .ok();
    assert_eq!(wheel_sensor(&app, truck, 11).await, None);
    assert_eq!(wheel_sensor(&app, truck, 21).await.as_deref(), Some("A1"));
    tie(json!({"imei": "880000000000001", "position": 21, "sensorNo": "C3", "replace": true}))
        .await
        .ok();
    assert_eq!(wheel_sensor(&app, truck, 21).await.as_deref(), Some("C3"));

    let of_device = app
        .api_web_device_get_sensor(&json!({"imei": "880000000000001"}), t)
        .await
        .ok();
    let nos: Vec<&str> = of_device
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["sensorNo"].as_str().unwrap())
        .collect();
    assert_eq!(nos, ["B2", "C3"]);
    let listed = app
        .api_web_device_sensor_list(&json!({"entId": ent, "bound": false}), t)
        .await
        .ok();
    assert_eq!(listed["total"], 1);
    assert_eq!(rows(&listed)[0]["sensorNo"], "A1");
    let axle = app
        .api_web_device_sensor_list(&json!({"entId": ent, "kind": 2}), t)
        .await
        .ok();
    assert_eq!(axle["total"], 1);
    let info = app
        .api_web_device_sensor_info(&json!({"sensorNo": "C3"}), t)
        .await
        .ok();
    assert_eq!(info["imei"], "880000000000001");
    assert_eq!(info["plate"], "SENS-1");
    app.api_web_device_sensor_info(&json!({"sensorNo": "FFFF"}), t)
        .await
        .code(7);
    let log = app
        .api_web_device_get_sensor_log(&json!({"sensorNo": "A1"}), t)
        .await
        .ok();
    let actions = column(&log, "action");
    assert_eq!(actions, ["unbind", "replace", "unbind", "bind"]);

    // The installer's view.
    let work = app
        .tapi_tool_work_info(&json!({"imei": "880000000000001"}), t)
        .await
        .ok();
    assert_eq!(work["vehicle"]["plate"], "SENS-1");
    assert_eq!(work["vehicle"]["wheels"].as_array().unwrap().len(), 6);
    assert_eq!(work["sensors"].as_array().unwrap().len(), 2);

    // Replacing the receiver moves its sensors; the log says so.
    let replaced = app
        .api_web_device_up_acceptor(&json!({"vehicleId": truck, "imei": "880000000000002"}), t)
        .await
        .ok();
    assert_eq!(replaced["id"], d2["id"]);
    let moved = app
        .api_web_device_get_sensor(&json!({"imei": "880000000000002"}), t)
        .await
        .ok();
    assert_eq!(moved.as_array().unwrap().len(), 2);
    let alog = app
        .api_web_device_acceptor_log(&json!({"vehicleId": truck}), t)
        .await
        .ok();
    let actions = column(&alog, "action");
    assert_eq!(actions, ["replace", "install"]);
    assert_eq!(rows(&alog)[0]["previousDeviceId"], d1["id"]);
    app.api_web_device_up_acceptor(&json!({"vehicleId": 999_999, "imei": "880000000000001"}), t)
        .await
        .code(7);

    // detSensor: unbind (wheel forgets it), then delete; unknown ids refuse all.
    let c3 = info["id"].as_i64().unwrap();
    let before = snapshot(&app).await;
    app.api_web_device_det_sensor(&json!({"ids": [c3, 999_999]}), t)
        .await
        .code(7);
    app.api_web_device_det_sensor(&json!({"ids": "x"}), t)
        .await
        .code(7);
    assert_eq!(snapshot(&app).await, before);
    app.api_web_device_det_sensor(&json!({"ids": [c3]}), t)
        .await
        .ok();
    assert_eq!(wheel_sensor(&app, truck, 21).await, None);
    app.api_web_device_det_sensor(&json!({"ids": [c3], "delete": true}), t)
        .await
        .ok();
    app.api_web_device_sensor_info(&json!({"id": c3}), t)
        .await
        .code(7);

    // Removing the receiver.
    let removed = app
        .api_web_device_up_acceptor(&json!({"vehicleId": truck}), t)
        .await
        .ok();
    assert!(removed.is_null());
}

#[tokio::test]
async fn firmware_upgrades_follow_their_states() {
    let app = spawn_app().await;
    let admin = app.admin_token().await;
    let t = Some(admin.as_str());
    let ent = create_enterprise(&app, &admin, "Upgrade Fleet", None).await;
    let d = device(
        &app,
        &admin,
        json!({"entId": ent, "imei": "890000000000001", "partNo": "TP-200", "version": "1.0"}),
    )
    .await;
    let other = device(
        &app,
        &admin,
        json!({"entId": ent, "imei": "890000000000002", "partNo": "TP-300"}),
    )
    .await;
    let (did, oid) = (d["id"].as_i64().unwrap(), other["id"].as_i64().unwrap());

    let fw = app
        .api_web_device_add_bin_url(
            &json!({"model": "TP-200", "version": "2.0", "url": "https://fw.example/tp200-2.0.bin",
                    "checksum": "abcdef01", "size": 1024}),
            t,
        )
        .await
        .ok();
    let fid = fw["id"].as_i64().unwrap();
    let before = snapshot(&app).await;
    for body in [
        json!({"model": "TP-200", "version": "2.0", "url": "https://x/y.bin"}),
        json!({"model": "TP-200", "version": "2.1", "url": "ftp://x"}),
        json!({"model": "TP-200", "version": "2.1"}),
        json!({"model": "TP-200", "version": "2.1", "fileId": 999_999}),
        json!({"model": "TP-200", "version": "2.1", "url": "https://x", "checksum": "xyz"}),
        json!({"version": "2.1", "url": "https://x"}),
    ] {
        app.api_web_device_add_bin_url(&body, t).await.code(7);
    }
    assert_eq!(snapshot(&app).await, before);
    let list = app
        .api_web_device_get_url_list(&json!({"model": "TP-200"}), t)
        .await
        .ok();
    assert_eq!(list["total"], 1);

    // toUpgrade: all or none (model mismatch, unknown device), then a task per device.
    let msg = app
        .api_web_device_to_upgrade(&json!({"deviceIds": [did, oid], "firmwareId": fid}), t)
        .await
        .code(7);
    assert!(msg.contains("890000000000002"), "{msg}");
    app.api_web_device_to_upgrade(&json!({"deviceIds": [did], "firmwareId": 999_999}), t)
        .await
        .code(7);
    assert_eq!(snapshot(&app).await, before);
    let tasks = app
        .api_web_device_to_upgrade(&json!({"deviceIds": [did], "firmwareId": fid}), t)
        .await
        .ok();
    let task = tasks[0]["id"].as_i64().unwrap();
    assert_eq!(tasks[0]["status"], 0);
    assert_eq!(tasks[0]["fromVersion"], "1.0");
    app.api_web_device_to_upgrade(&json!({"deviceIds": [did], "firmwareId": fid}), t)
        .await
        .code(7);
    let msg = app
        .api_web_device_del_url_list(&json!({"ids": [fid]}), t)
        .await
        .code(7);
    assert!(msg.contains("TP-200"), "{msg}");

    // Only valid moves.
    let save = |status: i16| {
        let app = &app;
        async move {
            app.api_web_device_save_update(&json!({"id": task, "status": status}), t)
                .await
        }
    };
    save(3).await.code(7);
    save(2).await.code(7);
    assert_eq!(save(1).await.ok()["status"], 1);
    assert_eq!(save(2).await.ok()["status"], 2);
    app.api_web_device_del_task(&json!({"ids": [task]}), t)
        .await
        .code(7);
    assert_eq!(save(3).await.ok()["statusName"], "已升级");
    save(4).await.code(7);
    let row = app
        .api_web_device_list(&json!({"keyword": "890000000000001"}), t)
        .await
        .ok();
    assert_eq!(rows(&row)[0]["version"], "2.0");

    // A second task is cancelled while queued.
    let again = app
        .api_web_device_to_upgrade(&json!({"ids": [did], "firmwareId": fid}), t)
        .await
        .ok();
    let second = again[0]["id"].as_i64().unwrap();
    app.api_web_device_del_task(&json!({"ids": [second]}), t)
        .await
        .ok();
    let log = app
        .api_web_device_update_log(&json!({"imei": "890000000000001"}), t)
        .await
        .ok();
    assert_eq!(log["total"], 2);
    assert_eq!(rows(&log)[0]["status"], 5);
    let upgraded = app
        .api_web_device_update_log(&json!({"status": 3, "entId": ent}), t)
        .await
        .ok();
    assert_eq!(upgraded["total"], 1);

    // Strategy: saved and listed; bad windows and mismatched firmware refused.
    let saved = app
        .api_web_device_strategy(
            &json!({"entId": ent, "strategy": {"model": "TP-200", "auto": true, "firmwareId": fid,
                    "windowStart": "01:00", "windowEnd": "05:00"}}),
            t,
        )
        .await
        .ok();
    assert_eq!(saved[0]["auto"], true);
    for s in [
        json!({"model": "TP-200", "auto": true}),
        json!({"model": "TP-300", "auto": true, "firmwareId": fid}),
        json!({"model": "TP-200", "auto": false, "windowStart": "25:00", "windowEnd": "01:00"}),
        json!({"model": "TP-200", "auto": false, "windowStart": "01:00"}),
    ] {
        app.api_web_device_strategy(&json!({"entId": ent, "strategy": s}), t)
            .await
            .code(7);
    }
    let listed = app
        .api_web_device_strategy(&json!({"entId": ent}), t)
        .await
        .ok();
    assert_eq!(listed.as_array().unwrap().len(), 1);
    assert_eq!(listed[0]["windowStart"], "01:00");

    // With no task under way the image may go; finished tasks keep their version.
    app.api_web_device_del_url_list(&json!({"ids": [fid]}), t)
        .await
        .ok();
    let log = app
        .api_web_device_update_log(&json!({"deviceId": did}), t)
        .await
        .ok();
    assert_eq!(rows(&log)[1]["targetVersion"], "2.0");
    app.api_web_device_del_url_list(&json!({"ids": [fid]}), t)
        .await
        .code(7);
}

#[tokio::test]
async fn commands_are_queued_delivered_and_answered() {
    let app = spawn_app().await;
    let admin = app.admin_token().await;
    let t = Some(admin.as_str());
    let ent = create_enterprise(&app, &admin, "Command Fleet", None).await;
    let d = device(
        &app,
        &admin,
        json!({"entId": ent, "imei": "810000000000001"}),
    )
    .await;

    let raw = app
        .api_web_device_cmd2(
            &json!({"imei": "810000000000001", "command": "AT+RESET"}),
            t,
        )
        .await
        .ok();
    assert_eq!(raw["status"], 0);
    assert_eq!(raw["payload"]["command"], "AT+RESET");
    let act = app
        .api_web_device_cmd3(&json!({"id": d["id"], "action": "locate"}), t)
        .await
        .ok();
    let sw = app
        .api_web_device_set_switch(
            &json!({"imei": "810000000000001", "switch": "buzzer", "on": true}),
            t,
        )
        .await
        .ok();
    assert_eq!(sw["payload"]["on"], true);
    let before = snapshot(&app).await;
    for (path, body) in [
        (
            "/api/web/device/cmd2",
            json!({"imei": "810000000000001", "command": ""}),
        ),
        ("/api/web/device/cmd2", json!({"imei": "810000000000001"})),
        (
            "/api/web/device/cmd3",
            json!({"imei": "810000000000001", "action": "explode"}),
        ),
        (
            "/api/web/device/cmd3",
            json!({"imei": "999", "action": "locate"}),
        ),
        (
            "/api/web/device/setSwitch",
            json!({"imei": "810000000000001", "switch": "spray", "on": "yes"}),
        ),
        (
            "/api/web/device/setting_up",
            json!({"imei": "810000000000001", "values": {"report_interval": 1}}),
        ),
        (
            "/api/web/device/setting_up",
            json!({"imei": "810000000000001", "values": {"nope": 1}}),
        ),
        (
            "/api/web/device/setting_up",
            json!({"imei": "810000000000001", "values": {}}),
        ),
    ] {
        app.post(path, &body, t).await.code(7);
    }
    assert_eq!(snapshot(&app).await, before);

    let catalogue = app.api_web_device_setting_list(&json!({}), t).await.ok();
    assert!(
        catalogue
            .as_array()
            .unwrap()
            .iter()
            .any(|s| s["key"] == "heartbeat_interval")
    );
    let set = app
        .api_web_device_setting_up(
            &json!({"imei": "810000000000001", "values": {"heartbeat_interval": 120}}),
            t,
        )
        .await
        .ok();
    let hb = set["settings"]
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["key"] == "heartbeat_interval")
        .unwrap()
        .clone();
    assert_eq!(hb["value"], 120);
    assert_eq!(hb["custom"], true);
    assert_eq!(set["lastCommand"]["kind"], "setting");
    let info = app
        .api_web_device_setting_info(&json!({"imei": "810000000000001"}), t)
        .await
        .ok();
    let report = info["settings"]
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["key"] == "report_interval")
        .unwrap()
        .clone();
    assert_eq!(report["value"], 30);
    assert_eq!(report["custom"], false);

    // The ingestion's side: pending in order, delivered, answered; wrong moves refused.
    let db = &app.state.db;
    let pending = commands::pending_for(db, "810000000000001").await.unwrap();
    assert_eq!(pending.len(), 4);
    assert_eq!(pending[0].id, raw["id"].as_i64().unwrap());
    assert!(
        commands::record_result(db, pending[0].id, true, "ok")
            .await
            .is_err()
    );
    commands::mark_delivered(db, pending[0].id).await.unwrap();
    assert!(commands::mark_delivered(db, pending[0].id).await.is_err());
    let done = commands::record_result(db, pending[0].id, true, "ok")
        .await
        .unwrap();
    assert_eq!(done.status, commands::SUCCEEDED);
    assert!(done.finished_at.is_some());
    commands::mark_delivered(db, act["id"].as_i64().unwrap())
        .await
        .unwrap();
    let failed = commands::record_result(db, act["id"].as_i64().unwrap(), false, "no gps")
        .await
        .unwrap();
    assert_eq!(failed.status, commands::FAILED);
    assert_eq!(
        commands::pending_for(db, "810000000000001")
            .await
            .unwrap()
            .len(),
        2
    );
    assert!(
        commands::pending_for(db, "unknown")
            .await
            .unwrap()
            .is_empty()
    );

    // The device journal shows the commands.
    let journal = app
        .api_web_device_captain_log(&json!({"imei": "810000000000001", "pageSize": 50}), t)
        .await
        .ok();
    assert_eq!(journal["total"], 4);
    assert!(rows(&journal).iter().all(|e| e["source"] == "command"));
    app.api_web_device_captain_log(&json!({}), t).await.code(7);
}

/// An enterprise with a vehicle and two devices (a telecom SIM and another carrier's), for the
/// device record calls below.
struct RecordsFleet {
    admin: String,
    ent: i64,
    truck: i64,
    did: i64,
    plain: Value,
}

async fn records_fleet(app: &TestApp) -> RecordsFleet {
    let admin = app.admin_token().await;
    let ent = create_enterprise(app, &admin, "Records Fleet", None).await;
    let truck = vehicle(app, ent, "TAG-1").await;
    let d = device(
        app,
        &admin,
        json!({"entId": ent, "imei": "820000000000001", "iccid": "89860321000000000009"}),
    )
    .await;
    let did = d["id"].as_i64().unwrap();
    let plain = device(
        app,
        &admin,
        json!({"entId": ent, "imei": "820000000000002", "iccid": "89860021000000000009"}),
    )
    .await;

    RecordsFleet {
        admin,
        ent,
        truck,
        did,
        plain,
    }
}

/// Tags: created per enterprise, put on vehicles and devices, searched.
#[tokio::test]
async fn tags_label_vehicles_and_devices() {
    let app = spawn_app().await;
    let RecordsFleet {
        admin,
        ent,
        truck,
        did,
        ..
    } = records_fleet(&app).await;
    let t = Some(admin.as_str());
    let made = app
        .api_add_tags(
            &json!({"entId": ent, "tags": [{"name": "Cold chain", "color": "#00f", "kind": "vehicle"},
                    {"name": "Pilot", "kind": "device"}, {"name": "Flat tyre", "kind": "service"}]}),
            t,
        )
        .await
        .ok();
    let tag_id = |name: &str| {
        made.as_array()
            .unwrap()
            .iter()
            .find(|x| x["name"] == name)
            .unwrap()["id"]
            .as_i64()
            .unwrap()
    };
    let (cold, pilot) = (tag_id("Cold chain"), tag_id("Pilot"));
    let before = snapshot(&app).await;
    let msg = app
        .api_add_tags(
            &json!({"entId": ent, "tags": [{"name": "New"}, {"name": "Cold chain"}]}),
            t,
        )
        .await
        .code(7);
    assert!(msg.contains("Cold chain"), "{msg}");
    app.api_add_tags(&json!({"entId": ent, "name": "X", "kind": "bogus"}), t)
        .await
        .code(7);
    app.api_add_tags(&json!({"entId": ent}), t).await.code(7);
    app.api_tag_set_tags(&json!({"vehicleId": truck, "tagIds": [cold, 999_999]}), t)
        .await
        .code(7);
    app.api_tag_set_tags(&json!({"vehicleId": 999_999, "tagIds": [cold]}), t)
        .await
        .code(7);
    assert_eq!(snapshot(&app).await, before);
    let single = app
        .api_add_tags(&json!({"entId": ent, "name": "Night", "colour": "#000"}), t)
        .await
        .ok();
    assert_eq!(single[0]["kind"], "vehicle");
    app.api_tag_set_tags(&json!({"vehicleId": truck, "tagIds": [cold]}), t)
        .await
        .ok();
    app.api_tag_set_device(&json!({"id": did, "tagIds": [pilot]}), t)
        .await
        .ok();
    let listed = app
        .api_tag_list(&json!({"entId": ent, "type": "vehicle"}), t)
        .await
        .ok();
    let cold_row = listed
        .as_array()
        .unwrap()
        .iter()
        .find(|x| x["id"] == cold)
        .unwrap()
        .clone();
    assert_eq!(cold_row["vehicles"], 1);
    let of_truck = app.api_tag_list(&json!({"vehicleId": truck}), t).await.ok();
    assert_eq!(of_truck[0]["name"], "Cold chain");
    let dev_tags = app
        .api_web_device_device_tags(&json!({"entId": ent}), t)
        .await
        .ok();
    assert_eq!(dev_tags[0]["devices"], 1);
    let service = app
        .api_web_device_service_tags(&json!({"entId": ent}), t)
        .await
        .ok();
    assert_eq!(service[0]["name"], "Flat tyre");
    let found = app
        .api_search_label(&json!({"keyword": "chain"}), t)
        .await
        .ok();
    assert_eq!(found.as_array().unwrap().len(), 1);
    let tagged = app
        .api_web_device_list(&json!({"tagId": pilot}), t)
        .await
        .ok();
    assert_eq!(rows(&tagged)[0]["tags"][0]["name"], "Pilot");
    app.api_del_tags(&json!({"ids": [cold, 999_999]}), t)
        .await
        .code(7);
    app.api_del_tags(&json!({"ids": [cold, pilot]}), t)
        .await
        .ok();
    let of_truck = app.api_tag_list(&json!({"vehicleId": truck}), t).await.ok();
    assert!(of_truck.as_array().unwrap().is_empty());
    let tagged = app
        .api_web_device_list(&json!({"keyword": "820000000000001"}), t)
        .await
        .ok();
    assert!(rows(&tagged)[0]["tags"].as_array().unwrap().is_empty());
}

/// The white table: devices allowed to report.
#[tokio::test]
async fn the_white_table_lists_devices_allowed_to_report() {
    let app = spawn_app().await;
    let RecordsFleet {
        admin, ent, did, ..
    } = records_fleet(&app).await;
    let t = Some(admin.as_str());
    let is_white = |imei: &'static str| {
        let app = &app;
        async move {
            app.api_web_device_is_white(&json!({"imei": imei}), t)
                .await
                .ok()["white"]
                .clone()
        }
    };
    assert_eq!(is_white("820000000000001").await, false);
    app.api_web_device_save_table(&json!({"ids": [did, 999_999]}), t)
        .await
        .code(7);
    let added = app
        .api_web_device_save_table(&json!({"ids": [did]}), t)
        .await
        .ok();
    assert_eq!(added["changed"], 1);
    assert_eq!(is_white("820000000000001").await, true);
    let table = app
        .api_web_device_white_table(&json!({"entId": ent}), t)
        .await
        .ok();
    assert_eq!(table["total"], 1);
    app.api_web_device_save_table(&json!({"ids": [did], "remove": true}), t)
        .await
        .ok();
    assert_eq!(is_white("820000000000001").await, false);
}

/// A device sale: checked whole, recorded with its warranty.
#[tokio::test]
async fn a_device_sale_is_checked_and_recorded() {
    let app = spawn_app().await;
    let RecordsFleet { admin, did, .. } = records_fleet(&app).await;
    let t = Some(admin.as_str());
    assert!(
        app.tapi_device_get_sale(&json!({"id": did}), t)
            .await
            .ok()
            .is_null()
    );
    let before = snapshot(&app).await;
    for body in [
        json!({"id": did, "customer": "", "soldOn": "2026-01-01"}),
        json!({"id": did, "customer": "ACME", "soldOn": "2026-13-01"}),
        json!({"id": did, "customer": "ACME", "soldOn": "2026-01-01", "price": -1}),
        json!({"id": did, "customer": "ACME", "soldOn": "2026-01-01", "warrantyMonths": 500}),
        json!({"id": 999_999, "customer": "ACME", "soldOn": "2026-01-01"}),
    ] {
        app.tapi_device_set_sale(&body, t).await.code(7);
    }
    assert_eq!(snapshot(&app).await, before);
    app.tapi_device_set_sale(
        &json!({"id": did, "customer": "ACME", "date": "2026-01-31", "price": 199.5, "warranty": 13}),
        t,
    )
    .await
    .ok();
    let sale = app
        .tapi_device_get_sale(&json!({"imei": "820000000000001"}), t)
        .await
        .ok();
    assert_eq!(sale["customer"], "ACME");
    assert_eq!(sale["warrantyUntil"], "2027-02-28");
}

/// CTWing: a telecom SIM registers once; other carriers fail; everything is logged.
#[tokio::test]
async fn ctwing_registers_a_telecom_sim_once_and_logs_every_try() {
    let app = spawn_app().await;
    let RecordsFleet {
        admin, did, plain, ..
    } = records_fleet(&app).await;
    let t = Some(admin.as_str());
    let ok = app
        .api_web_device_up_ctwing(&json!({"id": did}), t)
        .await
        .ok();
    assert_eq!(ok["success"], true);
    let dup = app
        .api_web_device_up_ctwing(&json!({"id": did}), t)
        .await
        .ok();
    assert_eq!(dup["success"], false);
    let mobile = app
        .api_web_device_up_ctwing(&json!({"id": plain["id"]}), t)
        .await
        .ok();
    assert_eq!(mobile["response"]["code"], "CARRIER");
    let log = app
        .api_web_device_ctwing_log(&json!({"id": did}), t)
        .await
        .ok();
    assert_eq!(log["total"], 2);
    assert_eq!(
        app.api_web_device_ctwing_log(&json!({}), t).await.ok()["total"],
        3
    );
}

/// The production log takes a batch whole or not at all.
#[tokio::test]
async fn the_production_log_takes_a_batch_whole_or_not_at_all() {
    let app = spawn_app().await;
    let RecordsFleet { admin, .. } = records_fleet(&app).await;
    let t = Some(admin.as_str());
    let before = snapshot(&app).await;
    app.api_web_device_production_log(
        &json!({"records": [{"imei": "820000000000001", "station": "RF", "item": "signal", "passed": true},
                            {"imei": "820000000000999", "station": "RF", "item": "signal", "passed": true}]}),
        t,
    )
    .await
    .code(7);
    assert_eq!(snapshot(&app).await, before);
    let prod = app
        .api_web_device_production_log(
            &json!({"records": [{"imei": "820000000000001", "station": "RF", "item": "signal", "passed": true},
                                {"imei": "820000000000001", "station": "EOL", "item": "sleep current", "passed": false, "detail": "12 mA"}]}),
            t,
        )
        .await
        .ok();
    assert_eq!(prod["total"], 2);
    assert_eq!(rows(&prod)[0]["detail"], "12 mA");
}

/// Heartbeat test: results come from heartbeats.
#[tokio::test]
async fn heartbeat_tests_count_the_heartbeats_that_arrive() {
    let app = spawn_app().await;
    let RecordsFleet { admin, did, .. } = records_fleet(&app).await;
    let t = Some(admin.as_str());
    app.api_web_device_test_heartbeat_set(&json!({"id": did, "minutes": 0}), t)
        .await
        .code(7);
    let test = app
        .api_web_device_test_heartbeat_set(&json!({"id": did, "minutes": 5}), t)
        .await
        .ok();
    assert_eq!(test["state"], "running");
    assert_eq!(test["heartbeats"], 0);
    record_heartbeat(&app.state.db, "820000000000001", Utc::now())
        .await
        .unwrap();
    let tests = app
        .api_web_device_test_heartbeat_list(&json!({"imei": "820000000000001"}), t)
        .await
        .ok();
    assert_eq!(rows(&tests)[0]["heartbeats"], 1);
    assert_eq!(rows(&tests)[0]["passed"], false);
}

/// The applets a device offers are listed.
#[tokio::test]
async fn the_applets_are_listed() {
    let app = spawn_app().await;
    let RecordsFleet { admin, .. } = records_fleet(&app).await;
    let t = Some(admin.as_str());
    let applets = app.api_web_device_applets(&json!({}), t).await.ok();
    assert_eq!(applets.as_array().unwrap().len(), 3);
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
