//! Tyres as assets: receipt with serials, mount, km from the vehicle's daily mileage, rotation,
//! alarms in the life log, dismount and scrap, cost per km by brand.

use chrono::Utc;
use entities::{daily_mileage, tread_depth, vehicle_alarm};
use sea_orm::{EntityTrait, Set};

use super::{assert_ledger_adds_up, list, stock};
use wheelend_tests::{fingerprint, json, spawn_app};

#[tokio::test]
async fn a_tyre_lives_from_receipt_through_mounts_to_scrap() {
    let app = spawn_app().await;
    let s = stock(&app).await;
    let (a, b) = (&s.t.a.admin, &s.t.b.admin);
    let received = app
        .api_web_drp_save_move(
            &json!({"kind": "receipt", "warehouseId": s.warehouse, "supplierId": s.supplier,
                "lines": [{"itemId": s.tyre_item, "quantity": 2, "unitCost": 2000,
                    "tyres": [{"serial": "ZZA-T-001", "dot": "2426", "treadNew": 16}, {"serial": "ZZA-T-002"}]}]}),
            Some(a),
        )
        .await
        .ok();
    assert_eq!(received["moves"][0]["tyres"].as_array().unwrap().len(), 2);
    let tyres = app
        .api_web_drp_tyre_list(&json!({"keyword": "ZZA-T-001"}), Some(a))
        .await
        .ok();
    let t1 = list(&tyres)[0].clone();
    let id = t1["id"].as_i64().unwrap();
    assert_eq!(t1["state"], 1);
    assert_eq!(t1["brand"], "Roadmaster");
    assert_eq!(t1["warehouseName"], "ZZA main depot");

    // Serials are unique; a serial count must match; tracked tyres leave by mounting.
    let before = fingerprint(&app.state.db).await;
    let dup = app
        .api_web_drp_save_move(
            &json!({"kind": "receipt", "warehouseId": s.warehouse,
                "lines": [{"itemId": s.tyre_item, "quantity": 1, "unitCost": 1, "tyres": [{"serial": "ZZA-T-002"}]}]}),
            Some(a),
        )
        .await
        .code(7);
    assert!(dup.contains("lines[0].tyres[0].serial"), "{dup}");
    let short = app
        .api_web_drp_save_move(
            &json!({"kind": "receipt", "warehouseId": s.warehouse,
                "lines": [{"itemId": s.tyre_item, "quantity": 2, "unitCost": 1, "tyres": [{"serial": "ZZA-T-009"}]}]}),
            Some(a),
        )
        .await
        .code(7);
    assert!(short.contains("lines[0].tyres"), "{short}");
    let issue = app
        .api_web_drp_save_move(&json!({"kind": "issue", "warehouseId": s.warehouse, "lines": [{"itemId": s.tyre_item, "quantity": 1}]}), Some(a))
        .await
        .code(7);
    assert!(issue.contains("lines[0].itemId"), "{issue}");
    let mount = |body: serde_json::Value, token: &str| {
        let app = &app;
        let token = token.to_owned();
        async move { app.api_web_drp_tyre_mount(&body, Some(&token)).await }
    };
    assert!(
        mount(json!({"id": id, "vehicleId": s.vehicle, "position": 99}), a)
            .await
            .code(7)
            .contains("position")
    );
    assert!(
        mount(json!({"id": id, "vehicleId": 999999, "position": 11}), a)
            .await
            .code(7)
            .contains("vehicleId")
    );
    mount(json!({"id": id, "vehicleId": s.vehicle, "position": 11}), b)
        .await
        .code(7);
    app.api_web_drp_tyre_log(&json!({"id": id}), Some(b))
        .await
        .code(7);
    app.api_web_drp_tyre_info(&json!({"id": id}), Some(b))
        .await
        .code(7);
    assert_eq!(before, fingerprint(&app.state.db).await);

    // Mount: an issue move; the wheel's tyre model follows.
    let mounted = mount(json!({"id": id, "vehicleId": s.vehicle, "position": 11}), a)
        .await
        .ok();
    assert_eq!(mounted["state"], 2);
    assert_eq!(mounted["plate"], "ZZA-S1");
    let other = list(
        &app.api_web_drp_tyre_list(&json!({"keyword": "ZZA-T-002"}), Some(a))
            .await
            .ok(),
    )[0]["id"]
        .as_i64()
        .unwrap();
    assert!(
        mount(
            json!({"id": other, "vehicleId": s.vehicle, "position": 11}),
            a
        )
        .await
        .code(7)
        .contains("ZZA-T-001")
    );
    let issues = app
        .api_web_drp_storage_record(&json!({"kind": "issue"}), Some(a))
        .await
        .ok();
    assert_eq!(list(&issues)[0]["vehicleId"], s.vehicle);
    assert_eq!(list(&issues)[0]["tyres"][0]["serial"], "ZZA-T-001");

    // The vehicle drives 600 km today; a tread reading and a low-pressure alarm at its wheel.
    let db = &app.state.db;
    daily_mileage::Entity::insert(daily_mileage::ActiveModel {
        vehicle_id: Set(s.vehicle),
        day: Set(Utc::now().date_naive()),
        km: Set(600.0),
        driving_seconds: Set(3600),
        // its first day: the odometer is that day's km
        odo_km: Set(600.0),
        ..Default::default()
    })
    .exec(db)
    .await
    .unwrap();
    let soon = Utc::now();
    tread_depth::Entity::insert(tread_depth::ActiveModel {
        vehicle_id: Set(s.vehicle),
        position: Set(11),
        depth: Set(15.4),
        measured_at: Set(soon),
        created_by: Set(s.t.a.admin_id),
        note: Set(String::new()),
        ..Default::default()
    })
    .exec(db)
    .await
    .unwrap();
    vehicle_alarm::Entity::insert(vehicle_alarm::ActiveModel {
        enterprise_id: Set(s.t.a.root),
        vehicle_id: Set(s.vehicle),
        position: Set(11),
        kind: Set(2),
        level: Set(1),
        state: Set(0),
        value: Set(Some(6.5)),
        threshold: Set(Some(7.5)),
        started_at: Set(soon),
        last_at: Set(soon),
        note: Set(String::new()),
        ..Default::default()
    })
    .exec(db)
    .await
    .unwrap();
    let on = list(
        &app.api_web_drp_tyre_list(&json!({"vehicleId": s.vehicle}), Some(a))
            .await
            .ok(),
    )[0]
    .clone();
    assert_eq!(on["mileage"], 600.0);
    assert_eq!(on["costPerKm"], 3.333);
    assert_eq!(on["treadLast"], 15.4);
    assert_eq!(
        on["wheelsPerAxle"],
        json!([2, 4]),
        "the vehicle's axles, which name the wheel"
    );
    let info = app
        .api_web_drp_tyre_info(&json!({"id": id}), Some(a))
        .await
        .ok();
    assert_eq!(info["underInflatedAlarms"], 1);
    assert_eq!(info["treadWearPer1000Km"], 1.0, "16 → 15.4 mm over 600 km");

    // Rotation for a work order: the mount closes with its km and a new one opens, the job named.
    let order = app
        .api_work_save(
            &json!({"typeId": -1, "title": "Rotate steer tyres", "vehicles": [{"vehicleId": s.vehicle}]}),
            Some(a),
        )
        .await
        .ok();
    let rotated = mount(
        json!({"id": id, "vehicleId": s.vehicle, "position": 12, "workOrderId": order["id"]}),
        a,
    )
    .await
    .ok();
    assert_eq!(rotated["position"], 12);
    let info = app
        .api_web_drp_tyre_info(&json!({"id": id}), Some(a))
        .await
        .ok();
    assert_eq!(info["mounts"].as_array().unwrap().len(), 2);
    assert_eq!(info["mounts"][1]["workOrderNumber"], order["number"]);
    let life = app
        .api_web_drp_tyre_log(&json!({"id": id}), Some(a))
        .await
        .ok();
    let rotation = list(&life)
        .iter()
        .find(|e| e["kind"] == "rotate")
        .cloned()
        .unwrap();
    assert_eq!(rotation["workOrderId"], order["id"]);
    assert_eq!(rotation["workOrderNumber"], order["number"]);
    // A day's km go to the wheel the tyre ends the day on: all 600 to the new mount.
    assert_eq!(info["mounts"][0]["km"], 0.0);
    assert_eq!(info["mounts"][1]["km"], 600.0);

    // Cost per km by brand: 2 tyres, 4,000 yuan, 600 km.
    let by_brand = app
        .api_web_drp_tyre_mileage(&json!({"groupBy": "brand"}), Some(a))
        .await
        .ok();
    let row = &list(&by_brand)[0];
    assert_eq!(row["key"], s.brand);
    assert_eq!(row["tyres"], 2);
    assert_eq!(row["mileage"], 600.0);
    assert_eq!(row["cost"], 4000.0);
    assert_eq!(row["costPerKm"], 6.667);
    // Filtered by the brand: the same row; by another brand id: nothing.
    let of_brand = app
        .api_web_drp_tyre_mileage(&json!({"groupBy": "brand", "brandId": s.brand}), Some(a))
        .await
        .ok();
    assert_eq!(list(&of_brand)[0]["tyres"], 2);
    let other_brand = app
        .api_web_drp_tyre_mileage(
            &json!({"groupBy": "brand", "brandId": s.brand + 1000}),
            Some(a),
        )
        .await
        .ok();
    assert!(list(&other_brand).is_empty());
    // By model, over today alone, over a past month, and past the last page.
    let by_model = app
        .api_web_drp_tyre_mileage(
            &json!({"groupBy": "model", "from": Utc::now().date_naive(), "to": Utc::now().date_naive()}),
            Some(a),
        )
        .await
        .ok();
    let row = &list(&by_model)[0];
    assert_eq!(row["key"], s.tyre_item);
    assert!(
        row["name"].as_str().unwrap().starts_with("Roadmaster "),
        "{row}"
    );
    assert_eq!(
        (row["tyres"].clone(), row["mileage"].clone()),
        (json!(2), json!(600.0))
    );
    let past = app
        .api_web_drp_tyre_mileage(
            &json!({"groupBy": "model", "from": "2020-01-01", "to": "2020-01-31"}),
            Some(a),
        )
        .await
        .ok();
    assert_eq!(list(&past)[0]["mileage"], 0.0);
    assert!(list(&past)[0]["costPerKm"].is_null());
    let beyond = app
        .api_web_drp_tyre_mileage(
            &json!({"groupBy": "brand", "page": 3, "pageSize": 10}),
            Some(a),
        )
        .await
        .ok();
    assert!(list(&beyond).is_empty());
    assert_eq!(beyond["total"], 1);
    // By tyre: this one's row counts the low-pressure alarm of its first wheel.
    let by_tyre = app
        .api_web_drp_tyre_mileage(&json!({"groupBy": "tyre"}), Some(a))
        .await
        .ok();
    let row = list(&by_tyre)
        .iter()
        .find(|r| r["key"] == id)
        .cloned()
        .unwrap();
    assert_eq!(row["underInflatedAlarms"], 1);
    assert_eq!(row["mileage"], 600.0);
    // Dismount to scrap: a return then a scrap move.
    assert!(
        app.api_web_drp_tyre_dismount(
            &json!({"id": id, "warehouseId": s.warehouse, "scrap": true}),
            Some(a)
        )
        .await
        .code(7)
        .contains("remark")
    );
    let scrapped = app
        .api_web_drp_tyre_dismount(
            &json!({"id": id, "warehouseId": s.warehouse, "scrap": true, "remark": "sidewall cut"}),
            Some(a),
        )
        .await
        .ok();
    assert_eq!(scrapped["state"], 4);
    assert!(scrapped["vehicleId"].is_null());
    assert!(
        app.api_web_drp_tyre_dismount(&json!({"id": id, "warehouseId": s.warehouse}), Some(a))
            .await
            .code(7)
            .contains("ZZA-T-001")
    );

    let log = app
        .api_web_drp_tyre_log(&json!({"id": id, "pageSize": 50}), Some(a))
        .await
        .ok();
    let kinds: Vec<String> = list(&log)
        .iter()
        .map(|e| e["kind"].as_str().unwrap().to_owned())
        .collect();
    for k in ["receipt", "mount", "alarm", "rotate", "dismount", "scrap"] {
        assert!(kinds.contains(&k.to_owned()), "{k} in {kinds:?}");
    }

    assert!(
        app.api_web_drp_tyre_mileage(&json!({"groupBy": "axle"}), Some(a))
            .await
            .code(7)
            .contains("groupBy")
    );
    let counts = app.api_web_drp_tyre_list(&json!({}), Some(a)).await.ok();
    assert_eq!(counts["collect"]["scrapped"], 1);
    assert_eq!(counts["collect"]["inStock"], 1);
    assert_ledger_adds_up(&app).await;
}
