//! Device records besides the device itself: tags, white table, sales, CTWing, production log, heartbeat tests, applets.

use super::{device, snapshot, vehicle};
use chrono::Utc;
use domain::device::record_heartbeat;
use serde_json::Value;
use wheelend_tests::tenants::{create_enterprise, rows};
use wheelend_tests::{TestApp, json, spawn_app};

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
