//! Area `vehicle`, vehicle records: create/edit with wheels, the map feed (watchList4,
//! statistics), the list, trailers and swaps, drivers and members, receivers, transfer,
//! settings, imports, and the tenant isolation of these calls.

use chrono::Utc;
use entities::vehicle_state;
use sea_orm::{ActiveModelTrait, EntityTrait, Set};
use serde_json::Value;
use wheelend_tests::TestApp;

mod fleet;
mod imports;
mod list_in_memory;
mod records;
mod settings;
mod trailers;

pub(super) const CAR: &str = "/api/web/car";

/// A call, answering in English (messages are matched below).
pub(super) fn path(call: &str) -> String {
    format!("{CAR}/{call}?lang=en")
}

/// Row counts of every table but the operation log (which records refusals too).
pub(super) async fn all_table_counts(
    db: &sea_orm::DatabaseConnection,
) -> std::collections::BTreeMap<String, i64> {
    let mut counts = wheelend_tests::all_table_counts(db).await;
    counts.remove("sys_operation_records");
    counts
}

pub(super) async fn create(app: &TestApp, token: &str, body: Value) -> Value {
    app.post(&path("updateCarInfo"), &body, Some(token))
        .await
        .ok()
}

pub(super) async fn create_id(app: &TestApp, token: &str, body: Value) -> i64 {
    create(app, token, body).await["carId"]
        .as_i64()
        .expect("a vehicle id")
}

/// Marks a vehicle as reporting now at a position, optionally moving and alarming.
pub(super) async fn report(app: &TestApp, id: i64, speed: f64, alarm: bool) {
    let mut s: vehicle_state::ActiveModel = vehicle_state::Entity::find_by_id(id)
        .one(&app.state.db)
        .await
        .unwrap()
        .expect("a state row")
        .into();
    s.final_at = Set(Some(Utc::now()));
    s.gps_at = Set(Some(Utc::now()));
    s.lat = Set(Some(31.230_416));
    s.lon = Set(Some(121.473_701));
    s.speed = Set(speed);
    s.alarm = Set(alarm);
    s.tp_flags = Set(if alarm { 2 } else { 0 });
    s.update(&app.state.db).await.unwrap();
    app.state.fleet.invalidate();
}

/// A one-sheet XLSX file (inline strings, stored without compression).
pub(super) fn xlsx(rows: &[&[&str]]) -> Vec<u8> {
    use std::io::Write;
    let mut sheet = String::from(
        r#"<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>"#,
    );
    for (r, row) in rows.iter().enumerate() {
        sheet.push_str(&format!(r#"<row r="{}">"#, r + 1));
        for (c, cell) in row.iter().enumerate() {
            let col = char::from(b'A' + u8::try_from(c).unwrap());
            sheet.push_str(&format!(
                r#"<c r="{col}{}" t="inlineStr"><is><t>{cell}</t></is></c>"#,
                r + 1
            ));
        }
        sheet.push_str("</row>");
    }
    sheet.push_str("</sheetData></worksheet>");
    let files = [
        ("[Content_Types].xml", r#"<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>"#.to_owned()),
        ("_rels/.rels", r#"<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>"#.to_owned()),
        ("xl/workbook.xml", r#"<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>"#.to_owned()),
        ("xl/_rels/workbook.xml.rels", r#"<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>"#.to_owned()),
        ("xl/worksheets/sheet1.xml", sheet),
    ];
    let mut zip = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
    let stored =
        zip::write::SimpleFileOptions::default().compression_method(zip::CompressionMethod::Stored);
    for (name, body) in files {
        zip.start_file(name, stored).unwrap();
        zip.write_all(body.as_bytes()).unwrap();
    }
    zip.finish().unwrap().into_inner()
}
