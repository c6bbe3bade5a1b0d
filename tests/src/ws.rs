//! A websocket client for tests of `/ws`.

use std::time::Duration;

use futures::StreamExt;
use serde_json::Value;
use tokio_tungstenite::tungstenite::Message;

use crate::TestApp;

pub type Socket =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

/// The `/ws` address with `query`, as a websocket URL.
pub fn url(app: &TestApp, query: &str) -> String {
    app.url(&format!("/ws?{query}")).replacen("http", "ws", 1)
}

/// Opens `/ws?{query}` (the handshake must succeed).
pub async fn open(app: &TestApp, query: &str) -> Socket {
    tokio_tungstenite::connect_async(url(app, query))
        .await
        .unwrap()
        .0
}

/// The next text frame as JSON, within 5 s (pings are skipped).
pub async fn next(socket: &mut Socket) -> Value {
    loop {
        let message = tokio::time::timeout(Duration::from_secs(5), socket.next())
            .await
            .expect("a frame within 5 s")
            .expect("the socket stays open")
            .unwrap();
        if let Message::Text(text) = message {
            return serde_json::from_str(text.as_str()).unwrap();
        }
    }
}

/// Opens `/ws` signed in with `token` and reads the hello.
pub async fn signed_in(app: &TestApp, token: &str) -> Socket {
    let mut socket = open(app, &format!("token={token}")).await;
    assert_eq!(next(&mut socket).await["type"], "hello");
    socket
}

/// The next frame of type `kind`, within 5 s each (frames of other types are skipped).
pub async fn next_of(socket: &mut Socket, kind: &str) -> Value {
    loop {
        let frame = next(socket).await;
        if frame["type"] == kind {
            return frame;
        }
    }
}

/// Asserts no text frame of type `kind` arrives for `wait` (pings and other types are
/// skipped).
pub async fn none_of(socket: &mut Socket, kind: &str, wait: Duration) {
    let heard = tokio::time::timeout(wait, async {
        loop {
            match socket.next().await {
                Some(Ok(Message::Text(text))) => {
                    let frame: Value = serde_json::from_str(text.as_str()).unwrap();
                    if frame["type"] == kind {
                        return frame;
                    }
                }
                Some(Ok(_)) => {}
                other => panic!("the socket closed: {other:?}"),
            }
        }
    })
    .await;
    assert!(heard.is_err(), "unexpected frame {heard:?}");
}
