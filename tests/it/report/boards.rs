//! Dashboard boards (`tags_list`, `chart_setting`, `chart_save`, `chart_sort`), the search
//! box (`search/list`) and recent searches (`search/tag_last`).

use serde_json::Value;
use wheelend_tests::tenants::{add_vehicle, two_trees};
use wheelend_tests::{fingerprint, json, spawn_app};

fn chart(title: &str, kind: &str, measure: &str, grouping: &str) -> Value {
    json!({"title": title, "kind": kind, "measure": measure, "grouping": grouping,
           "range": "last30Days"})
}

#[tokio::test]
async fn boards_hold_charts_in_order_for_their_owner_and_the_enterprise() {
    let app = spawn_app().await;
    let t = two_trees(&app).await;
    let save = |token: &str, body: Value| {
        let token = token.to_owned();
        let app = &app;
        async move { app.api_data_report_chart_save(&body, Some(&token)).await }
    };
    // An empty dashboard still offers the enumerations.
    let empty = app
        .api_data_report_chart_setting(&json!({}), Some(&t.a.admin))
        .await
        .ok();
    assert!(empty["board"].is_null());
    assert_eq!(empty["choices"]["kinds"].as_array().unwrap().len(), 9);
    assert_eq!(empty["choices"]["kinds"][3]["groupings"], json!(["none"]));

    let board = save(
        &t.a.admin,
        json!({"boardName": "ZZA fleet", "chart": chart("Km", "line", "distanceKm", "day")}),
    )
    .await
    .ok();
    let board_id = board["board"]["id"].as_i64().unwrap();
    assert_eq!(board["board"]["mine"], true);
    assert_eq!(board["board"]["shared"], false);
    assert_eq!(board["charts"][0]["sort"], 1);
    let mut ids = vec![board["charts"][0]["id"].as_i64().unwrap()];
    for (title, kind, measure, grouping) in [
        ("Alarms", "pie", "alarms", "alarmKind"),
        ("Fleet", "gauge", "activeVehicles", "none"),
        ("Race", "barRace", "distanceKm", "vehicleDay"),
        ("Where", "map", "alarms", "region"),
        ("Heat", "heatmap", "maxTyreTemp", "enterpriseDay"),
        ("Fall", "waterfall", "workOrders", "month"),
        ("Bars", "bar", "offlineHours", "enterprise"),
    ] {
        let saved = save(
            &t.a.admin,
            json!({"boardId": board_id, "chart": chart(title, kind, measure, grouping)}),
        )
        .await
        .ok();
        ids.push(
            saved["charts"].as_array().unwrap().last().unwrap()["id"]
                .as_i64()
                .unwrap(),
        );
    }
    let scatter = save(
        &t.a.admin,
        json!({"boardId": board_id, "chart": {"title": "Km vs alarms", "kind": "scatter",
               "measure": "distanceKm", "secondMeasure": "alarms", "grouping": "vehicle",
               "range": "custom", "startDate": "2026-11-01", "endDate": "2026-11-30", "topN": 20}}),
    )
    .await
    .ok();
    let last = scatter["charts"]
        .as_array()
        .unwrap()
        .last()
        .unwrap()
        .clone();
    assert_eq!(last["topN"], 20);
    assert_eq!(last["startDate"], "2026-11-01");
    ids.push(last["id"].as_i64().unwrap());
    assert_eq!(ids.len(), 9, "one chart of each kind");
    assert_eq!(
        scatter["charts"][3]["topN"], 10,
        "vehicle rankings default to 10"
    );

    // Sorting is a full order.
    ids.reverse();
    let sorted = app
        .api_data_report_chart_sort(&json!({"boardId": board_id, "ids": ids}), Some(&t.a.admin))
        .await
        .ok();
    let order: Vec<i64> = sorted["charts"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["id"].as_i64().unwrap())
        .collect();
    assert_eq!(order, ids);
    for bad in [
        json!(ids[1..]),
        json!([ids[0], ids[0]]),
        json!([ids.clone(), vec![999_999]].concat()),
    ] {
        let refused = app
            .api_data_report_chart_sort(&json!({"boardId": board_id, "ids": bad}), Some(&t.a.admin))
            .await;
        assert_eq!(refused.envelope().data["field"], "ids");
    }

    // Change and delete a chart; rename and share the board.
    let changed = save(
        &t.a.admin,
        json!({"boardId": board_id, "id": ids[0], "chart": chart("Km by week", "bar", "distanceKm", "week")}),
    )
    .await
    .ok();
    assert_eq!(changed["charts"][0]["title"], "Km by week");
    let fewer = save(
        &t.a.admin,
        json!({"boardId": board_id, "id": ids[1], "delete": true}),
    )
    .await
    .ok();
    assert_eq!(fewer["charts"].as_array().unwrap().len(), 8);
    save(
        &t.a.admin,
        json!({"boardId": board_id, "boardName": "ZZA shared", "shared": true}),
    )
    .await
    .ok();

    // The enterprise's member sees the shared board but may not change it; B sees nothing.
    let member = app
        .api_data_report_tags_list(&json!({}), Some(&t.a.member))
        .await
        .ok();
    assert_eq!(member[0]["name"], "ZZA shared");
    assert_eq!(member[0]["mine"], false);
    assert_eq!(member[0]["charts"], 8);
    let seen = app
        .api_data_report_chart_setting(&json!({"boardId": board_id}), Some(&t.a.member))
        .await
        .ok();
    assert_eq!(seen["charts"].as_array().unwrap().len(), 8);
    let before = fingerprint(&app.state.db).await;
    save(
        &t.a.member,
        json!({"boardId": board_id, "boardName": "mine now"}),
    )
    .await
    .code(7);
    app.api_data_report_chart_sort(&json!({"boardId": board_id, "ids": ids}), Some(&t.a.member))
        .await
        .code(7);
    assert_eq!(
        app.api_data_report_tags_list(&json!({}), Some(&t.b.admin))
            .await
            .ok(),
        json!([])
    );
    app.api_data_report_chart_setting(&json!({"boardId": board_id}), Some(&t.b.admin))
        .await
        .code(7);
    save(&t.b.admin, json!({"boardId": board_id, "delete": true}))
        .await
        .code(7);
    assert_eq!(before, fingerprint(&app.state.db).await);

    // Each field is checked and named.
    for (c, field) in [
        (json!({"kind": "donut"}), "chart.kind"),
        (json!({"measure": "speed"}), "chart.measure"),
        (json!({"grouping": "hour"}), "chart.grouping"),
        (
            json!({"kind": "gauge", "grouping": "day"}),
            "chart.grouping",
        ),
        (json!({"grouping": "alarmKind"}), "chart.grouping"),
        (json!({"range": "forever"}), "chart.range"),
        (json!({"range": "custom"}), "chart.startDate"),
        (
            json!({"range": "custom", "startDate": "2026-11-02", "endDate": "2026-11-01"}),
            "chart.endDate",
        ),
        (
            json!({"range": "custom", "startDate": "2024-01-01", "endDate": "2026-11-01"}),
            "chart.endDate",
        ),
        (json!({"title": " "}), "chart.title"),
        (
            json!({"kind": "scatter", "grouping": "vehicle"}),
            "chart.secondMeasure",
        ),
        (json!({"secondMeasure": "alarms"}), "chart.secondMeasure"),
        (json!({"topN": 5}), "chart.topN"),
        (json!({"grouping": "vehicle", "topN": 51}), "chart.topN"),
        (json!({"enterpriseId": t.b.root}), "chart.enterpriseId"),
    ] {
        let mut body = chart("x", "line", "distanceKm", "day");
        for (k, v) in c.as_object().unwrap() {
            body[k] = v.clone();
        }
        let refused = save(&t.a.admin, json!({"boardId": board_id, "chart": body})).await;
        refused.code(7);
        assert_eq!(refused.envelope().data["field"], field, "{c}");
    }
    let refused = save(
        &t.a.admin,
        json!({"chart": chart("x", "line", "distanceKm", "day")}),
    )
    .await;
    assert_eq!(refused.envelope().data["field"], "boardName");
    let refused = save(
        &t.a.admin,
        json!({"boardId": board_id, "id": 999_999, "delete": true}),
    )
    .await;
    assert_eq!(refused.envelope().data["field"], "id");
    save(&t.a.admin, json!({"boardId": "one"})).await.code(7);

    // Deleting the board takes its charts.
    save(&t.a.admin, json!({"boardId": board_id, "delete": true}))
        .await
        .ok();
    assert_eq!(
        app.api_data_report_tags_list(&json!({}), Some(&t.a.admin))
            .await
            .ok(),
        json!([])
    );
}

#[tokio::test]
async fn the_search_box_ranks_hits_per_kind_within_the_scope() {
    let app = spawn_app().await;
    let t = two_trees(&app).await;
    for plate in ["ZZA-100", "XZZA-1001", "ZZA-1002"] {
        add_vehicle(&app, &t.a.admin, t.a.root, plate).await;
    }
    add_vehicle(&app, &t.b.admin, t.b.root, "ZZB-100").await;
    let search = |token: &str, body: Value| {
        let token = token.to_owned();
        let app = &app;
        async move { app.api_search_list(&body, Some(&token)).await }
    };
    let hits = search(&t.a.admin, json!({"keyword": "zza-100"})).await.ok();
    let plates: Vec<(&str, u64)> = hits["vehicles"]
        .as_array()
        .unwrap()
        .iter()
        .map(|h| (h["label"].as_str().unwrap(), h["rank"].as_u64().unwrap()))
        .collect();
    assert_eq!(
        plates,
        [("ZZA-100", 0), ("ZZA-1002", 1), ("XZZA-1001", 2)],
        "exact, prefix, contains: {hits}"
    );
    let enterprises = search(
        &t.a.admin,
        json!({"keyword": "ZZA", "kinds": ["enterprise"]}),
    )
    .await
    .ok();
    assert_eq!(enterprises["enterprises"].as_array().unwrap().len(), 2);
    assert!(enterprises["vehicles"].as_array().unwrap().is_empty());
    let one = search(&t.a.admin, json!({"keyword": "ZZA", "limit": 1}))
        .await
        .ok();
    assert_eq!(one["vehicles"].as_array().unwrap().len(), 1);
    // Isolation: B's plate never shows for A; B finds its own.
    let leak = search(&t.a.admin, json!({"keyword": "ZZB"})).await.ok();
    assert!(!leak.to_string().contains("ZZB"), "{leak}");
    let own = search(&t.b.admin, json!({"keyword": "ZZB-100"})).await.ok();
    assert_eq!(own["vehicles"][0]["label"], "ZZB-100");
    // Wildcards are literal; bad input names the field.
    let literal = search(&t.a.admin, json!({"keyword": "%"})).await.ok();
    assert!(literal["vehicles"].as_array().unwrap().is_empty());
    for (body, field) in [
        (json!({"keyword": " "}), "keyword"),
        (json!({"keyword": "x".repeat(65)}), "keyword"),
        (json!({"keyword": "a", "limit": 21}), "limit"),
        (
            json!({"keyword": "a", "kinds": ["vehicle", "planet"]}),
            "kinds[1]",
        ),
    ] {
        let refused = search(&t.a.admin, body).await;
        assert_eq!(refused.envelope().data["field"], field);
    }
}

#[tokio::test]
async fn recent_searches_are_kept_per_user_newest_first_and_capped() {
    let app = spawn_app().await;
    let t = two_trees(&app).await;
    let car = add_vehicle(&app, &t.a.admin, t.a.root, "ZZA-777").await;
    let b_car = add_vehicle(&app, &t.b.admin, t.b.root, "ZZB-777").await;
    let recent = |token: &str, body: Value| {
        let token = token.to_owned();
        let app = &app;
        async move { app.api_search_tag_last(&body, Some(&token)).await }
    };
    assert_eq!(recent(&t.a.admin, json!({})).await.ok(), json!([]));
    recent(&t.a.admin, json!({"keyword": "ZZA"})).await.ok();
    let list = recent(&t.a.admin, json!({"kind": "vehicle", "refId": car}))
        .await
        .ok();
    assert_eq!(list[0]["label"], "ZZA-777");
    assert_eq!(list[0]["kind"], "vehicle");
    assert_eq!(list[1]["keyword"], "ZZA");
    // The same keyword again moves to the top instead of repeating.
    let again = recent(&t.a.admin, json!({"keyword": "ZZA"})).await.ok();
    assert_eq!(again.as_array().unwrap().len(), 2);
    assert_eq!(again[0]["keyword"], "ZZA");
    for i in 0..25 {
        recent(&t.a.admin, json!({"keyword": format!("q{i}")}))
            .await
            .ok();
    }
    let capped = recent(&t.a.admin, json!({})).await.ok();
    assert_eq!(capped.as_array().unwrap().len(), 20);
    assert_eq!(capped[0]["keyword"], "q24");
    // Per user; a foreign or unknown hit is refused and nothing is written.
    assert_eq!(recent(&t.a.member, json!({})).await.ok(), json!([]));
    let before = fingerprint(&app.state.db).await;
    let refused = recent(&t.a.admin, json!({"kind": "vehicle", "refId": b_car})).await;
    assert_eq!(refused.envelope().data["field"], "refId");
    let refused = recent(&t.a.admin, json!({"kind": "planet", "refId": car})).await;
    assert_eq!(refused.envelope().data["field"], "kind");
    let refused = recent(&t.a.admin, json!({"kind": "vehicle"})).await;
    assert_eq!(refused.envelope().data["field"], "refId");
    let refused = recent(&t.a.admin, json!({"keyword": "k".repeat(65)})).await;
    assert_eq!(refused.envelope().data["field"], "keyword");
    assert_eq!(before, fingerprint(&app.state.db).await);
    assert_eq!(
        recent(&t.a.admin, json!({"clear": true})).await.ok(),
        json!([])
    );
    // The shared visitor account keeps nothing.
    let visitor = app.visitor_token().await;
    assert_eq!(
        recent(&visitor, json!({"keyword": "x"})).await.ok(),
        json!([])
    );
}
