//! The authorization matrix, generated from the spec's call catalogue and the OpenAPI
//! description: who may make which call, and that refusals change nothing.

use std::collections::{BTreeMap, BTreeSet};

use domain::authz::CallKinds;
use reqwest::StatusCode;
use serde_json::Value;
use wheelend_tests::{TestApp, all_table_counts, insert_user, json, spawn_app};

const CATALOGUE: &str = include_str!("../../server/domain/src/api-catalogue.tsv");
const DEMO_ENTERPRISE: i64 = 1014;

/// (method, full path) of every call the spec's catalogue names.
fn catalogue() -> BTreeSet<(String, String)> {
    CATALOGUE
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let cols: Vec<&str> = l.split('\t').collect();
            (cols[0].to_owned(), format!("{}{}", cols[1], cols[2]))
        })
        .collect()
}

/// (method, full path) of every call the code implements.
fn implemented() -> BTreeSet<(String, String)> {
    let spec: Value = serde_json::from_str(&wheelend::openapi::json()).unwrap();
    let mut out = BTreeSet::new();
    for (path, item) in spec["paths"].as_object().unwrap() {
        for method in item.as_object().unwrap().keys() {
            out.insert((method.to_ascii_uppercase(), path.clone()));
        }
    }
    out
}

/// A concrete URL for a documented path (`{id}` → `1`).
fn concrete(path: &str) -> String {
    let mut out = String::new();
    let mut in_param = false;
    for c in path.chars() {
        match c {
            '{' => in_param = true,
            '}' => {
                in_param = false;
                out.push('1');
            }
            _ if in_param => {}
            _ => out.push(c),
        }
    }
    out
}

/// Whether the call at `path` is declared open (or a device's): no session asked.
fn is_open(path: &str) -> bool {
    static KINDS: std::sync::LazyLock<CallKinds> =
        std::sync::LazyLock::new(|| CallKinds::of_spec(&wheelend::openapi::spec()));
    ["GET", "POST", "PUT", "DELETE"]
        .iter()
        .any(|m| KINDS.get(path, m).is_some_and(|k| !k.signed_in()))
}

fn is_sign_out(path: &str) -> bool {
    path.ends_with("/jwt/jsonInBlacklist")
}

/// Counts of every table but the operation log (refused mutating calls are logged, by design).
async fn counts(app: &TestApp) -> BTreeMap<String, i64> {
    let mut c = all_table_counts(&app.state.db).await;
    c.remove("sys_operation_records");
    c
}

#[tokio::test]
async fn anonymous_callers_are_asked_to_sign_in_and_unimplemented_calls_are_404() {
    let app = spawn_app().await;
    let implemented = implemented();
    let mut answered = BTreeSet::new();
    for (method, path) in catalogue().union(&implemented) {
        let res = app
            .call(method, &concrete(path), &json!({}), None, &[])
            .await;
        if res.status == StatusCode::NOT_FOUND {
            assert!(
                !implemented.contains(&(method.clone(), path.clone())),
                "{method} {path} is documented but answers 404"
            );
            assert_eq!(res.envelope().code, 7, "{method} {path}: the 404 envelope");
            continue;
        }
        answered.insert((method.clone(), path.clone()));
        if !is_open(path) {
            assert_eq!(
                (res.status, res.envelope().code),
                (StatusCode::OK, 100),
                "{method} {path} anonymous: {}",
                res.text
            );
        }
    }
    assert_eq!(
        answered, implemented,
        "the calls that answer are exactly the documented ones"
    );
}

/// Creates role 9001 through the calls, strips its policies and signs in a user holding it.
async fn bare_role_user(app: &TestApp, admin: &str) -> String {
    app.api_authority_create_authority(
        &json!({"authorityId": 9001, "authorityName": "no rights"}),
        Some(admin),
    )
    .await
    .ok();
    app.api_casbin_update_casbin(
        &json!({"authorityId": 9001, "casbinInfos": []}),
        Some(admin),
    )
    .await
    .ok();
    let paths = app
        .api_casbin_get_policy_path_by_authority_id(&json!({"authorityId": 9001}), Some(admin))
        .await
        .ok();
    assert_eq!(paths["paths"], json!([]));
    insert_user(&app.state.db, "bare", "pw-bare-user", 9001, DEMO_ENTERPRISE).await;
    app.login("bare", "pw-bare-user").await
}

#[tokio::test]
async fn a_role_without_policies_is_refused_everything_and_nothing_changes() {
    let app = spawn_app().await;
    let admin = app.admin_token().await;
    let token = bare_role_user(&app, &admin).await;
    let before = counts(&app).await;
    let calls: Vec<_> = implemented()
        .into_iter()
        .filter(|(_, p)| !is_open(p))
        .collect();
    assert!(calls.len() >= 31);
    for (method, path) in &calls {
        let res = app
            .call(method, &concrete(path), &json!({}), Some(&token), &[])
            .await;
        assert_eq!(
            (res.status, res.envelope().code),
            (StatusCode::OK, 7),
            "{method} {path}: {}",
            res.text
        );
    }
    // Also with plausible bodies: still refused before any handler runs.
    for (method, path, body) in [
        (
            "POST",
            "/api/casbin/updateCasbin",
            json!({"authorityId": 9001, "casbinInfos": [{"path": "/api/menu/getMenuList", "method": "POST"}]}),
        ),
        (
            "POST",
            "/api/authority/createAuthority",
            json!({"authorityId": 9002, "authorityName": "sneaky"}),
        ),
        (
            "POST",
            "/api/authority/deleteAuthority",
            json!({"authorityId": 101}),
        ),
        (
            "DELETE",
            "/api/api/deleteApisByIds",
            json!({"ids": [1, 2, 3]}),
        ),
        ("POST", "/api/menu/deleteBaseMenu", json!({"ID": 1})),
    ] {
        let msg = app
            .call(method, path, &body, Some(&token), &[])
            .await
            .code(7);
        assert!(
            msg.contains("权限") || msg.to_lowercase().contains("permission"),
            "{path}: {msg}"
        );
    }
    assert_eq!(counts(&app).await, before, "refused calls changed nothing");
}

#[tokio::test]
async fn the_super_admin_gets_an_answer_from_every_call() {
    let app = spawn_app().await;
    let admin = app.admin_token().await;
    let mut calls: Vec<_> = implemented().into_iter().collect();
    // Signing out last, so the token stays valid for the rest.
    calls.sort_by_key(|(_, p)| is_sign_out(p));
    for (method, path) in &calls {
        let res = app
            .call(method, &concrete(path), &json!({}), Some(&admin), &[])
            .await;
        assert_eq!(res.status, StatusCode::OK, "{method} {path}: {}", res.text);
        let code = res.envelope().code;
        assert!(
            code == 0 || code == 7,
            "{method} {path}: code {code}: {}",
            res.text
        );
    }
}

#[tokio::test]
async fn policy_edits_take_effect_at_once() {
    let app = spawn_app().await;
    let admin = app.admin_token().await;
    let token = bare_role_user(&app, &admin).await;
    let body = json!({});
    let call = || app.api_authority_get_authority_list(&body, Some(&token));
    call().await.code(7);

    let grant = json!({"authorityId": 9001, "casbinInfos": [
        {"path": "/api/authority/getAuthorityList", "method": "POST"}]});
    app.api_casbin_update_casbin(&grant, Some(&admin))
        .await
        .ok();
    let roles = call().await.ok();
    assert!(roles.as_array().is_some_and(|r| !r.is_empty()));
    // Other calls stay refused.
    app.api_menu_get_menu_list(&json!({}), Some(&token))
        .await
        .code(7);

    app.api_casbin_update_casbin(
        &json!({"authorityId": 9001, "casbinInfos": []}),
        Some(&admin),
    )
    .await
    .ok();
    call().await.code(7);

    // Platform staff may read the access settings but not change them (seeded defaults).
    insert_user(&app.state.db, "operator", "pw-operator", 999, 1013).await;
    let operator = app.login("operator", "pw-operator").await;
    app.api_authority_get_authority_list(&json!({}), Some(&operator))
        .await
        .ok();
    app.api_casbin_update_casbin(&grant, Some(&operator))
        .await
        .code(7);
    let paths = app
        .api_casbin_get_policy_path_by_authority_id(&json!({"authorityId": 9001}), Some(&admin))
        .await
        .ok();
    assert_eq!(
        paths["paths"],
        json!([]),
        "the refused grant did not happen"
    );
}
