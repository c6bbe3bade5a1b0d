//! Relations between enterprises and the invitations that start them.

use super::{ids, parent_of};
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter};
use serde_json::Value;
use wheelend_tests::tenants::{self, PASSWORD, create_enterprise, create_user, rows};
use wheelend_tests::{TestApp, fingerprint, json, spawn_app};

#[tokio::test]
async fn relations_are_requested_confirmed_and_ended() {
    let app = spawn_app().await;
    let t = tenants::two_trees(&app).await;
    let (a, b) = (&t.a, &t.b);
    let request = |body: Value, token: &str| app.api_web_ent_relation(&body, Some(token));
    let snapshot = fingerprint(&app.state.db).await;
    request(json!({"targetEntId": a.root, "type": 3}), &a.admin)
        .await
        .code(7);
    assert!(
        request(json!({"targetEntId": 55_555, "type": 3}), &a.admin)
            .await
            .code(7)
            .contains("55555")
    );
    assert!(
        request(json!({"targetEntId": b.root, "type": 7}), &a.admin)
            .await
            .code(7)
            .contains("type")
    );
    assert!(
        request(json!({"type": 3}), &a.admin)
            .await
            .code(7)
            .contains("targetEntId")
    );
    request(
        json!({"targetEntId": b.root, "type": 3, "vehicleIds": [-1]}),
        &a.admin,
    )
    .await
    .code(7);
    request(json!({"targetEntId": b.root, "type": 3}), &a.member)
        .await
        .code(7);
    assert_eq!(fingerprint(&app.state.db).await, snapshot);

    // A relation covers only the grantor's vehicles (its branch's count as its own), whichever
    // side names them; every other id is named and nothing is written.
    let [b1, b2, b3, a1, a2, a3] = tenants::add_vehicles(
        &app,
        [
            (&b.admin, b.root, "ZZB-R1"),
            (&b.admin, b.child, "ZZB-R2"),
            (&b.admin, b.root, "ZZB-R3"),
            (&a.admin, a.root, "ZZA-R1"),
            (&a.admin, a.root, "ZZA-R2"),
            (&a.admin, a.root, "ZZA-R3"),
        ],
    )
    .await;
    let snapshot = fingerprint(&app.state.db).await;
    for (body, token, named) in [
        (
            json!({"targetEntId": a.root, "type": 3, "vehicleIds": [b1, a1]}),
            &b.admin,
            vec![a1],
        ),
        (
            json!({"targetEntId": a.root, "type": 3, "vehicleIds": [b1, 424_242]}),
            &b.admin,
            vec![424_242],
        ),
        // Asking B to share: the vehicles named must be B's.
        (
            json!({"targetEntId": b.root, "type": 2, "direction": "receive", "vehicleIds": [a1, b1]}),
            &a.admin,
            vec![a1],
        ),
        // A branch shares only its own, not its parent's.
        (
            json!({"entId": b.child, "targetEntId": a.root, "type": 4, "vehicleIds": [b1, b2]}),
            &b.admin,
            vec![b1],
        ),
    ] {
        let msg = request(body.clone(), token).await.code(7);
        for id in named {
            assert!(msg.contains(&id.to_string()), "{body}: {msg}");
        }
    }
    assert_eq!(fingerprint(&app.state.db).await, snapshot);

    // B shares two vehicles (one its branch's) with A as its customer.
    let rel = request(
        json!({"targetEntId": a.root, "type": 3, "vehicleIds": [b1, b2], "remark": "tyres"}),
        &b.admin,
    )
    .await
    .ok();
    let rel_id = rel["ID"].as_i64().unwrap();
    assert_eq!(
        (rel["entId"].as_i64(), rel["relatedEntId"].as_i64()),
        (Some(b.root), Some(a.root))
    );
    assert_eq!(rel["state"], 0);
    assert_eq!(rel["direction"], "granted");
    assert_eq!(rel["canConfirm"], false);
    request(json!({"targetEntId": a.root, "type": 3}), &b.admin)
        .await
        .code(7);
    let save = |body: Value, token: &str| app.api_web_ent_relation_save(&body, Some(token));
    // The initiator cannot confirm; the grantee cannot change the coverage.
    assert!(
        save(json!({"ID": rel_id, "action": "confirm"}), &b.admin)
            .await
            .code(7)
            .contains(&a.root.to_string())
    );
    save(
        json!({"ID": rel_id, "action": "update", "vehicleIds": [a1]}),
        &a.admin,
    )
    .await
    .code(7);
    let snapshot = fingerprint(&app.state.db).await;
    assert!(
        save(
            json!({"ID": rel_id, "action": "update", "vehicleIds": [b3, a2]}),
            &b.admin,
        )
        .await
        .code(7)
        .contains(&a2.to_string())
    );
    assert_eq!(fingerprint(&app.state.db).await, snapshot);
    save(json!({"ID": rel_id, "action": "nope"}), &a.admin)
        .await
        .code(7);
    save(json!({"ID": 8_888_888, "action": "confirm"}), &a.admin)
        .await
        .code(7);
    let listed = app
        .api_web_ent_relation_list(&json!({"direction": "received"}), Some(&a.admin))
        .await
        .ok();
    assert_eq!(listed["total"], 1);
    assert_eq!(listed["list"][0]["canConfirm"], true);
    assert_eq!(listed["list"][0]["direction"], "received");
    assert_eq!(listed["list"][0]["vehicleIds"], json!([b1, b2]));
    let confirmed = save(json!({"ID": rel_id, "action": "confirm"}), &a.admin)
        .await
        .ok();
    assert_eq!(confirmed["state"], 1);
    save(json!({"ID": rel_id, "action": "confirm"}), &a.admin)
        .await
        .code(7);
    let juris = app
        .api_web_ent_my_enterprise_juris_info(&json!({}), Some(&a.admin))
        .await
        .ok();
    assert_eq!(juris["coveredVehicleCount"], 2);
    assert_eq!(juris["relations"]["received"], 1);
    let updated = save(
        json!({"ID": rel_id, "action": "update", "vehicleIds": [b3]}),
        &b.admin,
    )
    .await
    .ok();
    assert_eq!(updated["vehicleIds"], json!([b3]));
    let by_ent = app
        .api_web_ent_relation_by_ent(&json!({"entId": a.root}), Some(&a.admin))
        .await
        .ok();
    assert_eq!(by_ent["entName"], "Alpha Freight ZZA");
    assert_eq!(by_ent["relations"][0]["ID"], rel_id);
    app.api_web_ent_relation_list(&json!({"direction": "sideways"}), Some(&a.admin))
        .await
        .code(7);
    let ended = save(
        json!({"ID": rel_id, "action": "end", "reason": "contract over"}),
        &a.admin,
    )
    .await
    .ok();
    assert_eq!(ended["state"], 3);
    save(json!({"ID": rel_id, "action": "end"}), &b.admin)
        .await
        .code(7);
    let juris = app
        .api_web_ent_my_enterprise_juris_info(&json!({}), Some(&a.admin))
        .await
        .ok();
    assert_eq!(juris["coveredVehicleCount"], 0);

    // A refused request.
    let asked = request(
        json!({"targetEntId": b.root, "type": 2, "direction": "receive"}),
        &a.admin,
    )
    .await
    .ok();
    assert_eq!(asked["entId"], b.root, "B would be the grantor");
    let refused = save(
        json!({"ID": asked["ID"], "action": "refuse", "reason": "no"}),
        &b.admin,
    )
    .await
    .ok();
    assert_eq!(refused["state"], 2);

    // Cooperation: set, then change the shared vehicles (A's own only).
    let cooperate = |vehicles: Value| {
        app.api_web_ent_my_enterprise_set_cooperation(
            &json!({"targetEntId": b.root, "vehicleIds": vehicles}),
            Some(&a.admin),
        )
    };
    let snapshot = fingerprint(&app.state.db).await;
    assert!(
        cooperate(json!([a1, b1]))
            .await
            .code(7)
            .contains(&b1.to_string())
    );
    assert_eq!(fingerprint(&app.state.db).await, snapshot);
    let coop = cooperate(json!([a1, a2])).await.ok();
    assert_eq!(
        (coop["type"].as_i64(), coop["state"].as_i64()),
        (Some(4), Some(0))
    );
    let coop2 = cooperate(json!([a3])).await.ok();
    assert_eq!(coop2["ID"], coop["ID"]);
    assert_eq!(coop2["vehicleIds"], json!([a3]));
    let snapshot = fingerprint(&app.state.db).await;
    cooperate(json!([a3, b3])).await.code(7);
    assert_eq!(
        fingerprint(&app.state.db).await,
        snapshot,
        "the open one keeps a3"
    );
    // A vehicle moved within the grantor's tree stays covered; moved out, it leaves.
    let coverage = || {
        let listed = app.api_web_ent_relation_list(&json!({"type": 4}), Some(&a.admin));
        async move { listed.await.ok()["list"][0]["vehicleIds"].clone() }
    };
    let transfer = |to: i64, token: &str| {
        app.api_web_car_transfer(&json!({"carIds": [a3], "entId": to}), Some(token))
    };
    transfer(a.child, &a.admin).await.ok();
    assert_eq!(coverage().await, json!([a3]));
    transfer(b.child, &t.platform).await.ok();
    assert_eq!(coverage().await, json!([]));

    // Type 1: confirming puts the subordinate below the superior (three levels at most).
    let sub = create_enterprise(&app, &t.platform, "Sub Fleet ZZB", None).await;
    create_user(&app, &t.platform, "sub_admin", 100, sub, "13500000001").await;
    let sub_token = app.login("sub_admin", PASSWORD).await;
    let deep = request(json!({"targetEntId": a.child, "type": 1}), &sub_token)
        .await
        .ok();
    let deep_child = create_enterprise(&app, &t.platform, "Sub Fleet Child", Some(sub)).await;
    let snapshot = fingerprint(&app.state.db).await;
    let msg = save(json!({"ID": deep["ID"], "action": "confirm"}), &a.admin)
        .await
        .code(7);
    assert!(msg.contains("三级") || msg.contains("three"), "{msg}");
    assert_eq!(fingerprint(&app.state.db).await, snapshot);
    app.api_web_ent_del_batch_ent(&json!({"ids": [deep_child]}), Some(&t.platform))
        .await
        .ok();
    save(json!({"ID": deep["ID"], "action": "confirm"}), &a.admin)
        .await
        .ok();
    assert_eq!(parent_of(&app, sub).await, Some(a.child));
    let lists = app
        .api_web_ent_my_enterprise_lists(&json!({}), Some(&a.member))
        .await
        .ok();
    assert!(
        lists.to_string().contains("Sub Fleet ZZB"),
        "the superior sees its new subordinate"
    );
    // A's top may now share the subordinate's vehicle, until the subordinate leaves.
    let sub_car = tenants::add_vehicle(&app, &sub_token, sub, "SUB-1").await;
    let custody = request(
        json!({"targetEntId": b.root, "type": 2, "vehicleIds": [sub_car]}),
        &a.admin,
    )
    .await
    .ok();
    assert_eq!(custody["vehicleIds"], json!([sub_car]));
    save(json!({"ID": deep["ID"], "action": "end"}), &sub_token)
        .await
        .ok();
    assert_eq!(parent_of(&app, sub).await, None);
    let custody = app
        .api_web_ent_relation_list(&json!({"type": 2, "state": 0}), Some(&a.admin))
        .await
        .ok();
    assert_eq!(custody["list"][0]["vehicleIds"], json!([]), "{custody}");
    let lists = app
        .api_web_ent_my_enterprise_lists(&json!({}), Some(&a.member))
        .await
        .ok();
    assert!(!lists.to_string().contains("Sub Fleet"));
}

async fn set_expired(app: &TestApp, id: i64) {
    use sea_orm::sea_query::Expr;
    entities::invitation::Entity::update_many()
        .col_expr(
            entities::invitation::Column::ExpiresAt,
            Expr::value(chrono::Utc::now() - chrono::Duration::days(1)),
        )
        .filter(entities::invitation::Column::Id.eq(id))
        .exec(&app.state.db)
        .await
        .unwrap();
}

#[tokio::test]
async fn invitations_are_answered_by_the_invited_side() {
    let app = spawn_app().await;
    let t = tenants::two_trees(&app).await;
    let (a, b) = (&t.a, &t.b);
    let invite = |body: Value, token: &str| app.api_web_ent_invite(&body, Some(token));
    let snapshot = fingerprint(&app.state.db).await;
    assert!(
        invite(json!({"type": "member", "phone": "123"}), &a.admin)
            .await
            .code(7)
            .contains("手机号")
    );
    invite(
        json!({"type": "member", "phone": "13512345678", "authorityId": 4242}),
        &a.admin,
    )
    .await
    .code(7);
    invite(
        json!({"type": "member", "phone": "13512345678", "authorityId": 999}),
        &a.admin,
    )
    .await
    .code(7);
    assert!(
        invite(json!({"type": "member", "phone": a.member_phone}), &a.admin)
            .await
            .code(7)
            .contains(&a.member_phone)
    );
    invite(json!({"type": "friend", "phone": "13512345678"}), &a.admin)
        .await
        .code(7);
    invite(json!({"type": "enterprise"}), &a.admin)
        .await
        .code(7);
    invite(
        json!({"type": "enterprise", "targetEntId": a.root}),
        &a.admin,
    )
    .await
    .code(7);
    invite(
        json!({"type": "enterprise", "targetEntId": b.root, "relationType": 1}),
        &a.admin,
    )
    .await
    .code(7);
    app.api_web_ent_invite_car(
        &json!({"targetEntId": b.root, "vehicleIds": []}),
        Some(&a.admin),
    )
    .await
    .code(7);
    assert_eq!(fingerprint(&app.state.db).await, snapshot);
    let own = |plate| (a.admin.as_str(), a.root, plate);
    let [a1, a2, a3, a4, theirs] = tenants::add_vehicles(
        &app,
        [
            own("ZZA-I1"),
            own("ZZA-I2"),
            own("ZZA-I3"),
            own("ZZA-I4"),
            (&b.admin, b.root, "ZZB-I1"),
        ],
    )
    .await;
    let snapshot = fingerprint(&app.state.db).await;
    app.api_web_ent_invite_car(&json!({"vehicleIds": [a1]}), Some(&a.admin))
        .await
        .code(7);
    // Only A's own vehicles may be offered; others are named.
    for (path, body, named) in [
        (
            "/api/web/ent/invite_car",
            json!({"targetEntId": b.root, "vehicleIds": [a1, theirs]}),
            theirs,
        ),
        (
            "/api/web/ent/invite_car",
            json!({"targetEntId": b.root, "vehicleIds": [313_131]}),
            313_131,
        ),
        (
            "/api/web/ent/invite",
            json!({"type": "enterprise", "targetEntId": b.root, "vehicleIds": [theirs]}),
            theirs,
        ),
    ] {
        let msg = app.post(path, &body, Some(&a.admin)).await.code(7);
        assert!(msg.contains(&named.to_string()), "{body}: {msg}");
    }
    assert_eq!(fingerprint(&app.state.db).await, snapshot);

    // B's member is invited into A as an admin.
    let inv = invite(
        json!({"type": "member", "phone": b.member_phone, "authorityId": 100, "remark": "join us"}),
        &a.admin,
    )
    .await
    .ok();
    let inv_id = inv["ID"].as_i64().unwrap();
    assert_eq!(
        (inv["state"].as_i64(), inv["type"].as_str()),
        (Some(0), Some("member"))
    );
    invite(json!({"type": "member", "phone": b.member_phone}), &a.admin)
        .await
        .code(7);
    let received = app
        .api_web_ent_invitations(&json!({"box": "received"}), Some(&b.member))
        .await
        .ok();
    assert_eq!(ids(&received, "ID"), vec![inv_id]);
    assert_eq!(received["list"][0]["direction"], "received");
    assert_eq!(received["list"][0]["entName"], "Alpha Freight ZZA");
    // Someone else may not answer it; the inviting side may not accept it.
    app.api_web_ent_invitation(&json!({"ID": inv_id, "action": "accept"}), Some(&b.admin))
        .await
        .code(7);
    app.api_web_ent_invitation(&json!({"ID": inv_id, "action": "accept"}), Some(&a.admin))
        .await
        .code(7);
    app.api_web_ent_invitation(&json!({"ID": inv_id, "action": "cancel"}), Some(&b.member))
        .await
        .code(7);
    let accepted = app
        .api_web_ent_invitation(&json!({"ID": inv_id, "action": "accept"}), Some(&b.member))
        .await
        .ok();
    assert_eq!(accepted["state"], 1);
    app.api_web_ent_invitation(&json!({"ID": inv_id, "action": "refuse"}), Some(&b.member))
        .await
        .code(7);
    let held = entities::sys_user_authority::Entity::find()
        .filter(entities::sys_user_authority::Column::UserId.eq(b.member_id))
        .filter(entities::sys_user_authority::Column::EnterpriseId.eq(a.root))
        .one(&app.state.db)
        .await
        .unwrap()
        .expect("a membership in A");
    assert_eq!(held.authority_id, 100);
    let toggle = app
        .api_web_ent_my_enterprise_toggle_list(&json!({}), Some(&b.member))
        .await
        .ok();
    assert_eq!(toggle.as_array().unwrap().len(), 2);

    // A refused and a cancelled one.
    let inv2 = invite(json!({"type": "member", "phone": b.admin_phone}), &a.admin)
        .await
        .ok();
    let refused = app
        .api_web_ent_invitation(
            &json!({"ID": inv2["ID"], "action": "refuse", "reason": "busy"}),
            Some(&b.admin),
        )
        .await
        .ok();
    assert_eq!(
        (refused["state"].as_i64(), refused["reason"].as_str()),
        (Some(2), Some("busy"))
    );
    let inv3 = invite(json!({"type": "member", "phone": "13512345678"}), &a.admin)
        .await
        .ok();
    let cancelled = app
        .api_web_ent_invitation(
            &json!({"ID": inv3["ID"], "action": "cancel"}),
            Some(&a.admin),
        )
        .await
        .ok();
    assert_eq!(cancelled["state"], 3);

    // An enterprise invitation: accepting confirms the relation with its vehicles.
    let coop = invite(json!({"type": "enterprise", "targetEntId": b.root, "relationType": 3, "vehicleIds": [a1, a2]}), &a.admin)
        .await
        .ok();
    app.api_web_ent_invitation(
        &json!({"ID": coop["ID"], "action": "accept"}),
        Some(&b.member),
    )
    .await
    .code(7);
    let done = app
        .api_web_ent_invitation(
            &json!({"ID": coop["ID"], "action": "accept"}),
            Some(&b.admin),
        )
        .await
        .ok();
    let relation_id = done["relationId"].as_i64().expect("a relation");
    let rel = entities::relation::Entity::find_by_id(relation_id)
        .one(&app.state.db)
        .await
        .unwrap()
        .unwrap();
    assert_eq!(
        (
            rel.enterprise_id,
            rel.related_id,
            rel.relation_type,
            rel.state
        ),
        (a.root, b.root, 3, 1)
    );
    // Vehicles into custody: added to the same kind of relation.
    let car = app
        .api_web_ent_invite_car(
            &json!({"targetEntId": b.root, "vehicleIds": [a3]}),
            Some(&a.admin),
        )
        .await
        .ok();
    assert_eq!(
        (car["type"].as_str(), car["relationType"].as_i64()),
        (Some("vehicle"), Some(2))
    );
    app.api_web_ent_invite_car(
        &json!({"targetEntId": b.root, "vehicleIds": [a4]}),
        Some(&a.admin),
    )
    .await
    .code(7);
    let custody = app
        .api_web_ent_invitation(
            &json!({"ID": car["ID"], "action": "accept"}),
            Some(&b.admin),
        )
        .await
        .ok();
    let covered = app
        .api_web_ent_relation_list(&json!({"type": 2}), Some(&b.admin))
        .await
        .ok();
    assert_eq!(covered["list"][0]["ID"], custody["relationId"]);
    assert_eq!(covered["list"][0]["vehicleIds"], json!([a3]));
    // A vehicle that has left A by the time the invitation is accepted: refused, named.
    let moved = app
        .api_web_ent_invite_car(
            &json!({"targetEntId": b.child, "vehicleIds": [a4]}),
            Some(&a.admin),
        )
        .await
        .ok();
    app.api_web_car_transfer(&json!({"carIds": [a4], "entId": b.root}), Some(&t.platform))
        .await
        .ok();
    let snapshot = fingerprint(&app.state.db).await;
    assert!(
        app.api_web_ent_invitation(
            &json!({"ID": moved["ID"], "action": "accept"}),
            Some(&b.admin),
        )
        .await
        .code(7)
        .contains(&a4.to_string())
    );
    assert_eq!(fingerprint(&app.state.db).await, snapshot);

    // Expired invitations can no longer be answered.
    let late = invite(json!({"type": "member", "phone": "13512345679"}), &a.admin)
        .await
        .ok();
    let late_id = late["ID"].as_i64().unwrap();
    set_expired(&app, late_id).await;
    let sent = app
        .api_web_ent_invitations(&json!({"box": "sent", "state": 4}), Some(&a.admin))
        .await
        .ok();
    assert_eq!(ids(&sent, "ID"), vec![late_id]);
    app.api_web_ent_invitation(&json!({"ID": late_id, "action": "cancel"}), Some(&a.admin))
        .await
        .code(7);
    app.api_web_ent_invitations(&json!({"box": "inbox"}), Some(&a.admin))
        .await
        .code(7);
    let all = app
        .api_web_ent_invitations(&json!({"pageSize": 100}), Some(&a.admin))
        .await
        .ok();
    assert_eq!(all["total"], 7);
    let only_members = app
        .api_web_ent_invitations(&json!({"type": "member"}), Some(&a.admin))
        .await
        .ok();
    assert_eq!(only_members["total"], 4);

    // The log says who did what.
    let log = app
        .api_web_ent_invite_log(&json!({"invitationId": inv_id}), Some(&a.admin))
        .await
        .ok();
    let actions: Vec<String> = rows(&log)
        .iter()
        .map(|l| l["action"].as_str().unwrap().to_owned())
        .collect();
    assert_eq!(actions, vec!["accepted", "created"]);
    assert_eq!(log["list"][0]["actorId"], b.member_id);
    let all_logs = app
        .api_web_ent_invite_log(&json!({"pageSize": 100}), Some(&a.admin))
        .await
        .ok();
    assert_eq!(all_logs["total"], 12);
    app.api_web_ent_invite_log(&json!({"invitationId": 987_654}), Some(&a.admin))
        .await
        .code(7);
}
