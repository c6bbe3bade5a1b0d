//! Dictionaries and their details, and the enumerations seeded as dictionaries.

use super::{delete, en, put, visitor_token};
use serde_json::Value;
use wheelend_tests::{Answer, TestApp, json, spawn_app};

async fn find_by_type(app: &TestApp, kind: &str, token: &str) -> Answer {
    app.get(
        &format!("/api/sysDictionary/findSysDictionary?type={kind}"),
        Some(token),
    )
    .await
}

async fn dictionary_list(app: &TestApp, name: &str, token: &str) -> Vec<Value> {
    app.get(
        &format!("/api/sysDictionary/getSysDictionaryList?name={name}"),
        Some(token),
    )
    .await
    .ok()
    .as_array()
    .cloned()
    .unwrap()
}

// ---- dictionaries ----

#[tokio::test]
async fn dictionaries_create_find_list_update_delete() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    let create = "/api/sysDictionary/createSysDictionary";

    let parent = app
        .post(
            create,
            &json!({"name": "轮胎品牌", "type": "tyre_brand", "status": true, "desc": "brands"}),
            Some(&token),
        )
        .await
        .ok();
    let parent_id = parent["ID"].as_i64().unwrap();
    assert_eq!(parent["type"], "tyre_brand");
    assert_eq!(parent["parentID"], Value::Null);

    // Duplicate type: refused, and the first one is unchanged.
    let msg = app
        .send(
            en(app.client.post(app.url(create)))
                .header("x-token", &token)
                .json(&json!({"name": "other", "type": "tyre_brand"})),
        )
        .await
        .code(7);
    assert!(
        msg.contains("tyre_brand") && msg.contains("already exists"),
        "{msg}"
    );
    let listed = dictionary_list(&app, "tyre_brand", &token).await;
    assert_eq!(listed.len(), 1);
    assert_eq!(listed[0]["name"], "轮胎品牌");

    // Missing and wrong-typed fields name the field; empty values are refused.
    let msg = app
        .post(create, &json!({"type": "x"}), Some(&token))
        .await
        .code(7);
    assert!(msg.contains("name"), "{msg}");
    let msg = app
        .post(create, &json!({"name": "x", "type": 5}), Some(&token))
        .await
        .code(7);
    assert!(msg.contains("type"), "{msg}");
    app.post(create, &json!({"name": " ", "type": "blank"}), Some(&token))
        .await
        .code(7);
    app.post(
        create,
        &json!({"name": "x", "type": "orphan", "parentID": 999_999}),
        Some(&token),
    )
    .await
    .code(7);
    assert!(dictionary_list(&app, "orphan", &token).await.is_empty());
    assert!(dictionary_list(&app, "blank", &token).await.is_empty());

    let child = app
        .post(
            create,
            &json!({"name": "子品牌", "type": "tyre_sub_brand", "status": 1, "parentID": parent_id}),
            Some(&token),
        )
        .await
        .ok();
    let child_id = child["ID"].as_i64().unwrap();
    assert_eq!(child["status"], true);

    // Found by type or by ID, with its (empty) details.
    let found = find_by_type(&app, "tyre_brand", &token).await.ok();
    assert_eq!(found["resysDictionary"]["ID"], parent_id);
    assert_eq!(found["resysDictionary"]["sysDictionaryDetails"], json!([]));
    let found = app
        .get(
            &format!("/api/sysDictionary/findSysDictionary?ID={child_id}"),
            Some(&token),
        )
        .await
        .ok();
    assert_eq!(found["resysDictionary"]["type"], "tyre_sub_brand");
    let msg = find_by_type(&app, "no_such_type", &token).await.code(7);
    assert_eq!(msg, "字典未创建或未开启");
    app.api_sys_dictionary_find_sys_dictionary(&json!({}), Some(&token))
        .await
        .code(7);
    app.get("/api/sysDictionary/findSysDictionary?ID=abc", Some(&token))
        .await
        .code(7);

    // The list matches name or type and carries children.
    let listed = dictionary_list(&app, "tyre", &token).await;
    let parent_row = listed.iter().find(|d| d["ID"] == parent_id).unwrap();
    assert_eq!(parent_row["children"][0]["ID"], child_id);
    assert_eq!(dictionary_list(&app, "子品牌", &token).await.len(), 1);
    let all = dictionary_list(&app, "", &token).await;
    assert!(all.len() >= 11, "seeded ones plus ours: {}", all.len());

    // Update: type stays unique, no cycles, unknown ids refused — nothing changes then.
    let update = "/api/sysDictionary/updateSysDictionary";
    put(
        &app,
        update,
        &json!({"ID": child_id, "name": "子品牌", "type": "tyre_brand", "parentID": parent_id}),
        &token,
    )
    .await
    .code(7);
    put(
        &app,
        update,
        &json!({"ID": parent_id, "name": "轮胎品牌", "type": "tyre_brand", "parentID": child_id}),
        &token,
    )
    .await
    .code(7);
    put(
        &app,
        update,
        &json!({"ID": parent_id, "name": "轮胎品牌", "type": "tyre_brand", "parentID": parent_id}),
        &token,
    )
    .await
    .code(7);
    put(
        &app,
        update,
        &json!({"ID": 999_999, "name": "x", "type": "y"}),
        &token,
    )
    .await
    .code(7);
    put(&app, update, &json!({"name": "x", "type": "y"}), &token)
        .await
        .code(7);
    let unchanged = find_by_type(&app, "tyre_sub_brand", &token).await.ok();
    assert_eq!(unchanged["resysDictionary"]["parentID"], parent_id);
    assert!(dictionary_list(&app, "tyre_brand", &token).await.len() == 1);

    let updated = put(
        &app,
        update,
        &json!({"ID": parent_id, "name": "轮胎品牌2", "type": "tyre_brand2", "status": false, "desc": "d"}),
        &token,
    )
    .await
    .ok();
    assert_eq!(updated["name"], "轮胎品牌2");
    // Disabled: not found by default, found when asking for disabled ones.
    find_by_type(&app, "tyre_brand2", &token).await.code(7);
    app.get(
        "/api/sysDictionary/findSysDictionary?type=tyre_brand2&status=false",
        Some(&token),
    )
    .await
    .ok();

    // Delete: refused while a child dictionary remains; details go with their dictionary.
    let remove = "/api/sysDictionary/deleteSysDictionary";
    delete(&app, remove, &json!({"ID": parent_id}), &token)
        .await
        .code(7);
    let detail = app
        .api_sys_dictionary_detail_create_sys_dictionary_detail(
            &json!({"label": "a", "value": "1", "sysDictionaryID": child_id}),
            Some(&token),
        )
        .await
        .ok();
    delete(&app, remove, &json!({"ID": child_id}), &token)
        .await
        .ok();
    app.get(
        &format!(
            "/api/sysDictionaryDetail/findSysDictionaryDetail?ID={}",
            detail["ID"]
        ),
        Some(&token),
    )
    .await
    .code(7);
    delete(&app, remove, &json!({"ID": parent_id}), &token)
        .await
        .ok();
    delete(&app, remove, &json!({"ID": parent_id}), &token)
        .await
        .code(7);
    delete(&app, remove, &json!({}), &token).await.code(7);
    assert!(dictionary_list(&app, "tyre", &token).await.is_empty());
}

#[tokio::test]
async fn details_nest_move_filter_and_page() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    let make = |kind: &'static str| {
        let app = &app;
        let token = token.clone();
        async move {
            app.api_sys_dictionary_create_sys_dictionary(
                &json!({"name": kind, "type": kind}),
                Some(&token),
            )
            .await
            .ok()["ID"]
                .as_i64()
                .unwrap()
        }
    };
    let regions = make("regions").await;
    let other = make("other").await;
    let create = "/api/sysDictionaryDetail/createSysDictionaryDetail";
    let detail = |body: Value| {
        let app = &app;
        let token = token.clone();
        async move { app.post(create, &body, Some(&token)).await }
    };

    let a = detail(json!({"label": "广东", "labelEn": "Guangdong", "value": "gd", "sort": 2, "sysDictionaryID": regions}))
        .await
        .ok();
    let a_id = a["ID"].as_i64().unwrap();
    assert_eq!(
        (a["level"].as_i64(), a["path"].as_str()),
        (Some(0), Some(""))
    );
    let b = detail(json!({"label": "深圳", "value": "sz", "sort": 1, "sysDictionaryID": regions, "parentID": a_id}))
        .await
        .ok();
    let b_id = b["ID"].as_i64().unwrap();
    assert_eq!(b["level"], 1);
    assert_eq!(b["path"], a_id.to_string());
    let c = detail(json!({"label": "南山", "value": 518_000, "sysDictionaryID": regions, "parentID": b_id, "status": false}))
        .await
        .ok();
    let c_id = c["ID"].as_i64().unwrap();
    assert_eq!(c["level"], 2);
    assert_eq!(c["path"], format!("{a_id},{b_id}"));
    assert_eq!(c["value"], "518000", "numbers are kept as text");
    assert_eq!(c["disabled"], true);

    // Bad input: nothing is created.
    detail(json!({"label": "x", "value": "x", "sysDictionaryID": other, "parentID": a_id}))
        .await
        .code(7);
    detail(json!({"label": "x", "value": "x", "sysDictionaryID": 999_999}))
        .await
        .code(7);
    detail(json!({"label": "x", "value": "x", "sysDictionaryID": regions, "parentID": 999_999}))
        .await
        .code(7);
    let msg = detail(json!({"value": "x", "sysDictionaryID": regions}))
        .await
        .code(7);
    assert!(msg.contains("label"), "{msg}");
    let msg = detail(json!({"label": "x", "value": "x", "sysDictionaryID": "regions"}))
        .await
        .code(7);
    assert!(msg.contains("sysDictionaryID"), "{msg}");
    detail(json!({"label": "", "value": "x", "sysDictionaryID": regions}))
        .await
        .code(7);

    let list = |query: String| {
        let app = &app;
        let token = token.clone();
        async move {
            app.get(
                &format!("/api/sysDictionaryDetail/getSysDictionaryDetailList?{query}"),
                Some(&token),
            )
            .await
            .ok()
        }
    };
    let page = list(format!("sysDictionaryID={regions}")).await;
    assert_eq!(page["total"], 3);
    assert_eq!(page["pageSize"], 10);
    let order: Vec<i64> = page["list"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d["ID"].as_i64().unwrap())
        .collect();
    assert_eq!(order, vec![c_id, b_id, a_id], "by sort, then id");
    assert_eq!(
        list(format!("sysDictionaryID={regions}&label=深")).await["total"],
        1
    );
    assert_eq!(
        list(format!("sysDictionaryID={regions}&value=gd")).await["total"],
        1
    );
    assert_eq!(
        list(format!("sysDictionaryID={regions}&value=g")).await["total"],
        0
    );
    assert_eq!(
        list(format!("sysDictionaryID={regions}&status=false")).await["total"],
        1
    );
    assert_eq!(list(format!("parentID={a_id}")).await["total"], 1);
    assert_eq!(
        list(format!("sysDictionaryID={regions}&level=2")).await["total"],
        1
    );
    assert_eq!(
        list(format!("sysDictionaryID={regions}&status=&label=")).await["total"],
        3
    );
    let second = list(format!("sysDictionaryID={regions}&page=2&pageSize=1")).await;
    assert_eq!(second["list"][0]["ID"], b_id);
    assert_eq!(second["total"], 3);
    app.get(
        "/api/sysDictionaryDetail/getSysDictionaryDetailList?pageSize=abc",
        Some(&token),
    )
    .await
    .code(7);
    app.get(
        "/api/sysDictionaryDetail/getSysDictionaryDetailList?pageSize=501",
        Some(&token),
    )
    .await
    .code(7);

    // Find by ID.
    let found = app
        .get(
            &format!("/api/sysDictionaryDetail/findSysDictionaryDetail?ID={b_id}"),
            Some(&token),
        )
        .await
        .ok();
    assert_eq!(found["reSysDictionaryDetail"]["label"], "深圳");
    app.get(
        "/api/sysDictionaryDetail/findSysDictionaryDetail?ID=999999",
        Some(&token),
    )
    .await
    .code(7);
    app.api_sys_dictionary_detail_find_sys_dictionary_detail(&json!({}), Some(&token))
        .await
        .code(7);

    // The dictionary shows its enabled details only, by sort.
    let dict = find_by_type(&app, "regions", &token).await.ok();
    let labels: Vec<&str> = dict["resysDictionary"]["sysDictionaryDetails"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d["label"].as_str().unwrap())
        .collect();
    assert_eq!(labels, vec!["深圳", "广东"]);

    // Moves: not under itself or its descendants; a move carries the subtree along.
    let update = "/api/sysDictionaryDetail/updateSysDictionaryDetail";
    let body = |id: i64, parent: Option<i64>| json!({"ID": id, "label": "深圳", "value": "sz", "sort": 1, "sysDictionaryID": regions, "parentID": parent});
    put(&app, update, &body(b_id, Some(c_id)), &token)
        .await
        .code(7);
    put(&app, update, &body(b_id, Some(b_id)), &token)
        .await
        .code(7);
    put(&app, update, &body(999_999, None), &token)
        .await
        .code(7);
    let moved = put(&app, update, &body(b_id, None), &token).await.ok();
    assert_eq!(
        (moved["level"].as_i64(), moved["path"].as_str()),
        (Some(0), Some(""))
    );
    let c_now = app
        .get(
            &format!("/api/sysDictionaryDetail/findSysDictionaryDetail?ID={c_id}"),
            Some(&token),
        )
        .await
        .ok();
    assert_eq!(c_now["reSysDictionaryDetail"]["level"], 1);
    assert_eq!(c_now["reSysDictionaryDetail"]["path"], b_id.to_string());
    // And back under A.
    put(&app, update, &body(b_id, Some(a_id)), &token)
        .await
        .ok();
    let c_now = app
        .get(
            &format!("/api/sysDictionaryDetail/findSysDictionaryDetail?ID={c_id}"),
            Some(&token),
        )
        .await
        .ok();
    assert_eq!(
        c_now["reSysDictionaryDetail"]["path"],
        format!("{a_id},{b_id}")
    );

    // Delete: refused with children.
    let remove = "/api/sysDictionaryDetail/deleteSysDictionaryDetail";
    delete(&app, remove, &json!({"ID": b_id}), &token)
        .await
        .code(7);
    delete(&app, remove, &json!({"ID": c_id}), &token)
        .await
        .ok();
    delete(&app, remove, &json!({"ID": b_id}), &token)
        .await
        .ok();
    delete(&app, remove, &json!({"ID": b_id}), &token)
        .await
        .code(7);
    delete(&app, remove, &json!({"id": "x"}), &token)
        .await
        .code(7);
    assert_eq!(list(format!("sysDictionaryID={regions}")).await["total"], 1);
}

#[tokio::test]
async fn the_enumerations_are_seeded_as_dictionaries() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    let expect = [
        ("relationship_type", 5),
        ("enterprise_type", 5),
        ("docking_platform", 11),
        ("wheel_support", 4),
        ("issue_grade", 4),
        ("order_state", 5),
        ("step_state", 8),
        ("pressure_unit", 3),
        ("temperature_unit", 2),
    ];
    for (kind, count) in expect {
        let found = find_by_type(&app, kind, &token).await.ok();
        let details = found["resysDictionary"]["sysDictionaryDetails"]
            .as_array()
            .unwrap();
        assert_eq!(details.len(), count, "{kind}");
        for d in details {
            assert!(!d["label"].as_str().unwrap().is_empty(), "{kind}: {d}");
            assert!(!d["labelEn"].as_str().unwrap().is_empty(), "{kind}: {d}");
        }
    }
    let orders = find_by_type(&app, "order_state", &token).await.ok();
    let values: Vec<&str> = orders["resysDictionary"]["sysDictionaryDetails"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d["value"].as_str().unwrap())
        .collect();
    assert_eq!(values, vec!["100", "101", "102", "103", "104"]);
    let relations = find_by_type(&app, "relationship_type", &token).await.ok();
    let first = &relations["resysDictionary"]["sysDictionaryDetails"][2];
    assert_eq!(
        (
            first["value"].as_str(),
            first["label"].as_str(),
            first["labelEn"].as_str()
        ),
        (Some("2"), Some("维保托管"), Some("Maintenance custody"))
    );
    let units = find_by_type(&app, "pressure_unit", &token).await.ok();
    let psi = &units["resysDictionary"]["sysDictionaryDetails"][1];
    assert_eq!(psi["value"], "psi");
    let extend: Value = serde_json::from_str(psi["extend"].as_str().unwrap()).unwrap();
    assert_eq!(extend["factor"], 14.5);

    // Every role that signs in may read dictionaries, the visitor included.
    let visitor = visitor_token(&app).await;
    find_by_type(&app, "order_state", &visitor).await.ok();
    // But not write them.
    app.api_sys_dictionary_create_sys_dictionary(
        &json!({"name": "x", "type": "x"}),
        Some(&visitor),
    )
    .await
    .code(7);
    app.api_sys_dictionary_create_sys_dictionary(&json!({"name": "x", "type": "x"}), None)
        .await
        .code(100);

    // A second start seeds nothing new, and an operator's edit survives it.
    let id = orders["resysDictionary"]["ID"].as_i64().unwrap();
    put(
        &app,
        "/api/sysDictionary/updateSysDictionary",
        &json!({"ID": id, "name": "订单状态（改）", "type": "order_state"}),
        &token,
    )
    .await
    .ok();
    let before = wheelend_tests::table_counts(&app.state.db).await;
    let again = app.restart().await;
    assert_eq!(wheelend_tests::table_counts(&again.state.db).await, before);
    let kept = find_by_type(&again, "order_state", &token).await.ok();
    assert_eq!(kept["resysDictionary"]["name"], "订单状态（改）");
}
