//! The super-tag workspace (docs/tags.md): custom fields, tags carrying them, their order, the
//! tag form per tagged vehicle or device (values checked by type), quick search and the
//! workspace's overview; bad input answers code 7 naming the field and changes nothing; another
//! tenant's tags and fields are invisible and unusable.

use serde_json::Value;
use wheelend_tests::tenants::{add_vehicle, rows, two_trees};
use wheelend_tests::{Answer, TestApp, json, spawn_app};

/// Asserts a refusal naming `field`.
fn refused(answer: &Answer, field: &str) {
    answer.code(7);
    assert_eq!(answer.envelope().data["field"], field, "{}", answer.text);
}

fn ids(list: &Value) -> Vec<i64> {
    rows(list)
        .iter()
        .map(|r| r["id"].as_i64().unwrap())
        .collect()
}

async fn form(app: &TestApp, t: &str, tag: i64, vehicle: i64) -> Value {
    app.api_tag_form(&json!({"tagId": tag, "vehicleId": vehicle}), Some(t))
        .await
        .ok()
}

fn value_of(form: &Value, field: i64) -> Value {
    form["fields"]
        .as_array()
        .unwrap()
        .iter()
        .find(|f| f["id"] == field)
        .map(|f| f["value"].clone())
        .unwrap_or(Value::Null)
}

#[tokio::test]
async fn fields_tags_forms_order_and_quick_search() {
    let app = spawn_app().await;
    let trees = two_trees(&app).await;
    let (a, b) = (&trees.a, &trees.b);
    let t = Some(a.admin.as_str());
    let v1 = add_vehicle(&app, &a.admin, a.root, "ZZA-TG1").await;
    let v2 = add_vehicle(&app, &a.admin, a.root, "ZZA-TG2").await;
    let v3 = add_vehicle(&app, &a.admin, a.root, "ZZA-TG3").await;

    // Fields, and their bad input.
    let save = |body: Value| {
        let app = &app;
        async move { app.api_tag_field_save(&body, t).await }
    };
    let load = save(json!({"name": "Load", "type": "number", "unit": "t", "required": true}))
        .await
        .ok();
    let axle = save(json!({"name": "Axle", "type": "choice", "options": ["front", "rear"]}))
        .await
        .ok();
    let seen = save(json!({"name": "Inspected", "type": "date", "sort": 5}))
        .await
        .ok();
    let note = save(json!({"name": "Note", "type": "text"})).await.ok();
    let (load, axle, seen, note) = (
        load["id"].as_i64().unwrap(),
        axle["id"].as_i64().unwrap(),
        seen["id"].as_i64().unwrap(),
        note["id"].as_i64().unwrap(),
    );
    refused(&save(json!({"name": "Load", "type": "text"})).await, "name");
    refused(
        &save(json!({"name": "Side", "type": "choice"})).await,
        "options",
    );
    refused(
        &save(json!({"name": "Side", "type": "choice", "options": ["a", "a"]})).await,
        "options[1]",
    );
    refused(
        &save(json!({"name": "Paint", "type": "colour"})).await,
        "type",
    );
    refused(&save(json!({"type": "text"})).await, "name");
    save(json!({"name": "Paint", "type": "text", "options": "x"}))
        .await
        .code(7);
    let fields = app.api_tag_field_list(&json!({}), t).await.ok();
    assert_eq!(rows(&fields).len(), 4, "nothing added by refusals");
    let detail = app.api_tag_field_detail(&json!({"id": axle}), t).await.ok();
    assert_eq!(detail["options"], json!(["front", "rear"]));
    assert_eq!(detail["type"], "choice");

    // Tags carrying fields, and their bad input.
    let tag_save = |body: Value| {
        let app = &app;
        async move { app.api_tag_save(&body, t).await }
    };
    let heavy = tag_save(json!({"name": "Heavy", "kind": "vehicle", "color": "#f80",
                                "fieldIds": [load, axle, seen]}))
    .await
    .ok();
    assert_eq!(heavy["fieldList"].as_array().unwrap().len(), 3);
    let heavy = heavy["id"].as_i64().unwrap();
    let cold = tag_save(json!({"name": "Cold", "kind": "vehicle"}))
        .await
        .ok()["id"]
        .as_i64()
        .unwrap();
    refused(
        &tag_save(json!({"name": "Heavy", "kind": "vehicle"})).await,
        "name",
    );
    refused(
        &tag_save(json!({"name": "X", "kind": "bogus"})).await,
        "kind",
    );
    let b_field = app
        .api_tag_field_save(
            &json!({"name": "ZZB secret", "type": "text"}),
            Some(&b.admin),
        )
        .await
        .ok()["id"]
        .as_i64()
        .unwrap();
    refused(
        &tag_save(json!({"id": heavy, "name": "Heavy", "fieldIds": [load, b_field]})).await,
        "fieldIds",
    );
    let detail = app.api_tag_detail(&json!({"id": heavy}), t).await.ok();
    assert_eq!(
        detail["fieldList"].as_array().unwrap().len(),
        3,
        "unchanged"
    );
    assert_eq!(detail["fields"], 3);

    // Links and the tag form.
    app.api_tag_set_tags(&json!({"vehicleId": v1, "tagIds": [heavy, cold]}), t)
        .await
        .ok();
    app.api_tag_set_tags(&json!({"vehicleId": v2, "tagIds": [heavy]}), t)
        .await
        .ok();
    let f = form(&app, &a.admin, heavy, v1).await;
    assert_eq!(f["targetName"], "ZZA-TG1");
    assert_eq!(f["fields"].as_array().unwrap().len(), 3);
    assert_eq!(value_of(&f, load), Value::Null);
    app.api_tag_form(&json!({"tagId": heavy, "vehicleId": v3}), t)
        .await
        .code(7);
    let set = |vehicle: i64, values: Value| {
        let app = &app;
        async move {
            app.api_tag_set_values(
                &json!({"tagId": heavy, "vehicleId": vehicle, "values": values}),
                t,
            )
            .await
        }
    };
    let key = |id: i64| id.to_string();
    refused(
        &set(v1, json!({(key(load)): "abc", (key(axle)): "rear"})).await,
        &format!("values.{load}"),
    );
    refused(
        &set(v1, json!({(key(load)): "3", (key(axle)): "middle"})).await,
        &format!("values.{axle}"),
    );
    refused(
        &set(v1, json!({(key(axle)): "rear"})).await,
        &format!("values.{load}"),
    );
    refused(
        &set(v1, json!({(key(load)): 3, (key(seen)): "2026-13-01"})).await,
        &format!("values.{seen}"),
    );
    refused(
        &set(v1, json!({(key(load)): 3, (key(note)): "not carried"})).await,
        &format!("values.{note}"),
    );
    set(v3, json!({(key(load)): 3})).await.code(7);
    let f = form(&app, &a.admin, heavy, v1).await;
    assert!(
        f["fields"]
            .as_array()
            .unwrap()
            .iter()
            .all(|f| f["value"].is_null()),
        "refusals stored nothing"
    );
    let saved = set(
        v1,
        json!({(key(load)): "12.5", (key(axle)): "rear", (key(seen)): "2026-11-01"}),
    )
    .await
    .ok();
    assert_eq!(value_of(&saved, load), "12.5");
    set(v2, json!({(key(load)): 30, (key(seen)): "2026-10-15"}))
        .await
        .ok();
    // Setting the same tags again (or removing another) keeps the form's values.
    app.api_tag_set_tags(&json!({"vehicleId": v1, "tagIds": [heavy]}), t)
        .await
        .ok();
    assert_eq!(
        value_of(&form(&app, &a.admin, heavy, v1).await, axle),
        "rear"
    );
    app.api_tag_set_tags(&json!({"vehicleId": v1, "tagIds": [heavy, cold]}), t)
        .await
        .ok();

    // Order.
    refused(
        &app.api_tag_sort(&json!({"kind": "vehicle", "ids": [cold]}), t)
            .await,
        "ids",
    );
    refused(
        &app.api_tag_sort(&json!({"kind": "vehicle", "ids": [cold, heavy, heavy]}), t)
            .await,
        "ids",
    );
    let sorted = app
        .api_tag_sort(&json!({"kind": "vehicle", "ids": [cold, heavy]}), t)
        .await
        .ok();
    assert_eq!(ids(&sorted), vec![cold, heavy]);
    let listed = app.api_tag_list(&json!({"type": "vehicle"}), t).await.ok();
    assert_eq!(ids(&listed), vec![cold, heavy]);
    assert_eq!(rows(&listed)[1]["vehicles"], 2);

    // Quick search.
    let search = |body: Value| {
        let app = &app;
        async move { app.api_tag_search(&body, t).await }
    };
    let found = search(json!({"tagIds": [heavy]})).await.ok();
    assert_eq!(found["total"], 2);
    assert_eq!(ids(&found), vec![v1, v2]);
    let found = search(json!({"tagIds": [heavy, cold]})).await.ok();
    assert_eq!(ids(&found), vec![v1]);
    assert_eq!(
        rows(&found)[0]["tags"][0]["name"],
        "Cold",
        "in the tags' order"
    );
    let found = search(json!({"tagIds": [heavy], "field": {"fieldId": load, "value": "12.5"}}))
        .await
        .ok();
    assert_eq!(ids(&found), vec![v1]);
    let found = search(json!({"tagIds": [heavy],
                              "field": {"fieldId": load, "op": "range", "min": "20"}}))
    .await
    .ok();
    assert_eq!(ids(&found), vec![v2]);
    let found = search(
        json!({"tagIds": [heavy], "field": {"fieldId": seen, "op": "range",
                              "min": "2026-10-20", "max": "2026-12-31"}}),
    )
    .await
    .ok();
    assert_eq!(ids(&found), vec![v1]);
    let found = search(
        json!({"tagIds": [heavy], "field": {"fieldId": axle, "value": "rear"},
                              "pageSize": 1}),
    )
    .await
    .ok();
    assert_eq!((found["total"].as_i64(), ids(&found)), (Some(1), vec![v1]));
    refused(&search(json!({"tagIds": []})).await, "tagIds");
    refused(
        &search(json!({"tagIds": [heavy], "field": {"fieldId": axle, "op": "range", "min": "a"}}))
            .await,
        "field.op",
    );
    refused(
        &search(json!({"tagIds": [heavy], "field": {"fieldId": load, "value": "abc"}})).await,
        "field.value",
    );

    // Overview.
    let home = app
        .api_tag_overview(&json!({"entId": a.root}), t)
        .await
        .ok();
    assert_eq!(home["fields"], 4);
    assert_eq!(home["vehicles"], 3);
    assert_eq!(home["untaggedVehicles"], 1);
    assert_eq!(home["top"][0]["id"], heavy);
    let kinds = home["kinds"].as_array().unwrap();
    assert_eq!(
        kinds.iter().find(|k| k["kind"] == "vehicle").unwrap()["tags"],
        2
    );

    // Another tenant: invisible and unusable, both ways.
    let bt = Some(b.admin.as_str());
    let theirs = app.api_tag_field_list(&json!({}), bt).await.ok();
    assert!(!ids(&theirs).contains(&load));
    app.api_tag_detail(&json!({"id": heavy}), bt).await.code(7);
    app.api_tag_field_detail(&json!({"id": load}), bt)
        .await
        .code(7);
    app.api_tag_field_detail(&json!({"id": b_field}), t)
        .await
        .code(7);
    refused(
        &app.api_tag_search(&json!({"tagIds": [heavy]}), bt).await,
        "tagIds",
    );
    app.api_tag_form(&json!({"tagId": heavy, "vehicleId": v1}), bt)
        .await
        .code(7);
    app.api_tag_field_delete(&json!({"ids": [load]}), bt)
        .await
        .code(7);
    app.api_tag_field_save(&json!({"id": load, "name": "Mine", "type": "text"}), bt)
        .await
        .code(7);
    let f = form(&app, &a.admin, heavy, v1).await;
    assert_eq!(value_of(&f, load), "12.5", "B changed nothing");

    // Editing a field: no type change while values exist, no removal of a used choice.
    refused(
        &save(json!({"id": load, "name": "Load", "type": "text"})).await,
        "type",
    );
    refused(
        &save(json!({"id": axle, "name": "Axle", "type": "choice", "options": ["front"]})).await,
        "options",
    );
    save(
        json!({"id": axle, "name": "Axle position", "type": "choice",
                "options": ["front", "rear", "tag"]}),
    )
    .await
    .ok();

    // A field leaving a tag takes its values; deleting a field or a tag does too.
    tag_save(json!({"id": heavy, "name": "Heavy", "kind": "vehicle", "fieldIds": [load, axle]}))
        .await
        .ok();
    assert_eq!(
        form(&app, &a.admin, heavy, v1).await["fields"]
            .as_array()
            .unwrap()
            .len(),
        2
    );
    app.api_tag_field_delete(&json!({"ids": [axle, 999_999]}), t)
        .await
        .code(7);
    app.api_tag_field_delete(&json!({"ids": [axle, note]}), t)
        .await
        .ok();
    let f = form(&app, &a.admin, heavy, v1).await;
    assert_eq!(f["fields"].as_array().unwrap().len(), 1);
    let found = search(json!({"tagIds": [heavy], "field": {"fieldId": load, "value": "30"}}))
        .await
        .ok();
    assert_eq!(ids(&found), vec![v2]);
    app.api_del_tags(&json!({"ids": [heavy]}), t).await.ok();
    refused(&search(json!({"tagIds": [heavy]})).await, "tagIds");
    let listed = app.api_tag_list(&json!({"vehicleId": v1}), t).await.ok();
    assert_eq!(ids(&listed), vec![cold]);
}

#[tokio::test]
async fn device_tags_carry_forms_and_are_searched() {
    let app = spawn_app().await;
    let trees = two_trees(&app).await;
    let a = &trees.a;
    let t = Some(a.admin.as_str());
    let device = app
        .api_web_device_imei(&json!({"imei": "832000000000001"}), t)
        .await
        .ok()["id"]
        .as_i64()
        .unwrap();
    let fw = app
        .api_tag_field_save(
            &json!({"name": "Firmware due", "type": "date", "required": true}),
            t,
        )
        .await
        .ok()["id"]
        .as_i64()
        .unwrap();
    let pilot = app
        .api_tag_save(
            &json!({"name": "Pilot", "kind": "device", "fieldIds": [fw]}),
            t,
        )
        .await
        .ok()["id"]
        .as_i64()
        .unwrap();
    app.api_tag_set_device(&json!({"id": device, "tagIds": [pilot]}), t)
        .await
        .ok();
    refused(
        &app.api_tag_set_values(
            &json!({"tagId": pilot, "deviceId": device, "values": {}}),
            t,
        )
        .await,
        &format!("values.{fw}"),
    );
    refused(
        &app.api_tag_set_values(&json!({"tagId": pilot, "values": {}}), t)
            .await,
        "vehicleId",
    );
    let saved = app
        .api_tag_set_values(
            &json!({"tagId": pilot, "deviceId": device, "values": {(fw.to_string()): "2027-01-31"}}),
            t,
        )
        .await
        .ok();
    assert_eq!(saved["target"], "device");
    assert_eq!(saved["fields"][0]["value"], "2027-01-31");
    let found = app
        .api_tag_search(
            &json!({"target": "device", "tagIds": [pilot],
                    "field": {"fieldId": fw, "op": "range", "max": "2027-02-01"}}),
            t,
        )
        .await
        .ok();
    assert_eq!(rows(&found)[0]["name"], "832000000000001");
    refused(
        &app.api_tag_search(&json!({"target": "trailer", "tagIds": [pilot]}), t)
            .await,
        "target",
    );
    // Another enterprise's admin cannot fill the form.
    app.api_tag_set_values(
        &json!({"tagId": pilot, "deviceId": device, "values": {(fw.to_string()): "2027-01-01"}}),
        Some(&trees.b.admin),
    )
    .await
    .code(7);
}
