//! Trailers, drivers and responsible members.

use super::{all_table_counts, create_id, path};
use serde_json::Value;
use wheelend_tests::tenants::{self};
use wheelend_tests::{json, spawn_app};

#[tokio::test]
async fn trailers_are_hitched_swapped_and_recorded() {
    let app = spawn_app().await;
    let t = tenants::two_trees(&app).await;
    let tok = &t.a.admin;
    let t1 = create_id(&app, tok, json!({"plate": "ZZA-H1"})).await;
    let t2 = create_id(&app, tok, json!({"plate": "ZZA-H2"})).await;
    let r1 = create_id(
        &app,
        tok,
        json!({"plate": "ZZA-R1", "kind": 1, "axleLayout": "4,4"}),
    )
    .await;
    let r2 = create_id(
        &app,
        tok,
        json!({"plate": "ZZA-R2", "kind": 1, "axleLayout": "4,4"}),
    )
    .await;
    let foreign = create_id(&app, &t.b.admin, json!({"plate": "ZZB-R9", "kind": 1})).await;

    app.post(
        &path("trailerChange"),
        &json!({"carId": t1, "trailerId": r1, "address": "Yard 3"}),
        Some(tok),
    )
    .await
    .ok();
    // r1 is taken; t2 is no trailer; B's trailer is unknown; a trailer pulls nothing.
    let before = all_table_counts(&app.state.db).await;
    for (body, needle) in [
        (json!({"carId": t2, "trailerId": r1}), "ZZA-H1"),
        (json!({"carId": t1, "trailerId": t2}), "ZZA-H2"),
        (
            json!({"carId": t1, "trailerId": foreign}),
            &*foreign.to_string(),
        ),
        (json!({"carId": r2, "trailerId": r1}), "ZZA-R2"),
    ] {
        let msg = app
            .post(&path("trailerChange"), &body, Some(tok))
            .await
            .code(7);
        assert!(msg.contains(needle), "{body}: {msg}");
    }
    assert_eq!(all_table_counts(&app.state.db).await, before);

    app.post(
        &path("trailerChange"),
        &json!({"carId": t2, "trailerId": r2}),
        Some(tok),
    )
    .await
    .ok();
    app.post(
        &path("exchangeTrailer"),
        &json!({"carId": t1, "otherCarId": t2}),
        Some(tok),
    )
    .await
    .ok();
    let info = app
        .post(&path("carInfo"), &json!({"carId": t1}), Some(tok))
        .await
        .ok();
    assert_eq!(info["trailerPlate"], "ZZA-R2");
    let info = app
        .post(&path("carInfo"), &json!({"carId": r1}), Some(tok))
        .await
        .ok();
    assert_eq!(info["tractorId"], t2);
    app.post(
        &path("exchangeTrailer"),
        &json!({"carId": t1, "otherCarId": t1}),
        Some(tok),
    )
    .await
    .code(7);
    // Unhitch.
    app.post(
        &path("trailerChange"),
        &json!({"carId": t1, "trailerId": 0}),
        Some(tok),
    )
    .await
    .ok();

    let records = app
        .post(
            &path("trailerList"),
            &json!({"pageSize": 50}),
            Some(&t.a.member),
        )
        .await
        .ok();
    // hitch r1, hitch r2, exchange (3 records), unhitch.
    assert_eq!(records["total"], 6);
    assert_eq!(records["list"][0]["fromPlate"], "ZZA-R2");
    assert_eq!(records["list"][0]["toTrailerId"], Value::Null);
    assert_eq!(records["list"][5]["address"], "Yard 3");
    let of_r1 = app
        .post(&path("trailerList"), &json!({"carId": r1}), Some(tok))
        .await
        .ok();
    assert_eq!(of_r1["total"], 3);
    let b_view = app
        .post(&path("trailerList"), &json!({}), Some(&t.b.admin))
        .await
        .ok();
    assert_eq!(b_view["total"], 0);

    let usage = app
        .post(&path("analyse_trailer"), &json!({}), Some(tok))
        .await
        .ok();
    let r1u = usage
        .as_array()
        .unwrap()
        .iter()
        .find(|u| u["trailerId"] == r1)
        .cloned()
        .unwrap();
    assert_eq!(r1u["hitches"], 2);
    assert_eq!(r1u["tractors"], 2);
    assert_eq!(r1u["currentTractorId"], t2);
    let r2u = usage
        .as_array()
        .unwrap()
        .iter()
        .find(|u| u["trailerId"] == r2)
        .cloned()
        .unwrap();
    assert_eq!(r2u["currentTractorId"], Value::Null);
}

#[tokio::test]
async fn drivers_and_responsible_members() {
    let app = spawn_app().await;
    let t = tenants::two_trees(&app).await;
    let tok = &t.a.admin;
    let car = create_id(&app, tok, json!({"plate": "ZZA-D1"})).await;
    let driver = app
        .post(
            &path("update_driver"),
            &json!({"name": "Wang Wu", "phone": "13812345678", "license": "L-1"}),
            Some(tok),
        )
        .await
        .ok()["id"]
        .as_i64()
        .unwrap();
    for bad in [
        json!({"phone": "13800000000"}),
        json!({"name": "", "phone": "1"}),
        json!({"name": "X", "phone": "12ab"}),
        json!({"id": 4242, "name": "X"}),
        json!({"name": "X", "carIds": [9999]}),
    ] {
        app.post(&path("update_driver"), &bad, Some(tok))
            .await
            .code(7);
    }
    app.post(
        &path("update_driver"),
        &json!({"id": driver, "carIds": [car], "remark": "day"}),
        Some(tok),
    )
    .await
    .ok();
    let list = app
        .post(&path("driverList"), &json!({}), Some(&t.a.member))
        .await
        .ok();
    assert_eq!(list["total"], 1);
    assert_eq!(list["list"][0]["phone"], "138****5678");
    assert_eq!(list["list"][0]["plates"], json!(["ZZA-D1"]));
    let full = app
        .post(
            &path("driverList"),
            &json!({"edit": true, "keyword": "wang"}),
            Some(tok),
        )
        .await
        .ok();
    assert_eq!(full["list"][0]["phone"], "13812345678");
    let b = app
        .post(&path("driverList"), &json!({}), Some(&t.b.admin))
        .await
        .ok();
    assert_eq!(b["total"], 0);
    let info = app
        .post(&path("carInfo"), &json!({"carId": car}), Some(tok))
        .await
        .ok();
    assert_eq!(info["drivers"][0]["name"], "Wang Wu");
    // B cannot edit or delete A's driver.
    app.post(
        &path("update_driver"),
        &json!({"id": driver, "name": "ZZB"}),
        Some(&t.b.admin),
    )
    .await
    .code(7);
    app.post(
        &path("update_driver"),
        &json!({"delete": true, "ids": [driver]}),
        Some(&t.b.admin),
    )
    .await
    .code(7);

    // Responsible members: members of the vehicle's enterprise only.
    let set = app
        .post(
            &path("correlation/set_user"),
            &json!({"carId": car, "userIds": [t.a.member_id]}),
            Some(tok),
        )
        .await
        .ok();
    assert_eq!(set[0]["userId"], t.a.member_id);
    assert!(set[0]["phone"].as_str().unwrap().contains("****"));
    app.post(
        &path("correlation/set_user"),
        &json!({"carId": car, "userIds": [t.b.member_id]}),
        Some(tok),
    )
    .await
    .code(7);
    let got = app
        .post(&path("correlation/user"), &json!({"carId": car}), Some(tok))
        .await
        .ok();
    assert_eq!(got.as_array().unwrap().len(), 1);
    // watchList4 for a member's vehicles.
    create_id(&app, tok, json!({"plate": "ZZA-D2"})).await;
    let mine = app
        .post(
            &path("watchList4"),
            &json!({"uid": t.a.member_id}),
            Some(tok),
        )
        .await
        .ok();
    assert_eq!(mine["total"], 1);

    let gone = app
        .post(
            &path("update_driver"),
            &json!({"delete": true, "ids": [driver]}),
            Some(tok),
        )
        .await
        .ok();
    assert_eq!(gone["affected"], 1);
    let info = app
        .post(&path("carInfo"), &json!({"carId": car}), Some(tok))
        .await
        .ok();
    assert_eq!(info["drivers"], json!([]));
}
