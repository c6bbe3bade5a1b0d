//! Vehicle records: create, edit and delete with wheels, receivers and transfers, models, tenants kept apart.

use super::{all_table_counts, create, create_id, path};
use chrono::Utc;
use entities::{device, vehicle_wheel};
use sea_orm::{ActiveModelTrait, ColumnTrait, EntityTrait, QueryFilter, Set};
use serde_json::Value;
use wheelend_tests::tenants::{self, Tenants, add_group, mentions};
use wheelend_tests::{TestApp, json, spawn_app};

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
