//! Warehouses, items, partners, settings and the ledger.

use super::{assert_ledger_adds_up, list, stock};
use wheelend_tests::{fingerprint, json, spawn_app};

#[tokio::test]
async fn catalogue_warehouses_partners_and_settings_are_kept_per_enterprise() {
    let app = spawn_app().await;
    let s = stock(&app).await;
    let (a, b) = (&s.t.a.admin, &s.t.b.admin);

    let items = app
        .api_web_service_item_list(&json!({"page": 1, "pageSize": 20}), Some(a))
        .await
        .ok();
    assert_eq!(items["total"], 2);
    let tyre = list(&items).into_iter().find(|i| i["kind"] == 3).unwrap();
    assert_eq!(tyre["name"], "Roadmaster RM-180 295/80R22.5");
    assert_eq!(tyre["tyreBrand"], "Roadmaster");
    let labour = app
        .api_web_service_save_item(
            &json!({"kind": 1, "name": "Tyre fitting", "price": 80}),
            Some(a),
        )
        .await
        .ok();
    assert_eq!(labour["unit"], "h");
    let changed = app
        .api_web_service_set_item(&json!({"id": s.part, "price": 13, "lowStock": 5}), Some(a))
        .await
        .ok();
    assert_eq!(changed["price"], 13.0);
    assert_eq!(changed["lowStock"], 5.0);

    // Bad input changes nothing and names the field.
    let before = fingerprint(&app.state.db).await;
    let bad = |body: serde_json::Value| {
        let app = &app;
        async move { app.api_web_service_save_item(&body, Some(a)).await.code(7) }
    };
    assert!(bad(json!({"kind": 9, "name": "x"})).await.contains("kind"));
    assert!(
        bad(json!({"kind": 3, "name": "no model"}))
            .await
            .contains("tyreId")
    );
    assert!(
        bad(json!({"kind": 2, "name": "dup", "code": "P-VALVE"}))
            .await
            .contains("P-VALVE")
    );
    assert!(
        bad(json!({"kind": 2, "name": "neg", "price": -1}))
            .await
            .contains("price")
    );
    assert!(
        app.api_web_drp_save_warehouse(&json!({"name": "ZZA main depot"}), Some(a))
            .await
            .code(7)
            .contains("ZZA main depot")
    );
    assert!(
        app.api_web_drp_save_warehouse(&json!({"name": " "}), Some(a))
            .await
            .code(7)
            .contains("name")
    );
    assert!(
        app.api_web_drp_update_warehouse(&json!({"name": "x"}), Some(a))
            .await
            .code(7)
            .contains("id")
    );
    assert!(
        app.api_web_drp_save_partner(&json!({"kind": 3, "name": "x"}), Some(a))
            .await
            .code(7)
            .contains("kind")
    );
    assert!(
        app.api_web_drp_drp_setting(&json!({"valuation": "lifo"}), Some(a))
            .await
            .code(7)
            .contains("valuation")
    );
    assert!(
        app.api_web_service_service_setting(&json!({"taxRate": 120}), Some(a))
            .await
            .code(7)
            .contains("taxRate")
    );
    assert!(
        app.api_web_service_service_setting(&json!({"defaultWarehouseId": 999999}), Some(a))
            .await
            .code(7)
            .contains("999999")
    );
    assert_eq!(before, fingerprint(&app.state.db).await);

    // Settings: defaults, then saved.
    let drp = app
        .api_web_drp_get_drp_setting(&json!({}), Some(a))
        .await
        .ok();
    assert_eq!(drp["valuation"], "average");
    assert_eq!(drp["allowNegative"], false);
    let saved = app
        .api_web_drp_drp_setting(&json!({"valuation": "fifo", "lowStock": 2}), Some(a))
        .await
        .ok();
    assert_eq!(saved["valuation"], "fifo");
    let service = app
        .api_web_service_service_setting(
            &json!({"labourRate": 90, "defaultWarehouseId": s.warehouse, "intervalKm": 20000}),
            Some(a),
        )
        .await
        .ok();
    assert_eq!(service["defaultWarehouseId"], s.warehouse);
    assert_eq!(
        app.api_web_service_get_service_setting(&json!({}), Some(a))
            .await
            .ok()["labourRate"],
        90.0
    );
    let cleared = app
        .api_web_service_service_setting(&json!({"intervalKm": null}), Some(a))
        .await
        .ok();
    assert!(cleared["intervalKm"].is_null());

    // Partners list with counts; warehouses list.
    let suppliers = app
        .api_web_drp_partner_list(&json!({"kind": 1}), Some(a))
        .await
        .ok();
    assert_eq!(list(&suppliers)[0]["name"], "ZZA Tyre Supply");
    let houses = app
        .api_web_drp_warehouse_list(&json!({"keyword": "main"}), Some(a))
        .await
        .ok();
    assert_eq!(houses["total"], 1);
    let renamed = app
        .api_web_drp_update_warehouse(
            &json!({"id": s.warehouse, "name": "ZZA central", "phone": "0571-1"}),
            Some(a),
        )
        .await
        .ok();
    assert_eq!(renamed["name"], "ZZA central");

    // Tree B sees none of it and changes none of it.
    let before = fingerprint(&app.state.db).await;
    assert_eq!(
        app.api_web_service_item_list(&json!({}), Some(b))
            .await
            .ok()["total"],
        0
    );
    assert_eq!(
        app.api_web_drp_warehouse_list(&json!({}), Some(b))
            .await
            .ok()["total"],
        0
    );
    app.api_web_drp_warehouse_list(&json!({"entId": s.t.a.root}), Some(b))
        .await
        .code(7);
    app.api_web_service_set_item(&json!({"id": s.part, "price": 1}), Some(b))
        .await
        .code(7);
    app.api_web_service_del_item(&json!({"ids": [s.part]}), Some(b))
        .await
        .code(7);
    app.api_web_drp_update_warehouse(&json!({"id": s.warehouse, "name": "ZZB took it"}), Some(b))
        .await
        .code(7);
    app.api_web_drp_del_warehouse(&json!({"id": s.warehouse}), Some(b))
        .await
        .code(7);
    app.api_web_drp_save_partner(&json!({"id": s.supplier, "name": "ZZB took it"}), Some(b))
        .await
        .code(7);
    app.api_web_drp_del_partner(&json!({"id": s.customer}), Some(b))
        .await
        .code(7);
    app.api_web_drp_save_move(
        &json!({"kind": "receipt", "warehouseId": s.warehouse, "lines": [{"itemId": s.part, "quantity": 1, "unitCost": 1}]}),
        Some(b),
    )
    .await
    .code(7);
    assert_eq!(before, fingerprint(&app.state.db).await);

    // Unused things may be deleted.
    app.api_web_service_del_item(&json!({"ids": [labour["id"]]}), Some(a))
        .await
        .ok();
    app.api_web_drp_del_partner(&json!({"id": s.customer}), Some(a))
        .await
        .ok();
    app.api_web_drp_del_warehouse(&json!({"id": s.warehouse}), Some(a))
        .await
        .ok();
    assert_eq!(
        app.api_web_drp_warehouse_list(&json!({}), Some(a))
            .await
            .ok()["total"],
        0
    );
}

#[tokio::test]
async fn every_kind_of_move_keeps_balances_equal_to_the_ledger() {
    let app = spawn_app().await;
    let s = stock(&app).await;
    let a = &s.t.a.admin;
    let second = app
        .api_web_drp_save_warehouse(&json!({"name": "ZZA yard"}), Some(a))
        .await
        .ok()["id"]
        .as_i64()
        .unwrap();
    let mv = |body: serde_json::Value| {
        let app = &app;
        async move { app.api_web_drp_save_move(&body, Some(a)).await }
    };
    // Two receipts at different costs: the moving average is 11.
    let doc = mv(
        json!({"kind": "receipt", "warehouseId": s.warehouse, "supplierId": s.supplier,
        "lines": [{"itemId": s.part, "quantity": 10, "unitCost": 10}]}),
    )
    .await
    .ok();
    assert!(doc["docNo"].as_str().unwrap().starts_with("SM-"));
    mv(json!({"kind": "receipt", "warehouseId": s.warehouse,
        "lines": [{"itemId": s.part, "quantity": 10, "unitCost": 12}]}))
    .await
    .ok();
    let issued = mv(
        json!({"kind": "issue", "warehouseId": s.warehouse, "vehicleId": s.vehicle,
        "lines": [{"itemId": s.part, "quantity": 4}]}),
    )
    .await
    .ok();
    let m = &issued["moves"][0];
    assert_eq!(m["quantity"], -4.0);
    assert_eq!(m["unitCost"], 11.0);
    assert_eq!(m["balanceAfter"], 16.0);
    assert_eq!(m["plate"], "ZZA-S1");

    // Taking more than is held is refused naming the line; nothing is written.
    let before = wheelend_tests::fingerprint(&app.state.db).await;
    let msg = mv(json!({"kind": "issue", "warehouseId": s.warehouse,
        "lines": [{"itemId": s.part, "quantity": 1}, {"itemId": s.part, "quantity": 100}]}))
    .await
    .code(7);
    assert!(msg.contains("lines[1].quantity"), "{msg}");
    for (body, field) in [
        (
            json!({"kind": "lend", "warehouseId": s.warehouse, "lines": [{"itemId": s.part, "quantity": 1}]}),
            "kind",
        ),
        (
            json!({"kind": "issue", "warehouseId": s.warehouse, "lines": []}),
            "lines",
        ),
        (
            json!({"kind": "issue", "warehouseId": 999999, "lines": [{"itemId": s.part, "quantity": 1}]}),
            "warehouseId",
        ),
        (
            json!({"kind": "issue", "warehouseId": s.warehouse, "lines": [{"itemId": s.part, "quantity": 0}]}),
            "lines[0].quantity",
        ),
        (
            json!({"kind": "issue", "warehouseId": s.warehouse, "lines": [{"itemId": 999999, "quantity": 1}]}),
            "lines[0].itemId",
        ),
        (
            json!({"kind": "receipt", "warehouseId": s.warehouse, "lines": [{"itemId": s.part, "quantity": 1}]}),
            "lines[0].unitCost",
        ),
        (
            json!({"kind": "transfer", "warehouseId": s.warehouse, "lines": [{"itemId": s.part, "quantity": 1}]}),
            "toWarehouseId",
        ),
        (
            json!({"kind": "sale", "warehouseId": s.warehouse, "lines": [{"itemId": s.part, "quantity": 1}]}),
            "customerId",
        ),
        (
            json!({"kind": "scrap", "warehouseId": s.warehouse, "lines": [{"itemId": s.part, "quantity": 1}]}),
            "remark",
        ),
        (
            json!({"kind": "issue", "warehouseId": s.warehouse, "vehicleId": 999999, "lines": [{"itemId": s.part, "quantity": 1}]}),
            "vehicleId",
        ),
        (
            json!({"kind": "issue", "warehouseId": s.warehouse, "workOrderId": 999999, "lines": [{"itemId": s.part, "quantity": 1}]}),
            "workOrderId",
        ),
        (
            json!({"kind": "receipt", "warehouseId": s.warehouse, "lines": [{"itemId": s.tyre_item, "quantity": 1.5, "unitCost": 1}]}),
            "lines[0].quantity",
        ),
    ] {
        let msg = mv(body).await.code(7);
        assert!(msg.contains(field), "{field}: {msg}");
    }
    assert_eq!(before, wheelend_tests::fingerprint(&app.state.db).await);

    // Transfer, sale, scrap, adjust.
    let t = mv(
        json!({"kind": "transfer", "warehouseId": s.warehouse, "toWarehouseId": second,
        "lines": [{"itemId": s.part, "quantity": 6}]}),
    )
    .await
    .ok();
    assert_eq!(t["moves"].as_array().unwrap().len(), 2);
    assert_eq!(t["moves"][1]["unitCost"], 11.0);
    mv(
        json!({"kind": "sale", "warehouseId": second, "customerId": s.customer,
        "lines": [{"itemId": s.part, "quantity": 2, "unitPrice": 20}]}),
    )
    .await
    .ok();
    mv(
        json!({"kind": "scrap", "warehouseId": second, "remark": "bent",
        "lines": [{"itemId": s.part, "quantity": 1}]}),
    )
    .await
    .ok();
    mv(
        json!({"kind": "adjust", "warehouseId": s.warehouse, "remark": "stocktake",
        "lines": [{"itemId": s.part, "quantity": -2}]}),
    )
    .await
    .ok();
    assert_ledger_adds_up(&app).await;

    let balances = app
        .api_web_drp_storage_list(&json!({"itemId": s.part}), Some(a))
        .await
        .ok();
    let q: Vec<f64> = list(&balances)
        .iter()
        .map(|b| b["quantity"].as_f64().unwrap())
        .collect();
    assert_eq!(q, [8.0, 3.0]);
    assert_eq!(balances["collect"]["quantity"], 11.0);
    assert_eq!(balances["collect"]["value"], 121.0);
    let sales = app.api_web_drp_market_list(&json!({}), Some(a)).await.ok();
    assert_eq!(sales["collect"]["revenue"], 40.0);
    assert_eq!(sales["collect"]["cost"], 22.0);
    assert_eq!(sales["collect"]["profit"], 18.0);
    assert_eq!(list(&sales)[0]["customerName"], "ZZA Haulage Co");
    let ledger = app
        .api_web_drp_storage_record(
            &json!({"warehouseId": s.warehouse, "pageSize": 50}),
            Some(a),
        )
        .await
        .ok();
    assert_eq!(ledger["total"], 5);
    assert_eq!(ledger["collect"]["quantityIn"], 20.0);
    assert_eq!(ledger["collect"]["quantityOut"], 12.0);
    let by_kind = app
        .api_web_drp_storage_record(&json!({"kind": "sale"}), Some(a))
        .await
        .ok();
    assert_eq!(by_kind["total"], 1);

    // Low stock: the part's threshold is 5; the yard holds 3 → listed as low.
    app.api_web_service_set_item(&json!({"id": s.part, "lowStock": 5}), Some(a))
        .await
        .ok();
    let low = app
        .api_web_drp_storage_list(&json!({"low": true}), Some(a))
        .await
        .ok();
    assert_eq!(low["total"], 1);
    assert_eq!(list(&low)[0]["warehouseId"], second);

    // A warehouse holding stock is not deleted; an item with moves is not deleted.
    assert!(
        app.api_web_drp_del_warehouse(&json!({"id": second}), Some(a))
            .await
            .code(7)
            .contains("ZZA yard")
    );
    assert!(
        app.api_web_service_del_item(&json!({"ids": [s.part]}), Some(a))
            .await
            .code(7)
            .contains("Valve stem")
    );
    // The valuation does not change while stock is held.
    assert!(
        app.api_web_drp_drp_setting(&json!({"valuation": "fifo"}), Some(a))
            .await
            .code(7)
            .contains("valuation")
    );

    // Negative stock once allowed.
    app.api_web_drp_drp_setting(&json!({"allowNegative": true}), Some(a))
        .await
        .ok();
    let neg = mv(json!({"kind": "issue", "warehouseId": second, "lines": [{"itemId": s.part, "quantity": 5}]})).await.ok();
    assert_eq!(neg["moves"][0]["balanceAfter"], -2.0);
    assert_ledger_adds_up(&app).await;
}

#[tokio::test]
async fn fifo_issues_cost_the_oldest_receipts_first() {
    let app = spawn_app().await;
    let s = stock(&app).await;
    let a = &s.t.a.admin;
    app.api_web_drp_drp_setting(&json!({"valuation": "fifo"}), Some(a))
        .await
        .ok();
    for cost in [10, 20] {
        app.api_web_drp_save_move(
            &json!({"kind": "receipt", "warehouseId": s.warehouse, "lines": [{"itemId": s.part, "quantity": 5, "unitCost": cost}]}),
            Some(a),
        )
        .await
        .ok();
    }
    let out = app
        .api_web_drp_save_move(&json!({"kind": "issue", "warehouseId": s.warehouse, "lines": [{"itemId": s.part, "quantity": 7}]}), Some(a))
        .await
        .ok();
    // 5 × 10 + 2 × 20 = 90 for 7.
    assert_eq!(out["moves"][0]["amount"], -90.0);
    let b = app.api_web_drp_storage_list(&json!({}), Some(a)).await.ok();
    assert_eq!(list(&b)[0]["value"], 60.0);
}

#[tokio::test]
async fn concurrent_issues_of_one_item_never_oversell() {
    let app = spawn_app().await;
    let s = stock(&app).await;
    let a = s.t.a.admin.clone();
    app.api_web_drp_save_move(
        &json!({"kind": "receipt", "warehouseId": s.warehouse, "lines": [{"itemId": s.part, "quantity": 50, "unitCost": 3}]}),
        Some(&a),
    )
    .await
    .ok();
    let issue = json!({"kind": "issue", "warehouseId": s.warehouse, "lines": [{"itemId": s.part, "quantity": 1}]});
    let answers =
        futures::future::join_all((0..100).map(|_| app.api_web_drp_save_move(&issue, Some(&a))))
            .await;
    let ok = answers.iter().filter(|r| r.envelope().code == 0).count();
    let refused: Vec<String> = answers
        .iter()
        .filter(|r| r.envelope().code != 0)
        .map(|r| r.envelope().msg)
        .collect();
    assert_eq!(
        ok,
        50,
        "exactly what was held is issued; refusals: {:?}",
        &refused[..refused.len().min(3)]
    );
    assert!(
        refused.iter().all(|m| m.contains("lines[0].quantity")),
        "{refused:?}"
    );
    let b = app
        .api_web_drp_storage_list(&json!({"empty": true}), Some(&a))
        .await
        .ok();
    assert_eq!(list(&b)[0]["quantity"], 0.0);
    assert_ledger_adds_up(&app).await;
}
