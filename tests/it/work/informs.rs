//! Notice plans: their checks, copies, and the pass that opens one order per vehicle per due
//! run (schedule and mileage), twice the same pass opening nothing more; events.

use chrono::{Duration, NaiveDate, Utc};
use domain::work::informs::run_due;
use entities::daily_mileage;
use sea_orm::{EntityTrait, Set};

use super::fleet;
use wheelend_tests::tenants::rows;
use wheelend_tests::{TestApp, json, spawn_app};

async fn drive(app: &TestApp, vehicle: i64, day: u32, km: f64) {
    daily_mileage::Entity::insert(daily_mileage::ActiveModel {
        vehicle_id: Set(vehicle),
        day: Set(NaiveDate::from_ymd_opt(2026, 1, day).unwrap()),
        km: Set(km),
        driving_seconds: Set(3600),
        ..Default::default()
    })
    .exec(&app.state.db)
    .await
    .unwrap();
}

#[tokio::test]
async fn a_schedule_plan_opens_one_order_per_vehicle_per_run() {
    let app = spawn_app().await;
    let f = fleet(&app).await;
    let a = &f.t.a;
    let a3 = wheelend_tests::tenants::add_vehicle(&app, &a.admin, a.root, "ZZA-W3").await;
    let today = Utc::now().date_naive().format("%Y-%m-%d").to_string();
    let plan = json!({"name": "ZZA daily check", "typeId": -4, "title": "Daily tyre check",
        "vehicleIds": [f.a1, a3], "assigneeId": f.tech_id, "dueHours": 48,
        "trigger": {"kind": "schedule", "every": 1, "unit": "day", "startOn": today, "at": "00:00"}});
    let with = |field: &str, value: serde_json::Value| {
        let mut p = plan.clone();
        p[field] = value;
        p
    };
    for (body, field) in [
        (
            with(
                "trigger",
                json!({"kind": "schedule", "every": 0, "unit": "day", "startOn": today}),
            ),
            "trigger.every",
        ),
        (
            with(
                "trigger",
                json!({"kind": "schedule", "every": 1, "unit": "fortnight", "startOn": today}),
            ),
            "trigger.unit",
        ),
        (
            with(
                "trigger",
                json!({"kind": "schedule", "every": 1, "unit": "day", "startOn": today, "at": "25:00"}),
            ),
            "trigger.at",
        ),
        (
            with("trigger", json!({"kind": "mileage"})),
            "trigger.everyKm",
        ),
        (with("trigger", json!({"kind": "weather"})), "trigger.kind"),
        (with("vehicleIds", json!([f.a1, f.b1])), "vehicleIds"),
        (with("vehicleIds", json!([f.a1, f.a2])), "vehicleIds"),
        (with("vehicleIds", json!([])), "vehicleIds"),
        (with("typeId", json!(-99)), "typeId"),
        (with("leadDays", json!(400)), "leadDays"),
    ] {
        let msg = app
            .api_work_update_inform(&body, Some(&a.admin))
            .await
            .code(7);
        assert!(msg.contains(field), "{field}: {msg}");
    }
    let none = app
        .api_work_inform_list(&json!({}), Some(&a.admin))
        .await
        .ok();
    assert_eq!(none["total"], 0, "nothing half-written");

    let saved = app.api_work_update_inform(&plan, Some(&a.admin)).await.ok();
    let id = saved["id"].as_i64().unwrap();
    let tomorrow = (Utc::now().date_naive() + Duration::days(1))
        .and_hms_opt(0, 0, 0)
        .unwrap()
        .and_utc();
    assert_eq!(
        saved["nextRunAt"],
        tomorrow.to_rfc3339_opts(chrono::SecondsFormat::Secs, true)
    );
    assert_eq!(saved["trigger"]["at"], "00:00");
    assert_eq!(
        saved["plates"].as_array().map(Vec::len),
        saved["vehicleIds"].as_array().map(Vec::len),
        "a plate per vehicle: {saved}"
    );
    assert!(
        saved["plates"][0]
            .as_str()
            .is_some_and(|p| p.starts_with("ZZA")),
        "{saved}"
    );

    let db = &app.state.db;
    let nothing = run_due(db, Utc::now()).await.unwrap();
    assert_eq!(nothing.orders_opened, 0, "not due before its run");
    let at = tomorrow + Duration::minutes(1);
    let first = run_due(db, at).await.unwrap();
    assert_eq!((first.runs, first.orders_opened), (1, 2));
    let again = run_due(db, at).await.unwrap();
    assert_eq!(again.orders_opened, 0, "a run opens its orders once");
    let (x, y) = tokio::join!(run_due(db, at), run_due(db, at));
    assert_eq!(x.unwrap().orders_opened + y.unwrap().orders_opened, 0);

    let orders = app
        .api_work_list(&json!({"typeId": -4}), Some(&a.admin))
        .await
        .ok();
    assert_eq!(orders["total"], 2);
    let o = &rows(&orders)[0];
    assert_eq!(o["title"], "Daily tyre check");
    assert_eq!(o["assigneeId"], f.tech_id);
    assert!(o["dueAt"].is_string());
    let listed = app
        .api_work_inform_list(&json!({"keyword": "daily"}), Some(&a.member))
        .await
        .ok();
    let row = &rows(&listed)[0];
    assert_eq!(row["ordersOpened"], 2);
    assert!(row["lastRunAt"].is_string());
    assert_eq!(
        row["nextRunAt"],
        (tomorrow + Duration::days(1)).to_rfc3339_opts(chrono::SecondsFormat::Secs, true)
    );
    let events = app
        .api_work_event_list(&json!({"informId": id}), Some(&a.member))
        .await
        .ok();
    let kinds: Vec<i64> = rows(&events)
        .iter()
        .map(|e| e["kind"].as_i64().unwrap())
        .collect();
    assert_eq!(kinds.iter().filter(|k| **k == 1).count(), 1, "{events}");
    assert_eq!(kinds.iter().filter(|k| **k == 2).count(), 2, "{events}");
    let b_events = app
        .api_work_event_list(&json!({}), Some(&f.t.b.admin))
        .await
        .ok();
    assert_eq!(b_events["total"], 0);

    // Lead days open the next run's orders ahead of it.
    app.api_work_update_inform(&json!({"id": id, "leadDays": 1}), Some(&a.admin))
        .await
        .ok();
    let ahead = run_due(db, at + Duration::hours(1)).await.unwrap();
    assert_eq!(ahead.orders_opened, 2);

    let copy = app
        .api_work_copy_inform(&json!({"id": id}), Some(&a.admin))
        .await
        .ok();
    assert_eq!(copy["enabled"], false);
    assert_eq!(copy["ordersOpened"], 0);
    assert!(copy["name"].as_str().unwrap().contains("ZZA daily check"));
    let later = run_due(db, at + Duration::days(3)).await.unwrap();
    assert_eq!(later.runs, 1, "the disabled copy does not run");
    app.api_work_copy_inform(&json!({"id": id}), Some(&f.t.b.admin))
        .await
        .code(7);
    app.api_work_update_inform(&json!({"id": copy["id"], "delete": true}), Some(&a.admin))
        .await
        .ok();
    let left = app
        .api_work_inform_list(&json!({}), Some(&a.admin))
        .await
        .ok();
    assert_eq!(left["total"], 1);
}

#[tokio::test]
async fn a_mileage_plan_opens_an_order_each_time_the_distance_passes_a_multiple() {
    let app = spawn_app().await;
    let f = fleet(&app).await;
    let a = &f.t.a;
    let project = app
        .api_work_project_save(&json!({"name": "ZZA service"}), Some(&a.admin))
        .await
        .ok();
    let plan = app
        .api_work_update_inform(
            &json!({"name": "ZZA 10k service", "typeId": -2, "vehicleIds": [f.a1],
                    "projectId": project["id"],
                    "trigger": {"kind": "mileage", "everyKm": 10000}}),
            Some(&a.admin),
        )
        .await
        .ok();
    assert!(plan["nextRunAt"].is_null());
    let plans = app
        .api_work_project_inform(&json!({"projectId": project["id"]}), Some(&a.member))
        .await
        .ok();
    assert_eq!(plans[0]["id"], plan["id"]);
    let db = &app.state.db;
    let now = Utc::now();
    // The server's own pass may run meanwhile: count the orders, not what each pass says.
    let opened = || async {
        app.api_work_list(&json!({"typeId": -2}), Some(&a.admin))
            .await
            .ok()["total"]
            .as_i64()
            .unwrap()
    };
    run_due(db, now).await.unwrap();
    assert_eq!(opened().await, 0, "no distance yet");
    drive(&app, f.a1, 1, 9500.0).await;
    run_due(db, now).await.unwrap();
    assert_eq!(opened().await, 0);
    drive(&app, f.a1, 2, 800.0).await;
    run_due(db, now).await.unwrap();
    assert_eq!(opened().await, 1, "10 000 km passed");
    run_due(db, now).await.unwrap();
    assert_eq!(opened().await, 1, "once");
    drive(&app, f.a1, 3, 9800.0).await;
    run_due(db, now).await.unwrap();
    assert_eq!(opened().await, 2, "20 000 km passed");
    let orders = app
        .api_work_list(&json!({"projectId": project["id"]}), Some(&a.admin))
        .await
        .ok();
    assert_eq!(
        orders["total"], 2,
        "plan orders are filed under its project"
    );
}

#[tokio::test]
async fn an_overdue_order_is_reported_once() {
    let app = spawn_app().await;
    let f = fleet(&app).await;
    let a = &f.t.a;
    let order = app
        .api_work_save(
            &json!({"typeId": -1, "title": "Late", "vehicles": [{"vehicleId": f.a1}],
                    "dueAt": (Utc::now() - Duration::hours(1)).to_rfc3339()}),
            Some(&a.admin),
        )
        .await
        .ok();
    let db = &app.state.db;
    run_due(db, Utc::now()).await.unwrap();
    run_due(db, Utc::now()).await.unwrap();
    let events = app
        .api_work_event_list(&json!({"kind": 5}), Some(&a.admin))
        .await
        .ok();
    assert_eq!(events["total"], 1, "{events}");
    assert_eq!(rows(&events)[0]["orderId"], order["id"]);
    assert_eq!(rows(&events)[0]["orderNumber"], order["number"]);
    app.api_work_event_list(&json!({"kind": 9}), Some(&a.admin))
        .await
        .code(7);
}
