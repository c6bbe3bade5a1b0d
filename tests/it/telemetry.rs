//! Ingestion end to end: a device report becomes history, live state and an alarm, pushed to
//! the websocket of the vehicle's enterprise only; bad reports are refused, named and counted.

use std::time::Duration;

use chrono::Utc;
use entities::wheel_values::{self, TYRE};
use entities::{position, vehicle_alarm, vehicle_state, vehicle_wheel, wheel_frame};
use futures::StreamExt;
use sea_orm::{ColumnTrait, EntityTrait, PaginatorTrait, QueryFilter};
use tokio_tungstenite::tungstenite::Message;
use wheelend_tests::fleet::{fitted_vehicle, post_report, report};
use wheelend_tests::tenants::two_trees;
use wheelend_tests::ws;
use wheelend_tests::ws::signed_in as socket;
use wheelend_tests::{json, spawn_app};

#[tokio::test]
async fn a_report_becomes_history_state_and_a_live_alarm_for_its_enterprise_only() {
    let app = spawn_app().await;
    let t = two_trees(&app).await;
    let (vehicle_id, key) =
        fitted_vehicle(&app, &t.platform, t.a.child, "沪A12345", "860000000000101").await;
    let mut a = socket(&app, &t.a.admin).await;
    let mut b = socket(&app, &t.b.admin).await;
    let now = Utc::now().timestamp_millis();

    // 6.0 bar on a drive tyre (critical below 6.4): stored, state updated, alarm raised.
    let ok = post_report(&app, &key, &report("860000000000101", now - 5000, 6.0))
        .await
        .ok();
    assert_eq!(ok["accepted"], 1);
    assert_eq!(ok["rejected"], json!([]));
    let mut got = [ws::next(&mut a).await, ws::next(&mut a).await];
    got.sort_by_key(|f| f["type"].as_str().unwrap().to_owned());
    let (alarm, vehicle) = (&got[0], &got[1]);
    assert_eq!(alarm["type"], "alarm");
    assert_eq!(alarm["data"]["kind"], 2);
    assert_eq!(alarm["data"]["level"], 2);
    assert_eq!(alarm["data"]["position"], 21);
    assert_eq!(alarm["data"]["plate"], "沪A12345");
    assert_eq!(vehicle["type"], "vehicle");
    assert_eq!(vehicle["data"]["i"], vehicle_id);
    assert_eq!(vehicle["data"]["a"], 1);
    assert_eq!(vehicle["data"]["ta"]["lp"], 1);
    assert_eq!(vehicle["data"]["gp"]["la"], 31.2304);
    let quiet = tokio::time::timeout(Duration::from_millis(300), b.next()).await;
    assert!(
        quiet.is_err() || matches!(quiet, Ok(Some(Ok(Message::Ping(_))))),
        "tree B heard {quiet:?}"
    );

    let db = &app.state.db;
    assert_eq!(position::Entity::find().count(db).await.unwrap(), 1);
    // Telemetry is counted by ingestion, not written to the operation log (stored in the
    // background: give it the time a console call's record takes).
    tokio::time::sleep(Duration::from_millis(200)).await;
    let logged = entities::sys_operation_record::Entity::find()
        .filter(entities::sys_operation_record::Column::Path.eq("/tapi/device/report"))
        .count(db)
        .await
        .unwrap();
    assert_eq!(logged, 0);
    let frames = wheel_frame::Entity::find().all(db).await.unwrap();
    assert_eq!(frames.len(), 1, "one history frame per report");
    assert_eq!(wheel_values::decode(&frames[0].wheels).len(), 4);
    let state = vehicle_state::Entity::find_by_id(vehicle_id)
        .one(db)
        .await
        .unwrap()
        .unwrap();
    assert!(state.online && state.alarm);
    assert_eq!(
        (state.alarm_type, state.alarm_level, state.tp_flags),
        (2, 2, 2)
    );
    let wheel = vehicle_wheel::Entity::find()
        .filter(vehicle_wheel::Column::VehicleId.eq(vehicle_id))
        .filter(vehicle_wheel::Column::Position.eq(21))
        .one(db)
        .await
        .unwrap()
        .unwrap();
    assert_eq!(wheel.sensor_no.as_deref(), Some("7e19f2"));
    let latest = wheel_values::decode(state.wheels.as_deref().unwrap_or_default());
    let at_21 = latest
        .iter()
        .find(|w| w.kind == TYRE && w.position == 21)
        .unwrap();
    assert_eq!(at_21.pressure, Some(6.0));
    assert!(at_21.read_at.is_some());
    let open = vehicle_alarm::Entity::find()
        .filter(vehicle_alarm::Column::VehicleId.eq(vehicle_id))
        .all(db)
        .await
        .unwrap();
    assert_eq!(open.len(), 1);

    // The same report again: a duplicate, refused as a whole (code 7, reason in data).
    let dup = post_report(&app, &key, &report("860000000000101", now - 5000, 6.0)).await;
    let msg = dup.code(7);
    assert!(msg.contains("duplicate"), "{msg}");
    assert_eq!(dup.envelope().data["rejected"][0]["reason"], "duplicate");

    // A late report (older than the newest) goes to history only; the refill clears the alarm.
    let late = post_report(&app, &key, &report("860000000000101", now - 60_000, 8.5))
        .await
        .ok();
    assert_eq!(late["accepted"], 1);
    assert_eq!(position::Entity::find().count(db).await.unwrap(), 2);
    let state = vehicle_state::Entity::find_by_id(vehicle_id)
        .one(db)
        .await
        .unwrap()
        .unwrap();
    assert!(state.alarm, "a late report does not judge the present");
    post_report(&app, &key, &report("860000000000101", now - 1000, 8.5))
        .await
        .ok();
    let cleared = [ws::next(&mut a).await, ws::next(&mut a).await];
    assert!(
        cleared
            .iter()
            .any(|f| f["type"] == "alarm" && f["data"]["state"] == 2),
        "{cleared:?}"
    );
    let state = vehicle_state::Entity::find_by_id(vehicle_id)
        .one(db)
        .await
        .unwrap()
        .unwrap();
    assert!(!state.alarm && state.tp_flags == 0);
}

#[tokio::test]
async fn bad_reports_are_refused_named_and_counted() {
    let app = spawn_app().await;
    let t = two_trees(&app).await;
    let (_, key) = fitted_vehicle(&app, &t.platform, t.a.root, "沪B00001", "860000000000201").await;
    let (_, other_key) =
        fitted_vehicle(&app, &t.platform, t.b.root, "沪B00002", "860000000000202").await;
    let now = Utc::now().timestamp_millis();
    let before = app.state.ingest.stats();

    // No key; another device's key; not JSON; an unknown field; out of range.
    app.call(
        "POST",
        "/tapi/device/report",
        &report("860000000000201", now, 8.0),
        None,
        &[],
    )
    .await
    .code(7);
    let msg = post_report(&app, &other_key, &report("860000000000201", now, 8.0))
        .await
        .code(7);
    assert!(msg.contains("unknownDevice"), "{msg}");
    let bad_json = app
        .send(
            reqwest::Client::new()
                .post(app.url("/tapi/device/report"))
                .header("x-device-key", &key)
                .header("content-type", "application/json")
                .body("{not json"),
        )
        .await;
    bad_json.code(7);
    let mut spoiled = report("860000000000201", now, 8.0);
    spoiled["tyres"][1]["pressure"] = json!(42.0);
    let refused = post_report(&app, &key, &spoiled).await;
    assert!(refused.code(7).contains("tyres[1].pressure"));
    let mut future = report("860000000000201", now + 3_600_000, 8.0);
    future["gps"]["lat"] = json!(31.0);
    assert!(
        post_report(&app, &key, &future)
            .await
            .code(7)
            .contains("badTime")
    );

    // A batch with one good and one bad report: the good one is kept, the bad one listed.
    let mixed = json!([report("860000000000201", now - 2000, 8.0), spoiled]);
    let answer = post_report(&app, &key, &mixed).await.ok();
    assert_eq!(answer["accepted"], 1);
    assert_eq!(answer["rejected"][0]["index"], 1);
    assert_eq!(answer["rejected"][0]["reason"], "outOfRange");

    let after = app.state.ingest.stats();
    assert_eq!(after.accepted - before.accepted, 1);
    let delta = |k: &str| after.rejected[k] - before.rejected[k];
    assert_eq!(delta("unknownDevice"), 1);
    assert_eq!(delta("malformed"), 1);
    assert_eq!(delta("outOfRange"), 2);
    assert_eq!(delta("badTime"), 1);
}

#[tokio::test]
async fn a_registered_device_reports_with_the_key_it_was_given() {
    let app = spawn_app().await;
    let t = two_trees(&app).await;
    let admin = &t.a.admin;
    let car = app
        .api_web_car_update_car_info(
            &json!({"plate": "沪K55555", "axleLayout": "2,4"}),
            Some(admin),
        )
        .await
        .ok()["carId"]
        .as_i64()
        .unwrap();
    let device = app
        .api_web_device_imei(
            &json!({"imei": "860000000000301", "iccid": "89860312345678901234"}),
            Some(admin),
        )
        .await
        .ok();
    let key = device["deviceKey"]
        .as_str()
        .expect("the key, once")
        .to_owned();
    let listed = app
        .api_web_device_list(&json!({"keyword": "860000000000301"}), Some(admin))
        .await
        .ok();
    assert!(
        listed["list"][0].get("deviceKey").is_none(),
        "never shown again"
    );
    // Not on a vehicle yet: a heartbeat only.
    let now = Utc::now().timestamp_millis();
    post_report(&app, &key, &report("860000000000301", now - 3000, 8.5))
        .await
        .ok();
    assert_eq!(
        position::Entity::find().count(&app.state.db).await.unwrap(),
        0
    );
    app.api_web_car_update_imei(
        &json!({"carId": car, "imei": "860000000000301"}),
        Some(admin),
    )
    .await
    .ok();
    post_report(&app, &key, &report("860000000000301", now - 2000, 8.5))
        .await
        .ok();
    let state = vehicle_state::Entity::find_by_id(car)
        .one(&app.state.db)
        .await
        .unwrap()
        .unwrap();
    assert!(state.online);
    assert_eq!(state.lat, Some(31.2304));
}

/// The map feed shows a report's state as soon as the report is answered (the writer hands it
/// to the fleet snapshot after its commit; nothing is read back), and a console edit re-read
/// from the database keeps that state.
#[tokio::test]
async fn the_map_feed_shows_a_report_at_once_and_keeps_it_across_a_console_edit() {
    let app = spawn_app().await;
    let t = two_trees(&app).await;
    let (vehicle_id, key) =
        fitted_vehicle(&app, &t.platform, t.a.child, "沪A12346", "860000000000102").await;
    let admin = Some(t.a.admin.as_str());
    let entry = |feed: &serde_json::Value| {
        feed["deviceList"]
            .as_array()
            .unwrap()
            .iter()
            .find(|e| e["i"] == vehicle_id)
            .cloned()
            .unwrap_or_else(|| panic!("vehicle {vehicle_id} in the feed: {feed}"))
    };
    let before = app.api_web_car_watch_list4(&json!({}), admin).await.ok();
    assert!(entry(&before)["gp"].is_null(), "no position yet");

    let now = Utc::now().timestamp_millis();
    post_report(&app, &key, &report("860000000000102", now - 5000, 6.0))
        .await
        .ok();
    let after = entry(&app.api_web_car_watch_list4(&json!({}), admin).await.ok());
    assert_eq!(after["gp"]["la"], 31.2304, "{after}");
    assert_eq!(after["a"], 1, "the low-pressure alarm: {after}");
    assert_eq!(after["ta"]["lp"], 1, "{after}");
    assert_eq!(after["ft"], now - 5000, "{after}");

    app.api_web_car_update_plate(&json!({"carId": vehicle_id, "plate": "沪A99999"}), admin)
        .await
        .ok();
    let edited = entry(&app.api_web_car_watch_list4(&json!({}), admin).await.ok());
    assert_eq!(edited["p"], "沪A99999");
    assert_eq!(
        (&edited["gp"], &edited["a"], &edited["ta"], &edited["ft"]),
        (&after["gp"], &after["a"], &after["ta"], &after["ft"]),
        "the live state survives the re-read"
    );
}

/// Reads an answer's `data`, gunzipping it when the server compressed it.
async fn feed_as_browser(app: &wheelend_tests::TestApp, token: &str) -> (bool, serde_json::Value) {
    use std::io::Read;
    let res = app
        .client
        .post(app.url("/api/web/car/watchList4"))
        .header("x-token", token)
        .header("accept-encoding", "gzip, deflate, br, zstd")
        .json(&json!({}))
        .send()
        .await
        .expect("the server answers");
    let gzipped = res
        .headers()
        .get("content-encoding")
        .is_some_and(|v| v == "gzip");
    let bytes = res.bytes().await.expect("a body");
    let mut text = String::new();
    if gzipped {
        flate2::read::GzDecoder::new(&bytes[..])
            .read_to_string(&mut text)
            .expect("one valid gzip member");
    } else {
        text = String::from_utf8(bytes.to_vec()).expect("UTF-8");
    }
    let envelope: serde_json::Value = serde_json::from_str(&text).expect("an envelope");
    assert_eq!(envelope["code"], 0, "{envelope}");
    (gzipped, envelope["data"].clone())
}

#[tokio::test]
async fn the_map_feed_answers_what_changed_since_a_version_and_sends_the_whole_compressed() {
    let app = spawn_app().await;
    let t = two_trees(&app).await;
    let (first, key) =
        fitted_vehicle(&app, &t.platform, t.a.child, "沪A12347", "860000000000103").await;
    let (second, _) =
        fitted_vehicle(&app, &t.platform, t.a.child, "沪A12348", "860000000000104").await;
    let admin = Some(t.a.admin.as_str());
    let watch = |body: serde_json::Value| {
        let app = &app;
        async move { app.api_web_car_watch_list4(&body, admin).await.ok() }
    };
    let whole = watch(json!({})).await;
    assert_eq!(whole["total"], 2);
    assert!(whole.get("delta").is_none(), "{whole}");
    let version = whole["version"].as_str().expect("a version").to_owned();

    let unchanged = watch(json!({"since": version})).await;
    assert_eq!(
        (
            &unchanged["delta"],
            &unchanged["deviceList"],
            &unchanged["total"]
        ),
        (&json!(true), &json!([]), &json!(2)),
        "{unchanged}"
    );

    let now = Utc::now().timestamp_millis();
    post_report(&app, &key, &report("860000000000103", now - 5000, 6.0))
        .await
        .ok();
    let delta = watch(json!({"since": version})).await;
    assert_eq!(delta["delta"], true);
    let changed = delta["deviceList"].as_array().unwrap();
    assert_eq!(changed.len(), 1, "only the vehicle that reported: {delta}");
    assert_eq!(changed[0]["i"], first);
    assert_eq!(changed[0]["gp"]["la"], 31.2304);
    assert_eq!(delta["total"], 2);
    assert_ne!(delta["version"], json!(version));

    // Follows travel beside the entries; following resolves the caller again (whole feed).
    app.api_web_car_attention(&json!({"carId": second, "attention": true}), admin)
        .await
        .ok();
    let followed = watch(json!({"since": delta["version"]})).await;
    assert_eq!(followed["followed"], json!([second]), "{followed}");
    assert_eq!(followed["total"], 2);

    // A deleted vehicle is named in `removed`.
    let since = followed["version"].as_str().unwrap().to_owned();
    app.post("/api/web/car/delCar", &json!({"carIds": [second]}), admin)
        .await
        .ok();
    let removed = watch(json!({"since": since})).await;
    assert_eq!(removed["delta"], true, "{removed}");
    assert_eq!(removed["removed"], json!([second]));
    assert_eq!(removed["total"], 1);
    assert_eq!(removed["followed"], json!([]));

    // A version this server never gave (another server, a restart): the whole feed.
    for foreign in ["0.1", "nonsense", ""] {
        let answer = watch(json!({"since": foreign})).await;
        assert!(answer.get("delta").is_none(), "{foreign}: {answer}");
        assert_eq!(answer["total"], 1);
    }

    // Compressed when the client accepts gzip, and the same feed once read.
    let plain = watch(json!({})).await;
    let (gzipped, data) = feed_as_browser(&app, &t.a.admin).await;
    assert!(gzipped, "the whole feed is sent gzip-compressed");
    assert_eq!(data["deviceList"], plain["deviceList"]);
    assert_eq!(
        (&data["total"], &data["followed"]),
        (&plain["total"], &plain["followed"])
    );
    // Again, reusing what was compressed, after another report.
    post_report(&app, &key, &report("860000000000103", now - 1000, 0.0))
        .await
        .ok();
    let (_, again) = feed_as_browser(&app, &t.a.admin).await;
    assert_eq!(again["deviceList"], watch(json!({})).await["deviceList"]);
    // Another tenant's compressed feed holds none of these.
    let (_, other) = feed_as_browser(&app, &t.b.admin).await;
    assert_eq!(other["total"], 0, "{other}");
}
