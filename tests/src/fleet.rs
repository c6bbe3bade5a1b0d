//! Vehicles fitted with a receiver, and device reports, for tests that start from telemetry.

use serde_json::{Value, json};

use crate::{Answer, TestApp};

/// A vehicle with wheels 11, 12, 21–24 in enterprise `ent` and a receiver bound to it,
/// registered through the console's calls as `token`; answers the vehicle and the device key.
pub async fn fitted_vehicle(
    app: &TestApp,
    token: &str,
    ent: i64,
    plate: &str,
    imei: &str,
) -> (i64, String) {
    let car = crate::tenants::add_vehicle(app, token, ent, plate).await;
    let device = app
        .post(
            "/api/web/device/imei",
            &json!({"imei": imei, "entId": ent}),
            Some(token),
        )
        .await
        .ok();
    app.post(
        "/api/web/car/updateImei",
        &json!({"carId": car, "imei": imei}),
        Some(token),
    )
    .await
    .ok();
    (car, device["deviceKey"].as_str().unwrap().to_owned())
}

/// Sends a report (or an array of them) as a device holding `key`.
pub async fn post_report(app: &TestApp, key: &str, body: &Value) -> Answer {
    app.call(
        "POST",
        "/tapi/device/report",
        body,
        None,
        &[("x-device-key", key)],
    )
    .await
}

/// A report with tyres 11 (9.0 bar) and 21 (`pressure_21` bar), both 30 °C, and two hubs.
pub fn report(imei: &str, ts: i64, pressure_21: f64) -> Value {
    json!({"imei": imei, "ts": ts,
           "gps": {"lat": 31.2304, "lon": 121.4737, "speed": 62.0, "direction": 90},
           "tyres": [{"pos": 11, "sensorId": "7e19f1", "pressure": 9.0, "temp": 30.0, "battery": 80},
                     {"pos": 21, "sensorId": "7e19f2", "pressure": pressure_21, "temp": 30.0, "battery": 80}],
           "axles": [{"pos": 11, "temp": 45.0}, {"pos": 12, "temp": 44.0}],
           "power": 26.4, "signal": 22})
}

/// `count` vehicle rows of enterprise `ent` for a benchmark's bulk load: ids from `first`,
/// plates `<plate>0000`…, VINs `<vin>00000000000000`… (a 3-letter `vin` makes the 17 a VIN
/// holds), axles "2,4", installed.
pub fn bulk_vehicles(
    ent: i64,
    first: i64,
    count: i64,
    (plate, vin): (&str, &str),
) -> Vec<entities::vehicle::ActiveModel> {
    use sea_orm::Set;
    assert_eq!(
        vin.len(),
        3,
        "a VIN is 17 characters: a 3-letter prefix and 14 digits"
    );
    let now = chrono::Utc::now();
    (0..count)
        .map(|n| entities::vehicle::ActiveModel {
            id: Set(first + n),
            enterprise_id: Set(ent),
            plate: Set(format!("{plate}{n:04}")),
            vin: Set(format!("{vin}{n:014}")),
            kind: Set(0),
            device_type_id: Set(0),
            head_img_url: Set(String::new()),
            axle_layout: Set("2,4".into()),
            install_state: Set(1),
            power_supply: Set(0),
            recharge: Set(false),
            remark: Set(String::new()),
            created_at: Set(now),
            updated_at: Set(now),
            ..Default::default()
        })
        .collect()
}
