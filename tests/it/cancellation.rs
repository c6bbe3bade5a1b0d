//! `POST /api/user/cancellation`: a user cancels their own account (docs/site-pages.md).

use sea_orm::ConnectionTrait;
use serde_json::{Value, json};
use wheelend_tests::{TestApp, spawn_app};

async fn create_user(app: &TestApp, token: &str, name: &str, role: i64) -> i64 {
    let body = json!({"userName": name, "passWord": "member-pass-1", "nickName": name,
                      "authorityId": role, "enterpriseId": 1014});
    app.api_user_admin_register(&body, Some(token)).await.ok()["user"]["ID"]
        .as_i64()
        .expect("a user id")
}

async fn cancellations(app: &TestApp) -> i64 {
    let db = &app.state.db;
    let row = db
        .query_one_raw(sea_orm::Statement::from_string(
            db.get_database_backend(),
            "SELECT COUNT(*) AS n FROM account_cancellations".to_owned(),
        ))
        .await
        .expect("count query")
        .expect("a row");
    row.try_get::<i64>("", "n").expect("a count")
}

async fn enable_of(app: &TestApp, admin: &str, name: &str) -> Value {
    let page = app
        .api_user_get_user_list_recons(
            &json!({"page": 1, "pageSize": 10, "userName": name}),
            Some(admin),
        )
        .await
        .ok();
    page["list"][0]["enable"].clone()
}

#[tokio::test]
async fn cancellation_refusals_change_nothing_and_success_freezes_the_account() {
    let app = spawn_app().await;
    let admin = app.admin_token().await;
    create_user(&app, &admin, "fleet_boss", 100).await;
    create_user(&app, &admin, "driver_wu", 101).await;
    let driver = app.login("driver_wu", "member-pass-1").await;
    let boss = app.login("fleet_boss", "member-pass-1").await;

    // wrong, missing and mistyped input: code 7 naming the field, nothing recorded
    let msg = app
        .api_user_cancellation(&json!({"password": "not-my-pass"}), Some(&driver))
        .await
        .code(7);
    assert!(msg.contains("密码") || msg.contains("password"), "{msg}");
    app.api_user_cancellation(&json!({}), Some(&driver))
        .await
        .code(7);
    app.api_user_cancellation(&json!({"password": 12}), Some(&driver))
        .await
        .code(7);
    let long = "x".repeat(501);
    let msg = app
        .api_user_cancellation(
            &json!({"password": "member-pass-1", "reason": long}),
            Some(&driver),
        )
        .await
        .code(7);
    assert!(msg.contains("500"), "{msg}");

    // the only administrator of the enterprise, and the built-in admin: refused
    let msg = app
        .api_user_cancellation(&json!({"password": "member-pass-1"}), Some(&boss))
        .await
        .code(7);
    assert!(msg.contains("示范物流车队"), "{msg} names the enterprise");
    let msg = app
        .api_user_cancellation(
            &json!({"password": wheelend_tests::ADMIN_PASSWORD}),
            Some(&admin),
        )
        .await
        .code(7);
    assert!(msg.contains("内置") || msg.contains("built-in"), "{msg}");
    // the visitor has no such call
    let visitor = app.visitor_token().await;
    app.api_user_cancellation(&json!({"password": "x"}), Some(&visitor))
        .await
        .code(7);

    assert_eq!(cancellations(&app).await, 0, "nothing recorded on refusal");
    assert_eq!(enable_of(&app, &admin, "driver_wu").await, 1);
    assert_eq!(enable_of(&app, &admin, "fleet_boss").await, 1);
    app.login("driver_wu", "member-pass-1").await;
    app.login("fleet_boss", "member-pass-1").await;
    app.api_user_get_user_info(&json!({}), Some(&driver))
        .await
        .ok();

    // granted: frozen at once, recorded with its cooling-off period
    let done = app
        .api_user_cancellation(
            &json!({"password": "member-pass-1", "reason": "  left the company  "}),
            Some(&driver),
        )
        .await
        .ok();
    let requested = done["requestedAt"].as_i64().expect("requestedAt");
    let until = done["coolingOffUntil"].as_i64().expect("coolingOffUntil");
    assert_eq!(until - requested, 15 * 24 * 3600 * 1000);
    assert_eq!(cancellations(&app).await, 1);
    assert_eq!(enable_of(&app, &admin, "driver_wu").await, 2);
    app.login_fails("driver_wu", "member-pass-1").await;
    let answer = app.api_user_get_user_info(&json!({}), Some(&driver)).await;
    assert_ne!(answer.envelope().code, 0, "the old token is refused");

    // with a second administrator, the first one may go
    create_user(&app, &admin, "fleet_boss_2", 100).await;
    app.api_user_cancellation(&json!({"password": "member-pass-1"}), Some(&boss))
        .await
        .ok();
    app.login_fails("fleet_boss", "member-pass-1").await;
    assert_eq!(cancellations(&app).await, 2);
    // and now the second one is the last again
    let second = app.login("fleet_boss_2", "member-pass-1").await;
    app.api_user_cancellation(&json!({"password": "member-pass-1"}), Some(&second))
        .await
        .code(7);
    assert_eq!(cancellations(&app).await, 2);

    // within the cooling-off period an administrator restores the boss by enabling the account
    let boss_id = app
        .api_user_get_user_list_recons(
            &json!({"page": 1, "pageSize": 10, "userName": "fleet_boss"}),
            Some(&admin),
        )
        .await
        .ok()["list"]
        .as_array()
        .expect("a list")
        .iter()
        .find(|u| u["userName"] == "fleet_boss")
        .expect("fleet_boss listed")["ID"]
        .as_i64()
        .expect("an id");
    app.api_user_set_user_info(&json!({"ID": boss_id, "enable": 1}), Some(&admin))
        .await
        .ok();
    app.login("fleet_boss", "member-pass-1").await;

    // nothing is settled before the period ends; afterwards the frozen account is erased and
    // the restored one left alone
    let db = &app.state.db;
    let now = chrono::Utc::now();
    assert_eq!(domain::cancellation::settle_due(db, now).await.unwrap(), 0);
    let later = now + chrono::Duration::days(16);
    assert_eq!(
        domain::cancellation::settle_due(db, later).await.unwrap(),
        2
    );
    assert_eq!(
        domain::cancellation::settle_due(db, later).await.unwrap(),
        0
    );
    let gone = app
        .api_user_get_user_list_recons(
            &json!({"page": 1, "pageSize": 10, "userName": "driver_wu"}),
            Some(&admin),
        )
        .await
        .ok();
    assert_eq!(gone["total"], 0, "the sign-in name is gone");
    app.login_fails("driver_wu", "member-pass-1").await;
    app.login("fleet_boss", "member-pass-1").await;
}
