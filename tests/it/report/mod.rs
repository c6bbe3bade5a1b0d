//! Area `report`: the live logs (`live`), the event log and its exports (`logs`), mileage,
//! marks, histories, tyres, supervision and chips (`fleet`), dashboard boards and the search
//! box (`boards`), each scoped to the caller's enterprises.

mod boards;
mod fleet;
mod live;
mod logs;
mod periodic;
mod rollups;

use chrono::{Duration as Span, SecondsFormat, Utc};
use serde_json::Value;
use wheelend_tests::fleet::{post_report, report};
use wheelend_tests::json;
use wheelend_tests::tenants::{Tenants, add_vehicle};
use wheelend_tests::{Answer, TestApp};

const IMEI_A: &str = "860000000000701";
const IMEI_B: &str = "860000000000702";

/// The last hour, as the calls take it.
fn last_hour() -> Value {
    let now = Utc::now();
    json!({"start": (now - Span::hours(1)).to_rfc3339_opts(SecondsFormat::Secs, true),
           "end": (now + Span::minutes(1)).to_rfc3339_opts(SecondsFormat::Secs, true)})
}

/// `base` with the fields of `extra` added.
fn with(mut base: Value, extra: Value) -> Value {
    if let (Some(b), Value::Object(e)) = (base.as_object_mut(), extra) {
        b.extend(e);
    }
    base
}

/// A vehicle of `ent` with a receiver fitted through the installer's call (so the fitting is
/// in the acceptor log); answers the vehicle and the device key.
async fn fitted(app: &TestApp, token: &str, ent: i64, plate: &str, imei: &str) -> (i64, String) {
    let car = add_vehicle(app, token, ent, plate).await;
    let device = app
        .api_web_device_imei(&json!({"imei": imei, "entId": ent}), Some(token))
        .await
        .ok();
    app.api_web_device_up_acceptor(&json!({"vehicleId": car, "imei": imei}), Some(token))
        .await
        .ok();
    (car, device["deviceKey"].as_str().unwrap().to_owned())
}

/// A vehicle in each tree; A's reported twice (6.1 then 6.0 bar on tyre 21: one critical low
/// pressure alarm, no leak), B's once.
async fn reporting_fleet(app: &TestApp, t: &Tenants) -> (i64, i64, String) {
    let (a, key_a) = fitted(app, &t.a.admin, t.a.child, "沪R00001", IMEI_A).await;
    let (b, key_b) = fitted(app, &t.b.admin, t.b.root, "沪R00002", IMEI_B).await;
    let now = Utc::now().timestamp_millis();
    post_report(app, &key_a, &report(IMEI_A, now - 4000, 6.1))
        .await
        .ok();
    post_report(app, &key_a, &report(IMEI_A, now - 2000, 6.0))
        .await
        .ok();
    post_report(app, &key_b, &report(IMEI_B, now - 2000, 6.0))
        .await
        .ok();
    (a, b, key_a)
}

/// A download: status, headers and the raw bytes (an export is no envelope unless refused).
struct Download {
    answer: Answer,
    bytes: Vec<u8>,
}

impl Download {
    fn header(&self, name: &str) -> String {
        self.answer
            .headers
            .get(name)
            .and_then(|v| v.to_str().ok())
            .unwrap_or_default()
            .to_owned()
    }
}

/// POSTs an export call as `token` in `lang`.
async fn download(app: &TestApp, path: &str, body: &Value, token: &str, lang: &str) -> Download {
    let res = app
        .client
        .post(app.url(path))
        .header("x-token", token)
        .header("accept-language", lang)
        .json(body)
        .send()
        .await
        .expect("the server answers");
    let status = res.status();
    let headers = res.headers().clone();
    let bytes = res.bytes().await.expect("a body").to_vec();
    Download {
        answer: Answer {
            status,
            headers,
            text: String::from_utf8_lossy(&bytes).into_owned(),
        },
        bytes,
    }
}

/// The records of a CSV export (byte-order mark dropped), header first.
fn csv_rows(bytes: &[u8]) -> Vec<Vec<String>> {
    let text = std::str::from_utf8(bytes).expect("UTF-8");
    let text = text
        .strip_prefix('\u{feff}')
        .expect("a byte-order mark first");
    csv::ReaderBuilder::new()
        .has_headers(false)
        .from_reader(text.as_bytes())
        .records()
        .map(|r| r.expect("a CSV record").iter().map(str::to_owned).collect())
        .collect()
}

/// The rows of an XLSX export's first sheet, header first, every cell as text.
fn xlsx_rows(bytes: &[u8]) -> Vec<Vec<String>> {
    use calamine::{Reader, Xlsx};
    let mut book: Xlsx<_> =
        Xlsx::new(std::io::Cursor::new(bytes.to_vec())).expect("an XLSX workbook");
    let sheet = book
        .worksheet_range_at(0)
        .expect("a sheet")
        .expect("readable");
    sheet
        .rows()
        .map(|r| r.iter().map(ToString::to_string).collect())
        .collect()
}
