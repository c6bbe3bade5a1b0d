//! Area `rule`: push rules, members' push settings, the message log and webhooks, each call
//! with bad input and across tenants; and the dispatcher end to end: a device report raises an
//! alarm that becomes a message and a websocket frame for the rule's members only, a masked
//! vehicle kind stops later pushes, and webhooks receive signed events, retried then logged as
//! failed.

use std::sync::Arc;
use std::time::Duration;

use axum::http::{HeaderMap, StatusCode};
use chrono::Utc;
use entities::push_message;
use hmac::{Hmac, Mac};
use sea_orm::{ColumnTrait, EntityTrait, PaginatorTrait, QueryFilter};
use serde_json::Value;
use sha2::Sha256;
use tokio::sync::mpsc;
use wheelend_tests::fleet::{fitted_vehicle, post_report, report};
use wheelend_tests::tenants::{Tenants, add_group, add_tag, two_trees};
use wheelend_tests::ws::{next_of, none_of, signed_in};
use wheelend_tests::{Spawn, TestApp, fingerprint, json, spawn_app, spawn_app_with};

async fn vehicle(app: &TestApp, token: &str, plate: &str) -> i64 {
    app.api_web_car_update_car_info(&json!({"plate": plate, "axleLayout": "2,4"}), Some(token))
        .await
        .ok()["carId"]
        .as_i64()
        .unwrap()
}

fn rule_body(name: &str) -> Value {
    json!({"name": name, "kinds": [2, 4], "minLevel": 1, "channels": ["console"],
           "allVehicles": false, "enabled": true})
}

/// Each call refuses with code 7 and leaves every push table as it was.
async fn refused(app: &TestApp, token: &str, calls: &[(&str, Value)]) {
    let before = fingerprint(&app.state.db).await;
    for (path, body) in calls {
        let msg = app.post(path, body, Some(token)).await.code(7);
        assert!(!msg.is_empty(), "{path} {body}");
    }
    assert_eq!(fingerprint(&app.state.db).await, before);
}

#[tokio::test]
async fn rules_are_managed_with_checked_input_within_their_enterprise() {
    let app = spawn_app().await;
    let Tenants { a, b, .. } = two_trees(&app).await;
    let truck = vehicle(&app, &a.admin, "沪A10001").await;
    let foreign = vehicle(&app, &b.admin, "沪B20001").await;
    let foreign_group = add_group(&app, &b.admin, "B crew").await;
    let foreign_tag = add_tag(&app, &b.admin, "B tag").await;

    let rule = app
        .api_rule_update(&rule_body("Low pressure"), Some(&a.admin))
        .await
        .ok();
    let id = rule["id"].as_i64().unwrap();
    assert_eq!(rule["entId"], a.root);
    assert_eq!(rule["kinds"], json!([2, 4]));
    assert_eq!(rule["quietFrom"], Value::Null);
    assert_eq!(
        (rule["memberCount"].clone(), rule["vehicleCount"].clone()),
        (json!(0), json!(0))
    );

    let with = |patch: Value| {
        let mut body = rule_body("Bad");
        for (k, v) in patch.as_object().unwrap() {
            body[k] = v.clone();
        }
        body
    };
    refused(
        &app,
        &a.admin,
        &[
            ("/api/rule/update", with(json!({"name": " "}))),
            ("/api/rule/update", with(json!({"kinds": []}))),
            ("/api/rule/update", with(json!({"kinds": [2, 99]}))),
            ("/api/rule/update", with(json!({"minLevel": 3}))),
            ("/api/rule/update", with(json!({"channels": ["sms"]}))),
            (
                "/api/rule/update",
                with(json!({"quietFrom": "7:00", "quietTo": "08:00"})),
            ),
            ("/api/rule/update", with(json!({"quietFrom": "22:00"}))),
            (
                "/api/rule/update",
                with(json!({"quietFrom": "24:10", "quietTo": "08:00"})),
            ),
            ("/api/rule/update", with(json!({"id": 999_999}))),
            ("/api/rule/update", with(json!({"entId": b.root}))),
            (
                "/api/rule/cars_sets",
                json!({"id": id, "vehicleIds": [foreign]}),
            ),
            (
                "/api/rule/cars_sets",
                json!({"id": id, "vehicleIds": [truck, 999_999]}),
            ),
            (
                "/api/rule/cars_sets",
                json!({"id": 999_999, "vehicleIds": [truck]}),
            ),
            ("/api/rule/group", json!({"id": id, "groupIds": [999_999]})),
            (
                "/api/rule/group",
                json!({"id": id, "groupIds": [foreign_group]}),
            ),
            ("/api/rule/tags", json!({"id": id, "tagIds": [foreign_tag]})),
            ("/api/rule/tags", json!({"id": id, "tagIds": [999_999]})),
            (
                "/api/rule/member",
                json!({"id": id, "memberIds": [b.member_id]}),
            ),
            (
                "/api/rule/member",
                json!({"id": id, "memberIds": [999_999]}),
            ),
            (
                "/api/rule/batch",
                json!({"ids": [id, 999_999], "action": "disable"}),
            ),
            ("/api/rule/batch", json!({"ids": [id], "action": "explode"})),
            ("/api/rule/batch", json!({"ids": [], "action": "delete"})),
        ],
    )
    .await;
    // Members read rules but do not manage them; tree B never reaches tree A's.
    refused(&app, &a.member, &[("/api/rule/update", rule_body("Mine"))]).await;
    refused(
        &app,
        &b.admin,
        &[
            ("/api/rule/update", with(json!({"id": id}))),
            ("/api/rule/cars_sets", json!({"id": id, "vehicleIds": []})),
            ("/api/rule/member", json!({"id": id, "memberIds": []})),
            ("/api/rule/batch", json!({"ids": [id], "action": "delete"})),
        ],
    )
    .await;

    // Targets: a vehicle, a group holding another vehicle, a tag on a third.
    let grouped = vehicle(&app, &a.admin, "沪A10002").await;
    let tagged = vehicle(&app, &a.admin, "沪A10003").await;
    let group = add_group(&app, &a.admin, "Night crew").await;
    app.api_tb_enterprise_group_vehicle_update_tb_enterprise_group_vehicle(
        &json!({"groupId": group, "vehicleIds": [grouped]}),
        Some(&a.admin),
    )
    .await
    .ok();
    let tag = add_tag(&app, &a.admin, "Cold chain").await;
    app.api_tag_set_tags(
        &json!({"vehicleId": tagged, "tagIds": [tag]}),
        Some(&a.admin),
    )
    .await
    .ok();
    let set = |path: &'static str, body: Value| {
        let token = a.admin.clone();
        let app = &app;
        async move { app.post(path, &body, Some(&token)).await.ok() }
    };
    assert_eq!(
        set(
            "/api/rule/cars_sets",
            json!({"id": id, "vehicleIds": [truck, truck]})
        )
        .await["vehicleIds"],
        json!([truck])
    );
    assert_eq!(
        set("/api/rule/group", json!({"id": id, "groupIds": [group]})).await["groupIds"],
        json!([group])
    );
    let r = set("/api/rule/tags", json!({"id": id, "tagIds": [tag]})).await;
    assert_eq!(r["tagIds"], json!([tag]));
    assert_eq!(r["vehicleCount"], 3);
    let r = set(
        "/api/rule/member",
        json!({"id": id, "memberIds": [a.member_id, a.admin_id]}),
    )
    .await;
    assert_eq!(r["memberIds"], json!([a.admin_id, a.member_id]));
    assert_eq!(r["memberCount"], 2);
    let r = set(
        "/api/rule/update",
        with(json!({"id": id, "name": "Leaks", "allVehicles": true,
        "quietFrom": "22:00", "quietTo": "06:30"})),
    )
    .await;
    assert_eq!(
        (r["name"].clone(), r["quietTo"].clone()),
        (json!("Leaks"), json!("06:30"))
    );
    assert_eq!(r["memberCount"], 2, "targets and members survive an edit");

    // Lists: by keyword and state; tree B sees none of tree A's.
    let second = set("/api/rule/update", rule_body("Overheat")).await["id"]
        .as_i64()
        .unwrap();
    let list = |body: Value, token: String| {
        let app = &app;
        async move { app.api_rule_list(&body, Some(&token)).await.ok() }
    };
    assert_eq!(list(json!({}), a.member.clone()).await["total"], 2);
    assert_eq!(
        list(json!({"keyword": "leak"}), a.admin.clone()).await["list"][0]["id"],
        id
    );
    assert_eq!(list(json!({}), b.admin.clone()).await["total"], 0);
    app.api_rule_list(&json!({"entId": a.root}), Some(&b.admin))
        .await
        .code(7);
    let done = set(
        "/api/rule/batch",
        json!({"ids": [id, second], "action": "disable"}),
    )
    .await;
    assert_eq!(done["affected"], 2);
    assert_eq!(
        list(json!({"enabled": true}), a.admin.clone()).await["total"],
        0
    );
    assert_eq!(
        set(
            "/api/rule/batch",
            json!({"ids": [second], "action": "delete"})
        )
        .await["affected"],
        1
    );
    assert_eq!(list(json!({}), a.admin.clone()).await["total"], 1);
}

#[tokio::test]
async fn members_set_their_own_push_and_admins_anyones() {
    let app = spawn_app().await;
    let Tenants { a, b, .. } = two_trees(&app).await;
    let rule = app
        .api_rule_update(&rule_body("Any"), Some(&a.admin))
        .await
        .ok()["id"]
        .as_i64()
        .unwrap();
    app.api_rule_member(
        &json!({"id": rule, "memberIds": [a.member_id]}),
        Some(&a.admin),
    )
    .await
    .ok();

    let listed = app
        .api_rule_member_list(&json!({"keyword": "zza_member"}), Some(&a.member))
        .await
        .ok();
    assert_eq!(listed["total"], 1);
    let m = &listed["list"][0];
    assert_eq!(m["userId"], a.member_id);
    assert_eq!(m["phone"], "137****0002");
    assert_eq!(
        (m["pushEnabled"].clone(), m["ruleCount"].clone()),
        (json!(true), json!(1))
    );
    assert_eq!(m["kinds"], json!([]));
    let everyone = app
        .api_rule_member_list(&json!({}), Some(&a.admin))
        .await
        .ok();
    assert!(
        wheelend_tests::tenants::rows(&everyone)
            .iter()
            .all(|m| !m.to_string().contains("zzb"))
    );

    let own = json!({"userId": a.member_id, "pushEnabled": true, "channels": ["console"],
                     "kinds": [2, 2, 6], "quietFrom": "23:00", "quietTo": "07:00"});
    let saved = app.api_rule_set_user(&own, Some(&a.member)).await.ok();
    assert_eq!(saved["kinds"], json!([2, 6]));
    assert_eq!(saved["quietFrom"], "23:00");
    let bad = |patch: Value| {
        let mut body = own.clone();
        for (k, v) in patch.as_object().unwrap() {
            body[k] = v.clone();
        }
        body
    };
    refused(
        &app,
        &a.member,
        &[
            ("/api/rule/setUser", bad(json!({"userId": a.admin_id}))),
            ("/api/rule/setUser", bad(json!({"kinds": [0]}))),
            ("/api/rule/setUser", bad(json!({"channels": ["pager"]}))),
            ("/api/rule/setUser", bad(json!({"quietFrom": "23-00"}))),
            ("/api/rule/setUser", bad(json!({"pushEnabled": "yes"}))),
        ],
    )
    .await;
    refused(
        &app,
        &a.admin,
        &[
            ("/api/rule/setUser", bad(json!({"userId": b.member_id}))),
            ("/api/rule/setUser", bad(json!({"userId": 999_999}))),
        ],
    )
    .await;
    refused(
        &app,
        &b.admin,
        &[("/api/rule/setUser", bad(json!({"entId": a.root})))],
    )
    .await;
    let off = app
        .api_rule_set_user(
            &bad(json!({"pushEnabled": false, "kinds": []})),
            Some(&a.admin),
        )
        .await
        .ok();
    assert_eq!(
        (off["pushEnabled"].clone(), off["kinds"].clone()),
        (json!(false), json!([]))
    );
}

#[tokio::test]
async fn notices_reach_members_who_read_and_delete_their_own_messages() {
    let app = spawn_app().await;
    let Tenants { a, b, .. } = two_trees(&app).await;
    let mut member_ws = signed_in(&app, &a.member).await;
    let mut stranger_ws = signed_in(&app, &b.member).await;

    refused(
        &app,
        &a.admin,
        &[
            ("/api/rule/push_event", json!({})),
            ("/api/rule/push_event", json!({"title": "Hi"})),
            ("/api/rule/push_event", json!({"alarmId": 999_999})),
            (
                "/api/rule/push_event",
                json!({"title": "Hi", "content": "x", "memberIds": [b.member_id]}),
            ),
        ],
    )
    .await;
    refused(
        &app,
        &a.member,
        &[(
            "/api/rule/push_event",
            json!({"title": "Hi", "content": "x"}),
        )],
    )
    .await;

    let sent = app
        .api_rule_push_event(
            &json!({"title": "Maintenance", "content": "Depot closed on Sunday"}),
            Some(&a.admin),
        )
        .await
        .ok();
    assert_eq!(sent["delivered"], 2, "both members of tree A's root");
    let frame = next_of(&mut member_ws, "message").await;
    assert_eq!(frame["data"]["title"], "Maintenance");
    assert_eq!(frame["data"]["system"], true);
    assert_eq!(frame["data"]["userId"], a.member_id);
    none_of(&mut stranger_ws, "message", Duration::from_millis(300)).await;

    let log = |body: Value, token: &str| {
        let token = token.to_owned();
        let app = &app;
        async move { app.api_rule_push_log(&body, Some(&token)).await.ok() }
    };
    let mine = log(json!({}), &a.member).await;
    assert_eq!(
        (mine["total"].clone(), mine["unread"].clone()),
        (json!(1), json!(1))
    );
    let message = mine["list"][0]["id"].as_i64().unwrap();
    assert_eq!(log(json!({"system": false}), &a.member).await["total"], 0);
    assert_eq!(log(json!({}), &b.member).await["total"], 0);
    assert_eq!(log(json!({"mine": false}), &a.admin).await["total"], 2);
    app.api_rule_push_log(&json!({"mine": false}), Some(&a.member))
        .await
        .code(7);
    let admins = log(json!({}), &a.admin).await["list"][0]["id"]
        .as_i64()
        .unwrap();

    refused(
        &app,
        &a.member,
        &[
            (
                "/api/rule/push_log",
                json!({"action": "delete", "ids": [admins]}),
            ),
            (
                "/api/rule/push_log",
                json!({"action": "read", "ids": [message, 999_999]}),
            ),
            (
                "/api/rule/push_log",
                json!({"action": "mask", "ids": [message]}),
            ),
            ("/api/rule/push_log", json!({"action": "delete"})),
            (
                "/api/rule/push_log",
                json!({"action": "shred", "ids": [message]}),
            ),
            (
                "/api/rule/push_log",
                json!({"from": 9_000_000_000_000_000_i64}),
            ),
        ],
    )
    .await;
    refused(
        &app,
        &b.member,
        &[(
            "/api/rule/push_log",
            json!({"action": "read", "ids": [message]}),
        )],
    )
    .await;
    assert_eq!(
        log(json!({"action": "read"}), &a.member).await["affected"],
        1
    );
    let read = log(json!({"read": true}), &a.member).await;
    assert_eq!(
        (read["total"].clone(), read["unread"].clone()),
        (json!(1), json!(0))
    );
    assert_eq!(
        log(json!({"action": "unread", "ids": [message]}), &a.member).await["affected"],
        1
    );
    assert_eq!(
        log(json!({"action": "delete", "ids": [message]}), &a.member).await["affected"],
        1
    );
    assert_eq!(log(json!({}), &a.member).await["total"], 0);
    assert_eq!(
        log(json!({}), &a.admin).await["total"],
        1,
        "the admin's copy stays"
    );
}

/// How many messages `user` holds.
async fn messages_of(app: &TestApp, user: i64) -> u64 {
    push_message::Entity::find()
        .filter(push_message::Column::UserId.eq(user))
        .count(&app.state.db)
        .await
        .unwrap()
}

#[tokio::test]
async fn a_reported_alarm_reaches_the_rules_members_until_they_mask_it() {
    let app = spawn_app().await;
    let t = two_trees(&app).await;
    let (a, b) = (&t.a, &t.b);
    let imei = "860000000000501";
    let (truck, key) = fitted_vehicle(&app, &t.platform, a.root, "沪A50001", imei).await;
    // Tree B has a rule for every vehicle and kind too: it must not hear of tree A's alarm.
    for (tree, channels) in [(a, json!(["console"])), (b, json!(["console", "webhook"]))] {
        let id = app
            .api_rule_update(
                &json!({"name": "Pressure", "kinds": [2], "minLevel": 2, "channels": channels,
                        "allVehicles": true}),
                Some(&tree.admin),
            )
            .await
            .ok()["id"]
            .as_i64()
            .unwrap();
        app.api_rule_member(
            &json!({"id": id, "memberIds": [tree.member_id, tree.admin_id]}),
            Some(&tree.admin),
        )
        .await
        .ok();
    }
    // A rule for another kind adds nobody.
    let other = app
        .api_rule_update(
            &json!({"name": "Heat", "kinds": [3], "allVehicles": true}),
            Some(&a.admin),
        )
        .await
        .ok()["id"]
        .as_i64()
        .unwrap();
    app.api_rule_member(
        &json!({"id": other, "memberIds": [a.member_id]}),
        Some(&a.admin),
    )
    .await
    .ok();
    let mut member_ws = signed_in(&app, &a.member).await;
    let mut admin_ws = signed_in(&app, &a.admin).await;
    let mut b_ws = signed_in(&app, &b.member).await;

    // 6.0 bar on a drive tyre: a critical low-pressure alarm.
    let now = Utc::now().timestamp_millis();
    post_report(&app, &key, &report(imei, now - 9000, 6.0))
        .await
        .ok();
    let frame = next_of(&mut member_ws, "message").await;
    let m = &frame["data"];
    assert_eq!(
        (m["userId"].clone(), m["vehicleId"].clone()),
        (json!(a.member_id), json!(truck))
    );
    assert_eq!(
        (m["kind"].clone(), m["level"].clone()),
        (json!(2), json!(2))
    );
    assert_eq!(m["plate"], "沪A50001");
    assert_eq!(m["system"], false);
    assert!(m["title"].as_str().unwrap().contains("沪A50001"));
    // The wheel as people say it, from the vehicle's layout 2,4: tyre 21 is the drive axle's left outer.
    let content = m["content"].as_str().unwrap();
    assert!(content.contains("，第2轴左外，"), "{content}");
    let alarm = m["alarmId"].as_i64().unwrap();
    assert_eq!(
        next_of(&mut admin_ws, "message").await["data"]["userId"],
        a.admin_id
    );
    none_of(&mut b_ws, "message", Duration::from_millis(300)).await;
    none_of(&mut member_ws, "message", Duration::from_millis(200)).await;
    assert_eq!(
        messages_of(&app, a.member_id).await,
        1,
        "one per alarm and member"
    );
    assert_eq!(
        messages_of(&app, b.member_id).await + messages_of(&app, b.admin_id).await,
        0
    );

    // Pushing the same alarm again by hand reaches nobody twice.
    let again = app
        .api_rule_push_event(&json!({"alarmId": alarm}), Some(&a.admin))
        .await
        .ok();
    assert_eq!(again["delivered"], 0);
    app.api_rule_push_event(&json!({"alarmId": alarm}), Some(&b.admin))
        .await
        .code(7);

    // The member masks this vehicle's low pressure; the admin does not.
    let message = m["id"].as_i64().unwrap();
    let masked = app
        .api_rule_push_log(
            &json!({"action": "mask", "ids": [message]}),
            Some(&a.member),
        )
        .await
        .ok();
    assert_eq!(masked["affected"], 1);
    let list = app
        .api_rule_push_log(&json!({"masked": true}), Some(&a.member))
        .await
        .ok();
    assert_eq!(list["list"][0]["id"], message);

    // Refilled (cleared), then low again: a new alarm, pushed to the admin only.
    post_report(&app, &key, &report(imei, now - 6000, 8.5))
        .await
        .ok();
    post_report(&app, &key, &report(imei, now - 3000, 6.0))
        .await
        .ok();
    let second = next_of(&mut admin_ws, "message").await;
    assert_ne!(second["data"]["alarmId"], alarm);
    none_of(&mut member_ws, "message", Duration::from_millis(300)).await;
    assert_eq!(messages_of(&app, a.member_id).await, 1);

    // Unmasked, the member hears of the next one.
    app.api_rule_push_log(
        &json!({"action": "unmask", "ids": [message]}),
        Some(&a.member),
    )
    .await
    .ok();
    post_report(&app, &key, &report(imei, now - 2000, 8.5))
        .await
        .ok();
    post_report(&app, &key, &report(imei, now - 1000, 6.0))
        .await
        .ok();
    assert_eq!(next_of(&mut member_ws, "message").await["data"]["kind"], 2);
    next_of(&mut admin_ws, "message").await;

    // Push turned off: the admin hears of the next alarm, the member does not.
    app.api_rule_set_user(
        &json!({"userId": a.member_id, "pushEnabled": false}),
        Some(&a.member),
    )
    .await
    .ok();
    post_report(&app, &key, &report(imei, now - 600, 8.5))
        .await
        .ok();
    post_report(&app, &key, &report(imei, now - 300, 6.0))
        .await
        .ok();
    next_of(&mut admin_ws, "message").await;
    none_of(&mut member_ws, "message", Duration::from_millis(300)).await;
    assert_eq!(messages_of(&app, a.member_id).await, 2);
}

/// A stand-in receiver: `/ok` answers 204 and forwards each request, `/fail` answers 500.
async fn receiver() -> (String, mpsc::UnboundedReceiver<(HeaderMap, String)>) {
    let (tx, rx) = mpsc::unbounded_channel();
    let tx = Arc::new(tx);
    let router = axum::Router::new()
        .route(
            "/ok",
            axum::routing::post(move |headers: HeaderMap, body: String| {
                let tx = Arc::clone(&tx);
                async move {
                    let _ = tx.send((headers, body));
                    StatusCode::NO_CONTENT
                }
            }),
        )
        .route(
            "/fail",
            axum::routing::post(|| async { StatusCode::INTERNAL_SERVER_ERROR }),
        );
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let base = format!("http://{}", listener.local_addr().unwrap());
    tokio::spawn(async move { axum::serve(listener, router).await });
    (base, rx)
}

fn signed(secret: &str, body: &str) -> String {
    let mut mac = <Hmac<Sha256> as Mac>::new_from_slice(secret.as_bytes()).unwrap();
    mac.update(body.as_bytes());
    format!("sha256={}", hex::encode(mac.finalize().into_bytes()))
}

#[tokio::test]
async fn webhooks_receive_signed_events_and_failures_are_retried_then_logged() {
    let app = spawn_app_with(Spawn {
        configure: Some(Box::new(|mut cfg| {
            cfg.push.retry_delays_secs = vec![1, 1];
            cfg
        })),
        ..Spawn::default()
    })
    .await;
    let t = two_trees(&app).await;
    let (a, b) = (&t.a, &t.b);
    let (base, mut received) = receiver().await;

    refused(
        &app,
        &a.admin,
        &[
            (
                "/api/settingUrl/save",
                json!({"url": "ftp://example.com/hook"}),
            ),
            ("/api/settingUrl/save", json!({"url": "not a url"})),
            ("/api/settingUrl/save", json!({"url": ""})),
            (
                "/api/settingUrl/save",
                json!({"url": format!("{base}/ok"), "kinds": [77]}),
            ),
            (
                "/api/settingUrl/save",
                json!({"url": format!("{base}/ok"), "minLevel": 0}),
            ),
            (
                "/api/settingUrl/save",
                json!({"id": 999_999, "url": format!("{base}/ok")}),
            ),
            (
                "/api/settingUrl/save",
                json!({"url": format!("{base}/ok"), "entId": b.root}),
            ),
        ],
    )
    .await;
    refused(
        &app,
        &a.member,
        &[("/api/settingUrl/save", json!({"url": format!("{base}/ok")}))],
    )
    .await;

    let hook = app
        .api_setting_url_save(&json!({"url": format!("{base}/ok")}), Some(&a.admin))
        .await
        .ok();
    let secret = hook["secret"].as_str().unwrap().to_owned();
    assert_eq!(secret.len(), 64);
    assert_eq!(hook["secretHint"], format!("…{}", &secret[60..]));
    let failing = app
        .api_setting_url_save(
            &json!({"url": format!("{base}/fail"), "kinds": [2], "minLevel": 2}),
            Some(&a.admin),
        )
        .await
        .ok();
    let failing_id = failing["id"].as_i64().unwrap();
    // A webhook that wants another kind, and tree B's: neither hears of the alarm.
    let heat = app
        .api_setting_url_save(
            &json!({"url": format!("{base}/ok"), "kinds": [3]}),
            Some(&a.admin),
        )
        .await
        .ok()["id"]
        .as_i64()
        .unwrap();
    app.api_setting_url_save(&json!({"url": format!("{base}/ok")}), Some(&b.admin))
        .await
        .ok();
    let listed = app
        .api_setting_url_list(&json!({}), Some(&a.admin))
        .await
        .ok();
    assert_eq!(listed.as_array().unwrap().len(), 3);
    assert!(
        listed[0].get("secret").is_none(),
        "the secret is shown once"
    );
    assert_eq!(
        app.api_setting_url_list(&json!({}), Some(&b.admin))
            .await
            .ok()
            .as_array()
            .unwrap()
            .len(),
        1
    );
    app.api_setting_url_list(&json!({"id": failing_id}), Some(&b.admin))
        .await
        .code(7);

    // Rotating issues a new secret; deleting the heat webhook drops it.
    let rotated = app
        .api_setting_url_save(
            &json!({"id": hook["id"], "url": format!("{base}/ok"), "rotateSecret": true}),
            Some(&a.admin),
        )
        .await
        .ok();
    let secret = rotated["secret"].as_str().unwrap().to_owned();
    assert_ne!(secret, hook["secret"].as_str().unwrap());
    app.api_setting_url_save(&json!({"id": heat, "delete": true}), Some(&a.admin))
        .await
        .ok();

    let imei = "860000000000601";
    let (truck, key) = fitted_vehicle(&app, &t.platform, a.root, "沪A60001", imei).await;
    let now = Utc::now().timestamp_millis();
    post_report(&app, &key, &report(imei, now - 5000, 6.0))
        .await
        .ok();
    let (headers, body) = tokio::time::timeout(Duration::from_secs(5), received.recv())
        .await
        .expect("a delivery within 5 s")
        .unwrap();
    assert_eq!(
        headers["x-wheelend-signature"].to_str().unwrap(),
        signed(&secret, &body)
    );
    let event: Value = serde_json::from_str(&body).unwrap();
    assert_eq!(event["event"], "alarm.raised");
    assert_eq!(event["vehicle"], json!({"id": truck, "plate": "沪A60001"}));
    assert_eq!(event["enterprise"]["id"], a.root);
    assert_eq!(event["alarm"]["position"], 21);
    assert_eq!(
        event["alarm"]["wheelsPerAxle"],
        json!([2, 4]),
        "ingestion knows the wheels its alarm is on"
    );
    assert_eq!(
        event["positionName"],
        json!({"zh": "第2轴左外", "en": "Axle 2, left outer"}),
        "the wheel named in both languages by the vehicle's axles (2,4)"
    );
    assert_eq!(
        (
            event["alarm"]["kind"].clone(),
            event["alarm"]["level"].clone()
        ),
        (json!(2), json!(2))
    );

    // Acknowledged by a person: the webhook hears that too.
    app.api_web_car_alarm_submit(
        &json!({"id": event["alarm"]["id"], "state": 1, "note": "on it"}),
        Some(&a.admin),
    )
    .await
    .ok();
    let (_, body) = tokio::time::timeout(Duration::from_secs(5), received.recv())
        .await
        .expect("the acknowledgement within 5 s")
        .unwrap();
    assert_eq!(
        serde_json::from_str::<Value>(&body).unwrap()["event"],
        "alarm.acknowledged"
    );

    // The failing address (critical low pressure only) got the raise and the
    // acknowledgement: three attempts each (the first and two retries), each logged, then
    // given up.
    let mut log = Value::Null;
    for _ in 0..60 {
        log = app
            .api_setting_url_list(&json!({"id": failing_id, "pageSize": 50}), Some(&a.admin))
            .await
            .ok();
        let rows = log["list"].as_array().unwrap();
        if rows.len() == 6 && rows.iter().all(|d| d["nextAt"].is_null()) {
            break;
        }
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    let rows = log["list"].as_array().unwrap();
    assert_eq!(rows.len(), 6, "{log}");
    for d in rows {
        assert_eq!(d["status"], 500);
        assert_eq!(d["error"], "HTTP 500");
        assert!(d["deliveredAt"].is_null() && d["nextAt"].is_null());
    }
    let mut attempts: Vec<i64> = rows
        .iter()
        .map(|d| d["attempt"].as_i64().unwrap())
        .collect();
    attempts.sort_unstable();
    assert_eq!(attempts, [1, 1, 2, 2, 3, 3]);
    let hooks = app
        .api_setting_url_list(&json!({}), Some(&a.admin))
        .await
        .ok();
    let failing = hooks
        .as_array()
        .unwrap()
        .iter()
        .find(|h| h["id"] == failing_id)
        .unwrap()
        .clone();
    assert_eq!(
        (failing["failures"].clone(), failing["lastStatus"].clone()),
        (json!(6), json!(500))
    );
    let ok = hooks
        .as_array()
        .unwrap()
        .iter()
        .find(|h| h["id"] == hook["id"])
        .unwrap()
        .clone();
    assert_eq!(
        (ok["failures"].clone(), ok["lastStatus"].clone()),
        (json!(0), json!(204))
    );
    assert!(!ok["lastDeliveredAt"].is_null());
    assert!(
        received.try_recv().is_err(),
        "tree B's webhook and the heat one heard nothing"
    );
}
