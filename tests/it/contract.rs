//! The committed OpenAPI description is the one the code generates, and every call in it
//! documents its answer.

use wheelend_tests::spawn_app;

fn committed() -> serde_json::Value {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../openapi.json");
    serde_json::from_str(&std::fs::read_to_string(path).expect("openapi.json is committed"))
        .expect("openapi.json is JSON")
}

#[test]
fn committed_openapi_matches_the_code() {
    let generated: serde_json::Value = serde_json::from_str(&wheelend::openapi::json()).unwrap();
    assert!(
        generated == committed(),
        "openapi.json is stale: run `cargo run -p wheelend -- openapi > openapi.json`"
    );
}

#[test]
fn every_operation_documents_its_envelope() {
    let spec = committed();
    for (path, item) in spec["paths"].as_object().unwrap() {
        for (method, op) in item.as_object().unwrap() {
            let schema = &op["responses"]["200"]["content"]["application/json"]["schema"];
            assert!(
                !schema.is_null(),
                "{method} {path} documents its 200 answer"
            );
            assert!(
                op["description"].is_string() || op["summary"].is_string(),
                "{method} {path} is described"
            );
        }
    }
}

#[tokio::test]
async fn the_server_publishes_the_description_and_a_docs_page() {
    let app = spawn_app().await;
    let served: serde_json::Value =
        serde_json::from_str(&app.get("/api/openapi.json", None).await.text).unwrap();
    assert_eq!(served["paths"], committed()["paths"]);
    let docs = app.get("/api-docs/", None).await;
    assert_eq!(docs.status, reqwest::StatusCode::OK);
    assert!(docs.text.to_lowercase().contains("swagger"));
}

#[test]
fn parameters_are_declared_where_the_server_reads_them() {
    // Paths have no `{…}` segments here, so every declared parameter is a query parameter.
    let spec = committed();
    for (path, item) in spec["paths"].as_object().unwrap() {
        for (method, op) in item.as_object().unwrap() {
            for param in op["parameters"].as_array().into_iter().flatten() {
                assert_eq!(
                    param["in"], "query",
                    "{method} {path} parameter {}",
                    param["name"]
                );
            }
        }
    }
}
