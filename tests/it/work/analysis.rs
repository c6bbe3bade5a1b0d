//! Form options and statistics of work orders.

use super::{fleet, open};
use wheelend_tests::tenants::rows;
use wheelend_tests::{json, spawn_app};

#[tokio::test]
async fn options_statistics_details_and_dynamics() {
    let app = spawn_app().await;
    let f = fleet(&app).await;
    let (a, b) = (&f.t.a, &f.t.b);
    let options = app.api_work_option(&json!({}), Some(&a.member)).await.ok();
    assert_eq!(options["types"].as_array().unwrap().len(), 6);
    assert_eq!(options["categories"][0]["value"], 0);
    assert_eq!(options["grades"][3]["en"], "severe");
    assert_eq!(options["priorities"][3]["en"], "urgent");
    assert_eq!(options["states"][4]["value"], 104);
    app.api_work_option(&json!({"entId": b.root}), Some(&a.member))
        .await
        .code(7);

    // Three orders: one resolved with a cost, one overdue, one cancelled.
    let o1 = open(&app, &a.member, f.a1, Some(f.tech_id)).await["id"]
        .as_i64()
        .unwrap();
    app.api_work_immediately(&json!({"id": o1}), Some(&f.tech))
        .await
        .ok();
    app.api_work_maintain(&json!({"id": o1, "lines": [{"kind": "labour", "name": "Fitting", "hours": 2, "unitPrice": 50}]}), Some(&f.tech))
        .await
        .ok();
    app.api_work_set_state(&json!({"id": o1, "state": 102}), Some(&f.tech))
        .await
        .ok();
    let o2 = app
        .api_work_save(&json!({"typeId": -2, "title": "Service", "grade": 3, "dueAt": "2020-01-01T00:00:00Z", "vehicles": [{"vehicleId": f.a2}]}), Some(&a.member))
        .await
        .ok()["id"]
        .as_i64()
        .unwrap();
    let o3 = open(&app, &a.member, f.a1, None).await["id"]
        .as_i64()
        .unwrap();
    app.api_work_set_state(&json!({"id": o3, "state": 103}), Some(&a.member))
        .await
        .ok();
    open(&app, &b.member, f.b1, None).await;

    let stats = app
        .api_work_statistics(&json!({}), Some(&a.member))
        .await
        .ok();
    assert_eq!(stats["total"], 3);
    let cell = |dim: &str, key: i64| {
        stats[dim]
            .as_array()
            .unwrap()
            .iter()
            .find(|c| c["key"] == key)
            .map(|c| c["count"].clone())
    };
    assert_eq!(cell("byState", 102), Some(json!(1)));
    assert_eq!(cell("byState", 103), Some(json!(1)));
    assert_eq!(cell("byType", -2), Some(json!(1)));
    assert_eq!(cell("byGrade", 3), Some(json!(1)));
    assert_eq!(cell("byAssignee", f.tech_id), Some(json!(1)));
    assert_eq!(cell("byAssignee", 0), Some(json!(2)));
    assert_eq!(stats["overdue"], 1);
    assert!(stats["meanFirstResponseSecs"].as_f64().unwrap() >= 0.0);
    assert!(stats["meanResolutionSecs"].as_f64().unwrap() >= 0.0);

    let details = |body: serde_json::Value| {
        let app = &app;
        let token = a.member.clone();
        async move { app.api_work_details_list(&body, Some(&token)).await }
    };
    let over = details(json!({"dimension": "overdue"})).await.ok();
    assert_eq!(rows(&over)[0]["id"], o2);
    assert_eq!(rows(&over)[0]["overdue"], true);
    assert_eq!(
        details(json!({"dimension": "state", "value": 102}))
            .await
            .ok()["total"],
        1
    );
    assert_eq!(
        details(json!({"dimension": "assignee", "value": 0, "pageSize": 1}))
            .await
            .ok()["total"],
        2
    );
    assert!(
        details(json!({"dimension": "colour"}))
            .await
            .code(7)
            .contains("dimension")
    );
    assert!(
        details(json!({"dimension": "state", "from": "2026-13-01"}))
            .await
            .code(7)
            .contains("from")
    );
    assert!(
        details(json!({"dimension": "state", "from": "2026-02-01", "to": "2026-01-01"}))
            .await
            .code(7)
            .contains("from")
    );

    let dynamics = app
        .api_work_dynamic_analysis(&json!({"unit": "month"}), Some(&a.member))
        .await
        .ok();
    let periods = dynamics["periods"].as_array().unwrap();
    assert!(!periods.is_empty() && periods.len() <= 2);
    let opened: i64 = periods.iter().map(|p| p["opened"].as_i64().unwrap()).sum();
    let resolved: i64 = periods
        .iter()
        .map(|p| p["resolved"].as_i64().unwrap())
        .sum();
    assert_eq!((opened, resolved), (3, 1));
    assert_eq!(dynamics["costByVehicle"][0]["vehicleId"], f.a1);
    assert_eq!(dynamics["costByVehicle"][0]["cost"], 100.0);
    let days = app
        .api_work_dynamic_analysis(
            &json!({"from": "2026-01-01", "to": "2026-01-31"}),
            Some(&a.member),
        )
        .await
        .ok();
    assert_eq!(days["periods"].as_array().unwrap().len(), 31);
    app.api_work_dynamic_analysis(&json!({"unit": "week"}), Some(&a.member))
        .await
        .code(7);
    assert_eq!(
        app.api_work_statistics(&json!({}), Some(&b.member))
            .await
            .ok()["total"],
        1
    );
}

/// The durations the statistics average are taken when they end, from the opening time:
/// an order opened two hours before its first response and four before its resolution
/// averages those; reopening forgets the resolution, and closing a resolved order keeps it.
#[tokio::test]
async fn statistics_average_the_stored_durations() {
    use sea_orm::ConnectionTrait;
    let app = spawn_app().await;
    let f = fleet(&app).await;
    let a = &f.t.a;
    let id = open(&app, &a.member, f.a1, Some(f.tech_id)).await["id"]
        .as_i64()
        .unwrap();
    let backdate = |hours: i64| {
        let opened = chrono::Utc::now() - chrono::Duration::hours(hours);
        let sql = format!(
            "UPDATE work_orders SET created_at = '{}' WHERE id = {id}",
            opened.to_rfc3339()
        );
        let db = &app.state.db;
        async move { db.execute_unprepared(&sql).await.unwrap() }
    };
    let stats = || async {
        app.api_work_statistics(&json!({"from": "2020-01-01"}), Some(&a.member))
            .await
            .ok()
    };
    let near = |v: &serde_json::Value, secs: f64| {
        let got = v.as_f64().unwrap_or(f64::NAN);
        assert!((got - secs).abs() < 60.0, "{got} s, not about {secs} s");
    };

    backdate(2).await;
    app.api_work_immediately(&json!({"id": id}), Some(&f.tech))
        .await
        .ok();
    let s = stats().await;
    near(&s["meanFirstResponseSecs"], 7200.0);
    assert!(s["meanResolutionSecs"].is_null());

    backdate(4).await;
    app.api_work_set_state(&json!({"id": id, "state": 102}), Some(&f.tech))
        .await
        .ok();
    let s = stats().await;
    near(&s["meanFirstResponseSecs"], 7200.0);
    near(&s["meanResolutionSecs"], 14_400.0);

    app.api_work_set_state(&json!({"id": id, "state": 101}), Some(&a.member))
        .await
        .ok();
    assert!(stats().await["meanResolutionSecs"].is_null());

    backdate(6).await;
    app.api_work_set_state(&json!({"id": id, "state": 102}), Some(&f.tech))
        .await
        .ok();
    backdate(8).await;
    app.api_work_set_state(&json!({"id": id, "state": 104}), Some(&a.member))
        .await
        .ok();
    // Closed after its resolution: the resolution (6 h after opening) stands.
    near(&stats().await["meanResolutionSecs"], 21_600.0);
}
