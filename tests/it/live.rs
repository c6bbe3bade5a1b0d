//! The websocket: signed in by token, scoped to the current enterprise, catching up after a
//! drop.

use std::time::Duration;

use domain::live::hub::EventKind;
use futures::{SinkExt, StreamExt};
use tokio_tungstenite::tungstenite::Message;
use wheelend_tests::tenants::two_trees;
use wheelend_tests::ws::{Socket, next, open, url};
use wheelend_tests::{json, spawn_app};

/// Asserts nothing but pings arrives for a moment.
async fn quiet(socket: &mut Socket) {
    let waited = tokio::time::timeout(Duration::from_millis(300), async {
        loop {
            match socket.next().await {
                Some(Ok(Message::Text(text))) => return text.to_string(),
                Some(Ok(_)) => {}
                _ => return String::from("closed"),
            }
        }
    })
    .await;
    assert!(waited.is_err(), "unexpected frame {waited:?}");
}

#[tokio::test]
async fn the_socket_needs_a_valid_token() {
    let app = spawn_app().await;
    for query in ["", "token=not-a-token"] {
        assert!(
            tokio_tungstenite::connect_async(url(&app, query))
                .await
                .is_err()
        );
    }
    // A plain request gets the envelope saying what the address is for.
    let answer = app.get("/ws", None).await;
    assert!(answer.code(7).to_lowercase().contains("websocket"));
}

#[tokio::test]
async fn each_console_gets_its_enterprises_events_and_catches_up() {
    let app = spawn_app().await;
    let t = two_trees(&app).await;
    let mut a = open(&app, &format!("token={}", t.a.admin)).await;
    let hello = next(&mut a).await;
    assert_eq!(hello["type"], "hello");
    assert_eq!(hello["heartbeat"], 20);

    let live = &app.state.live;
    let seq_b = live.publish(EventKind::Vehicle, t.b.root, 900, &json!({"p": "ZZB"}));
    let seq_a = live.publish(
        EventKind::Alarm,
        t.a.child,
        901,
        &json!({"kind": "lowPressure"}),
    );
    let got = next(&mut a).await;
    assert_eq!(got["type"], "alarm", "tree B's event is not sent: {got}");
    assert_eq!(got["seq"], seq_a);
    assert!(seq_b < seq_a);
    quiet(&mut a).await;

    // Heartbeat at the application level.
    a.send(Message::text(r#"{"type":"ping"}"#)).await.unwrap();
    assert_eq!(next(&mut a).await["type"], "pong");
    a.send(Message::text(r#"{"type":"dance"}"#)).await.unwrap();
    assert_eq!(next(&mut a).await["type"], "error");

    // Drop, miss two events, reconnect and resume from the last one seen.
    drop(a);
    live.publish(EventKind::Vehicle, t.a.root, 902, &json!({"p": "A-902"}));
    live.publish(EventKind::Vehicle, t.b.root, 903, &json!({"p": "ZZB"}));
    live.publish(EventKind::Vehicle, t.a.root, 904, &json!({"p": "A-904"}));
    let mut a = open(&app, &format!("token={}", t.a.admin)).await;
    next(&mut a).await;
    a.send(Message::text(format!(
        r#"{{"type":"resume","after":{seq_a}}}"#
    )))
    .await
    .unwrap();
    assert_eq!(next(&mut a).await["data"]["p"], "A-902");
    assert_eq!(next(&mut a).await["data"]["p"], "A-904");
    quiet(&mut a).await;

    // Resuming from the future (another server's numbers) asks for a resync.
    a.send(Message::text(r#"{"type":"resume","after":999999}"#))
        .await
        .unwrap();
    assert_eq!(next(&mut a).await["type"], "resync");

    // Tree B's admin sees B only; the platform admin sees everything.
    let mut b = open(&app, &format!("token={}", t.b.admin)).await;
    let mut platform = open(&app, &format!("token={}", t.platform)).await;
    next(&mut b).await;
    next(&mut platform).await;
    live.publish(EventKind::Vehicle, t.a.root, 905, &json!({"p": "A-905"}));
    live.publish(EventKind::Vehicle, t.b.child, 906, &json!({"p": "ZZB-906"}));
    assert_eq!(next(&mut b).await["data"]["p"], "ZZB-906");
    assert_eq!(next(&mut platform).await["data"]["p"], "A-905");
    assert_eq!(next(&mut platform).await["data"]["p"], "ZZB-906");

    // Acting for an enterprise the user may not act for is refused at the handshake.
    let foreign = url(&app, &format!("token={}&ent={}", t.a.admin, t.b.root));
    assert!(tokio_tungstenite::connect_async(foreign).await.is_err());
}
