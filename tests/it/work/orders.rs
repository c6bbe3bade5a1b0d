//! Opening, reading, changing, listing and deleting work orders; order types and their
//! templates; isolation across enterprises and relation partners.

use super::{fleet, open};
use wheelend_tests::tenants::rows;
use wheelend_tests::{fingerprint, json, spawn_app};

#[tokio::test]
async fn an_order_is_opened_read_changed_listed_and_deleted() {
    let app = spawn_app().await;
    let f = fleet(&app).await;
    let a = &f.t.a;
    app.post(
        "/api/web/device/imei",
        &json!({"imei": "861000000000001", "sn": "ZZA-SN1"}),
        Some(&a.admin),
    )
    .await
    .ok();
    let device = rows(
        &app.api_work_order_device_ent(&json!({"keyword": "8610000"}), Some(&a.member))
            .await
            .ok(),
    )[0]["id"]
        .as_i64()
        .unwrap();
    let cars = app
        .api_work_order_car(&json!({"keyword": "ZZA-W"}), Some(&a.member))
        .await
        .ok();
    assert_eq!(cars["total"], 2);

    let body = json!({
        "typeId": -1, "categoryId": 0, "grade": 2, "priority": 4,
        "title": "Left steer tyre losing pressure", "description": "0.3 bar an hour",
        "vehicles": [{"vehicleId": f.a1, "positions": ["1-1", "1-2", "1-1"]}, {"carId": f.a1}],
        "deviceIds": [device], "assigneeId": f.tech_id, "participantIds": [f.other_id, a.admin_id],
        "dueAt": "2030-01-01T00:00:00Z", "lat": 31.2, "lon": 121.5, "address": "Depot 3",
        "labels": ["tyres", "urgent", "tyres"],
        "declaration": {"declarant": "Driver Li", "phone": "13800000000", "content": "Warning light on"},
    });
    let order = app.api_work_save(&body, Some(&a.member)).await.ok();
    let id = order["id"].as_i64().unwrap();
    let number = order["number"].as_str().unwrap().to_owned();
    assert!(
        number.starts_with("WO-") && number.ends_with("-0001"),
        "{number}"
    );
    assert_eq!(order["state"], 100);
    assert_eq!(
        order["entId"], a.root,
        "an order belongs to its vehicles' owner"
    );
    assert_eq!(order["requesterId"], a.member_id);
    assert_eq!(order["assigneeName"], "zza_tech");
    assert_eq!(
        order["typeName"], "维修",
        "built-in names follow the language (default zh)"
    );
    assert_eq!(order["plate"], "ZZA-W1");
    assert_eq!(order["vehicles"][0]["positions"], json!(["1-1", "1-2"]));
    assert_eq!(
        order["vehicles"].as_array().unwrap().len(),
        1,
        "named twice, kept once"
    );
    assert_eq!(order["devices"][0]["imei"], "861000000000001");
    assert_eq!(order["participants"].as_array().unwrap().len(), 2);
    assert_eq!(order["labels"], json!(["tyres", "urgent"]));
    assert_eq!(order["declaration"]["declarant"], "Driver Li");
    assert_eq!(order["writable"], true);
    assert_eq!(
        order["nextStates"],
        json!([103]),
        "the requester may only cancel"
    );
    let second = open(&app, &a.member, f.a1, None).await;
    assert!(second["number"].as_str().unwrap().ends_with("-0002"));

    // Read back, as the admin (next states differ by role).
    let info = app
        .api_work_info(&json!({"id": id}), Some(&a.admin))
        .await
        .ok();
    assert_eq!(info["number"], number.as_str());
    assert_eq!(info["nextStates"], json!([101, 103]));
    let snap = app
        .api_work_snapshoot(&json!({"id": id}), Some(&a.member))
        .await
        .ok();
    assert_eq!(snap["vehicleId"], f.a1);

    // Lists and filters.
    let list = |body: serde_json::Value| {
        let app = &app;
        let token = a.member.clone();
        async move { app.api_work_list(&body, Some(&token)).await.ok() }
    };
    assert_eq!(list(json!({})).await["total"], 2);
    assert_eq!(list(json!({"state": 100, "priority": 4})).await["total"], 1);
    assert_eq!(list(json!({"keyword": number})).await["total"], 1);
    assert_eq!(list(json!({"label": "urgent"})).await["total"], 1);
    assert_eq!(list(json!({"assigneeId": f.tech_id})).await["total"], 1);
    assert_eq!(list(json!({"vehicleId": f.a1})).await["total"], 2);
    assert_eq!(list(json!({"vehicleId": f.a2})).await["total"], 0);
    assert_eq!(list(json!({"states": [101, 102]})).await["total"], 0);
    assert_eq!(list(json!({"overdue": true})).await["total"], 0);
    assert_eq!(
        list(json!({"from": "2000-01-01", "to": "2000-01-02"})).await["total"],
        0
    );
    let mine = app
        .api_work_list(&json!({"mine": true}), Some(&f.other))
        .await
        .ok();
    assert_eq!(mine["total"], 1, "a participant's orders are theirs");

    // Bad input: refused naming the field, nothing written.
    let before = fingerprint(&app.state.db).await;
    let refused = |body: serde_json::Value| {
        let app = &app;
        let token = a.member.clone();
        async move { app.api_work_save(&body, Some(&token)).await.code(7) }
    };
    let base = json!({"typeId": -1, "title": "x"});
    let with = |k: &str, v: serde_json::Value| {
        let mut b = base.clone();
        b[k] = v;
        b
    };
    for (field, body) in [
        ("title", json!({"typeId": -1})),
        ("typeId", json!({"title": "x"})),
        ("typeId", with("typeId", json!(-99))),
        ("grade", with("grade", json!(4))),
        ("grade", with("grade", json!("severe"))),
        ("priority", with("priority", json!(0))),
        ("categoryId", with("categoryId", json!(999_999))),
        ("vehicles", with("vehicles", json!([{"vehicleId": f.b1}]))),
        (
            "vehicles",
            with("vehicles", json!([{"vehicleId": 987_654}])),
        ),
        (
            "positions",
            with("vehicles", json!([{"vehicleId": f.a1, "positions": [" "]}])),
        ),
        ("assigneeId", with("assigneeId", json!(f.t.b.admin_id))),
        (
            "participantIds",
            with("participantIds", json!([f.t.b.member_id])),
        ),
        ("lon", with("lat", json!(30.0))),
        (
            "lat",
            with("lat", json!(91.0))
                .as_object()
                .map(|o| {
                    let mut o = o.clone();
                    o.insert("lon".into(), json!(1.0));
                    serde_json::Value::Object(o)
                })
                .unwrap(),
        ),
        ("labels", with("labels", json!(["x".repeat(33)]))),
        (
            "declaration",
            with("declaration", json!({"declarant": "no content"})),
        ),
        ("dueAt", with("dueAt", json!("tomorrow"))),
        ("deviceIds", with("deviceIds", json!([987_654]))),
    ] {
        let msg = refused(body).await;
        assert!(msg.contains(field), "{field}: {msg}");
    }
    let msg = refused(json!({"id": 987_654, "typeId": -1, "title": "x"})).await;
    assert!(msg.contains("987654"), "{msg}");
    assert_eq!(before, fingerprint(&app.state.db).await);

    // Change: the form and lists given; the assignee may, the bystander may not.
    let changed = app
        .api_work_save(
            &json!({"id": id, "title": "Steer tyre puncture", "vehicles": [{"vehicleId": f.a1, "positions": ["1-2"]}], "labels": []}),
            Some(&f.tech),
        )
        .await
        .ok();
    assert_eq!(changed["title"], "Steer tyre puncture");
    assert_eq!(changed["vehicles"].as_array().unwrap().len(), 1);
    assert_eq!(
        changed["participants"].as_array().unwrap().len(),
        2,
        "left out, kept"
    );
    assert_eq!(changed["labels"], json!([]));
    assert_eq!(changed["number"], number.as_str());
    let msg = app
        .api_work_save(&json!({"id": id, "title": "Hijack"}), Some(&f.other))
        .await
        .code(7);
    assert!(msg.contains(&number), "{msg}");

    // save_default: the type's defaults fill what is left out.
    let ty = app
        .api_work_order_type_save(
            &json!({"name": "Tyre change", "fields": [{"key": "size", "label": "Size", "kind": "select", "options": ["295/80R22.5", "315/80R22.5"], "required": true}],
                    "defaults": {"title": "Tyre change", "priority": 1, "dueHours": 48, "size": "315/80R22.5"},
                    "dispose": [{"key": "tread", "label": "Tread mm", "kind": "number", "required": true}]}),
            Some(&a.admin),
        )
        .await
        .ok();
    let quick = app
        .api_work_save_default(
            &json!({"typeId": ty["id"], "vehicles": [{"vehicleId": f.a1}]}),
            Some(&a.member),
        )
        .await
        .ok();
    assert_eq!(quick["title"], "Tyre change");
    assert_eq!(quick["priority"], 1);
    assert!(quick["dueAt"].is_string());
    assert_eq!(quick["fields"]["size"], "315/80R22.5");
    let msg = app
        .api_work_save(
            &json!({"typeId": ty["id"], "title": "x", "fields": {"size": "13 inch"}}),
            Some(&a.member),
        )
        .await
        .code(7);
    assert!(msg.contains("fields.size"), "{msg}");
    let msg = app
        .api_work_save(&json!({"typeId": -1, "title": "x"}), Some(&a.member))
        .await
        .code(7);
    assert!(
        msg.contains("typeId"),
        "built-in types give way to the enterprise's own: {msg}"
    );
    app.api_work_save_default(&json!({"id": id, "typeId": ty["id"]}), Some(&a.member))
        .await
        .code(7);

    // Delete: the bystander may not; the requester deletes all or none.
    let before = fingerprint(&app.state.db).await;
    app.api_work_del_work(&json!({"ids": [id]}), Some(&f.other))
        .await
        .code(7);
    app.api_work_del_work(&json!({"ids": [id, 987_654]}), Some(&a.member))
        .await
        .code(7);
    app.api_work_del_work(&json!({"ids": []}), Some(&a.member))
        .await
        .code(7);
    assert_eq!(before, fingerprint(&app.state.db).await);
    let gone = app
        .api_work_del_work(&json!({"ids": [id]}), Some(&a.member))
        .await
        .ok();
    assert_eq!(gone["deleted"], 1);
    app.api_work_info(&json!({"id": id}), Some(&a.member))
        .await
        .code(7);
    app.api_work_del_work(&json!({"id": second["id"]}), Some(&a.admin))
        .await
        .ok();
}

#[tokio::test]
async fn order_types_and_templates() {
    let app = spawn_app().await;
    let f = fleet(&app).await;
    let (a, b) = (&f.t.a, &f.t.b);
    let built_in = app
        .api_work_type_list(&json!({}), Some(&a.member))
        .await
        .ok();
    assert_eq!(built_in["total"], 6);
    assert_eq!(rows(&built_in)[0]["id"], -1);
    assert_eq!(rows(&built_in)[0]["builtIn"], true);
    let t = app
        .api_work_t_info(&json!({"typeId": -1}), Some(&a.member))
        .await
        .ok();
    assert_eq!(t["dispose"][0]["key"], "result");

    let save = |body: serde_json::Value, token: &str| {
        let app = &app;
        let token = token.to_owned();
        async move { app.api_work_order_type_save(&body, Some(&token)).await }
    };
    let recall = save(json!({"name": "Recall", "sort": 2}), &a.admin)
        .await
        .ok();
    let rid = recall["id"].as_i64().unwrap();
    let listed = app
        .api_work_type_list(&json!({}), Some(&a.member))
        .await
        .ok();
    assert_eq!(listed["total"], 1, "own types replace the built-in ones");

    // Templates: set, then read each part.
    let set = app
        .api_work_order_type_t(
            &json!({"typeId": rid, "fields": [{"key": "batch", "label": "Batch", "required": true}],
                    "defaults": {"batch": "2026-11", "priority": 4}, "dispose": [{"key": "done", "label": "Done", "kind": "select", "options": ["yes", "no"]}]}),
            Some(&a.admin),
        )
        .await
        .ok();
    assert_eq!(set["fields"][0]["kind"], "text");
    let d = app
        .api_work_default_t(&json!({"typeId": rid}), Some(&a.member))
        .await
        .ok();
    assert_eq!(d["defaults"]["batch"], "2026-11");
    let d = app
        .api_work_dispose_t(&json!({"typeId": rid}), Some(&a.member))
        .await
        .ok();
    assert_eq!(d["dispose"][0]["options"], json!(["yes", "no"]));

    // Bad templates and names, built-in and foreign types: refused, nothing changed.
    let before = fingerprint(&app.state.db).await;
    for (field, body) in [
        ("name", json!({"name": " "})),
        ("name", json!({"name": "x".repeat(65)})),
        ("Recall", json!({"name": "Recall"})),
        (
            "fields[0].kind",
            json!({"name": "N", "fields": [{"key": "k", "label": "K", "kind": "colour"}]}),
        ),
        (
            "fields[1].key",
            json!({"name": "N", "fields": [{"key": "k", "label": "K"}, {"key": "k", "label": "L"}]}),
        ),
        (
            "dispose[0].options",
            json!({"name": "N", "dispose": [{"key": "k", "label": "K", "kind": "select"}]}),
        ),
        ("defaults.x", json!({"name": "N", "defaults": {"x": [1]}})),
        ("id", json!({"id": -1, "name": "Mine now"})),
    ] {
        let msg = save(body, &a.admin).await.code(7);
        assert!(msg.contains(field), "{field}: {msg}");
    }
    save(json!({"id": rid, "name": "Taken"}), &b.admin)
        .await
        .code(7);
    save(json!({"id": rid, "delete": true}), &b.admin)
        .await
        .code(7);
    app.api_work_t_info(&json!({"typeId": rid}), Some(&b.admin))
        .await
        .code(7);
    app.api_work_order_type_t(&json!({"typeId": rid, "fields": []}), Some(&b.admin))
        .await
        .code(7);
    app.api_work_type_list(&json!({"entId": a.root}), Some(&b.admin))
        .await
        .code(7);
    assert_eq!(before, fingerprint(&app.state.db).await);

    // A type in use is kept; unused, it goes and the built-ins come back.
    let order = app
        .api_work_save(
            &json!({"typeId": rid, "title": "Recall 1", "fields": {"batch": "B1"}}),
            Some(&a.member),
        )
        .await
        .ok();
    let msg = save(json!({"id": rid, "delete": true}), &a.admin)
        .await
        .code(7);
    assert!(msg.contains("Recall"), "{msg}");
    app.api_work_del_work(&json!({"ids": [order["id"]]}), Some(&a.member))
        .await
        .ok();
    save(json!({"id": rid, "delete": true}), &a.admin)
        .await
        .ok();
    assert_eq!(
        app.api_work_type_list(&json!({}), Some(&a.member))
            .await
            .ok()["total"],
        6
    );
}

#[tokio::test]
async fn orders_stay_inside_their_enterprise_and_relations() {
    let app = spawn_app().await;
    let f = fleet(&app).await;
    let (a, b) = (&f.t.a, &f.t.b);
    let order = open(&app, &b.member, f.b1, Some(b.admin_id)).await;
    let id = order["id"].as_i64().unwrap();

    // Tree A sees none of B's orders and touches none.
    let before = fingerprint(&app.state.db).await;
    assert_eq!(
        app.api_work_list(&json!({}), Some(&a.admin)).await.ok()["total"],
        0
    );
    app.api_work_list(&json!({"entId": b.root}), Some(&a.admin))
        .await
        .code(7);
    let by_id = json!({"id": id});
    for answer in [
        app.api_work_info(&by_id, Some(&a.admin)).await,
        app.api_work_snapshoot(&by_id, Some(&a.admin)).await,
        app.api_work_set_state(&json!({"id": id, "state": 103}), Some(&a.admin))
            .await,
        app.api_work_save(
            &json!({"id": id, "typeId": -1, "title": "Hijack"}),
            Some(&a.admin),
        )
        .await,
        app.api_work_save_log(&json!({"orderId": id, "content": "hi"}), Some(&a.admin))
            .await,
        app.api_work_up_log(&json!({"orderId": id}), Some(&a.admin))
            .await,
        app.api_work_task_list(&json!({"orderId": id}), Some(&a.admin))
            .await,
        app.api_work_related_users(&by_id, Some(&a.admin)).await,
        app.api_work_repair_info(&by_id, Some(&a.admin)).await,
        app.api_work_location(&by_id, Some(&a.admin)).await,
        app.api_work_del_work(&json!({"ids": [id]}), Some(&a.admin))
            .await,
        app.api_work_save(
            &json!({"typeId": -1, "title": "On B's car", "vehicles": [{"vehicleId": f.b1}]}),
            Some(&a.admin),
        )
        .await,
    ] {
        let msg = answer.code(7);
        assert!(!msg.contains("ZZB"), "{msg}");
    }
    assert_eq!(before, fingerprint(&app.state.db).await);

    // B puts b1 in A's maintenance custody (type 2): A's people work B's order.
    let rel = app
        .api_web_ent_relation(
            &json!({"targetEntId": a.root, "type": 2, "vehicleIds": [f.b1]}),
            Some(&b.admin),
        )
        .await
        .ok();
    app.api_web_ent_relation_save(
        &json!({"ID": rel["ID"], "action": "confirm"}),
        Some(&a.admin),
    )
    .await
    .ok();
    assert_eq!(
        app.api_work_list(&json!({}), Some(&a.member)).await.ok()["total"],
        1
    );
    let cars = app
        .api_work_order_car(&json!({"pageSize": 50}), Some(&a.member))
        .await
        .ok();
    assert!(rows(&cars).iter().any(|c| c["id"] == f.b1));
    app.api_work_allocation(&json!({"id": id, "assigneeId": f.tech_id}), Some(&b.admin))
        .await
        .code(7);
    app.api_work_allocation(
        &json!({"id": id, "assigneeId": b.member_id}),
        Some(&b.admin),
    )
    .await
    .ok();
    app.api_work_save_log(
        &json!({"orderId": id, "content": "Partner on the way"}),
        Some(&a.member),
    )
    .await
    .ok();
    let theirs = open(&app, &a.member, f.b1, Some(f.tech_id)).await;
    assert_eq!(theirs["entId"], b.root, "opened on B's vehicle, B's order");
    app.api_work_immediately(&json!({"id": theirs["id"]}), Some(&f.tech))
        .await
        .ok();
    assert_eq!(
        app.api_work_list(&json!({}), Some(&b.member)).await.ok()["total"],
        2
    );

    // A customer (type 3) only reads.
    let rel = app
        .api_web_ent_relation(
            &json!({"targetEntId": a.child, "type": 3, "vehicleIds": [f.b1]}),
            Some(&b.admin),
        )
        .await
        .ok();
    wheelend_tests::tenants::create_user(
        &app,
        &f.t.platform,
        "zza_child",
        100,
        a.child,
        "13700000013",
    )
    .await;
    let child = app
        .login("zza_child", wheelend_tests::tenants::PASSWORD)
        .await;
    app.api_web_ent_relation_save(&json!({"ID": rel["ID"], "action": "confirm"}), Some(&child))
        .await
        .ok();
    let seen = app
        .api_work_info(&json!({"id": id}), Some(&child))
        .await
        .ok();
    assert_eq!(seen["writable"], false);
    assert_eq!(seen["nextStates"], json!([]));
    let before = fingerprint(&app.state.db).await;
    let msg = app
        .api_work_save_log(&json!({"orderId": id, "content": "x"}), Some(&child))
        .await
        .code(7);
    assert!(msg.contains("只能查看"), "{msg}");
    app.api_work_set_state(&json!({"id": id, "state": 103}), Some(&child))
        .await
        .code(7);
    assert_eq!(before, fingerprint(&app.state.db).await);
}

/// Orders opened at the same instant in one enterprise get distinct numbers (PostgreSQL runs
/// the transactions concurrently; SQLite one after the other): none is refused or asked to retry.
#[tokio::test]
async fn orders_opened_together_get_distinct_numbers() {
    let app = spawn_app().await;
    let f = fleet(&app).await;
    let opened =
        futures::future::join_all((0..8).map(|_| open(&app, &f.t.a.admin, f.a1, Some(f.tech_id))))
            .await;
    let mut numbers: Vec<String> = opened
        .iter()
        .map(|o| o["number"].as_str().expect("a number").to_owned())
        .collect();
    numbers.sort();
    numbers.dedup();
    assert_eq!(numbers.len(), 8, "{numbers:?}");
}

/// The keyword finds orders by any part of their number or title, in either case, through the
/// word index (three characters or more) or a scan (fewer); a changed title is found by its new
/// words only, a deleted order not at all, and another tree's orders never.
#[tokio::test]
async fn the_keyword_finds_any_part_of_number_or_title() {
    let app = spawn_app().await;
    let f = fleet(&app).await;
    let a = &f.t.a;
    let titled = |title: &'static str, token: String, car: i64| {
        let app = &app;
        async move {
            app.api_work_save(
                &json!({"typeId": -1, "title": title, "vehicles": [{"vehicleId": car}]}),
                Some(&token),
            )
            .await
            .ok()
        }
    };
    let valve = titled("Replace valve core, axle 2", a.member.clone(), f.a1).await;
    titled("右后轮胎压低", a.member.clone(), f.a1).await;
    titled("Valve core leaking", f.t.b.admin.clone(), f.b1).await;
    let found = |keyword: &str| {
        let app = &app;
        let body = json!({"keyword": keyword});
        let token = a.member.clone();
        async move {
            rows(&app.api_work_list(&body, Some(&token)).await.ok())
                .iter()
                .map(|r| r["title"].as_str().unwrap().to_owned())
                .collect::<Vec<_>>()
        }
    };
    assert_eq!(found("VALVE CORE").await, ["Replace valve core, axle 2"]);
    assert_eq!(found("胎压低").await, ["右后轮胎压低"]);
    assert_eq!(
        found("胎压").await,
        ["右后轮胎压低"],
        "two characters: a scan"
    );
    assert_eq!(found("e 2").await, ["Replace valve core, axle 2"]);
    let number = valve["number"].as_str().unwrap();
    assert_eq!(found(&number[3..]).await, ["Replace valve core, axle 2"]);
    assert!(found("\"quoted\" words").await.is_empty());
    assert!(found("leaking").await.is_empty(), "tree B's order");

    let id = valve["id"].as_i64().unwrap();
    app.api_work_save(
        &json!({"id": id, "typeId": -1, "title": "Swap steer tyres", "vehicles": [{"vehicleId": f.a1}]}),
        Some(&a.member),
    )
    .await
    .ok();
    assert!(
        found("valve").await.is_empty(),
        "the old title's words are gone"
    );
    assert_eq!(found("steer").await, ["Swap steer tyres"]);
    app.api_work_del_work(&json!({"id": id}), Some(&a.member))
        .await
        .ok();
    assert!(found("steer").await.is_empty());
}

#[tokio::test]
async fn the_list_merges_the_enterprises_of_the_scope_newest_first_page_by_page() {
    let app = spawn_app().await;
    let f = fleet(&app).await;
    let a = &f.t.a;
    // Orders of the top enterprise (a1) and of its branch (a2), opened in turn.
    let mut opened = Vec::new();
    for car in [f.a1, f.a2, f.a1, f.a1, f.a2, f.a2, f.a1] {
        opened.push(
            open(&app, &a.admin, car, None).await["id"]
                .as_i64()
                .unwrap(),
        );
    }
    opened.reverse();
    let mut listed = Vec::new();
    for page in 1..=4 {
        let answer = app
            .api_work_list(&json!({"page": page, "pageSize": 2}), Some(&a.admin))
            .await
            .ok();
        assert_eq!(answer["total"], 7);
        assert_eq!(answer["page"], page);
        listed.extend(rows(&answer).iter().map(|o| o["id"].as_i64().unwrap()));
    }
    assert_eq!(listed, opened, "newest first across both enterprises");
    // Filters apply within each enterprise's run; past the last page is empty.
    let branch = app
        .api_work_list(
            &json!({"vehicleId": f.a2, "pageSize": 2, "page": 2}),
            Some(&a.admin),
        )
        .await
        .ok();
    assert_eq!(branch["total"], 3);
    // a2's orders, newest first, are opened[1], opened[2] and opened[5]: page 2 holds the last
    assert_eq!(rows(&branch).len(), 1);
    assert_eq!(rows(&branch)[0]["id"], opened[5]);
    let beyond = app
        .api_work_list(&json!({"page": 9, "pageSize": 2}), Some(&a.admin))
        .await
        .ok();
    assert!(rows(&beyond).is_empty());
    assert_eq!(beyond["total"], 7);
}
