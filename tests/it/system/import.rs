//! CSV/XLSX import: all or nothing, row errors, and who may import what.

use super::{en, file_form, records, upload, visitor_token};
use reqwest::multipart::{Form, Part};
use wheelend_tests::{Answer, TestApp, json, spawn_app};

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
            "devices",
            "stock_opening",
            "tyre_assets"
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
