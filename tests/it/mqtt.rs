//! Reports over MQTT, through the embedded broker (on a free port) and through the machine's
//! Mosquitto (127.0.0.1:1883): a published report becomes state and an alarm the console's
//! calls show; a message without a valid key or not a report is refused and counted.
//! Each test uses its own topic prefix, so parallel runs sharing Mosquitto never mix.

use std::time::Duration;

use chrono::Utc;
use rumqttc::{AsyncClient, Event, MqttOptions, Outgoing, Packet, QoS};
use serde_json::Value;
use wheelend_tests::tenants::two_trees;
use wheelend_tests::{Spawn, TestApp, json, spawn_app_with};

use wheelend_tests::fleet::{fitted_vehicle, report};

const MOSQUITTO: (&str, u16) = ("127.0.0.1", 1883);

fn unique(label: &str) -> String {
    format!("wheelend-test-{label}-{}", uuid::Uuid::new_v4().simple())
}

fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

/// Publishes `payload` with QoS 1 on `topic` and waits for the broker's acknowledgement.
async fn publish(broker: (&str, u16), topic: &str, payload: &Value) {
    let mut options = MqttOptions::new(unique("device"), broker.0, broker.1);
    options.set_keep_alive(Duration::from_secs(5));
    let (client, mut events) = AsyncClient::new(options, 10);
    let body = serde_json::to_vec(payload).unwrap();
    let deadline = tokio::time::Instant::now() + Duration::from_secs(10);
    let mut sent = false;
    loop {
        assert!(
            tokio::time::Instant::now() < deadline,
            "no acknowledgement from the broker"
        );
        match tokio::time::timeout(Duration::from_secs(2), events.poll()).await {
            Ok(Ok(Event::Incoming(Packet::ConnAck(_)))) if !sent => {
                client
                    .publish(topic, QoS::AtLeastOnce, false, body.clone())
                    .await
                    .unwrap();
                sent = true;
            }
            Ok(Ok(Event::Incoming(Packet::PubAck(_)))) => break,
            Ok(Ok(Event::Outgoing(Outgoing::Publish(_)) | _)) => {}
            // The embedded broker may still be starting: the next poll reconnects.
            Ok(Err(_)) => tokio::time::sleep(Duration::from_millis(100)).await,
            Err(_) => {}
        }
    }
    let _ = client.disconnect().await;
}

/// The active alarms of `plate` as /web/abnormal/list shows them to `token`, polled until
/// there are some (or 10 s passed).
async fn alarms_of(app: &TestApp, token: &str, vehicle_id: i64) -> Vec<Value> {
    for _ in 0..100 {
        let page = app
            .api_web_abnormal_list(
                &json!({"page": 1, "pageSize": 50, "vehicleId": vehicle_id}),
                Some(token),
            )
            .await
            .ok();
        let list = page["list"].as_array().cloned().unwrap_or_default();
        if !list.is_empty() {
            return list;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    Vec::new()
}

/// Waits until the ingestion counters moved by `rejected` refusals of `reason`.
async fn wait_rejected(app: &TestApp, reason: &str, at_least: u64) {
    for _ in 0..100 {
        if app.state.ingest.stats().rejected[reason] >= at_least {
            return;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("{reason} never counted: {:?}", app.state.ingest.stats());
}

/// A low drive tyre published over MQTT shows as a critical low-pressure alarm through the
/// API of the vehicle's enterprise only; a wrong key and a non-report are counted.
async fn report_over(app: &TestApp, broker: (&str, u16), prefix: &str, imei: &str, plate: &str) {
    let t = two_trees(app).await;
    let (vehicle_id, key) = fitted_vehicle(app, &t.platform, t.a.child, plate, imei).await;
    let now = Utc::now().timestamp_millis();
    let topic = format!("{prefix}/{imei}/report");

    publish(
        broker,
        &topic,
        &json!({"key": key, "report": report(imei, now - 5000, 6.0)}),
    )
    .await;
    let alarms = alarms_of(app, &t.a.admin, vehicle_id).await;
    assert_eq!(alarms.len(), 1, "{alarms:?}");
    assert_eq!(
        (
            &alarms[0]["kind"],
            &alarms[0]["level"],
            &alarms[0]["position"]
        ),
        (&json!(2), &json!(2), &json!(21))
    );
    let watch = app
        .api_web_car_watch_list4(&json!({}), Some(&t.a.admin))
        .await
        .ok();
    assert!(
        watch.to_string().contains(plate),
        "the vehicle is in the live list: {watch}"
    );
    let other = app
        .api_web_abnormal_list(&json!({"page": 1, "pageSize": 50}), Some(&t.b.admin))
        .await
        .ok();
    assert_eq!(other["total"], 0, "tree B sees no alarm of tree A");

    // A wrong key, a report of another imei than the topic's, and plain garbage.
    publish(
        broker,
        &topic,
        &json!({"key": "not-the-key", "report": report(imei, now - 4000, 8.5)}),
    )
    .await;
    wait_rejected(app, "unknownDevice", 1).await;
    publish(
        broker,
        &topic,
        &json!({"key": key, "report": report("860000000000999", now - 3000, 8.5)}),
    )
    .await;
    publish(broker, &topic, &json!("garbage")).await;
    wait_rejected(app, "malformed", 2).await;
    assert_eq!(app.state.ingest.stats().accepted, 1);
}

#[tokio::test]
async fn reports_through_the_embedded_broker() {
    let port = free_port();
    let prefix = unique("embedded");
    let topic_prefix = prefix.clone();
    let app = spawn_app_with(Spawn {
        configure: Some(Box::new(move |mut cfg| {
            cfg.mqtt_port = port;
            cfg.mqtt_topic_prefix = topic_prefix;
            cfg
        })),
        ..Spawn::default()
    })
    .await;
    report_over(
        &app,
        ("127.0.0.1", port),
        &prefix,
        "860000000000401",
        "沪M00401",
    )
    .await;
}

#[tokio::test]
async fn reports_through_the_machines_mosquitto() {
    let prefix = unique("mosquitto");
    let (topic_prefix, client_id) = (prefix.clone(), unique("server"));
    let app = spawn_app_with(Spawn {
        configure: Some(Box::new(move |mut cfg| {
            cfg.mqtt_url = Some(format!("mqtt://{}:{}", MOSQUITTO.0, MOSQUITTO.1).into());
            cfg.mqtt_topic_prefix = topic_prefix;
            cfg.mqtt_client_id = client_id;
            cfg
        })),
        ..Spawn::default()
    })
    .await;
    // The server subscribes once connected; give it that moment.
    tokio::time::sleep(Duration::from_millis(500)).await;
    report_over(&app, MOSQUITTO, &prefix, "860000000000402", "沪M00402").await;
}
