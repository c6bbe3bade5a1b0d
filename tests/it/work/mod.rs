//! Area `work`: problem types and modules, work orders (opening, changing, listing, deleting),
//! the state machine by role, the timeline, tasks, people, files, links, repair records,
//! statistics, and isolation across enterprises and relations.

mod analysis;
mod autoopen;
mod categories;
mod details;
mod discussions;
mod flows;
mod informs;
mod orders;
mod projects;
mod states;
mod totals;

use serde_json::Value;
use wheelend_tests::tenants::{self, PASSWORD, Tenants, two_trees};
use wheelend_tests::{TestApp, json};

/// Two trees, vehicles in each, and two more members of tree A: a technician (the usual
/// assignee) and a bystander.
pub struct Fleet {
    pub t: Tenants,
    /// A's vehicles (top enterprise, branch) and B's.
    pub a1: i64,
    pub a2: i64,
    pub b1: i64,
    pub tech: String,
    pub tech_id: i64,
    pub other: String,
    pub other_id: i64,
}

pub async fn fleet(app: &TestApp) -> Fleet {
    let t = two_trees(app).await;
    let [a1, a2, b1] = tenants::add_vehicles(
        app,
        [
            (&t.a.admin, t.a.root, "ZZA-W1"),
            (&t.a.admin, t.a.child, "ZZA-W2"),
            (&t.b.admin, t.b.root, "ZZB-W1"),
        ],
    )
    .await;
    let tech_id =
        tenants::create_user(app, &t.platform, "zza_tech", 101, t.a.root, "13700000011").await;
    let other_id =
        tenants::create_user(app, &t.platform, "zza_other", 101, t.a.root, "13700000012").await;
    Fleet {
        tech: app.login("zza_tech", PASSWORD).await,
        other: app.login("zza_other", PASSWORD).await,
        t,
        a1,
        a2,
        b1,
        tech_id,
        other_id,
    }
}

/// Opens a repair order (built-in type −1) on `car` as `token`, assigned to `assignee`.
pub async fn open(app: &TestApp, token: &str, car: i64, assignee: Option<i64>) -> Value {
    let mut body = json!({
        "typeId": -1, "title": "Left steer tyre losing pressure", "grade": 2, "priority": 3,
        "vehicles": [{"vehicleId": car, "positions": ["1-1"]}],
    });
    if let Some(a) = assignee {
        body["assigneeId"] = json!(a);
    }
    app.api_work_save(&body, Some(token)).await.ok()
}
