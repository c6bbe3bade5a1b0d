//! Area `vehicle`, vehicle records: create/edit with wheels, the map feed (watchList4,
//! statistics), the list, trailers and swaps, drivers and members, receivers, transfer,
//! settings, imports, and the tenant isolation of these calls.

use chrono::Utc;
use entities::{device, vehicle_state, vehicle_wheel};
use sea_orm::{ActiveModelTrait, ColumnTrait, EntityTrait, QueryFilter, Set};
use serde_json::Value;
use wheelend_tests::tenants::{self, Tenants, add_group, mentions};
use wheelend_tests::{TestApp, json, spawn_app};

const CAR: &str = "/api/web/car";

/// A call, answering in English (messages are matched below).
fn path(call: &str) -> String {
    format!("{CAR}/{call}?lang=en")
}

/// Row counts of every table but the operation log (which records refusals too).
async fn all_table_counts(
    db: &sea_orm::DatabaseConnection,
) -> std::collections::BTreeMap<String, i64> {
    let mut counts = wheelend_tests::all_table_counts(db).await;
    counts.remove("sys_operation_records");
    counts
}

async fn create(app: &TestApp, token: &str, body: Value) -> Value {
    app.post(&path("updateCarInfo"), &body, Some(token))
        .await
        .ok()
}

async fn create_id(app: &TestApp, token: &str, body: Value) -> i64 {
    create(app, token, body).await["carId"]
        .as_i64()
        .expect("a vehicle id")
}

/// Marks a vehicle as reporting now at a position, optionally moving and alarming.
async fn report(app: &TestApp, id: i64, speed: f64, alarm: bool) {
    let mut s: vehicle_state::ActiveModel = vehicle_state::Entity::find_by_id(id)
        .one(&app.state.db)
        .await
        .unwrap()
        .expect("a state row")
        .into();
    s.final_at = Set(Some(Utc::now()));
    s.gps_at = Set(Some(Utc::now()));
    s.lat = Set(Some(31.230_416));
    s.lon = Set(Some(121.473_701));
    s.speed = Set(speed);
    s.alarm = Set(alarm);
    s.tp_flags = Set(if alarm { 2 } else { 0 });
    s.update(&app.state.db).await.unwrap();
    app.state.fleet.invalidate();
}

async fn insert_receiver(app: &TestApp, ent: i64, imei: &str) -> i64 {
    device::ActiveModel {
        enterprise_id: Set(ent),
        kind: Set(0),
        imei: Set(imei.into()),
        part_no: Set(String::new()),
        version: Set("1.0".into()),
        iccid: Set(String::new()),
        online: Set(false),
        remark: Set(String::new()),
        created_at: Set(Utc::now()),
        updated_at: Set(Utc::now()),
        ..Default::default()
    }
    .insert(&app.state.db)
    .await
    .unwrap()
    .id
}

#[tokio::test]
async fn vehicles_are_created_edited_and_deleted_with_their_wheels() {
    let app = spawn_app().await;
    let admin = app.admin_token().await;
    let t = tenants::two_trees(&app).await;
    let car = create(
        &app,
        &t.a.admin,
        json!({"plate": " zza-1001 ", "vin": "lfwadrjf1j1000001", "kind": 0, "axleLayout": "2,4,4"}),
    )
    .await;
    let id = car["carId"].as_i64().unwrap();
    assert_eq!(car["plate"], "ZZA-1001");
    assert_eq!(car["enterpriseId"], t.a.root);
    assert_eq!(car["wheels"].as_array().unwrap().len(), 10);
    assert_eq!(car["wheels"][2]["position"], 21);
    assert_eq!(car["state"]["offline"], true);
    assert_eq!(car["axleLayout"], "2,4,4");

    // Bad input: nothing changed.
    let before = all_table_counts(&app.state.db).await;
    for (body, needle) in [
        (json!({"plate": "ZZA-1001"}), "ZZA-1001"),
        (json!({"plate": "zza-1001 "}), "ZZA-1001"),
        (json!({"plate": "ZZA-1002", "axleLayout": "2,3"}), "2,3"),
        (
            json!({"plate": "ZZA-1002", "axleLayout": "2,4,4,4,4,4,4,4,4"}),
            "axle",
        ),
        (json!({"plate": "ZZA-1002", "axleLayout": "x"}), "x"),
        (json!({"vin": "ABC"}), "plate"),
        (json!({"plate": 5}), "plate"),
        (json!({"plate": "ZZA-1002", "kind": 9}), "kind"),
        (json!({"plate": "ZZA-1002", "groupId": 4242}), "4242"),
        (json!({"plate": "ZZA-1002", "trailerId": id}), "trailer"),
        (json!({"plate": "ZZA-1002", "driverIds": [777]}), "777"),
    ] {
        let msg = app
            .post(&path("updateCarInfo"), &body, Some(&t.a.admin))
            .await
            .code(7);
        assert!(msg.contains(needle), "{body}: {msg}");
    }
    assert_eq!(all_table_counts(&app.state.db).await, before);

    // The sensor and reading on 11 survive a layout change; 31..34 go, 21..24 stay.
    vehicle_wheel::Entity::update_many()
        .col_expr(
            vehicle_wheel::Column::SensorNo,
            sea_orm::sea_query::Expr::value("S-11"),
        )
        .filter(vehicle_wheel::Column::VehicleId.eq(id))
        .filter(vehicle_wheel::Column::Position.eq(11))
        .exec(&app.state.db)
        .await
        .unwrap();
    let reading = entities::wheel_values::WheelValue {
        kind: entities::wheel_values::TYRE,
        position: 11,
        pressure: Some(8.7),
        temp: None,
        battery: None,
        status: 0,
        read_at: None,
    };
    entities::vehicle_state::Entity::update_many()
        .col_expr(
            entities::vehicle_state::Column::Wheels,
            sea_orm::sea_query::Expr::value(entities::wheel_values::encode(&[reading])),
        )
        .filter(entities::vehicle_state::Column::VehicleId.eq(id))
        .exec(&app.state.db)
        .await
        .unwrap();
    let axles = app
        .post(
            &path("axle/change"),
            &json!({"carId": id, "axleLayout": "2,4"}),
            Some(&t.a.admin),
        )
        .await
        .ok();
    assert_eq!(axles["axles"][1]["positions"], json!([21, 22, 23, 24]));
    let wheels = app
        .post(&path("getSensor"), &json!({"carId": id}), Some(&t.a.admin))
        .await
        .ok();
    assert_eq!(wheels.as_array().unwrap().len(), 6);
    assert_eq!(wheels[0]["pressure"], 8.7);
    assert_eq!(wheels[0]["sensorNo"], "S-11");
    let listed = app
        .post(&path("axle_list"), &json!({"carId": id}), Some(&t.a.member))
        .await
        .ok();
    assert_eq!(listed["axleLayout"], "2,4");
    app.post(
        &path("axle/change"),
        &json!({"carId": id, "axleLayout": "2,5"}),
        Some(&t.a.admin),
    )
    .await
    .code(7);

    // Edit: group, remark, plate.
    let group = add_group(&app, &t.a.admin, "North").await;
    let edited = create(
        &app,
        &t.a.admin,
        json!({"carId": id, "groupId": group, "remark": "night shift", "installState": 1}),
    )
    .await;
    assert_eq!(edited["groupId"], group);
    assert_eq!(edited["groupName"], "North");
    assert_eq!(edited["remark"], "night shift");
    assert_eq!(edited["plate"], "ZZA-1001");
    let other = create_id(&app, &t.a.admin, json!({"plate": "ZZA-1002"})).await;
    app.post(
        &path("updatePlate"),
        &json!({"carId": other, "plate": "zza-1001"}),
        Some(&t.a.admin),
    )
    .await
    .code(7);
    let renamed = app
        .post(
            &path("updatePlate"),
            &json!({"carId": other, "plate": " zza-2002"}),
            Some(&t.a.admin),
        )
        .await
        .ok();
    assert_eq!(renamed["plate"], "ZZA-2002");
    let n = app
        .post(
            &path("set_install"),
            &json!({"carIds": [other], "installState": 2}),
            Some(&t.a.admin),
        )
        .await
        .ok();
    assert_eq!(n["affected"], 1);
    app.post(
        &path("set_install"),
        &json!({"carIds": [other], "installState": 3}),
        Some(&t.a.admin),
    )
    .await
    .code(7);

    // Delete: all or none.
    let before = all_table_counts(&app.state.db).await;
    app.post(
        &path("delCar"),
        &json!({"carIds": [other, 99_999]}),
        Some(&t.a.admin),
    )
    .await
    .code(7);
    app.post(&path("delCar"), &json!({"carIds": []}), Some(&t.a.admin))
        .await
        .code(7);
    assert_eq!(all_table_counts(&app.state.db).await, before);
    let imei = insert_receiver(&app, t.a.root, "860000000000001").await;
    app.post(
        &path("updateImei"),
        &json!({"carId": other, "imei": "860000000000001"}),
        Some(&t.a.admin),
    )
    .await
    .ok();
    let gone = app
        .post(
            &path("delCar"),
            &json!({"carIds": [other]}),
            Some(&t.a.admin),
        )
        .await
        .ok();
    assert_eq!(gone["affected"], 1);
    let d = device::Entity::find_by_id(imei)
        .one(&app.state.db)
        .await
        .unwrap()
        .unwrap();
    assert_eq!(d.vehicle_id, None, "the receiver is unbound, not deleted");
    app.post(&path("carInfo"), &json!({"carId": other}), Some(&admin))
        .await
        .code(7);

    // An enterprise owning vehicles cannot be deleted.
    create_id(
        &app,
        &t.a.admin,
        json!({"plate": "ZZA-C1", "entId": t.a.child}),
    )
    .await;
    let msg = app
        .post(
            "/api/web/ent/delBatchEnt?lang=en",
            &json!({"ids": [t.a.child]}),
            Some(&admin),
        )
        .await
        .code(7);
    assert!(msg.contains("owns 1 vehicles"), "{msg}");
}

#[tokio::test]
async fn the_map_feed_uses_short_keys_and_counts_states() {
    let app = spawn_app().await;
    let t = tenants::two_trees(&app).await;
    let moving = create_id(
        &app,
        &t.a.admin,
        json!({"plate": "ZZA-1", "installState": 1}),
    )
    .await;
    let alarming = create_id(
        &app,
        &t.a.admin,
        json!({"plate": "ZZA-2", "installState": 1}),
    )
    .await;
    let silent = create_id(
        &app,
        &t.a.admin,
        json!({"plate": "ZZA-3", "entId": t.a.child}),
    )
    .await;
    let trailer = create_id(
        &app,
        &t.a.admin,
        json!({"plate": "ZZA-T", "kind": 1, "axleLayout": "4,4"}),
    )
    .await;
    create_id(&app, &t.b.admin, json!({"plate": "ZZB-1"})).await;
    report(&app, moving, 62.5, false).await;
    report(&app, alarming, 0.0, true).await;
    app.post(
        &path("trailerChange"),
        &json!({"carId": moving, "trailerId": trailer}),
        Some(&t.a.admin),
    )
    .await
    .ok();
    app.post(
        &path("attention"),
        &json!({"carId": alarming, "attention": true}),
        Some(&t.a.member),
    )
    .await
    .ok();

    let feed = app
        .post(&path("watchList4"), &json!({}), Some(&t.a.member))
        .await
        .ok();
    assert_eq!(feed["total"], 4);
    let list = feed["deviceList"].as_array().unwrap();
    let by_id = |id: i64| list.iter().find(|e| e["i"] == id).cloned().unwrap();
    let m = by_id(moving);
    assert_eq!(m["p"], "ZZA-1");
    assert_eq!(m["tp"], "ZZA-T");
    assert_eq!(m["ti"], trailer);
    assert_eq!(m["gp"]["s"], 62.5);
    assert_eq!(m["gp"]["la"], 31.230_416);
    assert!(m.get("o").is_none(), "online: no offline key");
    assert!(m.get("a").is_none() && m.get("ni").is_none() && m.get("at").is_none());
    let a = by_id(alarming);
    assert_eq!(a["a"], 1);
    assert_eq!(a["at"], 1);
    assert_eq!(a["ta"], json!({"lp": 1}));
    let s = by_id(silent);
    assert_eq!(s["o"], 1);
    assert_eq!(s["ni"], 1);
    assert_eq!(s["e"], t.a.child);
    assert!(s.get("gp").is_none());
    assert!(!mentions(&feed.to_string(), "ZZB"));

    // The map subset.
    let small = app
        .post(
            &path("watchList4"),
            &json!({"data_volume": 1}),
            Some(&t.a.member),
        )
        .await
        .ok();
    let m = small["deviceList"]
        .as_array()
        .unwrap()
        .iter()
        .find(|e| e["i"] == moving)
        .cloned()
        .unwrap();
    assert!(m.get("tp").is_none() && m.get("cr").is_none(), "{m}");
    assert!(m.get("gp").is_some());
    // One enterprise only; a foreign one is refused.
    let child = app
        .post(
            &path("watchList4"),
            &json!({"entId": t.a.child}),
            Some(&t.a.member),
        )
        .await
        .ok();
    assert_eq!(child["total"], 1);
    app.post(
        &path("watchList4"),
        &json!({"entId": t.b.root}),
        Some(&t.a.member),
    )
    .await
    .code(7);
    app.post(
        &path("watchList4"),
        &json!({"data_volume": 3}),
        Some(&t.a.member),
    )
    .await
    .code(7);

    let stats = app
        .post(&path("statistics"), &json!({}), Some(&t.a.member))
        .await
        .ok();
    assert_eq!(
        stats,
        json!({"all": 4, "alarm": 1, "offline": 2, "online": 2, "driving": 1, "parked": 1,
               "followed": 1, "notInstalled": 2, "closed": 0})
    );

    // The list: filters, sort, paging.
    let list = |body: Value| {
        let app = &app;
        let token = t.a.member.clone();
        async move { app.post(&path("list"), &body, Some(&token)).await.ok() }
    };
    let all = list(json!({"sort": "plate", "order": "asc"})).await;
    assert_eq!(all["total"], 4);
    let plates: Vec<&str> = all["list"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["plate"].as_str().unwrap())
        .collect();
    assert_eq!(plates, ["ZZA-1", "ZZA-2", "ZZA-3", "ZZA-T"]);
    assert_eq!(
        list(json!({"state": "alarm"})).await["list"][0]["carId"],
        alarming
    );
    assert_eq!(list(json!({"state": "driving"})).await["total"], 1);
    assert_eq!(list(json!({"state": "offline"})).await["total"], 2);
    assert_eq!(list(json!({"state": "followed"})).await["total"], 1);
    assert_eq!(list(json!({"state": "notInstalled"})).await["total"], 2);
    assert_eq!(list(json!({"kind": 1})).await["list"][0]["plate"], "ZZA-T");
    assert_eq!(list(json!({"keyword": "a-t"})).await["total"], 1);
    assert_eq!(list(json!({"entId": t.a.child})).await["total"], 1);
    let page2 = list(json!({"page": 2, "pageSize": 3, "sort": "plate", "order": "asc"})).await;
    assert_eq!(page2["list"][0]["plate"], "ZZA-T");
    for bad in [
        json!({"sort": "colour"}),
        json!({"state": "sleeping"}),
        json!({"pageSize": 501}),
    ] {
        app.post(&path("list"), &bad, Some(&t.a.member))
            .await
            .code(7);
    }
    // Unfollow.
    app.post(
        &path("attention"),
        &json!({"carId": alarming, "attention": false}),
        Some(&t.a.member),
    )
    .await
    .ok();
    assert_eq!(list(json!({"state": "followed"})).await["total"], 0);
}

#[tokio::test]
async fn trailers_are_hitched_swapped_and_recorded() {
    let app = spawn_app().await;
    let t = tenants::two_trees(&app).await;
    let tok = &t.a.admin;
    let t1 = create_id(&app, tok, json!({"plate": "ZZA-H1"})).await;
    let t2 = create_id(&app, tok, json!({"plate": "ZZA-H2"})).await;
    let r1 = create_id(
        &app,
        tok,
        json!({"plate": "ZZA-R1", "kind": 1, "axleLayout": "4,4"}),
    )
    .await;
    let r2 = create_id(
        &app,
        tok,
        json!({"plate": "ZZA-R2", "kind": 1, "axleLayout": "4,4"}),
    )
    .await;
    let foreign = create_id(&app, &t.b.admin, json!({"plate": "ZZB-R9", "kind": 1})).await;

    app.post(
        &path("trailerChange"),
        &json!({"carId": t1, "trailerId": r1, "address": "Yard 3"}),
        Some(tok),
    )
    .await
    .ok();
    // r1 is taken; t2 is no trailer; B's trailer is unknown; a trailer pulls nothing.
    let before = all_table_counts(&app.state.db).await;
    for (body, needle) in [
        (json!({"carId": t2, "trailerId": r1}), "ZZA-H1"),
        (json!({"carId": t1, "trailerId": t2}), "ZZA-H2"),
        (
            json!({"carId": t1, "trailerId": foreign}),
            &*foreign.to_string(),
        ),
        (json!({"carId": r2, "trailerId": r1}), "ZZA-R2"),
    ] {
        let msg = app
            .post(&path("trailerChange"), &body, Some(tok))
            .await
            .code(7);
        assert!(msg.contains(needle), "{body}: {msg}");
    }
    assert_eq!(all_table_counts(&app.state.db).await, before);

    app.post(
        &path("trailerChange"),
        &json!({"carId": t2, "trailerId": r2}),
        Some(tok),
    )
    .await
    .ok();
    app.post(
        &path("exchangeTrailer"),
        &json!({"carId": t1, "otherCarId": t2}),
        Some(tok),
    )
    .await
    .ok();
    let info = app
        .post(&path("carInfo"), &json!({"carId": t1}), Some(tok))
        .await
        .ok();
    assert_eq!(info["trailerPlate"], "ZZA-R2");
    let info = app
        .post(&path("carInfo"), &json!({"carId": r1}), Some(tok))
        .await
        .ok();
    assert_eq!(info["tractorId"], t2);
    app.post(
        &path("exchangeTrailer"),
        &json!({"carId": t1, "otherCarId": t1}),
        Some(tok),
    )
    .await
    .code(7);
    // Unhitch.
    app.post(
        &path("trailerChange"),
        &json!({"carId": t1, "trailerId": 0}),
        Some(tok),
    )
    .await
    .ok();

    let records = app
        .post(
            &path("trailerList"),
            &json!({"pageSize": 50}),
            Some(&t.a.member),
        )
        .await
        .ok();
    // hitch r1, hitch r2, exchange (3 records), unhitch.
    assert_eq!(records["total"], 6);
    assert_eq!(records["list"][0]["fromPlate"], "ZZA-R2");
    assert_eq!(records["list"][0]["toTrailerId"], Value::Null);
    assert_eq!(records["list"][5]["address"], "Yard 3");
    let of_r1 = app
        .post(&path("trailerList"), &json!({"carId": r1}), Some(tok))
        .await
        .ok();
    assert_eq!(of_r1["total"], 3);
    let b_view = app
        .post(&path("trailerList"), &json!({}), Some(&t.b.admin))
        .await
        .ok();
    assert_eq!(b_view["total"], 0);

    let usage = app
        .post(&path("analyse_trailer"), &json!({}), Some(tok))
        .await
        .ok();
    let r1u = usage
        .as_array()
        .unwrap()
        .iter()
        .find(|u| u["trailerId"] == r1)
        .cloned()
        .unwrap();
    assert_eq!(r1u["hitches"], 2);
    assert_eq!(r1u["tractors"], 2);
    assert_eq!(r1u["currentTractorId"], t2);
    let r2u = usage
        .as_array()
        .unwrap()
        .iter()
        .find(|u| u["trailerId"] == r2)
        .cloned()
        .unwrap();
    assert_eq!(r2u["currentTractorId"], Value::Null);
}

#[tokio::test]
async fn drivers_and_responsible_members() {
    let app = spawn_app().await;
    let t = tenants::two_trees(&app).await;
    let tok = &t.a.admin;
    let car = create_id(&app, tok, json!({"plate": "ZZA-D1"})).await;
    let driver = app
        .post(
            &path("update_driver"),
            &json!({"name": "Wang Wu", "phone": "13812345678", "license": "L-1"}),
            Some(tok),
        )
        .await
        .ok()["id"]
        .as_i64()
        .unwrap();
    for bad in [
        json!({"phone": "13800000000"}),
        json!({"name": "", "phone": "1"}),
        json!({"name": "X", "phone": "12ab"}),
        json!({"id": 4242, "name": "X"}),
        json!({"name": "X", "carIds": [9999]}),
    ] {
        app.post(&path("update_driver"), &bad, Some(tok))
            .await
            .code(7);
    }
    app.post(
        &path("update_driver"),
        &json!({"id": driver, "carIds": [car], "remark": "day"}),
        Some(tok),
    )
    .await
    .ok();
    let list = app
        .post(&path("driverList"), &json!({}), Some(&t.a.member))
        .await
        .ok();
    assert_eq!(list["total"], 1);
    assert_eq!(list["list"][0]["phone"], "138****5678");
    assert_eq!(list["list"][0]["plates"], json!(["ZZA-D1"]));
    let full = app
        .post(
            &path("driverList"),
            &json!({"edit": true, "keyword": "wang"}),
            Some(tok),
        )
        .await
        .ok();
    assert_eq!(full["list"][0]["phone"], "13812345678");
    let b = app
        .post(&path("driverList"), &json!({}), Some(&t.b.admin))
        .await
        .ok();
    assert_eq!(b["total"], 0);
    let info = app
        .post(&path("carInfo"), &json!({"carId": car}), Some(tok))
        .await
        .ok();
    assert_eq!(info["drivers"][0]["name"], "Wang Wu");
    // B cannot edit or delete A's driver.
    app.post(
        &path("update_driver"),
        &json!({"id": driver, "name": "ZZB"}),
        Some(&t.b.admin),
    )
    .await
    .code(7);
    app.post(
        &path("update_driver"),
        &json!({"delete": true, "ids": [driver]}),
        Some(&t.b.admin),
    )
    .await
    .code(7);

    // Responsible members: members of the vehicle's enterprise only.
    let set = app
        .post(
            &path("correlation/set_user"),
            &json!({"carId": car, "userIds": [t.a.member_id]}),
            Some(tok),
        )
        .await
        .ok();
    assert_eq!(set[0]["userId"], t.a.member_id);
    assert!(set[0]["phone"].as_str().unwrap().contains("****"));
    app.post(
        &path("correlation/set_user"),
        &json!({"carId": car, "userIds": [t.b.member_id]}),
        Some(tok),
    )
    .await
    .code(7);
    let got = app
        .post(&path("correlation/user"), &json!({"carId": car}), Some(tok))
        .await
        .ok();
    assert_eq!(got.as_array().unwrap().len(), 1);
    // watchList4 for a member's vehicles.
    create_id(&app, tok, json!({"plate": "ZZA-D2"})).await;
    let mine = app
        .post(
            &path("watchList4"),
            &json!({"uid": t.a.member_id}),
            Some(tok),
        )
        .await
        .ok();
    assert_eq!(mine["total"], 1);

    let gone = app
        .post(
            &path("update_driver"),
            &json!({"delete": true, "ids": [driver]}),
            Some(tok),
        )
        .await
        .ok();
    assert_eq!(gone["affected"], 1);
    let info = app
        .post(&path("carInfo"), &json!({"carId": car}), Some(tok))
        .await
        .ok();
    assert_eq!(info["drivers"], json!([]));
}

#[tokio::test]
async fn receivers_bind_and_vehicles_transfer_with_their_devices() {
    let app = spawn_app().await;
    let t = tenants::two_trees(&app).await;
    let tok = &t.a.admin;
    let car = create_id(&app, tok, json!({"plate": "ZZA-I1"})).await;
    let car2 = create_id(&app, tok, json!({"plate": "ZZA-I2"})).await;
    let rx = insert_receiver(&app, t.a.root, "861000000000001").await;
    insert_receiver(&app, t.b.root, "869000000000001").await;
    app.post(
        &path("updateImei"),
        &json!({"carId": car, "imei": "861000000000001"}),
        Some(tok),
    )
    .await
    .ok();
    let info = app
        .post(&path("carInfo"), &json!({"carId": car}), Some(tok))
        .await
        .ok();
    assert_eq!(info["device"]["imei"], "861000000000001");
    let feed = app
        .post(&path("watchList4"), &json!({}), Some(tok))
        .await
        .ok();
    let e = feed["deviceList"]
        .as_array()
        .unwrap()
        .iter()
        .find(|e| e["i"] == car)
        .cloned()
        .unwrap();
    assert_eq!(e["im"], "861000000000001");
    // Taken, foreign, unknown.
    for imei in ["861000000000001", "869000000000001", "000"] {
        app.post(
            &path("updateImei"),
            &json!({"carId": car2, "imei": imei}),
            Some(tok),
        )
        .await
        .code(7);
    }
    // Transfer to the child: vehicle and receiver move; to tree B: refused.
    let before = all_table_counts(&app.state.db).await;
    app.post(
        &path("transfer"),
        &json!({"carIds": [car], "entId": t.b.root}),
        Some(tok),
    )
    .await
    .code(7);
    app.post(
        &path("transfer"),
        &json!({"carIds": [car, 4242], "entId": t.a.child}),
        Some(tok),
    )
    .await
    .code(7);
    assert_eq!(all_table_counts(&app.state.db).await, before);
    let moved = app
        .post(
            &path("transfer"),
            &json!({"carIds": [car], "entId": t.a.child}),
            Some(tok),
        )
        .await
        .ok();
    assert_eq!(moved["affected"], 1);
    let d = device::Entity::find_by_id(rx)
        .one(&app.state.db)
        .await
        .unwrap()
        .unwrap();
    assert_eq!(d.enterprise_id, t.a.child);
    let info = app
        .post(&path("carInfo"), &json!({"carId": car}), Some(tok))
        .await
        .ok();
    assert_eq!(info["enterpriseId"], t.a.child);
    // Unbind.
    app.post(
        &path("updateImei"),
        &json!({"carId": car, "imei": ""}),
        Some(tok),
    )
    .await
    .ok();
    let d = device::Entity::find_by_id(rx)
        .one(&app.state.db)
        .await
        .unwrap()
        .unwrap();
    assert_eq!(d.vehicle_id, None);
}

#[tokio::test]
async fn settings_sync_demo_and_pickers() {
    let app = spawn_app().await;
    let t = tenants::two_trees(&app).await;
    let tok = &t.a.admin;
    let demo = app
        .post(&path("found_demonstration"), &json!({}), Some(tok))
        .await
        .ok();
    let ids: Vec<i64> = demo["carIds"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_i64().unwrap())
        .collect();
    assert_eq!(ids.len(), 5);
    app.post(&path("found_demonstration"), &json!({}), Some(tok))
        .await
        .code(7);
    let car = ids[0];
    let info = app
        .post(&path("carInfo"), &json!({"carId": car}), Some(tok))
        .await
        .ok();
    assert_eq!(info["trailerId"], ids[2]);

    app.post(
        &path("setSupportSwing"),
        &json!({"carIds": [car, ids[1]], "supportSwing": true}),
        Some(tok),
    )
    .await
    .ok();
    let swing = app
        .post(
            &path("save_swing"),
            &json!({"carId": car, "swing": {"yard": "East", "maxTrailers": 2}}),
            Some(tok),
        )
        .await
        .ok();
    assert_eq!(swing["supportSwing"], true);
    assert_eq!(swing["swing"]["yard"], "East");
    app.post(
        &path("save_swing"),
        &json!({"carId": car, "swing": [1]}),
        Some(tok),
    )
    .await
    .code(7);
    let got = app
        .post(
            &path("get_swing"),
            &json!({"carId": ids[1]}),
            Some(&t.a.member),
        )
        .await
        .ok();
    assert_eq!(got["supportSwing"], true);
    let setting = app
        .post(
            &path("device_setting"),
            &json!({"carId": car, "setting": {"interval": 30}}),
            Some(tok),
        )
        .await
        .ok();
    assert_eq!(setting["interval"], 30);
    let read = app
        .post(&path("device_setting"), &json!({"carId": car}), Some(tok))
        .await
        .ok();
    assert_eq!(read["interval"], 30);
    let all = app
        .post(&path("infoAll"), &json!({"carId": car}), Some(tok))
        .await
        .ok();
    assert_eq!(all["supportSwing"], true);
    assert_eq!(all["deviceSetting"]["interval"], 30);
    assert_eq!(all["swaps"].as_array().unwrap().len(), 1);

    report(&app, car, 10.0, false).await;
    let states = app
        .post(
            &path("state_list"),
            &json!({"carIds": [car, ids[1]]}),
            Some(tok),
        )
        .await
        .ok();
    assert_eq!(states.as_array().unwrap().len(), 2);
    assert_eq!(states[0]["state"]["speed"], 10.0);

    let sync = app
        .post(&path("synchronization"), &json!({"platform": 1}), Some(tok))
        .await
        .ok();
    assert_eq!(sync["summary"]["vehicles"], 5);
    assert_eq!(sync["summary"]["added"].as_array().unwrap().len(), 5);
    app.post(&path("delCar"), &json!({"carIds": [ids[4]]}), Some(tok))
        .await
        .ok();
    let sync = app
        .post(&path("synchronization"), &json!({"platform": 1}), Some(tok))
        .await
        .ok();
    assert_eq!(
        sync["summary"]["removed"],
        json!([format!("DEMO{}-5", t.a.root)])
    );
    app.post(
        &path("synchronization"),
        &json!({"platform": 99}),
        Some(tok),
    )
    .await
    .code(7);
    let records = app
        .post(&path("synchronization2"), &json!({}), Some(tok))
        .await
        .ok();
    assert_eq!(records["total"], 2);
    assert_eq!(
        app.post(&path("synchronization2"), &json!({}), Some(&t.b.admin))
            .await
            .ok()["total"],
        0
    );

    let firms = app
        .post(
            &path("searchFirms"),
            &json!({"keyword": "branch"}),
            Some(tok),
        )
        .await
        .ok();
    assert_eq!(firms.as_array().unwrap().len(), 1);
    assert_eq!(firms[0]["entId"], t.a.child);
    let pics = app
        .post(&path("getPicture"), &json!({}), Some(tok))
        .await
        .ok();
    assert_eq!(pics.as_array().unwrap().len(), 12);
}

/// Tree A never sees or changes tree B's vehicles through these calls.
#[tokio::test]
async fn vehicle_calls_keep_tenants_apart() {
    let app = spawn_app().await;
    let t: Tenants = tenants::two_trees(&app).await;
    let b_car = create_id(&app, &t.b.admin, json!({"plate": "ZZB-V1"})).await;
    let b_trailer = create_id(&app, &t.b.admin, json!({"plate": "ZZB-V2", "kind": 1})).await;
    insert_receiver(&app, t.b.root, "869100000000001").await;
    let a_car = create_id(&app, &t.a.admin, json!({"plate": "ZZA-V1"})).await;
    app.post(&path("found_demonstration"), &json!({}), Some(&t.b.admin))
        .await
        .ok();

    for call in [
        "watchList4",
        "list",
        "driverList",
        "trailerList",
        "analyse_trailer",
        "synchronization2",
    ] {
        let data = app
            .post(&path(call), &json!({}), Some(&t.a.admin))
            .await
            .ok();
        assert!(
            !mentions(&data.to_string(), "ZZB")
                && !data.to_string().contains(&format!("DEMO{}", t.b.root)),
            "{call}: {data}"
        );
        let theirs = app
            .post(&path(call), &json!({"pageSize": 100}), Some(&t.b.admin))
            .await
            .ok();
        if matches!(call, "watchList4" | "list") {
            assert!(
                mentions(&theirs.to_string(), "ZZB"),
                "{call} reaches B's rows"
            );
        }
    }
    let stats = app
        .post(&path("statistics"), &json!({}), Some(&t.a.admin))
        .await
        .ok();
    assert_eq!(stats["all"], 1);

    let before = all_table_counts(&app.state.db).await;
    let snapshot = wheelend_tests::fingerprint(&app.state.db).await;
    for (call, body) in [
        ("carInfo", json!({"carId": b_car})),
        ("infoAll", json!({"carId": b_car})),
        ("getSensor", json!({"carId": b_car})),
        ("axle_list", json!({"carId": b_car})),
        ("get_swing", json!({"carId": b_car})),
        ("device_setting", json!({"carId": b_car})),
        ("correlation/user", json!({"carId": b_car})),
        ("updateCarInfo", json!({"carId": b_car, "remark": "x"})),
        (
            "updateCarInfo",
            json!({"plate": "ZZA-X", "entId": t.b.root}),
        ),
        ("delCar", json!({"carIds": [b_car]})),
        ("updatePlate", json!({"carId": b_car, "plate": "ZZA-9"})),
        (
            "updateImei",
            json!({"carId": a_car, "imei": "869100000000001"}),
        ),
        ("updateImei", json!({"carId": b_car, "imei": ""})),
        ("transfer", json!({"carIds": [b_car], "entId": t.a.root})),
        ("set_install", json!({"carIds": [b_car], "installState": 1})),
        ("attention", json!({"carId": b_car, "attention": true})),
        ("axle/change", json!({"carId": b_car, "axleLayout": "2"})),
        (
            "trailerChange",
            json!({"carId": a_car, "trailerId": b_trailer}),
        ),
        ("trailerChange", json!({"carId": b_car, "trailerId": 0})),
        (
            "exchangeTrailer",
            json!({"carId": a_car, "otherCarId": b_car}),
        ),
        (
            "correlation/set_user",
            json!({"carId": b_car, "userIds": []}),
        ),
        (
            "setSupportSwing",
            json!({"carIds": [b_car], "supportSwing": true}),
        ),
        ("save_swing", json!({"carId": b_car, "swing": {}})),
        ("device_setting", json!({"carId": b_car, "setting": {}})),
        ("synchronization", json!({"entId": t.b.root})),
        ("found_demonstration", json!({"entId": t.b.root})),
        ("update_driver", json!({"name": "X", "entId": t.b.root})),
        ("watchList4", json!({"entId": t.b.root})),
        ("statistics", json!({"entId": t.b.root})),
    ] {
        let msg = app.post(&path(call), &body, Some(&t.a.admin)).await.code(7);
        assert!(!mentions(&msg, "ZZB"), "{call} leaks: {msg}");
    }
    let states = app
        .post(
            &path("state_list"),
            &json!({"carIds": [b_car]}),
            Some(&t.a.admin),
        )
        .await
        .ok();
    assert_eq!(states, json!([]));
    assert_eq!(all_table_counts(&app.state.db).await, before);
    assert_eq!(wheelend_tests::fingerprint(&app.state.db).await, snapshot);
    // B's member reads but A's does not.
    app.post(
        &path("carInfo"),
        &json!({"carId": b_car}),
        Some(&t.b.member),
    )
    .await
    .ok();
}

/// A one-sheet XLSX file (inline strings, stored without compression).
fn xlsx(rows: &[&[&str]]) -> Vec<u8> {
    use std::io::Write;
    let mut sheet = String::from(
        r#"<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>"#,
    );
    for (r, row) in rows.iter().enumerate() {
        sheet.push_str(&format!(r#"<row r="{}">"#, r + 1));
        for (c, cell) in row.iter().enumerate() {
            let col = char::from(b'A' + u8::try_from(c).unwrap());
            sheet.push_str(&format!(
                r#"<c r="{col}{}" t="inlineStr"><is><t>{cell}</t></is></c>"#,
                r + 1
            ));
        }
        sheet.push_str("</row>");
    }
    sheet.push_str("</sheetData></worksheet>");
    let files = [
        ("[Content_Types].xml", r#"<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>"#.to_owned()),
        ("_rels/.rels", r#"<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>"#.to_owned()),
        ("xl/workbook.xml", r#"<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>"#.to_owned()),
        ("xl/_rels/workbook.xml.rels", r#"<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>"#.to_owned()),
        ("xl/worksheets/sheet1.xml", sheet),
    ];
    let mut zip = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
    let stored =
        zip::write::SimpleFileOptions::default().compression_method(zip::CompressionMethod::Stored);
    for (name, body) in files {
        zip.start_file(name, stored).unwrap();
        zip.write_all(body.as_bytes()).unwrap();
    }
    zip.finish().unwrap().into_inner()
}

async fn import_file(
    app: &TestApp,
    token: &str,
    table: &str,
    file: Vec<u8>,
) -> wheelend_tests::Answer {
    let form = reqwest::multipart::Form::new()
        .text("table", table.to_owned())
        .part(
            "file",
            reqwest::multipart::Part::bytes(file).file_name("upload.xlsx"),
        );
    app.send(
        app.client
            .post(app.url("/api/web/tool/csv?lang=en"))
            .header("x-token", token)
            .multipart(form),
    )
    .await
}

#[tokio::test]
async fn vehicles_and_drivers_import_from_csv_and_xlsx_all_or_nothing() {
    let app = spawn_app().await;
    let t = tenants::two_trees(&app).await;
    let admin = &t.platform;
    create_id(&app, &t.a.admin, json!({"plate": "ZZA-OLD"})).await;
    let group = add_group(&app, &t.a.admin, "West").await;
    let ent = "Alpha Freight ZZA";
    let bad = format!(
        "plate,vin,kind,axleLayout,enterprise,group\n\
         zza-n1,,0,\"2,4,4\",{ent},West\n\
         ZZA-N1,,0,\"2,4\",{ent},\n\
         zza-old,,0,\"2,4\",{ent},\n\
         ZZA-N2,,0,\"2,3\",{ent},\n\
         ,,0,\"2,4\",{ent},\n\
         ZZA-N3,,7,\"2,4\",Nobody Ltd,\n\
         ZZA-N4,,0,\"2,4\",{ent},East\n"
    );
    let before = all_table_counts(&app.state.db).await;
    let answer = app
        .post(
            "/api/web/tool/csv?lang=en",
            &json!({"table": "vehicles", "content": bad}),
            Some(admin),
        )
        .await;
    let msg = answer.code(7);
    assert!(msg.contains("nothing was written"), "{msg}");
    let errors = answer.envelope().data;
    let rows: Vec<(i64, String)> = errors
        .as_array()
        .unwrap()
        .iter()
        .map(|e| {
            (
                e["row"].as_i64().unwrap(),
                e["column"].as_str().unwrap().to_owned(),
            )
        })
        .collect();
    for expected in [
        (3, "plate"),
        (4, "plate"),
        (5, "axleLayout"),
        (6, "plate"),
        (7, "kind"),
        (7, "enterprise"),
        (8, "group"),
    ] {
        assert!(
            rows.contains(&(expected.0, expected.1.to_owned())),
            "{expected:?} in {errors}"
        );
    }
    assert!(
        !rows.iter().any(|(r, _)| *r == 2),
        "row 2 is fine: {errors}"
    );
    assert_eq!(all_table_counts(&app.state.db).await, before);

    let good = format!(
        "Plate,VIN,axle_layout,enterprise,group,remark\n\
         zza-n1,lfw1,\"2,4,4\",{ent},West,first\n\
         ZZA-N2,,,{},,\n",
        t.a.child
    );
    let report = app
        .api_web_tool_csv(&json!({"table": "vehicles", "content": good}), Some(admin))
        .await
        .ok();
    assert_eq!(report["inserted"], 2);
    let listed = app
        .post(
            &path("list"),
            &json!({"keyword": "ZZA-N", "sort": "plate", "order": "asc"}),
            Some(&t.a.admin),
        )
        .await
        .ok();
    assert_eq!(listed["total"], 2);
    assert_eq!(listed["list"][0]["groupId"], group);
    assert_eq!(listed["list"][0]["vin"], "LFW1");
    assert_eq!(listed["list"][1]["enterpriseId"], t.a.child);
    let n1 = listed["list"][0]["carId"].as_i64().unwrap();
    let info = app
        .post(&path("carInfo"), &json!({"carId": n1}), Some(&t.a.admin))
        .await
        .ok();
    assert_eq!(info["wheels"].as_array().unwrap().len(), 10);
    assert!(info["state"].is_object());

    // XLSX: drivers, then vehicles with a bad row.
    let drivers = xlsx(&[
        &["name", "phone", "license", "enterprise"],
        &["Li Lei", "13911112222", "L-9", ent],
        &["Han Meimei", "", "", ent],
    ]);
    let report = import_file(&app, admin, "drivers", drivers).await.ok();
    assert_eq!(report["inserted"], 2);
    let listed = app
        .post(&path("driverList"), &json!({}), Some(&t.a.admin))
        .await
        .ok();
    assert_eq!(listed["total"], 2);
    let before = all_table_counts(&app.state.db).await;
    let vehicles = xlsx(&[
        &["plate", "axleLayout", "enterprise"],
        &["ZZA-X1", "2,4", ent],
        &["ZZA-X2", "9", ent],
        &["ZZA-X1", "2,4", ent],
    ]);
    let answer = import_file(&app, admin, "vehicles", vehicles).await;
    answer.code(7);
    let rows: Vec<i64> = answer
        .envelope()
        .data
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["row"].as_i64().unwrap())
        .collect();
    assert_eq!(rows, [3, 4]);
    assert_eq!(all_table_counts(&app.state.db).await, before);
    let broken = import_file(&app, admin, "vehicles", b"PK\x03\x04not really".to_vec()).await;
    assert!(broken.code(7).contains("nothing was written"));
}

/// The id of the row named `name` in a catalogue answer (a list).
fn id_named(list: &Value, name: &str) -> i64 {
    list.as_array()
        .unwrap()
        .iter()
        .find(|r| r["name"] == name)
        .unwrap_or_else(|| panic!("{name} in {list}"))["id"]
        .as_i64()
        .unwrap()
}

#[tokio::test]
async fn vehicles_take_their_model_from_the_catalogue() {
    let app = spawn_app().await;
    let t = tenants::two_trees(&app).await;
    let (a, b) = (&t.a.admin, &t.b.admin);
    let catalogue = |call: &str, token: &str, body: Value| {
        let url = format!("/api/web/carType/{call}?lang=en");
        let token = token.to_owned();
        let app = &app;
        async move { app.post(&url, &body, Some(&token)).await }
    };
    let brands = catalogue("inUpCarBrands", a, json!({"name": "Foton"}))
        .await
        .ok();
    let foton = id_named(&brands, "Foton");
    let other = id_named(
        &catalogue("inUpCarBrands", a, json!({"name": "Shacman"}))
            .await
            .ok(),
        "Shacman",
    );
    let auman = id_named(
        &catalogue(
            "inUpCarSeries",
            a,
            json!({"brandId": foton, "name": "Auman EST"}),
        )
        .await
        .ok(),
        "Auman EST",
    );
    let tractor = id_named(
        &catalogue(
            "inUpCarClass",
            a,
            json!({"name": "Tractor 6x4", "kind": 0, "axleLayout": "2,4,4", "deviceTypeId": 3}),
        )
        .await
        .ok(),
        "Tractor 6x4",
    );
    let b_brand = id_named(
        &catalogue("inUpCarBrands", b, json!({"name": "ZZB Dongfeng"}))
            .await
            .ok(),
        "ZZB Dongfeng",
    );

    // searchCarType finds brands, series with their brand, and classes; not tree B's.
    let hits = app
        .post(&path("searchCarType"), &json!({"keyword": "a"}), Some(a))
        .await
        .ok();
    let kinds: Vec<(&str, &str)> = hits
        .as_array()
        .unwrap()
        .iter()
        .map(|h| (h["kind"].as_str().unwrap(), h["name"].as_str().unwrap()))
        .collect();
    assert!(kinds.contains(&("brand", "Shacman")), "{kinds:?}");
    assert!(kinds.contains(&("series", "Auman EST")), "{kinds:?}");
    assert!(kinds.contains(&("class", "Tractor 6x4")), "{kinds:?}");
    assert!(!mentions(&hits.to_string(), "ZZB"));
    let series_hit = hits
        .as_array()
        .unwrap()
        .iter()
        .find(|h| h["kind"] == "series")
        .unwrap();
    assert_eq!(series_hit["brandName"], "Foton");

    let car = create_id(&app, a, json!({"plate": "京A00001", "axleLayout": "2,4"})).await;
    let model = |body: Value| {
        let app = &app;
        let token = a.clone();
        async move { app.post(&path("upModelId"), &body, Some(&token)).await }
    };
    // A series alone brings its brand; the class sets the image.
    let done = model(json!({"carIds": [car], "seriesId": auman, "classId": tractor}))
        .await
        .ok();
    assert_eq!(done["affected"], 1);
    let info = app
        .post(&path("carInfo"), &json!({"carId": car}), Some(a))
        .await
        .ok();
    assert_eq!(
        (
            &info["brandId"],
            &info["seriesId"],
            &info["classId"],
            &info["deviceTypeId"]
        ),
        (&json!(foton), &json!(auman), &json!(tractor), &json!(3))
    );

    // Refused, nothing changed: a series of another brand, tree B's brand, unknown ids, a
    // foreign vehicle, no vehicles, a wrong type.
    let b_car = create_id(&app, b, json!({"plate": "京B00002", "axleLayout": "2,4"})).await;
    let before = all_table_counts(&app.state.db).await;
    let msg = model(json!({"carIds": [car], "brandId": other, "seriesId": auman}))
        .await
        .code(7);
    assert!(msg.contains("not of brand"), "{msg}");
    let msg = model(json!({"carIds": [car], "brandId": b_brand}))
        .await
        .code(7);
    assert!(msg.contains("brandId"), "{msg}");
    model(json!({"carIds": [car], "classId": 999_999}))
        .await
        .code(7);
    model(json!({"carIds": [car, b_car], "brandId": foton}))
        .await
        .code(7);
    model(json!({"carIds": [], "brandId": foton})).await.code(7);
    let msg = model(json!({"carIds": [car], "brandId": "Foton"}))
        .await
        .code(7);
    assert!(msg.contains("brandId"), "{msg}");
    assert_eq!(before, all_table_counts(&app.state.db).await);
    let info_after = app
        .post(&path("carInfo"), &json!({"carId": car}), Some(a))
        .await
        .ok();
    assert_eq!(info_after["brandId"], json!(foton), "unchanged");

    // updateCarInfo checks the model the same way; 0 clears it.
    let msg = app
        .post(
            &path("updateCarInfo"),
            &json!({"carId": car, "brandId": b_brand}),
            Some(a),
        )
        .await
        .code(7);
    assert!(msg.contains("brandId"), "{msg}");
    let cleared = create(
        &app,
        a,
        json!({"carId": car, "brandId": 0, "seriesId": 0, "classId": 0}),
    )
    .await;
    assert!(cleared["brandId"].is_null() && cleared["seriesId"].is_null());
}
