//! Switching the acting enterprise and managing its members.

use sea_orm::EntityTrait;
use serde_json::Value;
use wheelend_tests::tenants::{self, PASSWORD, create_user, rows};
use wheelend_tests::{fingerprint, json, spawn_app};

#[tokio::test]
async fn switching_enterprise_and_managing_members() {
    let app = spawn_app().await;
    let t = tenants::two_trees(&app).await;
    // A user who is a member of both trees (admin in A, member in B).
    let dual = create_user(&app, &t.platform, "dual_user", 100, t.a.root, "13600000001").await;
    app.api_user_admin_register(
        &json!({"userName": "helper", "passWord": PASSWORD, "nickName": "h", "authorityId": 101, "enterpriseId": t.b.root}),
        Some(&t.platform),
    )
    .await
    .ok();
    // Give `dual` a membership in B through an accepted invitation.
    let inv = app
        .api_web_ent_invite(
            &json!({"type": "member", "phone": "13600000001", "authorityId": 101}),
            Some(&t.b.admin),
        )
        .await
        .ok();
    let token = app.login("dual_user", PASSWORD).await;
    app.api_web_ent_invitation(&json!({"ID": inv["ID"], "action": "accept"}), Some(&token))
        .await
        .ok();

    let list = app
        .api_web_ent_my_enterprise_toggle_list(&json!({}), Some(&token))
        .await
        .ok();
    let entries = list.as_array().unwrap();
    assert_eq!(entries.len(), 2);
    let a_entry = entries.iter().find(|e| e["value"] == t.a.root).unwrap();
    assert_eq!(a_entry["label"], "Alpha Freight ZZA");
    assert_eq!(a_entry["roleList"], json!([100]));
    assert_eq!(a_entry["current"], true);
    assert!(a_entry.get("logo").is_some() && a_entry.get("colonyId").is_some());

    let lists = |tok: String| {
        let app = &app;
        async move {
            app.api_web_ent_my_enterprise_lists(&json!({}), Some(&tok))
                .await
                .ok()
                .to_string()
        }
    };
    let before = lists(token.clone()).await;
    assert!(before.contains("ZZA") && !before.contains("ZZB"));

    // Not a member → code 7 naming the enterprise; nothing changes.
    let msg = app
        .api_web_ent_my_enterprise_cut(&json!({"entId": t.a.child}), Some(&token))
        .await
        .code(7);
    assert!(msg.contains(&t.a.child.to_string()), "{msg}");
    app.api_web_ent_my_enterprise_cut(&json!({"entId": "x"}), Some(&token))
        .await
        .code(7);
    app.api_web_ent_my_enterprise_cut(&json!({}), Some(&token))
        .await
        .code(7);
    let res = app
        .api_web_ent_my_enterprise_cut(&json!({"entId": t.b.root}), Some(&token))
        .await;
    let cut = res.ok();
    assert_eq!(cut["user"]["nowEntId"], t.b.root);
    assert_eq!(cut["user"]["authorityId"], 101);
    let new_token = res.headers["new-token"].to_str().unwrap().to_owned();
    assert_eq!(new_token, cut["token"].as_str().unwrap());
    let after = lists(new_token.clone()).await;
    assert!(after.contains("ZZB") && !after.contains("ZZA"), "{after}");
    let row = entities::sys_user::Entity::find_by_id(dual)
        .one(&app.state.db)
        .await
        .unwrap()
        .unwrap();
    assert_eq!((row.now_ent_id, row.authority_id), (Some(t.b.root), 101));
    // As a member (101) of B the role now forbids writes of the area.
    app.api_tb_enterprise_update_tb_enterprise(&json!({"contact": "x"}), Some(&new_token))
        .await
        .code(7);

    // Members and roles.
    let members = app
        .api_web_ent_user_list(&json!({"pageSize": 50}), Some(&t.b.admin))
        .await
        .ok();
    assert_eq!(members["total"], 4, "{members}");
    let dual_row = rows(&members)
        .into_iter()
        .find(|m| m["ID"] == dual)
        .unwrap();
    assert_eq!(dual_row["authorityId"], 101);
    assert_eq!(dual_row["entName"], "Beta Logistics ZZB");
    let keyword = app
        .api_web_ent_user_list(&json!({"keyword": "dual"}), Some(&t.b.admin))
        .await
        .ok();
    assert_eq!(keyword["total"], 1);
    let with_children = app
        .api_web_ent_user_list(
            &json!({"includeChildren": true, "authorityId": 100}),
            Some(&t.b.admin),
        )
        .await
        .ok();
    assert_eq!(with_children["total"], 1);

    let roles = app
        .api_web_ent_my_enterprise_role_lists(&json!({}), Some(&t.b.admin))
        .await
        .ok();
    let role_ids: Vec<i64> = roles
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["id"].as_i64().unwrap())
        .collect();
    assert!(role_ids.contains(&100) && role_ids.contains(&101));
    assert!(!role_ids.contains(&999) && !role_ids.contains(&888));

    let set_role = |body: Value| app.api_web_ent_set_role(&body, Some(&t.b.admin));
    let snapshot = fingerprint(&app.state.db).await;
    assert!(
        set_role(json!({"userId": dual, "authorityId": 999}))
            .await
            .code(7)
            .contains("999")
    );
    assert!(
        set_role(json!({"userId": dual, "authorityId": 4242}))
            .await
            .code(7)
            .contains("4242")
    );
    assert!(
        set_role(json!({"userId": t.a.member_id, "authorityId": 100}))
            .await
            .code(7)
            .contains(&t.a.member_id.to_string())
    );
    set_role(json!({"userId": t.b.admin_id, "authorityId": 101}))
        .await
        .code(7);
    set_role(json!({"authorityId": 101})).await.code(7);
    assert_eq!(fingerprint(&app.state.db).await, snapshot);
    let changed = set_role(json!({"userId": dual, "authorityId": 100}))
        .await
        .ok();
    assert_eq!(changed["authorityId"], 100);
    let row = entities::sys_user::Entity::find_by_id(dual)
        .one(&app.state.db)
        .await
        .unwrap()
        .unwrap();
    assert_eq!(
        row.authority_id, 100,
        "the active role follows, B being current"
    );
    // Switching back gives the role held in A.
    let back = app
        .api_web_ent_my_enterprise_cut(&json!({"entId": t.a.root}), Some(&new_token))
        .await
        .ok();
    assert_eq!(back["user"]["authorityId"], 100);
    assert_eq!(back["user"]["nowEntId"], t.a.root);
}
