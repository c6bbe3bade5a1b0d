//! WeChat JS-SDK signing.

use super::en;
use serde_json::Value;
use std::sync::Arc;
use wheelend_tests::{Answer, Spawn, TestApp, json, spawn_app, spawn_app_with};

// ---- WeChat ----

#[test]
fn the_wechat_signature_matches_the_documented_example() {
    assert_eq!(
        domain::wechat::signature(
            "sM4AOVdWfPE4DxkXGEs8VMCPGGVi4C3VM0P37wVUCFvkVAy_90u5h9nbSlYy3-Sl-HhTdfl2fzFy1AOcHKP7qg",
            "Wm3WZYTPz0wzccnW",
            1_414_587_457,
            "http://mp.weixin.qq.com?params=value",
        ),
        "0f9de62fce790f9a083d5c99e95740ceb90c27ed"
    );
}

async fn jssdk(app: &TestApp, body: &Value) -> Answer {
    app.send(en(app.client.post(app.url("/api/wechat/getWechatJSSDK"))).json(body))
        .await
}

#[tokio::test]
async fn wechat_signing_needs_configuration() {
    let app = spawn_app().await;
    let msg = jssdk(&app, &json!({"url": "https://wheelend.cn/share"}))
        .await
        .code(7);
    assert_eq!(msg, "WeChat is not configured");
}

#[tokio::test]
async fn wechat_signing_with_a_fixed_ticket() {
    let app = spawn_app_with(Spawn {
        configure: Some(Box::new(|mut cfg| {
            cfg.wechat.app_id = Some("wx0123456789abcdef".into());
            cfg.wechat.jsapi_ticket = Some("TICKET-1".into());
            cfg
        })),
        ..Spawn::default()
    })
    .await;
    // Open: share pages are seen by people who are not signed in.
    let data = jssdk(&app, &json!({"url": "https://wheelend.cn/share?id=1#/top"}))
        .await
        .ok();
    assert_eq!(data["appId"], "wx0123456789abcdef");
    let nonce = data["nonceStr"].as_str().unwrap();
    let timestamp = data["timestamp"].as_i64().unwrap();
    assert_eq!(nonce.len(), 16);
    assert!((chrono::Utc::now().timestamp() - timestamp).abs() < 60);
    assert_eq!(
        data["signature"].as_str().unwrap(),
        domain::wechat::signature(
            "TICKET-1",
            nonce,
            timestamp,
            "https://wheelend.cn/share?id=1"
        )
    );
    let msg = jssdk(&app, &json!({})).await.code(7);
    assert!(msg.contains("url"), "{msg}");
    jssdk(&app, &json!({"url": 5})).await.code(7);
    jssdk(&app, &json!({"url": "javascript:alert(1)"}))
        .await
        .code(7);
}

#[tokio::test]
async fn wechat_tickets_are_fetched_once_and_cached() {
    use std::sync::atomic::{AtomicUsize, Ordering};
    let hits = Arc::new(AtomicUsize::new(0));
    let (token_hits, ticket_hits) = (hits.clone(), hits.clone());
    let fake = axum::Router::new()
        .route(
            "/cgi-bin/token",
            axum::routing::get(
                move |axum::extract::Query(q): axum::extract::Query<
                    std::collections::HashMap<String, String>,
                >| {
                    let hits = token_hits.clone();
                    async move {
                        hits.fetch_add(1, Ordering::SeqCst);
                        assert_eq!(q.get("secret").map(String::as_str), Some("app-secret"));
                        axum::Json(json!({"access_token": "AT", "expires_in": 7200}))
                    }
                },
            ),
        )
        .route(
            "/cgi-bin/ticket/getticket",
            axum::routing::get(move || {
                let hits = ticket_hits.clone();
                async move {
                    hits.fetch_add(1, Ordering::SeqCst);
                    axum::Json(json!({"errcode": 0, "errmsg": "ok", "ticket": "FETCHED", "expires_in": 7200}))
                }
            }),
        );
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let base = format!("http://{}", listener.local_addr().unwrap());
    tokio::spawn(async move { axum::serve(listener, fake).await });
    let app = spawn_app_with(Spawn {
        configure: Some(Box::new(move |mut cfg| {
            cfg.wechat.app_id = Some("wxapp".into());
            cfg.wechat.app_secret = Some("app-secret".into());
            cfg.wechat.api_base = base;
            cfg
        })),
        ..Spawn::default()
    })
    .await;
    for _ in 0..3 {
        let data = jssdk(&app, &json!({"url": "https://wheelend.cn/s"}))
            .await
            .ok();
        assert_eq!(
            data["signature"].as_str().unwrap(),
            domain::wechat::signature(
                "FETCHED",
                data["nonceStr"].as_str().unwrap(),
                data["timestamp"].as_i64().unwrap(),
                "https://wheelend.cn/s"
            )
        );
    }
    assert_eq!(
        hits.load(Ordering::SeqCst),
        2,
        "one token and one ticket fetch"
    );
}
