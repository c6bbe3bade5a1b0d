//! Area `session`: sign-in hardening, QR sign-in, registration by SMS, user accounts.

use sea_orm::{ColumnTrait, EntityTrait, PaginatorTrait, QueryFilter, QueryOrder};
use wheelend_tests::{ADMIN_PASSWORD, TestApp, json, spawn_app};

async fn solve_captcha(app: &TestApp) -> (String, String) {
    let data = app.api_base_captcha(&json!({}), None).await.ok();
    let id = data["captchaId"].as_str().unwrap().to_owned();
    assert!(
        data["picPath"]
            .as_str()
            .unwrap()
            .starts_with("data:image/png;base64,")
    );
    let answer = app.state.guard.captcha_answer(&id).expect("stored answer");
    (id, answer)
}

async fn user_count(app: &TestApp) -> u64 {
    entities::sys_user::Entity::find()
        .count(&app.state.db)
        .await
        .unwrap()
}

#[tokio::test]
async fn failed_sign_ins_require_a_captcha_then_lock_the_account() {
    let app = spawn_app().await;
    let bad = json!({"username": "admin", "password": "wrong-password"});
    for _ in 0..2 {
        let env = app.api_base_login(&bad, None).await.envelope();
        assert_eq!(env.code, 7);
        assert!(env.data.get("needCaptcha").is_none());
    }
    let env = app.api_base_login(&bad, None).await.envelope();
    assert_eq!(
        env.data["needCaptcha"], true,
        "third failure asks for a captcha"
    );
    // Without a captcha even the right password is refused now.
    let right = json!({"username": "admin", "password": ADMIN_PASSWORD});
    assert_eq!(
        app.api_base_login(&right, None).await.envelope().data["needCaptcha"],
        true
    );
    let (id, _) = solve_captcha(&app).await;
    let wrong = json!({"username": "admin", "password": ADMIN_PASSWORD, "captchaId": id, "captcha": "nope!"});
    app.api_base_login(&wrong, None).await.code(7);
    let (id, answer) = solve_captcha(&app).await;
    let solved = json!({"username": "admin", "password": ADMIN_PASSWORD, "captchaId": id, "captcha": answer});
    app.api_base_login(&solved, None).await.ok();
    // A success clears the counters.
    app.api_base_login(&right, None).await.ok();

    for _ in 0..10 {
        let (id, answer) = solve_captcha(&app).await;
        let attempt = json!({"username": "admin", "password": "wrong-password", "captchaId": id, "captcha": answer});
        app.api_base_login(&attempt, None).await.code(7);
    }
    let (id, answer) = solve_captcha(&app).await;
    let locked = json!({"username": "admin", "password": ADMIN_PASSWORD, "captchaId": id, "captcha": answer});
    let msg = app.api_base_login(&locked, None).await.code(7);
    assert!(msg.contains("15"), "locked for 15 minutes: {msg}");
}

#[tokio::test]
async fn an_alternate_account_token_switches_accounts_on_login() {
    let app = spawn_app().await;
    let visitor = app
        .api_base_login(&json!({"type": "visitorLogin"}), None)
        .await
        .ok();
    let admin = app.admin_token().await;
    // Signed in as the visitor, the console sends the stored admin token with the login call.
    let switched = app
        .api_base_login(&json!({"type": "system"}), Some(&admin))
        .await
        .ok();
    assert_eq!(switched["user"]["userName"], "admin");
    assert_ne!(switched["token"], visitor["token"]);
    app.api_base_login(&json!({"type": "system"}), Some("garbage"))
        .await
        .code(100);
}

#[tokio::test]
async fn qr_sign_in_walks_waiting_scanned_confirmed() {
    let app = spawn_app().await;
    let admin = app.admin_token().await;
    let key_data = app.api_base_time_key(&json!({}), None).await.ok();
    let key = key_data["key"].as_str().unwrap();
    assert!(key_data["qrUrl"].as_str().unwrap().contains(key));
    let poll_body = json!({"key": key});
    let poll = || app.api_base_scan(&poll_body, None);
    assert_eq!(poll().await.ok()["status"], "waiting");
    // Confirming before scanning is out of order.
    app.api_user_recons(&json!({"key": key, "action": "confirm"}), Some(&admin))
        .await
        .code(7);
    // The phone must be signed in.
    app.api_user_recons(&json!({"key": key, "action": "scan"}), None)
        .await
        .code(100);
    let visitor = app.visitor_token().await;
    let visitor = visitor.as_str();
    app.api_user_recons(&json!({"key": key, "action": "scan"}), Some(visitor))
        .await
        .code(7);
    app.api_user_recons(&json!({"key": key, "action": "scan"}), Some(&admin))
        .await
        .ok();
    assert_eq!(poll().await.ok()["status"], "scanned");
    app.api_user_recons(&json!({"key": key, "action": "confirm"}), Some(&admin))
        .await
        .ok();
    let done = poll().await.ok();
    assert_eq!(done["status"], "confirmed");
    let token = done["token"].as_str().unwrap();
    assert_eq!(
        app.api_user_get_user_info(&json!({}), Some(token))
            .await
            .ok()["userInfo"]["userName"],
        "admin"
    );
    assert_eq!(poll().await.ok()["status"], "expired", "the key is used up");
    let unknown = app.api_base_scan(&json!({"key": "nope"}), None).await.ok();
    assert_eq!(unknown["status"], "expired");
    app.api_user_recons(&json!({"key": "nope", "action": "bogus"}), Some(&admin))
        .await
        .code(7);

    let key2 = app.api_base_time_key(&json!({}), None).await.ok()["key"]
        .as_str()
        .unwrap()
        .to_owned();
    app.api_user_recons(&json!({"key": key2, "action": "cancel"}), Some(&admin))
        .await
        .ok();
    assert_eq!(
        app.api_base_scan(&json!({"key": key2}), None).await.ok()["status"],
        "failed"
    );
}

async fn latest_code(app: &TestApp, phone: &str) -> String {
    entities::sms_outbox::Entity::find()
        .filter(entities::sms_outbox::Column::Phone.eq(phone))
        .order_by_desc(entities::sms_outbox::Column::Id)
        .one(&app.state.db)
        .await
        .unwrap()
        .expect("a code in the outbox")
        .code
}

#[tokio::test]
async fn registration_by_sms_creates_a_user_and_an_enterprise() {
    let app = spawn_app().await;
    let phone = "13812345678";
    let (id, answer) = solve_captcha(&app).await;
    let en = |v: serde_json::Value| {
        app.send(
            app.client
                .post(app.url("/api/base/sendSms"))
                .header("cookie", "lang=en")
                .json(&v),
        )
    };
    let msg =
        en(json!({"phone": "12345", "captchaId": id, "captcha": answer, "purpose": "register"}))
            .await
            .code(7);
    assert_eq!(msg, "Enter the correct phone number");
    let (id, _) = solve_captcha(&app).await;
    en(json!({"phone": phone, "captchaId": id, "captcha": "wrong", "purpose": "register"}))
        .await
        .code(7);
    let (id, answer) = solve_captcha(&app).await;
    let msg = en(json!({"phone": phone, "captchaId": id, "captcha": answer, "purpose": "login"}))
        .await
        .code(7);
    assert_eq!(msg, "The mobile phone number is not registered");
    let (id, answer) = solve_captcha(&app).await;
    app.api_base_send_sms(
        &json!({"phone": phone, "captchaId": id, "captcha": answer, "purpose": "register"}),
        None,
    )
    .await
    .ok();
    let (id, answer) = solve_captcha(&app).await;
    let msg =
        en(json!({"phone": phone, "captchaId": id, "captcha": answer, "purpose": "register"}))
            .await
            .code(7);
    assert!(msg.contains("seconds"), "resend throttled: {msg}");
    let code = latest_code(&app, phone).await;

    let before = user_count(&app).await;
    let form = |sms: &str| {
        json!({"phone": phone, "smsCode": sms, "password": "fleet-pass-1", "nickName": "Li Wei",
               "realName": "李伟", "country": "CN", "company": "Pearl River Freight"})
    };
    app.api_base_register(&form("000000"), None).await.code(7);
    assert_eq!(
        user_count(&app).await,
        before,
        "nothing created on a wrong code"
    );
    let mut missing = form(&code);
    missing.as_object_mut().unwrap().remove("company");
    assert!(
        app.api_base_register(&missing, None)
            .await
            .code(7)
            .contains("company")
    );
    let session = app.api_base_register(&form(&code), None).await.ok();
    assert_eq!(session["user"]["authorityId"], 100);
    let ent = session["user"]["nowEntId"].as_i64().unwrap();
    let row = entities::enterprise::Entity::find_by_id(ent)
        .one(&app.state.db)
        .await
        .unwrap()
        .unwrap();
    assert_eq!(row.ent_name, "Pearl River Freight");
    assert!(!row.verified, "awaits verification");
    app.api_base_register(&form(&code), None).await.code(7);

    // Phone sign-in with the now registered number.
    let (id, answer) = solve_captcha(&app).await;
    app.api_user_phone(
        &json!({"phone": "13900000000", "captchaId": id, "captcha": answer}),
        None,
    )
    .await
    .code(7);
    let (id, answer) = solve_captcha(&app).await;
    app.api_user_phone(
        &json!({"phone": phone, "captchaId": id, "captcha": answer}),
        None,
    )
    .await
    .ok();
    let code = latest_code(&app, phone).await;
    app.api_user_login(&json!({"phone": phone, "smsCode": "111111"}), None)
        .await
        .code(7);
    let signed = app
        .api_user_login(&json!({"phone": phone, "smsCode": code}), None)
        .await
        .ok();
    assert_eq!(signed["user"]["phone"], phone);
    app.api_user_login(&json!({"phone": phone, "smsCode": code}), None)
        .await
        .code(7);
}

async fn create_user(app: &TestApp, token: &str, name: &str, role: i64, ent: i64) -> i64 {
    let body = json!({"userName": name, "passWord": "member-pass-1", "nickName": name, "authorityId": role,
                      "enterpriseId": ent});
    app.api_user_admin_register(&body, Some(token)).await.ok()["user"]["ID"]
        .as_i64()
        .unwrap()
}

#[tokio::test]
async fn user_accounts_end_to_end() {
    let app = spawn_app().await;
    let admin = app.admin_token().await;
    let before = user_count(&app).await;
    for (body, field) in [
        (
            json!({"passWord": "member-pass-1", "nickName": "x", "authorityId": 101}),
            "userName",
        ),
        (
            json!({"userName": "ab1", "passWord": 5, "nickName": "x", "authorityId": 101}),
            "passWord",
        ),
        (
            json!({"userName": "abc", "passWord": "short", "nickName": "x", "authorityId": 101}),
            "8",
        ),
        (
            json!({"userName": "abc", "passWord": "member-pass-1", "nickName": "x", "authorityId": 4242}),
            "4242",
        ),
        (
            json!({"userName": "abc", "passWord": "member-pass-1", "nickName": "x", "authorityId": 101, "enterpriseId": 99999}),
            "99999",
        ),
    ] {
        let msg = app
            .api_user_admin_register(&body, Some(&admin))
            .await
            .code(7);
        assert!(msg.contains(field), "{msg} names {field}");
    }
    assert_eq!(user_count(&app).await, before, "nothing half-written");

    let fleet_admin = create_user(&app, &admin, "fleet_admin", 100, 1014).await;
    let member = create_user(&app, &admin, "driver_li", 101, 1014).await;
    let msg = app
        .api_user_admin_register(
            &json!({"userName": "driver_li", "passWord": "member-pass-1", "nickName": "dup", "authorityId": 101, "enterpriseId": 1014}),
            Some(&admin))
        .await
        .code(7);
    assert!(msg.contains("已注册"), "{msg}");

    let page = app
        .api_user_get_user_list_recons(
            &json!({"page": 1, "pageSize": 10, "userName": "driver"}),
            Some(&admin),
        )
        .await
        .ok();
    assert_eq!(page["total"], 1);
    assert_eq!(page["list"][0]["authorities"][0]["entName"], "示范物流车队");
    app.api_user_get_user_list_recons(&json!({"pageSize": 501}), Some(&admin))
        .await
        .code(7);
    app.api_user_get_user_list_recons(&json!({"page": 0}), Some(&admin))
        .await
        .code(7);
    let all = app
        .api_user_get_user_list_recons(&json!({}), Some(&admin))
        .await
        .ok();
    assert_eq!(all["pageSize"], 10);

    // An enterprise admin sees and manages only their enterprise's members.
    let fa = app.login("fleet_admin", "member-pass-1").await;
    let theirs = app
        .api_user_get_user_list_recons(&json!({"pageSize": 100}), Some(&fa))
        .await
        .ok();
    let names: Vec<&str> = theirs["list"]
        .as_array()
        .unwrap()
        .iter()
        .map(|u| u["userName"].as_str().unwrap())
        .collect();
    assert!(
        names.contains(&"driver_li") && !names.contains(&"admin"),
        "{names:?}"
    );
    let admin_id = 1;
    let msg = app
        .send(
            app.client
                .put(app.url("/api/user/setUserInfo"))
                .header("x-token", &fa)
                .json(&json!({"ID": admin_id, "nickName": "hijack"})),
        )
        .await
        .code(7);
    assert!(
        msg.contains("不存在"),
        "other tenants' users look absent: {msg}"
    );
    let msg = app
        .send(
            app.client
                .put(app.url("/api/user/setUserInfo"))
                .header("x-token", &fa)
                .json(&json!({"ID": member, "authorityIds": [888]})),
        )
        .await
        .code(7);
    assert!(msg.contains("888"), "{msg}");
    let members = app
        .api_user_member(&json!({"keyword": "li"}), Some(&fa))
        .await
        .ok();
    assert_eq!(members["total"], 1);
    app.api_user_member(&json!({"enterpriseId": 1013}), Some(&fa))
        .await
        .code(7);

    let put = |path: &str, body: serde_json::Value, token: &str| {
        app.send(
            app.client
                .put(app.url(path))
                .header("x-token", token)
                .json(&body),
        )
    };
    let updated = put(
        "/api/user/setUserInfo",
        json!({"ID": member, "nickName": "Li the driver", "enable": 2, "authorityIds": [100]}),
        &admin,
    )
    .await
    .ok();
    assert_eq!(updated["user"]["nickName"], "Li the driver");
    assert_eq!(updated["user"]["authorities"][0]["authorityId"], 100);
    let msg = app
        .api_base_login(
            &json!({"username": "driver_li", "password": "member-pass-1"}),
            None,
        )
        .await
        .code(7);
    assert!(msg.contains("禁止"), "frozen users cannot sign in: {msg}");
    put(
        "/api/user/setUserInfo",
        json!({"ID": member, "enable": 1}),
        &admin,
    )
    .await
    .ok();
    put(
        "/api/user/setUserInfo",
        json!({"ID": member, "enable": 3}),
        &admin,
    )
    .await
    .code(7);
    put(
        "/api/user/setUserInfo",
        json!({"nickName": "no id"}),
        &admin,
    )
    .await
    .code(7);

    let me = put(
        "/api/user/setSelfInfo",
        json!({"sideMode": "light", "activeColor": "#123456", "enable": 2}),
        &fa,
    )
    .await
    .ok();
    assert_eq!(me["user"]["enable"], 1, "setSelfInfo cannot freeze");
    let info = app.api_user_get_user_info(&json!({}), Some(&fa)).await.ok();
    assert_eq!(info["userInfo"]["sideMode"], "light");

    app.api_user_reset_password(
        &json!({"ID": member, "password": "new-member-pass"}),
        Some(&admin),
    )
    .await
    .ok();
    app.api_user_reset_password(&json!({"ID": member, "password": "x"}), Some(&admin))
        .await
        .code(7);
    let driver = app.login("driver_li", "new-member-pass").await;
    app.api_user_change_password(
        &json!({"password": "bad", "newPassword": "another-pass-9"}),
        Some(&driver),
    )
    .await
    .code(7);
    app.api_user_change_password(
        &json!({"password": "new-member-pass", "newPassword": "another-pass-9"}),
        Some(&driver),
    )
    .await
    .ok();
    app.login("driver_li", "another-pass-9").await;

    app.api_user_reset_username(
        &json!({"ID": member, "userName": "fleet_admin"}),
        Some(&admin),
    )
    .await
    .code(7);
    app.api_user_reset_username(&json!({"ID": member, "userName": "li_wei"}), Some(&admin))
        .await
        .ok();
    app.login("li_wei", "another-pass-9").await;

    app.api_user_set_user_authority(&json!({"authorityId": 888}), Some(&fa))
        .await
        .code(7);
    let res = app
        .api_user_set_user_authority(&json!({"authorityId": 100}), Some(&fa))
        .await;
    res.ok();
    assert!(res.headers.get("new-token").is_some());

    let delete = |id: i64, token: &str| {
        app.send(
            app.client
                .delete(app.url("/api/user/deleteUser"))
                .header("x-token", token)
                .json(&json!({"id": id})),
        )
    };
    delete(fleet_admin, &fa).await.code(7);
    delete(member, &admin).await.ok();
    delete(member, &admin).await.code(7);
    app.login_fails("li_wei", "another-pass-9").await;
    assert_eq!(user_count(&app).await, before + 1);
}

#[tokio::test]
async fn the_enterprise_header_is_checked_against_the_caller() {
    let app = spawn_app().await;
    let admin = app.admin_token().await;
    create_user(&app, &admin, "branch_boss", 100, 1014).await;
    let boss = app.login("branch_boss", "member-pass-1").await;
    let with_ent = |ent: &str| {
        app.send(
            app.client
                .post(app.url("/api/user/member"))
                .header("x-token", &boss)
                .header("x-ent-id", ent)
                .json(&json!({})),
        )
    };
    // Their own enterprise and the branch below it.
    assert!(with_ent("1014").await.ok()["total"].as_u64().unwrap() >= 1);
    with_ent("1015").await.ok();
    with_ent("").await.ok();
    // Not the platform, not garbage.
    assert!(with_ent("1013").await.code(7).contains("1013"));
    with_ent("abc").await.code(7);
    // Platform staff may act for any enterprise.
    let res = app
        .send(
            app.client
                .post(app.url("/api/user/member"))
                .header("x-token", &admin)
                .header("x-ent-id", "1014")
                .json(&json!({})),
        )
        .await;
    res.ok();
}
