//! Operation records.

use super::{delete, en, put, records, visitor_token};
use serde_json::Value;
use wheelend_tests::{json, spawn_app};

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
