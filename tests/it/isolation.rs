//! Tenant isolation across every area: two enterprise trees (A "ZZA" and B "ZZB", see
//! `wheelend_tests::tenants`), each with an administrator and a member. A user of tree A gets
//! none of tree B's rows from any list, and cannot read, change or delete B's rows by id (code
//! 7, database unchanged); `x-ent-id` or an `enterprise` field naming B is refused; a relation
//! opens exactly the vehicles it covers and ending it closes them; switching enterprise changes
//! what lists return. The visitor is a third tenant: it sees neither tree.
//!
//! **A new area adds its calls to [`probes`]** (lists to `lists`, calls naming one of B's rows
//! to `by_id`) and the rows it needs in tree B to [`seed_b`]; its tables go into
//! `wheelend_tests::FINGERPRINT_TABLES`. An area with its own tenant matrix lists its calls
//! there and only its lists here (for the `x-ent-id`, `enterprise` field and switching checks):
//! the vehicle area in `vehicle.rs` (`vehicle_calls_keep_tenants_apart`), the device area in
//! `device.rs` (`tree_a_never_sees_or_changes_tree_b_devices`), the fleet reports over finished
//! days in `report/rollups.rs` (`fleet_reports_read_the_roll_ups_of_the_scope`). The report
//! area's other calls are all here; its exports (no envelope when they succeed) are here as refusals only, and
//! `report::logs` checks what each tenant's export holds.

use sea_orm::EntityTrait;
use serde_json::Value;
use wheelend_tests::tenants::{self, Tenants, mentions};
use wheelend_tests::{TestApp, fingerprint, json, spawn_app};

/// A call of the matrix. For GET the body's fields go into the query string.
struct Probe {
    method: &'static str,
    path: &'static str,
    body: Value,
}

fn p(method: &'static str, path: &'static str, body: Value) -> Probe {
    Probe { method, path, body }
}

/// Ids of tree B's rows, made by [`seed_b`].
struct BRows {
    vehicle: i64,
    group: i64,
    project: i64,
    relation: i64,
    invitation: i64,
    cluster: i64,
    trusteeship: i64,
    rule: i64,
    webhook: i64,
    message: i64,
    inform: i64,
    board: i64,
    tag: i64,
    field: i64,
}

/// The matrix. `lists`: calls that list rows (run as A, they must not mention B; run as B's
/// admin they must, proving the probe reaches data). `by_id`: calls naming one of B's rows or
/// B itself (run as A they must answer code 7 and change nothing).
fn probes(t: &Tenants, b: &BRows) -> (Vec<Probe>, Vec<Probe>) {
    let (broot, bchild) = (t.b.root, t.b.child);
    let (bmember, badmin) = (t.b.member_id, t.b.admin_id);
    let now = chrono::Utc::now();
    let day = json!({"start": (now - chrono::Duration::days(1)).to_rfc3339(),
                     "end": (now + chrono::Duration::hours(1)).to_rfc3339()});
    let today = now.date_naive().to_string();
    let yesterday = (now - chrono::Duration::days(1)).date_naive().to_string();
    let lists = vec![
        // Area rule.
        p("POST", "/api/rule/list", json!({})),
        p("POST", "/api/rule/memberList", json!({"pageSize": 500})),
        p("POST", "/api/rule/push_log", json!({})),
        p("POST", "/api/settingUrl/list", json!({})),
        // Area work (orders have their own matrix in `work::orders`).
        p("POST", "/api/work/project_list", json!({"pageSize": 500})),
        p("POST", "/api/work/inform_list", json!({"pageSize": 500})),
        p("POST", "/api/work/event_list", json!({"pageSize": 500})),
        // Area session.
        p(
            "POST",
            "/api/user/getUserList_recons",
            json!({"pageSize": 500}),
        ),
        p("POST", "/api/user/member", json!({"pageSize": 500})),
        // Area enterprise.
        p("POST", "/api/web/ent/my_enterprise/toggleList", json!({})),
        p("POST", "/api/web/ent/my_enterprise/jurisInfo", json!({})),
        p("POST", "/api/web/ent/my_enterprise/entListNew", json!({})),
        p(
            "POST",
            "/api/web/ent/my_enterprise/lists",
            json!({"pageSize": 500}),
        ),
        p(
            "POST",
            "/api/web/ent/queryEnt",
            json!({"keyword": "", "limit": 100}),
        ),
        p(
            "POST",
            "/api/web/ent/userList",
            json!({"pageSize": 500, "includeChildren": true}),
        ),
        p("POST", "/api/web/ent/colonyList", json!({})),
        p("POST", "/api/web/cluster/list", json!({"pageSize": 500})),
        p("POST", "/api/web/cluster/toggle_list", json!({})),
        p("POST", "/api/web/group/groupList", json!({"pageSize": 500})),
        p(
            "POST",
            "/api/web/group/getGroupUserList",
            json!({"type": 1}),
        ),
        p(
            "POST",
            "/api/web/ent/relation_list",
            json!({"pageSize": 500}),
        ),
        p("POST", "/api/web/ent/relationByEnt", json!({})),
        p("POST", "/api/web/ent/invitations", json!({"pageSize": 500})),
        p("POST", "/api/web/ent/inviteLog", json!({"pageSize": 500})),
        p(
            "POST",
            "/api/web/ent/trusteeship/list",
            json!({"pageSize": 500}),
        ),
        p(
            "GET",
            "/api/tbProject/getTbProjectList",
            json!({"pageSize": 500}),
        ),
        p("GET", "/api/tbEnterprise/findTbEnterprise", json!({})),
        // Areas vehicle and device (their by-id calls: see the module comment).
        p("POST", "/api/web/car/list", json!({"pageSize": 500})),
        p("POST", "/api/web/car/watchList4", json!({})),
        p("POST", "/api/web/device/list", json!({"pageSize": 500})),
        // Area work (its by-id calls: tests/it/work).
        p("POST", "/api/work/flow/list", json!({"pageSize": 500})),
        p("POST", "/api/work/discuss_list", json!({"pageSize": 500})),
        // Area report.
        p(
            "POST",
            "/api/web/log/logList",
            with(day.clone(), json!({"pageSize": 500})),
        ),
        p("GET", "/api/web/log/installation", json!({"pageSize": 500})),
        p(
            "POST",
            "/api/web/log/getMileage",
            json!({"startDate": yesterday, "endDate": today, "pageSize": 500}),
        ),
        p("GET", "/api/data/supervisory", json!({})),
        p("POST", "/api/dataReport/tags_list", json!({})),
        p("POST", "/api/dataReport/chart_setting", json!({})),
        p(
            "POST",
            "/api/search/list",
            json!({"keyword": "ZZ", "limit": 20}),
        ),
        p("POST", "/api/search/tag_last", json!({})),
        // The tag workspace (docs/tags.md).
        p("POST", "/api/tag/field/list", json!({})),
        p("POST", "/api/tag/overview", json!({})),
        p("POST", "/api/tag/list", json!({})),
    ];
    let by_id = vec![
        // The tag workspace.
        p("POST", "/api/tag/detail", json!({"id": b.tag})),
        p("POST", "/api/tag/field/detail", json!({"id": b.field})),
        p(
            "POST",
            "/api/tag/save",
            json!({"id": b.tag, "name": "hijacked", "fieldIds": []}),
        ),
        p(
            "POST",
            "/api/tag/field/save",
            json!({"id": b.field, "name": "hijacked", "type": "text"}),
        ),
        p("POST", "/api/tag/field/delete", json!({"ids": [b.field]})),
        p(
            "POST",
            "/api/tag/sort",
            json!({"entId": broot, "kind": "vehicle", "ids": [b.tag]}),
        ),
        p(
            "POST",
            "/api/tag/form",
            json!({"tagId": b.tag, "vehicleId": b.vehicle}),
        ),
        p(
            "POST",
            "/api/tag/setValues",
            json!({"tagId": b.tag, "vehicleId": b.vehicle, "values": {}}),
        ),
        p("POST", "/api/tag/search", json!({"tagIds": [b.tag]})),
        p(
            "POST",
            "/api/tag/setTags",
            json!({"vehicleId": b.vehicle, "tagIds": []}),
        ),
        // Area session.
        p("POST", "/api/user/member", json!({"enterpriseId": broot})),
        p(
            "POST",
            "/api/user/getUserList_recons",
            json!({"enterpriseId": broot}),
        ),
        p(
            "PUT",
            "/api/user/setUserInfo",
            json!({"ID": bmember, "nickName": "hijacked"}),
        ),
        p("DELETE", "/api/user/deleteUser", json!({"id": bmember})),
        p(
            "POST",
            "/api/user/resetPassword",
            json!({"ID": badmin, "password": "hijacked-pass"}),
        ),
        p(
            "POST",
            "/api/user/resetUsername",
            json!({"ID": bmember, "userName": "hijacked"}),
        ),
        p(
            "POST",
            "/api/user/admin_register",
            json!({"userName": "intruder", "passWord": "intruder-pass",
            "nickName": "x", "authorityId": 101, "enterpriseId": broot}),
        ),
        // Area enterprise: reads.
        p(
            "GET",
            "/api/tbEnterprise/findTbEnterprise",
            json!({"entId": broot}),
        ),
        p(
            "POST",
            "/api/web/ent/my_enterprise/entListNew",
            json!({"entId": broot}),
        ),
        p("POST", "/api/web/ent/userList", json!({"entId": bchild})),
        p("POST", "/api/web/ent/colonyList", json!({"entId": broot})),
        p(
            "POST",
            "/api/web/cluster/colonyInfo",
            json!({"colonyId": b.cluster}),
        ),
        p(
            "POST",
            "/api/web/cluster/list_ent",
            json!({"colonyId": b.cluster}),
        ),
        p("POST", "/api/web/group/groupList", json!({"entId": broot})),
        p(
            "POST",
            "/api/web/group/getGroupUserList",
            json!({"entId": broot, "type": 1}),
        ),
        p(
            "POST",
            "/api/web/ent/relationByEnt",
            json!({"entId": broot}),
        ),
        p(
            "POST",
            "/api/web/ent/relation_list",
            json!({"entId": broot}),
        ),
        p(
            "POST",
            "/api/web/ent/inviteLog",
            json!({"invitationId": b.invitation}),
        ),
        p(
            "POST",
            "/api/web/ent/trusteeship/list",
            json!({"entId": broot}),
        ),
        p(
            "POST",
            "/api/web/ent/my_enterprise/role_lists",
            json!({"entId": broot}),
        ),
        p(
            "POST",
            "/api/web/ent/my_enterprise/verification",
            json!({"action": "status", "entId": broot}),
        ),
        p(
            "GET",
            "/api/tbEnterpriseAlarm/findTbEnterpriseAlarm",
            json!({"entId": broot}),
        ),
        p(
            "GET",
            "/api/tbEnterpriseAlarm/findTbEnterpriseAlarmNew",
            json!({"entId": broot}),
        ),
        p(
            "GET",
            "/api/tbProject/getTbProjectList",
            json!({"entId": broot}),
        ),
        p("POST", "/api/web/ent/getEntPush", json!({"entId": broot})),
        // Area enterprise: changes.
        p(
            "PUT",
            "/api/tbEnterprise/updateTbEnterprise",
            json!({"entId": broot, "entName": "hijacked"}),
        ),
        p(
            "POST",
            "/api/web/ent/tbUp",
            json!({"entId": bchild, "entName": "hijacked"}),
        ),
        p(
            "POST",
            "/api/web/ent/tbUp",
            json!({"entName": "intruder", "parentId": broot}),
        ),
        p("POST", "/api/web/ent/delBatchEnt", json!({"ids": [bchild]})),
        p(
            "POST",
            "/api/web/ent/setRole",
            json!({"entId": broot, "userId": bmember, "authorityId": 100}),
        ),
        p(
            "POST",
            "/api/web/ent/my_enterprise/verification",
            json!({"action": "submit", "entId": broot, "documents": ["/x"]}),
        ),
        p(
            "POST",
            "/api/web/ent/my_enterprise/cut",
            json!({"entId": broot}),
        ),
        p(
            "POST",
            "/api/web/group/saveGroup",
            json!({"ID": b.group, "name": "hijacked"}),
        ),
        p(
            "POST",
            "/api/web/group/saveGroup",
            json!({"entId": broot, "name": "intruder"}),
        ),
        p(
            "POST",
            "/api/web/group/setGroupUsers",
            json!({"ID": b.group, "userIds": []}),
        ),
        p("POST", "/api/web/group/delGroup", json!({"ids": [b.group]})),
        p(
            "PUT",
            "/api/tbEnterpriseGroupVehicle/updateTbEnterpriseGroupVehicle",
            json!({"groupId": b.group, "vehicleIds": [b.vehicle]}),
        ),
        p(
            "PUT",
            "/api/tbEnterpriseGroupVehicle/updateTbEnterpriseGroupVehicle",
            json!({"entId": broot, "groupId": 0, "vehicleIds": [b.vehicle]}),
        ),
        // A's own group, relation or invitation naming B's vehicle.
        p(
            "PUT",
            "/api/tbEnterpriseGroupVehicle/updateTbEnterpriseGroupVehicle",
            json!({"groupId": 0, "vehicleIds": [b.vehicle]}),
        ),
        p(
            "POST",
            "/api/web/ent/relation",
            json!({"targetEntId": t.a.child, "type": 4, "vehicleIds": [b.vehicle]}),
        ),
        p(
            "POST",
            "/api/web/ent/my_enterprise/setCooperation",
            json!({"targetEntId": broot, "vehicleIds": [b.vehicle]}),
        ),
        p(
            "POST",
            "/api/web/ent/invite_car",
            json!({"targetEntId": broot, "vehicleIds": [b.vehicle]}),
        ),
        p(
            "POST",
            "/api/web/ent/invite",
            json!({"type": "enterprise", "targetEntId": broot, "vehicleIds": [b.vehicle]}),
        ),
        p(
            "PUT",
            "/api/tbProject/updateTbProject",
            json!({"ID": b.project, "name": "hijacked"}),
        ),
        p(
            "PUT",
            "/api/tbProject/updateTbProject",
            json!({"entId": broot, "name": "intruder"}),
        ),
        p(
            "DELETE",
            "/api/tbProject/deleteTbProject",
            json!({"ID": b.project}),
        ),
        p(
            "POST",
            "/api/work/project_task",
            json!({"projectId": b.project}),
        ),
        p(
            "POST",
            "/api/work/project_inform",
            json!({"projectId": b.project}),
        ),
        p(
            "POST",
            "/api/work/project_log",
            json!({"projectId": b.project}),
        ),
        p(
            "POST",
            "/api/work/project_work_log",
            json!({"projectId": b.project}),
        ),
        p(
            "POST",
            "/api/work/project_save",
            json!({"id": b.project, "name": "hijacked"}),
        ),
        p(
            "POST",
            "/api/work/project_save",
            json!({"id": b.project, "delete": true}),
        ),
        p(
            "POST",
            "/api/work/update_inform",
            json!({"id": b.inform, "name": "hijacked"}),
        ),
        p("POST", "/api/work/copy_inform", json!({"id": b.inform})),
        p(
            "POST",
            "/api/work/update_inform",
            json!({"entId": broot, "name": "intruder", "typeId": -1, "vehicleIds": [b.vehicle],
                   "trigger": {"kind": "mileage", "everyKm": 1000}}),
        ),
        p(
            "PUT",
            "/api/tbEnterpriseAlarm/updateTbEnterpriseAlarm",
            json!({"entId": broot, "highTemperature": 120}),
        ),
        p(
            "POST",
            "/api/web/ent/setEntPush",
            json!({"entId": broot, "enabled": false}),
        ),
        p(
            "POST",
            "/api/web/ent/supervise",
            json!({"entId": broot, "enabled": true}),
        ),
        p(
            "POST",
            "/api/web/ent/relation_save",
            json!({"ID": b.relation, "action": "end"}),
        ),
        p(
            "POST",
            "/api/web/ent/relation_save",
            json!({"ID": b.relation, "action": "confirm"}),
        ),
        p(
            "POST",
            "/api/web/ent/relation",
            json!({"entId": broot, "targetEntId": t.a.root, "type": 4}),
        ),
        p(
            "POST",
            "/api/web/ent/my_enterprise/setCooperation",
            json!({"entId": broot, "targetEntId": t.a.root, "vehicleIds": [b.vehicle]}),
        ),
        p(
            "POST",
            "/api/web/ent/invite",
            json!({"type": "member", "entId": broot, "phone": "13512340000"}),
        ),
        p(
            "POST",
            "/api/web/ent/invite_car",
            json!({"entId": broot, "targetEntId": t.a.root, "vehicleIds": [b.vehicle]}),
        ),
        p(
            "POST",
            "/api/web/ent/invitation",
            json!({"ID": b.invitation, "action": "cancel"}),
        ),
        p(
            "POST",
            "/api/web/cluster/updateColony",
            json!({"colonyId": b.cluster, "name": "hijacked"}),
        ),
        p(
            "POST",
            "/api/web/cluster/save_cluster",
            json!({"colonyId": b.cluster, "remark": "hijacked"}),
        ),
        p(
            "POST",
            "/api/web/cluster/add_ent",
            json!({"colonyId": b.cluster, "entIds": [t.a.root]}),
        ),
        p(
            "POST",
            "/api/web/cluster/save_ent",
            json!({"colonyId": b.cluster, "entName": "intruder"}),
        ),
        p(
            "POST",
            "/api/web/cluster/cut",
            json!({"colonyId": b.cluster}),
        ),
        p(
            "POST",
            "/api/web/ent/trusteeship/save",
            json!({"entId": broot, "userName": "zza_admin"}),
        ),
        p(
            "POST",
            "/api/web/ent/trusteeship/delete",
            json!({"ID": b.trusteeship}),
        ),
        p(
            "POST",
            "/api/rule/update",
            json!({"id": b.rule, "name": "hijacked", "kinds": [2]}),
        ),
        p(
            "POST",
            "/api/rule/batch",
            json!({"ids": [b.rule], "action": "delete"}),
        ),
        p(
            "POST",
            "/api/rule/cars_sets",
            json!({"id": b.rule, "vehicleIds": []}),
        ),
        p(
            "POST",
            "/api/rule/member",
            json!({"id": b.rule, "memberIds": []}),
        ),
        p(
            "POST",
            "/api/rule/setUser",
            json!({"userId": bmember, "pushEnabled": false}),
        ),
        p(
            "POST",
            "/api/rule/push_event",
            json!({"title": "intruder", "content": "x", "memberIds": [bmember]}),
        ),
        p(
            "POST",
            "/api/rule/push_log",
            json!({"action": "delete", "ids": [b.message]}),
        ),
        p("POST", "/api/settingUrl/list", json!({"id": b.webhook})),
        p(
            "POST",
            "/api/settingUrl/save",
            json!({"id": b.webhook, "delete": true}),
        ),
        // Area report.
        p(
            "POST",
            "/api/web/log/logList",
            with(day.clone(), json!({"vehicleId": b.vehicle})),
        ),
        p(
            "POST",
            "/api/web/log/getLogListCSV",
            with(day.clone(), json!({"vehicleId": b.vehicle})),
        ),
        p(
            "POST",
            "/api/web/log/workCSV",
            json!({"entId": broot, "from": today, "to": today}),
        ),
        p(
            "POST",
            "/api/web/log/getMileage",
            json!({"vehicleId": b.vehicle, "startDate": yesterday, "endDate": today}),
        ),
        p(
            "POST",
            "/api/web/log/marking_power",
            with(day.clone(), json!({"vehicleId": b.vehicle})),
        ),
        p(
            "POST",
            "/api/web/log/marking_sensor",
            with(day, json!({"vehicleId": b.vehicle})),
        ),
        p(
            "POST",
            "/api/web/log/device",
            json!({"imei": "831000000000001"}),
        ),
        p(
            "GET",
            "/api/web/log/installation",
            json!({"vehicleId": b.vehicle}),
        ),
        p(
            "GET",
            "/api/web/log/tyre_info",
            json!({"vehicleId": b.vehicle}),
        ),
        p("GET", "/api/data/supervisory", json!({"entId": broot})),
        p("POST", "/api/data/tp/chip", json!({"enterpriseId": broot})),
        p(
            "POST",
            "/api/dataReport/chart_setting",
            json!({"boardId": b.board}),
        ),
        p(
            "POST",
            "/api/dataReport/chart_save",
            json!({"boardId": b.board, "boardName": "hijacked"}),
        ),
        p(
            "POST",
            "/api/dataReport/chart_sort",
            json!({"boardId": b.board, "ids": []}),
        ),
        p(
            "POST",
            "/api/search/tag_last",
            json!({"kind": "vehicle", "refId": b.vehicle}),
        ),
    ];
    (lists, by_id)
}

/// Rows of tree B for the probes to look for.
async fn seed_b(app: &TestApp, t: &Tenants) -> BRows {
    let b = &t.b;
    let post = |path: &'static str, body: Value| async move {
        app.post(path, &body, Some(&b.admin)).await.ok()
    };
    let vehicle = tenants::add_vehicle(app, &b.admin, b.root, "ZZB-T1").await;
    post(
        "/api/web/device/imei",
        json!({"imei": "831000000000001", "sn": "ZZB-SN1"}),
    )
    .await;
    let group = post(
        "/api/web/group/saveGroup",
        json!({"name": "ZZB crew", "userIds": [b.member_id]}),
    )
    .await;
    app.api_tb_enterprise_group_vehicle_update_tb_enterprise_group_vehicle(
        &json!({"groupId": group["ID"], "vehicleIds": [vehicle]}),
        Some(&b.admin),
    )
    .await
    .ok();
    let project = app
        .api_tb_project_update_tb_project(&json!({"name": "ZZB project"}), Some(&b.admin))
        .await
        .ok();
    app.api_tb_enterprise_alarm_update_tb_enterprise_alarm(
        &json!({"highTemperature": 95}),
        Some(&b.admin),
    )
    .await
    .ok();
    post("/api/web/ent/setEntPush", json!({"channels": ["sms"]})).await;
    // A work event (the project changed) and a notice plan.
    app.api_work_project_save(
        &json!({"id": project["ID"], "description": "ZZB valves"}),
        Some(&b.admin),
    )
    .await
    .ok();
    let inform = app
        .api_work_update_inform(
            &json!({"name": "ZZB plan", "typeId": -2, "vehicleIds": [vehicle],
                    "trigger": {"kind": "mileage", "everyKm": 10000}}),
            Some(&b.admin),
        )
        .await
        .ok();
    let relation = post(
        "/api/web/ent/relation",
        json!({"targetEntId": b.child, "type": 4, "vehicleIds": [vehicle], "remark": "ZZB internal"}),
    )
    .await;
    let invitation = post(
        "/api/web/ent/invite",
        json!({"type": "member", "phone": "13900000099", "remark": "ZZB invite"}),
    )
    .await;
    let cluster = post(
        "/api/web/cluster/save_cluster",
        json!({"name": "ZZB cluster"}),
    )
    .await;
    post(
        "/api/web/cluster/add_ent",
        json!({"colonyId": cluster["ID"], "entIds": [b.child]}),
    )
    .await;
    let trusteeship = post(
        "/api/web/ent/trusteeship/save",
        json!({"userName": "admin", "restrict": 1}),
    )
    .await;
    let rule = post(
        "/api/rule/update",
        json!({"name": "ZZB pressure", "kinds": [2], "allVehicles": true}),
    )
    .await;
    let webhook = post(
        "/api/settingUrl/save",
        json!({"url": "https://zzb.example.com/hook"}),
    )
    .await;
    post(
        "/api/rule/push_event",
        json!({"title": "ZZB notice", "content": "ZZB depot closed"}),
    )
    .await;
    let message = post("/api/rule/push_log", json!({})).await;
    post(
        "/api/work/flow/save",
        json!({"name": "ZZB flow", "nodes": [{"name": "Open", "state": 100}, {"name": "Work", "state": 101},
                                             {"name": "Check", "state": 102}, {"name": "Done", "state": 104}]}),
    )
    .await;
    post(
        "/api/work/save",
        json!({"typeId": -1, "title": "ZZB order"}),
    )
    .await;
    // Report: the receiver fitted (an installation record), a shared board, a recent search.
    post(
        "/api/web/device/up_acceptor",
        json!({"vehicleId": vehicle, "imei": "831000000000001"}),
    )
    .await;
    let board = post(
        "/api/dataReport/chart_save",
        json!({"boardName": "ZZB board", "shared": true,
               "chart": {"title": "ZZB km", "kind": "line", "measure": "distanceKm",
                         "grouping": "day", "range": "last7Days"}}),
    )
    .await;
    post("/api/search/tag_last", json!({"keyword": "ZZB depot"})).await;
    // The tag workspace: a field, a tag carrying it on the vehicle with a value.
    let field = post(
        "/api/tag/field/save",
        json!({"name": "ZZB axle", "type": "number"}),
    )
    .await;
    let tag = post(
        "/api/tag/save",
        json!({"name": "ZZB tagged", "kind": "vehicle", "fieldIds": [field["id"]]}),
    )
    .await;
    post(
        "/api/tag/setTags",
        json!({"vehicleId": vehicle, "tagIds": [tag["id"]]}),
    )
    .await;
    let field_key = field["id"].to_string();
    post(
        "/api/tag/setValues",
        json!({"tagId": tag["id"], "vehicleId": vehicle, "values": {(field_key): "3"}}),
    )
    .await;
    BRows {
        tag: tag["id"].as_i64().unwrap(),
        field: field["id"].as_i64().unwrap(),
        board: board["board"]["id"].as_i64().unwrap(),
        vehicle,
        rule: rule["id"].as_i64().unwrap(),
        webhook: webhook["id"].as_i64().unwrap(),
        message: message["list"][0]["id"].as_i64().unwrap(),
        inform: inform["id"].as_i64().unwrap(),
        group: group["ID"].as_i64().unwrap(),
        project: project["ID"].as_i64().unwrap(),
        relation: relation["ID"].as_i64().unwrap(),
        invitation: invitation["ID"].as_i64().unwrap(),
        cluster: cluster["ID"].as_i64().unwrap(),
        trusteeship: trusteeship["ID"].as_i64().unwrap(),
    }
}

/// `base` with the fields of `extra` added.
fn with(mut base: Value, extra: Value) -> Value {
    if let (Some(b), Value::Object(e)) = (base.as_object_mut(), extra) {
        b.extend(e);
    }
    base
}

fn with_field(body: &Value, field: &str, value: i64) -> Value {
    let mut body = body.clone();
    body[field] = json!(value);
    body
}

#[tokio::test]
async fn tree_a_never_sees_or_touches_tree_b() {
    let app = spawn_app().await;
    let t = tenants::two_trees(&app).await;
    let b_rows = seed_b(&app, &t).await;
    let (lists, by_id) = probes(&t, &b_rows);
    // The visitor is a tenant of its own: the sample enterprise, never either tree.
    let visitor = app.visitor_token().await;
    let snapshot = fingerprint(&app.state.db).await;

    for probe in &lists {
        let what = format!("{} {}", probe.method, probe.path);
        // B's admin sees B's rows: the probe reaches data.
        let own = app
            .call(probe.method, probe.path, &probe.body, Some(&t.b.admin), &[])
            .await;
        own.ok();
        assert!(
            mentions(&own.text, "ZZB"),
            "{what} shows B its rows: {}",
            own.text
        );
        for (who, token) in [("A admin", &t.a.admin), ("A member", &t.a.member)] {
            let answer = app
                .call(probe.method, probe.path, &probe.body, Some(token), &[])
                .await;
            let env = answer.envelope();
            if env.code == 0 {
                assert!(
                    !mentions(&answer.text, "ZZB"),
                    "{what} as {who} leaks B: {}",
                    answer.text
                );
            } else {
                assert_eq!(env.code, 7, "{what} as {who}: {}", answer.text);
                assert!(
                    env.msg.contains("权限不足"),
                    "{what} as {who}: {}",
                    answer.text
                );
                assert_eq!(who, "A member", "{what}: the admin may list");
            }
            // Naming B in the header or the payload is refused before anything is read.
            let b_root = t.b.root.to_string();
            let header = app
                .call(
                    probe.method,
                    probe.path,
                    &probe.body,
                    Some(token),
                    &[("x-ent-id", &b_root)],
                )
                .await;
            header.code(7);
            let field = app
                .call(
                    probe.method,
                    probe.path,
                    &with_field(&probe.body, "enterprise", t.b.root),
                    Some(token),
                    &[],
                )
                .await;
            field.code(7);
        }
        let seen = app
            .call(probe.method, probe.path, &probe.body, Some(&visitor), &[])
            .await;
        if seen.envelope().code == 0 {
            assert!(
                !mentions(&seen.text, "ZZA") && !mentions(&seen.text, "ZZB"),
                "{what} as the visitor leaks a tree: {}",
                seen.text
            );
        } else {
            seen.code(7);
        }
        // The header naming A's own branch is fine for A's admin.
        let a_child = t.a.child.to_string();
        app.call(
            probe.method,
            probe.path,
            &probe.body,
            Some(&t.a.admin),
            &[("x-ent-id", &a_child)],
        )
        .await
        .ok();
    }

    for probe in &by_id {
        let what = format!("{} {}", probe.method, probe.path);
        for token in [&t.a.admin, &t.a.member, &visitor] {
            let answer = app
                .call(probe.method, probe.path, &probe.body, Some(token), &[])
                .await;
            answer.code(7);
            assert!(!mentions(&answer.text, "ZZB"), "{what}: {}", answer.text);
        }
        // The same call with x-ent-id naming B is refused too.
        let b_root = t.b.root.to_string();
        app.call(
            probe.method,
            probe.path,
            &probe.body,
            Some(&t.a.admin),
            &[("x-ent-id", &b_root)],
        )
        .await
        .code(7);
    }
    assert_eq!(
        fingerprint(&app.state.db).await,
        snapshot,
        "no refused call changed anything"
    );

    // Platform staff see both trees.
    let all = app
        .api_web_ent_my_enterprise_lists(&json!({"pageSize": 500}), Some(&t.platform))
        .await;
    all.ok();
    assert!(mentions(&all.text, "ZZA") && mentions(&all.text, "ZZB"));
}

#[tokio::test]
async fn switching_enterprise_changes_what_every_list_returns() {
    let app = spawn_app().await;
    let t = tenants::two_trees(&app).await;
    let b_rows = seed_b(&app, &t).await;
    let (lists, _) = probes(&t, &b_rows);
    // An administrator of both trees, acting for A.
    let both = tenants::create_user(
        &app,
        &t.platform,
        "both_admin",
        100,
        t.a.root,
        "13300000001",
    )
    .await;
    entities::sys_user_authority::Entity::insert(entities::sys_user_authority::ActiveModel {
        user_id: sea_orm::Set(both),
        enterprise_id: sea_orm::Set(t.b.root),
        authority_id: sea_orm::Set(100),
    })
    .exec(&app.state.db)
    .await
    .unwrap();
    let token = app.login("both_admin", tenants::PASSWORD).await;
    for probe in &lists {
        let answer = app
            .call(probe.method, probe.path, &probe.body, Some(&token), &[])
            .await;
        answer.ok();
        if probe.path.ends_with("toggleList") {
            continue; // the switch list shows every membership
        }
        assert!(
            !mentions(&answer.text, "ZZB"),
            "{} before the switch: {}",
            probe.path,
            answer.text
        );
    }
    let switched = app
        .api_web_ent_my_enterprise_cut(&json!({"entId": t.b.root}), Some(&token))
        .await
        .ok();
    let token = switched["token"].as_str().unwrap().to_owned();
    for probe in &lists {
        let answer = app
            .call(probe.method, probe.path, &probe.body, Some(&token), &[])
            .await;
        answer.ok();
        if probe.path.ends_with("toggleList") {
            continue;
        }
        assert!(
            !mentions(&answer.text, "ZZA"),
            "{} after the switch: {}",
            probe.path,
            answer.text
        );
    }
}

/// The vehicles `token` sees, by the vehicle list; the map feed must agree.
async fn vehicles_seen(app: &TestApp, token: &str) -> Vec<i64> {
    let listed = app
        .api_web_car_list(&json!({"pageSize": 500}), Some(token))
        .await
        .ok();
    let mut seen: Vec<i64> = tenants::rows(&listed)
        .iter()
        .map(|v| v["carId"].as_i64().unwrap())
        .collect();
    seen.sort_unstable();
    let feed = app
        .api_web_car_watch_list4(&json!({}), Some(token))
        .await
        .ok();
    let mut on_map: Vec<i64> = feed["deviceList"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v["i"].as_i64().unwrap())
        .collect();
    on_map.sort_unstable();
    assert_eq!(on_map, seen, "watchList4 and list agree");
    seen
}

#[tokio::test]
async fn a_relation_opens_exactly_what_it_covers_until_it_ends() {
    let app = spawn_app().await;
    let t = tenants::two_trees(&app).await;
    let (a, b) = (&t.a, &t.b);
    let cars = tenants::add_vehicles(
        &app,
        [
            (&a.admin, a.root, "ZZA-O1"),
            (&a.admin, a.child, "ZZA-O2"),
            (&b.admin, b.root, "ZZB-O1"),
            (&b.admin, b.root, "ZZB-O2"),
            (&b.admin, b.child, "ZZB-O3"),
        ],
    )
    .await;
    let [a1, a2, b1, b2, b3] = cars;
    assert_eq!(vehicles_seen(&app, &a.member).await, vec![a1, a2]);
    assert_eq!(vehicles_seen(&app, &b.member).await, vec![b1, b2, b3]);
    let all = vehicles_seen(&app, &t.platform).await;
    assert!(
        cars.iter().all(|c| all.contains(c)),
        "platform staff see all"
    );
    let read =
        |token: &str, car: i64| app.api_web_car_car_info(&json!({"carId": car}), Some(token));
    read(&a.member, b1).await.code(7);

    // B asks A to take b1 and its branch's b3 into custody; nothing opens until A confirms.
    let rel = app
        .api_web_ent_relation(
            &json!({"targetEntId": a.root, "type": 2, "vehicleIds": [b1, b3]}),
            Some(&b.admin),
        )
        .await
        .ok();
    assert_eq!(vehicles_seen(&app, &a.member).await, vec![a1, a2]);
    let save = |body: Value, token: &str| app.api_web_ent_relation_save(&body, Some(token));
    save(json!({"ID": rel["ID"], "action": "confirm"}), &a.admin)
        .await
        .ok();
    assert_eq!(vehicles_seen(&app, &a.member).await, vec![a1, a2, b1, b3]);
    read(&a.member, b1).await.ok();
    read(&a.member, b2).await.code(7);
    assert_eq!(
        vehicles_seen(&app, &b.member).await,
        vec![b1, b2, b3],
        "B loses nothing"
    );
    // B narrows the coverage; then ends it.
    save(
        json!({"ID": rel["ID"], "action": "update", "vehicleIds": [b3]}),
        &b.admin,
    )
    .await
    .ok();
    assert_eq!(vehicles_seen(&app, &a.member).await, vec![a1, a2, b3]);
    read(&a.member, b1).await.code(7);
    save(json!({"ID": rel["ID"], "action": "end"}), &b.admin)
        .await
        .ok();
    assert_eq!(vehicles_seen(&app, &a.member).await, vec![a1, a2]);
    read(&a.member, b3).await.code(7);
    // A type-0 request, even confirmed, grants no vehicles.
    let unconfirmed = app
        .api_web_ent_relation(
            &json!({"targetEntId": a.root, "type": 0, "vehicleIds": [b2]}),
            Some(&b.admin),
        )
        .await
        .ok();
    save(
        json!({"ID": unconfirmed["ID"], "action": "confirm"}),
        &a.admin,
    )
    .await
    .ok();
    assert_eq!(vehicles_seen(&app, &a.member).await, vec![a1, a2]);

    // A's top shares its branch's a2 with B; when the branch leaves A's tree, so does a2.
    let custody = app
        .api_web_ent_relation(
            &json!({"targetEntId": b.root, "type": 2, "vehicleIds": [a2]}),
            Some(&a.admin),
        )
        .await
        .ok();
    save(json!({"ID": custody["ID"], "action": "confirm"}), &b.admin)
        .await
        .ok();
    assert_eq!(vehicles_seen(&app, &b.member).await, vec![a2, b1, b2, b3]);
    app.api_web_ent_tb_up(&json!({"entId": a.child, "parentId": 0}), Some(&t.platform))
        .await
        .ok();
    assert_eq!(vehicles_seen(&app, &b.member).await, vec![b1, b2, b3]);
}
