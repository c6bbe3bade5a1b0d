//! Clusters of enterprises under a supervisor, and groups of members and vehicles.

use super::ids;
use sea_orm::EntityTrait;
use serde_json::Value;
use wheelend_tests::tenants::{self, rows};
use wheelend_tests::{fingerprint, json, spawn_app};

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
