//! Catalogues and the calls over a vehicle's history: every call with its real effect, bad
//! input, and the tenant matrix (tree B's user never reads or changes tree A's history, a
//! maintenance-custody partner handles alarms, a cooperation partner only reads).
//!
//! History is written through the service API ingestion uses (`history::record_*`,
//! `alarms::raise`); vehicles are inserted by [`seed_vehicle`] while the vehicle CRUD calls
//! are built elsewhere.

use chrono::{DateTime, Duration, TimeZone, Utc};
use domain::vehicle::history::{self, AXLE, SPRAY_ACTIVATION, SprayRecord, TYRE};
use entities::wheel_values::{self, WheelValue};
use entities::{vehicle, vehicle_state, vehicle_wheel};
use sea_orm::{ActiveModelTrait, FromQueryResult, JsonValue, Set, Statement};
use wheelend_tests::TestApp;

mod alarm_states;
mod catalogue;
mod days;
mod recorded;

/// The tables these calls write, to prove a refused call changed nothing.
pub(super) const TABLES: &[&str] = &[
    "car_brands",
    "car_series",
    "car_classes",
    "tyre_brands",
    "tyres",
    "vehicle_alarms",
    "daily_mileage",
    "trips",
    "car_services",
    "tread_depths",
    "vehicle_states",
];

pub(super) async fn snapshot(app: &TestApp) -> Vec<Vec<JsonValue>> {
    let db = &app.state.db;
    let mut out = Vec::new();
    for t in TABLES {
        out.push(
            JsonValue::find_by_statement(Statement::from_string(
                db.get_database_backend(),
                format!("SELECT * FROM \"{t}\" ORDER BY 1, 2"),
            ))
            .all(db)
            .await
            .unwrap(),
        );
    }
    out
}

/// A vehicle of `enterprise` with wheels for `layout` ("2,4") and a live state row.
pub(crate) async fn seed_vehicle(app: &TestApp, enterprise: i64, plate: &str, layout: &str) -> i64 {
    let db = &app.state.db;
    let now = Utc::now();
    let v = vehicle::ActiveModel {
        enterprise_id: Set(enterprise),
        plate: Set(plate.into()),
        vin: Set(String::new()),
        kind: Set(0),
        device_type_id: Set(0),
        head_img_url: Set(String::new()),
        axle_layout: Set(layout.into()),
        install_state: Set(1),
        power_supply: Set(0),
        recharge: Set(false),
        remark: Set(String::new()),
        created_at: Set(now),
        updated_at: Set(now),
        ..Default::default()
    }
    .insert(db)
    .await
    .unwrap();
    let mut latest = Vec::new();
    for (axle, wheels) in layout.split(',').enumerate() {
        let axle = i16::try_from(axle + 1).unwrap();
        for wheel in 1..=wheels.parse::<i16>().unwrap() {
            latest.push(WheelValue {
                kind: TYRE,
                position: i32::from(axle * 10 + wheel),
                pressure: Some(8.5),
                temp: Some(40.0),
                battery: Some(90),
                status: 0,
                read_at: Some(now.timestamp_millis()),
            });
            vehicle_wheel::ActiveModel {
                vehicle_id: Set(v.id),
                position: Set(i32::from(axle * 10 + wheel)),
                axle: Set(axle),
                tyre_id: Set(None),
                sensor_no: Set(None),
            }
            .insert(db)
            .await
            .unwrap();
        }
    }
    vehicle_state::ActiveModel {
        vehicle_id: Set(v.id),
        lat: Set(Some(30.0)),
        lon: Set(Some(120.0)),
        speed: Set(0.0),
        direction: Set(0),
        address: Set(String::new()),
        gps_at: Set(Some(now)),
        final_at: Set(Some(now)),
        online: Set(true),
        ignition: Set(false),
        alarm: Set(false),
        alarm_type: Set(0),
        alarm_level: Set(0),
        tp_flags: Set(32),
        axle_flags: Set(0),
        temp_difference24h: Set(false),
        high_temp24h: Set(false),
        battery: Set(None),
        voltage: Set(None),
        closed: Set(false),
        updated_at: Set(now),
        wheels: Set(Some(wheel_values::encode(&latest))),
    }
    .insert(db)
    .await
    .unwrap();
    v.id
}

pub(super) fn day0() -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 11, 10, 8, 0, 0).unwrap()
}

/// One day of history for `v`: a 10-minute drive north at 60 km/h then a 10-minute stop,
/// tyre readings, hub temperatures with a braking peak at 11 and a steady 21, one spray
/// activation.
pub(super) async fn record_day(app: &TestApp, v: i64) {
    let db = &app.state.db;
    let t0 = day0();
    let mut fixes = Vec::new();
    for i in 0..=20 {
        let moving = (1..=10).contains(&i);
        let lat = 30.0 + 0.01 * f64::from(i.min(10));
        fixes.push(entities::position::Model {
            vehicle_id: v,
            ts: t0 + Duration::minutes(i64::from(i)),
            lat,
            lon: 120.0,
            speed: if moving { 60.0 } else { 0.0 },
            direction: 0,
            ignition: true,
            mileage: None,
            voltage: None,
        });
    }
    assert_eq!(history::record_positions(db, &fixes).await.unwrap(), 21);
    // A duplicate report is dropped.
    assert_eq!(history::record_positions(db, &fixes[..3]).await.unwrap(), 0);
    let mut frames = Vec::new();
    for i in 0..10 {
        let ts = t0 + Duration::minutes(i);
        let mut wheels = vec![WheelValue {
            kind: TYRE,
            position: 11,
            pressure: Some(8.5 - 0.1 * i as f64),
            temp: Some(40.0),
            battery: Some(90),
            status: 0,
            read_at: None,
        }];
        let hub = if i == 5 { 95.0 } else { 50.0 + i as f64 };
        for (pos, temp) in [(11, hub), (12, 50.0)] {
            wheels.push(WheelValue {
                kind: AXLE,
                position: pos,
                pressure: None,
                temp: Some(temp),
                battery: None,
                status: 0,
                read_at: None,
            });
        }
        frames.push(entities::wheel_frame::Model {
            vehicle_id: v,
            ts,
            wheels: wheel_values::encode(&wheels),
        });
    }
    assert_eq!(history::record_frames(db, &frames).await.unwrap(), 10);
    // A report stored twice is kept once.
    assert_eq!(history::record_frames(db, &frames[..2]).await.unwrap(), 0);
    let started = Utc::now() - Duration::hours(1);
    let mut spray = SprayRecord {
        vehicle_id: v,
        position: 11,
        kind: SPRAY_ACTIVATION,
        started_at: started,
        ended_at: None,
        temp: Some(95.0),
    };
    history::record_spray(db, &[spray.clone()]).await.unwrap();
    // The end arrives later: same start, the event is completed.
    spray.ended_at = Some(started + Duration::minutes(2));
    spray.temp = Some(96.0);
    history::record_spray(db, &[spray]).await.unwrap();
}
