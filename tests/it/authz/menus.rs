//! Menus: the seeded tree, the route tree each role gets, base menu edits and an enterprise's narrowing.

use super::{DEMO_ENTERPRISE, create_role, flatten, id, menu_named, menus, names, route_tree};
use domain::menu_seed::MENUS;
use serde_json::Value;
use std::collections::BTreeSet;
use wheelend_tests::{all_table_counts, insert_user, json, spawn_app};

const PLATFORM_ENTERPRISE: i64 = 1013;

const DEMO_BRANCH: i64 = 1015;

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
