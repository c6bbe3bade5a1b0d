//! The shared mechanisms every area relies on: declared call kinds, the session check on
//! every call, the operation log's selection, and what a write tells the caches.

use domain::authz::{CallKind, kind_of};
use entities::sys_operation_record;
use reqwest::StatusCode;
use sea_orm::EntityTrait;
use wheelend_tests::{ADMIN_PASSWORD, insert_user, json, spawn_app};

const DEMO_ENTERPRISE: i64 = 1014;
const ROLE_MEMBER: i64 = 101;

#[test]
fn every_served_call_declares_its_kind() {
    let spec = wheelend::openapi::spec();
    let mut missing = Vec::new();
    for (path, item) in &spec.paths.paths {
        for (method, op) in [
            ("GET", &item.get),
            ("POST", &item.post),
            ("PUT", &item.put),
            ("DELETE", &item.delete),
            ("PATCH", &item.patch),
        ] {
            if let Some(op) = op
                && kind_of(op).is_none()
            {
                missing.push(format!("{method} {path}"));
            }
        }
    }
    assert!(missing.is_empty(), "calls without a kind: {missing:?}");
}

#[test]
fn sign_in_captcha_and_qr_polls_are_open_and_member_lists_read() {
    let spec = wheelend::openapi::spec();
    let kinds = domain::authz::CallKinds::of_spec(&spec);
    for open in [
        "/api/base/login",
        "/api/base/captcha",
        "/api/base/scan",
        "/api/user/login",
    ] {
        assert_eq!(kinds.get(open, "POST"), Some(CallKind::Open), "{open}");
    }
    for read in [
        "/api/user/member",
        "/api/web/ent/inviteLog",
        "/api/web/device/setting_list",
    ] {
        assert_eq!(kinds.get(read, "POST"), Some(CallKind::Read), "{read}");
    }
    assert_eq!(
        kinds.get("/tapi/device/report", "POST"),
        Some(CallKind::Device)
    );
}

#[tokio::test]
async fn only_writes_are_operations() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    app.api_base_captcha(&json!({}), None).await.ok();
    app.api_user_get_user_info(&json!({}), Some(&token))
        .await
        .ok();
    app.api_web_car_list(&json!({"page": 1, "pageSize": 10}), Some(&token))
        .await
        .ok();
    app.api_sys_dictionary_create_sys_dictionary(
        &json!({"name": "Kinds", "type": "kinds_test", "status": true}),
        Some(&token),
    )
    .await
    .ok();
    // Entries are stored in the background.
    let db = &app.state.db;
    let mut logged = Vec::new();
    for _ in 0..50 {
        logged = sys_operation_record::Entity::find()
            .all(db)
            .await
            .unwrap()
            .into_iter()
            .map(|r| r.path)
            .collect();
        if !logged.is_empty() {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }
    assert_eq!(
        logged,
        vec!["/api/sysDictionary/createSysDictionary".to_owned()],
        "sign-in, captcha and reads are not operations"
    );
}

#[tokio::test]
async fn a_wrong_method_on_a_protected_call_is_404_with_the_envelope() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    let res = app.get("/api/web/car/list", Some(&token)).await;
    assert_eq!(res.status, StatusCode::NOT_FOUND);
    let env = res.envelope();
    assert_eq!(env.code, 7);
    assert!(env.msg.contains("/api/web/car/list"), "{}", env.msg);
}

#[tokio::test]
async fn freezing_a_user_signs_out_every_token_at_once() {
    let app = spawn_app().await;
    let admin = app.admin_token().await;
    let uid = insert_user(
        &app.state.db,
        "frozen.driver",
        ADMIN_PASSWORD,
        ROLE_MEMBER,
        DEMO_ENTERPRISE,
    )
    .await;
    let first = app.login("frozen.driver", ADMIN_PASSWORD).await;
    let second = app.login("frozen.driver", ADMIN_PASSWORD).await;
    app.api_user_get_user_info(&json!({}), Some(&first))
        .await
        .ok();
    app.api_user_set_user_info(&json!({"ID": uid, "enable": 2}), Some(&admin))
        .await
        .ok();
    for token in [&first, &second] {
        let msg = app
            .api_user_get_user_info(&json!({}), Some(token))
            .await
            .code(100);
        assert!(msg.contains("禁") || msg.contains("disabled"), "{msg}");
    }
    // Thawed, the same tokens work again.
    app.api_user_set_user_info(&json!({"ID": uid, "enable": 1}), Some(&admin))
        .await
        .ok();
    app.api_user_get_user_info(&json!({}), Some(&first))
        .await
        .ok();
}

#[tokio::test]
async fn a_deleted_user_s_token_and_websocket_stop_working() {
    let app = spawn_app().await;
    let admin = app.admin_token().await;
    let uid = insert_user(
        &app.state.db,
        "gone.driver",
        ADMIN_PASSWORD,
        ROLE_MEMBER,
        DEMO_ENTERPRISE,
    )
    .await;
    let token = app.login("gone.driver", ADMIN_PASSWORD).await;
    app.api_user_get_user_info(&json!({}), Some(&token))
        .await
        .ok();
    app.api_user_delete_user(&json!({"id": uid}), Some(&admin))
        .await
        .ok();
    app.api_user_get_user_info(&json!({}), Some(&token))
        .await
        .code(100);
    let socket = wheelend_tests::ws::url(&app, &format!("token={token}"));
    assert!(
        tokio_tungstenite::connect_async(socket).await.is_err(),
        "the websocket refuses a deleted user's token"
    );
}

#[tokio::test]
async fn a_role_change_applies_to_existing_tokens_on_their_next_call() {
    let app = spawn_app().await;
    let admin = app.admin_token().await;
    let uid = insert_user(
        &app.state.db,
        "promoted.driver",
        ADMIN_PASSWORD,
        ROLE_MEMBER,
        DEMO_ENTERPRISE,
    )
    .await;
    let token = app.login("promoted.driver", ADMIN_PASSWORD).await;
    // A member may not edit vehicles …
    app.api_web_car_set_install(&json!({"carIds": [1], "installState": 1}), Some(&token))
        .await
        .code(7);
    // … until made the enterprise's administrator.
    app.api_web_ent_set_role(
        &json!({"entId": DEMO_ENTERPRISE, "userId": uid, "authorityId": 100}),
        Some(&admin),
    )
    .await
    .ok();
    let info = app
        .api_user_get_user_info(&json!({}), Some(&token))
        .await
        .ok();
    assert_eq!(info["userInfo"]["authorityId"], 100, "{info}");
}
