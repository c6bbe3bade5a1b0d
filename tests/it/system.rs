//! The system area: dictionaries and details, the seeded enumerations, operation records,
//! uploads (local and S3), upload grants, CSV import and WeChat share signing.

use std::sync::{Arc, Mutex};
use std::time::Duration;

use reqwest::StatusCode;
use reqwest::multipart::{Form, Part};
use serde_json::Value;
use wheelend_tests::{Answer, Spawn, TestApp, json, spawn_app, spawn_app_with};

const PNG: &[u8] = b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR\0\0\0\x01\0\0\0\x01\x08\x06\0\0\0\x1f\x15\xc4\x89\0\0\0\rIDATx\x9cc\xf8\xff\xff?\0\x05\xfe\x02\xfe\xa7\x35\x81\x84\0\0\0\0IEND\xaeB`\x82";
const PDF: &[u8] = b"%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n";

async fn put(app: &TestApp, path: &str, body: &Value, token: &str) -> Answer {
    app.send(
        app.client
            .put(app.url(path))
            .header("x-token", token)
            .json(body),
    )
    .await
}

async fn delete(app: &TestApp, path: &str, body: &Value, token: &str) -> Answer {
    app.send(
        app.client
            .delete(app.url(path))
            .header("x-token", token)
            .json(body),
    )
    .await
}

/// A request in English, so messages can be matched.
fn en(req: reqwest::RequestBuilder) -> reqwest::RequestBuilder {
    req.header("cookie", "lang=en")
}

fn file_form(name: &str, bytes: &[u8]) -> Form {
    Form::new().part(
        "file",
        Part::bytes(bytes.to_vec()).file_name(name.to_owned()),
    )
}

async fn upload(app: &TestApp, path: &str, form: Form, token: Option<&str>) -> Answer {
    let mut req = en(app.client.post(app.url(path))).multipart(form);
    if let Some(t) = token {
        req = req.header("x-token", t);
    }
    app.send(req).await
}

async fn visitor_token(app: &TestApp) -> String {
    let data = app
        .api_base_login(
            &json!({"type": "visitorLogin", "username": "visitor"}),
            None,
        )
        .await
        .ok();
    data["token"].as_str().unwrap().to_owned()
}

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

// ---- operation records ----

/// Records are written in the background: wait until `want` match.
async fn records(app: &TestApp, query: &str, token: &str, want: usize) -> Value {
    for _ in 0..100 {
        let page = app
            .get(
                &format!("/api/sysOperationRecord/getSysOperationRecordList?{query}"),
                Some(token),
            )
            .await
            .ok();
        if page["total"].as_u64().unwrap() as usize >= want {
            return page;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!("fewer than {want} records for {query}");
}

#[tokio::test]
async fn operation_records_list_with_filters_and_delete() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    let me = app
        .api_user_get_user_info(&json!({}), Some(&token))
        .await
        .ok();
    let uid = me["userInfo"]["ID"].as_i64().unwrap();
    let create = "/api/sysDictionary/createSysDictionary";
    app.post(
        create,
        &json!({"name": "a", "type": "oplog_a"}),
        Some(&token),
    )
    .await
    .ok();
    app.post(
        create,
        &json!({"name": "a", "type": "oplog_a"}),
        Some(&token),
    )
    .await
    .code(7);
    put(
        &app,
        "/api/sysDictionary/updateSysDictionary",
        &json!({"ID": 999_999, "name": "a", "type": "b"}),
        &token,
    )
    .await
    .code(7);

    let page = records(&app, "path=createSysDictionary", &token, 2).await;
    assert_eq!(page["total"], 2);
    let list = page["list"].as_array().unwrap();
    let at = |row: &Value| {
        chrono::DateTime::parse_from_rfc3339(row["CreatedAt"].as_str().unwrap()).unwrap()
    };
    assert!(at(&list[0]) >= at(&list[1]), "newest first");
    assert_eq!(list[0]["code"], 7, "the refused one is newest");
    assert_eq!(list[1]["code"], 0);
    assert_eq!(list[0]["user"]["userName"], "admin");
    assert_eq!(list[0]["user_id"], uid);
    assert!(list[0]["body"].as_str().unwrap().contains("oplog_a"));
    for key in [
        "ip",
        "method",
        "path",
        "status",
        "latency_ms",
        "agent",
        "resp",
        "CreatedAt",
    ] {
        assert!(list[0].get(key).is_some(), "record has {key}");
    }

    assert_eq!(records(&app, "method=put", &token, 1).await["total"], 1);
    assert_eq!(
        records(&app, "method=POST&path=/api/sysDictionary/", &token, 2).await["total"],
        2
    );
    assert_eq!(
        records(&app, "status=200&path=Dictionary", &token, 3).await["total"],
        3
    );
    assert_eq!(
        records(&app, &format!("user_id={uid}"), &token, 3).await["total"],
        3
    );
    let none = app
        .get(
            "/api/sysOperationRecord/getSysOperationRecordList?userId=999999",
            Some(&token),
        )
        .await
        .ok();
    assert_eq!(none["total"], 0);
    let today = chrono::Utc::now().date_naive();
    let tomorrow = today.succ_opt().unwrap();
    let yesterday = today.pred_opt().unwrap();
    let q = |start: String, end: String| format!("path=Dictionary&startTime={start}&endTime={end}");
    assert_eq!(
        records(&app, &q(today.to_string(), today.to_string()), &token, 3).await["total"],
        3
    );
    for (start, end) in [
        (tomorrow.to_string(), String::new()),
        (String::new(), yesterday.to_string()),
        (
            String::new(),
            (chrono::Utc::now() - chrono::Duration::hours(1))
                .timestamp_millis()
                .to_string(),
        ),
    ] {
        let page = app
            .get(
                &format!(
                    "/api/sysOperationRecord/getSysOperationRecordList?{}",
                    q(start, end)
                ),
                Some(&token),
            )
            .await
            .ok();
        assert_eq!(page["total"], 0);
    }
    let msg = app
        .send(
            en(app
                .client
                .get(app.url("/api/sysOperationRecord/getSysOperationRecordList?startTime=soon")))
            .header("x-token", &token),
        )
        .await
        .code(7);
    assert!(msg.contains("startTime"), "{msg}");
    app.get(
        "/api/sysOperationRecord/getSysOperationRecordList?status=ok",
        Some(&token),
    )
    .await
    .code(7);
    let paged = records(&app, "path=Dictionary&page=2&pageSize=2", &token, 3).await;
    assert_eq!(paged["list"].as_array().unwrap().len(), 1);

    // Delete by ids.
    let ids: Vec<i64> = page["list"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["ID"].as_i64().unwrap())
        .collect();
    let remove = "/api/sysOperationRecord/deleteSysOperationRecordByIds";
    delete(&app, remove, &json!({"ids": []}), &token)
        .await
        .code(7);
    delete(&app, remove, &json!({}), &token).await.code(7);
    delete(&app, remove, &json!({"ids": ["x"]}), &token)
        .await
        .code(7);
    let deleted = delete(
        &app,
        remove,
        &json!({"ids": [ids[0], ids[1], 999_999]}),
        &token,
    )
    .await
    .ok();
    assert_eq!(deleted["deleted"], 2);
    let after = app
        .get(
            "/api/sysOperationRecord/getSysOperationRecordList?path=createSysDictionary",
            Some(&token),
        )
        .await
        .ok();
    assert_eq!(after["total"], 0);

    // Staff without the call cannot list the log.
    let visitor = visitor_token(&app).await;
    app.api_sys_operation_record_get_sys_operation_record_list(&json!({}), Some(&visitor))
        .await
        .code(7);
}

// ---- uploads ----

fn uploads_dir(app: &TestApp) -> std::path::PathBuf {
    app.data_path.join("uploads")
}

/// Every file under a directory, recursively.
fn files_under(dir: &std::path::Path) -> Vec<std::path::PathBuf> {
    let mut out = Vec::new();
    if let Ok(entries) = std::fs::read_dir(dir) {
        for entry in entries.flatten() {
            let path = entry.path();
            if path.is_dir() {
                out.extend(files_under(&path));
            } else {
                out.push(path);
            }
        }
    }
    out
}

async fn download(app: &TestApp, url: &str) -> reqwest::Response {
    app.client.get(app.url(url)).send().await.unwrap()
}

#[tokio::test]
async fn uploads_store_under_generated_names_and_download_identically() {
    let app = spawn_app().await;
    let token = app.admin_token().await;

    let data = upload(
        &app,
        "/api/web/tool/aliyun/uploading",
        file_form("../../../../photo.png", PNG),
        Some(&token),
    )
    .await
    .ok();
    let url = data["url"].as_str().unwrap();
    let key = data["key"].as_str().unwrap();
    assert_eq!(
        data["name"], "photo.png",
        "the client's directories are dropped"
    );
    assert_eq!(data["size"], PNG.len());
    assert_eq!(url, format!("/uploads/{key}"));
    let now = chrono::Utc::now();
    assert!(
        key.starts_with(&now.format("%Y/%m/").to_string()) && key.ends_with(".png"),
        "{key}"
    );
    let stem = key.rsplit('/').next().unwrap().trim_end_matches(".png");
    uuid::Uuid::parse_str(stem).expect("a generated name");
    // Stored inside the uploads dir, nowhere else.
    let stored = files_under(&app.data_path);
    assert!(
        stored.iter().all(|p| !p.ends_with("photo.png")),
        "{stored:?}"
    );
    assert_eq!(std::fs::read(uploads_dir(&app).join(key)).unwrap(), PNG);

    let res = download(&app, url).await;
    assert_eq!(res.status(), StatusCode::OK);
    assert_eq!(res.headers()["content-type"], "image/png");
    assert!(
        res.headers()["content-disposition"]
            .to_str()
            .unwrap()
            .starts_with("inline")
    );
    assert_eq!(res.headers()["x-content-type-options"], "nosniff");
    assert_eq!(res.bytes().await.unwrap().as_ref(), PNG);

    // The console's file upload, with a class; a PDF downloads as an attachment.
    let form = Form::new().text("classId", "3").part(
        "file",
        Part::bytes(PDF.to_vec()).file_name("报告 report.pdf"),
    );
    let file = upload(
        &app,
        "/api/fileUploadAndDownload/upload",
        form,
        Some(&token),
    )
    .await
    .ok()["file"]
        .clone();
    assert_eq!(file["classId"], 3);
    assert_eq!(file["tag"], "pdf");
    assert_eq!(file["mime"], "application/pdf");
    let res = download(&app, file["url"].as_str().unwrap()).await;
    assert_eq!(res.headers()["content-type"], "application/pdf");
    let disposition = res.headers()["content-disposition"]
        .to_str()
        .unwrap()
        .to_owned();
    assert!(disposition.starts_with("attachment"), "{disposition}");
    assert!(
        disposition.contains("filename*=UTF-8''%E6%8A%A5%E5%91%8A%20report.pdf"),
        "{disposition}"
    );
    assert_eq!(res.bytes().await.unwrap().as_ref(), PDF);

    // A firmware image and a CSV are accepted too; classId may follow the file.
    let firmware: Vec<u8> = (0..=255u8).cycle().take(70_000).collect();
    let form = file_form("fw-1.2.bin", &firmware).text("classId", "7");
    let fw = upload(
        &app,
        "/api/fileUploadAndDownload/upload",
        form,
        Some(&token),
    )
    .await
    .ok()["file"]
        .clone();
    assert_eq!(fw["classId"], 7);
    let res = download(&app, fw["url"].as_str().unwrap()).await;
    assert_eq!(res.bytes().await.unwrap().as_ref(), firmware.as_slice());
    upload(
        &app,
        "/api/web/tool/aliyun/uploading",
        file_form("plates.csv", "plate,axles\n粤B12345,3\n".as_bytes()),
        Some(&token),
    )
    .await
    .ok();
    // Uploads are not bound by the 4 MiB request-body limit, only by their own (20 MiB).
    let mut large = PDF.to_vec();
    large.resize(6 * 1024 * 1024, b' ');
    let big = upload(
        &app,
        "/api/web/tool/aliyun/uploading",
        file_form("large.pdf", &large),
        Some(&token),
    )
    .await
    .ok();
    assert_eq!(big["size"], large.len());
    large.resize(21 * 1024 * 1024, b' ');
    let msg = upload(
        &app,
        "/api/web/tool/aliyun/uploading",
        file_form("huge.pdf", &large),
        Some(&token),
    )
    .await
    .code(7);
    assert!(msg.contains("20 MiB"), "{msg}");
    let id = big["ID"].clone();
    delete(
        &app,
        "/api/fileUploadAndDownload/deleteFile",
        &json!({"ID": id}),
        &token,
    )
    .await
    .ok();

    // The list: newest first, keyword on the name, class filter, paging.
    let list = "/api/fileUploadAndDownload/getFileList";
    let all = app.post(list, &json!({}), Some(&token)).await.ok();
    assert_eq!(all["total"], 4);
    assert_eq!(all["list"][0]["name"], "plates.csv");
    let found = app
        .post(list, &json!({"keyword": "report"}), Some(&token))
        .await
        .ok();
    assert_eq!(found["total"], 1);
    let class = app
        .post(
            list,
            &json!({"classId": 3, "page": 1, "pageSize": 50}),
            Some(&token),
        )
        .await
        .ok();
    assert_eq!(class["total"], 1);
    assert_eq!(class["list"][0]["ID"], file["ID"]);
    let page = app
        .post(list, &json!({"page": 2, "pageSize": 3}), Some(&token))
        .await
        .ok();
    assert_eq!(page["list"].as_array().unwrap().len(), 1);
    app.post(list, &json!({"page": "one"}), Some(&token))
        .await
        .code(7);

    // Delete: the record and the stored object go; the URL stops answering.
    let remove = "/api/fileUploadAndDownload/deleteFile";
    delete(&app, remove, &json!({"ID": file["ID"]}), &token)
        .await
        .ok();
    assert_eq!(
        download(&app, file["url"].as_str().unwrap()).await.status(),
        StatusCode::NOT_FOUND
    );
    assert!(
        !uploads_dir(&app)
            .join(file["key"].as_str().unwrap())
            .exists()
    );
    delete(&app, remove, &json!({"ID": file["ID"]}), &token)
        .await
        .code(7);
    delete(&app, remove, &json!({}), &token).await.code(7);
    assert_eq!(
        app.post(list, &json!({}), Some(&token)).await.ok()["total"],
        3
    );
}

#[tokio::test]
async fn uploads_refuse_wrong_types_oversize_and_strangers() {
    let app = spawn_app_with(Spawn {
        configure: Some(Box::new(|mut cfg| {
            cfg.uploads.max_bytes = 1024;
            cfg
        })),
        ..Spawn::default()
    })
    .await;
    let token = app.admin_token().await;
    let path = "/api/web/tool/aliyun/uploading";

    let big = vec![b'a'; 5000];
    let msg = upload(&app, path, file_form("big.csv", &big), Some(&token))
        .await
        .code(7);
    assert!(
        msg.contains("1 KiB") && msg.contains("1024"),
        "names the limit: {msg}"
    );

    let msg = upload(&app, path, file_form("tool.exe", b"MZ\x90\0"), Some(&token))
        .await
        .code(7);
    assert!(
        msg.contains(".exe") && msg.contains("png"),
        "lists what is allowed: {msg}"
    );
    let msg = upload(&app, path, file_form("photo.png", PDF), Some(&token))
        .await
        .code(7);
    assert!(
        msg.contains("does not match") && msg.contains("pdf"),
        "{msg}"
    );
    let msg = upload(&app, path, file_form("table.csv", PNG), Some(&token))
        .await
        .code(7);
    assert!(msg.contains("does not match"), "{msg}");
    upload(
        &app,
        path,
        file_form("page.csv", b"<html><script>alert(1)</script>"),
        Some(&token),
    )
    .await
    .code(7);
    upload(&app, path, file_form("image.jpg", PNG), Some(&token))
        .await
        .code(7);
    upload(&app, path, file_form("fw.bin", PNG), Some(&token))
        .await
        .code(7);
    upload(&app, path, file_form("noextension", PNG), Some(&token))
        .await
        .code(7);
    upload(&app, path, file_form("empty.png", b""), Some(&token))
        .await
        .code(7);
    let msg = upload(&app, path, Form::new().text("classId", "1"), Some(&token))
        .await
        .code(7);
    assert!(msg.contains("file"), "{msg}");
    let msg = upload(
        &app,
        path,
        Form::new()
            .text("classId", "x")
            .part("file", Part::bytes(PNG.to_vec()).file_name("a.png")),
        Some(&token),
    )
    .await
    .code(7);
    assert!(msg.contains("classId"), "{msg}");
    app.post(path, &json!({"file": "x"}), Some(&token))
        .await
        .code(7);

    // Nothing was kept: no records, no files, no leftovers.
    let list = app
        .api_file_upload_and_download_get_file_list(&json!({}), Some(&token))
        .await
        .ok();
    assert_eq!(list["total"], 0);
    assert_eq!(
        files_under(&uploads_dir(&app)),
        Vec::<std::path::PathBuf>::new()
    );

    // Strangers sign in first; roles without the call are refused.
    upload(&app, path, file_form("a.png", PNG), None)
        .await
        .code(100);
    upload(
        &app,
        "/api/fileUploadAndDownload/upload",
        file_form("a.png", PNG),
        None,
    )
    .await
    .code(100);
    let visitor = visitor_token(&app).await;
    upload(&app, path, file_form("a.png", PNG), Some(&visitor))
        .await
        .code(7);
    app.api_aliyun_token(&json!({}), None).await.code(100);
}

#[tokio::test]
async fn the_upload_route_never_leaves_the_uploads_dir() {
    use tokio::io::{AsyncReadExt as _, AsyncWriteExt as _};
    let app = spawn_app().await;
    let token = app.admin_token().await;
    let data = upload(
        &app,
        "/api/web/tool/aliyun/uploading",
        file_form("a.png", PNG),
        Some(&token),
    )
    .await
    .ok();
    let key = data["key"].as_str().unwrap();
    let secret = std::fs::read_to_string(app.data_path.join("jwt-secret")).unwrap();
    for path in [
        "/uploads/..%2f..%2fjwt-secret".to_owned(),
        "/uploads/%2e%2e/jwt-secret".to_owned(),
        format!("/uploads/{key}/..%2f..%2f..%2f..%2fjwt-secret"),
        "/uploads/2026/11/0b0f3c8e-8d59-4a63-9a3c-6a1f3c2d9e10.png".to_owned(),
        "/uploads/".to_owned(),
    ] {
        let res = download(&app, &path).await;
        assert_eq!(res.status(), StatusCode::NOT_FOUND, "{path}");
        assert!(!res.text().await.unwrap().contains(secret.trim()));
    }
    // Literal dot segments, as a raw request (clients would normalise them away).
    for raw in ["/uploads/../jwt-secret", "/uploads/../../../../etc/passwd"] {
        let addr = app.base.trim_start_matches("http://");
        let mut stream = tokio::net::TcpStream::connect(addr).await.unwrap();
        stream
            .write_all(
                format!("GET {raw} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n")
                    .as_bytes(),
            )
            .await
            .unwrap();
        let mut answer = String::new();
        stream.read_to_string(&mut answer).await.unwrap();
        assert!(!answer.starts_with("HTTP/1.1 200"), "{raw}: {answer}");
        assert!(
            !answer.contains(secret.trim()) && !answer.contains("root:"),
            "{raw}"
        );
    }
    // A real key still answers.
    assert_eq!(
        download(&app, &format!("/uploads/{key}")).await.status(),
        StatusCode::OK
    );
}

#[tokio::test]
async fn upload_grants_let_a_browser_upload_without_a_session() {
    let app = spawn_app_with(Spawn {
        configure: Some(Box::new(|mut cfg| {
            cfg.uploads.grant_ttl_secs = 3;
            cfg
        })),
        ..Spawn::default()
    })
    .await;
    let token = app.admin_token().await;
    let grant = app.api_aliyun_token(&json!({}), Some(&token)).await.ok();
    assert_eq!(grant["provider"], "local");
    assert_eq!(grant["method"], "POST");
    assert_eq!(grant["uploadUrl"], "/api/web/tool/aliyun/uploading");
    assert_eq!(grant["maxBytes"], 20 * 1024 * 1024);
    assert!(
        grant["allowedTypes"]
            .as_array()
            .unwrap()
            .contains(&json!("png"))
    );
    assert!(grant["expireAt"].as_i64().unwrap() > chrono::Utc::now().timestamp_millis());
    let signed = grant["token"].as_str().unwrap().to_owned();

    let url = grant["uploadUrl"].as_str().unwrap();
    // In a header, in the query, or as a form field before the file.
    let by_header = app
        .send(
            app.client
                .post(app.url(url))
                .header("x-upload-token", &signed)
                .multipart(file_form("a.png", PNG)),
        )
        .await
        .ok();
    assert!(by_header["url"].as_str().unwrap().starts_with("/uploads/"));
    app.send(
        app.client
            .post(app.url(&format!("{url}?token={signed}")))
            .multipart(file_form("b.png", PNG)),
    )
    .await
    .ok();
    let form = Form::new()
        .text("token", signed.clone())
        .part("file", Part::bytes(PNG.to_vec()).file_name("c.png"));
    app.send(app.client.post(app.url(url)).multipart(form))
        .await
        .ok();

    // A forged or altered grant is refused, and so is an expired one.
    let (payload, _) = signed.split_once('.').unwrap();
    for bad in [
        format!("{payload}.AAAA"),
        "nonsense".to_owned(),
        format!("{}x.{}", payload, signed.split_once('.').unwrap().1),
    ] {
        app.send(
            app.client
                .post(app.url(url))
                .header("x-upload-token", bad)
                .multipart(file_form("d.png", PNG)),
        )
        .await
        .code(7);
    }
    // Expired once the clock passes the grant's last second.
    let expire_at = grant["expireAt"].as_i64().unwrap();
    let wait = expire_at / 1000 * 1000 + 1100 - chrono::Utc::now().timestamp_millis();
    tokio::time::sleep(Duration::from_millis(u64::try_from(wait).unwrap_or(0))).await;
    let msg = app
        .send(
            en(app.client.post(app.url(url)))
                .header("x-upload-token", &signed)
                .multipart(file_form("e.png", PNG)),
        )
        .await
        .code(7);
    assert!(msg.contains("expired"), "{msg}");
    let listed = app
        .api_file_upload_and_download_get_file_list(&json!({}), Some(&token))
        .await
        .ok();
    assert_eq!(listed["total"], 3);
}

/// (method, path and query, body) of every request the stand-in saw.
type Seen = Arc<Mutex<Vec<(String, String, Vec<u8>)>>>;

/// A stand-in S3 server: remembers every request and answers 200.
async fn fake_s3() -> (String, Seen) {
    let seen: Seen = Arc::default();
    let log = seen.clone();
    let app = axum::Router::new().fallback(move |req: axum::extract::Request| {
        let log = log.clone();
        async move {
            let method = req.method().to_string();
            let uri = req.uri().to_string();
            let body = axum::body::to_bytes(req.into_body(), usize::MAX)
                .await
                .unwrap();
            log.lock().unwrap().push((method, uri, body.to_vec()));
            ""
        }
    });
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(async move { axum::serve(listener, app).await });
    (format!("http://{addr}"), seen)
}

#[tokio::test]
async fn an_s3_store_receives_uploads_and_hands_out_presigned_urls() {
    let (endpoint, seen) = fake_s3().await;
    let configured = endpoint.clone();
    let app = spawn_app_with(Spawn {
        configure: Some(Box::new(move |mut cfg| {
            cfg.uploads.store = kernel::config::StoreKind::S3;
            cfg.uploads.s3.endpoint = Some(configured);
            cfg.uploads.s3.bucket = Some("fleet".into());
            cfg.uploads.s3.access_key = Some("AKIDEXAMPLE".into());
            cfg.uploads.s3.secret_key = Some("wJalrXUtnFEMI/K7MDENG".into());
            cfg
        })),
        ..Spawn::default()
    })
    .await;
    let token = app.admin_token().await;
    let data = upload(
        &app,
        "/api/web/tool/aliyun/uploading",
        file_form("a.png", PNG),
        Some(&token),
    )
    .await
    .ok();
    let key = data["key"].as_str().unwrap().to_owned();
    assert_eq!(data["url"], format!("{endpoint}/fleet/{key}"));
    {
        let seen = seen.lock().unwrap();
        let (method, uri, body) = seen.last().unwrap();
        assert_eq!(method, "PUT");
        assert!(uri.starts_with(&format!("/fleet/{key}?")), "{uri}");
        assert!(uri.contains("X-Amz-Signature="), "{uri}");
        assert_eq!(body.as_slice(), PNG);
    }
    assert!(
        files_under(&uploads_dir(&app)).is_empty(),
        "nothing kept locally"
    );

    let grant = app.get("/api/aliyunToken?ext=jpg", Some(&token)).await.ok();
    assert_eq!(grant["provider"], "s3");
    assert_eq!(grant["method"], "PUT");
    let put_url = grant["uploadUrl"].as_str().unwrap();
    assert!(
        put_url.contains("X-Amz-Signature=") && grant["key"].as_str().unwrap().ends_with(".jpg")
    );
    reqwest::Client::new()
        .put(put_url)
        .body(b"\xff\xd8\xff\xe0".to_vec())
        .send()
        .await
        .unwrap()
        .error_for_status()
        .unwrap();
    assert_eq!(seen.lock().unwrap().len(), 2);
    app.get("/api/aliyunToken?ext=exe", Some(&token))
        .await
        .code(7);

    let files = app
        .api_file_upload_and_download_get_file_list(&json!({}), Some(&token))
        .await
        .ok();
    let id = files["list"][0]["ID"].clone();
    delete(
        &app,
        "/api/fileUploadAndDownload/deleteFile",
        &json!({"ID": id}),
        &token,
    )
    .await
    .ok();
    let seen = seen.lock().unwrap();
    let (method, uri, _) = seen.last().unwrap();
    assert_eq!(method, "DELETE");
    assert!(uri.starts_with(&format!("/fleet/{key}?")), "{uri}");
}

// ---- CSV import ----

async fn import_json(app: &TestApp, table: &str, content: &str, token: &str) -> Answer {
    app.send(
        en(app.client.post(app.url("/api/web/tool/csv")))
            .header("x-token", token)
            .json(&json!({"table": table, "content": content})),
    )
    .await
}

async fn detail_count(app: &TestApp, dictionary: i64, token: &str) -> u64 {
    app.get(
        &format!(
            "/api/sysDictionaryDetail/getSysDictionaryDetailList?sysDictionaryID={dictionary}"
        ),
        Some(token),
    )
    .await
    .ok()["total"]
        .as_u64()
        .unwrap()
}

#[tokio::test]
async fn csv_import_is_all_or_nothing_with_row_errors() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    let dict = app
        .api_sys_dictionary_create_sys_dictionary(
            &json!({"name": "颜色", "type": "colour"}),
            Some(&token),
        )
        .await
        .ok()["ID"]
        .as_i64()
        .unwrap();

    let bad = format!(
        "sysDictionaryID,label,value,extend,status,sort\n\
         {dict},红,red,,true,1\n\
         999999,绿,green,,true,2\n\
         {dict},,blue,,true,3\n\
         {dict},黄,yellow,,maybe,x\n\
         {dict},黑,black\n\
         {dict},紫,purple,,true,1,surplus\n"
    );
    let res = import_json(&app, "sys_dictionary_details", &bad, &token).await;
    let msg = res.code(7);
    assert!(msg.contains("nothing was written"), "{msg}");
    let errors = res.envelope().data;
    let errors = errors.as_array().unwrap();
    let cells: Vec<(u64, &str)> = errors
        .iter()
        .map(|e| (e["row"].as_u64().unwrap(), e["column"].as_str().unwrap()))
        .collect();
    assert_eq!(
        cells,
        vec![
            (3, "sysDictionaryID"),
            (4, "label"),
            (5, "status"),
            (5, "sort"),
            (7, ""),
        ],
        "{errors:?}"
    );
    assert!(
        errors
            .iter()
            .all(|e| !e["message"].as_str().unwrap().is_empty()),
        "{errors:?}"
    );
    assert_eq!(
        detail_count(&app, dict, &token).await,
        0,
        "nothing half-written"
    );

    let good = format!(
        "sysDictionaryID,label,value,extend,status,sort,labelEn\n\
         {dict},红,red,,true,1,Red\n\
         {dict},\"绿, 深\",green,\"{{\"\"hex\"\":\"\"#0f0\"\"}}\",0,2,Green\n\
         {dict},蓝,blue,,,,\n"
    );
    let done = import_json(&app, "sys_dictionary_details", &good, &token)
        .await
        .ok();
    assert_eq!(
        done,
        json!({"table": "sys_dictionary_details", "inserted": 3})
    );
    let page = app
        .get(
            &format!("/api/sysDictionaryDetail/getSysDictionaryDetailList?sysDictionaryID={dict}&value=green"),
            Some(&token),
        )
        .await
        .ok();
    let green = &page["list"][0];
    assert_eq!(green["label"], "绿, 深");
    assert_eq!(green["labelEn"], "Green");
    assert_eq!(green["extend"], r##"{"hex":"#0f0"}"##);
    assert_eq!(green["status"], false);

    // The same as a multipart upload.
    let form = Form::new().text("table", "sys_dictionary_details").part(
        "file",
        Part::bytes(format!("\u{feff}sysDictionaryID,label,value\n{dict},白,white\n").into_bytes())
            .file_name("colours.csv"),
    );
    let done = upload(&app, "/api/web/tool/csv", form, Some(&token))
        .await
        .ok();
    assert_eq!(done["inserted"], 1);
    assert_eq!(detail_count(&app, dict, &token).await, 4);

    // Header problems, empty files, unknown tables, missing parts.
    let res = import_json(
        &app,
        "sys_dictionary_details",
        "label,colour\nx,y\n",
        &token,
    )
    .await;
    res.code(7);
    let data = res.envelope().data;
    assert!(
        data.as_array().unwrap().iter().all(|e| e["row"] == 1),
        "{data}"
    );
    import_json(
        &app,
        "sys_dictionary_details",
        "sysDictionaryID,label,value\n",
        &token,
    )
    .await
    .code(7);
    import_json(&app, "sys_dictionary_details", "", &token)
        .await
        .code(7);
    let res = import_json(&app, "users", "a\n1\n", &token).await;
    let msg = res.code(7);
    assert!(
        msg.contains("sys_dictionary_details") && msg.contains("sys_apis"),
        "lists what can be imported: {msg}"
    );
    assert_eq!(
        res.envelope().data["tables"],
        json!([
            "sys_dictionary_details",
            "sys_apis",
            "vehicles",
            "drivers",
            "devices"
        ])
    );
    app.api_web_tool_csv(&json!({"table": "sys_apis"}), Some(&token))
        .await
        .code(7);
    app.api_web_tool_csv(&json!({"content": "a"}), Some(&token))
        .await
        .code(7);
    upload(
        &app,
        "/api/web/tool/csv",
        file_form("a.csv", b"path,method\n/a,GET\n"),
        Some(&token),
    )
    .await
    .code(7);
    assert_eq!(detail_count(&app, dict, &token).await, 4);

    // Others may not import.
    let visitor = visitor_token(&app).await;
    import_json(&app, "sys_dictionary_details", &good, &visitor)
        .await
        .code(7);
    assert_eq!(detail_count(&app, dict, &token).await, 4);

    // The import itself is in the operation log (it writes).
    records(&app, "path=/api/web/tool/csv", &token, 1).await;
}

#[tokio::test]
async fn csv_import_of_api_registry_rows() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    use sea_orm::ConnectionTrait as _;
    let count = || async {
        app.state
            .db
            .query_one_raw(sea_orm::Statement::from_string(
                app.state.db.get_database_backend(),
                "SELECT COUNT(*) AS n FROM sys_apis".to_owned(),
            ))
            .await
            .unwrap()
            .unwrap()
            .try_get::<i64>("", "n")
            .unwrap()
    };
    let before = count().await;
    let bad = "path,method,apiGroup,description\n\
               /api/custom/one,GET,custom,One\n\
               /api/custom/one,get,custom,Again\n\
               /api/base/login,POST,session,Exists\n\
               custom/two,FETCH,custom,Bad\n";
    let res = import_json(&app, "sys_apis", bad, &token).await;
    res.code(7);
    let errors = res.envelope().data;
    let cells: Vec<(u64, &str)> = errors
        .as_array()
        .unwrap()
        .iter()
        .map(|e| (e["row"].as_u64().unwrap(), e["column"].as_str().unwrap()))
        .collect();
    assert_eq!(
        cells,
        vec![(3, "path"), (4, "path"), (5, "path"), (5, "method")],
        "{errors}"
    );
    assert!(
        errors[0]["message"]
            .as_str()
            .unwrap()
            .contains("repeats row 2")
    );
    assert_eq!(count().await, before);

    let good = "path,method,apiGroup,description\n/api/custom/one,GET,custom,One\n/api/custom/two,post,custom,Two\n";
    let done = import_json(&app, "sys_apis", good, &token).await.ok();
    assert_eq!(done["inserted"], 2);
    assert_eq!(count().await, before + 2);
}

// ---- WeChat ----

#[test]
fn the_wechat_signature_matches_the_documented_example() {
    assert_eq!(
        domain::wechat::signature(
            "sM4AOVdWfPE4DxkXGEs8VMCPGGVi4C3VM0P37wVUCFvkVAy_90u5h9nbSlYy3-Sl-HhTdfl2fzFy1AOcHKP7qg",
            "Wm3WZYTPz0wzccnW",
            1_414_587_457,
            "http://mp.weixin.qq.com?params=value",
        ),
        "0f9de62fce790f9a083d5c99e95740ceb90c27ed"
    );
}

async fn jssdk(app: &TestApp, body: &Value) -> Answer {
    app.send(en(app.client.post(app.url("/api/wechat/getWechatJSSDK"))).json(body))
        .await
}

#[tokio::test]
async fn wechat_signing_needs_configuration() {
    let app = spawn_app().await;
    let msg = jssdk(&app, &json!({"url": "https://wheelend.cn/share"}))
        .await
        .code(7);
    assert_eq!(msg, "WeChat is not configured");
}

#[tokio::test]
async fn wechat_signing_with_a_fixed_ticket() {
    let app = spawn_app_with(Spawn {
        configure: Some(Box::new(|mut cfg| {
            cfg.wechat.app_id = Some("wx0123456789abcdef".into());
            cfg.wechat.jsapi_ticket = Some("TICKET-1".into());
            cfg
        })),
        ..Spawn::default()
    })
    .await;
    // Open: share pages are seen by people who are not signed in.
    let data = jssdk(&app, &json!({"url": "https://wheelend.cn/share?id=1#/top"}))
        .await
        .ok();
    assert_eq!(data["appId"], "wx0123456789abcdef");
    let nonce = data["nonceStr"].as_str().unwrap();
    let timestamp = data["timestamp"].as_i64().unwrap();
    assert_eq!(nonce.len(), 16);
    assert!((chrono::Utc::now().timestamp() - timestamp).abs() < 60);
    assert_eq!(
        data["signature"].as_str().unwrap(),
        domain::wechat::signature(
            "TICKET-1",
            nonce,
            timestamp,
            "https://wheelend.cn/share?id=1"
        )
    );
    let msg = jssdk(&app, &json!({})).await.code(7);
    assert!(msg.contains("url"), "{msg}");
    jssdk(&app, &json!({"url": 5})).await.code(7);
    jssdk(&app, &json!({"url": "javascript:alert(1)"}))
        .await
        .code(7);
}

#[tokio::test]
async fn wechat_tickets_are_fetched_once_and_cached() {
    use std::sync::atomic::{AtomicUsize, Ordering};
    let hits = Arc::new(AtomicUsize::new(0));
    let (token_hits, ticket_hits) = (hits.clone(), hits.clone());
    let fake = axum::Router::new()
        .route(
            "/cgi-bin/token",
            axum::routing::get(
                move |axum::extract::Query(q): axum::extract::Query<
                    std::collections::HashMap<String, String>,
                >| {
                    let hits = token_hits.clone();
                    async move {
                        hits.fetch_add(1, Ordering::SeqCst);
                        assert_eq!(q.get("secret").map(String::as_str), Some("app-secret"));
                        axum::Json(json!({"access_token": "AT", "expires_in": 7200}))
                    }
                },
            ),
        )
        .route(
            "/cgi-bin/ticket/getticket",
            axum::routing::get(move || {
                let hits = ticket_hits.clone();
                async move {
                    hits.fetch_add(1, Ordering::SeqCst);
                    axum::Json(json!({"errcode": 0, "errmsg": "ok", "ticket": "FETCHED", "expires_in": 7200}))
                }
            }),
        );
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let base = format!("http://{}", listener.local_addr().unwrap());
    tokio::spawn(async move { axum::serve(listener, fake).await });
    let app = spawn_app_with(Spawn {
        configure: Some(Box::new(move |mut cfg| {
            cfg.wechat.app_id = Some("wxapp".into());
            cfg.wechat.app_secret = Some("app-secret".into());
            cfg.wechat.api_base = base;
            cfg
        })),
        ..Spawn::default()
    })
    .await;
    for _ in 0..3 {
        let data = jssdk(&app, &json!({"url": "https://wheelend.cn/s"}))
            .await
            .ok();
        assert_eq!(
            data["signature"].as_str().unwrap(),
            domain::wechat::signature(
                "FETCHED",
                data["nonceStr"].as_str().unwrap(),
                data["timestamp"].as_i64().unwrap(),
                "https://wheelend.cn/s"
            )
        );
    }
    assert_eq!(
        hits.load(Ordering::SeqCst),
        2,
        "one token and one ticket fetch"
    );
}

#[tokio::test]
async fn enterprise_admins_import_fleet_data_but_not_system_tables() {
    let app = spawn_app().await;
    let t = wheelend_tests::tenants::two_trees(&app).await;
    let import = |table: &str, content: &str| {
        let body = json!({"table": table, "content": content});
        let app = &app;
        let token = t.a.admin.clone();
        async move {
            app.post("/api/web/tool/csv?lang=en", &body, Some(&token))
                .await
        }
    };
    let before = wheelend_tests::all_table_counts(&app.state.db).await;
    let msg = import(
        "sys_apis",
        "path,method,apiGroup,description\r\n/api/x,POST,x,x\r\n",
    )
    .await
    .code(7);
    assert!(msg.contains("Only platform staff"), "{msg}");
    let mut after = wheelend_tests::all_table_counts(&app.state.db).await;
    after.remove("sys_operation_records");
    let mut before = before;
    before.remove("sys_operation_records");
    assert_eq!(before, after);
    let done = import("vehicles", "plate,axleLayout\r\n沪Z99999,\"2,4\"\r\n")
        .await
        .ok();
    assert_eq!(done["inserted"], 1);
}
