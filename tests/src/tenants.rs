//! Two enterprise trees with users, for scope and isolation tests: tree A ("ZZA") and tree B
//! ("ZZB"), each a top-level enterprise with one child, an administrator (role 100) and a
//! member (role 101) in the top-level enterprise. Every name of tree B contains `ZZB`, so a
//! leak shows up as that marker in another tenant's answer.

use serde_json::{Value, json};

use crate::TestApp;

pub const PASSWORD: &str = "tenant-pass-1";

/// One enterprise tree and its people.
pub struct Tree {
    pub marker: &'static str,
    pub root: i64,
    pub child: i64,
    pub admin_id: i64,
    pub member_id: i64,
    /// Session tokens.
    pub admin: String,
    pub member: String,
    pub admin_phone: String,
    pub member_phone: String,
}

pub struct Tenants {
    /// The super admin's token.
    pub platform: String,
    pub a: Tree,
    pub b: Tree,
}

/// Creates an enterprise as `token` (below `parent`, else at the top level) and returns its id.
pub async fn create_enterprise(app: &TestApp, token: &str, name: &str, parent: Option<i64>) -> i64 {
    let mut body = json!({"entName": name});
    if let Some(p) = parent {
        body["parentId"] = json!(p);
    }
    app.post("/api/web/ent/tbUp", &body, Some(token)).await.ok()["entId"]
        .as_i64()
        .expect("tbUp answers the enterprise")
}

/// Registers a vehicle of `ent` (axles "2,4") through the console's call as `token` and
/// returns its id.
pub async fn add_vehicle(app: &TestApp, token: &str, ent: i64, plate: &str) -> i64 {
    let body = json!({"plate": plate, "axleLayout": "2,4", "enterpriseId": ent});
    app.post("/api/web/car/updateCarInfo", &body, Some(token))
        .await
        .ok()["carId"]
        .as_i64()
        .expect("updateCarInfo answers the vehicle")
}

/// Creates a vehicle group named `name` in the caller's enterprise and returns its id.
pub async fn add_group(app: &TestApp, token: &str, name: &str) -> i64 {
    app.post(
        "/api/web/group/saveGroup",
        &json!({"name": name}),
        Some(token),
    )
    .await
    .ok()["ID"]
        .as_i64()
        .expect("saveGroup answers the group")
}

/// Creates a vehicle tag named `name` in the caller's enterprise and returns its id.
pub async fn add_tag(app: &TestApp, token: &str, name: &str) -> i64 {
    app.post(
        "/api/addTags",
        &json!({"name": name, "kind": "vehicle"}),
        Some(token),
    )
    .await
    .ok()[0]["id"]
        .as_i64()
        .expect("addTags answers the tag")
}

/// Registers vehicles, each `(token, enterprise, plate)`, with [`add_vehicle`]; answers their
/// ids in the same order.
pub async fn add_vehicles<const N: usize>(app: &TestApp, list: [(&str, i64, &str); N]) -> [i64; N] {
    let mut ids = [0; N];
    for (id, (token, ent, plate)) in ids.iter_mut().zip(list) {
        *id = add_vehicle(app, token, ent, plate).await;
    }
    ids
}

/// Creates a user with a role in an enterprise and returns the id.
pub async fn create_user(
    app: &TestApp,
    token: &str,
    name: &str,
    role: i64,
    ent: i64,
    phone: &str,
) -> i64 {
    let body = json!({"userName": name, "passWord": PASSWORD, "nickName": name, "authorityId": role,
                      "enterpriseId": ent, "phone": phone});
    app.post("/api/user/admin_register", &body, Some(token))
        .await
        .ok()["user"]["ID"]
        .as_i64()
        .expect("a user id")
}

async fn tree(app: &TestApp, platform: &str, marker: &'static str, name: &str, digit: u8) -> Tree {
    let root = create_enterprise(app, platform, &format!("{name} {marker}"), None).await;
    let child = create_enterprise(
        app,
        platform,
        &format!("{name} Branch {marker}"),
        Some(root),
    )
    .await;
    let lower = marker.to_lowercase();
    let admin_phone = format!("13{digit}00000001");
    let member_phone = format!("13{digit}00000002");
    let admin_name = format!("{lower}_admin");
    let member_name = format!("{lower}_member");
    let admin_id = create_user(app, platform, &admin_name, 100, root, &admin_phone).await;
    let member_id = create_user(app, platform, &member_name, 101, root, &member_phone).await;
    Tree {
        marker,
        root,
        child,
        admin_id,
        member_id,
        admin: app.login(&admin_name, PASSWORD).await,
        member: app.login(&member_name, PASSWORD).await,
        admin_phone,
        member_phone,
    }
}

/// Builds both trees.
pub async fn two_trees(app: &TestApp) -> Tenants {
    let platform = app.admin_token().await;
    let a = tree(app, &platform, "ZZA", "Alpha Freight", 7).await;
    let b = tree(app, &platform, "ZZB", "Beta Logistics", 9).await;
    Tenants { platform, a, b }
}

/// Whether an answer's text mentions a marker (case-insensitively).
pub fn mentions(text: &str, marker: &str) -> bool {
    text.to_lowercase().contains(&marker.to_lowercase())
}

/// The `list` of a paged answer, or the answer itself when it is an array.
pub fn rows(data: &Value) -> Vec<Value> {
    data.get("list")
        .unwrap_or(data)
        .as_array()
        .cloned()
        .unwrap_or_default()
}
