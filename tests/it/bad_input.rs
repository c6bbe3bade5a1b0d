//! Bad input gets code 7 naming the field, never a 500 (docs/input.md): every list call of the
//! contract receives out-of-range paging, over-long and wildcard texts, duplicate keys and deep
//! nesting; LIKE wildcards match literally; unknown enterprises are refused before the write;
//! oversized query strings answer with the envelope.

use reqwest::StatusCode;
use serde_json::{Map, Value};
use wheelend::input::Kind;
use wheelend_tests::{Answer, TestApp, all_table_counts, json, spawn_app, tenants};

/// A call of the contract that takes `page`/`pageSize`, with what it needs to get that far.
struct ListCall {
    method: String,
    path: String,
    /// Top-level text fields (strings and arrays of strings) it takes.
    texts: Vec<String>,
    /// A value for each required field, so the request reaches the checks under test.
    required: Map<String, Value>,
}

impl ListCall {
    fn label(&self) -> String {
        format!("{} {}", self.method, self.path)
    }

    /// The required fields plus `extra`.
    fn body(&self, extra: &Value) -> Value {
        let mut body = self.required.clone();
        for (k, v) in extra.as_object().expect("an object") {
            body.insert(k.clone(), v.clone());
        }
        Value::Object(body)
    }

    fn is_get(&self) -> bool {
        self.method == "GET"
    }
}

fn resolve<'a>(spec: &'a Value, mut schema: &'a Value) -> &'a Value {
    while let Some(r) = schema.get("$ref").and_then(Value::as_str) {
        let name = r.rsplit('/').next().expect("a schema name");
        schema = &spec["components"]["schemas"][name];
    }
    schema
}

/// Properties (name → schema) and required names of an object schema, through `allOf`.
fn properties(spec: &Value, schema: &Value, props: &mut Map<String, Value>, req: &mut Vec<String>) {
    let schema = resolve(spec, schema);
    if let Some(p) = schema.get("properties").and_then(Value::as_object) {
        props.extend(p.clone());
    }
    if let Some(r) = schema.get("required").and_then(Value::as_array) {
        req.extend(r.iter().filter_map(|v| v.as_str().map(str::to_owned)));
    }
    for part in schema
        .get("allOf")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
    {
        properties(spec, part, props, req);
    }
}

/// The JSON types a property may take (through `$ref` and `oneOf`).
fn types(spec: &Value, schema: &Value) -> Vec<String> {
    let schema = resolve(spec, schema);
    let mut out: Vec<String> = match &schema["type"] {
        Value::String(t) => vec![t.clone()],
        Value::Array(ts) => ts
            .iter()
            .filter_map(|t| t.as_str().map(str::to_owned))
            .collect(),
        _ => Vec::new(),
    };
    for part in schema
        .get("oneOf")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
    {
        out.extend(types(spec, part));
    }
    if out.iter().any(|t| t == "array") && types(spec, &schema["items"]).contains(&"string".into())
    {
        out.push("array of strings".into());
    }
    out
}

/// A value a required field accepts.
fn sample(spec: &Value, schema: &Value) -> Value {
    let schema = resolve(spec, schema);
    match (schema["type"].as_str(), schema["format"].as_str()) {
        (_, Some("date-time")) => json!("2026-01-01T00:00:00Z"),
        (_, Some("date")) => json!("2026-01-01"),
        (Some("integer" | "number"), _) => json!(1),
        (Some("boolean"), _) => json!(false),
        (Some("array"), _) => json!([]),
        _ => json!("x"),
    }
}

/// Every call whose query or body takes `page` or `pageSize`.
fn list_calls() -> Vec<ListCall> {
    let spec: Value = serde_json::from_str(&wheelend::openapi::json()).expect("the contract");
    let mut calls = Vec::new();
    for (path, item) in spec["paths"].as_object().expect("paths") {
        for (method, op) in item.as_object().expect("operations") {
            let (mut props, mut req) = (Map::new(), Vec::new());
            for p in op["parameters"].as_array().into_iter().flatten() {
                if p["in"] == "query" {
                    let name = p["name"].as_str().expect("a name").to_owned();
                    if p["required"] == true {
                        req.push(name.clone());
                    }
                    props.insert(name, p["schema"].clone());
                }
            }
            if let Some(body) = op["requestBody"]["content"]["application/json"].get("schema") {
                properties(&spec, body, &mut props, &mut req);
            }
            if !props.contains_key("page") && !props.contains_key("pageSize") {
                continue;
            }
            let texts = props
                .iter()
                .filter(|(_, s)| {
                    let t = types(&spec, s);
                    t.contains(&"string".into()) || t.contains(&"array of strings".into())
                })
                .map(|(name, _)| name.clone())
                .collect();
            let required = req
                .iter()
                .map(|name| (name.clone(), sample(&spec, &props[name])))
                .collect();
            calls.push(ListCall {
                method: method.to_ascii_uppercase(),
                path: path.clone(),
                texts,
                required,
            });
        }
    }
    calls
}

async fn send(app: &TestApp, token: &str, call: &ListCall, extra: &Value) -> Answer {
    app.call(
        &call.method,
        &call.path,
        &call.body(extra),
        Some(token),
        &[],
    )
    .await
}

/// Sends a body as it is (for duplicate keys, which a JSON value cannot hold).
async fn send_raw(app: &TestApp, token: &str, call: &ListCall, raw: &str) -> Answer {
    let req = if call.is_get() {
        app.client.get(format!("{}?{raw}", app.url(&call.path)))
    } else {
        app.client
            .request(call.method.parse().expect("a method"), app.url(&call.path))
            .header("content-type", "application/json")
            .body(raw.to_owned())
    };
    app.send(req.header("x-token", token)).await
}

/// Asserts HTTP 200, code 7 and a message naming `field`.
fn refused(res: &Answer, call: &ListCall, what: &str, field: &str) {
    assert_ne!(
        res.status,
        StatusCode::INTERNAL_SERVER_ERROR,
        "{} {what}: {}",
        call.label(),
        res.text
    );
    let env = res.envelope();
    assert_eq!(
        (res.status, env.code),
        (StatusCode::OK, 7),
        "{} {what}: {}",
        call.label(),
        res.text
    );
    assert!(
        env.msg.contains(field),
        "{} {what}: the message names {field}: {}",
        call.label(),
        env.msg
    );
}

fn not_a_crash(res: &Answer, call: &ListCall, what: &str) {
    assert_eq!(
        res.status,
        StatusCode::OK,
        "{} {what}: {}",
        call.label(),
        res.text
    );
    assert!(
        matches!(res.envelope().code, 0 | 7),
        "{} {what}: {}",
        call.label(),
        res.text
    );
}

#[test]
fn the_list_calls_are_found_in_the_contract() {
    let calls = list_calls();
    assert!(calls.len() >= 45, "only {} list calls found", calls.len());
    for path in [
        "/api/web/car/list",
        "/api/web/device/list",
        "/api/sysOperationRecord/getSysOperationRecordList",
        "/api/tbProject/getTbProjectList",
    ] {
        assert!(
            calls.iter().any(|c| c.path == path),
            "{path} is a list call"
        );
    }
}

#[tokio::test]
async fn every_list_call_refuses_out_of_range_paging_by_name() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    for call in list_calls() {
        for (what, extra, field) in [
            (
                "page i64::MAX",
                json!({"page": i64::MAX, "pageSize": 100}),
                "page",
            ),
            (
                "page u64::MAX",
                json!({"page": u64::MAX, "pageSize": 500}),
                "page",
            ),
            ("page 0", json!({"page": 0, "pageSize": 10}), "page"),
            ("pageSize 0", json!({"page": 1, "pageSize": 0}), "pageSize"),
            (
                "pageSize 100000",
                json!({"page": 1, "pageSize": 100_000}),
                "pageSize",
            ),
            ("page -1", json!({"page": -1, "pageSize": 10}), "page"),
        ] {
            let res = send(&app, &token, &call, &extra).await;
            refused(&res, &call, what, field);
        }
        // Beyond any signed 64-bit number, and beyond any unsigned one.
        for page in ["9223372036854775808", "99999999999999999999999"] {
            let res = if call.is_get() {
                send_raw(&app, &token, &call, &format!("page={page}")).await
            } else {
                let raw = call.body(&json!({})).to_string();
                let raw = format!("{{\"page\":{page},{}", &raw[1..]);
                send_raw(&app, &token, &call, raw.replace(",}", "}").as_str()).await
            };
            refused(&res, &call, &format!("page {page}"), "page");
        }
        // The last page there can be is still answered.
        let res = send(&app, &token, &call, &json!({"page": 1000, "pageSize": 500})).await;
        not_a_crash(&res, &call, "a page past the end");
    }
}

#[tokio::test]
async fn every_text_of_every_list_call_is_limited_by_its_kind() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    for call in list_calls() {
        for field in &call.texts {
            let limit = Kind::of(field).limit();
            let value = |n: usize| {
                let text = "x".repeat(n);
                if call.is_get() || !field.ends_with('s') || field == "keys" {
                    json!({ field: text })
                } else {
                    json!({ field: [text] })
                }
            };
            let over = send(&app, &token, &call, &value(limit + 1)).await;
            refused(&over, &call, &format!("{field} over {limit}"), field);
            if !call.is_get() {
                let huge = send(&app, &token, &call, &value(50_001)).await;
                refused(&huge, &call, &format!("{field} of 50,001"), field);
            }
            let at = send(&app, &token, &call, &value(limit)).await;
            not_a_crash(&at, &call, &format!("{field} at {limit}"));
            for wildcard in ["%", "_", "\\", "%_%\\"] {
                let res = send(&app, &token, &call, &json!({ field: wildcard })).await;
                not_a_crash(&res, &call, &format!("{field} = {wildcard}"));
            }
        }
    }
}

#[tokio::test]
async fn every_list_call_refuses_duplicate_keys_and_deep_nesting() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    let deep = format!("{}{}", "[".repeat(20_000), "]".repeat(20_000));
    for call in list_calls() {
        if call.is_get() {
            let res = send_raw(&app, &token, &call, "page=1&page=2").await;
            refused(&res, &call, "a duplicate key", "page");
            continue;
        }
        let rest = call.body(&json!({})).to_string();
        let rest = &rest[1..rest.len() - 1];
        let sep = if rest.is_empty() { "" } else { "," };
        let res = send_raw(
            &app,
            &token,
            &call,
            &format!(r#"{{"page":1,"page":2{sep}{rest}}}"#),
        )
        .await;
        refused(&res, &call, "a duplicate key", "page");
        let raw = format!(r#"{{"unknownField":{deep}{sep}{rest}}}"#);
        let res = send_raw(&app, &token, &call, &raw).await;
        refused(&res, &call, "20,000-deep nesting", "unknownField");
    }
}

#[tokio::test]
async fn watch_list_and_query_ent_refuse_duplicates_and_deep_nesting() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    for path in ["/api/web/car/watchList4", "/api/web/ent/queryEnt"] {
        let post = |raw: String| {
            app.send(
                app.client
                    .post(app.url(path))
                    .header("x-token", &token)
                    .header("content-type", "application/json")
                    .body(raw),
            )
        };
        let msg = post(r#"{"keyword":"a","keyword":"b"}"#.into())
            .await
            .code(7);
        assert!(msg.contains("keyword"), "{path}: {msg}");
        let deep = format!(
            r#"{{"x":{}{}}}"#,
            "{\"y\":".repeat(20_000),
            "}".repeat(20_000)
        );
        let deep = deep.replacen("{\"y\":}", "1", 1);
        let msg = post(deep).await.code(7);
        assert!(msg.contains("32"), "{path}: {msg}");
    }
}

/// The `field` of each row of a list call's page.
async fn column(app: &TestApp, token: &str, path: &str, body: Value, field: &str) -> Vec<String> {
    let data = app.post(path, &body, Some(token)).await.ok();
    let mut out: Vec<String> = tenants::rows(&data)
        .iter()
        .map(|r| r[field].as_str().unwrap_or_default().to_owned())
        .collect();
    out.sort();
    out
}

#[tokio::test]
async fn like_wildcards_in_filters_match_literally() {
    let app = spawn_app().await;
    let admin = app.admin_token().await;
    let ent = tenants::create_enterprise(&app, &admin, "Wildcard Freight", None).await;
    tenants::add_vehicles(&app, [(&admin, ent, "A%1"), (&admin, ent, "AB1")]).await;
    let plates = |keyword: &str| {
        let body = json!({"keyword": keyword, "entId": ent, "page": 1, "pageSize": 100});
        column(&app, &admin, "/api/web/car/list", body, "plate")
    };
    assert_eq!(plates("%").await, ["A%1"]);
    assert_eq!(plates("_").await, Vec::<String>::new());
    assert_eq!(plates("a%").await, ["A%1"], "case is ignored");
    assert_eq!(plates("b1").await, ["AB1"]);
    assert_eq!(plates("A_1").await, Vec::<String>::new());
    assert_eq!(plates("\\").await, Vec::<String>::new());

    tenants::create_enterprise(&app, &admin, "100% Haulage", Some(ent)).await;
    tenants::create_enterprise(&app, &admin, "100 Haulage", Some(ent)).await;
    let names = |keyword: &str| {
        let body = json!({"keyword": keyword, "parentId": ent, "page": 1, "pageSize": 100});
        column(
            &app,
            &admin,
            "/api/web/ent/my_enterprise/lists",
            body,
            "entName",
        )
    };
    assert_eq!(names("0%").await, ["100% Haulage"]);
    assert_eq!(names("100_").await, Vec::<String>::new());
    assert_eq!(names("100").await, ["100 Haulage", "100% Haulage"]);
}

/// Sends a GET with a query string of `bytes` bytes over a plain socket (HTTP clients refuse
/// to build such URLs) and answers the status line and the body.
async fn raw_get(app: &TestApp, path: &str, bytes: usize, token: Option<&str>) -> (String, String) {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let addr = app.base.trim_start_matches("http://");
    let mut stream = tokio::net::TcpStream::connect(addr).await.unwrap();
    let token = token
        .map(|t| format!("x-token: {t}\r\n"))
        .unwrap_or_default();
    let request = format!(
        "GET {path}?keyword={} HTTP/1.1\r\nHost: {addr}\r\n{token}Connection: close\r\n\r\n",
        "k".repeat(bytes)
    );
    stream.write_all(request.as_bytes()).await.unwrap();
    let mut answer = String::new();
    stream.read_to_string(&mut answer).await.unwrap();
    let status = answer.lines().next().unwrap_or_default().to_owned();
    let body = answer
        .split_once("\r\n\r\n")
        .map(|(_, b)| b.to_owned())
        .unwrap_or_default();
    (status, body)
}

#[tokio::test]
async fn an_oversized_query_string_is_refused_with_the_envelope() {
    let app = spawn_app().await;
    let admin = app.admin_token().await;
    for (path, token) in [
        (
            "/api/sysOperationRecord/getSysOperationRecordList",
            Some(admin.as_str()),
        ),
        ("/api/health", None),
        ("/api/no/such/call", None),
    ] {
        let (status, body) = raw_get(&app, path, 60_000, token).await;
        assert!(status.starts_with("HTTP/1.1 200"), "{path}: {status}");
        assert!(
            body.contains("\"code\":7") && body.contains("16384"),
            "{path}: {body}"
        );
    }
    // Just below the limit, the call is answered: the text's own limit then applies.
    let res = app
        .get(
            &format!(
                "/api/sysOperationRecord/getSysOperationRecordList?path={}",
                "p".repeat(16_000)
            ),
            Some(&admin),
        )
        .await;
    assert_eq!(res.envelope().code, 7, "{}", res.text);
    assert!(res.envelope().msg.contains("path"), "{}", res.text);
    // A page gets HTTP 414.
    let (status, _) = raw_get(&app, "/about", 60_000, None).await;
    assert!(status.starts_with("HTTP/1.1 414"), "{status}");
    // A request line beyond what the HTTP layer holds (64 KiB) is refused by it, without
    // the envelope (docs/input.md), and the server carries on.
    let (status, _) = raw_get(&app, "/api/health", 1024 * 1024, None).await;
    assert!(
        status.starts_with("HTTP/1.1 414") || status.starts_with("HTTP/1.1 431"),
        "{status}"
    );
    app.api_health(&json!({}), None).await.ok();
}

#[tokio::test]
async fn an_unknown_enterprise_is_refused_before_anything_is_written() {
    let app = spawn_app().await;
    let admin = app.admin_token().await;
    // Refused writes are still operations, and logged; the admin's sign-in record is written
    // after its answer, so it may land between the two counts.
    let counts = || async {
        let mut c = all_table_counts(&app.state.db).await;
        c.remove("sys_operation_records");
        c.remove("sys_login_records");
        c
    };
    let before = counts().await;
    for (path, body) in [
        ("/api/web/car/found_demonstration", json!({"entId": 1})),
        (
            "/api/web/car/found_demonstration",
            json!({"entId": 999_999}),
        ),
        (
            "/api/web/car/updateCarInfo",
            json!({"plate": "ZZX-0001", "axleLayout": "2,4", "enterpriseId": 999_999}),
        ),
        ("/api/web/car/list", json!({"entId": 999_999})),
    ] {
        let res = app.post(path, &body, Some(&admin)).await;
        assert_eq!(res.status, StatusCode::OK, "{path} {body}: {}", res.text);
        let env = res.envelope();
        assert_eq!(env.code, 7, "{path} {body}: {}", res.text);
        let id = body
            .as_object()
            .and_then(|b| b.get("entId").or_else(|| b.get("enterpriseId")))
            .unwrap()
            .to_string();
        assert!(
            env.msg.contains(&id),
            "{path}: names the enterprise: {}",
            env.msg
        );
    }
    assert_eq!(counts().await, before);
}

/// A refusal about one field names it in `data.field` (its JSON path) beside the message, so a
/// form shows it under that field: a value of the wrong type, a rule of a service, an entry of
/// a list. A refusal about no field in particular carries none.
#[tokio::test]
async fn refusals_about_a_field_name_it_in_data() {
    let app = spawn_app().await;
    let admin = app.admin_token().await;
    let refused = |answer: Answer| {
        let envelope = answer.envelope();
        assert_eq!(envelope.code, 7, "{}", answer.text);
        (envelope.data["field"].clone(), envelope.msg)
    };
    let tb_up = |body: Value| app.api_web_ent_tb_up(&body, Some(admin.as_str()));

    let (field, msg) = refused(tb_up(json!({"entName": 5})).await);
    assert_eq!(field, "entName", "{msg}");
    let (field, msg) = refused(tb_up(json!({"entName": "   "})).await);
    assert_eq!(field, "entName", "{msg}");
    let (field, msg) = refused(tb_up(json!({"entName": "x".repeat(65)})).await);
    assert_eq!(field, "entName", "{msg}");

    let (field, msg) = refused(
        app.api_tb_enterprise_alarm_update_tb_enterprise_alarm(
            &json!({"axles": [{"position": "drive", "axleHighTemperature": 20}]}),
            Some(&admin),
        )
        .await,
    );
    assert_eq!(field, "axles[0].axleHighTemperature", "{msg}");

    let (field, msg) = refused(
        app.api_web_ent_tb_up(&json!({"entId": 999_999, "entName": "x"}), Some(&admin))
            .await,
    );
    assert_eq!(field, Value::Null, "no field for {msg}");
}
