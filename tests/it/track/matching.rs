//! Route matching and geofences through the real ingestion path: a vehicle that leaves its
//! corridor turns red and raises "off route", coming back clears it; entering and leaving
//! fences raise and clear their alarms.

use super::*;
use wheelend_tests::fleet::{fitted_vehicle, post_report};

const IMEI: &str = "861000000000777";

fn at(lon: f64, lat: f64, ts: i64, speed: f64) -> Value {
    json!({"imei": IMEI, "ts": ts, "gps": {"lat": lat, "lon": lon, "speed": speed, "direction": 90}})
}

/// The open alarms of a vehicle as (kind, position).
async fn open_alarms(app: &TestApp, token: &str, vehicle: i64) -> Vec<(i64, i64)> {
    let list = app
        .post(
            "/api/web/abnormal/list",
            &json!({"vehicleId": vehicle, "state": 0, "pageSize": 50}),
            Some(token),
        )
        .await
        .ok();
    let mut found: Vec<(i64, i64)> = rows(&list)
        .iter()
        .filter(|a| a["state"] == 0)
        .map(|a| (a["kind"].as_i64().unwrap(), a["position"].as_i64().unwrap()))
        .collect();
    found.sort_unstable();
    found
}

async fn state_of(app: &TestApp, token: &str, route: i64, vehicle: i64) -> Value {
    let listed = app
        .api_route_list(&json!({"id": route}), Some(token))
        .await
        .ok();
    rows(&listed)[0]["vehicles"]
        .as_array()
        .unwrap()
        .iter()
        .find(|v| v["id"] == vehicle)
        .unwrap()["matched"]
        .clone()
}

#[tokio::test]
async fn a_vehicle_leaving_its_corridor_raises_off_route_and_returning_clears_it() {
    let app = spawn_app().await;
    let t = tenants::two_trees(&app).await;
    let a = &t.a.admin;
    let (car, key) = fitted_vehicle(&app, a, t.a.root, "沪A70001", IMEI).await;
    let route = app
        .api_route_add(
            &json!({"name": "East", "corridorM": 200, "nodes": [
                {"lon": 121.0, "lat": 31.0, "stop": true}, {"lon": 121.1, "lat": 31.0, "stop": true}]}),
            Some(a),
        )
        .await
        .ok()["id"]
        .as_i64()
        .unwrap();
    app.api_route_car_add_line(&json!({"routeId": route, "vehicleIds": [car]}), Some(a))
        .await
        .ok();
    assert_eq!(
        state_of(&app, a, route, car).await,
        Value::Null,
        "no report yet: grey"
    );

    let t0 = Utc::now().timestamp_millis() - 60_000;
    post_report(&app, &key, &at(121.05, 31.0005, t0, 60.0))
        .await
        .ok();
    let matched = state_of(&app, a, route, car).await;
    assert_eq!(matched["state"], "matched", "{matched}");
    assert!(
        open_alarms(&app, a, car)
            .await
            .iter()
            .all(|(k, _)| *k != 15)
    );

    // 1.1 km north of the line: off route, with the distance.
    post_report(&app, &key, &at(121.05, 31.01, t0 + 10_000, 60.0))
        .await
        .ok();
    let off = state_of(&app, a, route, car).await;
    assert_eq!(off["state"], "offRoute");
    assert!(
        (off["distanceM"].as_f64().unwrap() - 1113.0).abs() < 15.0,
        "{off}"
    );
    assert!(open_alarms(&app, a, car).await.contains(&(15, 0)));

    // Back inside, stopped away from the planned stops: orange, and the alarm is cleared.
    post_report(&app, &key, &at(121.05, 31.0, t0 + 20_000, 0.0))
        .await
        .ok();
    assert_eq!(state_of(&app, a, route, car).await["state"], "inference");
    assert!(!open_alarms(&app, a, car).await.contains(&(15, 0)));
    // Stopped at a planned stop: matched.
    post_report(&app, &key, &at(121.1, 31.0, t0 + 30_000, 0.0))
        .await
        .ok();
    assert_eq!(state_of(&app, a, route, car).await["state"], "matched");

    // Taken off the route: its verdict goes with it.
    app.api_route_car_add_line(&json!({"routeId": 0, "vehicleIds": [car]}), Some(a))
        .await
        .ok();
    let route2 = app
        .api_route_add(&json!({"name": "Again", "nodes": [{"lon": 121.0, "lat": 31.0}, {"lon": 121.1, "lat": 31.0}]}), Some(a))
        .await
        .ok()["id"]
        .as_i64()
        .unwrap();
    app.api_route_car_add_line(&json!({"routeId": route2, "vehicleIds": [car]}), Some(a))
        .await
        .ok();
    assert_eq!(state_of(&app, a, route2, car).await, Value::Null);
}

#[tokio::test]
async fn entering_and_leaving_geofences_raise_and_clear_their_alarms() {
    let app = spawn_app().await;
    let t = tenants::two_trees(&app).await;
    let a = &t.a.admin;
    let (car, key) = fitted_vehicle(&app, a, t.a.root, "沪A70002", IMEI).await;
    let no_go = app
        .api_poi_add(&json!({"name": "No-go yard", "poiType": 5, "shape": 2, "lon": 121.0, "lat": 31.0, "radiusM": 300, "fence": 1}), Some(a))
        .await
        .ok()["id"]
        .as_i64()
        .unwrap();
    let depot = app
        .api_poi_add(
            &json!({"name": "Depot", "poiType": 5, "shape": 3, "fence": 2,
                    "polygon": [[121.1, 31.0], [121.11, 31.0], [121.11, 31.01], [121.1, 31.01]]}),
            Some(a),
        )
        .await
        .ok()["id"]
        .as_i64()
        .unwrap();
    // Tree B's fence on the same spot does not concern A's vehicle.
    app.api_poi_add(&json!({"name": "B's", "poiType": 5, "shape": 2, "lon": 121.0, "lat": 31.0, "radiusM": 300, "fence": 1}), Some(&t.b.admin))
        .await
        .ok();
    let t0 = Utc::now().timestamp_millis() - 60_000;
    let go = |lon: f64, lat: f64, n: i64| {
        let body = at(lon, lat, t0 + n * 10_000, 30.0);
        let (app, key) = (&app, &key);
        async move { post_report(app, key, &body).await }
    };

    go(121.105, 31.005, 0).await.ok(); // inside the depot
    assert_eq!(open_alarms(&app, a, car).await, vec![]);
    go(121.0, 31.001, 1).await.ok(); // left the depot, entered the no-go yard
    let fence = |id: i64| (16, id);
    assert_eq!(open_alarms(&app, a, car).await, {
        let mut v = vec![fence(no_go), fence(depot)];
        v.sort_unstable();
        v
    });
    go(121.05, 31.05, 2).await.ok(); // out of the yard, still away from the depot
    assert_eq!(open_alarms(&app, a, car).await, vec![fence(depot)]);
    go(121.105, 31.005, 3).await.ok(); // back in the depot
    assert_eq!(open_alarms(&app, a, car).await, vec![]);

    // A fence deleted says nothing more: into the old yard, only leaving the depot counts.
    app.api_poi_delete_poi(&json!({"ids": [no_go]}), Some(a))
        .await
        .ok();
    go(121.0, 31.0, 4).await.ok();
    assert_eq!(open_alarms(&app, a, car).await, vec![fence(depot)]);
}

#[tokio::test]
async fn a_simulated_drive_goes_through_ingestion_and_matches_its_route() {
    let app = spawn_app().await;
    let t = tenants::two_trees(&app).await;
    let a = &t.a.admin;
    let (car, _) = fitted_vehicle(&app, a, t.a.root, "沪A70003", IMEI).await;
    let bare = seed_vehicle(&app, t.a.root, "沪A70004", "2,4").await;
    let route = app
        .api_route_add(
            &json!({"name": "Shuttle", "nodes": [{"lon": 121.0, "lat": 31.0}, {"lon": 121.02, "lat": 31.0, "stop": true}]}),
            Some(a),
        )
        .await
        .ok()["id"]
        .as_i64()
        .unwrap();
    app.api_route_car_add_line(&json!({"routeId": route, "vehicleIds": [car]}), Some(a))
        .await
        .ok();

    let drive = json!({"vehicleId": car, "routeId": route, "speed": 60, "interval": 10});
    let msg = app
        .api_test_simulated_positioning(&drive, Some(a))
        .await
        .code(7);
    assert!(msg.contains("平台"), "staff only: {msg}");
    let started = app
        .api_test_simulated_positioning(&drive, Some(&t.platform))
        .await
        .ok();
    // 1.9 km at 60 km/h every 10 s: a report every 167 m, the end included.
    let reports = started["reports"].as_i64().unwrap();
    assert_eq!(reports, 13, "{started}");
    assert!(started["lastAt"].as_i64().unwrap() <= Utc::now().timestamp_millis());
    let stored = entities::position::Entity::find()
        .all(&app.state.db)
        .await
        .unwrap();
    assert_eq!(stored.len() as i64, reports);
    assert!(stored.iter().all(|p| (p.lat - 31.0).abs() < 1e-9));
    assert_eq!(
        state_of(&app, a, route, car).await["state"],
        "matched",
        "it ends stopped at a planned stop"
    );

    for (body, field) in [
        (
            json!({"vehicleId": car, "routeId": route, "speed": 500}),
            "speed",
        ),
        (
            json!({"vehicleId": car, "routeId": route, "interval": 0}),
            "interval",
        ),
        (json!({"vehicleId": car}), "routeId"),
    ] {
        let msg = app
            .api_test_simulated_positioning(&body, Some(&t.platform))
            .await
            .code(7);
        assert!(msg.contains(field), "{body}: {msg}");
    }
    let msg = app
        .api_test_simulated_positioning(
            &json!({"vehicleId": bare, "routeId": route}),
            Some(&t.platform),
        )
        .await
        .code(7);
    assert!(msg.contains("沪A70004"), "{msg}");
}

#[tokio::test]
async fn charging_sessions_and_low_voltage_come_from_the_reports_supply_voltage() {
    let app = spawn_app().await;
    let t = tenants::two_trees(&app).await;
    let a = &t.a.admin;
    let (car, key) = fitted_vehicle(&app, a, t.a.root, "沪A70005", IMEI).await;
    let t0 = Utc::now().timestamp_millis() - 3_600_000;
    for (i, volts) in [24.5, 27.8, 28.1, 27.9, 25.0, 22.0, 21.8, 24.6]
        .iter()
        .enumerate()
    {
        let mut report = at(121.0, 31.0, t0 + i as i64 * 60_000, 40.0);
        report["power"] = json!(volts);
        post_report(&app, &key, &report).await.ok();
    }
    let range =
        json!({"vehicleId": car, "start": Utc::now() - Duration::hours(2), "end": Utc::now()});
    let found = app.api_charging_analysis(&range, Some(a)).await.ok();
    assert_eq!(
        (found["systemVolts"].clone(), found["readings"].clone()),
        (json!(24), json!(8))
    );
    assert_eq!(found["charging"].as_array().unwrap().len(), 1, "{found}");
    assert_eq!(
        (
            found["charging"][0]["peakVoltage"].clone(),
            found["chargingSeconds"].clone()
        ),
        (json!(28.1), json!(120))
    );
    assert_eq!(
        (
            found["low"][0]["peakVoltage"].clone(),
            found["lowSeconds"].clone()
        ),
        (json!(21.8), json!(60))
    );
    assert_eq!(found["series"].as_array().unwrap().len(), 8);
    app.api_charging_analysis(&range, Some(&t.b.admin))
        .await
        .code(7);
    let msg = app
        .api_charging_analysis(
            &json!({"vehicleId": car, "start": Utc::now(), "end": Utc::now() - Duration::hours(1)}),
            Some(a),
        )
        .await
        .code(7);
    assert!(msg.contains("结束时间"), "{msg}");
}
