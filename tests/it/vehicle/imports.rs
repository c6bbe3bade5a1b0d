//! Importing vehicles and drivers from CSV and XLSX.

use super::{all_table_counts, create_id, path, xlsx};
use wheelend_tests::tenants::{self, add_group};
use wheelend_tests::{TestApp, json, spawn_app};

async fn import_file(
    app: &TestApp,
    token: &str,
    table: &str,
    file: Vec<u8>,
) -> wheelend_tests::Answer {
    let form = reqwest::multipart::Form::new()
        .text("table", table.to_owned())
        .part(
            "file",
            reqwest::multipart::Part::bytes(file).file_name("upload.xlsx"),
        );
    app.send(
        app.client
            .post(app.url("/api/web/tool/csv?lang=en"))
            .header("x-token", token)
            .multipart(form),
    )
    .await
}

#[tokio::test]
async fn vehicles_and_drivers_import_from_csv_and_xlsx_all_or_nothing() {
    let app = spawn_app().await;
    let t = tenants::two_trees(&app).await;
    let admin = &t.platform;
    create_id(&app, &t.a.admin, json!({"plate": "ZZA-OLD"})).await;
    let group = add_group(&app, &t.a.admin, "West").await;
    let ent = "Alpha Freight ZZA";
    let bad = format!(
        "plate,vin,kind,axleLayout,enterprise,group\n\
         zza-n1,,0,\"2,4,4\",{ent},West\n\
         ZZA-N1,,0,\"2,4\",{ent},\n\
         zza-old,,0,\"2,4\",{ent},\n\
         ZZA-N2,,0,\"2,3\",{ent},\n\
         ,,0,\"2,4\",{ent},\n\
         ZZA-N3,,7,\"2,4\",Nobody Ltd,\n\
         ZZA-N4,,0,\"2,4\",{ent},East\n"
    );
    let before = all_table_counts(&app.state.db).await;
    let answer = app
        .post(
            "/api/web/tool/csv?lang=en",
            &json!({"table": "vehicles", "content": bad}),
            Some(admin),
        )
        .await;
    let msg = answer.code(7);
    assert!(msg.contains("nothing was written"), "{msg}");
    let errors = answer.envelope().data;
    let rows: Vec<(i64, String)> = errors
        .as_array()
        .unwrap()
        .iter()
        .map(|e| {
            (
                e["row"].as_i64().unwrap(),
                e["column"].as_str().unwrap().to_owned(),
            )
        })
        .collect();
    for expected in [
        (3, "plate"),
        (4, "plate"),
        (5, "axleLayout"),
        (6, "plate"),
        (7, "kind"),
        (7, "enterprise"),
        (8, "group"),
    ] {
        assert!(
            rows.contains(&(expected.0, expected.1.to_owned())),
            "{expected:?} in {errors}"
        );
    }
    assert!(
        !rows.iter().any(|(r, _)| *r == 2),
        "row 2 is fine: {errors}"
    );
    assert_eq!(all_table_counts(&app.state.db).await, before);

    let good = format!(
        "Plate,VIN,axle_layout,enterprise,group,remark\n\
         zza-n1,lfw1,\"2,4,4\",{ent},West,first\n\
         ZZA-N2,,,{},,\n",
        t.a.child
    );
    let report = app
        .api_web_tool_csv(&json!({"table": "vehicles", "content": good}), Some(admin))
        .await
        .ok();
    assert_eq!(report["inserted"], 2);
    let listed = app
        .post(
            &path("list"),
            &json!({"keyword": "ZZA-N", "sort": "plate", "order": "asc"}),
            Some(&t.a.admin),
        )
        .await
        .ok();
    assert_eq!(listed["total"], 2);
    assert_eq!(listed["list"][0]["groupId"], group);
    assert_eq!(listed["list"][0]["vin"], "LFW1");
    assert_eq!(listed["list"][1]["enterpriseId"], t.a.child);
    let n1 = listed["list"][0]["carId"].as_i64().unwrap();
    let info = app
        .post(&path("carInfo"), &json!({"carId": n1}), Some(&t.a.admin))
        .await
        .ok();
    assert_eq!(info["wheels"].as_array().unwrap().len(), 10);
    assert!(info["state"].is_object());

    // XLSX: drivers, then vehicles with a bad row.
    let drivers = xlsx(&[
        &["name", "phone", "license", "enterprise"],
        &["Li Lei", "13911112222", "L-9", ent],
        &["Han Meimei", "", "", ent],
    ]);
    let report = import_file(&app, admin, "drivers", drivers).await.ok();
    assert_eq!(report["inserted"], 2);
    let listed = app
        .post(&path("driverList"), &json!({}), Some(&t.a.admin))
        .await
        .ok();
    assert_eq!(listed["total"], 2);
    let before = all_table_counts(&app.state.db).await;
    let vehicles = xlsx(&[
        &["plate", "axleLayout", "enterprise"],
        &["ZZA-X1", "2,4", ent],
        &["ZZA-X2", "9", ent],
        &["ZZA-X1", "2,4", ent],
    ]);
    let answer = import_file(&app, admin, "vehicles", vehicles).await;
    answer.code(7);
    let rows: Vec<i64> = answer
        .envelope()
        .data
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["row"].as_i64().unwrap())
        .collect();
    assert_eq!(rows, [3, 4]);
    assert_eq!(all_table_counts(&app.state.db).await, before);
    let broken = import_file(&app, admin, "vehicles", b"PK\x03\x04not really".to_vec()).await;
    assert!(broken.code(7).contains("nothing was written"));
}
