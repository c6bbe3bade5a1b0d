//! The enterprise tree: levels and cycles, details, search, batch deletion, verification and the demo seed.

use super::{ids, parent_of};
use sea_orm::{EntityTrait, PaginatorTrait};
use serde_json::Value;
use wheelend_tests::tenants::{self, create_enterprise};
use wheelend_tests::{TestApp, fingerprint, json, spawn_app};

async fn enterprise_count(app: &TestApp) -> u64 {
    entities::enterprise::Entity::find()
        .count(&app.state.db)
        .await
        .unwrap()
}

#[tokio::test]
async fn the_tree_keeps_three_levels_and_no_cycles() {
    let app = spawn_app().await;
    let admin = app.admin_token().await;
    let (app, admin) = (&app, &admin);
    let root = create_enterprise(app, admin, "Tree Root", None).await;
    let mid = create_enterprise(app, admin, "Tree Mid", Some(root)).await;
    let leaf = create_enterprise(app, admin, "Tree Leaf", Some(mid)).await;
    let other = create_enterprise(app, admin, "Other Root", None).await;
    let before = enterprise_count(app).await;
    let snapshot = fingerprint(&app.state.db).await;

    // A fourth level, a cycle, a move that would make four levels, a duplicate sibling name,
    // bad fields: all refused, nothing changed.
    let tb_up = |body: Value| async move {
        app.api_web_ent_tb_up(&body, Some(admin.as_str()))
            .await
            .code(7)
    };
    assert!(
        tb_up(json!({"entName": "Too Deep", "parentId": leaf}))
            .await
            .contains('4')
    );
    let msg = tb_up(json!({"entId": root, "parentId": leaf})).await;
    assert!(msg.contains("环"), "{msg}");
    tb_up(json!({"entId": root, "parentId": root})).await;
    let msg = tb_up(json!({"entId": root, "parentId": other})).await;
    assert!(msg.contains("三级"), "{msg}");
    assert!(
        tb_up(json!({"entName": "Tree Mid", "parentId": root}))
            .await
            .contains("Tree Mid")
    );
    assert!(tb_up(json!({"parentId": root})).await.contains("entName"));
    assert!(tb_up(json!({"entName": 5})).await.contains("entName"));
    assert!(
        tb_up(json!({"entName": "x", "type": 9}))
            .await
            .contains("type")
    );
    assert!(
        tb_up(json!({"entName": "x", "dockingPlatform": 11}))
            .await
            .contains("dockingPlatform")
    );
    assert!(
        tb_up(json!({"entName": "x", "wheelSupport": -1}))
            .await
            .contains("wheelSupport")
    );
    assert!(
        tb_up(json!({"entName": "x", "phone": "call me"}))
            .await
            .contains("phone")
    );
    assert!(
        tb_up(json!({"entName": "x", "parentId": 999_999}))
            .await
            .contains("999999")
    );
    assert!(
        tb_up(json!({"entId": 999_999, "entName": "x"}))
            .await
            .contains("999999")
    );
    tb_up(json!({"entId": 1013, "parentId": root})).await;
    assert_eq!(enterprise_count(app).await, before);
    assert_eq!(
        fingerprint(&app.state.db).await,
        snapshot,
        "nothing changed"
    );

    // Moving the leaf's parent to the top keeps two levels below; moving leaf under other works.
    let moved = app
        .api_web_ent_tb_up(&json!({"entId": leaf, "parentId": other}), Some(admin))
        .await
        .ok();
    assert_eq!(moved["parentId"], other);
    assert_eq!(moved["level"], 2);
    assert_eq!(moved["parent"][0]["ent_name"], "Other Root");
    assert_eq!(parent_of(app, leaf).await, Some(other));
    // Now `mid` has no child, so `mid` may go below `leaf` (three levels: other > leaf > mid)…
    app.api_web_ent_tb_up(&json!({"entId": mid, "parentId": leaf}), Some(admin))
        .await
        .ok();
    // …and then `leaf` cannot go below `mid` (cycle).
    app.api_web_ent_tb_up(&json!({"entId": leaf, "parentId": mid}), Some(admin))
        .await
        .code(7);
    // To the top level (platform staff only).
    app.api_web_ent_tb_up(&json!({"entId": mid, "parentId": 0}), Some(admin))
        .await
        .ok();
    assert_eq!(parent_of(app, mid).await, None);

    // The tree as the console reads it.
    let tree = app
        .api_web_ent_my_enterprise_ent_list_new(&json!({"entId": other}), Some(admin))
        .await
        .ok();
    assert_eq!(tree[0]["entId"], other);
    assert_eq!(tree[0]["ent_list"][0]["entId"], leaf);
    assert_eq!(tree[0]["ent_list"][0]["level"], 2);
    let detail = app
        .get(
            &format!("/api/tbEnterprise/findTbEnterprise?entId={leaf}"),
            Some(admin),
        )
        .await
        .ok();
    assert_eq!(detail["entName"], "Tree Leaf");
    assert_eq!(
        detail["parent"],
        json!([{"id": other, "ent_name": "Other Root"}])
    );
    assert_eq!(detail["type"], 0);
    assert!(detail.get("car_ico").is_some() && detail.get("enable_group").is_some());
    let all = app
        .api_web_ent_my_enterprise_ent_list_new(&json!({}), Some(admin))
        .await
        .ok();
    assert!(
        all.as_array()
            .unwrap()
            .iter()
            .any(|n| n["entId"] == 1014 && n["ent_list"][0]["entId"] == 1015)
    );
}

#[tokio::test]
async fn enterprise_settings_find_update_lists_and_search() {
    let app = spawn_app().await;
    let t = tenants::two_trees(&app).await;
    let a = &t.a;
    let put = |body: Value| app.api_tb_enterprise_update_tb_enterprise(&body, Some(&a.admin));
    let saved = put(
        json!({"entAbbreviation": "Alpha", "type": 2, "dockingPlatform": 7,
        "wheelSupport": 1, "contact": "Ms Wang", "phone": "020-12345678", "address": "Guangzhou",
        "licenseNo": "91440000X", "car_ico": "/icons/truck.svg", "enable_group": true}),
    )
    .await
    .ok();
    assert_eq!(saved["entId"], a.root, "defaults to the acting enterprise");
    assert_eq!(saved["type"], 2);
    assert_eq!(saved["typeName"], "外包");
    assert_eq!(saved["dockingName"], "轮胎服务商");
    assert_eq!(saved["wheelSupport"], 1);
    assert_eq!(saved["contact"], "Ms Wang");
    assert_eq!(saved["car_ico"], "/icons/truck.svg");
    assert_eq!(saved["enable_group"], true);
    assert_eq!(saved["memberCount"], 2);
    assert_eq!(saved["childCount"], 1);
    let snapshot = fingerprint(&app.state.db).await;
    for (body, field) in [
        (json!({"type": 5}), "type"),
        (json!({"dockingPlatform": "x"}), "dockingPlatform"),
        (json!({"entName": " "}), "entName"),
        (
            json!({"entAbbreviation": "x".repeat(17)}),
            "entAbbreviation",
        ),
        (json!({"entId": t.b.root, "entName": "mine"}), "may not"),
    ] {
        let msg = app
            .send(
                app.client
                    .put(app.url("/api/tbEnterprise/updateTbEnterprise"))
                    .header("x-token", &a.admin)
                    .header("cookie", "lang=en")
                    .json(&body),
            )
            .await
            .code(7);
        assert!(msg.contains(field), "{msg} names {field}");
    }
    assert_eq!(fingerprint(&app.state.db).await, snapshot);
    // The child may be edited by the parent's admin; `parentId` is ignored here.
    put(json!({"entId": a.child, "entName": "Renamed Branch ZZA", "parentId": 0}))
        .await
        .ok();
    assert_eq!(parent_of(&app, a.child).await, Some(a.root));

    // The member reads but may not write.
    app.api_tb_enterprise_find_tb_enterprise(&json!({}), Some(&a.member))
        .await
        .ok();
    app.api_tb_enterprise_update_tb_enterprise(&json!({"contact": "x"}), Some(&a.member))
        .await
        .code(7);

    let lists = app
        .api_web_ent_my_enterprise_lists(&json!({"pageSize": 50}), Some(&a.admin))
        .await
        .ok();
    assert_eq!(lists["total"], 2);
    assert_eq!(ids(&lists, "entId"), vec![a.root, a.child]);
    let filtered = app
        .api_web_ent_my_enterprise_lists(&json!({"keyword": "renamed", "type": 0}), Some(&a.admin))
        .await
        .ok();
    assert_eq!(ids(&filtered, "entId"), vec![a.child]);
    app.api_web_ent_my_enterprise_lists(&json!({"pageSize": 0}), Some(&a.admin))
        .await
        .code(7);
    let found = app
        .api_web_ent_query_ent(&json!({"keyword": "Renamed"}), Some(&a.admin))
        .await
        .ok();
    assert_eq!(found.as_array().unwrap().len(), 1, "{found}");
    app.api_web_ent_query_ent(&json!({"keyword": "a", "limit": 101}), Some(&a.admin))
        .await
        .code(7);
    let platform = app
        .api_web_ent_query_ent(&json!({"keyword": "Branch"}), Some(&t.platform))
        .await
        .ok();
    assert_eq!(platform.as_array().unwrap().len(), 2);

    let docking = app
        .api_web_ent_docking_list(&json!({}), Some(&a.member))
        .await
        .ok();
    assert_eq!(docking.as_array().unwrap().len(), 11);
    assert_eq!(docking[0], json!({"id": 0, "name": "无"}));
    let en = app
        .send(
            app.client
                .post(app.url("/api/web/ent/docking_list"))
                .header("x-token", &a.member)
                .header("cookie", "lang=en")
                .json(&json!({})),
        )
        .await
        .ok();
    assert_eq!(en[10]["name"], "vehicle-insurance provider");

    let juris = app
        .api_web_ent_my_enterprise_juris_info(&json!({}), Some(&a.admin))
        .await
        .ok();
    assert_eq!(juris["entId"], a.root);
    assert_eq!(juris["platform"], false);
    assert_eq!(juris["visibleCount"], 2);
    assert_eq!(juris["ent_list"][0]["ent_list"][0]["entId"], a.child);
    assert!(juris["trusteeship"].is_null());
    let staff = app
        .api_web_ent_my_enterprise_juris_info(&json!({}), Some(&t.platform))
        .await
        .ok();
    assert_eq!(staff["platform"], true);
}

#[tokio::test]
async fn batch_delete_is_all_or_nothing_and_says_why() {
    let app = spawn_app().await;
    let t = tenants::two_trees(&app).await;
    let admin = &t.platform;
    let empty = create_enterprise(&app, admin, "Empty Root", None).await;
    let empty_child = create_enterprise(&app, admin, "Empty Child", Some(empty)).await;
    let lonely = create_enterprise(&app, admin, "Lonely", None).await;
    let before = enterprise_count(&app).await;
    let snapshot = fingerprint(&app.state.db).await;
    let del = |ids: Value, token: &str| {
        app.send(
            app.client
                .post(app.url("/api/web/ent/delBatchEnt"))
                .header("x-token", token)
                .header("cookie", "lang=en")
                .json(&json!({ "ids": ids })),
        )
    };
    let msg = del(json!([lonely, t.a.root]), admin).await.code(7);
    assert!(
        msg.contains("members") && msg.contains(&t.a.root.to_string()),
        "{msg}"
    );
    let msg = del(json!([lonely, empty]), admin).await.code(7);
    assert!(
        msg.contains("sub-enterprise") && msg.contains("Empty Child"),
        "{msg}"
    );
    assert!(
        del(json!([lonely, 987_654]), admin)
            .await
            .code(7)
            .contains("987654")
    );
    assert!(del(json!([1013]), admin).await.code(7).contains("1013"));
    del(json!([]), admin).await.code(7);
    del(json!("x"), admin).await.code(7);
    // Tree A's admin may not delete tree B's enterprises, nor their own.
    del(json!([t.b.child]), &t.a.admin).await.code(7);
    del(json!([t.a.root]), &t.a.admin).await.code(7);
    del(json!([t.a.child]), &t.a.member).await.code(7);
    assert_eq!(enterprise_count(&app).await, before);
    assert_eq!(
        fingerprint(&app.state.db).await,
        snapshot,
        "nothing deleted"
    );

    // A parent with its child, and a lonely one, go together.
    del(json!([empty, empty_child, lonely]), admin).await.ok();
    assert_eq!(enterprise_count(&app).await, before - 3);
    del(json!([t.a.child]), &t.a.admin).await.ok();
    assert!(
        entities::enterprise::Entity::find_by_id(t.a.child)
            .one(&app.state.db)
            .await
            .unwrap()
            .is_none()
    );
}

#[tokio::test]
async fn verification_is_submitted_then_reviewed_by_the_platform() {
    let app = spawn_app().await;
    let t = tenants::two_trees(&app).await;
    let a = &t.a;
    let verify =
        |body: Value, token: &str| app.api_web_ent_my_enterprise_verification(&body, Some(token));
    let status = verify(json!({"action": "status"}), &a.admin).await.ok();
    assert_eq!(status["verifyState"], 0);
    assert!(
        verify(json!({"action": "submit"}), &a.admin)
            .await
            .code(7)
            .contains("documents")
    );
    assert!(
        verify(json!({"action": "bogus"}), &a.admin)
            .await
            .code(7)
            .contains("action")
    );
    verify(json!({"action": "approve", "entId": a.root}), &t.platform)
        .await
        .code(7);
    let submitted = verify(
        json!({"action": "submit", "documents": ["/files/licence.png"], "licenseNo": "9144X"}),
        &a.admin,
    )
    .await
    .ok();
    assert_eq!(submitted["verifyState"], 1);
    assert_eq!(submitted["documents"], json!(["/files/licence.png"]));
    // Only platform staff review; a reason is required to reject.
    verify(json!({"action": "approve"}), &a.admin).await.code(7);
    assert!(
        verify(json!({"action": "reject", "entId": a.root}), &t.platform)
            .await
            .code(7)
            .contains("reason")
    );
    let rejected = verify(
        json!({"action": "reject", "entId": a.root, "reason": "blurred scan"}),
        &t.platform,
    )
    .await
    .ok();
    assert_eq!(rejected["verifyState"], 3);
    assert_eq!(rejected["reason"], "blurred scan");
    verify(
        json!({"action": "submit", "documents": ["/files/licence2.png"]}),
        &a.admin,
    )
    .await
    .ok();
    let approved = verify(json!({"action": "approve", "entId": a.root}), &t.platform)
        .await
        .ok();
    assert_eq!(approved["verifyState"], 2);
    assert_eq!(approved["verified"], true);
    assert!(
        verify(json!({"action": "submit", "documents": ["/x"]}), &a.admin)
            .await
            .code(7)
            .contains(&a.root.to_string())
    );
    let detail = app
        .api_tb_enterprise_find_tb_enterprise(&json!({}), Some(&a.admin))
        .await
        .ok();
    assert_eq!(detail["verifyState"], 2);
    assert_eq!(detail["licenseNo"], "9144X");
}

#[tokio::test]
async fn the_seed_adds_demo_tenancy_once() {
    let app = spawn_app().await;
    let admin = app.admin_token().await;
    let cluster = app
        .api_web_cluster_colony_info(&json!({"colonyId": 7}), Some(&admin))
        .await
        .ok();
    assert_eq!(cluster["name"], "示范集群");
    let members = ids(&cluster["enterprises"], "entId");
    assert_eq!(members, vec![1014, 1016]);
    let rel = app
        .api_web_ent_relation_by_ent(&json!({"entId": 1016}), Some(&admin))
        .await
        .ok();
    assert_eq!(rel["relations"][0]["type"], 2);
    assert_eq!(rel["relations"][0]["state"], 1);
    assert_eq!(rel["relations"][0]["entId"], 1014);
    let before = wheelend_tests::table_counts(&app.state.db).await;
    let again = app.restart().await;
    assert_eq!(wheelend_tests::table_counts(&again.state.db).await, before);
    let tree = app
        .api_web_ent_my_enterprise_ent_list_new(&json!({"entId": 1014}), Some(&admin))
        .await
        .ok();
    assert_eq!(tree[0]["ent_list"][0]["entId"], 1015);
}
