//! Area `track` (issue 16): points of interest and geofences, routes, day tracks, analyses
//! from fragments, rebuild runs and uploads — each call end to end with bad input, and tree B
//! never reading or changing tree A's places, routes or tracks.

use chrono::{Duration, NaiveDate, TimeZone, Utc};
use domain::vehicle::history;
use sea_orm::EntityTrait;
use serde_json::Value;
use wheelend_tests::tenants::{self, Tenants, rows};
use wheelend_tests::{TestApp, fingerprint, json, spawn_app};

use crate::vehicle_history::seed_vehicle;

mod matching;
mod places;
mod routes;
mod tracks;

/// Two trees and a vehicle of tree A.
async fn fleet() -> (TestApp, Tenants, i64) {
    let app = spawn_app().await;
    let t = tenants::two_trees(&app).await;
    let v = seed_vehicle(&app, t.a.root, "粤A30001", "2,4").await;
    (app, t, v)
}

/// A past UTC day's drive for `v` every 30 s from 08:00: ten minutes north at 60 km/h,
/// four minutes at 120 km/h, then a ten-minute stop; answers the fixes written.
async fn drive(app: &TestApp, v: i64, day: NaiveDate) -> usize {
    let t0 = Utc.from_utc_datetime(&day.and_hms_opt(8, 0, 0).unwrap());
    let mut fixes = Vec::new();
    let mut lat = 30.0;
    for i in 0..48 {
        let speed = match i {
            0..20 => 60.0,
            20..28 => 120.0,
            _ => 0.0,
        };
        lat += speed / 3600.0 * 30.0 / 111.32;
        fixes.push(entities::position::Model {
            vehicle_id: v,
            ts: t0 + Duration::seconds(30 * i),
            lat,
            lon: 120.0,
            speed,
            direction: 0,
            ignition: true,
            mileage: None,
            voltage: None,
        });
    }
    history::record_positions(&app.state.db, &fixes)
        .await
        .unwrap();
    fixes.len()
}

fn ids(page: &Value) -> Vec<i64> {
    rows(page)
        .iter()
        .map(|r| r["id"].as_i64().unwrap())
        .collect()
}
