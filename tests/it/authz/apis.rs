//! The API registry: listing and editing with its policies.

use super::{id, policy_paths};
use serde_json::Value;
use wheelend_tests::{TestApp, json, spawn_app};

async fn total(app: &TestApp, token: &str) -> usize {
    app.api_api_get_all_apis(&json!({}), Some(token)).await.ok()["apis"]
        .as_array()
        .unwrap()
        .len()
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
