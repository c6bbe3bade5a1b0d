//! Problem types and modules (the categories work orders are classified by).

use wheelend_tests::tenants::{rows, two_trees};
use wheelend_tests::{fingerprint, json, spawn_app};

#[tokio::test]
async fn problem_types_and_modules_are_kept_per_enterprise() {
    let app = spawn_app().await;
    let t = two_trees(&app).await;
    let (a, b) = (&t.a, &t.b);
    let list = |token: &str, kind: &str| {
        let token = token.to_owned();
        let app = &app;
        let body = json!({"kind": kind, "page": 1, "pageSize": 50});
        async move { app.api_work_category_list(&body, Some(&token)).await.ok() }
    };

    // No problem types yet: the built-in "bug" type (id 0) stands in; no modules.
    let fresh = list(&a.admin, "problem").await;
    assert_eq!(fresh["total"], 1);
    assert_eq!(rows(&fresh)[0]["id"], 0);
    assert_eq!(list(&a.admin, "module").await["total"], 0);

    let save = |token: &str, body: serde_json::Value| {
        let token = token.to_owned();
        let app = &app;
        async move { app.api_work_category_save(&body, Some(&token)).await }
    };
    let brake = save(
        &a.admin,
        json!({"kind": "problem", "name": "Brake overheating", "desc": "hub > 120 °C"}),
    )
    .await
    .ok();
    let brake_id = brake["id"].as_i64().unwrap();
    assert_eq!(brake["entId"], a.root);
    save(
        &a.admin,
        json!({"kind": "module", "name": "Trailer axle", "sort": 2}),
    )
    .await
    .ok();
    let problems = list(&a.admin, "problem").await;
    assert_eq!(problems["total"], 1, "the default gives way to own types");
    assert_eq!(rows(&problems)[0]["name"], "Brake overheating");
    assert_eq!(
        rows(&list(&a.admin, "module").await)[0]["name"],
        "Trailer axle"
    );

    // Bad input: empty name, too long, duplicate name, unknown kind, delete without id.
    let before = fingerprint(&app.state.db).await;
    let msg = save(&a.admin, json!({"kind": "problem", "name": "  "}))
        .await
        .code(7);
    assert!(msg.contains("name"), "{msg}");
    save(&a.admin, json!({"name": "x".repeat(65)}))
        .await
        .code(7);
    let msg = save(&a.admin, json!({"name": "Brake overheating"}))
        .await
        .code(7);
    assert!(msg.contains("Brake overheating"), "{msg}");
    let msg = save(&a.admin, json!({"kind": "colour", "name": "Red"}))
        .await
        .code(7);
    assert!(msg.contains("kind"), "{msg}");
    save(&a.admin, json!({"delete": true})).await.code(7);
    assert_eq!(before, fingerprint(&app.state.db).await);

    // Tree B neither sees nor touches tree A's categories, by id or by enterprise.
    let other = list(&b.admin, "problem").await;
    assert_eq!(rows(&other)[0]["id"], 0);
    save(&b.admin, json!({"id": brake_id, "name": "Taken over"}))
        .await
        .code(7);
    save(&b.admin, json!({"id": brake_id, "delete": true}))
        .await
        .code(7);
    app.api_work_category_list(&json!({"entId": a.root}), Some(&b.admin))
        .await
        .code(7);
    save(&b.admin, json!({"entId": a.root, "name": "Planted"}))
        .await
        .code(7);
    assert_eq!(before, fingerprint(&app.state.db).await);

    // Rename, then delete: the default comes back.
    let renamed = save(
        &a.admin,
        json!({"id": brake_id, "name": "Brake overheat", "kind": "problem"}),
    )
    .await
    .ok();
    assert_eq!(renamed["name"], "Brake overheat");
    save(&a.admin, json!({"id": brake_id, "delete": true}))
        .await
        .ok();
    assert_eq!(rows(&list(&a.admin, "problem").await)[0]["id"], 0);
}
