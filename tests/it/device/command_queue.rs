//! Device commands: queued, delivered and answered.

use super::{device, snapshot};
use domain::device::commands;
use wheelend_tests::tenants::{create_enterprise, rows};
use wheelend_tests::{json, spawn_app};

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
