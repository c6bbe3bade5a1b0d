//! Catalogues and the calls over a vehicle's history: every call with its real effect, bad
//! input, and the tenant matrix (tree B's user never reads or changes tree A's history, a
//! maintenance-custody partner handles alarms, a cooperation partner only reads).
//!
//! History is written through the service API ingestion uses (`history::record_*`,
//! `alarms::raise`); vehicles are inserted by [`seed_vehicle`] while the vehicle CRUD calls
//! are built elsewhere.

use chrono::{DateTime, Duration, TimeZone, Utc};
use domain::vehicle::alarms::{self, Raise};
use domain::vehicle::history::{self, AXLE, SPRAY_ACTIVATION, SprayRecord, TYRE};
use entities::wheel_values::{self, WheelValue};
use entities::{relation, relation_vehicle, vehicle, vehicle_state, vehicle_wheel};
use sea_orm::{ActiveModelTrait, EntityTrait, FromQueryResult, JsonValue, Set, Statement};
use serde_json::Value;
use wheelend_tests::tenants::{self, Tenants, mentions, rows};
use wheelend_tests::{TestApp, json, spawn_app};

/// The tables these calls write, to prove a refused call changed nothing.
const TABLES: &[&str] = &[
    "car_brands",
    "car_series",
    "car_classes",
    "tyre_brands",
    "tyres",
    "vehicle_alarms",
    "daily_mileage",
    "trips",
    "car_services",
    "tread_depths",
    "vehicle_states",
];

async fn snapshot(app: &TestApp) -> Vec<Vec<JsonValue>> {
    let db = &app.state.db;
    let mut out = Vec::new();
    for t in TABLES {
        out.push(
            JsonValue::find_by_statement(Statement::from_string(
                db.get_database_backend(),
                format!("SELECT * FROM \"{t}\" ORDER BY 1, 2"),
            ))
            .all(db)
            .await
            .unwrap(),
        );
    }
    out
}

/// A vehicle of `enterprise` with wheels for `layout` ("2,4") and a live state row.
async fn seed_vehicle(app: &TestApp, enterprise: i64, plate: &str, layout: &str) -> i64 {
    let db = &app.state.db;
    let now = Utc::now();
    let v = vehicle::ActiveModel {
        enterprise_id: Set(enterprise),
        plate: Set(plate.into()),
        vin: Set(String::new()),
        kind: Set(0),
        device_type_id: Set(0),
        head_img_url: Set(String::new()),
        axle_layout: Set(layout.into()),
        install_state: Set(1),
        power_supply: Set(0),
        recharge: Set(false),
        remark: Set(String::new()),
        created_at: Set(now),
        updated_at: Set(now),
        ..Default::default()
    }
    .insert(db)
    .await
    .unwrap();
    let mut latest = Vec::new();
    for (axle, wheels) in layout.split(',').enumerate() {
        let axle = i16::try_from(axle + 1).unwrap();
        for wheel in 1..=wheels.parse::<i16>().unwrap() {
            latest.push(WheelValue {
                kind: TYRE,
                position: i32::from(axle * 10 + wheel),
                pressure: Some(8.5),
                temp: Some(40.0),
                battery: Some(90),
                status: 0,
                read_at: Some(now.timestamp_millis()),
            });
            vehicle_wheel::ActiveModel {
                vehicle_id: Set(v.id),
                position: Set(i32::from(axle * 10 + wheel)),
                axle: Set(axle),
                tyre_id: Set(None),
                sensor_no: Set(None),
            }
            .insert(db)
            .await
            .unwrap();
        }
    }
    vehicle_state::ActiveModel {
        vehicle_id: Set(v.id),
        lat: Set(Some(30.0)),
        lon: Set(Some(120.0)),
        speed: Set(0.0),
        direction: Set(0),
        address: Set(String::new()),
        gps_at: Set(Some(now)),
        final_at: Set(Some(now)),
        online: Set(true),
        ignition: Set(false),
        alarm: Set(false),
        alarm_type: Set(0),
        alarm_level: Set(0),
        tp_flags: Set(32),
        axle_flags: Set(0),
        temp_difference24h: Set(false),
        high_temp24h: Set(false),
        battery: Set(None),
        voltage: Set(None),
        closed: Set(false),
        updated_at: Set(now),
        wheels: Set(Some(wheel_values::encode(&latest))),
    }
    .insert(db)
    .await
    .unwrap();
    v.id
}

/// A confirmed relation from `grantor` to `grantee` of `kind` covering `vehicle`.
async fn relate(app: &TestApp, grantor: i64, grantee: i64, kind: i16, vehicle: i64) {
    let db = &app.state.db;
    let now = Utc::now();
    let r = relation::ActiveModel {
        enterprise_id: Set(grantor),
        related_id: Set(grantee),
        relation_type: Set(kind),
        state: Set(1),
        initiator_id: Set(grantor),
        requested_by: Set(None),
        remark: Set(String::new()),
        reason: Set(String::new()),
        created_at: Set(now),
        updated_at: Set(now),
        confirmed_at: Set(Some(now)),
        ended_at: Set(None),
        ..Default::default()
    }
    .insert(db)
    .await
    .unwrap();
    relation_vehicle::Entity::insert(relation_vehicle::ActiveModel {
        relation_id: Set(r.id),
        vehicle_id: Set(vehicle),
    })
    .exec(db)
    .await
    .unwrap();
}

fn day0() -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 11, 10, 8, 0, 0).unwrap()
}

/// One day of history for `v`: a 10-minute drive north at 60 km/h then a 10-minute stop,
/// tyre readings, hub temperatures with a braking peak at 11 and a steady 21, one spray
/// activation.
async fn record_day(app: &TestApp, v: i64) {
    let db = &app.state.db;
    let t0 = day0();
    let mut fixes = Vec::new();
    for i in 0..=20 {
        let moving = (1..=10).contains(&i);
        let lat = 30.0 + 0.01 * f64::from(i.min(10));
        fixes.push(entities::position::Model {
            vehicle_id: v,
            ts: t0 + Duration::minutes(i64::from(i)),
            lat,
            lon: 120.0,
            speed: if moving { 60.0 } else { 0.0 },
            direction: 0,
            ignition: true,
            mileage: None,
        });
    }
    assert_eq!(history::record_positions(db, &fixes).await.unwrap(), 21);
    // A duplicate report is dropped.
    assert_eq!(history::record_positions(db, &fixes[..3]).await.unwrap(), 0);
    let mut frames = Vec::new();
    for i in 0..10 {
        let ts = t0 + Duration::minutes(i);
        let mut wheels = vec![WheelValue {
            kind: TYRE,
            position: 11,
            pressure: Some(8.5 - 0.1 * i as f64),
            temp: Some(40.0),
            battery: Some(90),
            status: 0,
            read_at: None,
        }];
        let hub = if i == 5 { 95.0 } else { 50.0 + i as f64 };
        for (pos, temp) in [(11, hub), (12, 50.0)] {
            wheels.push(WheelValue {
                kind: AXLE,
                position: pos,
                pressure: None,
                temp: Some(temp),
                battery: None,
                status: 0,
                read_at: None,
            });
        }
        frames.push(entities::wheel_frame::Model {
            vehicle_id: v,
            ts,
            wheels: wheel_values::encode(&wheels),
        });
    }
    assert_eq!(history::record_frames(db, &frames).await.unwrap(), 10);
    // A report stored twice is kept once.
    assert_eq!(history::record_frames(db, &frames[..2]).await.unwrap(), 0);
    let started = Utc::now() - Duration::hours(1);
    let mut spray = SprayRecord {
        vehicle_id: v,
        position: 11,
        kind: SPRAY_ACTIVATION,
        started_at: started,
        ended_at: None,
        temp: Some(95.0),
    };
    history::record_spray(db, &[spray.clone()]).await.unwrap();
    // The end arrives later: same start, the event is completed.
    spray.ended_at = Some(started + Duration::minutes(2));
    spray.temp = Some(96.0);
    history::record_spray(db, &[spray]).await.unwrap();
}

fn range() -> Value {
    json!({"start": day0() - Duration::hours(1), "end": day0() + Duration::hours(2)})
}

#[tokio::test]
async fn car_catalogue_owns_names_and_refuses_deleting_what_is_used() {
    let app = spawn_app().await;
    let t = tenants::two_trees(&app).await;
    // Platform staff create a platform-wide brand; A's admin sees it but may not change it.
    let all = app
        .api_web_car_type_in_up_car_brands(&json!({"name": "Sinotruk"}), Some(&t.platform))
        .await
        .ok();
    let platform_brand = rows(&all).iter().find(|b| b["name"] == "Sinotruk").unwrap()["id"]
        .as_i64()
        .unwrap();
    assert!(rows(&all)[0]["entId"].is_null());
    let before = snapshot(&app).await;
    let msg = app
        .api_web_car_type_in_up_car_brands(
            &json!({"id": platform_brand, "name": "Hijacked"}),
            Some(&t.a.admin),
        )
        .await
        .code(7);
    assert!(mentions(&msg, "Sinotruk"), "{msg}");
    // A's own brand; its name may not repeat a platform one.
    app.api_web_car_type_in_up_car_brands(&json!({"name": "Sinotruk"}), Some(&t.a.admin))
        .await
        .code(7);
    app.api_web_car_type_in_up_car_brands(&json!({"name": "  "}), Some(&t.a.admin))
        .await
        .code(7);
    app.api_web_car_type_in_up_car_brands(&json!({"name": 5}), Some(&t.a.admin))
        .await
        .code(7);
    assert_eq!(snapshot(&app).await, before, "refusals changed nothing");
    let mine = app
        .api_web_car_type_in_up_car_brands(
            &json!({"name": "Alpha Trucks ZZA", "sort": 1}),
            Some(&t.a.admin),
        )
        .await
        .ok();
    let brand = rows(&mine)
        .iter()
        .find(|b| b["name"] == "Alpha Trucks ZZA")
        .unwrap()["id"]
        .as_i64()
        .unwrap();
    let series = app
        .api_web_car_type_in_up_car_series(
            &json!({"brandId": brand, "name": "H7"}),
            Some(&t.a.admin),
        )
        .await
        .ok();
    let series_id = rows(&series)[0]["id"].as_i64().unwrap();
    app.api_web_car_type_in_up_car_series(
        &json!({"brandId": brand, "name": "H7"}),
        Some(&t.a.admin),
    )
    .await
    .code(7);
    app.api_web_car_type_in_up_car_series(&json!({"name": "H9"}), Some(&t.a.admin))
        .await
        .code(7);
    // Renaming keeps the row.
    let renamed = app
        .api_web_car_type_in_up_car_series(
            &json!({"id": series_id, "name": "H7 Pro"}),
            Some(&t.a.admin),
        )
        .await
        .ok();
    assert_eq!(rows(&renamed)[0]["name"], "H7 Pro");
    let listed = app
        .api_web_car_type_car_series_all(&json!({"brandId": brand}), Some(&t.a.member))
        .await
        .ok();
    assert_eq!(rows(&listed).len(), 1);
    let classes = app
        .api_web_car_type_in_up_car_class(
            &json!({"name": "Tractor 6x4", "kind": 0, "axleLayout": "2, 4,4", "deviceTypeId": 3}),
            Some(&t.a.admin),
        )
        .await
        .ok();
    assert_eq!(rows(&classes)[0]["axleLayout"], "2,4,4");
    let class_id = rows(&classes)[0]["id"].as_i64().unwrap();
    for bad in [
        json!({"name": "Bad", "axleLayout": "2,x"}),
        json!({"name": "Bad", "kind": 9}),
        json!({"name": "Bad", "deviceTypeId": 99}),
        json!({"name": "Tractor 6x4"}),
    ] {
        app.api_web_car_type_in_up_car_class(&bad, Some(&t.a.admin))
            .await
            .code(7);
    }
    // Tree B sees neither A's brand nor its class, and cannot touch them.
    let b_brands = app
        .api_web_car_type_car_brand_all(&json!({}), Some(&t.b.admin))
        .await
        .ok();
    assert!(!mentions(&b_brands.to_string(), "ZZA"));
    assert!(mentions(&b_brands.to_string(), "Sinotruk"));
    let b_classes = app
        .api_web_car_type_car_class(&json!({}), Some(&t.b.admin))
        .await
        .ok();
    assert!(rows(&b_classes).is_empty());
    let before = snapshot(&app).await;
    for (path, body) in [
        (
            "/api/web/carType/inUpCarBrands",
            json!({"id": brand, "delete": true}),
        ),
        (
            "/api/web/carType/inUpCarSeries",
            json!({"id": series_id, "name": "x"}),
        ),
        (
            "/api/web/carType/inUpCarClass",
            json!({"id": class_id, "delete": true}),
        ),
        ("/api/web/carType/carSeriesAll", json!({"brandId": brand})),
    ] {
        app.post(path, &body, Some(&t.b.admin)).await.code(7);
    }
    assert_eq!(snapshot(&app).await, before);
    // In use by a vehicle: delete refused, naming the brand; free again: deleted.
    let v = seed_vehicle(&app, t.a.root, "粤A10001", "2,4").await;
    let mut row: vehicle::ActiveModel = vehicle::Entity::find_by_id(v)
        .one(&app.state.db)
        .await
        .unwrap()
        .unwrap()
        .into();
    row.brand_id = Set(Some(brand));
    row.series_id = Set(Some(series_id));
    row.class_id = Set(Some(class_id));
    let row = row.update(&app.state.db).await.unwrap();
    let msg = app
        .api_web_car_type_in_up_car_brands(&json!({"id": brand, "delete": true}), Some(&t.a.admin))
        .await
        .code(7);
    assert!(mentions(&msg, "Alpha Trucks ZZA"), "{msg}");
    app.api_web_car_type_in_up_car_series(
        &json!({"id": series_id, "delete": true}),
        Some(&t.a.admin),
    )
    .await
    .code(7);
    app.api_web_car_type_in_up_car_class(
        &json!({"id": class_id, "delete": true}),
        Some(&t.a.admin),
    )
    .await
    .code(7);
    let mut row: vehicle::ActiveModel = row.into();
    row.brand_id = Set(None);
    row.series_id = Set(None);
    row.class_id = Set(None);
    row.update(&app.state.db).await.unwrap();
    let left = app
        .api_web_car_type_in_up_car_brands(&json!({"id": brand, "delete": true}), Some(&t.a.admin))
        .await
        .ok();
    assert!(!mentions(&left.to_string(), "ZZA"));
    let left = app
        .api_web_car_type_in_up_car_class(
            &json!({"id": class_id, "delete": true}),
            Some(&t.a.admin),
        )
        .await
        .ok();
    assert!(rows(&left).is_empty());
}

#[tokio::test]
async fn tyre_catalogue_lists_sizes_and_patterns_and_refuses_deleting_what_is_used() {
    let app = spawn_app().await;
    let t = tenants::two_trees(&app).await;
    let brands = app
        .api_web_tyre_in_up_tyre_brands(&json!({"name": "Double Coin ZZA"}), Some(&t.a.admin))
        .await
        .ok();
    let brand = rows(&brands)[0]["id"].as_i64().unwrap();
    app.api_web_tyre_in_up_tyre_brands(&json!({"name": "Double Coin ZZA"}), Some(&t.a.admin))
        .await
        .code(7);
    let tyre = app
        .api_web_tyre_in_up_tyre(
            &json!({"brandId": brand, "model": "RR202", "spec": "295/80R22.5", "grain": "rib",
                    "treadDepth": 16.5, "pressure": 9.0}),
            Some(&t.a.admin),
        )
        .await
        .ok();
    assert_eq!(tyre["brandName"], "Double Coin ZZA");
    let tyre_id = tyre["id"].as_i64().unwrap();
    app.api_web_tyre_in_up_tyre(
        &json!({"brandId": brand, "model": "RLB400", "spec": "12R22.5", "grain": "block"}),
        Some(&t.a.admin),
    )
    .await
    .ok();
    let before = snapshot(&app).await;
    for bad in [
        json!({"brandId": brand, "model": "RR202", "spec": "295/80R22.5"}),
        json!({"brandId": brand, "model": "X"}),
        json!({"brandId": brand, "model": "X", "spec": "1", "pressure": 99}),
        json!({"brandId": 999_999, "model": "X", "spec": "1"}),
        json!({"model": "X", "spec": "1"}),
        json!({"brandId": "one", "model": "X", "spec": "1"}),
    ] {
        app.api_web_tyre_in_up_tyre(&bad, Some(&t.a.admin))
            .await
            .code(7);
    }
    assert_eq!(snapshot(&app).await, before);
    let sizes = app
        .api_web_tyre_spec(&json!({"brandId": brand}), Some(&t.a.member))
        .await
        .ok();
    assert_eq!(sizes, json!(["12R22.5", "295/80R22.5"]));
    let patterns = app
        .api_web_tyre_grain_size(&json!({"spec": "12R22.5"}), Some(&t.a.member))
        .await
        .ok();
    assert_eq!(patterns, json!(["block"]));
    let list = app
        .api_web_tyre_tyre_list(
            &json!({"keyword": "rr2", "pageSize": 10}),
            Some(&t.a.member),
        )
        .await
        .ok();
    assert_eq!(list["total"], 1);
    let counted = app
        .api_web_tyre_tyre_brand_all(&json!({}), Some(&t.a.member))
        .await
        .ok();
    assert_eq!(rows(&counted)[0]["tyreCount"], 2);
    // Tree B sees nothing of A's and cannot delete it.
    for path in [
        "/api/web/tyre/tyre_list",
        "/api/web/tyre/tyreBrandAll",
        "/api/web/tyre/spec",
    ] {
        let seen = app.post(path, &json!({}), Some(&t.b.admin)).await.ok();
        assert!(!mentions(&seen.to_string(), "ZZA"), "{path}: {seen}");
        assert!(!mentions(&seen.to_string(), "295/80"), "{path}: {seen}");
    }
    let before = snapshot(&app).await;
    app.api_web_tyre_del_tyre(&json!({"ids": [tyre_id]}), Some(&t.b.admin))
        .await
        .code(7);
    app.api_web_tyre_del_brand(&json!({"id": brand}), Some(&t.b.admin))
        .await
        .code(7);
    // In use: the brand has tyres, the tyre is on a wheel.
    let msg = app
        .api_web_tyre_del_brand(&json!({"id": brand}), Some(&t.a.admin))
        .await
        .code(7);
    assert!(mentions(&msg, "Double Coin"), "{msg}");
    assert_eq!(snapshot(&app).await, before);
    let v = seed_vehicle(&app, t.a.root, "粤A10002", "2").await;
    let mut wheel: vehicle_wheel::ActiveModel = vehicle_wheel::Entity::find_by_id((v, 11))
        .one(&app.state.db)
        .await
        .unwrap()
        .unwrap()
        .into();
    wheel.tyre_id = Set(Some(tyre_id));
    let wheel = wheel.update(&app.state.db).await.unwrap();
    app.api_web_tyre_del_tyre(&json!({"ids": [tyre_id]}), Some(&t.a.admin))
        .await
        .code(7);
    let mut wheel: vehicle_wheel::ActiveModel = wheel.into();
    wheel.tyre_id = Set(None);
    wheel.update(&app.state.db).await.unwrap();
    let all: Vec<i64> = rows(
        &app.api_web_tyre_tyre_list(&json!({}), Some(&t.a.admin))
            .await
            .ok(),
    )
    .iter()
    .map(|r| r["id"].as_i64().unwrap())
    .collect();
    app.api_web_tyre_del_tyre(&json!({"ids": all}), Some(&t.a.admin))
        .await
        .ok();
    app.api_web_tyre_del_brand(&json!({"ids": [brand]}), Some(&t.a.admin))
        .await
        .ok();
    let gone = app
        .api_web_tyre_tyre_brand_all(&json!({}), Some(&t.a.admin))
        .await
        .ok();
    assert!(rows(&gone).is_empty());
}

#[tokio::test]
async fn history_calls_read_what_ingestion_recorded() {
    let app = spawn_app().await;
    let t = tenants::two_trees(&app).await;
    let v = seed_vehicle(&app, t.a.root, "粤A20001", "2,4").await;
    record_day(&app, v).await;
    // The admin: a member (101) may only make read calls, and `authz::is_read_call` does not
    // yet list trip_management, itinerary, instant, brakingTp, spray, AbnormalTrack, pressure.
    let token = &t.a.admin;
    let day = json!({"vehicleId": v, "startDate": "2026-11-10", "endDate": "2026-11-10"});

    // compute: one trip of ~11.1 km, one day; running it again gives the same rows.
    let first = app.api_web_car_compute(&day, Some(&t.a.admin)).await.ok();
    assert_eq!(
        (first["trips"].clone(), first["days"].clone()),
        (json!(1), json!(1))
    );
    assert!(
        (first["km"].as_f64().unwrap() - 11.13).abs() < 0.05,
        "{first}"
    );
    let before = snapshot(&app).await;
    let again = app.api_web_car_compute(&day, Some(&t.a.admin)).await.ok();
    assert_eq!(again, first);
    // The same rows (a recomputed trip gets a new id).
    let without_ids = |mut tables: Vec<Vec<JsonValue>>| {
        for row in tables.iter_mut().flatten() {
            if let Some(o) = row.as_object_mut() {
                o.remove("id");
            }
        }
        tables
    };
    assert_eq!(
        without_ids(snapshot(&app).await),
        without_ids(before),
        "compute is idempotent"
    );
    app.api_web_car_compute(
        &json!({"vehicleId": v, "startDate": "2026-11-10", "endDate": "2026-09-01"}),
        Some(&t.a.admin),
    )
    .await
    .code(7);

    let trips = app
        .api_web_car_trip_management(&range(), Some(token))
        .await
        .ok();
    assert_eq!(trips["total"], 1);
    let trip = &rows(&trips)[0];
    assert_eq!(trip["plate"], "粤A20001");
    assert_eq!(trip["seconds"], 660);
    assert_eq!(trip["maxSpeed"], 60.0);

    let mileage = app
        .api_web_car_data_mileage_list(
            &json!({"startDate": "2026-11-01", "endDate": "2026-11-30"}),
            Some(token),
        )
        .await
        .ok();
    assert_eq!(mileage["total"], 1);
    assert_eq!(rows(&mileage)[0]["drivingSeconds"], 600);
    assert!((mileage["totalKm"].as_f64().unwrap() - 11.13).abs() < 0.05);
    let histogram = app
        .api_web_car_mileage_histogram(
            &json!({"startDate": "2026-11-09", "endDate": "2026-11-11"}),
            Some(token),
        )
        .await
        .ok();
    let days = rows(&histogram);
    assert_eq!(days.len(), 3);
    assert_eq!(days[0]["km"], 0.0);
    assert!(days[1]["km"].as_f64().unwrap() > 11.0);

    let track = app
        .api_web_car_itinerary(
            &json!({"vehicleId": v, "start": day0(), "end": day0() + Duration::hours(1), "maxPoints": 5}),
            Some(token),
        )
        .await
        .ok();
    assert_eq!(track["total"], 21);
    assert_eq!(rows(&track["points"]).len(), 5);
    assert_eq!(rows(&track["stops"]).len(), 1);
    assert!((track["meters"].as_f64().unwrap() - 11_131.9).abs() < 5.0);

    let readings = app
        .api_web_car_data_list(
            &json!({"vehicleIds": [v], "start": day0(), "end": day0() + Duration::hours(1),
                    "kind": 1, "pageSize": 3}),
            Some(token),
        )
        .await
        .ok();
    assert_eq!(readings["total"], 10, "one row per report");
    let newest = &rows(&readings)[0]["wheels"];
    assert_eq!(
        newest.as_array().unwrap().len(),
        1,
        "the tyre only: {newest}"
    );
    assert_eq!(newest[0]["position"], 11);
    let pressure = newest[0]["pressure"].as_f64().unwrap();
    assert!((pressure - 7.6).abs() < 1e-9, "{pressure}");
    let hubs = app
        .api_web_car_data_list(
            &json!({"vehicleId": v, "start": day0(), "end": day0() + Duration::hours(1),
                    "kind": 2, "position": 12, "pageSize": 20}),
            Some(token),
        )
        .await
        .ok();
    assert!(
        rows(&hubs).iter().all(|r| r["wheels"]
            == json!([{"kind": 2, "position": 12, "pressure": null,
                                             "temp": 50.0, "battery": null, "status": 0}])),
        "{hubs}"
    );
    for bad in [
        json!({"vehicleIds": [v]}),
        json!({"vehicleIds": [], "start": day0(), "end": day0() + Duration::hours(1)}),
        json!({"vehicleIds": [v], "start": day0(), "end": day0() - Duration::hours(1)}),
        json!({"vehicleIds": [v], "start": day0(), "end": day0() + Duration::days(40)}),
        json!({"vehicleIds": [v], "start": "yesterday", "end": day0()}),
    ] {
        app.api_web_car_data_list(&bad, Some(token)).await.code(7);
    }

    let now = app
        .api_web_car_instant(&json!({"vehicleId": v}), Some(token))
        .await
        .ok();
    assert_eq!(rows(&now["wheels"]).len(), 6);
    assert_eq!(now["gps"]["lat"], 30.0);
    let pressure = app
        .tapi_car_pressure(&json!({"plate": "粤A20001"}), Some(token))
        .await
        .ok();
    assert_eq!(pressure["vehicleId"], v);
    assert_eq!(rows(&pressure["wheels"])[0]["pressure"], 8.5);
    app.tapi_car_pressure(&json!({}), Some(token)).await.code(7);

    let braking = app
        .api_web_car_braking_tp(
            &json!({"vehicleId": v, "start": day0(), "end": day0() + Duration::hours(1)}),
            Some(token),
        )
        .await
        .ok();
    let series = rows(&braking);
    assert_eq!(series.len(), 2);
    assert_eq!(series[0]["max"], 95.0);
    assert_eq!(rows(&series[0]["peaks"]).len(), 1);
    assert!(rows(&series[1]["peaks"]).is_empty());
    let axle = app
        .api_web_car_axle_axle_data( &json!({"vehicleId": v, "positions": [12], "start": day0(), "end": day0() + Duration::hours(1)}), Some(token))
        .await
        .ok();
    assert_eq!(rows(&axle).len(), 1);
    assert!(axle[0].get("peaks").is_none());
    let stats = app
        .api_web_car_axle_statistical( &json!({"vehicleIds": [v], "threshold": 90, "start": day0(), "end": day0() + Duration::hours(1)}), Some(token))
        .await
        .ok();
    let p11 = &rows(&stats[0]["positions"])[0];
    assert_eq!(p11["position"], 11);
    assert_eq!(p11["samples"], 10);
    assert_eq!(p11["overThreshold"], 1);
    assert_eq!(p11["maxPartnerDifference"], 45.0);

    let spray = app
        .api_web_spray_get_spray(&json!({"vehicleId": v}), Some(token))
        .await
        .ok();
    assert_eq!(spray["switchOn"], true);
    assert_eq!(spray["activations"], 1);
    assert_eq!(spray["seconds"], 120);
    let car_spray = app
        .api_web_car_spray(
            &json!({"vehicleId": v, "start": Utc::now() - Duration::days(1), "end": Utc::now()}),
            Some(token),
        )
        .await
        .ok();
    assert_eq!(rows(&car_spray["events"])[0]["temp"], 96.0);
    let recent = app
        .api_web_spray_analyse_recent(&json!({"days": 7}), Some(token))
        .await
        .ok();
    assert_eq!(rows(&recent)[0]["plate"], "粤A20001");
    app.api_web_spray_analyse_recent(&json!({"days": 0}), Some(token))
        .await
        .code(7);

    let views = app
        .api_web_car_view_log(&json!({"vehicleId": v}), Some(token))
        .await
        .ok();
    assert_eq!(views["total"], 1);
    assert_eq!(rows(&views)[0]["userName"], "zza_admin");
    let views = app
        .api_web_car_view_log(&json!({"vehicleId": v, "record": false}), Some(token))
        .await
        .ok();
    assert_eq!(views["total"], 1);

    let services = app
        .api_web_service_car_service(
            &json!({"vehicleId": v, "create": {"item": "brake pads", "cost": 800, "mileage": 120000}}),
            Some(&t.a.admin),
        )
        .await
        .ok();
    assert_eq!(rows(&services)[0]["item"], "brake pads");
    app.api_web_service_car_service(
        &json!({"vehicleId": v, "create": {"item": "", "cost": 1}}),
        Some(&t.a.admin),
    )
    .await
    .code(7);
    app.api_web_service_car_service(
        &json!({"vehicleId": v, "create": {"item": "x", "cost": -1}}),
        Some(&t.a.admin),
    )
    .await
    .code(7);

    let depths = app
        .tapi_tyre_deep_lines(
            &json!({"vehicleId": v, "readings": [{"position": 11, "depth": 12.5}, {"position": 21, "depth": 14.0}]}),
            Some(&t.a.admin),
        )
        .await
        .ok();
    assert_eq!(rows(&depths["latest"]).len(), 2);
    let before = snapshot(&app).await;
    for bad in [
        json!({"vehicleId": v, "readings": [{"position": 11, "depth": 12.0}, {"position": 99, "depth": 1.0}]}),
        json!({"vehicleId": v, "readings": [{"position": 11, "depth": 80.0}]}),
        json!({"vehicleId": v, "readings": [{"position": 11}]}),
    ] {
        app.tapi_tyre_deep_lines(&bad, Some(&t.a.admin))
            .await
            .code(7);
    }
    assert_eq!(snapshot(&app).await, before, "all or none");

    // Tree B: every by-id call answers "no such vehicle", lists show nothing of A.
    let foreign = [
        ("/api/web/car/compute", day.clone()),
        (
            "/api/web/car/itinerary",
            json!({"vehicleId": v, "start": day0(), "end": day0() + Duration::hours(1)}),
        ),
        (
            "/api/web/car/AbnormalTrack",
            json!({"vehicleId": v, "start": day0(), "end": day0() + Duration::hours(1)}),
        ),
        (
            "/api/web/car/data_list",
            json!({"vehicleIds": [v], "start": day0(), "end": day0() + Duration::hours(1)}),
        ),
        ("/api/web/car/instant", json!({"vehicleId": v})),
        (
            "/api/web/car/brakingTp",
            json!({"vehicleId": v, "start": day0(), "end": day0() + Duration::hours(1)}),
        ),
        (
            "/api/web/car/axle/axleData",
            json!({"vehicleId": v, "start": day0(), "end": day0() + Duration::hours(1)}),
        ),
        (
            "/api/web/car/axle/statistical",
            json!({"vehicleIds": [v], "start": day0(), "end": day0() + Duration::hours(1)}),
        ),
        (
            "/api/web/car/spray",
            json!({"vehicleId": v, "start": day0(), "end": day0() + Duration::hours(1)}),
        ),
        ("/api/web/spray/getSpray", json!({"vehicleId": v})),
        ("/api/web/spray/analyse_recent", json!({"vehicleIds": [v]})),
        ("/api/web/car/view_log", json!({"vehicleId": v})),
        (
            "/api/web/car/mileage_histogram",
            json!({"vehicleId": v, "startDate": "2026-11-10", "endDate": "2026-11-10"}),
        ),
        (
            "/api/web/service/car_service",
            json!({"vehicleId": v, "create": {"item": "x"}}),
        ),
        ("/tapi/car/pressure", json!({"plate": "粤A20001"})),
        (
            "/tapi/tyre/deepLines",
            json!({"vehicleId": v, "readings": [{"position": 11, "depth": 1.0}]}),
        ),
    ];
    let before = snapshot(&app).await;
    for (path, body) in &foreign {
        app.post(path, body, Some(&t.b.admin)).await.code(7);
    }
    assert_eq!(snapshot(&app).await, before);
    for (path, body) in [
        ("/api/web/car/trip_management", range()),
        (
            "/api/web/car/data_mileage_list",
            json!({"startDate": "2026-11-01", "endDate": "2026-11-30"}),
        ),
        ("/api/web/spray/analyse_recent", json!({})),
        ("/api/web/abnormal/list", json!({})),
    ] {
        let seen = app.post(path, &body, Some(&t.b.admin)).await.ok();
        assert_eq!(seen["total"], 0, "{path}: {seen}");
    }
    let fleet = app
        .api_web_car_mileage_histogram(
            &json!({"startDate": "2026-11-10", "endDate": "2026-11-10"}),
            Some(&t.b.admin),
        )
        .await
        .ok();
    assert_eq!(fleet[0]["km"], 0.0);
}

async fn raise(
    app: &TestApp,
    v: i64,
    position: i32,
    kind: i16,
    level: i16,
    at: DateTime<Utc>,
) -> (i64, bool) {
    let enterprise_id = entities::vehicle::Entity::find_by_id(v)
        .one(&app.state.db)
        .await
        .unwrap()
        .unwrap()
        .enterprise_id;
    let (a, new) = alarms::raise(
        &app.state.db,
        &Raise {
            enterprise_id,
            maybe_open: true,
            vehicle_id: v,
            position,
            kind,
            level,
            value: Some(6.1),
            threshold: Some(7.2),
            at,
        },
    )
    .await
    .unwrap();
    (a.id, new)
}

async fn alarm_flag(app: &TestApp, v: i64) -> (bool, i16, i16) {
    let s = vehicle_state::Entity::find_by_id(v)
        .one(&app.state.db)
        .await
        .unwrap()
        .unwrap();
    (s.alarm, s.alarm_type, s.alarm_level)
}

#[tokio::test]
async fn alarms_move_from_active_to_acknowledged_to_cleared() {
    let app = spawn_app().await;
    let t = tenants::two_trees(&app).await;
    let v = seed_vehicle(&app, t.a.root, "粤A30001", "2,4").await;
    record_day(&app, v).await;
    let t0 = day0();
    let (low, new) = raise(&app, v, 11, alarms::kind::LOW_PRESSURE, 1, t0).await;
    assert!(new);
    // The same condition again refreshes the open alarm, its level only rising.
    let (again, new) = raise(
        &app,
        v,
        11,
        alarms::kind::LOW_PRESSURE,
        2,
        t0 + Duration::minutes(5),
    )
    .await;
    assert_eq!((again, new), (low, false));
    raise(
        &app,
        v,
        11,
        alarms::kind::LOW_PRESSURE,
        1,
        t0 + Duration::minutes(6),
    )
    .await;
    let (hub, _) = raise(
        &app,
        v,
        12,
        alarms::kind::AXLE_HIGH_TEMP,
        1,
        t0 + Duration::minutes(8),
    )
    .await;

    let list = app
        .api_web_abnormal_list(&json!({"open": true}), Some(&t.a.member))
        .await
        .ok();
    assert_eq!(list["total"], 2);
    assert_eq!(rows(&list)[0]["id"], hub, "newest first");
    let critical = app
        .api_web_abnormal_list(&json!({"level": 2, "vehicleId": v}), Some(&t.a.member))
        .await
        .ok();
    assert_eq!(critical["total"], 1);
    assert_eq!(rows(&critical)[0]["plate"], "粤A30001");

    // Positions while the alarms lasted.
    let tracks = app
        .api_web_car_abnormal_track(
            &json!({"vehicleId": v, "start": t0, "end": t0 + Duration::minutes(30), "alarmId": low}),
            Some(&t.a.admin),
        )
        .await
        .ok();
    assert_eq!(rows(&tracks).len(), 1);
    assert_eq!(rows(&tracks[0]["points"]).len(), 21);

    // Tree B cannot handle A's alarm; invalid transitions are refused; nothing changes.
    let before = snapshot(&app).await;
    app.api_web_car_alarm_submit(&json!({"id": low, "state": 1}), Some(&t.b.admin))
        .await
        .code(7);
    app.api_web_car_alarm_submit(&json!({"id": low, "state": 0}), Some(&t.a.admin))
        .await
        .code(7);
    app.api_web_car_alarm_submit(&json!({"id": low}), Some(&t.a.admin))
        .await
        .code(7);
    app.api_web_car_alarm_submit(
        &json!({"id": low, "state": 1, "note": "x".repeat(501)}),
        Some(&t.a.admin),
    )
    .await
    .code(7);
    assert_eq!(snapshot(&app).await, before);

    let acked = app
        .api_web_car_alarm_submit(
            &json!({"id": low, "state": 1, "note": "driver called"}),
            Some(&t.a.admin),
        )
        .await
        .ok();
    assert_eq!(acked["state"], 1);
    assert_eq!(acked["note"], "driver called");
    assert_eq!(acked["ackedBy"], t.a.admin_id);
    app.api_web_car_alarm_submit(&json!({"id": low, "state": 1}), Some(&t.a.admin))
        .await
        .code(7);
    let cleared = app
        .api_web_car_alarm_submit(
            &json!({"id": low, "state": 2, "note": "tyre changed"}),
            Some(&t.a.admin),
        )
        .await
        .ok();
    assert_eq!(cleared["state"], 2);
    assert_eq!(cleared["clearedBy"], t.a.admin_id);
    app.api_web_car_alarm_submit(&json!({"id": low, "state": 1}), Some(&t.a.admin))
        .await
        .code(7);
    assert_eq!(
        alarm_flag(&app, v).await,
        (true, alarms::kind::AXLE_HIGH_TEMP, 1)
    );
    // The condition ending clears the other; a new occurrence opens a new alarm.
    let gone = alarms::clear_condition(
        &app.state.db,
        v,
        12,
        alarms::kind::AXLE_HIGH_TEMP,
        t0 + Duration::minutes(20),
    )
    .await
    .unwrap()
    .unwrap();
    // (The vehicle's alarm flags follow ingestion's state write, tested in telemetry.rs; a
    // console action writes them itself, as checked above.)
    assert_eq!((gone.state, gone.cleared_by), (2, None));
    let (fresh, new) = raise(
        &app,
        v,
        11,
        alarms::kind::LOW_PRESSURE,
        1,
        t0 + Duration::hours(1),
    )
    .await;
    assert!(new && fresh != low);
    let cleared_list = app
        .api_web_abnormal_list(&json!({"state": 2}), Some(&t.a.member))
        .await
        .ok();
    assert_eq!(cleared_list["total"], 2);

    // Relations: a cooperation partner (type 4) reads but may not handle; a
    // maintenance-custody partner (type 2) handles.
    relate(&app, t.a.root, t.b.root, 4, v).await;
    let seen = app
        .api_web_abnormal_list(&json!({"open": true}), Some(&t.b.admin))
        .await
        .ok();
    assert_eq!(seen["total"], 1);
    app.api_web_car_instant(&json!({"vehicleId": v}), Some(&t.b.admin))
        .await
        .ok();
    let before = snapshot(&app).await;
    app.api_web_car_alarm_submit(&json!({"id": fresh, "state": 1}), Some(&t.b.admin))
        .await
        .code(7);
    app.api_web_service_car_service(
        &json!({"vehicleId": v, "create": {"item": "x"}}),
        Some(&t.b.admin),
    )
    .await
    .code(7);
    assert_eq!(snapshot(&app).await, before);
    relate(&app, t.a.root, t.b.root, 2, v).await;
    let handled = app
        .api_web_car_alarm_submit(
            &json!({"id": fresh, "state": 2, "note": "fixed on site"}),
            Some(&t.b.admin),
        )
        .await
        .ok();
    assert_eq!(handled["clearedBy"], t.b.admin_id);
}

#[tokio::test]
async fn calls_need_a_session_and_name_bad_fields() {
    let app = spawn_app().await;
    let Tenants { a, .. } = tenants::two_trees(&app).await;
    app.api_web_abnormal_list(&json!({}), None).await.code(100);
    app.tapi_car_pressure(&json!({"vehicleId": 1}), None)
        .await
        .code(100);
    let msg = app
        .api_web_car_instant(&json!({"vehicleId": "x"}), Some(&a.admin))
        .await
        .code(7);
    assert!(mentions(&msg, "vehicleId"), "{msg}");
    app.api_web_car_instant(&json!({"vehicleId": 424_242}), Some(&a.admin))
        .await
        .code(7);
    app.api_web_car_alarm_submit(&json!({"id": 424_242, "state": 1}), Some(&a.admin))
        .await
        .code(7);
}

#[tokio::test]
async fn retention_deletes_history_older_than_the_cutoff_and_keeps_the_rest() {
    let app = spawn_app().await;
    let db = &app.state.db;
    let now = Utc::now();
    let (old, recent) = (now - Duration::days(10), now - Duration::hours(1));
    // The series have no foreign key: ids of vehicles since deleted are pruned too.
    let mut fixes = Vec::new();
    let mut frames = Vec::new();
    for vehicle_id in [7, 9] {
        for ts in [old, recent] {
            fixes.push(entities::position::Model {
                vehicle_id,
                ts,
                lat: 31.0,
                lon: 121.0,
                speed: 0.0,
                direction: 0,
                ignition: false,
                mileage: None,
            });
            frames.push(entities::wheel_frame::Model {
                vehicle_id,
                ts,
                wheels: wheel_values::encode(&[]),
            });
        }
    }
    history::record_positions(db, &fixes).await.unwrap();
    history::record_frames(db, &frames).await.unwrap();

    let deleted = history::prune(db, now - Duration::days(5)).await.unwrap();
    assert_eq!(deleted, 4, "two old positions and two old frames");
    let kept: Vec<_> = entities::position::Entity::find()
        .all(db)
        .await
        .unwrap()
        .into_iter()
        .map(|p| (p.vehicle_id, p.ts.timestamp()))
        .collect();
    assert_eq!(kept, vec![(7, recent.timestamp()), (9, recent.timestamp())]);
    assert_eq!(
        entities::wheel_frame::Entity::find()
            .all(db)
            .await
            .unwrap()
            .len(),
        2
    );
    assert_eq!(
        history::prune(db, now - Duration::days(5)).await.unwrap(),
        0
    );
}
