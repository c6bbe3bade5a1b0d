//! Access administration end to end: casbin policies, role buttons, roles, menus, per-enterprise
//! menus and the API registry, each with bad input that must change nothing.

use std::collections::BTreeSet;

use domain::menu_seed::MENUS;
use serde_json::Value;
use wheelend_tests::{TestApp, all_table_counts, insert_user, json, spawn_app};

const DEMO_ENTERPRISE: i64 = 1014;
const PLATFORM_ENTERPRISE: i64 = 1013;
const DEMO_BRANCH: i64 = 1015;

/// Every node of a tree of `children` arrays, depth first.
fn flatten(nodes: &Value) -> Vec<Value> {
    let mut out = Vec::new();
    for n in nodes.as_array().expect("an array of nodes") {
        out.push(n.clone());
        out.extend(flatten(&n["children"]));
    }
    out
}

async fn menus(app: &TestApp, token: &str) -> Vec<Value> {
    flatten(
        &app.api_menu_get_menu_list(&json!({}), Some(token))
            .await
            .ok(),
    )
}

async fn menu_named(app: &TestApp, token: &str, name: &str) -> Value {
    menus(app, token)
        .await
        .into_iter()
        .find(|m| m["name"] == name)
        .unwrap_or_else(|| panic!("menu {name} exists"))
}

fn id(v: &Value) -> i64 {
    v["ID"].as_i64().expect("an ID")
}

async fn policy_paths(app: &TestApp, token: &str, role: i64) -> BTreeSet<(String, String)> {
    app.api_casbin_get_policy_path_by_authority_id(&json!({"authorityId": role}), Some(token))
        .await
        .ok()["paths"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| {
            (
                p["path"].as_str().unwrap().to_owned(),
                p["method"].as_str().unwrap().to_owned(),
            )
        })
        .collect()
}

async fn total(app: &TestApp, token: &str) -> usize {
    app.api_api_get_all_apis(&json!({}), Some(token)).await.ok()["apis"]
        .as_array()
        .unwrap()
        .len()
}

async fn roles(app: &TestApp, token: &str) -> Vec<Value> {
    flatten(
        &app.api_authority_get_authority_list(&json!({}), Some(token))
            .await
            .ok(),
    )
}

async fn create_role(app: &TestApp, token: &str, id: i64, parent: i64) {
    app.api_authority_create_authority(
        &json!({"authorityId": id, "authorityName": format!("role {id}"), "parentId": parent}),
        Some(token),
    )
    .await
    .ok();
}

async fn route_tree(app: &TestApp, token: &str, enterprise: Option<i64>) -> Value {
    let body = enterprise.map_or_else(|| json!({}), |e| json!({"enterprise_id": e}));
    app.api_sys_authority_menus_enterprise_get_menu(&body, Some(token))
        .await
        .ok()["menus"]
        .clone()
}

fn names(tree: &Value) -> BTreeSet<String> {
    flatten(tree)
        .iter()
        .map(|m| m["name"].as_str().unwrap().to_owned())
        .collect()
}

// --- the seeded tree ---------------------------------------------------------------------------

#[test]
fn menu_tree_doc_matches_seed() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../docs/menu-tree.md");
    let doc = std::fs::read_to_string(path).expect("docs/menu-tree.md exists");
    let rows: Vec<Vec<String>> = doc
        .lines()
        .filter(|l| l.starts_with("| ") && !l.starts_with("| name ") && !l.starts_with("| role "))
        .map(|l| {
            l.trim_matches('|')
                .split(" | ")
                .map(|c| c.trim().to_owned())
                .collect::<Vec<_>>()
        })
        .filter(|cols| cols.len() == 13)
        .collect();
    assert_eq!(rows.len(), MENUS.len(), "one row per seeded menu");
    let yes = |b: bool| if b { "yes" } else { "" };
    for (row, m) in rows.iter().zip(MENUS.iter()) {
        let parent = if m.parent.is_empty() {
            "(root)"
        } else {
            m.parent
        };
        let want = [
            m.name,
            m.path,
            m.component,
            parent,
            yes(m.hidden()),
            yes(m.keep_alive()),
            yes(m.close_tab()),
            m.title,
            m.title_en,
            m.icon,
            m.buttons,
            m.active_name,
        ];
        let got: Vec<&str> = [0, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]
            .iter()
            .map(|&i| row[i].as_str())
            .collect();
        assert_eq!(got, want, "docs/menu-tree.md row for {}", m.name);
    }
}

#[tokio::test]
async fn seed_creates_every_menu_once_with_role_defaults() {
    let app = spawn_app().await;
    let admin = app.admin_token().await;
    let all = menus(&app, &admin).await;
    assert_eq!(all.len(), MENUS.len());
    for m in MENUS.iter() {
        let row = all.iter().find(|r| r["name"] == m.name).unwrap();
        assert_eq!(row["component"], m.component);
        assert_eq!(row["hidden"], m.hidden(), "{}", m.name);
        assert_eq!(row["meta"]["keepAlive"], m.keep_alive(), "{}", m.name);
        assert_eq!(row["meta"]["title"], m.title);
        assert_eq!(row["meta"]["titleEn"], m.title_en);
        let btns: Vec<&str> = row["menuBtn"]
            .as_array()
            .unwrap()
            .iter()
            .map(|b| b["name"].as_str().unwrap())
            .collect();
        assert_eq!(btns, m.buttons().collect::<Vec<_>>(), "{}", m.name);
        let parent = all
            .iter()
            .find(|r| r["ID"] == row["parentId"])
            .map_or("", |p| p["name"].as_str().unwrap());
        assert_eq!(parent, m.parent, "{} parent", m.name);
    }
    // A restart seeds nothing new.
    let before = all_table_counts(&app.state.db).await;
    let again = app.restart().await;
    let mut after = all_table_counts(&again.state.db).await;
    let mut before = before;
    before.remove("sys_operation_records");
    after.remove("sys_operation_records");
    assert_eq!(before, after);

    // The super admin sees everything; the visitor sees the read-only views, no admin area.
    let tree = route_tree(&app, &admin, None).await;
    assert_eq!(names(&tree).len(), MENUS.len());
    let visitor = app
        .api_base_login(&json!({"type": "visitorLogin"}), None)
        .await
        .ok()["token"]
        .as_str()
        .unwrap()
        .to_owned();
    let seen = names(&route_tree(&app, &visitor, None).await);
    assert!(seen.contains("vehicleManage") && seen.contains("dataManage"));
    assert!(!seen.contains("superAdmin") && !seen.contains("user"));
}

#[tokio::test]
async fn get_menu_answers_the_route_tree_of_the_callers_role() {
    let app = spawn_app().await;
    let admin = app.admin_token().await;
    let tree = route_tree(&app, &admin, Some(PLATFORM_ENTERPRISE)).await;
    let roots = tree.as_array().unwrap();
    let sorts: Vec<i64> = roots.iter().map(|m| m["sort"].as_i64().unwrap()).collect();
    assert!(sorts.windows(2).all(|w| w[0] <= w[1]), "sorted: {sorts:?}");
    let admin_area = roots.iter().find(|m| m["name"] == "superAdmin").unwrap();
    assert_eq!(admin_area["parentId"], 0);
    let user = admin_area["children"]
        .as_array()
        .unwrap()
        .iter()
        .find(|m| m["name"] == "user")
        .unwrap();
    assert_eq!(user["component"], "superAdmin/user");
    assert_eq!(user["meta"]["title"], "用户管理");
    assert_eq!(user["meta"]["titleEn"], "Users");
    assert_eq!(user["keepAlive"], true);
    assert_eq!(user["meta"]["keepAlive"], true);
    assert_eq!(user["btns"]["add"], 888);
    assert_eq!(user["btns"]["export"], 888);
    assert_eq!(user["parentId"], admin_area["ID"]);
    let detail = flatten(&tree)
        .into_iter()
        .find(|m| m["name"] == "userDetail")
        .unwrap();
    assert_eq!(detail["hidden"], true);
    assert_eq!(detail["meta"]["hidden"], true);
    assert_eq!(detail["closeTab"], true);
    assert_eq!(detail["meta"]["activeName"], "user");
    let home = roots.iter().find(|m| m["name"] == "home").unwrap();
    assert!(home["btns"].is_null(), "no buttons: null");

    // Platform staff (and the super admin) may ask for any enterprise; the default is the
    // current one.
    assert_eq!(
        names(&route_tree(&app, &admin, Some(DEMO_ENTERPRISE)).await),
        names(&tree)
    );
    assert_eq!(names(&route_tree(&app, &admin, None).await), names(&tree));

    // A member of one enterprise only is refused another, naming it; and an unknown one.
    insert_user(
        &app.state.db,
        "member1",
        "pw-member-1",
        101,
        DEMO_ENTERPRISE,
    )
    .await;
    let member = app.login("member1", "pw-member-1").await;
    let seen = names(&route_tree(&app, &member, None).await);
    assert!(seen.contains("workOrder") && !seen.contains("superAdmin"));
    let msg = app
        .api_sys_authority_menus_enterprise_get_menu(
            &json!({"enterprise_id": PLATFORM_ENTERPRISE}),
            Some(&member),
        )
        .await
        .code(7);
    assert!(msg.contains("1013"), "{msg}");
    let msg = app
        .api_sys_authority_menus_enterprise_get_menu(
            &json!({"enterprise_id": 999_999}),
            Some(&member),
        )
        .await
        .code(7);
    assert!(msg.contains("999999"), "{msg}");
    app.api_sys_authority_menus_enterprise_get_menu(&json!({"enterprise_id": "x"}), Some(&member))
        .await
        .code(7);
    // The member's buttons: all on work orders, export only elsewhere.
    let flat = flatten(&route_tree(&app, &member, None).await);
    let work = flat.iter().find(|m| m["name"] == "workOrder").unwrap();
    assert_eq!(
        work["btns"],
        json!({"add": 101, "edit": 101, "delete": 101, "export": 101})
    );
    let vehicles = flat.iter().find(|m| m["name"] == "vehicleManage").unwrap();
    assert_eq!(vehicles["btns"], json!({"export": 101}));
}

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

// --- menus -------------------------------------------------------------------------------------

#[tokio::test]
async fn base_menus_are_added_read_updated_and_deleted() {
    let app = spawn_app().await;
    let admin = app.admin_token().await;
    let data_manage = id(&menu_named(&app, &admin, "dataManage").await);
    let added = app
        .api_menu_add_base_menu(
            &json!({"parentId": data_manage, "path": "fuelAnalysis", "name": "fuelAnalysis",
                    "component": "dataManage/fuelAnalysis", "sort": 30, "hidden": false,
                    "meta": {"title": "油耗分析", "titleEn": "Fuel", "icon": "odometer",
                             "keepAlive": true},
                    "menuBtn": [{"name": "export", "desc": "导出"}, {"name": "delete"}],
                    "parameters": [{"type": "query", "key": "mode", "value": "day"}]}),
            Some(&admin),
        )
        .await
        .ok()["menu"]
        .clone();
    let fuel = id(&added);
    assert_eq!(added["parentId"], data_manage);
    assert_eq!(added["meta"]["keepAlive"], true);
    assert_eq!(added["parameters"][0]["key"], "mode");
    let by_id = app
        .api_menu_get_base_menu_by_id(&json!({"id": fuel}), Some(&admin))
        .await
        .ok()["menu"]
        .clone();
    assert_eq!(by_id["name"], "fuelAnalysis");
    assert_eq!(by_id["menuBtn"].as_array().unwrap().len(), 2);
    let tree = app
        .api_menu_get_base_menu_tree(&json!({}), Some(&admin))
        .await
        .ok();
    assert!(
        flatten(&tree["menus"])
            .iter()
            .any(|m| m["name"] == "fuelAnalysis")
    );

    // Duplicates and bad input: code 7, nothing added.
    let count = menus(&app, &admin).await.len();
    let good = json!({"parentId": 0, "path": "p", "name": "n1", "component": "a/b", "sort": 1,
                      "meta": {"title": "t"}});
    let with = |patch: Value| {
        let mut v = good.clone();
        for (k, val) in patch.as_object().unwrap() {
            if val.is_null() {
                v.as_object_mut().unwrap().remove(k);
            } else {
                v[k] = val.clone();
            }
        }
        v
    };
    for bad in [
        with(json!({"name": "vehicleManage"})),
        with(json!({"name": "fuelAnalysis"})),
        with(json!({"path": null})),
        with(json!({"name": null})),
        with(json!({"component": ""})),
        with(json!({"meta": {"titleEn": "no zh title"}})),
        with(json!({"meta": {"title": " "}})),
        with(json!({"parentId": 123_456})),
        with(json!({"sort": -1})),
        with(json!({"sort": "1"})),
        with(json!({"hidden": "yes"})),
        with(json!({"parameters": [{"type": "path", "key": "k"}]})),
        with(json!({"menuBtn": [{"name": "add"}, {"name": "add"}]})),
    ] {
        app.api_menu_add_base_menu(&bad, Some(&admin)).await.code(7);
    }
    let msg = app
        .api_menu_add_base_menu(&with(json!({"name": "vehicleManage"})), Some(&admin))
        .await
        .code(7);
    assert!(msg.contains("vehicleManage"), "{msg}");
    assert_eq!(menus(&app, &admin).await.len(), count);
    app.api_menu_get_base_menu_by_id(&json!({"id": 123_456}), Some(&admin))
        .await
        .code(7);

    // Update: keep `export` (with a role's grant on it), drop `delete`, add `edit`.
    let export = added["menuBtn"]
        .as_array()
        .unwrap()
        .iter()
        .find(|b| b["name"] == "export")
        .map(id)
        .unwrap();
    app.api_authority_btn_set_authority_btn(
        &json!({"menuID": fuel, "authorityId": 101, "selected": [export]}),
        Some(&admin),
    )
    .await
    .ok();
    let updated = app
        .api_menu_update_base_menu(
            &json!({"ID": fuel, "parentId": data_manage, "path": "fuel", "name": "fuelAnalysis",
                    "component": "dataManage/fuelAnalysis", "sort": 31,
                    "meta": {"title": "油耗", "titleEn": "Fuel use"},
                    "menuBtn": [{"ID": export, "name": "export", "desc": "导出 CSV"},
                                {"name": "edit"}],
                    "parameters": []}),
            Some(&admin),
        )
        .await
        .ok()["menu"]
        .clone();
    assert_eq!(updated["path"], "fuel");
    assert_eq!(updated["meta"]["title"], "油耗");
    let btn_names: BTreeSet<&str> = updated["menuBtn"]
        .as_array()
        .unwrap()
        .iter()
        .map(|b| b["name"].as_str().unwrap())
        .collect();
    assert_eq!(btn_names, BTreeSet::from(["edit", "export"]));
    assert!(updated["parameters"].as_array().unwrap().is_empty());
    assert_eq!(
        app.api_authority_btn_get_authority_btn(
            &json!({"menuID": fuel, "authorityId": 101}),
            Some(&admin)
        )
        .await
        .ok()["selected"],
        json!([export])
    );
    let vehicles = id(&menu_named(&app, &admin, "vehicleManage").await);
    for bad in [
        json!({"ID": fuel, "parentId": 0, "path": "p", "name": "vehicleManage", "component": "a/b",
               "meta": {"title": "t"}}),
        json!({"ID": data_manage, "parentId": fuel, "path": "p", "name": "dataManage",
               "component": "a/b", "meta": {"title": "t"}}),
        json!({"ID": fuel, "parentId": fuel, "path": "p", "name": "fuelAnalysis",
               "component": "a/b", "meta": {"title": "t"}}),
        json!({"ID": fuel, "parentId": 0, "path": "p", "name": "fuelAnalysis",
               "component": "a/b", "meta": {"title": "t"}, "menuBtn": [{"ID": vehicles, "name": "x"}]}),
        json!({"ID": 123_456, "parentId": 0, "path": "p", "name": "ghost", "component": "a/b",
               "meta": {"title": "t"}}),
        json!({"parentId": 0, "path": "p", "name": "noid", "component": "a/b",
               "meta": {"title": "t"}}),
    ] {
        app.api_menu_update_base_menu(&bad, Some(&admin))
            .await
            .code(7);
    }
    let after = app
        .api_menu_get_base_menu_by_id(&json!({"id": fuel}), Some(&admin))
        .await
        .ok()["menu"]
        .clone();
    assert_eq!(after, updated);

    // Delete: refused with children; then the leaf goes with its grants.
    app.api_menu_delete_base_menu(&json!({"ID": data_manage}), Some(&admin))
        .await
        .code(7);
    for bad in [json!({}), json!({"ID": 123_456}), json!({"ID": "1"})] {
        app.api_menu_delete_base_menu(&bad, Some(&admin))
            .await
            .code(7);
    }
    assert_eq!(menus(&app, &admin).await.len(), count);
    app.api_menu_delete_base_menu(&json!({"ID": fuel}), Some(&admin))
        .await
        .ok();
    assert_eq!(menus(&app, &admin).await.len(), count - 1);
    app.api_authority_btn_get_authority_btn(
        &json!({"menuID": fuel, "authorityId": 101}),
        Some(&admin),
    )
    .await
    .code(7);
}

#[tokio::test]
async fn add_menu_authority_replaces_a_roles_menus() {
    let app = spawn_app().await;
    let admin = app.admin_token().await;
    create_role(&app, &admin, 9100, 0).await;
    insert_user(&app.state.db, "r9100", "pw-9100", 9100, DEMO_ENTERPRISE).await;
    let user = app.login("r9100", "pw-9100").await;
    let tracks = id(&menu_named(&app, &admin, "tracks").await);
    let home = id(&menu_named(&app, &admin, "home").await);
    app.api_menu_add_menu_authority(
        &json!({"authorityId": 9100, "menus": [{"ID": tracks, "name": "tracks"}, {"ID": home}]}),
        Some(&admin),
    )
    .await
    .ok();
    let seen = names(&route_tree(&app, &user, None).await);
    assert_eq!(
        seen,
        BTreeSet::from(["home".into(), "locusModule".into(), "tracks".into()]),
        "the granted menus with their parent"
    );
    for bad in [
        json!({"authorityId": 9100, "menus": [{"ID": 765_432}]}),
        json!({"authorityId": 765_432, "menus": []}),
        json!({"authorityId": 9100}),
        json!({"menus": []}),
        json!({"authorityId": 9100, "menus": [tracks]}),
    ] {
        app.api_menu_add_menu_authority(&bad, Some(&admin))
            .await
            .code(7);
    }
    assert_eq!(names(&route_tree(&app, &user, None).await), seen);
    app.api_menu_add_menu_authority(&json!({"authorityId": 9100, "menus": []}), Some(&admin))
        .await
        .ok();
    assert!(
        route_tree(&app, &user, None)
            .await
            .as_array()
            .unwrap()
            .is_empty()
    );
}

#[tokio::test]
async fn update_menu_root_moves_and_renumbers() {
    let app = spawn_app().await;
    let admin = app.admin_token().await;
    let tyre = menu_named(&app, &admin, "tyreBrand").await;
    let data_manage = tyre["parentId"].as_i64().unwrap();
    let moved = app
        .api_menu_update_menu_root(
            &json!({"ID": id(&tyre), "parentId": 0, "sort": 2}),
            Some(&admin),
        )
        .await
        .ok()["menu"]
        .clone();
    assert_eq!(moved["parentId"], 0);
    assert_eq!(moved["sort"], 2);
    let tree = app
        .api_menu_get_menu_list(&json!({}), Some(&admin))
        .await
        .ok();
    let roots = tree.as_array().unwrap();
    assert_eq!(roots[1]["name"], "tyreBrand");
    let sorts: Vec<i64> = roots.iter().map(|m| m["sort"].as_i64().unwrap()).collect();
    assert_eq!(
        sorts,
        (1..=i64::try_from(roots.len()).unwrap()).collect::<Vec<_>>()
    );
    let old_siblings = flatten(&tree)
        .into_iter()
        .find(|m| m["ID"] == data_manage)
        .unwrap()["children"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["sort"].as_i64().unwrap())
        .collect::<Vec<_>>();
    assert_eq!(
        old_siblings,
        (1..=i64::try_from(old_siblings.len()).unwrap()).collect::<Vec<_>>()
    );
    // And back under dataManage, last.
    let back = app
        .api_menu_update_menu_root(
            &json!({"ID": id(&tyre), "parentId": data_manage}),
            Some(&admin),
        )
        .await
        .ok()["menu"]
        .clone();
    assert_eq!(back["parentId"], data_manage);
    assert_eq!(back["sort"], i64::try_from(old_siblings.len()).unwrap() + 1);

    let panels = id(&menu_named(&app, &admin, "panels").await);
    let panel4 = id(&menu_named(&app, &admin, "panel4").await);
    let before = menus(&app, &admin).await;
    for bad in [
        json!({"ID": data_manage, "parentId": panels}),
        json!({"ID": panels, "parentId": panel4}),
        json!({"ID": panels, "parentId": panels}),
        json!({"ID": 999_999, "parentId": 0}),
        json!({"ID": panels, "parentId": 999_999}),
        json!({"ID": panels, "parentId": 0, "sort": 0}),
        json!({"ID": panels}),
    ] {
        app.api_menu_update_menu_root(&bad, Some(&admin))
            .await
            .code(7);
    }
    assert_eq!(menus(&app, &admin).await, before);
}

// --- per-enterprise menus ----------------------------------------------------------------------

#[tokio::test]
async fn an_enterprise_narrows_what_a_role_sees() {
    let app = spawn_app().await;
    let admin = app.admin_token().await;
    insert_user(
        &app.state.db,
        "member2",
        "pw-member-2",
        101,
        DEMO_ENTERPRISE,
    )
    .await;
    let member = app.login("member2", "pw-member-2").await;
    let full = names(&route_tree(&app, &member, None).await);
    let vehicles = id(&menu_named(&app, &admin, "vehicleManage").await);
    let work = id(&menu_named(&app, &admin, "workOrder").await);
    let user_menu = id(&menu_named(&app, &admin, "user").await);

    let roles_here = app
        .api_sys_authority_menus_enterprise_get_authority_list(
            &json!({"enterprise_id": DEMO_ENTERPRISE}),
            Some(&admin),
        )
        .await
        .ok();
    let member_role = roles_here
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["authorityId"] == 101)
        .unwrap()
        .clone();
    assert_eq!(member_role["members"], 1);
    assert_eq!(member_role["narrowed"], false);

    app.api_sys_authority_menus_enterprise_add_menu_authority(
        &json!({"enterprise_id": DEMO_ENTERPRISE, "authorityId": 101,
                "menus": [{"ID": vehicles}, {"ID": work}]}),
        Some(&admin),
    )
    .await
    .ok();
    let seen = names(&route_tree(&app, &member, None).await);
    assert_eq!(
        seen,
        BTreeSet::from([
            "dataManage".into(),
            "vehicleManage".into(),
            "projectArea".into(),
            "workOrder".into()
        ])
    );
    let assigned = app
        .api_sys_authority_menus_enterprise_get_menu_authority(
            &json!({"enterprise_id": DEMO_ENTERPRISE, "authorityId": 101}),
            Some(&admin),
        )
        .await
        .ok();
    assert_eq!(assigned["narrowed"], true);
    assert_eq!(assigned["menus"].as_array().unwrap().len(), 2);
    // The narrowing is per enterprise: elsewhere the role's own menus apply.
    let elsewhere = app
        .api_sys_authority_menus_enterprise_get_menu_authority(
            &json!({"enterprise_id": PLATFORM_ENTERPRISE, "authorityId": 101}),
            Some(&admin),
        )
        .await
        .ok();
    assert_eq!(elsewhere["narrowed"], false);

    // Only menus of the role's own set; unknown enterprise/role/menu; bad types.
    for bad in [
        json!({"enterprise_id": DEMO_ENTERPRISE, "authorityId": 101, "menus": [{"ID": user_menu}]}),
        json!({"enterprise_id": 4_040_404, "authorityId": 101, "menus": [{"ID": vehicles}]}),
        json!({"enterprise_id": DEMO_ENTERPRISE, "authorityId": 4_040_404, "menus": []}),
        json!({"enterprise_id": DEMO_ENTERPRISE, "authorityId": 101, "menus": [{"ID": 4_040_404}]}),
        json!({"enterprise_id": DEMO_ENTERPRISE, "authorityId": 101}),
        json!({"enterprise_id": "1014", "authorityId": 101, "menus": []}),
    ] {
        app.api_sys_authority_menus_enterprise_add_menu_authority(&bad, Some(&admin))
            .await
            .code(7);
    }
    assert_eq!(names(&route_tree(&app, &member, None).await), seen);
    // Platform staff may look at any enterprise; members only at their own.
    app.api_sys_authority_menus_enterprise_get_authority_list(
        &json!({"enterprise_id": PLATFORM_ENTERPRISE}),
        Some(&admin),
    )
    .await
    .ok();

    // The tree to narrow from is the role's own menus.
    let tree = app
        .get(
            "/api/sysAuthorityMenusEnterprise/getBaseMenuTree?authorityId=101",
            Some(&admin),
        )
        .await
        .ok();
    assert_eq!(names(&tree["menus"]), full);
    let whole = app
        .api_sys_authority_menus_enterprise_get_base_menu_tree(&json!({}), Some(&admin))
        .await
        .ok();
    assert_eq!(flatten(&whole["menus"]).len(), MENUS.len());
    for q in ["?authorityId=4040404", "?authorityId=x"] {
        app.get(
            &format!("/api/sysAuthorityMenusEnterprise/getBaseMenuTree{q}"),
            Some(&admin),
        )
        .await
        .code(7);
    }

    // An enterprise administrator narrows roles of their own enterprise only; a user whose
    // active role is admin elsewhere but who is a plain member here is refused.
    insert_user(
        &app.state.db,
        "entadmin",
        "pw-ent-admin",
        100,
        DEMO_ENTERPRISE,
    )
    .await;
    let ent_admin = app.login("entadmin", "pw-ent-admin").await;
    app.api_sys_authority_menus_enterprise_add_menu_authority(
        &json!({"authorityId": 101, "menus": [{"ID": vehicles}]}),
        Some(&ent_admin),
    )
    .await
    .ok();
    assert_eq!(
        names(&route_tree(&app, &member, None).await),
        BTreeSet::from(["dataManage".into(), "vehicleManage".into()])
    );
    let msg = app
        .api_sys_authority_menus_enterprise_add_menu_authority(
            &json!({"enterprise_id": PLATFORM_ENTERPRISE, "authorityId": 101, "menus": []}),
            Some(&ent_admin),
        )
        .await
        .code(7);
    assert!(msg.contains("1013"), "{msg}");
    let mixed = insert_user(&app.state.db, "mixed", "pw-mixed", 100, DEMO_BRANCH).await;
    {
        use entities::sys_user_authority;
        use sea_orm::{EntityTrait, Set};
        sys_user_authority::Entity::insert(sys_user_authority::ActiveModel {
            user_id: Set(mixed),
            enterprise_id: Set(DEMO_ENTERPRISE),
            authority_id: Set(101),
        })
        .exec_without_returning(&app.state.db)
        .await
        .unwrap();
    }
    let mixed = app.login("mixed", "pw-mixed").await;
    app.api_sys_authority_menus_enterprise_add_menu_authority(
        &json!({"enterprise_id": DEMO_ENTERPRISE, "authorityId": 101, "menus": []}),
        Some(&mixed),
    )
    .await
    .code(7);
    assert_eq!(
        names(&route_tree(&app, &member, None).await),
        BTreeSet::from(["dataManage".into(), "vehicleManage".into()])
    );

    // Taking a menu from the role never widens a narrowing: narrowed to vehicleManage only, and
    // vehicleManage taken from the role, the members see nothing.
    let own: Vec<Value> = app
        .api_sys_authority_menus_enterprise_get_menu_authority(
            &json!({"enterprise_id": PLATFORM_ENTERPRISE, "authorityId": 101}),
            Some(&admin),
        )
        .await
        .ok()["menus"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|m| id(m) != vehicles)
        .map(|m| json!({"ID": id(m)}))
        .collect();
    app.api_menu_add_menu_authority(&json!({"authorityId": 101, "menus": own}), Some(&admin))
        .await
        .ok();
    assert!(
        route_tree(&app, &member, None)
            .await
            .as_array()
            .unwrap()
            .is_empty()
    );

    // An empty list lifts the narrowing: the role's own (now smaller) set applies.
    app.api_sys_authority_menus_enterprise_add_menu_authority(
        &json!({"enterprise_id": DEMO_ENTERPRISE, "authorityId": 101, "menus": []}),
        Some(&admin),
    )
    .await
    .ok();
    let mut expected = full.clone();
    expected.remove("vehicleManage");
    assert_eq!(names(&route_tree(&app, &member, None).await), expected);
}

// --- the API registry --------------------------------------------------------------------------

#[tokio::test]
async fn the_api_registry_lists_filters_and_orders() {
    let app = spawn_app().await;
    let admin = app.admin_token().await;
    let page = app
        .api_api_get_api_list(&json!({"page": 1, "pageSize": 5}), Some(&admin))
        .await
        .ok();
    let all = app
        .api_api_get_all_apis(&json!({}), Some(&admin))
        .await
        .ok()["apis"]
        .clone();
    let total = all.as_array().unwrap().len();
    assert_eq!(page["total"], total);
    assert_eq!(page["list"].as_array().unwrap().len(), 5);
    let ids: Vec<i64> = page["list"].as_array().unwrap().iter().map(id).collect();
    assert!(
        ids.windows(2).all(|w| w[0] > w[1]),
        "id descending: {ids:?}"
    );

    let filtered = app
        .api_api_get_api_list(
            &json!({"path": "casbin", "method": "post", "apiGroup": "authz", "pageSize": 50,
                    "orderKey": "path", "desc": false}),
            Some(&admin),
        )
        .await
        .ok();
    let paths: Vec<&str> = filtered["list"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| a["path"].as_str().unwrap())
        .collect();
    assert_eq!(
        paths,
        [
            "/api/casbin/getPolicyPathByAuthorityId",
            "/api/casbin/updateCasbin"
        ]
    );
    let described = app
        .api_api_get_api_list(
            &json!({"description": "Replaces a role's whole policy set"}),
            Some(&admin),
        )
        .await
        .ok();
    assert_eq!(described["total"], 1);
    for bad in [
        json!({"orderKey": "password"}),
        json!({"page": 0}),
        json!({"pageSize": 501}),
        json!({"page": "1"}),
    ] {
        app.api_api_get_api_list(&bad, Some(&admin)).await.code(7);
    }
}

#[tokio::test]
async fn the_api_registry_is_edited_with_its_policies() {
    let app = spawn_app().await;
    let admin = app.admin_token().await;
    let n = total(&app, &admin).await;
    let created = app
        .api_api_create_api(
            &json!({"path": "/api/report/fleetSummary", "description": "fleet summary",
                    "apiGroup": "report", "method": "post"}),
            Some(&admin),
        )
        .await
        .ok()["api"]
        .clone();
    assert_eq!(created["method"], "POST");
    let api = id(&created);
    assert_eq!(total(&app, &admin).await, n + 1);
    for bad in [
        json!({"path": "/api/report/fleetSummary", "description": "d", "apiGroup": "g",
               "method": "POST"}),
        json!({"path": "/api/x", "description": "d", "apiGroup": "g"}),
        json!({"path": "/api/x", "description": "", "apiGroup": "g", "method": "POST"}),
        json!({"path": "api/x", "description": "d", "apiGroup": "g", "method": "POST"}),
        json!({"path": "/api/x", "description": "d", "apiGroup": "g", "method": "FETCH"}),
        json!({"path": 5, "description": "d", "apiGroup": "g", "method": "POST"}),
    ] {
        app.api_api_create_api(&bad, Some(&admin)).await.code(7);
    }
    assert_eq!(total(&app, &admin).await, n + 1);
    let fetched = app
        .api_api_get_api_by_id(&json!({"id": api}), Some(&admin))
        .await
        .ok()["api"]
        .clone();
    assert_eq!(fetched, created);
    app.api_api_get_api_by_id(&json!({"id": 7_654_321}), Some(&admin))
        .await
        .code(7);

    // Grant it, then move it: the policy follows in the table and the enforcer.
    let mut calls: Vec<Value> = policy_paths(&app, &admin, 300)
        .await
        .into_iter()
        .map(|(path, method)| json!({"path": path, "method": method}))
        .collect();
    calls.push(json!({"path": "/api/report/fleetSummary", "method": "POST"}));
    app.api_casbin_update_casbin(
        &json!({"authorityId": 300, "casbinInfos": calls}),
        Some(&admin),
    )
    .await
    .ok();
    assert!(
        app.state
            .policies
            .allows(300, "/api/report/fleetSummary", "POST")
            .await
    );
    app.api_api_update_api(
        &json!({"ID": api, "path": "/api/report/fleetOverview", "description": "fleet overview",
                "apiGroup": "report", "method": "POST"}),
        Some(&admin),
    )
    .await
    .ok();
    let granted = policy_paths(&app, &admin, 300).await;
    assert!(granted.contains(&("/api/report/fleetOverview".into(), "POST".into())));
    assert!(!granted.contains(&("/api/report/fleetSummary".into(), "POST".into())));
    assert!(
        app.state
            .policies
            .allows(300, "/api/report/fleetOverview", "POST")
            .await
    );
    assert!(
        !app.state
            .policies
            .allows(300, "/api/report/fleetSummary", "POST")
            .await
    );
    // Duplicates and unknown ids change nothing.
    for bad in [
        json!({"ID": api, "path": "/api/casbin/updateCasbin", "description": "d", "apiGroup": "g",
               "method": "POST"}),
        json!({"ID": 7_654_321, "path": "/api/q", "description": "d", "apiGroup": "g",
               "method": "POST"}),
        json!({"path": "/api/q", "description": "d", "apiGroup": "g", "method": "POST"}),
    ] {
        app.api_api_update_api(&bad, Some(&admin)).await.code(7);
    }
    let fetched = app
        .api_api_get_api_by_id(&json!({"id": api}), Some(&admin))
        .await
        .ok()["api"]
        .clone();
    assert_eq!(fetched["path"], "/api/report/fleetOverview");

    // Delete one: its policies go.
    app.api_api_delete_api(&json!({"ID": api, "path": "ignored"}), Some(&admin))
        .await
        .ok();
    assert!(
        !app.state
            .policies
            .allows(300, "/api/report/fleetOverview", "POST")
            .await
    );
    assert!(
        !policy_paths(&app, &admin, 300)
            .await
            .iter()
            .any(|(p, _)| p == "/api/report/fleetOverview")
    );
    app.api_api_delete_api(&json!({"ID": api}), Some(&admin))
        .await
        .code(7);
    assert_eq!(total(&app, &admin).await, n);

    // Delete several: all or nothing.
    let mut ids = Vec::new();
    for i in 0..3 {
        ids.push(id(&app
            .api_api_create_api(
                &json!({"path": format!("/api/tmp/{i}"), "description": "tmp", "apiGroup": "tmp",
                        "method": "GET"}),
                Some(&admin),
            )
            .await
            .ok()["api"]));
    }
    for bad in [
        json!({"ids": [ids[0], 7_654_321]}),
        json!({"ids": []}),
        json!({}),
        json!({"ids": ["1"]}),
    ] {
        app.api_api_delete_apis_by_ids(&bad, Some(&admin))
            .await
            .code(7);
    }
    assert_eq!(total(&app, &admin).await, n + 3);
    app.api_api_delete_apis_by_ids(&json!({"ids": ids}), Some(&admin))
        .await
        .ok();
    assert_eq!(total(&app, &admin).await, n);
}
