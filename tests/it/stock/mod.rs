//! Area `warehouse` (docs/stock.md): settings, items, warehouses, suppliers and customers, the
//! ledger and its invariants (also under concurrent issues), tyres as assets from receipt to
//! scrap, service records with priced lines, imports, and isolation across enterprises.

mod ledger;
mod records;
mod tyres;

use entities::{tyre, tyre_brand};
use sea_orm::{ActiveModelTrait, ConnectionTrait, Set};
use serde_json::Value;
use wheelend_tests::tenants::{self, Tenants, two_trees};
use wheelend_tests::{TestApp, json};

/// Two trees, a vehicle of tree A, a tyre model, and in tree A a warehouse, a supplier, a
/// customer, a part and a tyre item.
pub struct Stock {
    pub t: Tenants,
    pub vehicle: i64,
    pub warehouse: i64,
    pub supplier: i64,
    pub customer: i64,
    pub part: i64,
    pub tyre_item: i64,
    pub brand: i64,
}

pub async fn stock(app: &TestApp) -> Stock {
    let t = two_trees(app).await;
    let vehicle = tenants::add_vehicle(app, &t.a.admin, t.a.root, "ZZA-S1").await;
    let now = chrono::Utc::now();
    let brand = tyre_brand::ActiveModel {
        enterprise_id: Set(None),
        name: Set("Roadmaster".to_owned()),
        logo: Set(String::new()),
        sort: Set(0),
        created_at: Set(now),
        updated_at: Set(now),
        ..Default::default()
    }
    .insert(&app.state.db)
    .await
    .unwrap();
    let model = tyre::ActiveModel {
        brand_id: Set(brand.id),
        enterprise_id: Set(None),
        model: Set("RM-180".to_owned()),
        spec: Set("295/80R22.5".to_owned()),
        grain: Set("rib".to_owned()),
        tread_depth: Set(Some(16.0)),
        pressure: Set(Some(9.0)),
        load_index: Set("152/148M".to_owned()),
        remark: Set(String::new()),
        created_at: Set(now),
        updated_at: Set(now),
        ..Default::default()
    }
    .insert(&app.state.db)
    .await
    .unwrap();
    let a = &t.a.admin;
    let warehouse = app
        .api_web_drp_save_warehouse(&json!({"name": "ZZA main depot", "keeper": "Li"}), Some(a))
        .await
        .ok()["id"]
        .as_i64()
        .unwrap();
    let partner = |kind: i64, name: &str| {
        let body = json!({"kind": kind, "name": name});
        async move {
            app.api_web_drp_save_partner(&body, Some(a)).await.ok()["id"]
                .as_i64()
                .unwrap()
        }
    };
    let supplier = partner(1, "ZZA Tyre Supply").await;
    let customer = partner(2, "ZZA Haulage Co").await;
    let part = app
        .api_web_service_save_item(
            &json!({"kind": 2, "code": "P-VALVE", "name": "Valve stem", "unit": "pc", "price": 12.5}),
            Some(a),
        )
        .await
        .ok()["id"]
        .as_i64()
        .unwrap();
    let tyre_item = app
        .api_web_service_save_item(
            &json!({"kind": 3, "code": "T-RM180", "tyreId": model.id, "price": 2400}),
            Some(a),
        )
        .await
        .ok()["id"]
        .as_i64()
        .unwrap();
    Stock {
        t,
        vehicle,
        warehouse,
        supplier,
        customer,
        part,
        tyre_item,
        brand: brand.id,
    }
}

/// Every balance equals the sum of its moves (the ledger's invariant).
pub async fn assert_ledger_adds_up(app: &TestApp) {
    let db = &app.state.db;
    let backend = db.get_database_backend();
    let rows = db
        .query_all_raw(sea_orm::Statement::from_string(
            backend,
            "SELECT b.warehouse_id, b.item_id, b.quantity, \
             (SELECT COALESCE(SUM(m.quantity), 0) FROM stock_moves m \
              WHERE m.warehouse_id = b.warehouse_id AND m.item_id = b.item_id) AS moved \
             FROM stock_balances b",
        ))
        .await
        .unwrap();
    for r in rows {
        let q: f64 = r.try_get("", "quantity").unwrap();
        let moved: f64 = r.try_get("", "moved").unwrap();
        assert!(
            (q - moved).abs() < 1e-6,
            "balance {q} ≠ sum of moves {moved}"
        );
    }
}

pub fn list(v: &Value) -> Vec<Value> {
    v["list"].as_array().cloned().unwrap_or_default()
}
