//! The state machine of work orders: every transition from every state, by role (requester,
//! assignee, enterprise administrator, someone else), with times and timeline entries.

use super::{Fleet, fleet, open};
use serde_json::Value;
use wheelend_tests::tenants::rows;
use wheelend_tests::{TestApp, fingerprint, json, spawn_app};

const ALL: [i64; 5] = [100, 101, 102, 103, 104];

#[derive(Clone, Copy, Debug, PartialEq)]
enum Role {
    Requester,
    Assignee,
    Admin,
    Other,
}

/// Who may make the transition, if the machine allows it at all.
fn allowed(from: i64, to: i64) -> Option<&'static [Role]> {
    const WORKER: &[Role] = &[Role::Assignee, Role::Admin];
    const REQUESTER: &[Role] = &[Role::Requester, Role::Admin];
    match (from, to) {
        (100, 101) | (101, 102) => Some(WORKER),
        (100 | 101, 103) | (102, 104 | 101) => Some(REQUESTER),
        _ => None,
    }
}

fn token(f: &Fleet, role: Role) -> &str {
    match role {
        Role::Requester => &f.t.a.member,
        Role::Assignee => &f.tech,
        Role::Admin => &f.t.a.admin,
        Role::Other => &f.other,
    }
}

async fn set(app: &TestApp, token: &str, id: i64, state: i64) -> wheelend_tests::Answer {
    app.api_work_set_state(
        &json!({"id": id, "state": state, "remark": format!("to {state}")}),
        Some(token),
    )
    .await
}

/// A fresh order (requested by A's member, assigned to the technician) brought to `state`
/// by the administrator.
async fn order_in(app: &TestApp, f: &Fleet, state: i64) -> i64 {
    let id = open(app, &f.t.a.member, f.a1, Some(f.tech_id)).await["id"]
        .as_i64()
        .unwrap();
    let path: &[i64] = match state {
        100 => &[],
        101 => &[101],
        102 => &[101, 102],
        103 => &[103],
        _ => &[101, 102, 104],
    };
    for s in path {
        set(app, &f.t.a.admin, id, *s).await.ok();
    }
    id
}

#[tokio::test]
async fn every_transition_by_every_role() {
    let app = spawn_app().await;
    let f = fleet(&app).await;
    let roles = [Role::Requester, Role::Assignee, Role::Admin, Role::Other];
    for from in ALL {
        let shared = order_in(&app, &f, from).await;
        for to in ALL {
            for role in roles {
                match allowed(from, to) {
                    Some(who) if who.contains(&role) => {
                        let id = order_in(&app, &f, from).await;
                        let done = set(&app, token(&f, role), id, to).await.ok();
                        assert_eq!(done["state"], to, "{from}->{to} by {role:?}");
                        let info = app
                            .api_work_info(&json!({"id": id}), Some(&f.t.a.member))
                            .await
                            .ok();
                        match to {
                            102 => assert!(info["resolvedAt"].is_string()),
                            103 => assert!(info["cancelledAt"].is_string()),
                            104 => assert!(info["closedAt"].is_string()),
                            _ => {
                                assert!(info["firstResponseAt"].is_string());
                                assert!(info["resolvedAt"].is_null(), "reopening clears it");
                            }
                        }
                        let log = app
                            .api_work_up_log(
                                &json!({"orderId": id, "kind": 1, "pageSize": 50}),
                                Some(&f.t.a.member),
                            )
                            .await
                            .ok();
                        let last = rows(&log).last().cloned().unwrap();
                        assert_eq!(
                            (last["fromState"].clone(), last["toState"].clone()),
                            (json!(from), json!(to))
                        );
                        assert_eq!(last["content"], format!("to {to}"));
                    }
                    Some(_) => {
                        let msg = set(&app, token(&f, role), shared, to).await.code(7);
                        assert!(!msg.is_empty(), "{from}->{to} by {role:?} refused by role");
                    }
                    None => {
                        let msg = set(&app, token(&f, role), shared, to).await.code(7);
                        assert!(
                            msg.contains(&format!("{from}")) && msg.contains(&format!("{to}")),
                            "{from}->{to}: {msg}"
                        );
                    }
                }
            }
        }
        assert!(
            set(&app, &f.t.a.admin, shared, 999)
                .await
                .code(7)
                .contains("999")
        );
        let info = app
            .api_work_info(&json!({"id": shared}), Some(&f.t.a.admin))
            .await
            .ok();
        assert_eq!(info["state"], from, "refusals change nothing");
    }
}

#[tokio::test]
async fn refusals_name_both_states_in_both_languages_and_change_nothing() {
    let app = spawn_app().await;
    let f = fleet(&app).await;
    let id = order_in(&app, &f, 104).await;
    let pending = order_in(&app, &f, 100).await;
    let before = fingerprint(&app.state.db).await;
    let zh = set(&app, &f.t.a.admin, id, 101).await.code(7);
    assert!(
        zh.contains("已关闭") && zh.contains("处理中") && zh.contains("104"),
        "{zh}"
    );
    let en = app
        .call(
            "POST",
            "/api/work/setState",
            &json!({"id": id, "state": 101}),
            Some(&f.t.a.admin),
            &[("accept-language", "en")],
        )
        .await
        .code(7);
    assert!(
        en.contains("from closed (104) to in progress (101)"),
        "{en}"
    );
    let by_role = app
        .call(
            "POST",
            "/api/work/setState",
            &json!({"id": pending, "state": 101}),
            Some(&f.other),
            &[("accept-language", "en")],
        )
        .await
        .code(7);
    assert!(by_role.contains("assignee"), "{by_role}");
    // Wrong types and missing fields name the field.
    let msg = app
        .api_work_set_state(&json!({"id": id}), Some(&f.t.a.admin))
        .await
        .code(7);
    assert!(msg.contains("state"), "{msg}");
    let msg = app
        .api_work_set_state(&json!({"id": "x", "state": 101}), Some(&f.t.a.admin))
        .await
        .code(7);
    assert!(msg.contains("id"), "{msg}");
    assert_eq!(before, fingerprint(&app.state.db).await);
}

#[tokio::test]
async fn immediately_processing_and_state_counts() {
    let app = spawn_app().await;
    let f = fleet(&app).await;
    let assigned = order_in(&app, &f, 100).await;
    let unassigned = open(&app, &f.t.a.member, f.a2, None).await["id"]
        .as_i64()
        .unwrap();

    // Waiting on the technician: the assigned pending order.
    let waiting = |token: &str| {
        let app = &app;
        let token = token.to_owned();
        async move { app.api_work_processing(&json!({}), Some(&token)).await.ok() }
    };
    assert_eq!(waiting(&f.tech).await["total"], 1);
    assert_eq!(waiting(&f.t.a.member).await["total"], 0);

    // Only the assignee starts an assigned order now; an unassigned one is taken.
    let before = fingerprint(&app.state.db).await;
    app.api_work_immediately(&json!({"id": assigned}), Some(&f.other))
        .await
        .code(7);
    app.api_work_immediately(&json!({"id": 987_654}), Some(&f.tech))
        .await
        .code(7);
    assert_eq!(before, fingerprint(&app.state.db).await);
    let started = app
        .api_work_immediately(&json!({"id": assigned}), Some(&f.tech))
        .await
        .ok();
    assert_eq!(started["state"], 101);
    app.api_work_immediately(&json!({"id": assigned}), Some(&f.tech))
        .await
        .code(7);
    let taken = app
        .api_work_immediately(&json!({"id": unassigned}), Some(&f.other))
        .await
        .ok();
    assert_eq!(taken["assigneeId"], f.other_id);
    assert_eq!(taken["state"], 101);

    // Resolved: waiting on the requester to close it.
    set(&app, &f.tech, assigned, 102).await.ok();
    assert_eq!(waiting(&f.tech).await["total"], 0);
    assert_eq!(waiting(&f.t.a.member).await["total"], 1);

    let counts: Vec<Value> = app
        .api_work_state_list(&json!({}), Some(&f.t.a.admin))
        .await
        .ok()
        .as_array()
        .unwrap()
        .clone();
    let count = |s: i64| counts.iter().find(|c| c["state"] == s).unwrap()["count"].clone();
    assert_eq!(
        (count(100), count(101), count(102)),
        (json!(0), json!(1), json!(1))
    );
    assert_eq!(counts[0]["en"], "pending");
    assert_eq!(counts[0]["zh"], "待处理");
    let theirs = app
        .api_work_state_list(&json!({}), Some(&f.t.b.admin))
        .await
        .ok();
    assert!(theirs.as_array().unwrap().iter().all(|c| c["count"] == 0));
}
