//! Access administration end to end: casbin policies, role buttons, roles, menus, per-enterprise
//! menus and the API registry, each with bad input that must change nothing.

use serde_json::Value;
use std::collections::BTreeSet;
use wheelend_tests::{TestApp, json};

mod apis;
mod menus;
mod roles;

pub(super) const DEMO_ENTERPRISE: i64 = 1014;

/// Every node of a tree of `children` arrays, depth first.
pub(super) fn flatten(nodes: &Value) -> Vec<Value> {
    let mut out = Vec::new();
    for n in nodes.as_array().expect("an array of nodes") {
        out.push(n.clone());
        out.extend(flatten(&n["children"]));
    }
    out
}

pub(super) async fn menus(app: &TestApp, token: &str) -> Vec<Value> {
    flatten(
        &app.api_menu_get_menu_list(&json!({}), Some(token))
            .await
            .ok(),
    )
}

pub(super) async fn menu_named(app: &TestApp, token: &str, name: &str) -> Value {
    menus(app, token)
        .await
        .into_iter()
        .find(|m| m["name"] == name)
        .unwrap_or_else(|| panic!("menu {name} exists"))
}

pub(super) fn id(v: &Value) -> i64 {
    v["ID"].as_i64().expect("an ID")
}

pub(super) async fn policy_paths(
    app: &TestApp,
    token: &str,
    role: i64,
) -> BTreeSet<(String, String)> {
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

pub(super) async fn roles(app: &TestApp, token: &str) -> Vec<Value> {
    flatten(
        &app.api_authority_get_authority_list(&json!({}), Some(token))
            .await
            .ok(),
    )
}

pub(super) async fn create_role(app: &TestApp, token: &str, id: i64, parent: i64) {
    app.api_authority_create_authority(
        &json!({"authorityId": id, "authorityName": format!("role {id}"), "parentId": parent}),
        Some(token),
    )
    .await
    .ok();
}

pub(super) async fn route_tree(app: &TestApp, token: &str, enterprise: Option<i64>) -> Value {
    let body = enterprise.map_or_else(|| json!({}), |e| json!({"enterprise_id": e}));
    app.api_sys_authority_menus_enterprise_get_menu(&body, Some(token))
        .await
        .ok()["menus"]
        .clone()
}

pub(super) fn names(tree: &Value) -> BTreeSet<String> {
    flatten(tree)
        .iter()
        .map(|m| m["name"].as_str().unwrap().to_owned())
        .collect()
}
