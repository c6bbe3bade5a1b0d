//! The car and tyre catalogues: names owned per enterprise, deletes refused while used.

use super::{seed_vehicle, snapshot};
use entities::{vehicle, vehicle_wheel};
use sea_orm::{ActiveModelTrait, EntityTrait, Set};
use wheelend_tests::tenants::{self, mentions, rows};
use wheelend_tests::{json, spawn_app};

#[tokio::test]
async fn car_catalogue_owns_names_and_refuses_deleting_what_is_used() {
    let app = spawn_app().await;
    let t = tenants::two_trees(&app).await;
    // Platform staff create a platform-wide brand; A's admin sees it but may not change it.
    let all = app
        .api_web_car_type_in_up_car_brands(&json!({"name": "Sinotruk"}), Some(&t.platform))
        .await
        .ok();
    let platform_brand = rows(&all).iter().find(|b| b["name"] == "Sinotruk").unwrap()["id"]
        .as_i64()
        .unwrap();
    assert!(rows(&all)[0]["entId"].is_null());
    let before = snapshot(&app).await;
    let msg = app
        .api_web_car_type_in_up_car_brands(
            &json!({"id": platform_brand, "name": "Hijacked"}),
            Some(&t.a.admin),
        )
        .await
        .code(7);
    assert!(mentions(&msg, "Sinotruk"), "{msg}");
    // A's own brand; its name may not repeat a platform one.
    app.api_web_car_type_in_up_car_brands(&json!({"name": "Sinotruk"}), Some(&t.a.admin))
        .await
        .code(7);
    app.api_web_car_type_in_up_car_brands(&json!({"name": "  "}), Some(&t.a.admin))
        .await
        .code(7);
    app.api_web_car_type_in_up_car_brands(&json!({"name": 5}), Some(&t.a.admin))
        .await
        .code(7);
    assert_eq!(snapshot(&app).await, before, "refusals changed nothing");
    let mine = app
        .api_web_car_type_in_up_car_brands(
            &json!({"name": "Alpha Trucks ZZA", "sort": 1}),
            Some(&t.a.admin),
        )
        .await
        .ok();
    let brand = rows(&mine)
        .iter()
        .find(|b| b["name"] == "Alpha Trucks ZZA")
        .unwrap()["id"]
        .as_i64()
        .unwrap();
    let series = app
        .api_web_car_type_in_up_car_series(
            &json!({"brandId": brand, "name": "H7"}),
            Some(&t.a.admin),
        )
        .await
        .ok();
    let series_id = rows(&series)[0]["id"].as_i64().unwrap();
    app.api_web_car_type_in_up_car_series(
        &json!({"brandId": brand, "name": "H7"}),
        Some(&t.a.admin),
    )
    .await
    .code(7);
    app.api_web_car_type_in_up_car_series(&json!({"name": "H9"}), Some(&t.a.admin))
        .await
        .code(7);
    // Renaming keeps the row.
    let renamed = app
        .api_web_car_type_in_up_car_series(
            &json!({"id": series_id, "name": "H7 Pro"}),
            Some(&t.a.admin),
        )
        .await
        .ok();
    assert_eq!(rows(&renamed)[0]["name"], "H7 Pro");
    let listed = app
        .api_web_car_type_car_series_all(&json!({"brandId": brand}), Some(&t.a.member))
        .await
        .ok();
    assert_eq!(rows(&listed).len(), 1);
    let classes = app
        .api_web_car_type_in_up_car_class(
            &json!({"name": "Tractor 6x4", "kind": 0, "axleLayout": "2, 4,4", "deviceTypeId": 3}),
            Some(&t.a.admin),
        )
        .await
        .ok();
    assert_eq!(rows(&classes)[0]["axleLayout"], "2,4,4");
    let class_id = rows(&classes)[0]["id"].as_i64().unwrap();
    for bad in [
        json!({"name": "Bad", "axleLayout": "2,x"}),
        json!({"name": "Bad", "kind": 9}),
        json!({"name": "Bad", "deviceTypeId": 99}),
        json!({"name": "Tractor 6x4"}),
    ] {
        app.api_web_car_type_in_up_car_class(&bad, Some(&t.a.admin))
            .await
            .code(7);
    }
    // Tree B sees neither A's brand nor its class, and cannot touch them.
    let b_brands = app
        .api_web_car_type_car_brand_all(&json!({}), Some(&t.b.admin))
        .await
        .ok();
    assert!(!mentions(&b_brands.to_string(), "ZZA"));
    assert!(mentions(&b_brands.to_string(), "Sinotruk"));
    let b_classes = app
        .api_web_car_type_car_class(&json!({}), Some(&t.b.admin))
        .await
        .ok();
    assert!(rows(&b_classes).is_empty());
    let before = snapshot(&app).await;
    for (path, body) in [
        (
            "/api/web/carType/inUpCarBrands",
            json!({"id": brand, "delete": true}),
        ),
        (
            "/api/web/carType/inUpCarSeries",
            json!({"id": series_id, "name": "x"}),
        ),
        (
            "/api/web/carType/inUpCarClass",
            json!({"id": class_id, "delete": true}),
        ),
        ("/api/web/carType/carSeriesAll", json!({"brandId": brand})),
    ] {
        app.post(path, &body, Some(&t.b.admin)).await.code(7);
    }
    assert_eq!(snapshot(&app).await, before);
    // In use by a vehicle: delete refused, naming the brand; free again: deleted.
    let v = seed_vehicle(&app, t.a.root, "粤A10001", "2,4").await;
    let mut row: vehicle::ActiveModel = vehicle::Entity::find_by_id(v)
        .one(&app.state.db)
        .await
        .unwrap()
        .unwrap()
        .into();
    row.brand_id = Set(Some(brand));
    row.series_id = Set(Some(series_id));
    row.class_id = Set(Some(class_id));
    let row = row.update(&app.state.db).await.unwrap();
    let msg = app
        .api_web_car_type_in_up_car_brands(&json!({"id": brand, "delete": true}), Some(&t.a.admin))
        .await
        .code(7);
    assert!(mentions(&msg, "Alpha Trucks ZZA"), "{msg}");
    app.api_web_car_type_in_up_car_series(
        &json!({"id": series_id, "delete": true}),
        Some(&t.a.admin),
    )
    .await
    .code(7);
    app.api_web_car_type_in_up_car_class(
        &json!({"id": class_id, "delete": true}),
        Some(&t.a.admin),
    )
    .await
    .code(7);
    let mut row: vehicle::ActiveModel = row.into();
    row.brand_id = Set(None);
    row.series_id = Set(None);
    row.class_id = Set(None);
    row.update(&app.state.db).await.unwrap();
    let left = app
        .api_web_car_type_in_up_car_brands(&json!({"id": brand, "delete": true}), Some(&t.a.admin))
        .await
        .ok();
    assert!(!mentions(&left.to_string(), "ZZA"));
    let left = app
        .api_web_car_type_in_up_car_class(
            &json!({"id": class_id, "delete": true}),
            Some(&t.a.admin),
        )
        .await
        .ok();
    assert!(rows(&left).is_empty());
}

#[tokio::test]
async fn tyre_catalogue_lists_sizes_and_patterns_and_refuses_deleting_what_is_used() {
    let app = spawn_app().await;
    let t = tenants::two_trees(&app).await;
    let brands = app
        .api_web_tyre_in_up_tyre_brands(&json!({"name": "Double Coin ZZA"}), Some(&t.a.admin))
        .await
        .ok();
    let brand = rows(&brands)[0]["id"].as_i64().unwrap();
    app.api_web_tyre_in_up_tyre_brands(&json!({"name": "Double Coin ZZA"}), Some(&t.a.admin))
        .await
        .code(7);
    let tyre = app
        .api_web_tyre_in_up_tyre(
            &json!({"brandId": brand, "model": "RR202", "spec": "295/80R22.5", "grain": "rib",
                    "treadDepth": 16.5, "pressure": 9.0}),
            Some(&t.a.admin),
        )
        .await
        .ok();
    assert_eq!(tyre["brandName"], "Double Coin ZZA");
    let tyre_id = tyre["id"].as_i64().unwrap();
    app.api_web_tyre_in_up_tyre(
        &json!({"brandId": brand, "model": "RLB400", "spec": "12R22.5", "grain": "block"}),
        Some(&t.a.admin),
    )
    .await
    .ok();
    let before = snapshot(&app).await;
    for bad in [
        json!({"brandId": brand, "model": "RR202", "spec": "295/80R22.5"}),
        json!({"brandId": brand, "model": "X"}),
        json!({"brandId": brand, "model": "X", "spec": "1", "pressure": 99}),
        json!({"brandId": 999_999, "model": "X", "spec": "1"}),
        json!({"model": "X", "spec": "1"}),
        json!({"brandId": "one", "model": "X", "spec": "1"}),
    ] {
        app.api_web_tyre_in_up_tyre(&bad, Some(&t.a.admin))
            .await
            .code(7);
    }
    assert_eq!(snapshot(&app).await, before);
    let sizes = app
        .api_web_tyre_spec(&json!({"brandId": brand}), Some(&t.a.member))
        .await
        .ok();
    assert_eq!(sizes, json!(["12R22.5", "295/80R22.5"]));
    let patterns = app
        .api_web_tyre_grain_size(&json!({"spec": "12R22.5"}), Some(&t.a.member))
        .await
        .ok();
    assert_eq!(patterns, json!(["block"]));
    let list = app
        .api_web_tyre_tyre_list(
            &json!({"keyword": "rr2", "pageSize": 10}),
            Some(&t.a.member),
        )
        .await
        .ok();
    assert_eq!(list["total"], 1);
    let counted = app
        .api_web_tyre_tyre_brand_all(&json!({}), Some(&t.a.member))
        .await
        .ok();
    assert_eq!(rows(&counted)[0]["tyreCount"], 2);
    // Tree B sees nothing of A's and cannot delete it.
    for path in [
        "/api/web/tyre/tyre_list",
        "/api/web/tyre/tyreBrandAll",
        "/api/web/tyre/spec",
    ] {
        let seen = app.post(path, &json!({}), Some(&t.b.admin)).await.ok();
        assert!(!mentions(&seen.to_string(), "ZZA"), "{path}: {seen}");
        assert!(!mentions(&seen.to_string(), "295/80"), "{path}: {seen}");
    }
    let before = snapshot(&app).await;
    app.api_web_tyre_del_tyre(&json!({"ids": [tyre_id]}), Some(&t.b.admin))
        .await
        .code(7);
    app.api_web_tyre_del_brand(&json!({"id": brand}), Some(&t.b.admin))
        .await
        .code(7);
    // In use: the brand has tyres, the tyre is on a wheel.
    let msg = app
        .api_web_tyre_del_brand(&json!({"id": brand}), Some(&t.a.admin))
        .await
        .code(7);
    assert!(mentions(&msg, "Double Coin"), "{msg}");
    assert_eq!(snapshot(&app).await, before);
    let v = seed_vehicle(&app, t.a.root, "粤A10002", "2").await;
    let mut wheel: vehicle_wheel::ActiveModel = vehicle_wheel::Entity::find_by_id((v, 11))
        .one(&app.state.db)
        .await
        .unwrap()
        .unwrap()
        .into();
    wheel.tyre_id = Set(Some(tyre_id));
    let wheel = wheel.update(&app.state.db).await.unwrap();
    app.api_web_tyre_del_tyre(&json!({"ids": [tyre_id]}), Some(&t.a.admin))
        .await
        .code(7);
    let mut wheel: vehicle_wheel::ActiveModel = wheel.into();
    wheel.tyre_id = Set(None);
    wheel.update(&app.state.db).await.unwrap();
    let all: Vec<i64> = rows(
        &app.api_web_tyre_tyre_list(&json!({}), Some(&t.a.admin))
            .await
            .ok(),
    )
    .iter()
    .map(|r| r["id"].as_i64().unwrap())
    .collect();
    app.api_web_tyre_del_tyre(&json!({"ids": all}), Some(&t.a.admin))
        .await
        .ok();
    app.api_web_tyre_del_brand(&json!({"ids": [brand]}), Some(&t.a.admin))
        .await
        .ok();
    let gone = app
        .api_web_tyre_tyre_brand_all(&json!({}), Some(&t.a.admin))
        .await
        .ok();
    assert!(rows(&gone).is_empty());
}
