//! The system area: dictionaries and details, the seeded enumerations, operation records,
//! uploads (local and S3), upload grants, CSV import and WeChat share signing.

use reqwest::multipart::{Form, Part};
use serde_json::Value;
use std::time::Duration;
use wheelend_tests::{Answer, TestApp, json};

mod dictionaries;
mod files;
mod import;
mod records;
mod wechat;

pub(super) async fn put(app: &TestApp, path: &str, body: &Value, token: &str) -> Answer {
    app.send(
        app.client
            .put(app.url(path))
            .header("x-token", token)
            .json(body),
    )
    .await
}

pub(super) async fn delete(app: &TestApp, path: &str, body: &Value, token: &str) -> Answer {
    app.send(
        app.client
            .delete(app.url(path))
            .header("x-token", token)
            .json(body),
    )
    .await
}

/// A request in English, so messages can be matched.
pub(super) fn en(req: reqwest::RequestBuilder) -> reqwest::RequestBuilder {
    req.header("cookie", "lang=en")
}

pub(super) fn file_form(name: &str, bytes: &[u8]) -> Form {
    Form::new().part(
        "file",
        Part::bytes(bytes.to_vec()).file_name(name.to_owned()),
    )
}

pub(super) async fn upload(app: &TestApp, path: &str, form: Form, token: Option<&str>) -> Answer {
    let mut req = en(app.client.post(app.url(path))).multipart(form);
    if let Some(t) = token {
        req = req.header("x-token", t);
    }
    app.send(req).await
}

pub(super) async fn visitor_token(app: &TestApp) -> String {
    let data = app
        .api_base_login(
            &json!({"type": "visitorLogin", "username": "visitor"}),
            None,
        )
        .await
        .ok();
    data["token"].as_str().unwrap().to_owned()
}

// ---- operation records ----

/// Records are written in the background: wait until `want` match.
pub(super) async fn records(app: &TestApp, query: &str, token: &str, want: usize) -> Value {
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
