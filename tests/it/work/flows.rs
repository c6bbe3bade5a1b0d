//! Work-order flows: saving, listing, copying and deleting flows (the built-in one untouchable),
//! their nodes and branches (work settings), order types following a flow, and orders moving on
//! it (required fields and functions named, branches, state transitions with their who-may
//! rules, step display states by caller), across enterprises.

use super::{Fleet, fleet, open};
use serde_json::Value;
use wheelend_tests::tenants::{mentions, rows};
use wheelend_tests::{TestApp, json, spawn_app};

/// Nodes of the test flow: report (100), inspect (101, needs a note and a part line), fix
/// (101), resolved (102, the requester closes from it), closed (104).
fn nodes() -> Value {
    json!([
        {"name": "Report", "state": 100, "assignee": "assignee",
         "fields": [{"key": "cause", "label": "Cause", "kind": "text", "required": true}]},
        {"name": "Inspect", "state": 101, "assignee": "assignee",
         "functions": ["photo"], "required": ["discussion", "parts"],
         "fields": [{"key": "severity", "label": "Severity", "kind": "select", "options": ["minor", "major"]}]},
        {"name": "Fix", "state": 101, "assignee": "assignee"},
        {"name": "Resolved", "state": 102, "assignee": "requester"},
        {"name": "Closed", "state": 104, "assignee": "requester"},
    ])
}

fn ids(flow: &Value) -> Vec<i64> {
    flow["nodes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|n| n["id"].as_i64().unwrap())
        .collect()
}

/// A's flow with its nodes, a branch (inspect → resolved when the severity is minor), and an
/// order type following it. Answers (flow, node ids, type id).
async fn flow_and_type(app: &TestApp, f: &Fleet) -> (Value, Vec<i64>, i64) {
    let flow = app
        .api_work_flow_save(
            &json!({"name": "Tyre repair ZZA", "description": "Inspect then fix", "nodes": nodes()}),
            Some(&f.t.a.admin),
        )
        .await
        .ok();
    let n = ids(&flow);
    let branches = app
        .api_work_setting_condition(
            &json!({"nodeId": n[1], "conditions": [{"field": "severity", "op": "eq", "value": "minor", "nextNodeId": n[3]}]}),
            Some(&f.t.a.admin),
        )
        .await
        .ok();
    assert_eq!(branches[0]["id"], 1);
    let t = app
        .api_work_order_type_save(
            &json!({"name": "Flowed repair", "flowId": flow["id"]}),
            Some(&f.t.a.admin),
        )
        .await
        .ok();
    assert_eq!(t["flowId"], flow["id"]);
    (flow, n, t["id"].as_i64().unwrap())
}

async fn open_typed(app: &TestApp, f: &Fleet, type_id: i64) -> Value {
    app.api_work_save(
        &json!({"typeId": type_id, "title": "Flowed order", "assigneeId": f.tech_id,
                "vehicles": [{"vehicleId": f.a1, "positions": ["1-1"]}]}),
        Some(&f.t.a.member),
    )
    .await
    .ok()
}

fn displays(steps: &Value) -> Vec<String> {
    steps
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["display"].as_str().unwrap().to_owned())
        .collect()
}

async fn info(app: &TestApp, token: &str, id: i64) -> Value {
    app.api_work_info(&json!({"id": id}), Some(token))
        .await
        .ok()
}

#[tokio::test]
async fn flows_are_saved_checked_copied_and_deleted_per_enterprise() {
    let app = spawn_app().await;
    let f = fleet(&app).await;
    let admin = &f.t.a.admin;
    // The built-in flow is answered first.
    let list = app.api_work_flow_list(&json!({}), Some(admin)).await.ok();
    assert_eq!(list["list"][0]["id"], -1);
    assert_eq!(list["list"][0]["nodeCount"], 4);
    let builtin = app
        .api_work_setting_list(&json!({"flowId": -1}), Some(admin))
        .await
        .ok();
    let states: Vec<i64> = rows(&builtin)
        .iter()
        .map(|n| n["state"].as_i64().unwrap())
        .collect();
    assert_eq!(states, [100, 101, 102, 104]);

    // Bad flows, each named.
    let bad = |nodes: Value| json!({"name": "Bad", "nodes": nodes});
    for (body, field) in [
        (bad(json!([{"name": "Only", "state": 100}])), "nodes"),
        (
            bad(json!([{"name": "A", "state": 101}, {"name": "B", "state": 104}])),
            "nodes[0].state",
        ),
        (
            bad(json!([{"name": "A", "state": 100}, {"name": "B", "state": 102}])),
            "nodes[1].state",
        ),
        (
            bad(
                json!([{"name": "A", "state": 100}, {"name": "B", "state": 101}, {"name": "C", "state": 101}]),
            ),
            "nodes[2].state",
        ),
        (
            bad(
                json!([{"name": "A", "state": 100, "functions": ["juggle"]}, {"name": "B", "state": 101}, {"name": "C", "state": 102}, {"name": "D", "state": 104}]),
            ),
            "nodes[0].functions[0]",
        ),
        (
            bad(
                json!([{"name": "A", "state": 100, "assignee": "boss"}, {"name": "B", "state": 101}, {"name": "C", "state": 102}, {"name": "D", "state": 104}]),
            ),
            "nodes[0].assignee",
        ),
        (json!({"name": "", "nodes": nodes()}), "name"),
    ] {
        let answer = app.api_work_flow_save(&body, Some(admin)).await;
        let msg = answer.code(7);
        assert!(msg.contains(field), "{field}: {msg}");
    }
    let list = app.api_work_flow_list(&json!({}), Some(admin)).await.ok();
    assert_eq!(list["total"], 1, "nothing half-written");

    let (flow, n, type_id) = flow_and_type(&app, &f).await;
    assert_eq!(n.len(), 5);
    let listed = app
        .api_work_flow_list(&json!({"typeId": type_id}), Some(admin))
        .await
        .ok();
    assert_eq!(listed["total"], 1);
    assert_eq!(listed["list"][0]["id"], flow["id"]);
    assert_eq!(listed["list"][0]["nodeCount"], 5);
    assert_eq!(listed["list"][0]["typeIds"], json!([type_id]));

    // The built-in flow cannot be changed or deleted, only copied.
    let msg = app
        .api_work_flow_save(
            &json!({"id": -1, "name": "Mine", "nodes": nodes()}),
            Some(admin),
        )
        .await
        .code(7);
    assert!(msg.contains("-1"), "{msg}");
    app.api_work_del_flow(&json!({"ids": [-1]}), Some(admin))
        .await
        .code(7);
    app.api_work_setting_update_node(&json!({"id": -100, "name": "X"}), Some(admin))
        .await
        .code(7);
    let copy = app
        .api_work_copy_flow(&json!({"id": -1}), Some(admin))
        .await
        .ok();
    assert!(
        copy["name"].as_str().unwrap().ends_with("（副本）"),
        "{copy}"
    );
    assert_eq!(ids(&copy).len(), 4);
    assert!(ids(&copy).iter().all(|i| *i > 0));

    // A copy of the own flow keeps its branch, pointing at the copied nodes.
    let copy2 = app
        .api_work_copy_flow(
            &json!({"id": flow["id"], "name": "Second ZZA"}),
            Some(admin),
        )
        .await
        .ok();
    let c = ids(&copy2);
    assert_eq!(copy2["nodes"][1]["conditions"][0]["nextNodeId"], c[3]);

    // Work settings: nodes, one node, functions, node changes, branches.
    let funs = app
        .api_work_setting_fun_search(&json!({}), Some(admin))
        .await
        .ok();
    assert_eq!(rows(&funs).len(), 10);
    let parts = app
        .api_work_setting_fun_search(&json!({"keyword": "part"}), Some(admin))
        .await
        .ok();
    assert_eq!(parts[0]["key"], "parts");
    assert_eq!(parts[0]["subPage"], true);
    let node = app
        .api_work_setting_detail(&json!({"id": n[1]}), Some(admin))
        .await
        .ok();
    let items: Vec<(String, String)> = rows(&node["items"])
        .iter()
        .map(|i| {
            (
                i["key"].as_str().unwrap().to_owned(),
                i["display"].as_str().unwrap().to_owned(),
            )
        })
        .collect();
    assert!(
        items.contains(&("severity".into(), "optional".into())),
        "{items:?}"
    );
    assert!(
        items.contains(&("discussion".into(), "required".into())),
        "{items:?}"
    );
    assert!(
        items.contains(&("parts".into(), "subPage".into())),
        "{items:?}"
    );
    assert!(
        items.contains(&("photo".into(), "optional".into())),
        "{items:?}"
    );
    let msg = app
        .api_work_setting_update_node(&json!({"id": n[2], "state": 104}), Some(admin))
        .await
        .code(7);
    assert!(msg.contains("state"), "{msg}");
    let renamed = app
        .api_work_setting_update_node(&json!({"id": n[2], "name": "Fix it"}), Some(admin))
        .await
        .ok();
    assert_eq!(renamed["name"], "Fix it");
    assert_eq!(renamed["state"], 101);
    let msg = app
        .api_work_setting_condition(
            &json!({"nodeId": n[2], "conditions": [{"field": "x", "op": "eq", "value": 1, "nextNodeId": n[0]}]}),
            Some(admin),
        )
        .await
        .code(7);
    assert!(msg.contains("nextNodeId"), "{msg}");
    let msg = app
        .api_work_setting_condition(
            &json!({"nodeId": n[2], "conditions": [{"field": "x", "op": "like", "nextNodeId": n[3]}]}),
            Some(admin),
        )
        .await
        .code(7);
    assert!(msg.contains("op"), "{msg}");
    app.api_work_setting_del_choose(
        &json!({"nodeId": copy2["nodes"][1]["id"], "conditionId": 99}),
        Some(admin),
    )
    .await
    .code(7);
    let rest = app
        .api_work_setting_del_choose(
            &json!({"nodeId": copy2["nodes"][1]["id"], "conditionId": 1}),
            Some(admin),
        )
        .await
        .ok();
    assert_eq!(rest, json!([]));
    let kept = app
        .api_work_setting_condition(&json!({"nodeId": n[1]}), Some(admin))
        .await
        .ok();
    assert_eq!(kept[0]["nextNodeId"], n[3]);

    // A type names a flow of its own enterprise only.
    let msg = app
        .api_work_order_type_save(&json!({"name": "Odd", "flowId": 987_654}), Some(admin))
        .await
        .code(7);
    assert!(msg.contains("flowId"), "{msg}");

    // Deleting: refused while a type uses it (named); the unused copies go.
    let msg = app
        .api_work_del_flow(&json!({"ids": [flow["id"]]}), Some(admin))
        .await
        .code(7);
    assert!(msg.contains("Flowed repair"), "{msg}");
    let gone = app
        .api_work_del_flow(&json!({"ids": [copy["id"], copy2["id"]]}), Some(admin))
        .await
        .ok();
    assert_eq!(gone["deleted"], 2);

    // Enterprise B sees none of it and changes none of it.
    let b = &f.t.b.admin;
    let theirs = app.api_work_flow_list(&json!({}), Some(b)).await.ok();
    assert_eq!(theirs["total"], 1);
    assert!(!mentions(&theirs.to_string(), "ZZA"));
    for answer in [
        app.api_work_setting_list(&json!({"flowId": flow["id"]}), Some(b))
            .await,
        app.api_work_setting_detail(&json!({"id": n[0]}), Some(b))
            .await,
        app.api_work_copy_flow(&json!({"id": flow["id"]}), Some(b))
            .await,
        app.api_work_del_flow(&json!({"ids": [flow["id"]]}), Some(b))
            .await,
        app.api_work_flow_save(
            &json!({"id": flow["id"], "name": "Taken", "nodes": nodes()}),
            Some(b),
        )
        .await,
        app.api_work_setting_update_node(&json!({"id": n[0], "name": "Taken"}), Some(b))
            .await,
        app.api_work_setting_condition(&json!({"nodeId": n[1], "conditions": []}), Some(b))
            .await,
        app.api_work_setting_del_choose(&json!({"nodeId": n[1], "conditionId": 1}), Some(b))
            .await,
        app.api_work_order_type_save(&json!({"name": "Theirs", "flowId": flow["id"]}), Some(b))
            .await,
    ] {
        answer.code(7);
    }
    let still = app
        .api_work_setting_list(&json!({"flowId": flow["id"]}), Some(admin))
        .await
        .ok();
    assert_eq!(still[0]["name"], "Report");
    assert_eq!(still[1]["conditions"].as_array().unwrap().len(), 1);
}

#[tokio::test]
async fn orders_move_on_their_flow() {
    let app = spawn_app().await;
    let f = fleet(&app).await;
    let (flow, n, type_id) = flow_and_type(&app, &f).await;
    let order = open_typed(&app, &f, type_id).await;
    let id = order["id"].as_i64().unwrap();
    let number = order["number"].as_str().unwrap().to_owned();
    assert_eq!(order["flowId"], flow["id"]);
    assert_eq!(order["nodeId"], n[0]);

    // Display states by caller: the assignee may submit the first node, others may not.
    let as_tech = info(&app, &f.tech, id).await;
    assert_eq!(
        displays(&as_tech["steps"]),
        [
            "current",
            "selectable",
            "forbidden",
            "forbidden",
            "forbidden"
        ]
    );
    let as_requester = info(&app, &f.t.a.member, id).await;
    assert_eq!(
        displays(&as_requester["steps"]),
        [
            "current",
            "forbidden",
            "forbidden",
            "forbidden",
            "forbidden"
        ]
    );
    let node = app
        .api_work_setting_detail(&json!({"orderId": id}), Some(&f.tech))
        .await
        .ok();
    assert_eq!(node["node"]["id"], n[0]);
    assert_eq!(node["items"][0]["display"], "required");

    // Bad moves, each named; nothing changes.
    let msg = app
        .api_work_save_flow(&json!({"orderId": id, "nodeId": n[1]}), Some(&f.tech))
        .await
        .code(7);
    assert!(msg.contains("data.cause"), "{msg}");
    let msg = app
        .api_work_save_flow(
            &json!({"orderId": id, "nodeId": 99_999, "data": {"cause": "nail"}}),
            Some(&f.tech),
        )
        .await
        .code(7);
    assert!(msg.contains("nodeId") && msg.contains("99999"), "{msg}");
    let msg = app
        .api_work_save_flow(
            &json!({"orderId": id, "nodeId": n[2], "data": {"cause": "nail"}}),
            Some(&f.tech),
        )
        .await
        .code(7);
    assert!(msg.contains("nodeId"), "{msg}");
    app.api_work_save_flow(
        &json!({"orderId": id, "nodeId": n[1], "data": {"cause": "nail"}}),
        Some(&f.t.a.member),
    )
    .await
    .code(7);
    app.api_work_save_flow(
        &json!({"orderId": id, "nodeId": n[1], "data": {"cause": "nail"}}),
        Some(&f.t.b.admin),
    )
    .await
    .code(7);
    assert_eq!(info(&app, &f.tech, id).await["state"], 100);

    // Moving to a node of another state is that transition (100 → 101).
    let steps = app
        .api_work_save_flow(
            &json!({"orderId": id, "nodeId": n[1], "data": {"cause": "nail"}, "remark": "on it"}),
            Some(&f.tech),
        )
        .await
        .ok();
    assert_eq!(displays(&steps)[..2], ["completed", "current"]);
    assert_eq!(steps[0]["by"], f.tech_id);
    let now = info(&app, &f.tech, id).await;
    assert_eq!(now["state"], 101);
    assert_eq!(now["nodeId"], n[1]);
    assert!(now["firstResponseAt"].is_string());

    // Required functions missing are all named.
    let msg = app
        .api_work_save_flow(&json!({"orderId": id, "nodeId": n[2]}), Some(&f.tech))
        .await
        .code(7);
    assert!(msg.contains("discussion") && msg.contains("parts"), "{msg}");
    app.api_work_save_log(
        &json!({"orderId": id, "content": "Found a nail"}),
        Some(&f.tech),
    )
    .await
    .ok();
    let msg = app
        .api_work_save_flow(&json!({"orderId": id, "nodeId": n[2]}), Some(&f.tech))
        .await
        .code(7);
    assert!(
        msg.contains("parts") && !msg.contains("discussion"),
        "{msg}"
    );
    app.api_work_maintain(
        &json!({"id": id, "summary": "Plugged", "lines": [{"kind": "part", "name": "Plug", "quantity": 1, "unitPrice": 3}]}),
        Some(&f.tech),
    )
    .await
    .ok();
    let msg = app
        .api_work_save_flow(
            &json!({"orderId": id, "data": {"severity": "minor"}}),
            Some(&f.t.a.admin),
        )
        .await;
    // The administrator may act at any node (and close from Resolved); without a nodeId the
    // order goes where the branches send it with the step's data: minor leads to Resolved.
    let steps = msg.ok();
    assert_eq!(
        displays(&steps),
        [
            "completed",
            "completed",
            "forbidden",
            "current",
            "selectable"
        ]
    );
    assert_eq!(info(&app, &f.tech, id).await["state"], 102);
    // Resolved → Closed is the requester's (102 → 104): the assignee may not.
    let as_tech = info(&app, &f.tech, id).await;
    assert_eq!(displays(&as_tech["steps"])[4], "forbidden");
    app.api_work_save_flow(&json!({"orderId": id, "nodeId": n[4]}), Some(&f.tech))
        .await
        .code(7);
    let as_requester = info(&app, &f.t.a.member, id).await;
    assert_eq!(displays(&as_requester["steps"])[4], "selectable");
    let steps = app
        .api_work_save_flow(&json!({"orderId": id, "nodeId": n[4]}), Some(&f.t.a.member))
        .await
        .ok();
    assert_eq!(displays(&steps)[4], "current");
    let closed = info(&app, &f.t.a.member, id).await;
    assert_eq!(closed["state"], 104);
    // Each step is on the timeline as kind 5, with its nodes and values.
    let log = app
        .api_work_up_log(&json!({"orderId": id, "kind": 5}), Some(&f.tech))
        .await
        .ok();
    assert_eq!(log["total"], 3);
    assert_eq!(log["list"][0]["data"]["fromNode"], n[0]);
    assert_eq!(log["list"][0]["data"]["values"]["cause"], "nail");
    assert_eq!(log["list"][0]["data"]["labels"]["cause"], "Cause");
    assert_eq!(log["list"][1]["data"]["toNode"], n[3]);
    app.api_work_save_flow(&json!({"orderId": id, "nodeId": n[4]}), Some(&f.t.a.member))
        .await
        .code(7);

    // Editing the flow: removing the node an open order stands on is refused naming it.
    let waiting = open_typed(&app, &f, type_id).await;
    let mut changed = nodes();
    for (i, node) in changed
        .as_array_mut()
        .unwrap()
        .iter_mut()
        .enumerate()
        .skip(1)
    {
        node["id"] = json!(n[i]);
    }
    let msg = app
        .api_work_flow_save(
            &json!({"id": flow["id"], "name": "Tyre repair ZZA", "nodes": changed}),
            Some(&f.t.a.admin),
        )
        .await
        .code(7);
    assert!(msg.contains(waiting["number"].as_str().unwrap()), "{msg}");
    let kept = app
        .api_work_setting_list(&json!({"flowId": flow["id"]}), Some(&f.t.a.admin))
        .await
        .ok();
    assert_eq!(kept[0]["id"], n[0]);
    // Keeping every node (and renaming one) is fine; the branch stays when sent back.
    changed[0]["id"] = json!(n[0]);
    changed[1]["conditions"] = kept[1]["conditions"].clone();
    changed[2]["name"] = json!("Repair");
    let saved = app
        .api_work_flow_save(
            &json!({"id": flow["id"], "name": "Tyre repair ZZA", "nodes": changed}),
            Some(&f.t.a.admin),
        )
        .await
        .ok();
    assert_eq!(ids(&saved), n);
    assert_eq!(saved["nodes"][2]["name"], "Repair");
    assert_eq!(saved["nodes"][1]["conditions"][0]["nextNodeId"], n[3]);

    // Deleting: refused while an open order follows it, even once no type names it.
    app.api_work_order_type_save(
        &json!({"id": type_id, "name": "Flowed repair", "flowId": -1}),
        Some(&f.t.a.admin),
    )
    .await
    .ok();
    let msg = app
        .api_work_del_flow(&json!({"ids": [flow["id"]]}), Some(&f.t.a.admin))
        .await
        .code(7);
    assert!(msg.contains(waiting["number"].as_str().unwrap()), "{msg}");
    assert!(
        !msg.contains(&number),
        "closed orders do not hold a flow: {msg}"
    );
    // setState outside the flow moves the order to the node of its new state.
    app.api_work_set_state(
        &json!({"id": waiting["id"], "state": 103}),
        Some(&f.t.a.member),
    )
    .await
    .ok();
    let gone = app
        .api_work_del_flow(&json!({"ids": [flow["id"]]}), Some(&f.t.a.admin))
        .await
        .ok();
    assert_eq!(gone["deleted"], 1);
}

#[tokio::test]
async fn orders_without_a_flow_follow_the_built_in_one() {
    let app = spawn_app().await;
    let f = fleet(&app).await;
    let order = open(&app, &f.t.a.member, f.a1, Some(f.tech_id)).await;
    let id = order["id"].as_i64().unwrap();
    assert_eq!(order["flowId"], -1);
    assert_eq!(order["nodeId"], -100);
    let as_tech = info(&app, &f.tech, id).await;
    assert_eq!(
        displays(&as_tech["steps"]),
        ["current", "selectable", "forbidden", "forbidden"]
    );
    let as_other = info(&app, &f.other, id).await;
    assert_eq!(
        displays(&as_other["steps"]),
        ["current", "forbidden", "forbidden", "forbidden"]
    );
    app.api_work_save_flow(&json!({"orderId": id, "nodeId": -102}), Some(&f.tech))
        .await
        .code(7);
    let steps = app
        .api_work_save_flow(&json!({"orderId": id, "nodeId": -101}), Some(&f.tech))
        .await
        .ok();
    assert_eq!(
        displays(&steps),
        ["completed", "current", "selectable", "forbidden"]
    );
    // A state change by setState moves along the built-in flow too.
    app.api_work_set_state(&json!({"id": id, "state": 102}), Some(&f.tech))
        .await
        .ok();
    let now = info(&app, &f.t.a.member, id).await;
    assert_eq!(now["nodeId"], -102);
    assert_eq!(
        displays(&now["steps"]),
        ["completed", "completed", "current", "selectable"]
    );
    assert_eq!(now["steps"][1]["by"], f.tech_id);
    let detail = app
        .api_work_setting_detail(&json!({"orderId": id}), Some(&f.t.a.member))
        .await
        .ok();
    assert_eq!(detail["node"]["id"], -102);
    app.api_work_setting_detail(&json!({"orderId": id}), Some(&f.t.b.admin))
        .await
        .code(7);
    app.api_work_setting_detail(&json!({}), Some(&f.t.a.member))
        .await
        .code(7);
}
