//! Service records with priced lines, their lists and totals, and the imports of opening stock
//! and tyres.

use super::{assert_ledger_adds_up, list, stock};
use wheelend_tests::{fingerprint, json, spawn_app};

#[tokio::test]
async fn a_service_record_prices_its_lines_and_takes_its_parts_from_stock() {
    let app = spawn_app().await;
    let s = stock(&app).await;
    let (a, b) = (&s.t.a.admin, &s.t.b.admin);
    let labour = app
        .api_web_service_save_item(&json!({"kind": 1, "name": "Brake service"}), Some(a))
        .await
        .ok()["id"]
        .as_i64()
        .unwrap();
    app.api_web_service_service_setting(
        &json!({"labourRate": 100, "defaultWarehouseId": s.warehouse}),
        Some(a),
    )
    .await
    .ok();
    app.api_web_drp_save_move(
        &json!({"kind": "receipt", "warehouseId": s.warehouse, "lines": [{"itemId": s.part, "quantity": 3, "unitCost": 5}]}),
        Some(a),
    )
    .await
    .ok();
    let record = |create: serde_json::Value| {
        let app = &app;
        let body = json!({"vehicleId": s.vehicle, "create": create});
        async move { app.api_web_service_car_service(&body, Some(a)).await }
    };
    // Too many parts: refused naming the line, nothing written.
    let before = fingerprint(&app.state.db).await;
    let msg = record(json!({"item": "Brakes", "lines": [{"itemId": labour, "quantity": 1}, {"itemId": s.part, "quantity": 9}]}))
        .await
        .code(7);
    assert!(msg.contains("create.lines[1].quantity"), "{msg}");
    let msg = record(json!({"item": "Brakes", "lines": [{"itemId": s.tyre_item, "quantity": 1}]}))
        .await
        .code(7);
    assert!(msg.contains("create.lines[0].itemId"), "{msg}");
    assert_eq!(before, fingerprint(&app.state.db).await);

    record(json!({"item": "Brakes", "mileage": 120000, "lines": [
        {"itemId": labour, "quantity": 1.5},
        {"itemId": s.part, "quantity": 2, "unitPrice": 12}
    ]}))
    .await
    .ok();
    let records = app
        .api_web_service_service_list(&json!({"keyword": "ZZA-S1"}), Some(a))
        .await
        .ok();
    let r = &list(&records)[0];
    assert_eq!(r["labourCost"], 150.0);
    assert_eq!(r["partsCost"], 24.0);
    assert_eq!(r["cost"], 174.0);
    assert_eq!(r["lines"].as_array().unwrap().len(), 2);
    assert_eq!(records["collect"]["cost"], 174.0);
    let info = app
        .api_web_service_service_info(&json!({"id": r["id"]}), Some(a))
        .await
        .ok();
    assert_eq!(info["plate"], "ZZA-S1");
    app.api_web_service_service_info(&json!({"id": r["id"]}), Some(b))
        .await
        .code(7);
    assert_eq!(
        app.api_web_service_service_list(&json!({}), Some(b))
            .await
            .ok()["total"],
        0
    );
    let held = app
        .api_web_drp_storage_list(&json!({"itemId": s.part}), Some(a))
        .await
        .ok();
    assert_eq!(list(&held)[0]["quantity"], 1.0);

    for group in ["vehicle", "item", "month"] {
        let c = app
            .api_web_service_service_list_collect(&json!({"groupBy": group}), Some(a))
            .await
            .ok();
        assert_eq!(c["total"]["cost"], 174.0, "{group}");
        assert!(!c["rows"].as_array().unwrap().is_empty(), "{group}");
    }
    assert!(
        app.api_web_service_service_list_collect(&json!({"groupBy": "driver"}), Some(a))
            .await
            .code(7)
            .contains("groupBy")
    );
    assert_ledger_adds_up(&app).await;
}

#[tokio::test]
async fn opening_stock_and_tyre_lists_import_all_rows_or_none() {
    let app = spawn_app().await;
    let s = stock(&app).await;
    let a = &s.t.a.admin;
    let import = |table: &str, content: &str| {
        let body = json!({"table": table, "content": content});
        let app = &app;
        async move { app.api_web_tool_csv(&body, Some(a)).await }
    };
    let before = fingerprint(&app.state.db).await;
    import("stock_opening", "warehouse,itemCode,quantity,unitCost\nZZA main depot,P-VALVE,10,4\nNowhere,P-VALVE,1,1\nZZA main depot,NOPE,1,1\n")
        .await
        .code(7);
    import("tyre_assets", "serial,itemCode,warehouse,purchaseCost\nZZA-I-1,T-RM180,ZZA main depot,1900\nZZA-I-1,T-RM180,ZZA main depot,1900\n")
        .await
        .code(7);
    assert_eq!(before, fingerprint(&app.state.db).await);

    import(
        "stock_opening",
        "warehouse,itemCode,quantity,unitCost\nZZA main depot,P-VALVE,10,4\n",
    )
    .await
    .ok();
    import("tyre_assets", "serial,itemCode,warehouse,purchaseCost,dot\nZZA-I-1,T-RM180,ZZA main depot,1900,0126\nZZA-I-2,T-RM180,ZZA main depot,1900,0126\n")
        .await
        .ok();
    let b = app.api_web_drp_storage_list(&json!({}), Some(a)).await.ok();
    assert_eq!(b["collect"]["quantity"], 12.0);
    assert_eq!(b["collect"]["value"], 3840.0);
    let t = app
        .api_web_drp_tyre_list(&json!({"warehouseId": s.warehouse}), Some(a))
        .await
        .ok();
    assert_eq!(t["total"], 2);
    assert_ledger_adds_up(&app).await;
}
