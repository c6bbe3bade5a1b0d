//! Area `device`: every call end to end, bad input included (refusals answer code 7 and change
//! nothing: read back to prove it), the command state machine through the service the
//! ingestion will call, the `devices` import, and the tenant matrix for the area.

use chrono::Utc;
use domain::vehicle::records;
use entities::wheel_values::{self, WheelValue};
use sea_orm::{ActiveModelTrait, Set};
use serde_json::Value;
use wheelend_tests::TestApp;

mod command_queue;
mod devices;
mod firmware;
mod registers;
mod sensors;

/// The tables the area writes, plus the core ones it changes.
pub(super) const TABLES: &[&str] = &[
    "devices",
    "sensors",
    "vehicle_wheels",
    "firmwares",
    "upgrade_tasks",
    "upgrade_strategies",
    "device_commands",
    "device_settings",
    "tags",
    "tag_vehicles",
    "tag_devices",
    "device_white_list",
    "device_sales",
    "ctwing_logs",
    "production_logs",
    "heartbeat_tests",
    "sensor_logs",
    "acceptor_logs",
];

/// Every row of the area's tables, to prove a refused call changed nothing.
pub(super) async fn snapshot(app: &TestApp) -> Vec<Vec<sea_orm::JsonValue>> {
    use sea_orm::{FromQueryResult, JsonValue, Statement};
    let db = &app.state.db;
    let mut out = Vec::new();
    for table in TABLES {
        out.push(
            JsonValue::find_by_statement(Statement::from_string(
                db.get_database_backend(),
                format!("SELECT * FROM \"{table}\" ORDER BY 1, 2"),
            ))
            .all(db)
            .await
            .unwrap(),
        );
    }
    out
}

/// A vehicle of `ent` with wheel positions 11, 12, 21–24 (layout "2,4"), made directly: the
/// vehicle calls belong to another area.
pub(super) async fn vehicle(app: &TestApp, ent: i64, plate: &str) -> i64 {
    let now = Utc::now();
    let v = entities::vehicle::ActiveModel {
        enterprise_id: Set(ent),
        plate: Set(plate.to_owned()),
        vin: Set(String::new()),
        kind: Set(0),
        device_type_id: Set(0),
        head_img_url: Set(String::new()),
        axle_layout: Set("2,4".to_owned()),
        install_state: Set(1),
        power_supply: Set(0),
        recharge: Set(false),
        remark: Set(String::new()),
        created_at: Set(now),
        updated_at: Set(now),
        ..Default::default()
    }
    .insert(&app.state.db)
    .await
    .unwrap();
    for position in [11, 12, 21, 22, 23, 24] {
        entities::vehicle_wheel::ActiveModel {
            vehicle_id: Set(v.id),
            position: Set(position),
            axle: Set(i16::try_from(position / 10).unwrap()),
            tyre_id: Set(None),
            sensor_no: Set(None),
        }
        .insert(&app.state.db)
        .await
        .unwrap();
    }
    // Each tyre last read 8.5 bar at 30 °C.
    let latest: Vec<WheelValue> = [11, 12, 21, 22, 23, 24]
        .into_iter()
        .map(|position| WheelValue {
            kind: wheel_values::TYRE,
            position,
            pressure: Some(8.5),
            temp: Some(30.0),
            battery: None,
            status: 0,
            read_at: None,
        })
        .collect();
    let mut state = records::new_state(v.id);
    state.wheels = Set(Some(wheel_values::encode(&latest)));
    state.insert(&app.state.db).await.unwrap();
    v.id
}

pub(super) async fn device(app: &TestApp, token: &str, body: Value) -> Value {
    app.api_web_device_imei(&body, Some(token)).await.ok()
}
