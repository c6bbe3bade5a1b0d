//! Roles: policies, creation, copies, edits, deletion, data scope and buttons.

use super::{
    DEMO_ENTERPRISE, create_role, flatten, id, menu_named, names, policy_paths, roles, route_tree,
};
use serde_json::Value;
use std::collections::BTreeSet;
use wheelend_tests::{insert_user, json, spawn_app};

// --- casbin ------------------------------------------------------------------------------------

#[tokio::test]
async fn update_casbin_replaces_a_roles_policies_and_refuses_unknown_calls() {
    let app = spawn_app().await;
    let admin = app.admin_token().await;
    let admin_paths = policy_paths(&app, &admin, 888).await;
    assert!(admin_paths.contains(&("/api/casbin/updateCasbin".to_owned(), "POST".to_owned())));
    let before = policy_paths(&app, &admin, 101).await;
    assert!(!before.is_empty());

    // Unknown calls are refused, naming them; nothing changes.
    let msg = app
        .api_casbin_update_casbin(
            &json!({"authorityId": 101, "casbinInfos": [
                {"path": "/api/user/getUserInfo", "method": "GET"},
                {"path": "/api/no/such", "method": "POST"},
            ]}),
            Some(&admin),
        )
        .await
        .code(7);
    assert!(msg.contains("/api/no/such"), "{msg}");
    assert_eq!(policy_paths(&app, &admin, 101).await, before);
    for bad in [
        json!({"casbinInfos": []}),
        json!({"authorityId": 101}),
        json!({"authorityId": "101", "casbinInfos": []}),
        json!({"authorityId": 101, "casbinInfos": [{"path": "/api/user/getUserInfo"}]}),
        json!({"authorityId": 424_242, "casbinInfos": []}),
    ] {
        app.api_casbin_update_casbin(&bad, Some(&admin))
            .await
            .code(7);
    }
    assert_eq!(policy_paths(&app, &admin, 101).await, before);
    app.api_casbin_get_policy_path_by_authority_id(&json!({"authorityId": 424_242}), Some(&admin))
        .await
        .code(7);
    app.api_casbin_get_policy_path_by_authority_id(&json!({}), Some(&admin))
        .await
        .code(7);

    // A replacement is whole, in the table and the enforcer at once (methods normalised).
    app.api_casbin_update_casbin(
        &json!({"authorityId": 101, "casbinInfos": [
            {"path": "/api/user/getUserInfo", "method": "get"},
            {"path": "/api/menu/getMenuList", "method": "POST"},
        ]}),
        Some(&admin),
    )
    .await
    .ok();
    let after = policy_paths(&app, &admin, 101).await;
    assert_eq!(
        after,
        BTreeSet::from([
            ("/api/menu/getMenuList".to_owned(), "POST".to_owned()),
            ("/api/user/getUserInfo".to_owned(), "GET".to_owned()),
        ])
    );
    assert!(
        app.state
            .policies
            .allows(101, "/api/menu/getMenuList", "POST")
            .await
    );
    assert!(
        !app.state
            .policies
            .allows(101, "/api/sysAuthorityMenusEnterprise/getMenu", "POST")
            .await
    );
    // Survives a restart (it is in the table).
    let again = app.restart().await;
    assert!(
        again
            .state
            .policies
            .allows(101, "/api/menu/getMenuList", "POST")
            .await
    );
}

// --- roles -------------------------------------------------------------------------------------

#[tokio::test]
async fn create_authority_gives_default_menus_and_self_service_policies() {
    let app = spawn_app().await;
    let admin = app.admin_token().await;
    let created = app
        .api_authority_create_authority(
            &json!({"authorityId": 5001, "authorityName": "调度员", "parentId": 100}),
            Some(&admin),
        )
        .await
        .ok();
    assert_eq!(created["authority"]["authorityId"], 5001);
    assert_eq!(created["authority"]["defaultRouter"], "map");
    let tree = app
        .api_authority_get_authority_list(&json!({}), Some(&admin))
        .await
        .ok();
    let parent = flatten(&tree)
        .into_iter()
        .find(|r| r["authorityId"] == 100)
        .unwrap();
    assert!(
        parent["children"]
            .as_array()
            .unwrap()
            .iter()
            .any(|c| c["authorityId"] == 5001),
        "the new role is a child of 100"
    );
    let paths = policy_paths(&app, &admin, 5001).await;
    assert!(paths.contains(&("/api/user/getUserInfo".to_owned(), "GET".to_owned())));
    assert!(paths.contains(&(
        "/api/sysAuthorityMenusEnterprise/getMenu".to_owned(),
        "POST".to_owned()
    )));
    assert!(
        !paths
            .iter()
            .any(|(p, _)| p.starts_with("/api/casbin") || p.starts_with("/api/authority"))
    );
    // A user holding it sees the default menus.
    insert_user(
        &app.state.db,
        "dispatcher",
        "pw-dispatch",
        5001,
        DEMO_ENTERPRISE,
    )
    .await;
    let user = app.login("dispatcher", "pw-dispatch").await;
    let seen = names(&route_tree(&app, &user, None).await);
    assert!(
        seen.contains("home") && seen.contains("person") && seen.contains("gaugeChart"),
        "{seen:?}"
    );
    assert!(!seen.contains("superAdmin"));

    // Duplicates, bad and missing fields, unknown parent: code 7, nothing changed.
    let count = roles(&app, &admin).await.len();
    for bad in [
        json!({"authorityId": 5001, "authorityName": "again"}),
        json!({"authorityId": 888, "authorityName": "again"}),
        json!({"authorityName": "no id"}),
        json!({"authorityId": 5002}),
        json!({"authorityId": 5002, "authorityName": "  "}),
        json!({"authorityId": "5002", "authorityName": "string id"}),
        json!({"authorityId": 0, "authorityName": "zero"}),
        json!({"authorityId": 5002, "authorityName": "orphan", "parentId": 77_777}),
    ] {
        app.api_authority_create_authority(&bad, Some(&admin))
            .await
            .code(7);
    }
    let msg = app
        .api_authority_create_authority(
            &json!({"authorityId": 5001, "authorityName": "again"}),
            Some(&admin),
        )
        .await
        .code(7);
    assert!(msg.contains("5001"), "{msg}");
    assert_eq!(roles(&app, &admin).await.len(), count);
    app.api_casbin_get_policy_path_by_authority_id(&json!({"authorityId": 5002}), Some(&admin))
        .await
        .code(7);
}

#[tokio::test]
async fn copy_authority_copies_menus_buttons_and_policies() {
    let app = spawn_app().await;
    let admin = app.admin_token().await;
    let copied = app
        .api_authority_copy_authority(
            &json!({"authority": {"authorityId": 6001, "authorityName": "成员副本", "parentId": 0,
                    "dataAuthorityId": [{"authorityId": 101}, {"authorityId": 100}]},
                    "oldAuthorityId": 101}),
            Some(&admin),
        )
        .await
        .ok();
    assert_eq!(copied["authority"]["authorityId"], 6001);
    let scope: Vec<i64> = copied["authority"]["dataAuthorityId"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["authorityId"].as_i64().unwrap())
        .collect();
    assert_eq!(scope, [100, 101]);
    assert_eq!(
        policy_paths(&app, &admin, 6001).await,
        policy_paths(&app, &admin, 101).await
    );
    insert_user(&app.state.db, "copy1", "pw-copy-1", 6001, DEMO_ENTERPRISE).await;
    insert_user(&app.state.db, "orig1", "pw-orig-1", 101, DEMO_ENTERPRISE).await;
    let copy = app.login("copy1", "pw-copy-1").await;
    let orig = app.login("orig1", "pw-orig-1").await;
    let strip = |tree: Value| -> Vec<(String, Value)> {
        flatten(&tree)
            .into_iter()
            .map(|m| {
                let btns = m["btns"].as_object().map_or(Value::Null, |b| {
                    Value::from(b.keys().cloned().collect::<Vec<_>>())
                });
                (m["name"].as_str().unwrap().to_owned(), btns)
            })
            .collect()
    };
    assert_eq!(
        strip(route_tree(&app, &copy, None).await),
        strip(route_tree(&app, &orig, None).await)
    );

    let count = roles(&app, &admin).await.len();
    for bad in [
        json!({"authority": {"authorityId": 6001, "authorityName": "dup"}, "oldAuthorityId": 101}),
        json!({"authority": {"authorityId": 6002, "authorityName": "x"}, "oldAuthorityId": 31_337}),
        json!({"authority": {"authorityId": 6002, "authorityName": "x"}}),
        json!({"authority": {"authorityId": 6002}, "oldAuthorityId": 101}),
        json!({"authority": {"authorityId": 6002, "authorityName": "x",
               "dataAuthorityId": [{"authorityId": 31_337}]}, "oldAuthorityId": 101}),
    ] {
        app.api_authority_copy_authority(&bad, Some(&admin))
            .await
            .code(7);
    }
    assert_eq!(roles(&app, &admin).await.len(), count);
    app.api_casbin_get_policy_path_by_authority_id(&json!({"authorityId": 6002}), Some(&admin))
        .await
        .code(7);
}

#[tokio::test]
async fn update_authority_renames_and_moves_but_never_into_a_cycle() {
    let app = spawn_app().await;
    let admin = app.admin_token().await;
    create_role(&app, &admin, 7001, 0).await;
    create_role(&app, &admin, 7002, 7001).await;
    let updated = app
        .api_authority_update_authority(
            &json!({"authorityId": 7001, "authorityName": "renamed", "defaultRouter": "home"}),
            Some(&admin),
        )
        .await
        .ok();
    assert_eq!(updated["authority"]["authorityName"], "renamed");
    assert_eq!(updated["authority"]["defaultRouter"], "home");
    assert_eq!(updated["authority"]["parentId"], 0);

    for bad in [
        json!({"authorityId": 7001, "parentId": 7002}),
        json!({"authorityId": 7001, "parentId": 7001}),
        json!({"authorityId": 7001, "parentId": 55_555}),
        json!({"authorityId": 7001, "authorityName": ""}),
        json!({"authorityId": 55_555, "authorityName": "ghost"}),
        json!({"authorityName": "no id"}),
        json!({"authorityId": 7001, "parentId": "0"}),
    ] {
        app.api_authority_update_authority(&bad, Some(&admin))
            .await
            .code(7);
    }
    let role = roles(&app, &admin)
        .await
        .into_iter()
        .find(|r| r["authorityId"] == 7001)
        .unwrap();
    assert_eq!(role["authorityName"], "renamed");
    assert_eq!(role["parentId"], 0);
    // The method matters: POST is not the call (the 404 envelope, nothing changed).
    let res = app
        .post(
            "/api/authority/updateAuthority",
            &json!({"authorityId": 7001, "authorityName": "posted"}),
            Some(&admin),
        )
        .await;
    assert_eq!(res.status, reqwest::StatusCode::NOT_FOUND);
    assert_eq!(res.envelope().code, 7);
    // Moving a child to the top level is fine.
    app.api_authority_update_authority(&json!({"authorityId": 7002, "parentId": 0}), Some(&admin))
        .await
        .ok();
}

#[tokio::test]
async fn delete_authority_refuses_held_roles_and_parents_then_removes_everything() {
    let app = spawn_app().await;
    let admin = app.admin_token().await;
    create_role(&app, &admin, 8001, 0).await;
    create_role(&app, &admin, 8002, 8001).await;
    create_role(&app, &admin, 8003, 0).await;
    create_role(&app, &admin, 8004, 0).await;
    app.api_authority_set_data_authority(
        &json!({"authorityId": 8003, "dataAuthorityId": [{"authorityId": 8004}]}),
        Some(&admin),
    )
    .await
    .ok();

    // Held as the active role of a user.
    insert_user(&app.state.db, "holder", "pw-holder", 8003, DEMO_ENTERPRISE).await;
    let msg = app
        .api_authority_delete_authority(&json!({"authorityId": 8003}), Some(&admin))
        .await
        .code(7);
    assert!(msg.contains("8003"), "{msg}");
    // Held only inside an enterprise (sys_user_authorities).
    {
        use entities::sys_user_authority;
        use sea_orm::{EntityTrait, Set};
        sys_user_authority::Entity::insert(sys_user_authority::ActiveModel {
            user_id: Set(1),
            enterprise_id: Set(DEMO_ENTERPRISE),
            authority_id: Set(8004),
        })
        .exec_without_returning(&app.state.db)
        .await
        .unwrap();
    }
    app.api_authority_delete_authority(&json!({"authorityId": 8004}), Some(&admin))
        .await
        .code(7);
    // Has a child.
    app.api_authority_delete_authority(&json!({"authorityId": 8001}), Some(&admin))
        .await
        .code(7);
    for bad in [
        json!({}),
        json!({"authorityId": 99_999}),
        json!({"authorityId": "8002"}),
    ] {
        app.api_authority_delete_authority(&bad, Some(&admin))
            .await
            .code(7);
    }
    let ids: BTreeSet<i64> = roles(&app, &admin)
        .await
        .iter()
        .map(|r| r["authorityId"].as_i64().unwrap())
        .collect();
    assert!(ids.is_superset(&BTreeSet::from([8001, 8002, 8003, 8004])));

    // Deleting the child, then the parent, removes menus, buttons, scopes and policies.
    let counts_of = |table: &'static str, role: i64| {
        let db = app.state.db.clone();
        async move {
            use sea_orm::ConnectionTrait;
            let column = if table == "casbin_rule" {
                "v0"
            } else {
                "authority_id"
            };
            let value = if table == "casbin_rule" {
                format!("'{role}'")
            } else {
                role.to_string()
            };
            db.query_one_raw(sea_orm::Statement::from_string(
                db.get_database_backend(),
                format!("SELECT COUNT(*) AS n FROM {table} WHERE {column} = {value}"),
            ))
            .await
            .unwrap()
            .unwrap()
            .try_get::<i64>("", "n")
            .unwrap()
        }
    };
    assert!(counts_of("sys_authority_menus", 8002).await > 0);
    assert!(counts_of("casbin_rule", 8002).await > 0);
    app.api_authority_delete_authority(&json!({"authorityId": 8002}), Some(&admin))
        .await
        .ok();
    app.api_authority_delete_authority(&json!({"authorityId": 8001}), Some(&admin))
        .await
        .ok();
    for table in [
        "sys_authority_menus",
        "sys_authority_btns",
        "sys_data_authorities",
        "casbin_rule",
    ] {
        assert_eq!(counts_of(table, 8002).await, 0, "{table}");
        assert_eq!(counts_of(table, 8001).await, 0, "{table}");
    }
    assert!(
        !app.state
            .policies
            .allows(8002, "/api/user/getUserInfo", "GET")
            .await
    );
    let ids: BTreeSet<i64> = roles(&app, &admin)
        .await
        .iter()
        .map(|r| r["authorityId"].as_i64().unwrap())
        .collect();
    assert!(!ids.contains(&8001) && !ids.contains(&8002));
}

#[tokio::test]
async fn set_data_authority_replaces_the_scope() {
    let app = spawn_app().await;
    let admin = app.admin_token().await;
    let scope_of = |roles: Vec<Value>, id: i64| -> Vec<i64> {
        roles.into_iter().find(|r| r["authorityId"] == id).unwrap()["dataAuthorityId"]
            .as_array()
            .unwrap()
            .iter()
            .map(|r| r["authorityId"].as_i64().unwrap())
            .collect()
    };
    app.api_authority_set_data_authority(
        &json!({"authorityId": 100, "dataAuthorityId": [
            {"authorityId": 101, "authorityName": "sent whole"}, {"authorityId": 100}]}),
        Some(&admin),
    )
    .await
    .ok();
    assert_eq!(scope_of(roles(&app, &admin).await, 100), [100, 101]);
    for bad in [
        json!({"authorityId": 100, "dataAuthorityId": [{"authorityId": 12_345}]}),
        json!({"authorityId": 12_345, "dataAuthorityId": []}),
        json!({"authorityId": 100}),
        json!({"authorityId": 100, "dataAuthorityId": [101]}),
    ] {
        app.api_authority_set_data_authority(&bad, Some(&admin))
            .await
            .code(7);
    }
    assert_eq!(scope_of(roles(&app, &admin).await, 100), [100, 101]);
    app.api_authority_set_data_authority(
        &json!({"authorityId": 100, "dataAuthorityId": []}),
        Some(&admin),
    )
    .await
    .ok();
    assert!(scope_of(roles(&app, &admin).await, 100).is_empty());
}

// --- buttons -----------------------------------------------------------------------------------

#[tokio::test]
async fn authority_buttons_are_read_replaced_and_guarded() {
    let app = spawn_app().await;
    let admin = app.admin_token().await;
    let vehicles = menu_named(&app, &admin, "vehicleManage").await;
    let menu = id(&vehicles);
    let btn = |name: &str| {
        vehicles["menuBtn"]
            .as_array()
            .unwrap()
            .iter()
            .find(|b| b["name"] == name)
            .map(id)
            .unwrap()
    };
    let get = |role: i64| {
        let app = &app;
        let admin = admin.clone();
        async move {
            app.api_authority_btn_get_authority_btn(
                &json!({"menuID": menu, "authorityId": role}),
                Some(&admin),
            )
            .await
            .ok()["selected"]
                .clone()
        }
    };
    let mut all = vec![btn("add"), btn("edit"), btn("delete"), btn("export")];
    all.sort_unstable();
    assert_eq!(get(888).await, json!(all));
    assert_eq!(get(101).await, json!([btn("export")]));

    app.api_authority_btn_set_authority_btn(
        &json!({"menuID": menu, "authorityId": 101, "selected": [btn("add"), btn("export")]}),
        Some(&admin),
    )
    .await
    .ok();
    let mut want = vec![btn("add"), btn("export")];
    want.sort_unstable();
    assert_eq!(get(101).await, json!(want));

    // A button of another menu, unknown menu or role, bad types: refused, unchanged.
    let other = id(&menu_named(&app, &admin, "receiver").await["menuBtn"][0]);
    for bad in [
        json!({"menuID": menu, "authorityId": 101, "selected": [other]}),
        json!({"menuID": 987_654, "authorityId": 101, "selected": []}),
        json!({"menuID": menu, "authorityId": 987_654, "selected": []}),
        json!({"menuID": menu, "authorityId": 101, "selected": ["x"]}),
        json!({"authorityId": 101, "selected": []}),
    ] {
        app.api_authority_btn_set_authority_btn(&bad, Some(&admin))
            .await
            .code(7);
    }
    assert_eq!(get(101).await, json!(want));
    for bad in [
        json!({"menuID": 987_654, "authorityId": 101}),
        json!({"menuID": menu}),
    ] {
        app.api_authority_btn_get_authority_btn(&bad, Some(&admin))
            .await
            .code(7);
    }

    // canRemoveAuthorityBtn reads the id from the query string.
    let msg = app
        .post(
            &format!("/api/authorityBtn/canRemoveAuthorityBtn?id={}", btn("add")),
            &json!({}),
            Some(&admin),
        )
        .await
        .code(7);
    assert!(
        msg.contains("in use") || msg.contains("使用"),
        "in use: {msg}"
    );
    let fresh = app
        .api_menu_add_base_menu(
            &json!({"parentId": 0, "path": "fresh", "name": "fresh", "component": "x/fresh",
                    "sort": 1, "meta": {"title": "新"}, "menuBtn": [{"name": "add"}]}),
            Some(&admin),
        )
        .await
        .ok();
    let fresh_btn = id(&fresh["menu"]["menuBtn"][0]);
    app.post(
        &format!("/api/authorityBtn/canRemoveAuthorityBtn?id={fresh_btn}"),
        &json!({}),
        Some(&admin),
    )
    .await
    .ok();
    for q in ["", "?id=", "?id=abc", "?id=987654"] {
        app.post(
            &format!("/api/authorityBtn/canRemoveAuthorityBtn{q}"),
            &json!({}),
            Some(&admin),
        )
        .await
        .code(7);
    }
}
