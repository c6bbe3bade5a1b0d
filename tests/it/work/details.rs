//! Inside an order: the timeline (notes, dispose records), tasks, people, files and cover,
//! shipping, alarms, location, labels, declaration, and the repair record.

use super::{fleet, open};
use reqwest::multipart::{Form, Part};
use wheelend_tests::tenants::rows;
use wheelend_tests::{fingerprint, json, spawn_app};

const PNG: &[u8] = b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR\0\0\0\x01\0\0\0\x01\x08\x06\0\0\0\x1f\x15\xc4\x89\0\0\0\rIDATx\x9cc\xf8\xff\xff?\0\x05\xfe\x02\xfe\xa7\x35\x81\x84\0\0\0\0IEND\xaeB`\x82";

#[tokio::test]
async fn timeline_notes_and_dispose_records() {
    let app = spawn_app().await;
    let f = fleet(&app).await;
    let a = &f.t.a;
    let order = open(&app, &a.member, f.a1, Some(f.tech_id)).await;
    let id = order["id"].as_i64().unwrap();

    let note = app
        .api_work_save_log(
            &json!({"orderId": id, "content": "Checked the valve", "images": ["/uploads/a.png"]}),
            Some(&f.tech),
        )
        .await
        .ok();
    assert_eq!(note["kind"], 2);
    assert_eq!(note["userName"], "zza_tech");
    let info = app
        .api_work_info(&json!({"id": id}), Some(&a.member))
        .await
        .ok();
    assert!(
        info["firstResponseAt"].is_string(),
        "the technician's note is the first response"
    );

    // Dispose records: only in progress or resolved, checked against the dispose form.
    let before = fingerprint(&app.state.db).await;
    let msg = app
        .api_work_dispose_log(
            &json!({"orderId": id, "data": {"result": "fixed"}}),
            Some(&f.tech),
        )
        .await
        .code(7);
    assert!(msg.contains("待处理"), "{msg}");
    assert_eq!(before, fingerprint(&app.state.db).await);
    app.api_work_immediately(&json!({"id": id}), Some(&f.tech))
        .await
        .ok();
    let before_dispose = fingerprint(&app.state.db).await;
    let msg = app
        .api_work_dispose_log(&json!({"orderId": id, "data": {}}), Some(&f.tech))
        .await
        .code(7);
    assert!(msg.contains("data.result"), "{msg}");
    assert_eq!(before_dispose, fingerprint(&app.state.db).await);
    let dispose = app
        .api_work_dispose_log(
            &json!({"orderId": id, "content": "Valve core replaced", "data": {"result": "fixed"}}),
            Some(&f.tech),
        )
        .await
        .ok();
    assert_eq!(dispose["kind"], 3);
    assert_eq!(dispose["data"]["result"], "fixed");

    // Bad notes; edits by the author or an administrator; history stays.
    let before = fingerprint(&app.state.db).await;
    for (field, body) in [
        ("content", json!({"orderId": id, "content": " "})),
        (
            "images",
            json!({"orderId": id, "content": "x", "images": vec!["/a.png"; 21]}),
        ),
        ("orderId", json!({"content": "x"})),
    ] {
        let msg = app.api_work_save_log(&body, Some(&f.tech)).await.code(7);
        assert!(msg.contains(field), "{field}: {msg}");
    }
    let nid = note["id"].as_i64().unwrap();
    app.api_work_update_log(&json!({"id": nid, "content": "Not mine"}), Some(&f.other))
        .await
        .code(7);
    app.api_work_del_log(&json!({"id": nid}), Some(&f.other))
        .await
        .code(7);
    let timeline = app
        .api_work_up_log(&json!({"orderId": id, "pageSize": 50}), Some(&a.member))
        .await
        .ok();
    let state_entry = rows(&timeline).iter().find(|l| l["kind"] == 1).unwrap()["id"].clone();
    app.api_work_del_log(&json!({"id": state_entry}), Some(&a.admin))
        .await
        .code(7);
    app.api_work_del_log(&json!({"id": 987_654}), Some(&a.admin))
        .await
        .code(7);
    app.api_work_del_log(&json!({"id": nid}), Some(&f.t.b.admin))
        .await
        .code(7);
    assert_eq!(before, fingerprint(&app.state.db).await);
    let edited = app
        .api_work_update_log(
            &json!({"id": nid, "content": "Checked the valve twice", "images": []}),
            Some(&f.tech),
        )
        .await
        .ok();
    assert_eq!(edited["content"], "Checked the valve twice");
    app.api_work_del_log(&json!({"id": dispose["id"]}), Some(&a.admin))
        .await
        .ok();
    let timeline = app
        .api_work_up_log(&json!({"orderId": id, "pageSize": 50}), Some(&a.member))
        .await
        .ok();
    let kinds: Vec<i64> = rows(&timeline)
        .iter()
        .map(|l| l["kind"].as_i64().unwrap())
        .collect();
    assert_eq!(kinds, vec![1, 2, 1], "opened, the note, started");
}

#[tokio::test]
async fn tasks_inside_an_order() {
    let app = spawn_app().await;
    let f = fleet(&app).await;
    let a = &f.t.a;
    let id = open(&app, &a.member, f.a1, Some(f.tech_id)).await["id"]
        .as_i64()
        .unwrap();
    let task = app
        .api_work_save_task(&json!({"orderId": id, "title": "Order valve cores", "assigneeId": f.tech_id, "dueAt": "2020-01-01T00:00:00Z"}), Some(&a.member))
        .await
        .ok();
    let tid = task["id"].as_i64().unwrap();
    assert_eq!(task["assigneeName"], "zza_tech");
    app.api_work_save_task(
        &json!({"orderId": id, "title": "Book the bay"}),
        Some(&a.member),
    )
    .await
    .ok();
    assert_eq!(
        app.api_work_task_list(&json!({"orderId": id}), Some(&a.member))
            .await
            .ok()["total"],
        2
    );
    let overdue = app
        .api_work_task_search(&json!({"overdue": true}), Some(&a.member))
        .await
        .ok();
    assert_eq!(overdue["total"], 1);
    assert_eq!(
        app.api_work_task_search(&json!({"mine": true}), Some(&f.tech))
            .await
            .ok()["total"],
        1
    );
    assert_eq!(
        app.api_work_task_search(&json!({"keyword": "bay"}), Some(&a.member))
            .await
            .ok()["total"],
        1
    );
    assert_eq!(
        app.api_work_task_search(&json!({}), Some(&f.t.b.admin))
            .await
            .ok()["total"],
        0
    );

    let before = fingerprint(&app.state.db).await;
    for (field, answer) in [
        (
            "title",
            app.api_work_save_task(&json!({"orderId": id, "title": ""}), Some(&a.member))
                .await,
        ),
        (
            "assigneeId",
            app.api_work_save_task(
                &json!({"orderId": id, "title": "x", "assigneeId": f.t.b.admin_id}),
                Some(&a.member),
            )
            .await,
        ),
        (
            "dueAt",
            app.api_work_save_task(
                &json!({"orderId": id, "title": "x", "dueAt": "soon"}),
                Some(&a.member),
            )
            .await,
        ),
        (
            "987654",
            app.api_work_save_task(&json!({"orderId": 987_654, "title": "x"}), Some(&a.member))
                .await,
        ),
        (
            "title",
            app.api_work_update_task(&json!({"id": tid, "title": " "}), Some(&a.member))
                .await,
        ),
        (
            "987654",
            app.api_work_update_task(&json!({"id": 987_654, "done": true}), Some(&a.member))
                .await,
        ),
        (
            "987654",
            app.api_work_del_task(&json!({"id": 987_654}), Some(&a.member))
                .await,
        ),
    ] {
        let msg = answer.code(7);
        assert!(msg.contains(field), "{field}: {msg}");
    }
    app.api_work_update_task(&json!({"id": tid, "done": true}), Some(&f.t.b.admin))
        .await
        .code(7);
    app.api_work_save_task(&json!({"orderId": id, "title": "x"}), Some(&f.t.b.admin))
        .await
        .code(7);
    assert_eq!(before, fingerprint(&app.state.db).await);

    let done = app
        .api_work_update_task(&json!({"id": tid, "done": true}), Some(&f.tech))
        .await
        .ok();
    assert_eq!(done["done"], true);
    assert!(done["doneAt"].is_string());
    assert_eq!(
        app.api_work_task_search(&json!({"done": false}), Some(&a.member))
            .await
            .ok()["total"],
        1
    );
    app.api_work_del_task(&json!({"id": tid}), Some(&a.member))
        .await
        .ok();
    // A cancelled order's tasks no longer change.
    let other_task = rows(
        &app.api_work_task_list(&json!({"orderId": id}), Some(&a.member))
            .await
            .ok(),
    )[0]["id"]
        .clone();
    app.api_work_set_state(&json!({"id": id, "state": 103}), Some(&a.member))
        .await
        .ok();
    app.api_work_update_task(&json!({"id": other_task, "done": true}), Some(&a.member))
        .await
        .code(7);
    app.api_work_save_task(&json!({"orderId": id, "title": "late"}), Some(&a.member))
        .await
        .code(7);
}

#[tokio::test]
async fn people_files_shipping_and_links() {
    let app = spawn_app().await;
    let f = fleet(&app).await;
    let (a, b) = (&f.t.a, &f.t.b);
    let order = open(&app, &a.member, f.a1, None).await;
    let id = order["id"].as_i64().unwrap();

    // People.
    let found = app
        .api_work_user_search(&json!({"keyword": "zza_"}), Some(&a.member))
        .await
        .ok();
    assert!(rows(&found).iter().any(|u| u["id"] == f.tech_id));
    assert!(
        rows(
            &app.api_work_user_search(&json!({"pageSize": 500}), Some(&a.member))
                .await
                .ok()
        )
        .iter()
        .all(|u| u["username"].as_str().unwrap_or_default() != "zzb_admin")
    );
    app.api_work_user_search(&json!({"entId": b.root}), Some(&a.member))
        .await
        .code(7);
    let assigned = app
        .api_work_allocation(&json!({"id": id, "assigneeId": f.tech_id}), Some(&a.member))
        .await
        .ok();
    assert_eq!(assigned["assigneeId"], f.tech_id);
    app.api_work_allocation(&json!({"id": id, "assigneeId": f.tech_id}), Some(&f.other))
        .await
        .code(7);
    app.api_work_allocation(
        &json!({"id": id, "assigneeId": b.member_id}),
        Some(&a.member),
    )
    .await
    .code(7);
    let people = app
        .api_work_participant(&json!({"id": id, "userIds": [f.other_id]}), Some(&a.member))
        .await
        .ok();
    assert_eq!(people[0]["id"], f.other_id);
    assert_eq!(
        app.api_work_participant(&json!({"id": id}), Some(&f.other))
            .await
            .ok()[0]["id"],
        f.other_id
    );
    app.api_work_participant(&json!({"id": id, "userIds": [b.admin_id]}), Some(&a.member))
        .await
        .code(7);
    let related = app
        .api_work_related_users(&json!({"id": id}), Some(&a.member))
        .await
        .ok();
    let roles = |uid: i64| {
        related
            .as_array()
            .unwrap()
            .iter()
            .find(|p| p["id"] == uid)
            .unwrap()["roles"]
            .clone()
    };
    assert_eq!(roles(a.member_id), json!(["requester"]));
    assert_eq!(roles(f.tech_id), json!(["assignee"]));
    assert_eq!(roles(f.other_id), json!(["participant"]));

    // Files and cover: uploaded by the caller.
    let upload = |token: &str| {
        let form = Form::new().part("file", Part::bytes(PNG.to_vec()).file_name("tyre.png"));
        app.send(
            app.client
                .post(app.url("/api/web/tool/aliyun/uploading"))
                .header("x-token", token)
                .multipart(form),
        )
    };
    let fid = upload(&a.admin).await.ok()["ID"].as_i64().unwrap();
    let before = fingerprint(&app.state.db).await;
    app.api_work_set_file_list(&json!({"id": id, "fileIds": [fid]}), Some(&f.tech))
        .await
        .code(7);
    app.api_work_set_file_list(&json!({"id": id, "fileIds": []}), Some(&a.member))
        .await
        .code(7);
    app.api_work_save_cover_url(&json!({"id": id}), Some(&a.member))
        .await
        .code(7);
    app.api_work_set_express(&json!({"id": id, "carrier": "SF"}), Some(&a.member))
        .await
        .code(7);
    assert_eq!(before, fingerprint(&app.state.db).await);
    let files = app
        .api_work_set_file_list(&json!({"id": id, "fileIds": [fid, fid]}), Some(&a.admin))
        .await
        .ok();
    assert_eq!(files.as_array().unwrap().len(), 1);
    assert_eq!(
        app.api_work_file_list(&json!({"id": id}), Some(&f.other))
            .await
            .ok()[0]["name"],
        "tyre.png"
    );
    let cover = app
        .api_work_save_cover_url(&json!({"id": id, "fileId": fid}), Some(&a.admin))
        .await
        .ok();
    assert!(cover["coverUrl"].as_str().unwrap().ends_with(".png"));
    assert_eq!(
        app.api_work_cover_url(&json!({"id": id}), Some(&a.member))
            .await
            .ok(),
        cover
    );
    app.api_work_del_file(&json!({"id": id, "fileId": 987_654}), Some(&a.member))
        .await
        .code(7);
    assert_eq!(
        app.api_work_del_file(&json!({"id": id, "fileId": fid}), Some(&a.member))
            .await
            .ok(),
        json!([])
    );

    // Shipping, location, labels, declaration.
    let ship = app
        .api_work_set_express(
            &json!({"id": id, "carrier": "SF Express", "trackingNo": "SF123"}),
            Some(&a.member),
        )
        .await
        .ok();
    assert!(ship["shippedAt"].is_string());
    let info = app
        .api_work_info(&json!({"id": id}), Some(&a.member))
        .await
        .ok();
    assert_eq!(
        (info["carrier"].clone(), info["trackingNo"].clone()),
        (json!("SF Express"), json!("SF123"))
    );
    let loc = app
        .api_work_location(
            &json!({"id": id, "lat": 22.5, "lng": 114.1, "address": "Shenzhen yard"}),
            Some(&a.member),
        )
        .await
        .ok();
    assert_eq!(loc["lon"], 114.1);
    assert_eq!(
        app.api_work_location(&json!({"id": id}), Some(&f.other))
            .await
            .ok()["address"],
        "Shenzhen yard"
    );
    app.api_work_location(
        &json!({"id": id, "lat": 100.0, "lon": 1.0}),
        Some(&a.member),
    )
    .await
    .code(7);
    assert_eq!(
        app.api_work_label(
            &json!({"id": id, "labels": ["tyres", "vip"]}),
            Some(&a.member)
        )
        .await
        .ok(),
        json!(["tyres", "vip"])
    );
    assert_eq!(
        app.api_work_label(&json!({}), Some(&a.member)).await.ok(),
        json!(["tyres", "vip"])
    );
    assert_eq!(
        app.api_work_label(&json!({}), Some(&b.member)).await.ok(),
        json!([])
    );
    app.api_work_label(&json!({"labels": ["x"]}), Some(&a.member))
        .await
        .code(7);
    let d = app
        .api_work_declaration(&json!({"id": id, "declaration": {"declarant": "Customer Wu", "content": "Vibration at 80 km/h"}}), Some(&a.member))
        .await
        .ok();
    assert!(d["declaredAt"].is_string());
    assert_eq!(
        app.api_work_declaration(&json!({"id": id}), Some(&a.member))
            .await
            .ok()["declarant"],
        "Customer Wu"
    );
    app.api_work_declaration(
        &json!({"id": id, "declaration": {"content": ""}}),
        Some(&a.member),
    )
    .await
    .code(7);

    // Alarms: only those on vehicles the caller sees.
    app.api_work_abnormal_association(&json!({"id": id, "alarmIds": [987_654]}), Some(&a.member))
        .await
        .code(7);
    app.api_work_abnormal_association(&json!({"id": id, "alarmIds": []}), Some(&a.member))
        .await
        .code(7);
    assert_eq!(
        app.api_work_abnormal_association(&json!({"id": id}), Some(&a.member))
            .await
            .ok(),
        json!([])
    );
    app.api_work_abnormal_association(&json!({"id": id}), Some(&b.admin))
        .await
        .code(7);
}

/// The map's after-service export: resolved orders by the day they were resolved, each row
/// with its repair record in one line.
#[tokio::test]
async fn after_service_rows_carry_the_repair_and_filter_by_resolution_day() {
    let app = spawn_app().await;
    let f = fleet(&app).await;
    let a = &f.t.a;
    let fixed = open(&app, &a.member, f.a1, Some(f.tech_id)).await["id"]
        .as_i64()
        .unwrap();
    let open_still = open(&app, &a.member, f.a1, Some(f.tech_id)).await["id"]
        .as_i64()
        .unwrap();
    app.api_work_maintain(
        &json!({"id": fixed, "summary": "Replaced the steer tyre",
                "wheels": [{"position": "1-1", "action": "replace", "tyreSerial": "T-0042"},
                           {"position": "2-4", "action": "inspect"}]}),
        Some(&f.tech),
    )
    .await
    .ok();
    for state in [101, 102] {
        app.api_work_set_state(&json!({"id": fixed, "state": state}), Some(&f.tech))
            .await
            .ok();
    }
    let today = chrono::Utc::now().date_naive();
    let resolved = |from: chrono::NaiveDate, to: chrono::NaiveDate| {
        json!({"states": [102, 104], "resolvedFrom": from.to_string(),
               "resolvedTo": to.to_string(), "pageSize": 50})
    };
    let found = app
        .api_work_list(&resolved(today, today), Some(&a.admin))
        .await
        .ok();
    let ids: Vec<i64> = rows(&found)
        .iter()
        .map(|r| r["id"].as_i64().unwrap())
        .collect();
    assert_eq!(ids, [fixed], "only the resolved order: {found}");
    // the wheels named as people say them, by the vehicle's axles (2,4), in the request's language
    assert_eq!(
        rows(&found)[0]["repairSummary"],
        "Replaced the steer tyre; 第1轴左轮 replace T-0042; 第2轴右外 inspect"
    );
    let in_english = app
        .post(
            "/api/work/list?lang=en",
            &resolved(today, today),
            Some(&a.admin),
        )
        .await
        .ok();
    assert_eq!(
        rows(&in_english)[0]["repairSummary"],
        "Replaced the steer tyre; Axle 1, left replace T-0042; Axle 2, right outer inspect"
    );
    let yesterday = today.pred_opt().unwrap();
    let none = app
        .api_work_list(&resolved(yesterday, yesterday), Some(&a.admin))
        .await
        .ok();
    assert_eq!(none["total"], 0);
    let unrepaired = app
        .api_work_info(&json!({"id": open_still}), Some(&a.admin))
        .await
        .ok();
    assert_eq!(unrepaired["state"], 100);
    let all = app
        .api_work_list(&json!({"pageSize": 50}), Some(&a.admin))
        .await
        .ok();
    let row = rows(&all)
        .iter()
        .find(|r| r["id"] == open_still)
        .cloned()
        .unwrap();
    assert_eq!(row["repairSummary"], "");
    for field in ["resolvedFrom", "resolvedTo"] {
        let msg = app
            .api_work_list(&json!({field: "27/11/2026"}), Some(&a.admin))
            .await
            .code(7);
        assert!(msg.contains(field), "{field}: {msg}");
    }
}

#[tokio::test]
async fn the_repair_record_makes_the_cost() {
    let app = spawn_app().await;
    let f = fleet(&app).await;
    let a = &f.t.a;
    let id = open(&app, &a.member, f.a1, Some(f.tech_id)).await["id"]
        .as_i64()
        .unwrap();
    let empty = app
        .api_work_repair_info(&json!({"id": id}), Some(&a.member))
        .await
        .ok();
    assert_eq!(empty["total"], 0.0);
    let record = app
        .api_work_maintain(
            &json!({"id": id, "summary": "Replaced the steer tyre",
                    "wheels": [{"position": "1-1", "action": "replace", "tyreSerial": "T-0042"}],
                    "lines": [{"kind": "part", "name": "295/80R22.5", "position": "1-1", "quantity": 1, "unitPrice": 1850.5},
                              {"kind": "part", "name": "Valve core", "quantity": 2, "unitPrice": 4.25},
                              {"kind": "labour", "name": "Fitting", "hours": 1.5, "unitPrice": 120}]}),
            Some(&f.tech),
        )
        .await
        .ok();
    assert_eq!(record["partsCost"], 1859.0);
    assert_eq!(record["labourHours"], 1.5);
    assert_eq!(record["labourCost"], 180.0);
    assert_eq!(record["total"], 2039.0);
    let info = app
        .api_work_info(&json!({"id": id}), Some(&a.member))
        .await
        .ok();
    assert_eq!(info["cost"], 2039.0);
    let read = app
        .api_work_repair_info(&json!({"id": id}), Some(&a.member))
        .await
        .ok();
    assert_eq!(read["wheels"][0]["tyreSerial"], "T-0042");
    assert_eq!(read["lines"].as_array().unwrap().len(), 3);

    let before = fingerprint(&app.state.db).await;
    for (field, body) in [
        (
            "lines[0].unitPrice",
            json!({"id": id, "lines": [{"kind": "part", "name": "x", "quantity": 1, "unitPrice": -1}]}),
        ),
        (
            "lines[0].name",
            json!({"id": id, "lines": [{"kind": "part", "name": ""}]}),
        ),
        (
            "kind",
            json!({"id": id, "lines": [{"kind": "gift", "name": "x"}]}),
        ),
        (
            "wheels[0].action",
            json!({"id": id, "wheels": [{"position": "1-1"}]}),
        ),
    ] {
        let msg = app.api_work_maintain(&body, Some(&f.tech)).await.code(7);
        assert!(msg.contains(field), "{field}: {msg}");
    }
    app.api_work_maintain(&json!({"id": id}), Some(&f.t.b.admin))
        .await
        .code(7);
    app.api_work_repair_info(&json!({"id": id}), Some(&f.t.b.admin))
        .await
        .code(7);
    assert_eq!(before, fingerprint(&app.state.db).await);
    let cleared = app
        .api_work_maintain(
            &json!({"id": id, "summary": "Nothing charged"}),
            Some(&f.tech),
        )
        .await
        .ok();
    assert_eq!(cleared["total"], 0.0);
}
