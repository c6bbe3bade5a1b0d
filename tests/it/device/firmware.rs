//! Firmware upgrades and their states.

use super::{device, snapshot};
use wheelend_tests::tenants::{create_enterprise, rows};
use wheelend_tests::{json, spawn_app};

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
