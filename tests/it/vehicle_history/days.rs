//! Finished days kept current: the follower derives a day's trips and mileage when the day
//! closes and again after a late report, the same rows the on-demand computation writes.

use chrono::{Duration, NaiveDate, TimeZone, Utc};
use domain::vehicle::days;
use entities::{
    daily_mileage, day_alarm, enterprise_day, enterprise_day_alarm, pending_day, trip,
    vehicle_alarm,
};
use sea_orm::{ColumnTrait, EntityTrait, PaginatorTrait, QueryFilter, QueryOrder};
use serde_json::Value;
use wheelend_tests::fleet::{fitted_vehicle, post_report};
use wheelend_tests::tenants::{self, rows};
use wheelend_tests::{TestApp, json, spawn_app};

const IMEI: &str = "860000000000311";

/// Reports of a drive: `minutes` one minute apart from `start` (hour of `day`, UTC), moving
/// north at 60 km/h for the first ten, then stopped; tyre 11 warms by 1 °C and loses 0.01 bar
/// a minute from 30 °C and 9 bar, its hub warms from 45 °C while its partner (12) stays at
/// 45 °C.
fn drive(day: NaiveDate, hour: u32, minutes: i64) -> Value {
    let start = Utc
        .from_utc_datetime(&day.and_hms_opt(hour, 0, 0).unwrap())
        .timestamp_millis();
    let reports: Vec<Value> = (0..=minutes)
        .map(|i| {
            let moving = (1..=10).contains(&i);
            json!({"imei": IMEI, "ts": start + i * 60_000,
                   "gps": {"lat": 30.0 + 0.01 * (i.min(10) as f64), "lon": 120.0,
                           "speed": if moving { 60.0 } else { 0.0 }, "direction": 0},
                   "tyres": [{"pos": 11, "sensorId": "7e19f1", "pressure": 9.0 - 0.01 * i as f64,
                              "temp": 30.0 + i as f64, "battery": 80}],
                   "axles": [{"pos": 11, "temp": 45.0 + i as f64}, {"pos": 12, "temp": 45.0}]})
        })
        .collect();
    Value::Array(reports)
}

async fn trips_of(app: &TestApp, token: &str, day: NaiveDate) -> Vec<Value> {
    let start = Utc.from_utc_datetime(&day.and_hms_opt(0, 0, 0).unwrap());
    let answer = app
        .api_web_car_trip_management(
            &json!({"start": start, "end": start + Duration::days(1)}),
            Some(token),
        )
        .await
        .ok();
    rows(&answer)
        .iter()
        .map(|t| {
            let mut t = t.clone();
            t.as_object_mut().unwrap().remove("id");
            t
        })
        .collect()
}

/// The stored roll-ups, each table's rows in key order (trips without their ids).
async fn rollups(db: &sea_orm::DatabaseConnection) -> Vec<Vec<Value>> {
    let json = |v: serde_json::Result<Value>| v.unwrap();
    let tables = vec![
        daily_mileage::Entity::find()
            .into_json()
            .all(db)
            .await
            .unwrap(),
        day_alarm::Entity::find().into_json().all(db).await.unwrap(),
        enterprise_day::Entity::find()
            .into_json()
            .all(db)
            .await
            .unwrap(),
        enterprise_day_alarm::Entity::find()
            .into_json()
            .all(db)
            .await
            .unwrap(),
        trip::Entity::find()
            .order_by_asc(trip::Column::StartedAt)
            .all(db)
            .await
            .unwrap()
            .into_iter()
            .map(|t| {
                json(serde_json::to_value((
                    t.vehicle_id,
                    t.started_at,
                    t.ended_at,
                    t.km,
                )))
            })
            .collect(),
    ];
    tables
        .into_iter()
        .map(|mut rows| {
            rows.sort_by_key(Value::to_string);
            rows
        })
        .collect()
}

#[tokio::test]
async fn finished_days_follow_their_history() {
    let app = spawn_app().await;
    let t = tenants::two_trees(&app).await;
    let a = &t.a.admin;
    let (v, key) = fitted_vehicle(&app, &t.platform, t.a.root, "沪B00311", IMEI).await;
    let db = &app.state.db;
    let yesterday = Utc::now().date_naive() - Duration::days(1);

    // Reports for yesterday are late: their vehicle-day is queued, and derived.
    post_report(&app, &key, &drive(yesterday, 8, 20)).await.ok();
    let queued = pending_day::Entity::find().all(db).await.unwrap();
    assert_eq!(
        queued
            .iter()
            .map(|p| (p.vehicle_id, p.day))
            .collect::<Vec<_>>(),
        [(v, yesterday)]
    );
    assert!(trips_of(&app, a, yesterday).await.is_empty());
    assert_eq!(days::settle(db).await.unwrap(), 1);
    assert!(
        pending_day::Entity::find()
            .all(db)
            .await
            .unwrap()
            .is_empty()
    );
    let derived = trips_of(&app, a, yesterday).await;
    assert_eq!(derived.len(), 1, "{derived:?}");
    assert!((derived[0]["km"].as_f64().unwrap() - 11.13).abs() < 0.05);
    let mileage = app
        .api_web_car_data_mileage_list(
            &json!({"startDate": yesterday, "endDate": yesterday}),
            Some(a),
        )
        .await
        .ok();
    assert_eq!(rows(&mileage)[0]["drivingSeconds"], 600);

    // The on-demand computation writes the same rows.
    let day = json!({"vehicleId": v, "startDate": yesterday, "endDate": yesterday});
    app.api_web_car_compute(&day, Some(a)).await.ok();
    assert_eq!(trips_of(&app, a, yesterday).await, derived);

    // The day closes once, queuing the vehicles that reported since it began.
    let after_midnight = Utc.from_utc_datetime(
        &(yesterday + Duration::days(1))
            .and_hms_opt(0, 20, 0)
            .unwrap(),
    );
    assert_eq!(
        days::close_finished_days(db, after_midnight).await.unwrap(),
        Some((yesterday, 1))
    );
    assert_eq!(
        days::close_finished_days(db, after_midnight).await.unwrap(),
        None
    );
    // Within the grace after midnight, the day before is the one closed (already done here).
    let too_early = after_midnight - Duration::minutes(15);
    let (closed, _) = days::close_finished_days(db, too_early)
        .await
        .unwrap()
        .unwrap();
    assert_eq!(closed, yesterday - Duration::days(1));
    assert_eq!(days::settle(db).await.unwrap(), 2);
    assert_eq!(trips_of(&app, a, yesterday).await, derived);

    // A late drive that evening is a second trip once derived.
    post_report(&app, &key, &drive(yesterday, 20, 15))
        .await
        .ok();
    assert_eq!(days::settle(db).await.unwrap(), 1);
    let both = trips_of(&app, a, yesterday).await;
    assert_eq!(both.len(), 2, "{both:?}");

    // The rebuild command queues every vehicle over the range; a day without fixes derives
    // to nothing.
    let range = domain::vehicle::mileage::DayRange {
        start_date: yesterday - Duration::days(1),
        end_date: yesterday,
    };
    let vehicles = entities::vehicle::Entity::find().count(db).await.unwrap();
    assert_eq!(days::queue_range(db, range).await.unwrap(), 2 * vehicles);
    assert_eq!(days::settle(db).await.unwrap() as u64, 2 * vehicles);
    assert_eq!(trips_of(&app, a, yesterday).await, both);
    let backwards = domain::vehicle::mileage::DayRange {
        start_date: yesterday,
        end_date: yesterday - Duration::days(1),
    };
    assert!(days::queue_range(db, backwards).await.is_err());

    // The roll-ups: the vehicle-day's figures, its alarms, and its enterprise's day summing
    // its vehicles'; a rebuild from history gives the same rows.
    let row = daily_mileage::Entity::find_by_id((v, yesterday))
        .one(db)
        .await
        .unwrap()
        .unwrap();
    assert_eq!((row.fixes, row.frames), (37, 37));
    assert_eq!(
        (row.max_tyre_temp, row.max_hub_temp, row.min_pressure),
        (Some(50.0), Some(65.0), Some(8.8))
    );
    // 65 °C against its partner's 45 °C at the end of the morning drive
    assert_eq!(row.max_hub_diff, Some(20.0));
    // Silent 00:00–08:00, 08:20–20:00 and 20:15–24:00.
    assert_eq!(
        row.offline_seconds,
        8 * 3600 + 11 * 3600 + 40 * 60 + 3 * 3600 + 45 * 60
    );
    let raised = vehicle_alarm::Entity::find()
        .filter(vehicle_alarm::Column::VehicleId.eq(v))
        .all(db)
        .await
        .unwrap()
        .into_iter()
        .filter(|a| a.started_at.date_naive() == yesterday)
        .count();
    assert_eq!(row.alarms as usize, raised);
    let derived = rollups(db).await;
    let enterprise = &derived[2];
    assert_eq!(enterprise.len(), 1, "{enterprise:?}");
    assert_eq!(enterprise[0]["vehicles"], 1);
    assert_eq!(enterprise[0]["fixes"], 37);
    assert_eq!(enterprise[0]["alarms"].as_i64().unwrap() as usize, raised);
    let counted: i64 = derived[3]
        .iter()
        .map(|a| a["count"].as_i64().unwrap())
        .sum();
    assert_eq!(counted as usize, raised);
    let all = domain::vehicle::mileage::DayRange {
        start_date: yesterday - Duration::days(1),
        end_date: yesterday,
    };
    days::queue_range(db, all).await.unwrap();
    days::settle(db).await.unwrap();
    assert_eq!(rollups(db).await, derived);

    // Tree B sees none of it.
    assert!(trips_of(&app, &t.b.admin, yesterday).await.is_empty());
}

/// The vehicle's odometer of each stored day: `odo_km`, against the running sum of `km`.
async fn odometer(db: &sea_orm::DatabaseConnection, v: i64) -> Vec<(NaiveDate, f64, f64)> {
    let mut running = 0.0;
    daily_mileage::Entity::find()
        .filter(daily_mileage::Column::VehicleId.eq(v))
        .order_by_asc(daily_mileage::Column::Day)
        .all(db)
        .await
        .unwrap()
        .into_iter()
        .map(|d| {
            running += d.km;
            (d.day, d.odo_km, running)
        })
        .collect()
}

#[tokio::test]
async fn each_day_carries_the_odometer_through_late_days() {
    let app = spawn_app().await;
    let t = tenants::two_trees(&app).await;
    let (v, key) = fitted_vehicle(&app, &t.platform, t.a.root, "沪B00312", IMEI).await;
    let db = &app.state.db;
    let today = Utc::now().date_naive();
    let (early, late) = (today - Duration::days(3), today - Duration::days(1));

    post_report(&app, &key, &drive(early, 8, 20)).await.ok();
    post_report(&app, &key, &drive(late, 8, 20)).await.ok();
    days::settle(db).await.unwrap();
    let before = odometer(db, v).await;
    assert_eq!(before.len(), 2, "{before:?}");
    for (day, odo, running) in &before {
        assert!(
            (odo - running).abs() < 1e-6,
            "{day}: {odo} against {running}"
        );
    }
    assert!(before[0].1 > 10.0);

    // A late evening drive on the earlier day: the later day carries the change.
    post_report(&app, &key, &drive(early, 20, 15)).await.ok();
    days::settle(db).await.unwrap();
    let after = odometer(db, v).await;
    for (day, odo, running) in &after {
        assert!(
            (odo - running).abs() < 1e-6,
            "{day}: {odo} against {running}"
        );
    }
    let grown = after[0].1 - before[0].1;
    assert!(grown > 10.0, "{before:?} → {after:?}");
    assert!((after[1].1 - before[1].1 - grown).abs() < 1e-6);
}
