//! The reads that stay fast on large fleets: the list's bounded total (counted at most 10,000
//! past the page) and the statistics and trend, compared with a recomputation from the orders.
//! Orders are written straight to the database here: thousands of them, and opened, resolved
//! and closed on chosen days.

use std::collections::BTreeMap;

use chrono::{DateTime, Duration, NaiveDate, Utc};
use entities::work_order;
use sea_orm::{EntityTrait, Set};
use serde_json::Value;

use super::fleet;
use wheelend_tests::tenants::rows;
use wheelend_tests::{TestApp, json, spawn_app};

/// An order of `ent` opened at `opened`, in `state`, as the order service stores it.
fn order(ent: i64, n: usize, opened: DateTime<Utc>, state: i16) -> work_order::ActiveModel {
    work_order::ActiveModel {
        enterprise_id: Set(ent),
        number: Set(format!("WO-T-{n:05}")),
        type_id: Set(-1),
        state: Set(state),
        title: Set(format!("Order {n}")),
        description: Set(String::new()),
        requester_id: Set(0),
        declaration: Set(String::new()),
        snapshot: Set(String::new()),
        repair: Set(String::new()),
        labels: Set("[]".into()),
        fields: Set("{}".into()),
        created_at: Set(opened),
        updated_at: Set(opened),
        discussed_at: Set(opened),
        ..Default::default()
    }
}

async fn insert(app: &TestApp, orders: Vec<work_order::ActiveModel>) {
    for chunk in orders.chunks(500) {
        work_order::Entity::insert_many(chunk.to_vec())
            .exec_without_returning(&app.state.db)
            .await
            .expect("orders");
    }
}

#[tokio::test]
async fn the_list_total_stops_counting_ten_thousand_past_the_page() {
    let app = spawn_app().await;
    let f = fleet(&app).await;
    let a = &f.t.a;
    let now = Utc::now();
    // 10,005 orders opened over the last hours; every tenth in progress.
    let orders = (0..10_005)
        .map(|n| {
            let state = if n % 10 == 0 { 101 } else { 100 };
            order(
                a.root,
                n,
                now - Duration::seconds(i64::try_from(n).unwrap()),
                state,
            )
        })
        .collect();
    insert(&app, orders).await;
    let list = |body: Value| {
        let (app, token) = (&app, a.admin.clone());
        async move { app.api_work_list(&body, Some(&token)).await.ok() }
    };

    let first = list(json!({"pageSize": 20})).await;
    assert_eq!(
        (&first["total"], &first["totalCapped"]),
        (&json!(10_000), &json!(true)),
        "counting stops at 10,000 past page 1"
    );
    assert_eq!(rows(&first).len(), 20);
    // The last page inside the bound counts on to the next bound: the whole list.
    let deep = list(json!({"page": 500, "pageSize": 20})).await;
    assert_eq!(
        (&deep["total"], &deep["totalCapped"]),
        (&json!(10_005), &json!(false))
    );
    // An export pages on while the total lies past its page, and finds the end.
    let mut exported = 0;
    for page in 1.. {
        let answer = list(json!({"page": page, "pageSize": 500})).await;
        exported += rows(&answer).len();
        if page * 500 >= answer["total"].as_u64().unwrap() {
            break;
        }
    }
    assert_eq!(exported, 10_005);
    // Filters narrowing the list below the bound count exactly.
    let started = list(json!({"state": 101, "pageSize": 20})).await;
    assert_eq!(
        (&started["total"], &started["totalCapped"]),
        (&json!(1_001), &json!(false))
    );
    assert_eq!(list(json!({"keyword": "Order 10004"})).await["total"], 1);
    // The statistics' cells page the same way; the scope still decides.
    let cell = app
        .api_work_details_list(
            &json!({"dimension": "assignee", "value": 0, "pageSize": 20}),
            Some(&a.admin),
        )
        .await
        .ok();
    assert_eq!(
        (&cell["total"], &cell["totalCapped"]),
        (&json!(10_000), &json!(true))
    );
    let other = app.api_work_list(&json!({}), Some(&f.t.b.admin)).await.ok();
    assert_eq!(
        (&other["total"], &other["totalCapped"]),
        (&json!(0), &json!(false))
    );
}

/// One order of the recomputation: what the trend and the statistics read.
struct Opened {
    ent: i64,
    vehicle: i64,
    opened: DateTime<Utc>,
    state: i16,
    resolved: Option<DateTime<Utc>>,
    due: Option<DateTime<Utc>>,
    resolution_secs: Option<i64>,
    cost: f64,
}

/// Orders opened on 430 days before now, on both of tree A's vehicles (top enterprise and
/// branch) and on tree B's: every state, resolutions a few days later (some past the ranges
/// asked below), due times long past or far ahead, costs that differ per vehicle-month.
fn history(f: &super::Fleet, now: DateTime<Utc>) -> Vec<Opened> {
    let (a, b) = (&f.t.a, &f.t.b);
    (0..860_i64)
        .map(|n| {
            let (ent, vehicle) = match n % 5 {
                0 => (b.root, f.b1),
                1 | 2 => (a.child, f.a2),
                _ => (a.root, f.a1),
            };
            let opened = now - Duration::hours(n * 12 + 5);
            let state = [100, 101, 102, 103, 104, 104, 102][usize::try_from(n % 7).unwrap()];
            let resolved = matches!(state, 102 | 104).then(|| opened + Duration::hours(n % 90));
            Opened {
                ent,
                vehicle,
                opened,
                state,
                resolved,
                due: (n % 3 != 0)
                    .then(|| opened + Duration::hours(if n % 2 == 0 { 30 } else { 60 })),
                resolution_secs: resolved.map(|r| (r - opened).num_seconds()),
                // quarters: sums are exact in any order
                cost: f64::from(u32::try_from(n % 41).unwrap()) * 10.25,
            }
        })
        .collect()
}

/// Costliest first, then by month and vehicle (the answer's order, ties settled).
fn cost_order(a: &Value, b: &Value) -> std::cmp::Ordering {
    let key = |c: &Value| {
        (
            c["month"].as_str().unwrap_or("").to_owned(),
            c["vehicleId"].as_i64(),
        )
    };
    b["cost"]
        .as_f64()
        .unwrap()
        .total_cmp(&a["cost"].as_f64().unwrap())
        .then_with(|| key(a).cmp(&key(b)))
}

/// The trend of `orders` seen by `ents` over the days `from..=to` per `unit`, as
/// `dynamic_analysis` answers it, computed here order by order.
fn trend(orders: &[Opened], ents: &[i64], from: NaiveDate, to: NaiveDate, unit: &str) -> Value {
    let label = |t: DateTime<Utc>| {
        let day = t.date_naive().to_string();
        if unit == "day" {
            day
        } else {
            day[..7].to_owned()
        }
    };
    let mut periods: Vec<String> = Vec::new();
    for day in from.iter_days().take_while(|d| *d <= to) {
        let p = label(day.and_hms_opt(0, 0, 0).unwrap().and_utc());
        if periods.last() != Some(&p) {
            periods.push(p);
        }
    }
    let seen: Vec<&Opened> = orders
        .iter()
        .filter(|o| ents.contains(&o.ent))
        .filter(|o| (from..=to).contains(&o.opened.date_naive()))
        .collect();
    let counted = |p: &String, of: &dyn Fn(&Opened) -> Option<DateTime<Utc>>| {
        seen.iter()
            .filter(|o| of(o).map(label).as_ref() == Some(p))
            .count()
    };
    let resolved_of = |o: &Opened| o.resolved.filter(|_| matches!(o.state, 102 | 104));
    let mut costs: BTreeMap<(i64, String), (f64, u64)> = BTreeMap::new();
    for o in &seen {
        let cell = costs
            .entry((o.vehicle, o.opened.date_naive().to_string()[..7].to_owned()))
            .or_default();
        cell.0 += o.cost;
        cell.1 += 1;
    }
    let mut costs: Vec<Value> = costs
        .iter()
        .map(|((vehicle, month), (cost, orders))| {
            json!({"vehicleId": vehicle, "month": month, "cost": cost, "orders": orders})
        })
        .collect();
    costs.sort_by(cost_order);
    json!({
        "periods": periods.iter().map(|p| json!({
            "period": p,
            "opened": counted(p, &|o| Some(o.opened)),
            "resolved": counted(p, &resolved_of),
        })).collect::<Vec<_>>(),
        "costByVehicle": costs,
    })
}

#[tokio::test]
async fn statistics_and_trend_equal_a_recomputation_from_the_orders() {
    let app = spawn_app().await;
    let f = fleet(&app).await;
    let a = &f.t.a;
    let now = Utc::now();
    let orders = history(&f, now);
    insert(
        &app,
        orders
            .iter()
            .enumerate()
            .map(|(n, o)| {
                let mut row = order(o.ent, n, o.opened, o.state);
                row.vehicle_id = Set(Some(o.vehicle));
                row.resolved_at = Set(o.resolved);
                row.closed_at = Set(o
                    .resolved
                    .filter(|_| o.state == 104)
                    .map(|r| r + Duration::hours(1)));
                row.due_at = Set(o.due);
                row.resolution_secs = Set(o.resolution_secs);
                row.cost = Set(o.cost);
                row
            })
            .collect(),
    )
    .await;
    let ents = [a.root, a.child];
    let today = now.date_naive();
    for (from, to, unit) in [
        // mid-month to today: a partial first month; orders resolved after today are left out
        (today - Duration::days(200), today, "month"),
        (today - Duration::days(40), today - Duration::days(5), "day"),
        (
            today - Duration::days(364),
            today - Duration::days(30),
            "month",
        ),
    ] {
        let mut answer = app
            .api_work_dynamic_analysis(
                &json!({"from": from.to_string(), "to": to.to_string(), "unit": unit}),
                Some(&a.admin),
            )
            .await
            .ok();
        let costs = answer["costByVehicle"].as_array_mut().unwrap();
        let dearest: Vec<f64> = costs.iter().map(|c| c["cost"].as_f64().unwrap()).collect();
        assert!(dearest.is_sorted_by(|a, b| a >= b), "costliest first");
        for c in costs.iter_mut() {
            c.as_object_mut().unwrap().remove("plate");
        }
        costs.sort_by(cost_order);
        assert_eq!(
            answer,
            trend(&orders, &ents, from, to, unit),
            "{unit} from {from} to {to}"
        );
    }

    let (from, to) = (today - Duration::days(300), today - Duration::days(2));
    let stats = app
        .api_work_statistics(
            &json!({"from": from.to_string(), "to": to.to_string()}),
            Some(&a.admin),
        )
        .await
        .ok();
    let seen: Vec<&Opened> = orders
        .iter()
        .filter(|o| ents.contains(&o.ent) && (from..=to).contains(&o.opened.date_naive()))
        .collect();
    let finished = |o: &&&Opened| matches!(o.state, 102 | 104);
    let open = |o: &&&Opened| matches!(o.state, 100 | 101);
    let overdue = seen
        .iter()
        .filter(|o| match o.due {
            Some(due) if open(o) => due < now,
            Some(due) if finished(o) => o.resolved.is_some_and(|r| r > due),
            _ => false,
        })
        .count();
    let on_time = seen
        .iter()
        .filter(|o| match o.due {
            Some(due) if open(o) => due >= now,
            Some(due) if finished(o) => o.resolved.is_some_and(|r| r <= due),
            _ => false,
        })
        .count();
    let durations: Vec<i64> = seen
        .iter()
        .filter(finished)
        .filter_map(|o| o.resolution_secs)
        .collect();
    #[allow(clippy::cast_precision_loss)]
    let mean = (durations.iter().sum::<i64>() as f64 / durations.len() as f64).round();
    assert_eq!(stats["total"], seen.len());
    assert_eq!(
        (&stats["overdue"], &stats["onTime"]),
        (&json!(overdue), &json!(on_time))
    );
    assert!(overdue > 0 && on_time > 0, "both kinds are in the data");
    assert_eq!(stats["meanResolutionSecs"], mean);
    for state in [100, 101, 102, 103, 104] {
        let cell = stats["byState"]
            .as_array()
            .unwrap()
            .iter()
            .find(|c| c["key"] == state);
        let n = seen.iter().filter(|o| o.state == state).count();
        assert_eq!(
            cell.map_or(0, |c| c["count"].as_u64().unwrap()),
            u64::try_from(n).unwrap()
        );
    }
}
