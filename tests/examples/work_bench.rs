//! Work-order benchmark: the app on a fresh database (SQLite unless `TEST_DATABASE_URL` is
//! set), 100,000 work orders over a year on 2,000 vehicles of one enterprise, each with its
//! vehicle link, three timeline entries and a task; then the order list with each filter the
//! console offers (its total counted at most 10,000 past the page), an order's detail and
//! timeline, the statistics, details and trend of a year, and the counts per state, over HTTP
//! with p50/p95, while `WORK_BENCH_FLEET` simulated vehicles (default 30,000) report every 30 s.
//!
//! `cargo run --release -p wheelend-tests --example work_bench`

use std::time::Instant;

use chrono::{Duration as Days, Utc};
use entities::{work_order, work_order_link, work_order_log, work_order_task};
use sea_orm::{EntityTrait, Set, TransactionTrait};
use serde_json::{Value, json};
use wheelend_tests::{
    TestApp, fleet_reporting_meanwhile, measure_call, settle_after_bulk_load, spawn_app, tenants,
};

const VEHICLES: i64 = 2_000;
const ORDERS: i64 = 100_000;
const FIRST_VEHICLE: i64 = 2_000_000;
const FIRST_ORDER: i64 = 5_000_000;
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

/// The vehicles, then the orders in slices (one transaction each): states spread as a running
/// fleet has them (most closed, some open, a few cancelled), built-in types, three grades, two
/// assignees or none, due times on most, a location and a snapshot like the server stores.
async fn seed(app: &TestApp, ent: i64, people: [i64; 2]) {
    let started = Instant::now();
    let now = Utc::now();
    let txn = app.state.db.begin().await.expect("a transaction");
    let vehicles =
        wheelend_tests::fleet::bulk_vehicles(ent, FIRST_VEHICLE, VEHICLES, ("WORK", "LWO"));
    insert_chunked(&txn, vehicles, 1000).await;
    txn.commit().await.expect("commit");
    let snapshot =
        json!({"lat": 30.25, "lon": 120.17, "speed": 0.0, "online": true, "ignition": false,
        "alarm": true, "alarmType": 2, "alarmLevel": 1, "battery": 80, "voltage": 24.1})
        .to_string();
    for slice in 0..ORDERS / 10_000 {
        let txn = app.state.db.begin().await.expect("a transaction");
        let (mut orders, mut links, mut logs, mut tasks) = (vec![], vec![], vec![], vec![]);
        for n in slice * 10_000..(slice + 1) * 10_000 {
            let id = FIRST_ORDER + n;
            let vehicle = FIRST_VEHICLE + n % VEHICLES;
            // Spread over the last 365 days, newest last.
            let opened = now - Days::minutes((ORDERS - n) * 365 * 24 * 60 / ORDERS);
            let state: i16 = match n % 20 {
                0 => 100,
                1 | 2 => 101,
                3 => 102,
                4 => 103,
                _ => 104,
            };
            let done = matches!(state, 102 | 104);
            let resolved = opened + Days::hours(2 + n % 70);
            orders.push(work_order::ActiveModel {
                id: Set(id),
                enterprise_id: Set(ent),
                number: Set(format!("WO-{}-{:04}", opened.format("%Y%m%d"), n % 10_000)),
                type_id: Set(-1 - n % 6),
                category_id: Set(0),
                grade: Set(i16::try_from(n % 4).unwrap()),
                priority: Set(i16::try_from(1 + n % 4).unwrap()),
                state: Set(state),
                title: Set(format!("Tyre {} pressure low on axle {}", n % 97, 1 + n % 3)),
                description: Set("Driver reports the right outer tyre of the second axle losing pressure after a long haul; check the valve and the sensor.".into()),
                vehicle_id: Set(Some(vehicle)),
                requester_id: Set(people[0]),
                assignee_id: Set((n % 3 != 0).then_some(people[usize::try_from(n % 2).unwrap()])),
                due_at: Set((n % 5 != 0).then_some(opened + Days::hours(48))),
                lat: Set(Some(30.25)),
                lon: Set(Some(120.17)),
                address: Set("Hangzhou, Xihu".into()),
                cover_url: Set(String::new()),
                carrier: Set(String::new()),
                tracking_no: Set(String::new()),
                shipped_at: Set(None),
                declaration: Set(String::new()),
                snapshot: Set(snapshot.clone()),
                repair: Set(String::new()),
                labels: Set(if n % 10 == 0 { r#"["recall"]"#.into() } else { "[]".into() }),
                fields: Set("{}".into()),
                cost: Set(f64::from(u32::try_from(n % 500).unwrap())),
                created_at: Set(opened),
                updated_at: Set(opened),
                discussed_at: Set(opened),
                first_response_at: Set((state != 100).then_some(opened + Days::minutes(30))),
                resolved_at: Set(done.then_some(resolved)),
                closed_at: Set((state == 104).then_some(resolved + Days::hours(1))),
                cancelled_at: Set((state == 103).then_some(opened + Days::hours(1))),
                response_secs: Set((state != 100).then_some(30 * 60)),
                resolution_secs: Set(done.then(|| (resolved - opened).num_seconds())),
                ..Default::default()
            });
            links.push(work_order_link::ActiveModel {
                order_id: Set(id),
                kind: Set(1),
                ref_id: Set(vehicle),
                detail: Set(r#"["22"]"#.into()),
                created_at: Set(opened),
                ..Default::default()
            });
            for (k, content) in [
                (1i16, ""),
                (2, "Checked the valve, replaced the core."),
                (1, ""),
            ] {
                logs.push(work_order_log::ActiveModel {
                    order_id: Set(id),
                    kind: Set(k),
                    from_state: Set((k == 1).then_some(100)),
                    to_state: Set((k == 1).then_some(101)),
                    content: Set(content.into()),
                    images: Set("[]".into()),
                    data: Set("{}".into()),
                    user_id: Set(people[0]),
                    created_at: Set(opened + Days::minutes(30)),
                    updated_at: Set(opened + Days::minutes(30)),
                    ..Default::default()
                });
            }
            tasks.push(work_order_task::ActiveModel {
                order_id: Set(id),
                title: Set("Replace valve core".into()),
                assignee_id: Set(Some(people[1])),
                due_at: Set(Some(opened + Days::hours(24))),
                done: Set(done),
                done_at: Set(done.then_some(resolved)),
                created_by: Set(people[0]),
                created_at: Set(opened),
                updated_at: Set(opened),
                ..Default::default()
            });
        }
        insert_chunked(&txn, orders, 500).await;
        insert_chunked(&txn, links, 1000).await;
        insert_chunked(&txn, logs, 1000).await;
        insert_chunked(&txn, tasks, 1000).await;
        txn.commit().await.expect("commit");
    }
    println!(
        "seeded {VEHICLES} vehicles, {ORDERS} orders, {ORDERS} links, {} log entries, {ORDERS} tasks in {:.1?}",
        ORDERS * 3,
        started.elapsed()
    );
}

#[tokio::main]
async fn main() {
    let app = spawn_app().await;
    let t = tenants::two_trees(&app).await;
    seed(&app, t.a.root, [t.a.admin_id, t.a.member_id]).await;
    settle_after_bulk_load(&app).await;
    let _reporting = fleet_reporting_meanwhile(&app, "WORK_BENCH_FLEET").await;
    let admin = t.a.admin.clone();
    let today = Utc::now().date_naive();
    let year = json!({"from": (today - Days::days(364)).to_string(), "to": today.to_string()});
    let month = json!({"from": (today - Days::days(30)).to_string(), "to": today.to_string(), "pageSize": 20});
    let order = FIRST_ORDER + ORDERS / 2;
    let runs: Vec<(&str, &str, Value)> = vec![
        (
            "list page 1",
            "/api/work/list",
            json!({"page": 1, "pageSize": 20}),
        ),
        (
            "list page 500 (total counted on to 20,000)",
            "/api/work/list",
            json!({"page": 500, "pageSize": 20}),
        ),
        (
            "list page 2,000",
            "/api/work/list",
            json!({"page": 2000, "pageSize": 20}),
        ),
        (
            "list state in progress",
            "/api/work/list",
            json!({"state": 101, "pageSize": 20}),
        ),
        (
            "list type maintenance",
            "/api/work/list",
            json!({"typeId": -2, "pageSize": 20}),
        ),
        (
            "list assignee",
            "/api/work/list",
            json!({"assigneeId": t.a.member_id, "pageSize": 20}),
        ),
        (
            "list vehicle",
            "/api/work/list",
            json!({"vehicleId": FIRST_VEHICLE + 7, "pageSize": 20}),
        ),
        ("list last 30 days", "/api/work/list", month),
        (
            "list keyword (title)",
            "/api/work/list",
            json!({"keyword": "axle 2", "pageSize": 20}),
        ),
        (
            "list keyword (number, no match)",
            "/api/work/list",
            json!({"keyword": "WO-1999", "pageSize": 20}),
        ),
        (
            "list overdue",
            "/api/work/list",
            json!({"overdue": true, "pageSize": 20}),
        ),
        (
            "list state + type + assignee + range",
            "/api/work/list",
            json!({"states": [100, 101], "typeId": -1, "assigneeId": t.a.member_id,
                   "from": (today - Days::days(90)).to_string(), "to": today.to_string(), "pageSize": 20}),
        ),
        ("detail (info)", "/api/work/info", json!({"id": order})),
        (
            "timeline (up_log)",
            "/api/work/up_log",
            json!({"orderId": order}),
        ),
        (
            "detail + tasks (task_list)",
            "/api/work/task_list",
            json!({"orderId": order}),
        ),
        ("statistics, a year", "/api/work/statistics", year.clone()),
        ("statistics, 30 days", "/api/work/statistics", json!({})),
        (
            "details_list state 101, a year",
            "/api/work/details_list",
            json!({"dimension": "state", "value": 101, "from": year["from"], "to": year["to"], "pageSize": 20}),
        ),
        (
            "details_list overdue, a year",
            "/api/work/details_list",
            json!({"dimension": "overdue", "from": year["from"], "to": year["to"], "pageSize": 20}),
        ),
        (
            "dynamic_analysis by month, a year",
            "/api/work/dynamic_analysis",
            json!({"from": year["from"], "to": year["to"], "unit": "month"}),
        ),
        (
            "dynamic_analysis by day, a year",
            "/api/work/dynamic_analysis",
            json!({"from": year["from"], "to": year["to"], "unit": "day"}),
        ),
        (
            "state_list (orders per state)",
            "/api/work/state_list",
            json!({}),
        ),
    ];
    for (name, path, body) in runs {
        measure_call(&app, name, path, &body, &admin, ROUNDS).await;
    }
}
