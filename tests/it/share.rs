//! Share links: a vehicle's public page `/mf/…` shows it only through a link its enterprise
//! created, until the link expires or is revoked; every other case is the same "expired or not
//! shared" (404 for the page, code 7 for the call) and shows nothing of the vehicle.

use chrono::{Duration, Utc};
use entities::{enterprise, vehicle_share};
use reqwest::StatusCode;
use sea_orm::{ActiveModelTrait, EntityTrait, Set};
use serde_json::Value;
use wheelend_tests::fleet::{fitted_vehicle, post_report, report};
use wheelend_tests::tenants::two_trees;
use wheelend_tests::{TestApp, fingerprint, json, spawn_app};

const PLATE: &str = "沪S12345";
const IMEI: &str = "860000000000601";
const NOT_SHARED: &str = "链接已过期或车辆未分享";

async fn share(app: &TestApp, token: &str, vehicle: i64) -> Value {
    app.api_web_car_share_create(&json!({"vehicleId": vehicle, "days": 3}), Some(token))
        .await
        .ok()
}

async fn view(app: &TestApp, id: &str, code: Option<&str>) -> wheelend_tests::Answer {
    app.api_base_share(&json!({"id": id, "code": code}), None)
        .await
}

fn assert_not_shared(app_page: &wheelend_tests::Answer) {
    assert_eq!(app_page.status, StatusCode::NOT_FOUND, "{}", app_page.text);
    assert!(app_page.text.contains("Link expired or not shared"));
    assert!(
        app_page
            .text
            .contains("<meta name=\"robots\" content=\"noindex\">")
    );
    assert!(!app_page.text.contains(PLATE), "the plate leaked");
}

#[tokio::test]
async fn a_link_shows_the_vehicle_on_its_page_and_stops_when_revoked() {
    let app = spawn_app().await;
    let t = two_trees(&app).await;
    let (vehicle, key) = fitted_vehicle(&app, &t.platform, t.a.child, PLATE, IMEI).await;
    let now = Utc::now().timestamp_millis();
    // 6.0 bar on tyre 21: a critical low-pressure alarm.
    post_report(&app, &key, &report(IMEI, now - 2000, 6.0))
        .await
        .ok();

    let link = share(&app, &t.a.admin, vehicle).await;
    let code = link["code"].as_str().unwrap().to_owned();
    assert_eq!(link["link"], format!("/mf/P{code}"));
    assert_eq!(link["active"], true);

    let seen = view(&app, &format!("P{code}"), None).await.ok();
    assert_eq!(seen["plate"], PLATE);
    assert_eq!(seen["state"]["lat"], 31.2304);
    assert_eq!(seen["state"]["speed"], 62.0);
    let w21 = seen["wheels"]
        .as_array()
        .unwrap()
        .iter()
        .find(|w| w["position"] == 21)
        .unwrap();
    assert_eq!(w21["pressure"], 6.0);
    assert_eq!(seen["alarms"][0]["kind"], 2);
    assert_eq!(seen["alarms"][0]["position"], 21);
    // Nothing of the enterprise, its people or the device.
    let text = seen.to_string();
    for hidden in ["enterpriseId", "entName", "imei", IMEI, "drivers"] {
        assert!(!text.contains(hidden), "{hidden} leaked: {text}");
    }
    // Both forms of the address.
    assert_eq!(
        view(&app, &vehicle.to_string(), Some(&code)).await.ok()["plate"],
        PLATE
    );

    // The page, server-rendered: readable without JavaScript, with its head for search engines.
    for path in [format!("/mf/P{code}"), format!("/mf/{vehicle}?code={code}")] {
        let page = app.page(&path, "localhost", Some("en")).await;
        assert_eq!(page.status, StatusCode::OK, "{path}");
        let doc = &page.text;
        assert!(
            doc.contains(&format!("<title>{PLATE} · Vehicle dynamics")),
            "{doc}"
        );
        assert!(doc.contains(
            "<meta name=\"description\" content=\"沪S12345: Alarm, 62 km/h, 1 active alarms"
        ));
        assert!(doc.contains("data-testid=\"share-plate\""));
        assert!(doc.contains("6 Bar"), "tyre 21's pressure");
        assert!(doc.contains("121.473700, 31.230400"));
        assert!(doc.contains("Low pressure"));
        assert!(!doc.contains("noindex"));
    }

    // The other vehicle's id with this code, a wrong code, no code: nothing.
    let (other, _) =
        fitted_vehicle(&app, &t.platform, t.a.child, "沪S99999", "860000000000602").await;
    for (id, c) in [
        (other.to_string(), Some(code.as_str())),
        (vehicle.to_string(), Some("abcdefghijkm")),
        (vehicle.to_string(), None),
        ("Pnot-a-code".to_owned(), None),
    ] {
        // The same refusal whatever is wrong (Chinese: the request names no language).
        assert_eq!(view(&app, &id, c).await.code(7), NOT_SHARED);
        let path = match c {
            Some(c) => format!("/mf/{id}?code={c}"),
            None => format!("/mf/{id}"),
        };
        assert_not_shared(&app.page(&path, "localhost", Some("en")).await);
    }

    // Revoked: the very next request shows nothing (share pages are never cached).
    let revoked = app
        .api_web_car_share_revoke(&json!({"id": link["id"]}), Some(&t.a.admin))
        .await
        .ok();
    assert_eq!(revoked["active"], false);
    assert_eq!(
        view(&app, &format!("P{code}"), None).await.code(7),
        NOT_SHARED
    );
    assert_not_shared(
        &app.page(&format!("/mf/P{code}"), "localhost", Some("en"))
            .await,
    );

    let links = app
        .api_web_car_share_list(&json!({"vehicleId": vehicle}), Some(&t.a.admin))
        .await
        .ok();
    assert_eq!(links.as_array().unwrap().len(), 1);
    assert!(links[0]["revokedAt"].is_string());
}

#[tokio::test]
async fn an_expired_link_or_a_transferred_vehicle_shows_nothing() {
    let app = spawn_app().await;
    let t = two_trees(&app).await;
    let (vehicle, _) = fitted_vehicle(&app, &t.platform, t.a.root, PLATE, IMEI).await;
    let link = share(&app, &t.a.admin, vehicle).await;
    let code = link["code"].as_str().unwrap().to_owned();
    let db = &app.state.db;

    let row = vehicle_share::Entity::find_by_id(link["id"].as_i64().unwrap())
        .one(db)
        .await
        .unwrap()
        .unwrap();
    let mut expired: vehicle_share::ActiveModel = row.into();
    expired.expires_at = Set(Utc::now() - Duration::minutes(1));
    expired.update(db).await.unwrap();
    view(&app, &format!("P{code}"), None).await.code(7);
    assert_not_shared(
        &app.page(&format!("/mf/P{code}"), "localhost", Some("en"))
            .await,
    );

    // A vehicle that left the enterprise that shared it: its old links stop.
    let fresh = share(&app, &t.a.admin, vehicle).await;
    let fresh_code = fresh["code"].as_str().unwrap();
    view(&app, &format!("P{fresh_code}"), None).await.ok();
    app.api_web_car_transfer(
        &json!({"carIds": [vehicle], "entId": t.b.root}),
        Some(&t.platform),
    )
    .await
    .ok();
    view(&app, &format!("P{fresh_code}"), None).await.code(7);
}

#[tokio::test]
async fn only_the_vehicles_own_enterprise_shares_it_and_bad_input_is_named() {
    let app = spawn_app().await;
    let t = two_trees(&app).await;
    let (vehicle, _) = fitted_vehicle(&app, &t.platform, t.a.child, PLATE, IMEI).await;
    let link = share(&app, &t.a.admin, vehicle).await;
    let before = fingerprint(&app.state.db).await;

    for days in [0, 366] {
        let msg = app
            .api_web_car_share_create(
                &json!({"vehicleId": vehicle, "days": days}),
                Some(&t.a.admin),
            )
            .await
            .code(7);
        assert!(msg.contains("days"), "{msg}");
    }
    // Tree B neither shares, lists nor revokes tree A's vehicle; it is told "no such vehicle".
    for (path, body) in [
        ("/api/web/car/share/create", json!({"vehicleId": vehicle})),
        ("/api/web/car/share/list", json!({"vehicleId": vehicle})),
        ("/api/web/car/share/revoke", json!({"id": link["id"]})),
    ] {
        app.post(path, &body, Some(&t.b.admin)).await.code(7);
    }
    app.api_web_car_share_create(&json!({}), Some(&t.a.admin))
        .await
        .code(7);
    assert_eq!(before, fingerprint(&app.state.db).await);
}

#[tokio::test]
async fn links_of_colony_7_enterprises_open_with_colony_7() {
    let app = spawn_app().await;
    let t = two_trees(&app).await;
    let (vehicle, _) = fitted_vehicle(&app, &t.platform, t.a.root, PLATE, IMEI).await;
    let ent = enterprise::Entity::find_by_id(t.a.root)
        .one(&app.state.db)
        .await
        .unwrap()
        .unwrap();
    let mut ent: enterprise::ActiveModel = ent.into();
    ent.colony_id = Set(Some(7));
    ent.update(&app.state.db).await.unwrap();

    let link = share(&app, &t.a.admin, vehicle).await;
    let code = link["code"].as_str().unwrap();
    assert_eq!(link["link"], format!("/mf/P{code}?colony=7"));
    let page = app
        .page(&format!("/mf/P{code}?colony=7"), "localhost", Some("en"))
        .await;
    assert_eq!(page.status, StatusCode::OK);
    assert!(page.text.contains(PLATE));
    assert_eq!(
        view(&app, &format!("P{code}"), None).await.ok()["colony"],
        7
    );
}
