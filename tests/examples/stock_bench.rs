//! Stock benchmark (issue 18): the app on a fresh database (SQLite unless `TEST_DATABASE_URL`
//! is set) with one enterprise holding 200 warehouses, 500 items, 1,000,000 ledger moves and
//! 50,000 tyres mounted on 6,250 vehicles that drove every day of the last year; then the
//! balances of a warehouse, its ledger, a tyre's life log and cost per km by brand over HTTP,
//! with p50/p95, while `STOCK_BENCH_FLEET` simulated vehicles (default 30,000) report every 30 s.
//!
//! `cargo run --release -p wheelend-tests --example stock_bench`

use std::time::Instant;

use chrono::{Duration as Days, Utc};
use entities::{
    daily_mileage, stock_balance, stock_item, stock_move, tyre, tyre_asset, tyre_brand, tyre_event,
    tyre_mount, warehouse,
};
use sea_orm::{EntityTrait, Set, TransactionTrait};
use serde_json::json;
use wheelend_tests::{
    fleet_reporting_meanwhile, measure_call, settle_after_bulk_load, spawn_app, tenants,
};

const WAREHOUSES: i64 = 200;
const ITEMS: i64 = 500;
const MOVES: i64 = 1_000_000;
const VEHICLES: i64 = 6_250;
const TYRES_PER_VEHICLE: i64 = 8;
const DAYS: i64 = 365;
const FIRST: i64 = 3_000_000;
const ROUNDS: usize = 30;

async fn insert_chunked<A>(txn: &sea_orm::DatabaseTransaction, rows: Vec<A>, size: usize)
where
    A: sea_orm::ActiveModelTrait + Send + Clone,
{
    for chunk in rows.chunks(size) {
        <A::Entity as EntityTrait>::insert_many(chunk.to_vec())
            .exec_without_returning(txn)
            .await
            .expect("bulk insert");
    }
}

#[tokio::main]
async fn main() {
    let app = spawn_app().await;
    let t = tenants::two_trees(&app).await;
    let ent = t.a.root;
    let db = &app.state.db;
    let started = Instant::now();
    let now = Utc::now();
    let today = now.date_naive();

    let txn = db.begin().await.expect("a transaction");
    let brand = tyre_brand::Entity::insert(tyre_brand::ActiveModel {
        enterprise_id: Set(None),
        name: Set("Bench".into()),
        logo: Set(String::new()),
        sort: Set(0),
        created_at: Set(now),
        updated_at: Set(now),
        ..Default::default()
    })
    .exec(&txn)
    .await
    .expect("brand")
    .last_insert_id;
    let mut models = Vec::new();
    for n in 0..5 {
        models.push(
            tyre::Entity::insert(tyre::ActiveModel {
                brand_id: Set(brand),
                enterprise_id: Set(None),
                model: Set(format!("B-{n}")),
                spec: Set("295/80R22.5".into()),
                grain: Set(String::new()),
                tread_depth: Set(Some(16.0)),
                pressure: Set(Some(9.0)),
                load_index: Set(String::new()),
                remark: Set(String::new()),
                created_at: Set(now),
                updated_at: Set(now),
                ..Default::default()
            })
            .exec(&txn)
            .await
            .expect("tyre model")
            .last_insert_id,
        );
    }
    let warehouses = (0..WAREHOUSES).map(|n| warehouse::ActiveModel {
        id: Set(FIRST + n),
        enterprise_id: Set(ent),
        name: Set(format!("Depot {n:03}")),
        address: Set(String::new()),
        keeper: Set(String::new()),
        phone: Set(String::new()),
        remark: Set(String::new()),
        deleted_at: Set(None),
        created_at: Set(now),
        updated_at: Set(now),
    });
    insert_chunked(&txn, warehouses.collect(), 500).await;
    // Items: the first 5 are the tyre models, the rest parts.
    let items = (0..ITEMS).map(|n| stock_item::ActiveModel {
        id: Set(FIRST + n),
        enterprise_id: Set(ent),
        kind: Set(if n < 5 { 3 } else { 2 }),
        code: Set(format!("C{n:05}")),
        name: Set(format!("Item {n}")),
        unit: Set("pc".into()),
        price: Set(10.0),
        tyre_id: Set((n < 5).then(|| models[n as usize])),
        low_stock: Set(None),
        enabled: Set(true),
        created_at: Set(now),
        updated_at: Set(now),
    });
    insert_chunked(&txn, items.collect(), 500).await;
    let vehicles = wheelend_tests::fleet::bulk_vehicles(ent, FIRST, VEHICLES, ("STK", "LSK"));
    insert_chunked(&txn, vehicles, 1000).await;
    txn.commit().await.expect("commit");

    // The ledger: receipts of 10 at cost 5, every 200 warehouses × 500 items place in turn.
    let mut balances = std::collections::HashMap::new();
    for slice in 0..MOVES / 50_000 {
        let txn = db.begin().await.expect("a transaction");
        let rows: Vec<stock_move::ActiveModel> = (slice * 50_000..(slice + 1) * 50_000)
            .map(|n| {
                let w = FIRST + n % WAREHOUSES;
                let i = FIRST + (n / WAREHOUSES) % ITEMS;
                let q = if n % 3 == 2 { -4.0 } else { 10.0 };
                let after = balances.entry((w, i)).or_insert(0.0);
                *after += q;
                stock_move::ActiveModel {
                    enterprise_id: Set(ent),
                    doc_no: Set(format!("SM-B-{n:07}")),
                    kind: Set(if q > 0.0 { "receipt" } else { "issue" }.into()),
                    warehouse_id: Set(w),
                    item_id: Set(i),
                    quantity: Set(q),
                    unit_cost: Set(5.0),
                    amount: Set(q * 5.0),
                    unit_price: Set(None),
                    balance_after: Set(*after),
                    supplier_id: Set(None),
                    customer_id: Set(None),
                    vehicle_id: Set(None),
                    work_order_id: Set(None),
                    tyre_ids: Set("[]".into()),
                    remark: Set(String::new()),
                    created_by: Set(t.a.admin_id),
                    occurred_at: Set(now - Days::seconds(MOVES - n)),
                    created_at: Set(now),
                    ..Default::default()
                }
            })
            .collect();
        insert_chunked(&txn, rows, 1000).await;
        txn.commit().await.expect("commit");
    }
    let txn = db.begin().await.expect("a transaction");
    let rows: Vec<stock_balance::ActiveModel> = balances
        .iter()
        .map(|((w, i), q)| stock_balance::ActiveModel {
            enterprise_id: Set(ent),
            warehouse_id: Set(*w),
            item_id: Set(*i),
            quantity: Set(*q),
            value: Set(q * 5.0),
            low_alerted: Set(false),
            updated_at: Set(now),
            ..Default::default()
        })
        .collect();
    insert_chunked(&txn, rows, 1000).await;
    txn.commit().await.expect("commit");
    println!("ledger: {MOVES} moves, {} balances", balances.len());

    // Tyres mounted half a year ago, each with its mount and four life events; a year of km.
    let tyres = VEHICLES * TYRES_PER_VEHICLE;
    let mounted = now - Days::days(180);
    for slice in 0..tyres / 10_000 {
        let txn = db.begin().await.expect("a transaction");
        let ids = slice * 10_000..(slice + 1) * 10_000;
        let assets = ids.clone().map(|n| tyre_asset::ActiveModel {
            id: Set(FIRST + n),
            enterprise_id: Set(ent),
            item_id: Set(FIRST + n % 5),
            serial: Set(format!("BT{n:07}")),
            dot: Set("0126".into()),
            purchase_cost: Set(2000.0),
            extra_cost: Set(0.0),
            state: Set(2),
            warehouse_id: Set(None),
            vehicle_id: Set(Some(FIRST + n / TYRES_PER_VEHICLE)),
            position: Set(Some([11, 12, 21, 22, 23, 24, 31, 32][(n % 8) as usize])),
            mounted_at: Set(Some(mounted)),
            km: Set(0.0),
            tread_new: Set(Some(16.0)),
            received_at: Set(mounted - Days::days(10)),
            created_at: Set(now),
            updated_at: Set(now),
        });
        insert_chunked(&txn, assets.collect(), 1000).await;
        let mounts = ids.clone().map(|n| tyre_mount::ActiveModel {
            tyre_id: Set(FIRST + n),
            vehicle_id: Set(FIRST + n / TYRES_PER_VEHICLE),
            position: Set([11, 12, 21, 22, 23, 24, 31, 32][(n % 8) as usize]),
            from_at: Set(mounted),
            to_at: Set(None),
            from_day: Set(mounted.date_naive()),
            to_day: Set(None),
            km: Set(None),
            ..Default::default()
        });
        insert_chunked(&txn, mounts.collect(), 1000).await;
        let events = ids.flat_map(|n| {
            ["receipt", "mount", "rotate", "repair"]
                .into_iter()
                .enumerate()
                .map(move |(k, kind)| tyre_event::ActiveModel {
                    enterprise_id: Set(ent),
                    tyre_id: Set(FIRST + n),
                    kind: Set(kind.into()),
                    vehicle_id: Set(Some(FIRST + n / TYRES_PER_VEHICLE)),
                    position: Set(Some(11)),
                    mileage: Set(k as f64 * 1000.0),
                    detail: Set(String::new()),
                    created_by: Set(t.a.admin_id),
                    at: Set(mounted + Days::days(k as i64 * 30)),
                    ..Default::default()
                })
        });
        insert_chunked(&txn, events.collect(), 1000).await;
        txn.commit().await.expect("commit");
    }
    for slice in 0..VEHICLES / 250 {
        let txn = db.begin().await.expect("a transaction");
        let rows = (slice * 250..(slice + 1) * 250).flat_map(|v| {
            let per_day = 300.0 + (v % 7) as f64 * 20.0;
            (0..DAYS).map(move |d| daily_mileage::ActiveModel {
                vehicle_id: Set(FIRST + v),
                day: Set(today - Days::days(d)),
                km: Set(per_day),
                driving_seconds: Set(5 * 3600),
                // the days up to this one (the oldest is day DAYS - 1 back)
                odo_km: Set((DAYS - d) as f64 * per_day),
                ..Default::default()
            })
        });
        insert_chunked(&txn, rows.collect(), 2000).await;
        txn.commit().await.expect("commit");
    }
    println!(
        "seeded {WAREHOUSES} warehouses, {ITEMS} items, {MOVES} moves, {tyres} tyres, {} vehicle-days in {:.1} s",
        VEHICLES * DAYS,
        started.elapsed().as_secs_f64()
    );
    settle_after_bulk_load(&app).await;
    let _reporting = fleet_reporting_meanwhile(&app, "STOCK_BENCH_FLEET").await;

    let admin = t.a.admin.clone();
    let year = json!({"groupBy": "brand", "from": (today - Days::days(365)).to_string(), "to": today.to_string()});
    let runs = [
        (
            "balances of a warehouse (page 1 of 20)",
            "/api/web/drp/storageList",
            json!({"warehouseId": FIRST + 17, "pageSize": 20}),
        ),
        (
            "balances of a warehouse, low only",
            "/api/web/drp/storageList",
            json!({"warehouseId": FIRST + 17, "low": true, "pageSize": 20}),
        ),
        (
            "ledger of a warehouse (page 1)",
            "/api/web/drp/storageRecord",
            json!({"warehouseId": FIRST + 17, "pageSize": 20}),
        ),
        (
            "ledger of an item in a warehouse",
            "/api/web/drp/storageRecord",
            json!({"warehouseId": FIRST + 17, "itemId": FIRST + 40, "pageSize": 20}),
        ),
        (
            "a tyre's life log",
            "/api/web/drp/tyre/log",
            json!({"id": FIRST + 4242}),
        ),
        (
            "a tyre's info",
            "/api/web/drp/tyre/info",
            json!({"id": FIRST + 4242}),
        ),
        (
            "tyre inventory page 1",
            "/api/web/drp/tyre/list",
            json!({"pageSize": 20}),
        ),
        (
            "cost per km by brand, a year",
            "/api/web/drp/tyre/mileage",
            year,
        ),
        (
            "cost per km by model, all time",
            "/api/web/drp/tyre/mileage",
            json!({"groupBy": "model"}),
        ),
    ];
    for (name, path, body) in runs {
        measure_call(&app, name, path, &body, &admin, ROUNDS).await;
    }
}
