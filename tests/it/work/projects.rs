//! Projects: orders and tasks filed under them, their progress and activity, deletion refused
//! while orders are open; relations between orders; the work plan's calendar; the places and
//! products of the order forms.

use super::{fleet, open};
use wheelend_tests::tenants::rows;
use wheelend_tests::{json, spawn_app};

#[tokio::test]
async fn a_project_gathers_orders_tasks_and_activity_and_is_kept_while_orders_are_open() {
    let app = spawn_app().await;
    let f = fleet(&app).await;
    let a = &f.t.a;
    let msg = app
        .api_work_project_save(
            &json!({"name": "ZZA refit", "startOn": "2026-03-01", "endOn": "2026-02-01"}),
            Some(&a.admin),
        )
        .await
        .code(7);
    assert!(msg.contains("endOn"), "{msg}");
    let msg = app
        .api_work_project_save(&json!({"name": "ZZA refit", "state": 9}), Some(&a.admin))
        .await
        .code(7);
    assert!(msg.contains("state"), "{msg}");
    let listed = app
        .api_work_project_list(&json!({"keyword": "refit"}), Some(&a.admin))
        .await
        .ok();
    assert_eq!(listed["total"], 0, "nothing half-written");

    let project = app
        .api_work_project_save(
            &json!({"name": "ZZA refit", "code": "R-1", "description": "new valves",
                    "managerId": f.tech_id, "startOn": "2026-01-01", "endOn": "2026-03-01"}),
            Some(&a.admin),
        )
        .await
        .ok();
    let pid = project["id"].as_i64().unwrap();
    assert_eq!(project["state"], 2, "active by default");
    assert_eq!(project["managerName"], "zza_tech");
    assert_eq!(project["progress"], 0);

    let mut body = json!({"typeId": -1, "title": "Valve A", "projectId": pid,
                          "vehicles": [{"vehicleId": f.a1, "positions": ["1-1"]}],
                          "assigneeId": f.tech_id});
    let o1 = app.api_work_save(&body, Some(&a.admin)).await.ok();
    assert_eq!(o1["projectId"], pid);
    body["title"] = json!("Valve B");
    let o2 = app.api_work_save(&body, Some(&a.admin)).await.ok();
    let (id1, id2) = (o1["id"].as_i64().unwrap(), o2["id"].as_i64().unwrap());
    let other = open(&app, &a.admin, f.a2, None).await;
    let filed = app
        .api_work_list(&json!({"projectId": pid}), Some(&a.admin))
        .await
        .ok();
    assert_eq!(filed["total"], 2);
    assert!(rows(&filed).iter().all(|o| o["id"] != other["id"]));

    // A project of another enterprise cannot take orders.
    let b_project = app
        .api_work_project_save(&json!({"name": "ZZB refit"}), Some(&f.t.b.admin))
        .await
        .ok();
    let msg = app
        .api_work_save(
            &json!({"id": id1, "title": "Valve A", "projectId": b_project["id"]}),
            Some(&a.admin),
        )
        .await
        .code(7);
    assert!(msg.contains("projectId"), "{msg}");
    for token in [&a.admin, &a.member] {
        let msg = app
            .api_work_project_task(&json!({"projectId": b_project["id"]}), Some(token))
            .await
            .code(7);
        assert!(msg.contains(&b_project["id"].to_string()), "{msg}");
    }

    let task = app
        .api_work_save_task(
            &json!({"orderId": id1, "title": "Fit valve"}),
            Some(&a.admin),
        )
        .await
        .ok();
    app.api_work_update_task(&json!({"id": task["id"], "done": true}), Some(&a.admin))
        .await
        .ok();
    app.api_work_save_log(
        &json!({"orderId": id2, "content": "parts ordered"}),
        Some(&a.admin),
    )
    .await
    .ok();
    app.api_work_set_state(&json!({"id": id1, "state": 101}), Some(&f.tech))
        .await
        .ok();
    app.api_work_set_state(&json!({"id": id1, "state": 102}), Some(&f.tech))
        .await
        .ok();

    let listed = app
        .api_work_project_list(&json!({"managerId": f.tech_id}), Some(&a.member))
        .await
        .ok();
    let row = &rows(&listed)[0];
    let one = app
        .api_work_project_list(&json!({"id": pid}), Some(&a.member))
        .await
        .ok();
    assert_eq!(one["total"], 1, "one project by its id");
    assert_eq!(rows(&one)[0], *row);
    assert_eq!(row["orders"], json!({"open": 1, "total": 2}));
    assert_eq!(row["tasks"], json!({"done": 1, "total": 1}));
    assert_eq!(
        row["progress"], 66,
        "one resolved order and one done task of three"
    );

    let tasks = app
        .api_work_project_task(&json!({"projectId": pid, "done": true}), Some(&a.member))
        .await
        .ok();
    assert_eq!(tasks["total"], 1);
    assert_eq!(rows(&tasks)[0]["orderNumber"], o1["number"]);

    let log = app
        .api_work_project_log(&json!({"projectId": pid, "pageSize": 3}), Some(&a.member))
        .await
        .ok();
    // Created (kind 6), two orders opened, started, resolved (kind 1).
    assert_eq!(log["total"], 5);
    let newest = &rows(&log)[0];
    assert_eq!(
        (newest["kind"].as_i64(), newest["toState"].as_i64()),
        (Some(1), Some(102))
    );
    assert_eq!(newest["orderNumber"], o1["number"]);
    let oldest = app
        .api_work_project_log(
            &json!({"projectId": pid, "page": 2, "pageSize": 3}),
            Some(&a.member),
        )
        .await
        .ok();
    assert_eq!(
        rows(&oldest).last().unwrap()["kind"],
        6,
        "the creation comes last"
    );

    let notes = app
        .api_work_project_work_log(&json!({"projectId": pid}), Some(&a.member))
        .await
        .ok();
    assert_eq!(notes["total"], 1);
    assert_eq!(rows(&notes)[0]["content"], "parts ordered");

    let msg = app
        .api_work_project_save(&json!({"id": pid, "delete": true}), Some(&a.admin))
        .await
        .code(7);
    assert!(msg.contains('1'), "names the count of open orders: {msg}");
    // the enterprise settings delete the same projects, under the same rule
    let msg = app
        .api_tb_project_delete_tb_project(&json!({"ID": pid}), Some(&a.admin))
        .await
        .code(7);
    assert!(
        msg.contains('1'),
        "settings name the open orders too: {msg}"
    );
    app.api_work_set_state(&json!({"id": id2, "state": 103}), Some(&a.admin))
        .await
        .ok();
    app.api_work_project_save(&json!({"id": pid, "delete": true}), Some(&a.admin))
        .await
        .ok();
    let info = app
        .api_work_info(&json!({"id": id1}), Some(&a.admin))
        .await
        .ok();
    assert!(
        info["projectId"].is_null(),
        "orders leave a deleted project"
    );
}

#[tokio::test]
async fn relations_go_both_ways_and_the_calendar_plans_all_or_nothing() {
    let app = spawn_app().await;
    let f = fleet(&app).await;
    let a = &f.t.a;
    let o1 = open(&app, &a.admin, f.a1, Some(f.tech_id)).await;
    let o2 = open(&app, &a.admin, f.a2, None).await;
    let ob = open(&app, &f.t.b.admin, f.b1, None).await;
    let (id1, id2) = (o1["id"].as_i64().unwrap(), o2["id"].as_i64().unwrap());

    let saved = app
        .api_work_save_relevance(
            &json!({"id": id1, "related": [{"id": id2, "relation": 3}]}),
            Some(&a.admin),
        )
        .await
        .ok();
    assert_eq!(saved[0]["id"], id2);
    let back = app
        .api_work_relevance(&json!({"id": id2}), Some(&a.member))
        .await
        .ok();
    assert_eq!(back.as_array().unwrap().len(), 1);
    assert_eq!(
        (back[0]["id"].as_i64(), back[0]["relation"].as_i64()),
        (Some(id1), Some(3))
    );
    assert_eq!(back[0]["outgoing"], false);

    for (related, field) in [
        (json!([{"id": id1}]), "related[0].id"),
        (json!([{"id": ob["id"]}]), "related[0].id"),
        (json!([{"id": id2, "relation": 7}]), "related[0].relation"),
    ] {
        let msg = app
            .api_work_save_relevance(&json!({"id": id1, "related": related}), Some(&a.admin))
            .await
            .code(7);
        assert!(msg.contains(field), "{msg}");
    }
    let kept = app
        .api_work_relevance(&json!({"id": id1}), Some(&a.admin))
        .await
        .ok();
    assert_eq!(kept[0]["relation"], 3, "unchanged after refusals");
    app.api_work_relevance(&json!({"id": ob["id"]}), Some(&a.admin))
        .await
        .code(7);
    // Replacing from the other end drops the relation.
    let none = app
        .api_work_save_relevance(&json!({"id": id2, "related": []}), Some(&a.admin))
        .await
        .ok();
    assert_eq!(none, json!([]));

    let task = app
        .api_work_save_task(
            &json!({"orderId": id1, "title": "Check hub"}),
            Some(&a.admin),
        )
        .await
        .ok();
    let at = "2026-12-01T08:00:00Z";
    let msg = app
        .api_work_save_arrange(
            &json!({"items": [{"kind": "order", "id": id1, "plannedAt": at},
                              {"kind": "shift", "id": id2, "plannedAt": at}]}),
            Some(&a.admin),
        )
        .await
        .code(7);
    assert!(msg.contains("items[1].kind"), "{msg}");
    let msg = app
        .api_work_save_arrange(
            &json!({"items": [{"kind": "order", "id": id1, "plannedAt": at},
                              {"kind": "order", "id": ob["id"], "plannedAt": at}]}),
            Some(&a.admin),
        )
        .await
        .code(7);
    assert!(msg.contains(&ob["id"].to_string()), "{msg}");
    let info = app
        .api_work_info(&json!({"id": id1}), Some(&a.admin))
        .await
        .ok();
    assert!(info["plannedAt"].is_null(), "all or none");

    let items = app
        .api_work_save_arrange(
            &json!({"items": [{"kind": "order", "id": id1, "plannedAt": at},
                              {"kind": "task", "id": task["id"], "plannedAt": at, "assigneeId": f.tech_id}]}),
            Some(&a.admin),
        )
        .await
        .ok();
    assert_eq!(items.as_array().unwrap().len(), 2);
    let info = app
        .api_work_info(&json!({"id": id1}), Some(&a.admin))
        .await
        .ok();
    assert_eq!(info["plannedAt"], at);
    let tasks = app
        .api_work_task_list(&json!({"orderId": id1}), Some(&a.admin))
        .await
        .ok();
    assert_eq!(rows(&tasks)[0]["plannedAt"], at);
    assert_eq!(rows(&tasks)[0]["assigneeId"], f.tech_id);
    // The work plan's calendar asks for the tasks planned in the days it shows.
    let planned = |from: &str, to: &str| {
        let app = &app;
        let body = json!({"plannedFrom": from, "plannedTo": to});
        let token = a.admin.clone();
        async move { app.api_work_task_search(&body, Some(&token)).await }
    };
    assert_eq!(planned("2026-12-01", "2026-12-01").await.ok()["total"], 1);
    assert_eq!(planned("2026-12-02", "2026-12-31").await.ok()["total"], 0);
    let unplanned = app
        .api_work_task_search(&json!({"planned": false}), Some(&a.admin))
        .await
        .ok();
    assert!(rows(&unplanned).iter().all(|t| t["plannedAt"].is_null()));
    assert!(rows(&unplanned).iter().all(|t| t["id"] != task["id"]));
    assert!(
        planned("2026-12-1x", "2026-12-31")
            .await
            .code(7)
            .contains("plannedFrom")
    );

    // the calendar asks for the orders planned within its days
    for (from, to, expected) in [
        ("2026-12-01", "2026-12-01", 1),
        ("2026-12-02", "2026-12-31", 0),
    ] {
        let planned = app
            .api_work_list(
                &json!({"plannedFrom": from, "plannedTo": to}),
                Some(&a.admin),
            )
            .await
            .ok();
        assert_eq!(planned["total"], expected, "{from}..{to}");
    }
    let planned = app
        .api_work_list(&json!({"planned": true}), Some(&a.admin))
        .await
        .ok();
    assert_eq!(planned["total"], 1);
    assert_eq!(rows(&planned)[0]["id"], id1);
    let msg = app
        .api_work_list(&json!({"plannedFrom": "12/01/2026"}), Some(&a.admin))
        .await
        .code(7);
    assert!(msg.contains("plannedFrom"), "{msg}");
}

#[tokio::test]
async fn places_and_products_come_from_earlier_orders() {
    let app = spawn_app().await;
    let f = fleet(&app).await;
    let a = &f.t.a;
    let order = app
        .api_work_save(
            &json!({"typeId": -1, "title": "Roadside", "lat": 31.2304, "lon": 121.4737,
                    "address": "ZZA Depot 7", "vehicles": [{"vehicleId": f.a1}]}),
            Some(&a.admin),
        )
        .await
        .ok();
    app.api_work_save(
        &json!({"typeId": -1, "title": "B roadside", "lat": 31.2304, "lon": 121.4737,
                "address": "ZZB Depot 9", "vehicles": [{"vehicleId": f.b1}]}),
        Some(&f.t.b.admin),
    )
    .await
    .ok();
    let found = app
        .api_work_poi_search(&json!({"keyword": "Depot"}), Some(&a.member))
        .await
        .ok();
    assert_eq!(found.as_array().unwrap().len(), 1, "{found}");
    assert_eq!(found[0]["address"], "ZZA Depot 7");
    assert_eq!(found[0]["source"], "order");
    // the map's layer: orders with a location, and where they are
    let located = app
        .api_work_list(&json!({"located": true}), Some(&a.admin))
        .await
        .ok();
    assert_eq!(located["total"], 1);
    assert_eq!(rows(&located)[0]["lat"], 31.2304);
    assert_eq!(rows(&located)[0]["address"], "ZZA Depot 7");
    let near = app
        .api_work_poi_search(
            &json!({"lat": 31.231, "lon": 121.474, "radiusM": 500}),
            Some(&a.member),
        )
        .await
        .ok();
    assert_eq!(near[0]["address"], "ZZA Depot 7");
    assert!(near[0]["distanceM"].as_f64().unwrap() < 500.0);
    let far = app
        .api_work_poi_search(
            &json!({"lat": 39.9, "lon": 116.4, "radiusM": 500}),
            Some(&a.member),
        )
        .await
        .ok();
    assert_eq!(far, json!([]));
    let msg = app
        .api_work_poi_search(
            &json!({"lat": 31.2, "lon": 121.4, "radiusM": 0}),
            Some(&a.member),
        )
        .await
        .code(7);
    assert!(msg.contains("radiusM"), "{msg}");

    app.api_work_maintain(
        &json!({"id": order["id"], "summary": "valves", "wheels": [],
                "lines": [{"kind": "part", "name": "ZZA valve cap", "quantity": 2, "unitPrice": 3.5},
                          {"kind": "labour", "name": "ZZA fitting", "hours": 1, "unitPrice": 80}]}),
        Some(&a.admin),
    )
    .await
    .ok();
    let parts = app
        .api_work_product_search(&json!({"keyword": "ZZA", "kind": "part"}), Some(&a.member))
        .await
        .ok();
    assert_eq!(parts.as_array().unwrap().len(), 1, "{parts}");
    assert_eq!(parts[0]["unitPrice"], 3.5);
    assert_eq!(parts[0]["source"], "history");
    let labour = app
        .api_work_product_search(&json!({"kind": "labour"}), Some(&a.member))
        .await
        .ok();
    assert_eq!(labour[0]["rate"], 80.0);
    assert_eq!(labour[0]["unit"], "h");
    let none = app
        .api_work_product_search(&json!({"keyword": "ZZA"}), Some(&f.t.b.admin))
        .await
        .ok();
    assert_eq!(none, json!([]), "B sees none of A's repair lines");
    let msg = app
        .api_work_product_search(&json!({"kind": "tyres"}), Some(&a.member))
        .await
        .code(7);
    assert!(msg.contains("kind"), "{msg}");
}
