//! Reports over MQTT, through the embedded broker (on a free port) and through the machine's
//! Mosquitto (127.0.0.1:1883): a published report becomes state and an alarm the console's
//! calls show; a message without a valid key or not a report is refused and counted.
//! Each test uses its own topic prefix, so parallel runs sharing Mosquitto never mix.

use std::time::Duration;

use sea_orm::EntityTrait;

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

// ---- The MQTT console (docs/mqtt.md) ------------------------------------------------------

/// An app with the embedded broker on a free port and its own topic prefix, once the console's
/// own connection is up; answers the app, the prefix and the platform admin's token.
async fn console_app() -> (TestApp, String, String) {
    let port = free_port();
    let prefix = unique("console");
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
    let admin = app.admin_token().await;
    for _ in 0..100 {
        let o = app.api_mqtt_overview(&json!({}), Some(&admin)).await.ok();
        if o["consoleConnected"] == true {
            return (app, prefix, admin);
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("the console never connected to the embedded broker");
}

/// The field a code-7 refusal names.
fn refused_field(answer: &wheelend_tests::Answer) -> String {
    let env = answer.envelope();
    assert_eq!(env.code, 7, "expected a refusal, got {}", answer.text);
    env.data["field"].as_str().unwrap_or_default().to_owned()
}

/// Polls a subscription's buffer until it holds `n` messages (or 10 s passed).
async fn messages_of(app: &TestApp, token: &str, id: i64, n: usize) -> Vec<Value> {
    let mut list = Vec::new();
    for _ in 0..100 {
        list = app
            .api_mqtt_messages(&json!({"subscriptionId": id}), Some(token))
            .await
            .ok()
            .as_array()
            .cloned()
            .unwrap_or_default();
        if list.len() >= n {
            return list;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    list
}

#[tokio::test]
async fn console_publishes_keeps_and_routes_messages_through_the_embedded_broker() {
    let (app, prefix, admin) = console_app().await;
    let overview = app.api_mqtt_overview(&json!({}), Some(&admin)).await.ok();
    assert_eq!(overview["mode"], "embedded");
    assert!(
        overview["listen"]
            .as_str()
            .unwrap()
            .starts_with("127.0.0.1:")
    );
    assert_eq!(overview["reportTopic"], format!("{prefix}/+/report"));
    assert_eq!(overview["minutes"].as_array().unwrap().len(), 60);
    assert_eq!(overview["external"], Value::Null);

    let copies = unique("fleet");
    let commands = app
        .api_mqtt_subscriptions_save(
            &json!({"name": "commands", "filter": format!("{prefix}/+/command"), "qos": 1}),
            Some(&admin),
        )
        .await
        .ok()["id"]
        .as_i64()
        .unwrap();
    let copied = app
        .api_mqtt_subscriptions_save(
            &json!({"name": "copies", "filter": format!("{copies}/#")}),
            Some(&admin),
        )
        .await
        .ok()["id"]
        .as_i64()
        .unwrap();
    let route = app
        .api_mqtt_routes_save(
            &json!({"name": "copy commands", "filter": format!("{prefix}/+/command"),
                    "target": format!("{copies}/{{imei}}/copy"), "qos": 1}),
            Some(&admin),
        )
        .await
        .ok()["id"]
        .as_i64()
        .unwrap();

    // Published through the publisher: kept by the subscription, forwarded by the route.
    let topic = format!("{prefix}/860000000000501/command");
    let sent = app
        .api_mqtt_publish(
            &json!({"topic": topic, "payload": "{\"cmd\":\"ping\"}", "format": "json", "qos": 1}),
            Some(&admin),
        )
        .await
        .ok();
    assert_eq!(
        (sent["topic"].as_str(), sent["bytes"].as_u64()),
        (Some(topic.as_str()), Some(14))
    );
    let kept = messages_of(&app, &admin, commands, 1).await;
    assert_eq!(kept.len(), 1, "{kept:?}");
    assert_eq!(kept[0]["topic"], topic);
    assert_eq!(kept[0]["payload"], "{\"cmd\":\"ping\"}");
    assert_eq!(kept[0]["qos"], 1);
    let forwarded = messages_of(&app, &admin, copied, 1).await;
    assert_eq!(forwarded.len(), 1, "{forwarded:?}");
    assert_eq!(
        forwarded[0]["topic"],
        format!("{copies}/860000000000501/copy")
    );
    assert_eq!(forwarded[0]["payload"], "{\"cmd\":\"ping\"}");
    let routes = app.api_mqtt_routes(&json!({}), Some(&admin)).await.ok();
    assert_eq!(routes[0]["id"], route);
    assert_eq!(routes[0]["forwarded"], 1);
    let subs = app
        .api_mqtt_subscriptions(&json!({}), Some(&admin))
        .await
        .ok();
    assert_eq!(subs.as_array().unwrap().len(), 2);
    let overview = app.api_mqtt_overview(&json!({}), Some(&admin)).await.ok();
    assert_eq!(
        (
            &overview["published"],
            &overview["forwarded"],
            &overview["subscriptions"],
            &overview["routes"]
        ),
        (&json!(1), &json!(1), &json!(2), &json!(1))
    );
    let filters = overview["consoleFilters"].to_string();
    assert!(
        filters.contains("/+/command") && filters.contains(&copies),
        "{filters}"
    );
    let this_minute = overview["minutes"]
        .as_array()
        .unwrap()
        .last()
        .cloned()
        .unwrap();
    assert!(
        this_minute["forwarded"].as_u64().unwrap() >= 1
            || overview["minutes"][58]["forwarded"] == 1
    );

    // The publish is in the operation log.
    let mut logged = false;
    for _ in 0..50 {
        logged = entities::sys_operation_record::Entity::find()
            .all(&app.state.db)
            .await
            .unwrap()
            .iter()
            .any(|r| r.path == "/api/mqtt/publish");
        if logged {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert!(logged, "the publish is in the operation log");

    // Edits apply at once: with `commands` disabled only the route still sees the next one.
    app.api_mqtt_subscriptions_save(
        &json!({"id": commands, "name": "commands", "filter": format!("{prefix}/+/command"),
                "qos": 1, "enabled": false}),
        Some(&admin),
    )
    .await
    .ok();
    app.api_mqtt_publish(
        &json!({"topic": topic, "payload": "second", "retain": false}),
        Some(&admin),
    )
    .await
    .ok();
    assert_eq!(messages_of(&app, &admin, copied, 2).await.len(), 2);
    assert_eq!(messages_of(&app, &admin, commands, 1).await.len(), 1);

    // Without the route nothing is copied any more.
    app.api_mqtt_routes_delete(&json!({"id": route}), Some(&admin))
        .await
        .ok();
    app.api_mqtt_subscriptions_save(
        &json!({"id": commands, "name": "commands", "filter": format!("{prefix}/+/command"),
                "enabled": true}),
        Some(&admin),
    )
    .await
    .ok();
    tokio::time::sleep(Duration::from_millis(300)).await;
    app.api_mqtt_publish(&json!({"topic": topic, "payload": "third"}), Some(&admin))
        .await
        .ok();
    let kept = messages_of(&app, &admin, commands, 2).await;
    assert_eq!(kept[0]["payload"], "third", "newest first: {kept:?}");
    assert_eq!(messages_of(&app, &admin, copied, 2).await.len(), 2);

    // A deleted subscription and its buffer are gone.
    app.api_mqtt_subscriptions_delete(&json!({"id": copied}), Some(&admin))
        .await
        .ok();
    let gone = app
        .api_mqtt_messages(&json!({"subscriptionId": copied}), Some(&admin))
        .await;
    assert_eq!(refused_field(&gone), "id");
}

#[tokio::test]
async fn console_refuses_bad_input_naming_the_field_and_changes_nothing() {
    let (app, prefix, admin) = console_app().await;
    app.api_mqtt_subscriptions_save(&json!({"name": "ok", "filter": "a/+/c"}), Some(&admin))
        .await
        .ok();
    let route = app
        .api_mqtt_routes_save(
            &json!({"name": "r", "filter": "in/+/x", "target": "out/{imei}/x"}),
            Some(&admin),
        )
        .await
        .ok()["id"]
        .as_i64()
        .unwrap();
    let before = (
        app.api_mqtt_subscriptions(&json!({}), Some(&admin))
            .await
            .ok(),
        app.api_mqtt_routes(&json!({}), Some(&admin)).await.ok(),
    );

    for (body, field) in [
        (json!({"filter": "a/b"}), "name"),
        (json!({"name": " ", "filter": "a/b"}), "name"),
        (json!({"name": "x"}), "filter"),
        (json!({"name": "x", "filter": "a/#/b"}), "filter"),
        (json!({"name": "x", "filter": "a/b#"}), "filter"),
        (json!({"name": "x", "filter": "a+/b"}), "filter"),
        (json!({"name": "x", "filter": "a/++"}), "filter"),
        (json!({"name": "x", "filter": "a/b", "qos": 2}), "qos"),
        (json!({"name": "x", "filter": "a/b", "qos": "one"}), "qos"),
        (json!({"name": "ok", "filter": "a/b"}), "name"),
        (json!({"id": 999_999, "name": "x", "filter": "a/b"}), "id"),
        (json!({"id": route, "name": "x", "filter": "a/b"}), "id"),
    ] {
        let answer = app.api_mqtt_subscriptions_save(&body, Some(&admin)).await;
        assert_eq!(refused_field(&answer), field, "{body}: {}", answer.text);
    }
    for (body, field) in [
        (json!({"name": "y", "filter": "s/+"}), "target"),
        (
            json!({"name": "y", "filter": "s/+", "target": "t/+/x"}),
            "target",
        ),
        (
            json!({"name": "y", "filter": "s/+", "target": "t/#"}),
            "target",
        ),
        (
            json!({"name": "y", "filter": "s/+", "target": "t/{id}"}),
            "target",
        ),
        (
            json!({"name": "y", "filter": "s/+", "target": "t/x{imei}"}),
            "target",
        ),
        (
            json!({"name": "y", "filter": "s/+", "target": "$SYS/x"}),
            "target",
        ),
        // Its own filter, the report topic, another route's filter: loops and forged reports.
        (
            json!({"name": "y", "filter": "s/#", "target": "s/{imei}/copy"}),
            "target",
        ),
        (
            json!({"name": "y", "filter": "s/+", "target": format!("{prefix}/{{imei}}/report")}),
            "target",
        ),
        (
            json!({"name": "y", "filter": "s/+", "target": "in/1/x"}),
            "target",
        ),
        (
            json!({"name": "y", "filter": "out/#", "target": "t/x"}),
            "filter",
        ),
        (
            json!({"name": "r", "filter": "s/+", "target": "t/x"}),
            "name",
        ),
    ] {
        let answer = app.api_mqtt_routes_save(&body, Some(&admin)).await;
        assert_eq!(refused_field(&answer), field, "{body}: {}", answer.text);
    }
    for (body, field) in [
        (json!({"payload": "x"}), "topic"),
        (
            json!({"topic": "wheelend/+/command", "payload": "x"}),
            "topic",
        ),
        (json!({"topic": "wheelend/#", "payload": "x"}), "topic"),
        (json!({"topic": "$SYS/broker", "payload": "x"}), "topic"),
        (json!({"topic": "a/b"}), "payload"),
        (
            json!({"topic": "a/b", "payload": "{not json", "format": "json"}),
            "payload",
        ),
        (
            json!({"topic": "a/b", "payload": "x", "format": "xml"}),
            "format",
        ),
        (json!({"topic": "a/b", "payload": "x", "qos": 2}), "qos"),
    ] {
        let answer = app.api_mqtt_publish(&body, Some(&admin)).await;
        assert_eq!(refused_field(&answer), field, "{body}: {}", answer.text);
    }
    for answer in [
        app.api_mqtt_subscriptions_delete(&json!({"id": 999_999}), Some(&admin))
            .await,
        app.api_mqtt_subscriptions_delete(&json!({"id": route}), Some(&admin))
            .await,
        app.api_mqtt_subscriptions_delete(&json!({}), Some(&admin))
            .await,
        app.api_mqtt_routes_delete(&json!({"id": 999_999}), Some(&admin))
            .await,
        app.api_mqtt_messages(&json!({"subscriptionId": route}), Some(&admin))
            .await,
    ] {
        assert_eq!(refused_field(&answer), "id", "{}", answer.text);
    }
    let unknown = app
        .api_mqtt_clients_delete(&json!({"imei": "860000000009999"}), Some(&admin))
        .await;
    assert_eq!(refused_field(&unknown), "imei");
    let missing = app.api_mqtt_clients_delete(&json!({}), Some(&admin)).await;
    assert_eq!(refused_field(&missing), "imei");

    let after = (
        app.api_mqtt_subscriptions(&json!({}), Some(&admin))
            .await
            .ok(),
        app.api_mqtt_routes(&json!({}), Some(&admin)).await.ok(),
    );
    assert_eq!(before, after, "nothing changed");
    assert_eq!(
        entities::mqtt_rule::Entity::find()
            .all(&app.state.db)
            .await
            .unwrap()
            .len(),
        2
    );
    let overview = app.api_mqtt_overview(&json!({}), Some(&admin)).await.ok();
    assert_eq!(overview["published"], 0);
}

#[tokio::test]
async fn console_clients_are_the_callers_devices_only() {
    let (app, prefix, admin) = console_app().await;
    let port: u16 = app.api_mqtt_overview(&json!({}), Some(&admin)).await.ok()["listen"]
        .as_str()
        .unwrap()
        .rsplit(':')
        .next()
        .unwrap()
        .parse()
        .unwrap();
    let broker = ("127.0.0.1", port);
    let t = two_trees(&app).await;
    let (imei_a, imei_b, stranger) = ("860000000000511", "860000000000512", "860000000000513");
    let (_, key_a) = fitted_vehicle(&app, &t.platform, t.a.child, "沪M00511", imei_a).await;
    let (_, key_b) = fitted_vehicle(&app, &t.platform, t.b.child, "沪M00512", imei_b).await;
    let now = Utc::now().timestamp_millis();
    for (imei, key) in [(imei_a, &key_a), (imei_b, &key_b)] {
        publish(
            broker,
            &format!("{prefix}/{imei}/report"),
            &json!({"key": key, "report": report(imei, now - 5000, 8.5)}),
        )
        .await;
    }
    publish(
        broker,
        &format!("{prefix}/{stranger}/report"),
        &json!("garbage"),
    )
    .await;

    let mut all = Value::Null;
    for _ in 0..100 {
        all = app
            .api_mqtt_clients(&json!({"page": 1, "pageSize": 50}), Some(&admin))
            .await
            .ok();
        // Listed at once, counted once the reports were handled.
        let handled = all["list"].as_array().is_some_and(|l| {
            l.iter().all(|r| {
                r["accepted"].as_u64().unwrap_or(0) + r["refused"].as_u64().unwrap_or(0) >= 1
            })
        });
        if all["total"] == 3 && handled {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert_eq!(all["total"], 3, "platform staff see every device: {all}");
    let row = |page: &Value, imei: &str| {
        page["list"]
            .as_array()
            .unwrap()
            .iter()
            .find(|r| r["imei"] == imei)
            .cloned()
    };
    let a_row = row(&all, imei_a).unwrap();
    assert_eq!(
        (&a_row["messages"], &a_row["accepted"]),
        (&json!(1), &json!(1))
    );
    assert_eq!(a_row["enterpriseId"], t.a.child);
    let s_row = row(&all, stranger).unwrap();
    assert_eq!(
        (&s_row["refused"], &s_row["lastRefusal"]),
        (&json!(1), &json!("malformed"))
    );
    assert_eq!(s_row["enterpriseId"], Value::Null);

    for (token, mine, theirs) in [(&t.a.admin, imei_a, imei_b), (&t.b.admin, imei_b, imei_a)] {
        let page = app
            .api_mqtt_clients(&json!({"page": 1, "pageSize": 50}), Some(token))
            .await
            .ok();
        assert_eq!(page["total"], 1, "{page}");
        assert!(
            row(&page, mine).is_some() && row(&page, theirs).is_none(),
            "{page}"
        );
        assert!(row(&page, stranger).is_none());
        // The rest of the console is platform staff's.
        app.api_mqtt_overview(&json!({}), Some(token)).await.code(7);
        app.api_mqtt_clients_delete(&json!({"imei": mine}), Some(token))
            .await
            .code(7);
        app.api_mqtt_publish(&json!({"topic": "a/b", "payload": "x"}), Some(token))
            .await
            .code(7);
    }
    let searched = app
        .api_mqtt_clients(&json!({"imei": "0511"}), Some(&admin))
        .await
        .ok();
    assert_eq!(searched["total"], 1);

    let overview = app.api_mqtt_overview(&json!({}), Some(&admin)).await.ok();
    assert_eq!(
        (
            &overview["messages"],
            &overview["accepted"],
            &overview["refused"]["malformed"]
        ),
        (&json!(3), &json!(2), &json!(1))
    );
    let minutes = overview["minutes"].as_array().unwrap();
    let hour: u64 = minutes
        .iter()
        .map(|m| m["messages"].as_u64().unwrap())
        .sum();
    assert_eq!(hour, 3);

    app.api_mqtt_clients_delete(&json!({"imei": imei_a}), Some(&admin))
        .await
        .ok();
    let left = app.api_mqtt_clients(&json!({}), Some(&admin)).await.ok();
    assert_eq!(left["total"], 2);
    let page = app
        .api_mqtt_clients(&json!({}), Some(&t.a.admin))
        .await
        .ok();
    assert_eq!(page["total"], 0);
}
