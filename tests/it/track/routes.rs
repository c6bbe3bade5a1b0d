//! Routes: drawing, corridors, assigning vehicles, generating nodes, isolation.

use super::*;

fn line() -> Value {
    json!([
        {"lon": 120.0, "lat": 30.0, "name": "Depot", "stop": true},
        {"lon": 120.1, "lat": 30.0},
        {"lon": 120.1, "lat": 30.1, "name": "Port", "stop": true},
    ])
}

#[tokio::test]
async fn routes_are_drawn_assigned_listed_and_deleted() {
    let (app, t, v) = fleet().await;
    let a = &t.a.admin;
    let id = app
        .api_route_add(
            &json!({"name": "Depot → Port", "corridorM": 300, "nodes": line()}),
            Some(a),
        )
        .await
        .ok()["id"]
        .as_i64()
        .unwrap();
    assert_eq!(
        app.api_route_car_add_line(&json!({"routeId": id, "vehicleIds": [v]}), Some(a))
            .await
            .ok()["assigned"],
        1
    );
    let listed = app
        .api_route_list(&json!({"name": "Port"}), Some(a))
        .await
        .ok();
    let route = &rows(&listed)[0];
    assert_eq!(
        route["vehicles"],
        json!([{"id": v, "plate": "粤A30001", "matched": null}])
    );
    assert_eq!(route["nodes"][0]["name"], "Depot");
    assert_eq!(route["corridorM"], 300.0);
    let length = route["lengthM"].as_f64().unwrap();
    assert!((length - 20_768.0).abs() < 100.0, "{length}");

    // Editing keeps the vehicles; a second route takes the vehicle over.
    app.api_route_add(
        &json!({"id": id, "name": "Depot → Port (new)", "corridorM": 100, "nodes": line()}),
        Some(a),
    )
    .await
    .ok();
    let other = app
        .api_route_add(&json!({"name": "Ring", "nodes": line()}), Some(a))
        .await
        .ok()["id"]
        .as_i64()
        .unwrap();
    app.api_route_car_add_line(&json!({"routeId": other, "vehicleIds": [v]}), Some(a))
        .await
        .ok();
    let all = app.api_route_list(&json!({}), Some(a)).await.ok();
    let vehicles_of = |rid: i64| {
        rows(&all).iter().find(|r| r["id"] == rid).unwrap()["vehicles"]
            .as_array()
            .unwrap()
            .len()
    };
    assert_eq!((vehicles_of(id), vehicles_of(other)), (0, 1));
    assert_eq!(
        rows(&all).iter().find(|r| r["id"] == other).unwrap()["corridorM"],
        200.0,
        "the default corridor"
    );

    // Tree B: sees none, may not assign A's vehicle or delete A's route.
    let b = &t.b.admin;
    let b_route = app
        .api_route_add(&json!({"name": "B's", "nodes": line()}), Some(b))
        .await
        .ok()["id"]
        .as_i64()
        .unwrap();
    assert_eq!(
        ids(&app.api_route_list(&json!({}), Some(b)).await.ok()),
        vec![b_route]
    );
    let before = fingerprint(&app.state.db).await;
    let msg = app
        .api_route_car_add_line(&json!({"routeId": b_route, "vehicleIds": [v]}), Some(b))
        .await
        .code(7);
    assert!(msg.contains(&v.to_string()), "{msg}");
    app.api_route_delete(&json!({"ids": [id]}), Some(b))
        .await
        .code(7);
    let msg = app
        .api_route_car_add_line(&json!({"routeId": b_route, "vehicleIds": [v]}), Some(a))
        .await
        .code(7);
    assert!(
        msg.contains(&b_route.to_string()),
        "A does not see B's route: {msg}"
    );
    assert_eq!(fingerprint(&app.state.db).await, before);

    // Off every route; deleting a route frees its vehicles.
    app.api_route_car_add_line(&json!({"routeId": 0, "vehicleIds": [v]}), Some(a))
        .await
        .ok();
    app.api_route_car_add_line(&json!({"routeId": id, "vehicleIds": [v]}), Some(a))
        .await
        .ok();
    app.api_route_delete(&json!({"ids": [id, other]}), Some(a))
        .await
        .ok();
    assert_eq!(
        app.api_route_list(&json!({}), Some(a)).await.ok()["total"],
        0
    );
    let left: i64 = entities::route_vehicle::Entity::find()
        .all(&app.state.db)
        .await
        .unwrap()
        .len()
        .try_into()
        .unwrap();
    assert_eq!(left, 0);
}

#[tokio::test]
async fn bad_routes_are_refused_naming_the_field() {
    let (app, t, _) = fleet().await;
    let a = &t.a.admin;
    let before = fingerprint(&app.state.db).await;
    for (body, field) in [
        (
            json!({"name": "One node", "nodes": [{"lon": 120.0, "lat": 30.0}]}),
            "nodes",
        ),
        (
            json!({"name": "Narrow", "corridorM": 0, "nodes": line()}),
            "corridorM",
        ),
        (
            json!({"name": "Wide", "corridorM": 10_000, "nodes": line()}),
            "corridorM",
        ),
        (
            json!({"name": "Off", "nodes": [{"lon": 120.0, "lat": 30.0}, {"lon": 200.0, "lat": 30.0}]}),
            "nodes",
        ),
        (json!({"name": " ", "nodes": line()}), "name"),
    ] {
        let msg = app.api_route_add(&body, Some(a)).await.code(7);
        assert!(msg.contains(field), "{body}: {msg}");
    }
    let msg = app
        .api_route_car_add_line(&json!({"routeId": 1, "vehicleIds": []}), Some(a))
        .await
        .code(7);
    assert!(msg.contains("vehicleIds"), "{msg}");
    assert_eq!(fingerprint(&app.state.db).await, before);
}

#[tokio::test]
async fn nodes_are_generated_from_a_drawn_line_a_driven_day_or_an_upload() {
    let (app, t, v) = fleet().await;
    let a = &t.a.admin;
    // A straight line with a kink: the straight points go, the corner stays.
    let drawn = app
        .api_locus_xapi_route_gen_route_nodes_action(
            &json!({"points": [[120.0, 30.0], [120.01, 30.0], [120.02, 30.0], [120.02, 30.01], [120.02, 30.02]], "tolerance": 10}),
            Some(a),
        )
        .await
        .ok();
    let kept: Vec<(f64, f64)> = drawn["nodes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|n| (n["lon"].as_f64().unwrap(), n["lat"].as_f64().unwrap()))
        .collect();
    assert_eq!(kept, vec![(120.0, 30.0), (120.02, 30.0), (120.02, 30.02)]);
    assert_eq!(drawn["sourcePoints"], 5);

    let day = NaiveDate::from_ymd_opt(2026, 11, 10).unwrap();
    drive(&app, v, day).await;
    let driven = app
        .api_locus_xapi_route_gen_route_nodes_action(
            &json!({"vehicleId": v, "start": "2026-11-10T00:00:00Z", "end": "2026-11-11T00:00:00Z"}),
            Some(a),
        )
        .await
        .ok();
    assert_eq!(driven["sourcePoints"], 48);
    assert_eq!(
        driven["nodes"].as_array().unwrap().len(),
        2,
        "a straight drive north: {driven}"
    );

    let csv = "lon,lat\n120.0,30.0\n120.1,30.0\n120.1,30.1\n";
    let form = reqwest::multipart::Form::new().part(
        "file",
        reqwest::multipart::Part::bytes(csv.as_bytes().to_vec()).file_name("route.csv"),
    );
    let upload = app
        .send(
            app.client
                .post(app.url("/api/web/amap/track_upload"))
                .header("x-token", a.as_str())
                .multipart(form),
        )
        .await
        .ok();
    let from_upload = app
        .api_locus_xapi_route_gen_route_nodes_action(&json!({"uploadId": upload["id"]}), Some(a))
        .await
        .ok();
    assert_eq!(from_upload["nodes"].as_array().unwrap().len(), 3);
    // B may not use A's vehicle or upload.
    for body in [
        json!({"uploadId": upload["id"]}),
        json!({"vehicleId": v, "start": "2026-11-10T00:00:00Z", "end": "2026-11-11T00:00:00Z"}),
    ] {
        app.api_locus_xapi_route_gen_route_nodes_action(&body, Some(&t.b.admin))
            .await
            .code(7);
    }
    for (body, field) in [
        (json!({"points": [[120.0, 30.0]]}), "points"),
        (json!({"points": [[120.0, 30.0], [120.0, 95.0]]}), "points"),
        (json!({"vehicleId": v}), "start"),
        (
            json!({"points": [[120.0, 30.0], [121.0, 30.0]], "tolerance": -1}),
            "tolerance",
        ),
    ] {
        let msg = app
            .api_locus_xapi_route_gen_route_nodes_action(&body, Some(a))
            .await
            .code(7);
        assert!(msg.contains(field), "{body}: {msg}");
    }
}
