//! Trusteeships: captain calls served for the entrusted enterprise.

use serde_json::Value;
use wheelend_tests::tenants::{self};
use wheelend_tests::{fingerprint, json, spawn_app};

#[tokio::test]
async fn trusteeship_serves_captain_calls_for_the_entrusted_enterprise() {
    let app = spawn_app().await;
    let t = tenants::two_trees(&app).await;
    let (a, b) = (&t.a, &t.b);
    let captain = |path: &str, body: Value, token: &str| {
        app.post(&format!("/api/captain{path}"), &body, Some(token))
    };
    // Without a trusteeship a /captain call is refused.
    assert!(
        captain("/web/ent/my_enterprise/lists", json!({}), &a.admin)
            .await
            .code(7)
            .contains("托管")
    );

    let grant = |body: Value| app.api_web_ent_trusteeship_save(&body, Some(&b.admin));
    let snapshot = fingerprint(&app.state.db).await;
    grant(json!({"userName": "nobody"})).await.code(7);
    grant(json!({})).await.code(7);
    assert!(
        grant(json!({"userName": "zza_admin", "restrict": 4}))
            .await
            .code(7)
            .contains("restrict")
    );
    grant(json!({"userName": "zza_admin", "colonyId": 4242}))
        .await
        .code(7);
    grant(json!({"userName": "zzb_admin"})).await.code(7);
    grant(json!({"userName": "zza_admin", "expiresAt": "2000-01-01T00:00:00Z"}))
        .await
        .code(7);
    app.api_web_ent_trusteeship_save(&json!({"userName": "zza_admin"}), Some(&b.member))
        .await
        .code(7);
    assert_eq!(fingerprint(&app.state.db).await, snapshot);
    // B entrusts itself to A's admin, read-only, under cluster 7.
    let rec = grant(json!({"userName": "zza_admin", "restrict": 1, "colonyId": 7}))
        .await
        .ok();
    assert_eq!(
        (rec["restrict"].as_i64(), rec["colonyId"].as_i64()),
        (Some(1), Some(7))
    );
    let mine = app
        .api_web_ent_trusteeship_list(&json!({"mine": true}), Some(&a.admin))
        .await
        .ok();
    assert_eq!(mine["list"][0]["entId"], b.root);
    assert_eq!(mine["list"][0]["mine"], true);

    // /captain calls now answer for B; plain calls still for A.
    let served = captain("/web/ent/my_enterprise/lists", json!({}), &a.admin)
        .await
        .ok();
    assert!(served.to_string().contains("ZZB") && !served.to_string().contains("ZZA"));
    let plain = app
        .api_web_ent_my_enterprise_lists(&json!({}), Some(&a.admin))
        .await
        .ok();
    assert!(plain.to_string().contains("ZZA") && !plain.to_string().contains("ZZB"));
    let juris = captain("/web/ent/my_enterprise/jurisInfo", json!({}), &a.admin)
        .await
        .ok();
    assert_eq!(juris["entId"], b.root);
    assert_eq!(juris["colonyId"], 7);
    assert_eq!(juris["trusteeship"]["restrict"], 1);
    let members = captain("/user/getUserList_recons", json!({}), &a.admin)
        .await
        .ok();
    assert!(members.to_string().contains("zzb_member"));
    // Read-only: writes are refused and nothing changes.
    let snapshot = fingerprint(&app.state.db).await;
    let put = app
        .send(
            app.client
                .put(app.url("/api/captain/tbEnterprise/updateTbEnterprise"))
                .header("x-token", &a.admin)
                .json(&json!({"contact": "trustee"})),
        )
        .await
        .code(7);
    assert!(put.contains("只读"), "{put}");
    captain(
        "/web/group/saveGroup",
        json!({"name": "by trustee"}),
        &a.admin,
    )
    .await
    .code(7);
    assert_eq!(fingerprint(&app.state.db).await, snapshot);
    // x-ent-id under a trusteeship: the entrusted tree only.
    let other = app
        .send(
            app.client
                .post(app.url("/api/captain/web/ent/my_enterprise/lists"))
                .header("x-token", &a.admin)
                .header("x-ent-id", a.root.to_string())
                .json(&json!({})),
        )
        .await;
    other.code(7);

    // Full access restricted to B itself (not its branch), then writes work.
    grant(json!({"userName": "zza_admin", "restrict": 2}))
        .await
        .ok();
    let served = captain("/web/ent/my_enterprise/lists", json!({}), &a.admin)
        .await
        .ok();
    assert_eq!(served["total"], 1);
    let group = captain(
        "/web/group/saveGroup",
        json!({"name": "by trustee"}),
        &a.admin,
    )
    .await
    .ok();
    assert_eq!(group["entId"], b.root);
    captain(
        "/web/ent/trusteeship/save",
        json!({"userName": "zza_member"}),
        &a.admin,
    )
    .await
    .code(7);
    let branch = app
        .send(
            app.client
                .post(app.url("/api/captain/web/ent/my_enterprise/lists"))
                .header("x-token", &a.admin)
                .header("x-ent-id", b.child.to_string())
                .json(&json!({})),
        )
        .await;
    branch.code(7);
    let listed = app
        .api_web_ent_trusteeship_list(&json!({}), Some(&b.admin))
        .await
        .ok();
    assert_eq!(listed["total"], 1);
    let rec_id = listed["list"][0]["ID"].as_i64().unwrap();
    app.api_web_ent_trusteeship_delete(&json!({"ID": rec_id}), Some(&t.b.member))
        .await
        .code(7);
    app.api_web_ent_trusteeship_delete(&json!({"ID": 5_151}), Some(&b.admin))
        .await
        .code(7);
    app.api_web_ent_trusteeship_delete(&json!({"ID": rec_id}), Some(&b.admin))
        .await
        .ok();
    captain("/web/ent/my_enterprise/lists", json!({}), &a.admin)
        .await
        .code(7);
}
