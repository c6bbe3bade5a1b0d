//! The map feed and the state counters.

use super::{create_id, path, report};
use serde_json::Value;
use wheelend_tests::tenants::{self, mentions};
use wheelend_tests::{json, spawn_app};

#[tokio::test]
async fn the_map_feed_uses_short_keys_and_counts_states() {
    let app = spawn_app().await;
    let t = tenants::two_trees(&app).await;
    let moving = create_id(
        &app,
        &t.a.admin,
        json!({"plate": "ZZA-1", "installState": 1}),
    )
    .await;
    let alarming = create_id(
        &app,
        &t.a.admin,
        json!({"plate": "ZZA-2", "installState": 1}),
    )
    .await;
    let silent = create_id(
        &app,
        &t.a.admin,
        json!({"plate": "ZZA-3", "entId": t.a.child}),
    )
    .await;
    let trailer = create_id(
        &app,
        &t.a.admin,
        json!({"plate": "ZZA-T", "kind": 1, "axleLayout": "4,4"}),
    )
    .await;
    create_id(&app, &t.b.admin, json!({"plate": "ZZB-1"})).await;
    report(&app, moving, 62.5, false).await;
    report(&app, alarming, 0.0, true).await;
    app.post(
        &path("trailerChange"),
        &json!({"carId": moving, "trailerId": trailer}),
        Some(&t.a.admin),
    )
    .await
    .ok();
    app.post(
        &path("attention"),
        &json!({"carId": alarming, "attention": true}),
        Some(&t.a.member),
    )
    .await
    .ok();

    let feed = app
        .post(&path("watchList4"), &json!({}), Some(&t.a.member))
        .await
        .ok();
    assert_eq!(feed["total"], 4);
    let list = feed["deviceList"].as_array().unwrap();
    let by_id = |id: i64| list.iter().find(|e| e["i"] == id).cloned().unwrap();
    let m = by_id(moving);
    assert_eq!(m["p"], "ZZA-1");
    assert_eq!(m["tp"], "ZZA-T");
    assert_eq!(m["ti"], trailer);
    assert_eq!(m["gp"]["s"], 62.5);
    assert_eq!(m["gp"]["la"], 31.230_416);
    assert!(m.get("o").is_none(), "online: no offline key");
    assert!(m.get("a").is_none() && m.get("ni").is_none() && m.get("at").is_none());
    let a = by_id(alarming);
    assert_eq!(a["a"], 1);
    assert_eq!(
        feed["followed"],
        json!([alarming]),
        "follows travel beside the entries"
    );
    assert_eq!(a["ta"], json!({"lp": 1}));
    let s = by_id(silent);
    assert_eq!(s["o"], 1);
    assert_eq!(s["ni"], 1);
    assert_eq!(s["e"], t.a.child);
    assert!(s.get("gp").is_none());
    assert!(!mentions(&feed.to_string(), "ZZB"));

    // The map subset.
    let small = app
        .post(
            &path("watchList4"),
            &json!({"data_volume": 1}),
            Some(&t.a.member),
        )
        .await
        .ok();
    let m = small["deviceList"]
        .as_array()
        .unwrap()
        .iter()
        .find(|e| e["i"] == moving)
        .cloned()
        .unwrap();
    assert!(m.get("tp").is_none() && m.get("cr").is_none(), "{m}");
    assert!(m.get("gp").is_some());
    // One enterprise only; a foreign one is refused.
    let child = app
        .post(
            &path("watchList4"),
            &json!({"entId": t.a.child}),
            Some(&t.a.member),
        )
        .await
        .ok();
    assert_eq!(child["total"], 1);
    app.post(
        &path("watchList4"),
        &json!({"entId": t.b.root}),
        Some(&t.a.member),
    )
    .await
    .code(7);
    app.post(
        &path("watchList4"),
        &json!({"data_volume": 3}),
        Some(&t.a.member),
    )
    .await
    .code(7);

    let stats = app
        .post(&path("statistics"), &json!({}), Some(&t.a.member))
        .await
        .ok();
    assert_eq!(
        stats,
        json!({"all": 4, "alarm": 1, "offline": 2, "online": 2, "driving": 1, "parked": 1,
               "followed": 1, "notInstalled": 2, "closed": 0})
    );

    // The list: filters, sort, paging.
    let list = |body: Value| {
        let app = &app;
        let token = t.a.member.clone();
        async move { app.post(&path("list"), &body, Some(&token)).await.ok() }
    };
    let all = list(json!({"sort": "plate", "order": "asc"})).await;
    assert_eq!(all["total"], 4);
    let plates: Vec<&str> = all["list"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["plate"].as_str().unwrap())
        .collect();
    assert_eq!(plates, ["ZZA-1", "ZZA-2", "ZZA-3", "ZZA-T"]);
    assert_eq!(
        list(json!({"state": "alarm"})).await["list"][0]["carId"],
        alarming
    );
    assert_eq!(list(json!({"state": "driving"})).await["total"], 1);
    assert_eq!(list(json!({"state": "offline"})).await["total"], 2);
    assert_eq!(list(json!({"state": "followed"})).await["total"], 1);
    assert_eq!(list(json!({"state": "notInstalled"})).await["total"], 2);
    assert_eq!(list(json!({"kind": 1})).await["list"][0]["plate"], "ZZA-T");
    assert_eq!(list(json!({"keyword": "a-t"})).await["total"], 1);
    assert_eq!(list(json!({"entId": t.a.child})).await["total"], 1);
    let page2 = list(json!({"page": 2, "pageSize": 3, "sort": "plate", "order": "asc"})).await;
    assert_eq!(page2["list"][0]["plate"], "ZZA-T");
    for bad in [
        json!({"sort": "colour"}),
        json!({"state": "sleeping"}),
        json!({"pageSize": 501}),
    ] {
        app.post(&path("list"), &bad, Some(&t.a.member))
            .await
            .code(7);
    }
    // Unfollow.
    app.post(
        &path("attention"),
        &json!({"carId": alarming, "attention": false}),
        Some(&t.a.member),
    )
    .await
    .ok();
    assert_eq!(list(json!({"state": "followed"})).await["total"], 0);
}

#[tokio::test]
async fn areal_distribution_counts_the_vehicles_in_scope_by_map_cell() {
    let app = spawn_app().await;
    let t = tenants::two_trees(&app).await;
    let [a1, a2, b1] = tenants::add_vehicles(
        &app,
        [
            (&t.a.admin, t.a.root, "ZZA-G1"),
            (&t.a.admin, t.a.child, "ZZA-G2"),
            (&t.b.admin, t.b.root, "ZZB-G1"),
        ],
    )
    .await;
    // All three at the same place (Shanghai); A's second one driving, B's in alarm.
    report(&app, a1, 0.0, false).await;
    report(&app, a2, 40.0, false).await;
    report(&app, b1, 0.0, true).await;
    let cells = app
        .api_data_report_areal_distribution(&json!({}), Some(&t.a.admin))
        .await
        .ok();
    let cells = cells.as_array().unwrap();
    assert_eq!(cells.len(), 1, "{cells:?}");
    let c = &cells[0];
    assert_eq!(
        (c["south"].as_f64(), c["west"].as_f64()),
        (Some(31.0), Some(121.0))
    );
    assert_eq!(
        (
            c["all"].as_i64(),
            c["driving"].as_i64(),
            c["alarm"].as_i64()
        ),
        (Some(2), Some(1), Some(0))
    );
    assert!((c["lat"].as_f64().unwrap() - 31.230_416).abs() < 1e-6);
    // Smaller cells split nothing here; a bad size is refused naming it.
    let fine = app
        .api_data_report_areal_distribution(&json!({"cell": 0.01}), Some(&t.a.admin))
        .await
        .ok();
    assert_eq!(fine[0]["south"].as_f64(), Some(31.23));
    let msg = app
        .api_data_report_areal_distribution(&json!({"cell": 45}), Some(&t.a.admin))
        .await
        .code(7);
    assert!(msg.contains("cell"), "{msg}");
    // Tree B sees its own vehicle only.
    let b = app
        .api_data_report_areal_distribution(&json!({}), Some(&t.b.admin))
        .await
        .ok();
    assert_eq!(b[0]["all"], 1);
    assert_eq!(b[0]["alarm"], 1);
}
