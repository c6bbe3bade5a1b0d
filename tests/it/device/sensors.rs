//! Wheel sensors: bound, replaced and unbound.

use super::{device, snapshot, vehicle};
use sea_orm::EntityTrait;
use serde_json::Value;
use wheelend_tests::tenants::{create_enterprise, rows};
use wheelend_tests::{TestApp, json, spawn_app};

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
