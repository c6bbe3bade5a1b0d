//! The audit trails: the operation log never holds a secret (requests and responses masked by
//! field name, sign-ins not logged as operations), sign-ins have their own record without the
//! token, the log is append-only below the super admin, secrets stored before masking are
//! masked by a migration, and the visitor sees only the sample enterprise.

use std::time::Duration;

use entities::{sys_login_record, sys_operation_record};
use kernel::ids::{DEMO_ENTERPRISE, SAMPLE_ENTERPRISE};
use sea_orm::{ActiveModelTrait, ConnectionTrait, EntityTrait, PaginatorTrait, Set};
use serde_json::Value;
use wheelend_tests::tenants::{self, two_trees};
use wheelend_tests::{ADMIN_PASSWORD, TestApp, json, spawn_app};

/// Waits until `table` holds at least `rows` rows (entries are stored in the background).
async fn stored<E: EntityTrait>(app: &TestApp, rows: u64)
where
    E::Model: Sync,
{
    for _ in 0..100 {
        if E::find().count(&app.state.db).await.unwrap() >= rows {
            return;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    panic!("fewer than {rows} rows were stored");
}

async fn operation_log(app: &TestApp, token: &str) -> Value {
    app.get(
        "/api/sysOperationRecord/getSysOperationRecordList?page=1&pageSize=100",
        Some(token),
    )
    .await
    .ok()
}

#[tokio::test]
async fn no_token_password_or_issued_secret_reaches_the_operation_log() {
    let app = spawn_app().await;
    let admin = app.admin_token().await;
    let visitor = app.visitor_token().await;
    // A write whose request holds a password, and one whose answer holds an issued secret.
    app.api_user_admin_register(
        &json!({"userName": "audit.user", "passWord": "Secret-pass-42", "nickName": "Audit",
                "authorityId": 101, "enterpriseId": DEMO_ENTERPRISE}),
        Some(&admin),
    )
    .await
    .ok();
    let member = app.login("audit.user", "Secret-pass-42").await;
    let hook = app
        .api_setting_url_save(
            &json!({"url": "https://hooks.example.com/wheelend", "entId": DEMO_ENTERPRISE}),
            Some(&admin),
        )
        .await
        .ok();
    let secret = hook["secret"]
        .as_str()
        .expect("the secret is answered once");
    stored::<sys_operation_record::Entity>(&app, 2).await;

    let log = operation_log(&app, &admin).await;
    let text = log.to_string();
    for (what, value) in [
        ("the admin's token", admin.as_str()),
        ("the visitor's token", visitor.as_str()),
        ("the member's token", member.as_str()),
        ("the password", "Secret-pass-42"),
        ("the webhook secret", secret),
    ] {
        assert!(!text.contains(value), "{what} is in the log: {text}");
    }
    let paths: Vec<&str> = log["list"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["path"].as_str().unwrap())
        .collect();
    assert!(
        paths.iter().all(|p| !p.contains("login")),
        "sign-ins are not operations: {paths:?}"
    );
    let saved = log["list"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["path"] == "/api/settingUrl/save")
        .expect("the webhook save is logged");
    assert!(
        saved["resp"].as_str().unwrap().contains("******"),
        "the answer is masked, not dropped: {saved}"
    );
    // The stored rows, not just the answer, hold no token.
    for row in sys_operation_record::Entity::find()
        .all(&app.state.db)
        .await
        .unwrap()
    {
        assert!(!row.body.contains(&admin) && !row.resp.contains(&admin));
        assert!(!row.resp.contains(secret));
    }
}

#[tokio::test]
async fn every_sign_in_is_recorded_with_its_outcome_and_never_its_token() {
    let app = spawn_app().await;
    let admin = app.admin_token().await;
    app.visitor_token().await;
    app.api_base_login(
        &json!({"username": "admin", "password": "wrong-pass-1"}),
        None,
    )
    .await
    .code(7);
    app.api_base_login(
        &json!({"username": "nobody.here", "password": "wrong-pass-1"}),
        None,
    )
    .await
    .code(7);
    stored::<sys_login_record::Entity>(&app, 4).await;

    let page = app
        .get(
            "/api/sysLoginRecord/getSysLoginRecordList?page=1&pageSize=50",
            Some(&admin),
        )
        .await
        .ok();
    assert!(!page.to_string().contains(&admin), "no token: {page}");
    let outcomes: Vec<(String, String, String)> = page["list"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            (
                r["username"].as_str().unwrap().to_owned(),
                r["method"].as_str().unwrap().to_owned(),
                r["result"].as_str().unwrap().to_owned(),
            )
        })
        .collect();
    for expected in [
        ("admin", "password", "ok"),
        ("visitor", "visitor", "ok"),
        ("admin", "password", "bad_password"),
        ("nobody.here", "password", "unknown_user"),
    ] {
        assert!(
            outcomes
                .iter()
                .any(|(u, m, r)| (u.as_str(), m.as_str(), r.as_str()) == expected),
            "{expected:?} in {outcomes:?}"
        );
    }
    let row = &page["list"][0];
    assert!(row["ip"].as_str().is_some_and(|ip| !ip.is_empty()));

    // Filters by outcome and name.
    let failed = app
        .get(
            "/api/sysLoginRecord/getSysLoginRecordList?result=bad_password",
            Some(&admin),
        )
        .await
        .ok();
    assert_eq!(failed["total"], 1, "{failed}");
    let nobody = app
        .get(
            "/api/sysLoginRecord/getSysLoginRecordList?username=nobody",
            Some(&admin),
        )
        .await
        .ok();
    assert_eq!(nobody["total"], 1, "{nobody}");
    app.get(
        "/api/sysLoginRecord/getSysLoginRecordList?startTime=yesterday",
        Some(&admin),
    )
    .await
    .code(7);
}

#[tokio::test]
async fn an_enterprise_sees_only_its_own_members_sign_ins() {
    let app = spawn_app().await;
    let t = two_trees(&app).await;
    // Like the operation log, the list is granted to platform roles by default; an auditor
    // role of tree A is given it.
    app.api_authority_create_authority(
        &json!({"authorityId": 9100, "authorityName": "auditor", "parentId": 0}),
        Some(&t.platform),
    )
    .await
    .ok();
    app.api_casbin_update_casbin(
        &json!({"authorityId": 9100, "casbinInfos": [
            {"path": "/api/sysLoginRecord/getSysLoginRecordList", "method": "GET"}]}),
        Some(&t.platform),
    )
    .await
    .ok();
    tenants::create_user(
        &app,
        &t.platform,
        "zza.auditor",
        9100,
        t.a.root,
        "13900009100",
    )
    .await;
    let auditor = app.login("zza.auditor", tenants::PASSWORD).await;
    stored::<sys_login_record::Entity>(&app, 6).await;
    let seen = app
        .get(
            "/api/sysLoginRecord/getSysLoginRecordList?pageSize=100",
            Some(&auditor),
        )
        .await
        .ok();
    let ids: Vec<i64> = seen["list"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|r| r["userId"].as_i64())
        .collect();
    assert!(
        ids.contains(&t.a.member_id) && ids.contains(&t.a.admin_id),
        "{seen}"
    );
    assert!(
        !ids.contains(&t.b.member_id) && !ids.contains(&t.b.admin_id),
        "A sees B's sign-ins: {seen}"
    );
    // Without the grant, an enterprise admin is refused, as for the operation log.
    app.api_sys_login_record_get_sys_login_record_list(&json!({}), Some(&t.a.admin))
        .await
        .code(7);
}

#[tokio::test]
async fn the_operation_log_is_append_only_below_the_super_admin() {
    let app = spawn_app().await;
    let t = two_trees(&app).await;
    tenants::add_group(&app, &t.a.admin, "ZZA log group").await;
    stored::<sys_operation_record::Entity>(&app, 1).await;
    let ids: Vec<i64> = sys_operation_record::Entity::find()
        .all(&app.state.db)
        .await
        .unwrap()
        .iter()
        .map(|r| r.id)
        .collect();
    let before = ids.len() as u64;
    for token in [&t.a.admin, &t.a.member] {
        app.api_sys_operation_record_delete_sys_operation_record_by_ids(
            &json!({"ids": ids}),
            Some(token),
        )
        .await
        .code(7);
    }
    // A refused delete is itself a write, and logged.
    stored::<sys_operation_record::Entity>(&app, before + 1).await;
    let deleted = app
        .api_sys_operation_record_delete_sys_operation_record_by_ids(
            &json!({"ids": ids}),
            Some(&t.platform),
        )
        .await
        .ok();
    assert_eq!(deleted["deleted"].as_u64(), Some(before));
}

#[tokio::test]
async fn upgrading_masks_the_secrets_stored_before_answers_were_masked() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    let old = sys_operation_record::ActiveModel {
        ip: Set("127.0.0.1".into()),
        method: Set("POST".into()),
        path: Set("/api/base/login".into()),
        status: Set(200),
        code: Set(Some(0)),
        latency_ms: Set(3),
        agent: Set("test".into()),
        body: Set(r#"{"username":"admin","password":"******","captcha":"4821"}"#.into()),
        resp: Set(format!(
            r#"{{"code":0,"data":{{"token":"{token}","user":{{"userName":"admin"}}}},"msg":"ok"}}"#
        )),
        created_at: Set(chrono::Utc::now()),
        ..Default::default()
    }
    .insert(&app.state.db)
    .await
    .unwrap();
    app.state
        .db
        .execute_unprepared(
            "DELETE FROM seaql_migrations WHERE version = 'm20261124_000002_mask_oplog_secrets'",
        )
        .await
        .unwrap();

    let upgraded = app.restart().await;
    let row = sys_operation_record::Entity::find_by_id(old.id)
        .one(&upgraded.state.db)
        .await
        .unwrap()
        .unwrap();
    assert!(!row.resp.contains(&token), "{}", row.resp);
    assert!(!row.body.contains("4821"), "{}", row.body);
    assert!(row.resp.contains("admin"), "the rest is kept: {}", row.resp);
}

#[tokio::test]
async fn the_visitor_sees_the_sample_enterprise_and_nothing_else() {
    let app = spawn_app().await;
    let admin = app.admin_token().await;
    let demo = tenants::add_vehicle(&app, &admin, DEMO_ENTERPRISE, "沪D00001").await;
    let visitor = app.visitor_token().await;

    let cars = app
        .api_web_car_list(&json!({"page": 1, "pageSize": 100}), Some(&visitor))
        .await
        .ok();
    let list = cars["list"].as_array().unwrap();
    assert!(!list.is_empty(), "the sample vehicles are listed: {cars}");
    assert!(
        list.iter().all(|c| c["enterpriseId"] == SAMPLE_ENTERPRISE),
        "only sample vehicles: {cars}"
    );
    assert!(list.iter().all(|c| c["carId"] != demo));
    // Asking for the demo enterprise by header or field is refused.
    let demo_id = DEMO_ENTERPRISE.to_string();
    app.call(
        "POST",
        "/api/web/car/list",
        &json!({}),
        Some(&visitor),
        &[("x-ent-id", &demo_id)],
    )
    .await
    .code(7);
    app.api_web_car_list(&json!({"enterprise": DEMO_ENTERPRISE}), Some(&visitor))
        .await
        .code(7);
    // The visitor cannot sign in by password, so its session is the only way in.
    app.api_base_login(
        &json!({"username": "visitor", "password": ADMIN_PASSWORD}),
        None,
    )
    .await
    .code(7);
}
