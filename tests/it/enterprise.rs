//! Area `enterprise`: every call end to end, bad input included (refusals answer code 7 and
//! change nothing: read back to prove it).

use sea_orm::{ColumnTrait, EntityTrait, PaginatorTrait, QueryFilter};
use serde_json::Value;
use wheelend_tests::tenants::{self, PASSWORD, create_enterprise, create_user, rows};
use wheelend_tests::{TestApp, fingerprint, json, spawn_app};

async fn enterprise_count(app: &TestApp) -> u64 {
    entities::enterprise::Entity::find()
        .count(&app.state.db)
        .await
        .unwrap()
}

async fn parent_of(app: &TestApp, id: i64) -> Option<i64> {
    entities::enterprise::Entity::find_by_id(id)
        .one(&app.state.db)
        .await
        .unwrap()
        .unwrap()
        .parent_id
}

fn ids(data: &Value, key: &str) -> Vec<i64> {
    rows(data)
        .iter()
        .map(|r| r[key].as_i64().unwrap())
        .collect()
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
async fn clusters_group_enterprises_under_a_supervisor() {
    let app = spawn_app().await;
    let t = tenants::two_trees(&app).await;
    let admin = &t.platform;
    // B's admin creates a cluster supervised by B and may only add B's enterprises.
    let cluster = app
        .api_web_cluster_save_cluster(
            &json!({"name": "South ZZB", "domain": "south.example.com"}),
            Some(&t.b.admin),
        )
        .await
        .ok();
    let cid = cluster["ID"].as_i64().unwrap();
    assert_eq!(cluster["supervisorEntId"], t.b.root);
    assert_eq!(cluster["manageable"], true);
    app.api_web_cluster_save_cluster(&json!({"name": "South ZZB"}), Some(&t.b.admin))
        .await
        .code(7);
    app.api_web_cluster_save_cluster(&json!({"name": ""}), Some(&t.b.admin))
        .await
        .code(7);
    app.api_web_cluster_save_cluster(&json!({"name": "Bad", "domain": "a b"}), Some(&t.b.admin))
        .await
        .code(7);
    let snapshot = fingerprint(&app.state.db).await;
    app.api_web_cluster_add_ent(
        &json!({"colonyId": cid, "entIds": [t.b.child, t.a.root]}),
        Some(&t.b.admin),
    )
    .await
    .code(7);
    app.api_web_cluster_add_ent(&json!({"colonyId": cid, "entIds": []}), Some(&t.b.admin))
        .await
        .code(7);
    app.api_web_cluster_add_ent(
        &json!({"colonyId": 424_242, "entIds": [t.b.child]}),
        Some(&t.b.admin),
    )
    .await
    .code(7);
    assert_eq!(fingerprint(&app.state.db).await, snapshot, "all or nothing");
    app.api_web_cluster_add_ent(
        &json!({"colonyId": cid, "entIds": [t.b.child]}),
        Some(&t.b.admin),
    )
    .await
    .ok();
    // Platform staff add tree A: B's members now see A's enterprises through the cluster.
    let before = app
        .api_web_ent_my_enterprise_lists(&json!({}), Some(&t.b.member))
        .await
        .ok();
    assert!(!before.to_string().contains("ZZA"));
    let row = app
        .api_web_cluster_add_ent(&json!({"colonyId": cid, "entIds": [t.a.root]}), Some(admin))
        .await
        .ok();
    assert_eq!(row["entCount"], 2);
    let after = app
        .api_web_ent_my_enterprise_lists(&json!({}), Some(&t.b.member))
        .await
        .ok();
    assert!(after.to_string().contains("Alpha Freight ZZA"), "{after}");
    // B sees A through the cluster but may not pass A on to another cluster it supervises.
    let second = app
        .api_web_cluster_save_cluster(&json!({"name": "Second ZZB"}), Some(&t.b.admin))
        .await
        .ok();
    let msg = app
        .api_web_cluster_add_ent(
            &json!({"colonyId": second["ID"], "entIds": [t.a.root]}),
            Some(&t.b.admin),
        )
        .await
        .code(7);
    assert!(msg.contains(&t.a.root.to_string()), "{msg}");
    app.api_web_cluster_save_cluster(
        &json!({"colonyId": second["ID"], "supervisorEntId": t.a.root}),
        Some(&t.b.admin),
    )
    .await
    .code(7);
    let in_cluster = app
        .api_web_cluster_list_ent(&json!({"colonyId": cid}), Some(&t.b.admin))
        .await
        .ok();
    assert_eq!(in_cluster["total"], 2);
    // A sees the cluster (it contains A) but not B's enterprises in it, and may not manage it.
    let a_view = app
        .api_web_cluster_colony_info(&json!({"colonyId": cid}), Some(&t.a.admin))
        .await
        .ok();
    assert_eq!(a_view["manageable"], false);
    assert_eq!(ids(&a_view["enterprises"], "entId"), vec![t.a.root]);
    app.api_web_cluster_update_colony(
        &json!({"colonyId": cid, "name": "Hijack"}),
        Some(&t.a.admin),
    )
    .await
    .code(7);
    let colonies = app
        .api_web_ent_colony_list(&json!({}), Some(&t.a.admin))
        .await
        .ok();
    assert_eq!(ids(&colonies, "ID"), vec![cid]);
    assert_eq!(
        entities::enterprise::Entity::find_by_id(t.a.root)
            .one(&app.state.db)
            .await
            .unwrap()
            .unwrap()
            .colony_id,
        Some(cid)
    );
    let updated = app
        .api_web_cluster_update_colony(
            &json!({"colonyId": cid, "remark": "south china"}),
            Some(&t.b.admin),
        )
        .await
        .ok();
    assert_eq!(updated["remark"], "south china");
    app.api_web_cluster_update_colony(&json!({"name": "no id"}), Some(&t.b.admin))
        .await
        .code(7);
    // A cluster manager onboards a new top-level enterprise into the cluster.
    let onboarded = app
        .api_web_cluster_save_ent(
            &json!({"colonyId": cid, "entName": "Gamma ZZB"}),
            Some(&t.b.admin),
        )
        .await
        .ok();
    assert_eq!(onboarded["parentId"], Value::Null);
    assert_eq!(onboarded["colonyId"], cid);
    app.api_web_cluster_save_ent(
        &json!({"colonyId": cid, "entName": "Gamma ZZB"}),
        Some(&t.b.admin),
    )
    .await
    .code(7);
    let list = app
        .api_web_cluster_list(&json!({"keyword": "south"}), Some(&t.b.admin))
        .await
        .ok();
    assert_eq!(list["total"], 1);
    assert_eq!(list["list"][0]["entCount"], 3);
    let toggle = app
        .api_web_cluster_toggle_list(&json!({}), Some(admin))
        .await
        .ok();
    assert_eq!(toggle["pageSize"], 100);
    assert_eq!(toggle["page"], 1);
    assert!(
        rows(&toggle)
            .iter()
            .any(|c| c["value"] == cid && c["label"] == "South ZZB")
    );
    let toggle = app
        .api_web_cluster_toggle_list(&json!({"limit": 1, "page": 2}), Some(admin))
        .await
        .ok();
    assert_eq!(toggle["pageSize"], 1);
    let cut = app
        .api_web_cluster_cut(&json!({"colonyId": cid}), Some(&t.a.admin))
        .await
        .ok();
    assert_eq!(cut["colonyId"], cid);
    let info = app
        .api_user_get_user_info(&json!({}), Some(&t.a.admin))
        .await
        .ok();
    assert_eq!(info["userInfo"]["current_cluster"], cid);
    // Taking A out closes B's view of it again.
    app.api_web_cluster_add_ent(
        &json!({"colonyId": cid, "entIds": [t.a.root], "remove": true}),
        Some(admin),
    )
    .await
    .ok();
    let closed = app
        .api_web_ent_my_enterprise_lists(&json!({}), Some(&t.b.member))
        .await
        .ok();
    assert!(!closed.to_string().contains("ZZA"));
    app.api_web_cluster_cut(&json!({"colonyId": cid}), Some(&t.a.admin))
        .await
        .code(7);
}

#[tokio::test]
async fn groups_hold_members_and_vehicles() {
    let app = spawn_app().await;
    let t = tenants::two_trees(&app).await;
    let a = &t.a;
    let save = |body: Value| app.api_web_group_save_group(&body, Some(&a.admin));
    let crew = save(json!({"name": "Night crew", "userIds": [a.member_id]}))
        .await
        .ok();
    let crew_id = crew["ID"].as_i64().unwrap();
    assert_eq!(crew["userIds"], json!([a.member_id]));
    assert_eq!(crew["entId"], a.root);
    let day = save(json!({"name": "Day crew", "sort": -1})).await.ok();
    let day_id = day["ID"].as_i64().unwrap();
    let snapshot = fingerprint(&app.state.db).await;
    assert!(
        save(json!({"name": "Night crew"}))
            .await
            .code(7)
            .contains("名")
    );
    assert!(
        save(json!({"name": "x", "userIds": [t.b.member_id]}))
            .await
            .code(7)
            .contains(&t.b.member_id.to_string())
    );
    save(json!({"name": ""})).await.code(7);
    save(json!({})).await.code(7);
    save(json!({"ID": 777_777, "name": "x"})).await.code(7);
    save(json!({"name": "x", "entId": t.b.root})).await.code(7);
    app.api_web_group_save_group(&json!({"name": "x"}), Some(&a.member))
        .await
        .code(7);
    assert_eq!(fingerprint(&app.state.db).await, snapshot);

    let list = app
        .api_web_group_group_list(&json!({}), Some(&a.member))
        .await
        .ok();
    assert_eq!(ids(&list, "ID"), vec![day_id, crew_id], "by sort");
    let with_users = app
        .api_web_group_get_group_user_list(&json!({"entId": a.root, "type": 1}), Some(&a.admin))
        .await
        .ok();
    let groups = with_users.as_array().unwrap();
    assert_eq!(groups.len(), 3);
    let night = groups.iter().find(|g| g["groupId"] == crew_id).unwrap();
    assert_eq!(night["users"][0]["ID"], a.member_id);
    let ungrouped = groups.last().unwrap();
    assert_eq!(ungrouped["groupId"], 0);
    assert_eq!(ungrouped["users"][0]["ID"], a.admin_id);
    let only_groups = app
        .api_web_group_get_group_user_list(&json!({"type": 0}), Some(&a.admin))
        .await
        .ok();
    assert_eq!(only_groups.as_array().unwrap().len(), 2);
    app.api_web_group_get_group_user_list(&json!({"type": 2}), Some(&a.admin))
        .await
        .code(7);

    let moved = app
        .api_web_group_set_group_users(
            &json!({"ID": day_id, "userIds": [a.admin_id, a.member_id]}),
            Some(&a.admin),
        )
        .await
        .ok();
    assert_eq!(moved["userCount"], 2);
    app.api_web_group_set_group_users(
        &json!({"ID": day_id, "userIds": [t.b.admin_id]}),
        Some(&a.admin),
    )
    .await
    .code(7);
    let members = app
        .api_web_ent_user_list(&json!({"groupId": day_id}), Some(&a.admin))
        .await
        .ok();
    assert_eq!(members["total"], 2);
    assert_eq!(
        members["list"][1]["groups"].as_array().unwrap().len(),
        2,
        "{members}"
    );

    let assign = |body: Value| {
        app.api_tb_enterprise_group_vehicle_update_tb_enterprise_group_vehicle(
            &body,
            Some(&a.admin),
        )
    };
    let own = |plate| (a.admin.as_str(), a.root, plate);
    let [v1, v2, v3, v4] = tenants::add_vehicles(
        &app,
        [own("ZZA-G1"), own("ZZA-G2"), own("ZZA-G3"), own("ZZA-G4")],
    )
    .await;
    let g = assign(json!({"groupId": crew_id, "vehicleIds": [v1, v2, v2, v3]}))
        .await
        .ok();
    assert_eq!(g["vehicleIds"], json!([v1, v2, v3]));
    // Assigning moves a vehicle from its old group.
    let g = assign(json!({"groupId": day_id, "vehicleIds": [v3]}))
        .await
        .ok();
    assert_eq!(g["vehicleIds"], json!([v3]));
    let in_day = app
        .api_web_car_list(&json!({"groupId": day_id}), Some(&a.member))
        .await
        .ok();
    assert_eq!(ids(&in_day, "carId"), vec![v3], "the vehicle list sees it");
    let g = assign(json!({"groupId": crew_id, "vehicleIds": [v4], "replace": true}))
        .await
        .ok();
    assert_eq!(g["vehicleIds"], json!([v4]));
    let g = assign(json!({"groupId": 0, "vehicleIds": [v3]})).await.ok();
    assert_eq!(g["vehicleIds"], json!([]));

    // Only the group's enterprise's own vehicles: not another tree's, not a branch's (they go
    // into the branch's groups), not unknown ones; all named, nothing written.
    let theirs = tenants::add_vehicle(&app, &t.b.admin, t.b.root, "ZZB-G1").await;
    let branch = tenants::add_vehicle(&app, &a.admin, a.child, "ZZA-G5").await;
    let snapshot = fingerprint(&app.state.db).await;
    for (body, named) in [
        (
            json!({"groupId": crew_id, "vehicleIds": [v1, theirs]}),
            vec![theirs],
        ),
        (
            json!({"groupId": crew_id, "vehicleIds": [branch]}),
            vec![branch],
        ),
        (
            json!({"groupId": crew_id, "vehicleIds": [999_999, theirs], "replace": true}),
            vec![theirs, 999_999],
        ),
        (json!({"groupId": 0, "vehicleIds": [theirs]}), vec![theirs]),
    ] {
        let msg = assign(body.clone()).await.code(7);
        for id in named {
            assert!(msg.contains(&id.to_string()), "{body}: {msg}");
        }
    }
    assert!(
        assign(json!({"groupId": crew_id, "vehicleIds": [0]}))
            .await
            .code(7)
            .contains("vehicleIds")
    );
    assign(json!({"groupId": crew_id})).await.code(7);
    assign(json!({"groupId": crew_id, "vehicleIds": [v1], "entId": a.child}))
        .await
        .code(7);
    assign(json!({"groupId": 4242, "vehicleIds": [v1]}))
        .await
        .code(7);
    assert_eq!(fingerprint(&app.state.db).await, snapshot);
    let list = app
        .api_web_group_group_list(&json!({"keyword": "night"}), Some(&a.admin))
        .await
        .ok();
    assert_eq!(list["list"][0]["vehicleCount"], 1);

    app.api_web_group_del_group(&json!({"ids": [crew_id, 999_999]}), Some(&a.admin))
        .await
        .code(7);
    assert_eq!(fingerprint(&app.state.db).await, snapshot, "all or nothing");
    app.api_web_group_del_group(&json!({"ids": [crew_id]}), Some(&a.admin))
        .await
        .ok();
    let left: Vec<i64> = entities::enterprise_group_vehicle::Entity::find()
        .all(&app.state.db)
        .await
        .unwrap()
        .into_iter()
        .map(|v| v.vehicle_id)
        .collect();
    assert!(
        left.is_empty(),
        "the group's vehicle assignments went with it: {left:?}"
    );
    // The branch groups its own vehicles.
    let branch_group = save(json!({"name": "Branch crew", "entId": a.child}))
        .await
        .ok();
    let g = assign(json!({"groupId": branch_group["ID"], "vehicleIds": [branch]}))
        .await
        .ok();
    assert_eq!(g["entId"], a.child);
}

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

#[tokio::test]
async fn alarm_thresholds_have_defaults_ranges_and_axle_positions() {
    let app = spawn_app().await;
    let t = tenants::two_trees(&app).await;
    let a = &t.a;
    let general = app
        .api_tb_enterprise_alarm_find_tb_enterprise_alarm(&json!({}), Some(&a.member))
        .await
        .ok();
    assert_eq!(general["customized"], false);
    assert_eq!(general["standardPressure"], 8.5);
    assert_eq!(general["highPressure"], 10.2);
    assert_eq!(general["lowPressureWarning"], 7.2);
    assert_eq!(general["lowPressureCritical"], 6.4);
    assert_eq!(general["highTemperature"], 85.0);
    assert_eq!(general["fastLeakRate"], 20.0);
    assert_eq!(general["axleHighTemperature"], 100.0);
    assert_eq!(general["axleTempDifference"], 25.0);
    assert_eq!(general["sensorLowBattery"], 20);
    assert_eq!(general["offlineMinutes"], 30);
    let per_axle = app
        .api_tb_enterprise_alarm_find_tb_enterprise_alarm_new(&json!({}), Some(&a.member))
        .await
        .ok();
    let axles = per_axle["axles"].as_array().unwrap();
    assert_eq!(axles.len(), 3);
    assert_eq!(axles[0]["position"], "steer");
    assert_eq!(axles[0]["standardPressure"], 9.0);
    assert_eq!(axles[0]["highPressure"], 10.8);
    assert_eq!(axles[2]["position"], "trailer");

    let update =
        |body: Value| app.api_tb_enterprise_alarm_update_tb_enterprise_alarm(&body, Some(&a.admin));
    let snapshot = fingerprint(&app.state.db).await;
    for (body, field) in [
        (json!({"highTemperature": 300}), "highTemperature"),
        (json!({"general": {"offlineMinutes": 0}}), "offlineMinutes"),
        (
            json!({"general": {"sensorLowBattery": 100}}),
            "sensorLowBattery",
        ),
        (json!({"fastLeakRate": "fast"}), "fastLeakRate"),
        (json!({"lowPressureWarning": 9.0}), "lowPressureWarning"),
        (json!({"lowPressureCritical": 7.5}), "lowPressureCritical"),
        (json!({"highPressure": 8.0}), "highPressure"),
        (
            json!({"axles": [{"position": "drive", "axleHighTemperature": 20}]}),
            "axles[0].axleHighTemperature",
        ),
        (
            json!({"axles": [{"position": "roof"}]}),
            "axles[0].position",
        ),
        (
            json!({"axles": [{"position": "drive"}, {"position": "drive"}]}),
            "axles[1].position",
        ),
        (
            json!({"highTemperature": 90, "axles": [{"position": "steer", "highPressure": 30}]}),
            "axles[0].highPressure",
        ),
        (json!({}), "general"),
    ] {
        let msg = update(body).await.code(7);
        assert!(msg.contains(field), "{msg} names {field}");
    }
    app.api_tb_enterprise_alarm_update_tb_enterprise_alarm(
        &json!({"highTemperature": 90}),
        Some(&a.member),
    )
    .await
    .code(7);
    assert_eq!(fingerprint(&app.state.db).await, snapshot, "nothing saved");

    let saved = update(json!({"highTemperature": 90, "offlineMinutes": 45,
        "axles": [{"position": "steer", "standardPressure": 9.5, "highPressure": 11.5}]}))
    .await
    .ok();
    assert_eq!(saved["general"]["highTemperature"], 90.0);
    assert_eq!(saved["general"]["customized"], true);
    assert_eq!(saved["axles"][0]["standardPressure"], 9.5);
    assert_eq!(saved["axles"][0]["customized"], true);
    assert_eq!(saved["axles"][1]["customized"], false);
    let again = app
        .api_tb_enterprise_alarm_find_tb_enterprise_alarm(&json!({}), Some(&a.admin))
        .await
        .ok();
    assert_eq!(again["offlineMinutes"], 45);
    let reset = update(json!({"axles": [{"position": "steer", "reset": true}]}))
        .await
        .ok();
    assert_eq!(reset["axles"][0]["customized"], false);
    assert_eq!(reset["axles"][0]["standardPressure"], 9.0);
    // The child's thresholds are its own.
    let child = app
        .get(
            &format!(
                "/api/tbEnterpriseAlarm/findTbEnterpriseAlarm?entId={}",
                a.child
            ),
            Some(&a.admin),
        )
        .await
        .ok();
    assert_eq!(child["customized"], false);
}

#[tokio::test]
async fn projects_push_and_supervision_settings() {
    let app = spawn_app().await;
    let t = tenants::two_trees(&app).await;
    let a = &t.a;
    let save = |body: Value| app.api_tb_project_update_tb_project(&body, Some(&a.admin));
    let p = save(json!({"name": "Retread 2026", "code": "RT26", "startsOn": "2026-01-01", "endsOn": "2026-06-30"})).await.ok();
    let pid = p["ID"].as_i64().unwrap();
    assert_eq!(p["entId"], a.root);
    let snapshot = fingerprint(&app.state.db).await;
    save(json!({"name": "Retread 2026"})).await.code(7);
    assert!(
        save(json!({"name": "x", "startsOn": "2026-13-01"}))
            .await
            .code(7)
            .contains("startsOn")
    );
    assert!(
        save(json!({"ID": pid, "endsOn": "2025-01-01"}))
            .await
            .code(7)
            .contains("endsOn")
    );
    assert!(
        save(json!({"ID": pid, "state": 3}))
            .await
            .code(7)
            .contains("state")
    );
    save(json!({})).await.code(7);
    save(json!({"ID": 31_337, "name": "x"})).await.code(7);
    assert_eq!(fingerprint(&app.state.db).await, snapshot);
    let edited = save(json!({"ID": pid, "state": 1, "remark": "done"}))
        .await
        .ok();
    assert_eq!(
        (edited["state"].as_i64(), edited["name"].as_str()),
        (Some(1), Some("Retread 2026"))
    );
    save(json!({"name": "Winter checks"})).await.ok();
    let list = app
        .get(
            "/api/tbProject/getTbProjectList?pageSize=1",
            Some(&a.member),
        )
        .await
        .ok();
    assert_eq!(
        (list["total"].as_u64(), list["pageSize"].as_u64()),
        (Some(2), Some(1))
    );
    let closed = app
        .get(
            "/api/tbProject/getTbProjectList?state=1&keyword=rt",
            Some(&a.member),
        )
        .await
        .ok();
    assert_eq!(ids(&closed, "ID"), vec![pid]);
    app.get("/api/tbProject/getTbProjectList?page=abc", Some(&a.member))
        .await
        .code(7);
    app.api_tb_project_delete_tb_project(&json!({"ids": [pid, 31_337]}), Some(&a.admin))
        .await
        .code(7);
    app.api_tb_project_delete_tb_project(&json!({}), Some(&a.admin))
        .await
        .code(7);
    app.api_tb_project_delete_tb_project(&json!({"ID": pid}), Some(&a.admin))
        .await
        .ok();
    let list = app
        .api_tb_project_get_tb_project_list(&json!({}), Some(&a.member))
        .await
        .ok();
    assert_eq!(list["total"], 1);

    let push = app
        .api_web_ent_get_ent_push(&json!({}), Some(&a.member))
        .await
        .ok();
    assert_eq!(push["enabled"], true);
    assert_eq!(push["channels"], json!(["app"]));
    assert!(push["updatedAt"].is_null());
    let set = |body: Value| app.api_web_ent_set_ent_push(&body, Some(&a.admin));
    let snapshot = fingerprint(&app.state.db).await;
    assert!(
        set(json!({"channels": ["pigeon"]}))
            .await
            .code(7)
            .contains("pigeon")
    );
    assert!(
        set(json!({"alarmTypes": ["fire"]}))
            .await
            .code(7)
            .contains("fire")
    );
    assert!(
        set(json!({"quietStart": "25:00", "quietEnd": "06:00"}))
            .await
            .code(7)
            .contains("quietStart")
    );
    set(json!({"quietStart": "22:00"})).await.code(7);
    assert!(
        set(json!({"receivers": [t.b.admin_id]}))
            .await
            .code(7)
            .contains(&t.b.admin_id.to_string())
    );
    assert_eq!(fingerprint(&app.state.db).await, snapshot);
    let saved = set(json!({"channels": ["sms", "app"], "alarmTypes": ["high_temperature"], "quietStart": "22:00",
        "quietEnd": "06:00", "receivers": [a.member_id]})).await.ok();
    assert_eq!(saved["channels"], json!(["app", "sms"]));
    let push = app
        .api_web_ent_get_ent_push(&json!({}), Some(&a.member))
        .await
        .ok();
    assert_eq!(push["receivers"], json!([a.member_id]));
    assert_eq!(push["quietEnd"], "06:00");

    let sup = app
        .api_web_ent_supervise(&json!({}), Some(&a.admin))
        .await
        .ok();
    assert_eq!(sup["enabled"], false);
    app.api_web_ent_supervise(&json!({"alarmTypes": ["x"]}), Some(&a.admin))
        .await
        .code(7);
    let sup = app
        .api_web_ent_supervise(
            &json!({"enabled": true, "alarmTypes": ["offline"]}),
            Some(&a.admin),
        )
        .await
        .ok();
    assert_eq!(
        (sup["enabled"].as_bool(), sup["alarmTypes"][0].as_str()),
        (Some(true), Some("offline"))
    );
    let push = app
        .api_web_ent_get_ent_push(&json!({}), Some(&a.member))
        .await
        .ok();
    assert_eq!(
        push["channels"],
        json!(["app", "sms"]),
        "supervision leaves push alone"
    );
}

#[tokio::test]
async fn trusteeship_serves_captain_calls_for_the_entrusted_enterprise() {
    let app = spawn_app().await;
    let t = tenants::two_trees(&app).await;
    let (a, b) = (&t.a, &t.b);
    let captain = |path: &str, body: Value, token: &str| {
        app.post(&format!("/api/captain{path}"), &body, Some(token))
    };
    // Without a trusteeship a /captain call is refused.
    assert!(
        captain("/web/ent/my_enterprise/lists", json!({}), &a.admin)
            .await
            .code(7)
            .contains("托管")
    );

    let grant = |body: Value| app.api_web_ent_trusteeship_save(&body, Some(&b.admin));
    let snapshot = fingerprint(&app.state.db).await;
    grant(json!({"userName": "nobody"})).await.code(7);
    grant(json!({})).await.code(7);
    assert!(
        grant(json!({"userName": "zza_admin", "restrict": 4}))
            .await
            .code(7)
            .contains("restrict")
    );
    grant(json!({"userName": "zza_admin", "colonyId": 4242}))
        .await
        .code(7);
    grant(json!({"userName": "zzb_admin"})).await.code(7);
    grant(json!({"userName": "zza_admin", "expiresAt": "2000-01-01T00:00:00Z"}))
        .await
        .code(7);
    app.api_web_ent_trusteeship_save(&json!({"userName": "zza_admin"}), Some(&b.member))
        .await
        .code(7);
    assert_eq!(fingerprint(&app.state.db).await, snapshot);
    // B entrusts itself to A's admin, read-only, under cluster 7.
    let rec = grant(json!({"userName": "zza_admin", "restrict": 1, "colonyId": 7}))
        .await
        .ok();
    assert_eq!(
        (rec["restrict"].as_i64(), rec["colonyId"].as_i64()),
        (Some(1), Some(7))
    );
    let mine = app
        .api_web_ent_trusteeship_list(&json!({"mine": true}), Some(&a.admin))
        .await
        .ok();
    assert_eq!(mine["list"][0]["entId"], b.root);
    assert_eq!(mine["list"][0]["mine"], true);

    // /captain calls now answer for B; plain calls still for A.
    let served = captain("/web/ent/my_enterprise/lists", json!({}), &a.admin)
        .await
        .ok();
    assert!(served.to_string().contains("ZZB") && !served.to_string().contains("ZZA"));
    let plain = app
        .api_web_ent_my_enterprise_lists(&json!({}), Some(&a.admin))
        .await
        .ok();
    assert!(plain.to_string().contains("ZZA") && !plain.to_string().contains("ZZB"));
    let juris = captain("/web/ent/my_enterprise/jurisInfo", json!({}), &a.admin)
        .await
        .ok();
    assert_eq!(juris["entId"], b.root);
    assert_eq!(juris["colonyId"], 7);
    assert_eq!(juris["trusteeship"]["restrict"], 1);
    let members = captain("/user/getUserList_recons", json!({}), &a.admin)
        .await
        .ok();
    assert!(members.to_string().contains("zzb_member"));
    // Read-only: writes are refused and nothing changes.
    let snapshot = fingerprint(&app.state.db).await;
    let put = app
        .send(
            app.client
                .put(app.url("/api/captain/tbEnterprise/updateTbEnterprise"))
                .header("x-token", &a.admin)
                .json(&json!({"contact": "trustee"})),
        )
        .await
        .code(7);
    assert!(put.contains("只读"), "{put}");
    captain(
        "/web/group/saveGroup",
        json!({"name": "by trustee"}),
        &a.admin,
    )
    .await
    .code(7);
    assert_eq!(fingerprint(&app.state.db).await, snapshot);
    // x-ent-id under a trusteeship: the entrusted tree only.
    let other = app
        .send(
            app.client
                .post(app.url("/api/captain/web/ent/my_enterprise/lists"))
                .header("x-token", &a.admin)
                .header("x-ent-id", a.root.to_string())
                .json(&json!({})),
        )
        .await;
    other.code(7);

    // Full access restricted to B itself (not its branch), then writes work.
    grant(json!({"userName": "zza_admin", "restrict": 2}))
        .await
        .ok();
    let served = captain("/web/ent/my_enterprise/lists", json!({}), &a.admin)
        .await
        .ok();
    assert_eq!(served["total"], 1);
    let group = captain(
        "/web/group/saveGroup",
        json!({"name": "by trustee"}),
        &a.admin,
    )
    .await
    .ok();
    assert_eq!(group["entId"], b.root);
    captain(
        "/web/ent/trusteeship/save",
        json!({"userName": "zza_member"}),
        &a.admin,
    )
    .await
    .code(7);
    let branch = app
        .send(
            app.client
                .post(app.url("/api/captain/web/ent/my_enterprise/lists"))
                .header("x-token", &a.admin)
                .header("x-ent-id", b.child.to_string())
                .json(&json!({})),
        )
        .await;
    branch.code(7);
    let listed = app
        .api_web_ent_trusteeship_list(&json!({}), Some(&b.admin))
        .await
        .ok();
    assert_eq!(listed["total"], 1);
    let rec_id = listed["list"][0]["ID"].as_i64().unwrap();
    app.api_web_ent_trusteeship_delete(&json!({"ID": rec_id}), Some(&t.b.member))
        .await
        .code(7);
    app.api_web_ent_trusteeship_delete(&json!({"ID": 5_151}), Some(&b.admin))
        .await
        .code(7);
    app.api_web_ent_trusteeship_delete(&json!({"ID": rec_id}), Some(&b.admin))
        .await
        .ok();
    captain("/web/ent/my_enterprise/lists", json!({}), &a.admin)
        .await
        .code(7);
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
