//! Vehicle settings, docking synchronisation, the demonstration fleet and pickers.

use super::{path, report};
use wheelend_tests::tenants::{self};
use wheelend_tests::{json, spawn_app};

#[tokio::test]
async fn settings_sync_demo_and_pickers() {
    let app = spawn_app().await;
    let t = tenants::two_trees(&app).await;
    let tok = &t.a.admin;
    let demo = app
        .post(&path("found_demonstration"), &json!({}), Some(tok))
        .await
        .ok();
    let ids: Vec<i64> = demo["carIds"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_i64().unwrap())
        .collect();
    assert_eq!(ids.len(), 5);
    app.post(&path("found_demonstration"), &json!({}), Some(tok))
        .await
        .code(7);
    let car = ids[0];
    let info = app
        .post(&path("carInfo"), &json!({"carId": car}), Some(tok))
        .await
        .ok();
    assert_eq!(info["trailerId"], ids[2]);

    app.post(
        &path("setSupportSwing"),
        &json!({"carIds": [car, ids[1]], "supportSwing": true}),
        Some(tok),
    )
    .await
    .ok();
    let swing = app
        .post(
            &path("save_swing"),
            &json!({"carId": car, "swing": {"yard": "East", "maxTrailers": 2}}),
            Some(tok),
        )
        .await
        .ok();
    assert_eq!(swing["supportSwing"], true);
    assert_eq!(swing["swing"]["yard"], "East");
    app.post(
        &path("save_swing"),
        &json!({"carId": car, "swing": [1]}),
        Some(tok),
    )
    .await
    .code(7);
    let got = app
        .post(
            &path("get_swing"),
            &json!({"carId": ids[1]}),
            Some(&t.a.member),
        )
        .await
        .ok();
    assert_eq!(got["supportSwing"], true);
    let setting = app
        .post(
            &path("device_setting"),
            &json!({"carId": car, "setting": {"interval": 30}}),
            Some(tok),
        )
        .await
        .ok();
    assert_eq!(setting["interval"], 30);
    let read = app
        .post(&path("device_setting"), &json!({"carId": car}), Some(tok))
        .await
        .ok();
    assert_eq!(read["interval"], 30);
    let all = app
        .post(&path("infoAll"), &json!({"carId": car}), Some(tok))
        .await
        .ok();
    assert_eq!(all["supportSwing"], true);
    assert_eq!(all["deviceSetting"]["interval"], 30);
    assert_eq!(all["swaps"].as_array().unwrap().len(), 1);

    report(&app, car, 10.0, false).await;
    let states = app
        .post(
            &path("state_list"),
            &json!({"carIds": [car, ids[1]]}),
            Some(tok),
        )
        .await
        .ok();
    assert_eq!(states.as_array().unwrap().len(), 2);
    assert_eq!(states[0]["state"]["speed"], 10.0);

    let sync = app
        .post(&path("synchronization"), &json!({"platform": 1}), Some(tok))
        .await
        .ok();
    assert_eq!(sync["summary"]["vehicles"], 5);
    assert_eq!(sync["summary"]["added"].as_array().unwrap().len(), 5);
    app.post(&path("delCar"), &json!({"carIds": [ids[4]]}), Some(tok))
        .await
        .ok();
    let sync = app
        .post(&path("synchronization"), &json!({"platform": 1}), Some(tok))
        .await
        .ok();
    assert_eq!(
        sync["summary"]["removed"],
        json!([format!("DEMO{}-5", t.a.root)])
    );
    app.post(
        &path("synchronization"),
        &json!({"platform": 99}),
        Some(tok),
    )
    .await
    .code(7);
    let records = app
        .post(&path("synchronization2"), &json!({}), Some(tok))
        .await
        .ok();
    assert_eq!(records["total"], 2);
    assert_eq!(
        app.post(&path("synchronization2"), &json!({}), Some(&t.b.admin))
            .await
            .ok()["total"],
        0
    );

    let firms = app
        .post(
            &path("searchFirms"),
            &json!({"keyword": "branch"}),
            Some(tok),
        )
        .await
        .ok();
    assert_eq!(firms.as_array().unwrap().len(), 1);
    assert_eq!(firms[0]["entId"], t.a.child);
    let pics = app
        .post(&path("getPicture"), &json!({}), Some(tok))
        .await
        .ok();
    assert_eq!(pics.as_array().unwrap().len(), 12);
}
