//! Uploads, downloads, upload grants and the S3 store.

use super::{delete, en, file_form, upload, visitor_token};
use reqwest::StatusCode;
use reqwest::multipart::{Form, Part};
use std::sync::{Arc, Mutex};
use std::time::Duration;
use wheelend_tests::{Spawn, TestApp, json, spawn_app, spawn_app_with};

const PNG: &[u8] = b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR\0\0\0\x01\0\0\0\x01\x08\x06\0\0\0\x1f\x15\xc4\x89\0\0\0\rIDATx\x9cc\xf8\xff\xff?\0\x05\xfe\x02\xfe\xa7\x35\x81\x84\0\0\0\0IEND\xaeB`\x82";

const PDF: &[u8] = b"%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n";

// ---- uploads ----

fn uploads_dir(app: &TestApp) -> std::path::PathBuf {
    app.data_path.join("uploads")
}

/// Every file under a directory, recursively.
fn files_under(dir: &std::path::Path) -> Vec<std::path::PathBuf> {
    let mut out = Vec::new();
    if let Ok(entries) = std::fs::read_dir(dir) {
        for entry in entries.flatten() {
            let path = entry.path();
            if path.is_dir() {
                out.extend(files_under(&path));
            } else {
                out.push(path);
            }
        }
    }
    out
}

async fn download(app: &TestApp, url: &str) -> reqwest::Response {
    app.client.get(app.url(url)).send().await.unwrap()
}

#[tokio::test]
async fn uploads_store_under_generated_names_and_download_identically() {
    let app = spawn_app().await;
    let token = app.admin_token().await;

    let data = upload(
        &app,
        "/api/web/tool/aliyun/uploading",
        file_form("../../../../photo.png", PNG),
        Some(&token),
    )
    .await
    .ok();
    let url = data["url"].as_str().unwrap();
    let key = data["key"].as_str().unwrap();
    assert_eq!(
        data["name"], "photo.png",
        "the client's directories are dropped"
    );
    assert_eq!(data["size"], PNG.len());
    assert_eq!(url, format!("/uploads/{key}"));
    let now = chrono::Utc::now();
    assert!(
        key.starts_with(&now.format("%Y/%m/").to_string()) && key.ends_with(".png"),
        "{key}"
    );
    let stem = key.rsplit('/').next().unwrap().trim_end_matches(".png");
    uuid::Uuid::parse_str(stem).expect("a generated name");
    // Stored inside the uploads dir, nowhere else.
    let stored = files_under(&app.data_path);
    assert!(
        stored.iter().all(|p| !p.ends_with("photo.png")),
        "{stored:?}"
    );
    assert_eq!(std::fs::read(uploads_dir(&app).join(key)).unwrap(), PNG);

    let res = download(&app, url).await;
    assert_eq!(res.status(), StatusCode::OK);
    assert_eq!(res.headers()["content-type"], "image/png");
    assert!(
        res.headers()["content-disposition"]
            .to_str()
            .unwrap()
            .starts_with("inline")
    );
    assert_eq!(res.headers()["x-content-type-options"], "nosniff");
    assert_eq!(res.bytes().await.unwrap().as_ref(), PNG);

    // The console's file upload, with a class; a PDF downloads as an attachment.
    let form = Form::new().text("classId", "3").part(
        "file",
        Part::bytes(PDF.to_vec()).file_name("报告 report.pdf"),
    );
    let file = upload(
        &app,
        "/api/fileUploadAndDownload/upload",
        form,
        Some(&token),
    )
    .await
    .ok()["file"]
        .clone();
    assert_eq!(file["classId"], 3);
    assert_eq!(file["tag"], "pdf");
    assert_eq!(file["mime"], "application/pdf");
    let res = download(&app, file["url"].as_str().unwrap()).await;
    assert_eq!(res.headers()["content-type"], "application/pdf");
    let disposition = res.headers()["content-disposition"]
        .to_str()
        .unwrap()
        .to_owned();
    assert!(disposition.starts_with("attachment"), "{disposition}");
    assert!(
        disposition.contains("filename*=UTF-8''%E6%8A%A5%E5%91%8A%20report.pdf"),
        "{disposition}"
    );
    assert_eq!(res.bytes().await.unwrap().as_ref(), PDF);

    // A firmware image and a CSV are accepted too; classId may follow the file.
    let firmware: Vec<u8> = (0..=255u8).cycle().take(70_000).collect();
    let form = file_form("fw-1.2.bin", &firmware).text("classId", "7");
    let fw = upload(
        &app,
        "/api/fileUploadAndDownload/upload",
        form,
        Some(&token),
    )
    .await
    .ok()["file"]
        .clone();
    assert_eq!(fw["classId"], 7);
    let res = download(&app, fw["url"].as_str().unwrap()).await;
    assert_eq!(res.bytes().await.unwrap().as_ref(), firmware.as_slice());
    upload(
        &app,
        "/api/web/tool/aliyun/uploading",
        file_form("plates.csv", "plate,axles\n粤B12345,3\n".as_bytes()),
        Some(&token),
    )
    .await
    .ok();
    // Uploads are not bound by the 4 MiB request-body limit, only by their own (20 MiB).
    let mut large = PDF.to_vec();
    large.resize(6 * 1024 * 1024, b' ');
    let big = upload(
        &app,
        "/api/web/tool/aliyun/uploading",
        file_form("large.pdf", &large),
        Some(&token),
    )
    .await
    .ok();
    assert_eq!(big["size"], large.len());
    large.resize(21 * 1024 * 1024, b' ');
    let msg = upload(
        &app,
        "/api/web/tool/aliyun/uploading",
        file_form("huge.pdf", &large),
        Some(&token),
    )
    .await
    .code(7);
    assert!(msg.contains("20 MiB"), "{msg}");
    let id = big["ID"].clone();
    delete(
        &app,
        "/api/fileUploadAndDownload/deleteFile",
        &json!({"ID": id}),
        &token,
    )
    .await
    .ok();

    // The list: newest first, keyword on the name, class filter, paging.
    let list = "/api/fileUploadAndDownload/getFileList";
    let all = app.post(list, &json!({}), Some(&token)).await.ok();
    assert_eq!(all["total"], 4);
    assert_eq!(all["list"][0]["name"], "plates.csv");
    let found = app
        .post(list, &json!({"keyword": "report"}), Some(&token))
        .await
        .ok();
    assert_eq!(found["total"], 1);
    let class = app
        .post(
            list,
            &json!({"classId": 3, "page": 1, "pageSize": 50}),
            Some(&token),
        )
        .await
        .ok();
    assert_eq!(class["total"], 1);
    assert_eq!(class["list"][0]["ID"], file["ID"]);
    let page = app
        .post(list, &json!({"page": 2, "pageSize": 3}), Some(&token))
        .await
        .ok();
    assert_eq!(page["list"].as_array().unwrap().len(), 1);
    app.post(list, &json!({"page": "one"}), Some(&token))
        .await
        .code(7);

    // Delete: the record and the stored object go; the URL stops answering.
    let remove = "/api/fileUploadAndDownload/deleteFile";
    delete(&app, remove, &json!({"ID": file["ID"]}), &token)
        .await
        .ok();
    assert_eq!(
        download(&app, file["url"].as_str().unwrap()).await.status(),
        StatusCode::NOT_FOUND
    );
    assert!(
        !uploads_dir(&app)
            .join(file["key"].as_str().unwrap())
            .exists()
    );
    delete(&app, remove, &json!({"ID": file["ID"]}), &token)
        .await
        .code(7);
    delete(&app, remove, &json!({}), &token).await.code(7);
    assert_eq!(
        app.post(list, &json!({}), Some(&token)).await.ok()["total"],
        3
    );
}

#[tokio::test]
async fn uploads_refuse_wrong_types_oversize_and_strangers() {
    let app = spawn_app_with(Spawn {
        configure: Some(Box::new(|mut cfg| {
            cfg.uploads.max_bytes = 1024;
            cfg
        })),
        ..Spawn::default()
    })
    .await;
    let token = app.admin_token().await;
    let path = "/api/web/tool/aliyun/uploading";

    let big = vec![b'a'; 5000];
    let msg = upload(&app, path, file_form("big.csv", &big), Some(&token))
        .await
        .code(7);
    assert!(
        msg.contains("1 KiB") && msg.contains("1024"),
        "names the limit: {msg}"
    );

    let msg = upload(&app, path, file_form("tool.exe", b"MZ\x90\0"), Some(&token))
        .await
        .code(7);
    assert!(
        msg.contains(".exe") && msg.contains("png"),
        "lists what is allowed: {msg}"
    );
    let msg = upload(&app, path, file_form("photo.png", PDF), Some(&token))
        .await
        .code(7);
    assert!(
        msg.contains("does not match") && msg.contains("pdf"),
        "{msg}"
    );
    let msg = upload(&app, path, file_form("table.csv", PNG), Some(&token))
        .await
        .code(7);
    assert!(msg.contains("does not match"), "{msg}");
    upload(
        &app,
        path,
        file_form("page.csv", b"<html><script>alert(1)</script>"),
        Some(&token),
    )
    .await
    .code(7);
    upload(&app, path, file_form("image.jpg", PNG), Some(&token))
        .await
        .code(7);
    upload(&app, path, file_form("fw.bin", PNG), Some(&token))
        .await
        .code(7);
    upload(&app, path, file_form("noextension", PNG), Some(&token))
        .await
        .code(7);
    upload(&app, path, file_form("empty.png", b""), Some(&token))
        .await
        .code(7);
    let msg = upload(&app, path, Form::new().text("classId", "1"), Some(&token))
        .await
        .code(7);
    assert!(msg.contains("file"), "{msg}");
    let msg = upload(
        &app,
        path,
        Form::new()
            .text("classId", "x")
            .part("file", Part::bytes(PNG.to_vec()).file_name("a.png")),
        Some(&token),
    )
    .await
    .code(7);
    assert!(msg.contains("classId"), "{msg}");
    app.post(path, &json!({"file": "x"}), Some(&token))
        .await
        .code(7);

    // Nothing was kept: no records, no files, no leftovers.
    let list = app
        .api_file_upload_and_download_get_file_list(&json!({}), Some(&token))
        .await
        .ok();
    assert_eq!(list["total"], 0);
    assert_eq!(
        files_under(&uploads_dir(&app)),
        Vec::<std::path::PathBuf>::new()
    );

    // Strangers sign in first; roles without the call are refused.
    upload(&app, path, file_form("a.png", PNG), None)
        .await
        .code(100);
    upload(
        &app,
        "/api/fileUploadAndDownload/upload",
        file_form("a.png", PNG),
        None,
    )
    .await
    .code(100);
    let visitor = visitor_token(&app).await;
    upload(&app, path, file_form("a.png", PNG), Some(&visitor))
        .await
        .code(7);
    app.api_aliyun_token(&json!({}), None).await.code(100);
}

#[tokio::test]
async fn the_upload_route_never_leaves_the_uploads_dir() {
    use tokio::io::{AsyncReadExt as _, AsyncWriteExt as _};
    let app = spawn_app().await;
    let token = app.admin_token().await;
    let data = upload(
        &app,
        "/api/web/tool/aliyun/uploading",
        file_form("a.png", PNG),
        Some(&token),
    )
    .await
    .ok();
    let key = data["key"].as_str().unwrap();
    let secret = std::fs::read_to_string(app.data_path.join("jwt-secret")).unwrap();
    for path in [
        "/uploads/..%2f..%2fjwt-secret".to_owned(),
        "/uploads/%2e%2e/jwt-secret".to_owned(),
        format!("/uploads/{key}/..%2f..%2f..%2f..%2fjwt-secret"),
        "/uploads/2026/11/0b0f3c8e-8d59-4a63-9a3c-6a1f3c2d9e10.png".to_owned(),
        "/uploads/".to_owned(),
    ] {
        let res = download(&app, &path).await;
        assert_eq!(res.status(), StatusCode::NOT_FOUND, "{path}");
        assert!(!res.text().await.unwrap().contains(secret.trim()));
    }
    // Literal dot segments, as a raw request (clients would normalise them away).
    for raw in ["/uploads/../jwt-secret", "/uploads/../../../../etc/passwd"] {
        let addr = app.base.trim_start_matches("http://");
        let mut stream = tokio::net::TcpStream::connect(addr).await.unwrap();
        stream
            .write_all(
                format!("GET {raw} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n")
                    .as_bytes(),
            )
            .await
            .unwrap();
        let mut answer = String::new();
        stream.read_to_string(&mut answer).await.unwrap();
        assert!(!answer.starts_with("HTTP/1.1 200"), "{raw}: {answer}");
        assert!(
            !answer.contains(secret.trim()) && !answer.contains("root:"),
            "{raw}"
        );
    }
    // A real key still answers.
    assert_eq!(
        download(&app, &format!("/uploads/{key}")).await.status(),
        StatusCode::OK
    );
}

#[tokio::test]
async fn upload_grants_let_a_browser_upload_without_a_session() {
    let app = spawn_app_with(Spawn {
        configure: Some(Box::new(|mut cfg| {
            cfg.uploads.grant_ttl_secs = 3;
            cfg
        })),
        ..Spawn::default()
    })
    .await;
    let token = app.admin_token().await;
    let grant = app.api_aliyun_token(&json!({}), Some(&token)).await.ok();
    assert_eq!(grant["provider"], "local");
    assert_eq!(grant["method"], "POST");
    assert_eq!(grant["uploadUrl"], "/api/web/tool/aliyun/uploading");
    assert_eq!(grant["maxBytes"], 20 * 1024 * 1024);
    assert!(
        grant["allowedTypes"]
            .as_array()
            .unwrap()
            .contains(&json!("png"))
    );
    assert!(grant["expireAt"].as_i64().unwrap() > chrono::Utc::now().timestamp_millis());
    let signed = grant["token"].as_str().unwrap().to_owned();

    let url = grant["uploadUrl"].as_str().unwrap();
    // In a header, in the query, or as a form field before the file.
    let by_header = app
        .send(
            app.client
                .post(app.url(url))
                .header("x-upload-token", &signed)
                .multipart(file_form("a.png", PNG)),
        )
        .await
        .ok();
    assert!(by_header["url"].as_str().unwrap().starts_with("/uploads/"));
    app.send(
        app.client
            .post(app.url(&format!("{url}?token={signed}")))
            .multipart(file_form("b.png", PNG)),
    )
    .await
    .ok();
    let form = Form::new()
        .text("token", signed.clone())
        .part("file", Part::bytes(PNG.to_vec()).file_name("c.png"));
    app.send(app.client.post(app.url(url)).multipart(form))
        .await
        .ok();

    // A forged or altered grant is refused, and so is an expired one.
    let (payload, _) = signed.split_once('.').unwrap();
    for bad in [
        format!("{payload}.AAAA"),
        "nonsense".to_owned(),
        format!("{}x.{}", payload, signed.split_once('.').unwrap().1),
    ] {
        app.send(
            app.client
                .post(app.url(url))
                .header("x-upload-token", bad)
                .multipart(file_form("d.png", PNG)),
        )
        .await
        .code(7);
    }
    // Expired once the clock passes the grant's last second.
    let expire_at = grant["expireAt"].as_i64().unwrap();
    let wait = expire_at / 1000 * 1000 + 1100 - chrono::Utc::now().timestamp_millis();
    tokio::time::sleep(Duration::from_millis(u64::try_from(wait).unwrap_or(0))).await;
    let msg = app
        .send(
            en(app.client.post(app.url(url)))
                .header("x-upload-token", &signed)
                .multipart(file_form("e.png", PNG)),
        )
        .await
        .code(7);
    assert!(msg.contains("expired"), "{msg}");
    let listed = app
        .api_file_upload_and_download_get_file_list(&json!({}), Some(&token))
        .await
        .ok();
    assert_eq!(listed["total"], 3);
}

/// (method, path and query, body) of every request the stand-in saw.
type Seen = Arc<Mutex<Vec<(String, String, Vec<u8>)>>>;

/// A stand-in S3 server: remembers every request and answers 200.
async fn fake_s3() -> (String, Seen) {
    let seen: Seen = Arc::default();
    let log = seen.clone();
    let app = axum::Router::new().fallback(move |req: axum::extract::Request| {
        let log = log.clone();
        async move {
            let method = req.method().to_string();
            let uri = req.uri().to_string();
            let body = axum::body::to_bytes(req.into_body(), usize::MAX)
                .await
                .unwrap();
            log.lock().unwrap().push((method, uri, body.to_vec()));
            ""
        }
    });
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(async move { axum::serve(listener, app).await });
    (format!("http://{addr}"), seen)
}

#[tokio::test]
async fn an_s3_store_receives_uploads_and_hands_out_presigned_urls() {
    let (endpoint, seen) = fake_s3().await;
    let configured = endpoint.clone();
    let app = spawn_app_with(Spawn {
        configure: Some(Box::new(move |mut cfg| {
            cfg.uploads.store = kernel::config::StoreKind::S3;
            cfg.uploads.s3.endpoint = Some(configured);
            cfg.uploads.s3.bucket = Some("fleet".into());
            cfg.uploads.s3.access_key = Some("AKIDEXAMPLE".into());
            cfg.uploads.s3.secret_key = Some("wJalrXUtnFEMI/K7MDENG".into());
            cfg
        })),
        ..Spawn::default()
    })
    .await;
    let token = app.admin_token().await;
    let data = upload(
        &app,
        "/api/web/tool/aliyun/uploading",
        file_form("a.png", PNG),
        Some(&token),
    )
    .await
    .ok();
    let key = data["key"].as_str().unwrap().to_owned();
    assert_eq!(data["url"], format!("{endpoint}/fleet/{key}"));
    {
        let seen = seen.lock().unwrap();
        let (method, uri, body) = seen.last().unwrap();
        assert_eq!(method, "PUT");
        assert!(uri.starts_with(&format!("/fleet/{key}?")), "{uri}");
        assert!(uri.contains("X-Amz-Signature="), "{uri}");
        assert_eq!(body.as_slice(), PNG);
    }
    assert!(
        files_under(&uploads_dir(&app)).is_empty(),
        "nothing kept locally"
    );

    let grant = app.get("/api/aliyunToken?ext=jpg", Some(&token)).await.ok();
    assert_eq!(grant["provider"], "s3");
    assert_eq!(grant["method"], "PUT");
    let put_url = grant["uploadUrl"].as_str().unwrap();
    assert!(
        put_url.contains("X-Amz-Signature=") && grant["key"].as_str().unwrap().ends_with(".jpg")
    );
    reqwest::Client::new()
        .put(put_url)
        .body(b"\xff\xd8\xff\xe0".to_vec())
        .send()
        .await
        .unwrap()
        .error_for_status()
        .unwrap();
    assert_eq!(seen.lock().unwrap().len(), 2);
    app.get("/api/aliyunToken?ext=exe", Some(&token))
        .await
        .code(7);

    let files = app
        .api_file_upload_and_download_get_file_list(&json!({}), Some(&token))
        .await
        .ok();
    let id = files["list"][0]["ID"].clone();
    delete(
        &app,
        "/api/fileUploadAndDownload/deleteFile",
        &json!({"ID": id}),
        &token,
    )
    .await
    .ok();
    let seen = seen.lock().unwrap();
    let (method, uri, _) = seen.last().unwrap();
    assert_eq!(method, "DELETE");
    assert!(uri.starts_with(&format!("/fleet/{key}?")), "{uri}");
}
