//! Orders opened by alarms, through real device reports: an order type's `autoOpen` rule
//! opens one order per vehicle, wheel and kind; later alarms join the open order; alarms below
//! the rule's level open nothing; saving the type takes effect at once.

use chrono::Utc;
use serde_json::Value;

use super::fleet;
use wheelend_tests::fleet::{fitted_vehicle, post_report, report};
use wheelend_tests::tenants::rows;
use wheelend_tests::{TestApp, json, spawn_app};

const IMEI: &str = "861000000000077";

/// Posts tyre 21 at `bar` (7.0 a warning, 6.0 a critical low pressure, 9.0 normal), `step`
/// seconds into the test. The writer handles alarms after answering, one batch at a time,
/// so each answer means the previous report's alarms were handled.
async fn tyre_21(app: &TestApp, key: &str, start: i64, step: i64, bar: f64) {
    post_report(app, key, &report(IMEI, start + step * 1000, bar))
        .await
        .ok();
}

async fn orders_of_type(app: &TestApp, token: &str, type_id: &Value) -> Vec<Value> {
    rows(
        &app.api_work_list(&json!({"typeId": type_id}), Some(token))
            .await
            .ok(),
    )
}

#[tokio::test]
async fn alarms_open_one_order_per_wheel_and_kind_and_later_ones_join_it() {
    let app = spawn_app().await;
    let f = fleet(&app).await;
    let a = &f.t.a;
    let (car, key) = fitted_vehicle(&app, &a.admin, a.root, "ZZA-AL1", IMEI).await;
    let t = app
        .api_work_order_type_save(&json!({"name": "Pressure"}), Some(&a.admin))
        .await
        .ok();
    assert!(t["autoOpen"].is_null());
    for (rule, field) in [
        (
            json!({"alarmKinds": [99], "minLevel": 1}),
            "autoOpen.alarmKinds[0]",
        ),
        (
            json!({"alarmKinds": [], "minLevel": 1}),
            "autoOpen.alarmKinds",
        ),
        (
            json!({"alarmKinds": [2], "minLevel": 5}),
            "autoOpen.minLevel",
        ),
        (
            json!({"alarmKinds": [2], "assigneeId": f.t.b.admin_id}),
            "autoOpen.assigneeId",
        ),
    ] {
        let msg = app
            .api_work_order_type_save(
                &json!({"id": t["id"], "name": "Pressure", "autoOpen": rule}),
                Some(&a.admin),
            )
            .await
            .code(7);
        assert!(msg.contains(field), "{field}: {msg}");
    }
    let start = Utc::now().timestamp_millis() - 60_000;
    // Without a rule an alarm opens nothing.
    tyre_21(&app, &key, start, 1, 6.0).await;
    tyre_21(&app, &key, start, 2, 9.0).await;
    assert!(orders_of_type(&app, &a.admin, &t["id"]).await.is_empty());

    let saved = app
        .api_work_order_type_save(
            &json!({"id": t["id"], "name": "Pressure",
                    "autoOpen": {"alarmKinds": [2], "minLevel": 2, "assigneeId": f.tech_id, "dueHours": 4}}),
            Some(&a.admin),
        )
        .await
        .ok();
    assert_eq!(saved["autoOpen"]["minLevel"], 2);
    // A warning is below the rule's level.
    tyre_21(&app, &key, start, 3, 7.0).await;
    tyre_21(&app, &key, start, 4, 9.0).await;
    assert!(orders_of_type(&app, &a.admin, &t["id"]).await.is_empty());

    // A critical low pressure opens an order on the vehicle and wheel.
    tyre_21(&app, &key, start, 5, 6.0).await;
    tyre_21(&app, &key, start, 6, 9.0).await;
    let orders = orders_of_type(&app, &a.admin, &t["id"]).await;
    assert_eq!(orders.len(), 1);
    let order = app
        .api_work_info(&json!({"id": orders[0]["id"]}), Some(&a.admin))
        .await
        .ok();
    assert_eq!(order["vehicles"][0]["vehicleId"], car);
    assert_eq!(order["vehicles"][0]["positions"], json!(["2-1"]));
    assert_eq!(order["assigneeId"], f.tech_id);
    assert!(order["dueAt"].is_string());
    assert_eq!(order["alarmIds"].as_array().unwrap().len(), 1);
    assert_eq!(order["lat"], 31.2304, "the vehicle's position");

    // The next one joins the open order.
    tyre_21(&app, &key, start, 7, 6.0).await;
    tyre_21(&app, &key, start, 8, 9.0).await;
    assert_eq!(orders_of_type(&app, &a.admin, &t["id"]).await.len(), 1);
    let order = app
        .api_work_info(&json!({"id": orders[0]["id"]}), Some(&a.admin))
        .await
        .ok();
    assert_eq!(order["alarmIds"].as_array().unwrap().len(), 2);
    let events = app
        .api_work_event_list(&json!({"orderId": orders[0]["id"]}), Some(&a.admin))
        .await
        .ok();
    let mut kinds: Vec<i64> = rows(&events)
        .iter()
        .map(|e| e["kind"].as_i64().unwrap())
        .collect();
    kinds.sort_unstable();
    assert_eq!(kinds, [3, 4]);

    // Once the order is closed out, the next alarm opens a new one.
    app.api_work_set_state(
        &json!({"id": orders[0]["id"], "state": 103}),
        Some(&a.admin),
    )
    .await
    .ok();
    tyre_21(&app, &key, start, 9, 6.0).await;
    tyre_21(&app, &key, start, 10, 9.0).await;
    assert_eq!(orders_of_type(&app, &a.admin, &t["id"]).await.len(), 2);

    // Switching the rule off stops it.
    app.api_work_order_type_save(
        &json!({"id": t["id"], "name": "Pressure", "autoOpen": null}),
        Some(&a.admin),
    )
    .await
    .ok();
    tyre_21(&app, &key, start, 11, 6.0).await;
    tyre_21(&app, &key, start, 12, 9.0).await;
    let all = orders_of_type(&app, &a.admin, &t["id"]).await;
    assert_eq!(all.len(), 2);
    assert!(
        orders_of_type(&app, &f.t.b.admin, &t["id"])
            .await
            .is_empty(),
        "B sees none of them"
    );
}
