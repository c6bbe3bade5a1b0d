//! Points of interest and geofences: shapes, searches, containment, nearby, isolation.

use super::*;

fn square(lon: f64, lat: f64, d: f64) -> Value {
    json!([
        [lon, lat],
        [lon + d, lat],
        [lon + d, lat + d],
        [lon, lat + d]
    ])
}

#[tokio::test]
async fn points_of_interest_are_saved_searched_and_contained() {
    let (app, t, _) = fleet().await;
    let a = &t.a.admin;
    let station = app
        .api_poi_add(&json!({"name": "Sinopec Jiangning", "poiType": 1, "lon": 118.80, "lat": 31.95, "address": "G42"}), Some(a))
        .await
        .ok()["id"]
        .as_i64()
        .unwrap();
    let shop = app
        .api_poi_add(
            &json!({"name": "Tyre shop", "poiType": 4, "lon": 118.83, "lat": 31.95}),
            Some(a),
        )
        .await
        .ok()["id"]
        .as_i64()
        .unwrap();
    let fence = app
        .api_poi_add(&json!({"name": "Depot fence", "poiType": 5, "shape": 2, "lon": 118.90, "lat": 32.0, "radiusM": 500, "fence": 1}), Some(a))
        .await
        .ok()["id"]
        .as_i64()
        .unwrap();
    let yard = app
        .api_poi_add(&json!({"name": "Yard", "poiType": 2, "shape": 3, "polygon": square(119.0, 32.0, 0.01)}), Some(a))
        .await
        .ok()["id"]
        .as_i64()
        .unwrap();

    // Around a point: nearest first, with distances; by type; by name.
    let near = app
        .api_poi_search(
            &json!({"lon": 118.80, "lat": 31.95, "radius": 5000}),
            Some(a),
        )
        .await
        .ok();
    assert_eq!(ids(&near), vec![station, shop], "{near}");
    let d = rows(&near)[1]["distanceM"].as_f64().unwrap();
    assert!(
        (d - 2835.0).abs() < 30.0,
        "0.03° of longitude at 31.95° N: {d}"
    );
    let typed = app
        .api_poi_search(&json!({"poiType": [4, 5]}), Some(a))
        .await
        .ok();
    assert_eq!(ids(&typed), vec![fence, shop]);
    let named = app
        .api_poi_search(&json!({"poiName": "sinopec"}), Some(a))
        .await
        .ok();
    assert_eq!(ids(&named), vec![station]);
    let yard_row = app
        .api_poi_search(&json!({"poiName": "Yard"}), Some(a))
        .await
        .ok();
    let centre = &rows(&yard_row)[0];
    assert!(
        (centre["lon"].as_f64().unwrap() - 119.005).abs() < 1e-9,
        "centroid: {centre}"
    );
    assert_eq!(centre["polygon"].as_array().unwrap().len(), 4);

    // The viewport holds what meets it, shapes by their extent.
    let view = app
        .api_poi_search_map(
            &json!({"minLon": 118.85, "minLat": 31.9, "maxLon": 119.1, "maxLat": 32.1}),
            Some(a),
        )
        .await
        .ok();
    let mut in_view: Vec<i64> = view["list"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["id"].as_i64().unwrap())
        .collect();
    in_view.sort_unstable();
    assert_eq!(
        (in_view, view["truncated"].clone()),
        (vec![fence, yard], json!(false))
    );
    let limited = app
        .api_poi_search_map(
            &json!({"minLon": 118.0, "minLat": 31.0, "maxLon": 120.0, "maxLat": 33.0, "limit": 1}),
            Some(a),
        )
        .await
        .ok();
    assert_eq!(
        (limited["total"].clone(), limited["truncated"].clone()),
        (json!(4), json!(true))
    );

    // Which geofences hold a point.
    let inside = |lon: f64, lat: f64| {
        let token = a.clone();
        let app = &app;
        async move {
            app.send(
                app.client
                    .post(app.url(&format!("/api/geo/poi/polygon?lon={lon}&lat={lat}")))
                    .header("x-token", token),
            )
            .await
            .ok()
        }
    };
    assert_eq!(inside(119.005, 32.005).await[0]["id"], yard);
    assert_eq!(inside(118.902, 32.001).await[0]["id"], fence);
    assert_eq!(
        inside(118.80, 31.95).await,
        json!([]),
        "a point holds nothing"
    );

    // Update moves it; the index follows.
    app.api_poi_add(
        &json!({"id": shop, "name": "Tyre shop", "poiType": 4, "lon": 120.5, "lat": 31.0}),
        Some(a),
    )
    .await
    .ok();
    let near = app
        .api_poi_search(
            &json!({"lon": 118.80, "lat": 31.95, "radius": 5000}),
            Some(a),
        )
        .await
        .ok();
    assert_eq!(ids(&near), vec![station]);

    // Tree B sees none of them and may not change them; platform staff see them.
    let b = &t.b.admin;
    assert_eq!(
        app.api_poi_search(&json!({}), Some(b)).await.ok()["total"],
        0
    );
    let before = fingerprint(&app.state.db).await;
    let refused = app
        .api_poi_delete_poi(&json!({"ids": [station]}), Some(b))
        .await
        .code(7);
    assert!(refused.contains(&station.to_string()), "{refused}");
    app.api_poi_add(
        &json!({"id": station, "name": "Mine", "poiType": 1, "lon": 1.0, "lat": 1.0}),
        Some(b),
    )
    .await
    .code(7);
    assert_eq!(fingerprint(&app.state.db).await, before);
    assert_eq!(
        app.api_poi_search(&json!({}), Some(&t.platform)).await.ok()["total"],
        4
    );

    app.api_poi_delete_poi(&json!({"ids": [station, yard]}), Some(a))
        .await
        .ok();
    assert_eq!(
        ids(&app.api_poi_search(&json!({}), Some(a)).await.ok()),
        vec![fence, shop]
    );
}

#[tokio::test]
async fn malformed_shapes_and_searches_are_refused_naming_the_problem() {
    let (app, t, _) = fleet().await;
    let a = &t.a.admin;
    let before = fingerprint(&app.state.db).await;
    let cases = [
        (
            json!({"name": "Bow tie", "poiType": 5, "shape": 3, "polygon": [[0, 0], [1, 1], [1, 0], [0, 1]]}),
            "polygon",
        ),
        (
            json!({"name": "Two", "poiType": 5, "shape": 3, "polygon": [[0, 0], [1, 1]]}),
            "polygon",
        ),
        (
            json!({"name": "Zero", "poiType": 5, "shape": 2, "lon": 1, "lat": 1, "radiusM": 0}),
            "radiusM",
        ),
        (
            json!({"name": "Huge", "poiType": 5, "shape": 2, "lon": 1, "lat": 1, "radiusM": 10_000_000}),
            "radiusM",
        ),
        (
            json!({"name": "Off", "poiType": 1, "lon": 181, "lat": 1}),
            "lon",
        ),
        (
            json!({"name": "Kind", "poiType": 7, "lon": 1, "lat": 1}),
            "poiType",
        ),
        (
            json!({"name": "", "poiType": 1, "lon": 1, "lat": 1}),
            "name",
        ),
        (
            json!({"name": "Fenced point", "poiType": 1, "lon": 1, "lat": 1, "fence": 1}),
            "fence",
        ),
    ];
    for (body, field) in cases {
        let msg = app.api_poi_add(&body, Some(a)).await.code(7);
        assert!(msg.contains(field), "{body}: {msg}");
    }
    for (body, field) in [
        (json!({"lon": 1, "lat": 1, "radius": 0}), "radius"),
        (
            json!({"lon": 1, "lat": 1, "radius": 10_000_000_000.0}),
            "radius",
        ),
        (json!({"lon": 1, "lat": 95}), "lon"),
    ] {
        let msg = app.api_poi_search(&body, Some(a)).await.code(7);
        assert!(msg.contains(field), "{body}: {msg}");
    }
    let msg = app
        .api_poi_search_map(
            &json!({"minLon": 2, "minLat": 0, "maxLon": 1, "maxLat": 1}),
            Some(a),
        )
        .await
        .code(7);
    assert!(msg.contains("minLon"), "{msg}");
    assert_eq!(fingerprint(&app.state.db).await, before, "nothing written");
}

#[tokio::test]
async fn nearby_finds_open_orders_service_points_and_technicians() {
    let (app, t, _) = fleet().await;
    let a = &t.a.admin;
    for (name, kind, lon) in [
        ("Far shop", 4, 121.0),
        ("Near shop", 4, 120.01),
        ("Service area", 3, 120.05),
        ("Gas", 1, 120.0),
    ] {
        app.api_poi_add(
            &json!({"name": name, "poiType": kind, "lon": lon, "lat": 30.0}),
            Some(a),
        )
        .await
        .ok();
    }
    let order = app
        .api_work_save(
            &json!({"typeId": -1, "title": "Flat tyre on the ring road", "lat": 30.0, "lon": 120.02, "assigneeId": t.a.member_id}),
            Some(a),
        )
        .await
        .ok();
    let dispose = app
        .api_poi_nearby_dispose(&json!({"lon": 120.0, "lat": 30.0, "limit": 2}), Some(a))
        .await
        .ok();
    let names: Vec<&str> = dispose["servicePoints"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["poi"]["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, vec!["Near shop", "Service area"], "{dispose}");
    assert_eq!(dispose["technicians"][0]["userId"], t.a.member_id);
    assert_eq!(dispose["technicians"][0]["openOrders"], 1);

    let orders = app
        .api_poi_nearby_order(&json!({"lon": 120.0, "lat": 30.0, "radius": 5000}), Some(a))
        .await
        .ok();
    assert_eq!(orders["orders"][0]["id"], order["id"]);
    let d = orders["orders"][0]["distanceM"].as_f64().unwrap();
    assert!((d - 1926.0).abs() < 20.0, "{d}");
    let none = app
        .api_poi_nearby_order(&json!({"lon": 120.0, "lat": 30.0, "radius": 1000}), Some(a))
        .await
        .ok();
    assert_eq!(none["orders"], json!([]));
    // Tree B sees neither A's places nor A's orders.
    let b = app
        .api_poi_nearby_dispose(&json!({"lon": 120.0, "lat": 30.0}), Some(&t.b.admin))
        .await
        .ok();
    assert_eq!(
        (b["servicePoints"].clone(), b["technicians"].clone()),
        (json!([]), json!([]))
    );
    let msg = app.api_poi_nearby_order(&json!({}), Some(a)).await.code(7);
    assert!(msg.contains("lon"), "{msg}");
    let msg = app
        .api_poi_nearby_order(&json!({"alarmId": 999_999}), Some(a))
        .await
        .code(7);
    assert!(msg.contains("999999"), "{msg}");
}
