//! History calls over what ingestion recorded, their checks, and retention.

use super::{day0, record_day, seed_vehicle, snapshot};
use chrono::{Duration, Utc};
use domain::vehicle::history;
use entities::wheel_values;
use sea_orm::{EntityTrait, JsonValue};
use serde_json::Value;
use wheelend_tests::tenants::{self, Tenants, mentions, rows};
use wheelend_tests::{TestApp, json, spawn_app};

fn range() -> Value {
    json!({"start": day0() - Duration::hours(1), "end": day0() + Duration::hours(2)})
}

/// Tree A's vehicle 粤A20001 with a day of reports recorded through ingestion (2026-11-10). The
/// calls are made as A's admin: a member (101) may make read calls only.
async fn recorded_day() -> (TestApp, Tenants, i64) {
    let app = spawn_app().await;
    let t = tenants::two_trees(&app).await;
    let v = seed_vehicle(&app, t.a.root, "粤A20001", "2,4").await;
    record_day(&app, v).await;
    (app, t, v)
}

/// Trips and mileage are computed from the recorded positions; computing again changes nothing.
#[tokio::test]
async fn trips_and_mileage_are_computed_from_positions() {
    let (app, t, v) = recorded_day().await;
    let token = &t.a.admin;
    let day = json!({"vehicleId": v, "startDate": "2026-11-10", "endDate": "2026-11-10"});

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
}

/// The track, the wheel readings and the latest state read what ingestion recorded.
#[tokio::test]
async fn readings_the_track_and_the_latest_state_come_from_ingestion() {
    let (app, t, v) = recorded_day().await;
    let token = &t.a.admin;

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
}

/// Axle temperatures (series, peaks, statistics) and spray events are read back.
#[tokio::test]
async fn axle_temperatures_and_spray_events_are_read_back() {
    let (app, t, v) = recorded_day().await;
    let token = &t.a.admin;

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
}

/// Service records and tread depths are kept per vehicle.
#[tokio::test]
async fn service_records_and_tread_depths_are_kept_per_vehicle() {
    let (app, t, v) = recorded_day().await;
    let token = &t.a.admin;

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
}

/// Another tree gets "no such vehicle" by id and sees nothing of it in lists.
#[tokio::test]
async fn another_tree_sees_none_of_the_history() {
    let (app, t, v) = recorded_day().await;
    let day = json!({"vehicleId": v, "startDate": "2026-11-10", "endDate": "2026-11-10"});

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
                voltage: None,
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
