//! Vehicles that report: registered through the console's calls, with a receiver and its
//! device key, and the device's report call.

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
    let car = app
        .post(
            "/api/web/car/updateCarInfo",
            &json!({"plate": plate, "axleLayout": "2,4", "enterpriseId": ent}),
            Some(token),
        )
        .await
        .ok()["carId"]
        .as_i64()
        .unwrap();
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

/// `POST /tapi/device/report` with the device key.
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

/// A report at `ts` from 31.2304 N 121.4737 E at 62 km/h: tyres 11 (9.0 bar) and 21
/// (`pressure_21` bar), both 30 °C, hubs 11 and 12.
pub fn report(imei: &str, ts: i64, pressure_21: f64) -> Value {
    json!({"imei": imei, "ts": ts,
           "gps": {"lat": 31.2304, "lon": 121.4737, "speed": 62.0, "direction": 90},
           "tyres": [{"pos": 11, "sensorId": "7e19f1", "pressure": 9.0, "temp": 30.0, "battery": 80},
                     {"pos": 21, "sensorId": "7e19f2", "pressure": pressure_21, "temp": 30.0, "battery": 80}],
           "axles": [{"pos": 11, "temp": 45.0}, {"pos": 12, "temp": 44.0}],
           "power": 26.4, "signal": 22})
}
