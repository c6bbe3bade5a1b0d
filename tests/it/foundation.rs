//! The wire contract, configuration, seed and sessions.

use reqwest::StatusCode;
use wheelend_tests::{ADMIN_PASSWORD, Spawn, json, spawn_app, spawn_app_with};

#[tokio::test]
async fn health_answers_with_the_envelope() {
    let app = spawn_app().await;
    let data = app.api_health(&json!({}), None).await.ok();
    assert_eq!(data["status"], "ok");
}

#[tokio::test]
async fn unknown_calls_are_404_with_the_envelope() {
    let app = spawn_app().await;
    for path in ["/api/no/such/call", "/tapi/no/such/call", "/api"] {
        let res = app.post(path, &json!({}), None).await;
        assert_eq!(res.status, StatusCode::NOT_FOUND, "{path}");
        let env = res.envelope();
        assert_eq!(env.code, 7);
        assert!(
            env.msg.contains(path),
            "message names the path: {}",
            env.msg
        );
    }
    // A known path with the wrong method is reported the same way.
    let res = app.get("/api/base/login", None).await;
    assert_eq!(res.status, StatusCode::NOT_FOUND);
    assert_eq!(res.envelope().code, 7);
}

#[tokio::test]
async fn bad_bodies_are_code_7_naming_the_problem() {
    let app = spawn_app().await;
    let send_raw = |body: &'static str| {
        app.client
            .post(app.url("/api/base/login"))
            .header("content-type", "application/json")
            .header("cookie", "lang=en")
            .body(body)
    };
    let res = app.send(send_raw("{not json")).await;
    assert!(res.code(7).contains("not valid JSON"), "{}", res.text);

    let res = app
        .send(send_raw(r#"{"username": 42, "password": "x"}"#))
        .await;
    let msg = res.code(7);
    assert!(msg.contains("username"), "names the field: {msg}");

    let big = "x".repeat(5 * 1024 * 1024);
    let res = app
        .send(
            app.client
                .post(app.url("/api/base/login"))
                .header("cookie", "lang=en")
                .body(big),
        )
        .await;
    assert!(res.code(7).contains("too large"), "{}", res.text);
}

#[tokio::test]
async fn messages_follow_the_request_language() {
    let app = spawn_app().await;
    let body = json!({"username": "admin", "password": "wrong"});
    let zh = app.api_base_login(&body, None).await.code(7);
    let en = app
        .send(
            app.client
                .post(app.url("/api/base/login"))
                .header("accept-language", "en-US,en;q=0.9")
                .json(&body),
        )
        .await
        .code(7);
    assert_eq!(zh, "用户名或密码错误");
    assert_eq!(en, "Wrong username or password");
}

#[tokio::test]
async fn a_panic_is_500_with_the_envelope_and_the_server_keeps_serving() {
    async fn boom() -> &'static str {
        panic!("deliberate test panic")
    }
    let app = spawn_app_with(Spawn {
        extra_routes: Some(axum::Router::new().route("/api/test/panic", axum::routing::post(boom))),
        ..Spawn::default()
    })
    .await;
    let res = app.post("/api/test/panic", &json!({}), None).await;
    assert_eq!(res.status, StatusCode::INTERNAL_SERVER_ERROR);
    assert_eq!(res.envelope().code, 7);
    app.api_health(&json!({}), None).await.ok();
}

#[tokio::test]
async fn login_and_user_info() {
    let app = spawn_app().await;
    let data = app
        .api_base_login(
            &json!({"type": "work", "username": "admin", "password": ADMIN_PASSWORD}),
            None,
        )
        .await
        .ok();
    let token = data["token"].as_str().unwrap();
    assert!(
        data["expiresAt"].as_i64().unwrap() > 1_700_000_000_000,
        "milliseconds"
    );
    assert_eq!(data["user"]["authorityId"], 888);
    let info = app
        .api_user_get_user_info(&json!({}), Some(token))
        .await
        .ok();
    let user = &info["userInfo"];
    for field in [
        "ID",
        "uuid",
        "name",
        "nickName",
        "headerImg",
        "authority",
        "authorityId",
        "sideMode",
        "activeColor",
        "baseColor",
        "nowEntId",
        "current_enterprise_id",
        "current_cluster",
    ] {
        assert!(user.get(field).is_some(), "userInfo has {field}: {user}");
    }
    assert_eq!(user["nowEntId"], 1013);
}

#[tokio::test]
async fn wrong_password_and_unknown_user_look_the_same() {
    let app = spawn_app().await;
    let a = app
        .api_base_login(&json!({"username": "admin", "password": "nope"}), None)
        .await
        .code(7);
    let b = app
        .api_base_login(&json!({"username": "ghost", "password": "nope"}), None)
        .await
        .code(7);
    assert_eq!(a, b);
}

#[tokio::test]
async fn visitor_login_needs_no_password_and_is_marked() {
    let app = spawn_app().await;
    let data = app
        .api_base_login(
            &json!({"type": "visitorLogin", "username": "visitor"}),
            None,
        )
        .await
        .ok();
    assert_eq!(data["user"]["visitor"], true);
    assert!(data["user"]["nickName"].as_str().unwrap().contains("访客"));
    // The visitor account cannot be reached through a password sign-in.
    app.api_base_login(&json!({"username": "visitor", "password": ""}), None)
        .await
        .code(7);
}

#[tokio::test]
async fn missing_tampered_expired_and_revoked_tokens_are_code_100() {
    let app = spawn_app().await;
    app.api_user_get_user_info(&json!({}), None).await.code(100);

    let token = app.admin_token().await;
    let mut tampered = token.clone();
    tampered.pop();
    tampered.push(if token.ends_with('A') { 'B' } else { 'A' });
    app.api_user_get_user_info(&json!({}), Some(&tampered))
        .await
        .code(100);

    app.api_jwt_json_in_blacklist(&json!({}), Some(&token))
        .await
        .ok();
    app.api_user_get_user_info(&json!({}), Some(&token))
        .await
        .code(100);
    // The revocation survives a restart.
    let again = app.restart().await;
    again
        .api_user_get_user_info(&json!({}), Some(&token))
        .await
        .code(100);

    let expired = spawn_app_with(Spawn {
        configure: Some(Box::new(|mut c| {
            c.token_ttl_secs = -60;
            c
        })),
        ..Spawn::default()
    })
    .await;
    let stale = expired.admin_token().await;
    let msg = expired
        .api_user_get_user_info(&json!({}), Some(&stale))
        .await
        .code(100);
    assert!(msg.contains("过期"), "says it expired: {msg}");
}

#[tokio::test]
async fn a_fresh_token_arrives_inside_the_buffer_window() {
    let app = spawn_app_with(Spawn {
        configure: Some(Box::new(|mut c| {
            c.token_ttl_secs = 3600;
            c.token_buffer_secs = 7200;
            c
        })),
        ..Spawn::default()
    })
    .await;
    let token = app.admin_token().await;
    let res = app.api_user_get_user_info(&json!({}), Some(&token)).await;
    res.ok();
    let fresh = res
        .headers
        .get("new-token")
        .expect("new-token header")
        .to_str()
        .unwrap();
    assert_ne!(fresh, token);
    assert!(res.headers.get("new-expires-at").is_some());
    app.api_user_get_user_info(&json!({}), Some(fresh))
        .await
        .ok();

    let normal = spawn_app().await;
    let token = normal.admin_token().await;
    assert!(
        normal
            .api_user_get_user_info(&json!({}), Some(&token))
            .await
            .headers
            .get("new-token")
            .is_none()
    );
}

#[tokio::test]
async fn the_captain_prefix_reaches_the_same_calls() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    let data = app
        .get("/api/captain/user/getUserInfo", Some(&token))
        .await
        .ok();
    assert_eq!(data["userInfo"]["userName"], "admin");
    app.post(
        "/api/captain/base/login",
        &json!({"username": "admin", "password": ADMIN_PASSWORD}),
        None,
    )
    .await
    .ok();
}

#[tokio::test]
async fn the_token_cookie_is_accepted_like_the_header() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    let res = app
        .send(
            app.client
                .get(app.url("/api/user/getUserInfo"))
                .header("cookie", format!("x-token={token}")),
        )
        .await;
    res.ok();
}

#[tokio::test]
async fn seed_is_idempotent_and_secrets_are_per_install() {
    let app = spawn_app().await;
    let before = wheelend_tests::table_counts(&app.state.db).await;
    let registry = domain::authz::registry(&wheelend::openapi::spec());
    domain::seed::run(&app.state.db, Some("other"), &registry)
        .await
        .unwrap();
    let after = wheelend_tests::table_counts(&app.state.db).await;
    assert_eq!(before, after, "a second seed adds nothing");
    assert_eq!(before["brand_profiles"], 10);
    // The configured password was kept, not replaced by the second seed's.
    app.admin_token().await;

    let key = std::fs::read_to_string(app.data_path.join("jwt-secret")).unwrap();
    let other = spawn_app().await;
    let other_key = std::fs::read_to_string(other.data_path.join("jwt-secret")).unwrap();
    assert_ne!(key, other_key, "each install generates its own signing key");
    // A token of one install means nothing to another.
    let token = app.admin_token().await;
    other
        .api_user_get_user_info(&json!({}), Some(&token))
        .await
        .code(100);
}

#[tokio::test]
async fn a_generated_admin_password_is_written_once() {
    let app = spawn_app_with(Spawn {
        configure: Some(Box::new(|mut c| {
            c.admin_password = None;
            c
        })),
        ..Spawn::default()
    })
    .await;
    let password = std::fs::read_to_string(app.data_path.join("admin-password.txt")).unwrap();
    assert_eq!(password.len(), 20);
    app.login("admin", &password).await;
}

#[tokio::test]
async fn mutating_calls_are_recorded_with_secrets_masked() {
    use sea_orm::EntityTrait;
    let app = spawn_app().await;
    // Sign-ins are open calls, not operations (they never leave their token in the log).
    app.api_base_login(
        &json!({"username": "admin", "password": "s3cret-guess"}),
        None,
    )
    .await
    .code(7);
    let token = app.admin_token().await;
    app.api_user_get_user_info(&json!({}), Some(&token))
        .await
        .ok();
    app.api_user_change_password(
        &json!({"password": "s3cret-guess", "newPassword": "n3w-s3cret-pass"}),
        Some(&token),
    )
    .await
    .code(7);
    // Records are written in the background.
    let mut rows = Vec::new();
    for _ in 0..50 {
        rows = entities::sys_operation_record::Entity::find()
            .all(&app.state.db)
            .await
            .unwrap();
        if !rows.is_empty() {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }
    assert_eq!(
        rows.len(),
        1,
        "the write is recorded, sign-ins and the read are not: {rows:?}"
    );
    let failed = &rows[0];
    assert_eq!(failed.path, "/api/user/changePassword");
    assert_eq!(failed.code, Some(7));
    assert!(
        !failed.body.contains("s3cret-guess") && !failed.body.contains("n3w-s3cret-pass"),
        "passwords masked: {}",
        failed.body
    );
    assert!(!failed.ip.is_empty());
}
