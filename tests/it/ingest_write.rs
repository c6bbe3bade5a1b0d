//! Ingestion's write path (`kernel::db::BulkTxn`) stores exactly what it is given on either
//! database (PostgreSQL: one `INSERT … SELECT * FROM UNNEST(…)` per table on a sqlx
//! transaction; SQLite: multi-row `INSERT`s; both held to the same expected rows here), drops
//! what is already stored, and a batch that fails leaves nothing of itself behind.

use chrono::{DateTime, Duration, TimeZone, Utc};
use domain::vehicle::history::{self, AXLE, TYRE};
use entities::wheel_values::{self, WheelValue};
use entities::{device, position, vehicle_state, wheel_frame};
use ingestion::demo;
use ingestion::ingest::Credential;
use ingestion::report::Report;
use ingestion::simulator::Simulation;
use sea_orm::{
    ColumnTrait, ConnectionTrait, DbBackend, EntityTrait, PaginatorTrait, QueryFilter, QueryOrder,
};
use std::collections::HashMap;
use wheelend_tests::{TestApp, spawn_app};

fn at(y: i32, mo: u32, d: u32, h: u32, mi: u32, s: u32, ms: i64) -> DateTime<Utc> {
    Utc.with_ymd_and_hms(y, mo, d, h, mi, s).unwrap() + Duration::milliseconds(ms)
}

fn fix(vehicle_id: i64, ts: DateTime<Utc>, lat: f64) -> position::Model {
    position::Model {
        vehicle_id,
        ts,
        lat,
        lon: -73.985_428_123_456_78,
        speed: 0.1 + lat.abs() / 7.0,
        direction: 359,
        ignition: true,
        mileage: None,
        voltage: None,
    }
}

fn wheel(kind: i16, position: i32, n: f64) -> WheelValue {
    WheelValue {
        kind,
        position,
        pressure: (kind == TYRE).then_some(8.25 + n / 100.0),
        temp: Some(-12.5 + n),
        battery: (kind == TYRE).then_some(87),
        status: if kind == TYRE { 3 } else { 0 },
        read_at: None,
    }
}

async fn stored_positions(app: &TestApp, vehicle_id: i64) -> Vec<position::Model> {
    history::positions(
        &app.state.db,
        vehicle_id,
        at(1990, 1, 1, 0, 0, 0, 0),
        at(2100, 1, 1, 0, 0, 0, 0),
    )
    .await
    .unwrap()
}

/// A stored frame: its time and wheels.
type Frame = (DateTime<Utc>, Vec<WheelValue>);

async fn stored_frames(app: &TestApp, vehicle_id: i64) -> Vec<Frame> {
    wheel_frame::Entity::find()
        .filter(wheel_frame::Column::VehicleId.eq(vehicle_id))
        .order_by_asc(wheel_frame::Column::Ts)
        .all(&app.state.db)
        .await
        .unwrap()
        .into_iter()
        .map(|f| (f.ts, wheel_values::decode(&f.wheels)))
        .collect()
}

/// Every kind of value a position or frame holds comes back as it went in: NULL and set
/// mileage, extreme and fractional coordinates, millisecond times before 2000 and far ahead,
/// no wheels and many; a row whose key is stored is dropped (the first one stays) whether it
/// comes in a later call or twice in the same one.
#[tokio::test]
async fn recorded_history_reads_back_exactly_and_drops_stored_keys() {
    let app = spawn_app().await;
    let db = &app.state.db;
    let v = 424_242;
    let mut fixes = vec![
        fix(v, at(1999, 12, 31, 23, 59, 59, 999), -89.999_999_9),
        fix(v, at(2000, 1, 1, 0, 0, 0, 0), 0.0),
        fix(v, at(2026, 11, 10, 8, 0, 0, 1), 31.230_416_1),
        fix(v, at(2099, 6, 30, 12, 30, 45, 678), 90.0),
    ];
    fixes[1].mileage = Some(123_456.789);
    fixes[1].ignition = false;
    fixes[1].direction = 0;
    fixes[2].direction = i16::MAX;
    fixes[3].speed = 249.999;
    fixes[3].mileage = Some(0.0);
    assert_eq!(history::record_positions(db, &fixes).await.unwrap(), 4);
    assert_eq!(stored_positions(&app, v).await, fixes);

    // Stored keys (changed values) and a new fix given twice: only the new fix, once.
    let mut again = vec![fixes[0].clone(), fixes[2].clone()];
    again[0].lat = 1.0;
    again[1].speed = 2.0;
    let new = fix(v, at(2026, 11, 10, 8, 0, 1, 0), 12.5);
    again.push(new.clone());
    again.push(new.clone());
    assert_eq!(history::record_positions(db, &again).await.unwrap(), 1);
    let mut expected = fixes.clone();
    expected.insert(3, new);
    assert_eq!(stored_positions(&app, v).await, expected);
    assert_eq!(history::record_positions(db, &[]).await.unwrap(), 0);

    let many: Vec<WheelValue> = (0..40)
        .map(|i| wheel(if i % 3 == 0 { AXLE } else { TYRE }, 11 + i, f64::from(i)))
        .collect();
    let frames = vec![
        (at(1999, 12, 31, 23, 59, 59, 999), Vec::new()),
        (at(2026, 11, 10, 8, 0, 0, 1), vec![wheel(TYRE, 11, 1.0)]),
        (at(2026, 11, 10, 8, 0, 0, 2), many),
    ];
    let models: Vec<wheel_frame::Model> = frames
        .iter()
        .map(|(ts, wheels)| wheel_frame::Model {
            vehicle_id: v,
            ts: *ts,
            wheels: wheel_values::encode(wheels),
        })
        .collect();
    assert_eq!(history::record_frames(db, &models).await.unwrap(), 3);
    assert_eq!(stored_frames(&app, v).await, frames);
    let mut changed = models[1].clone();
    changed.wheels = wheel_values::encode(&[wheel(AXLE, 12, 9.0)]);
    assert_eq!(
        history::record_frames(db, &[changed, models[2].clone()])
            .await
            .unwrap(),
        0
    );
    assert_eq!(stored_frames(&app, v).await, frames);
}

/// The fleet's vehicle ids by device imei.
async fn vehicles_by_imei(app: &TestApp) -> HashMap<String, i64> {
    device::Entity::find()
        .filter(device::Column::VehicleId.is_not_null())
        .all(&app.state.db)
        .await
        .unwrap()
        .into_iter()
        .filter_map(|d| Some((d.imei, d.vehicle_id?)))
        .collect()
}

/// What the writer stores of a report: its fix, and its tyres then axles as one frame.
fn expected(vehicle_id: i64, r: &Report) -> (Option<position::Model>, Vec<WheelValue>) {
    let ts = DateTime::from_timestamp_millis(r.ts).unwrap();
    let fix = r.gps.as_ref().map(|g| position::Model {
        vehicle_id,
        ts,
        lat: g.lat,
        lon: g.lon,
        speed: g.speed,
        #[allow(clippy::cast_possible_truncation)]
        direction: g.direction.round() as i16,
        ignition: g.speed > 0.0,
        mileage: None,
        voltage: r.power,
    });
    let tyres = r.tyres.iter().map(|t| WheelValue {
        kind: TYRE,
        position: t.pos,
        pressure: t.pressure,
        temp: t.temp,
        #[allow(clippy::cast_possible_truncation)]
        battery: t.battery.map(|b| b.round() as i16),
        status: t.status.unwrap_or_default(),
        read_at: None,
    });
    let axles = r.axles.iter().map(|x| WheelValue {
        kind: AXLE,
        position: x.pos,
        pressure: None,
        temp: Some(x.temp),
        battery: None,
        status: 0,
        read_at: None,
    });
    (fix, tyres.chain(axles).collect())
}

/// Simulated reports of a small fleet through `Ingestor::submit` (the path the benchmark
/// measures) read back through the history calls exactly as sent.
#[tokio::test]
async fn ingested_reports_read_back_exactly() {
    let app = spawn_app().await;
    let devices = demo::ensure_fleet(&app.state.db, 6).await.unwrap();
    let ids = vehicles_by_imei(&app).await;
    let start = Utc::now().timestamp_millis() - 600_000;
    let mut sim = Simulation::new(devices, 7, start, 1000);
    let reports: Vec<Report> = (1..=5).flat_map(|s| sim.step(start + s * 1000)).collect();
    let outcome = app
        .state
        .ingest
        .submit(reports.clone(), Credential::Trusted)
        .await
        .unwrap();
    assert_eq!(outcome.accepted, reports.len());

    let mut fixes: HashMap<i64, Vec<position::Model>> = HashMap::new();
    let mut frames: HashMap<i64, Vec<Frame>> = HashMap::new();
    for r in &reports {
        let v = ids[&r.imei];
        let (fix, wheels) = expected(v, r);
        fixes.entry(v).or_default().extend(fix);
        if !wheels.is_empty() {
            frames
                .entry(v)
                .or_default()
                .push((DateTime::from_timestamp_millis(r.ts).unwrap(), wheels));
        }
    }
    assert_eq!(fixes.len(), 6, "every vehicle reported a position");
    for (v, mut want) in fixes {
        want.sort_by_key(|p| p.ts);
        assert_eq!(stored_positions(&app, v).await, want, "positions of {v}");
    }
    for (v, mut want) in frames {
        want.sort_by_key(|f| f.0);
        assert_eq!(stored_frames(&app, v).await, want, "frames of {v}");
    }
}

/// Makes every write of `vehicle_id`'s state fail, or lets them through again.
async fn refuse_state_of(app: &TestApp, vehicle_id: Option<i64>) {
    let db = &app.state.db;
    let statements: Vec<String> = match (db.get_database_backend(), vehicle_id) {
        (DbBackend::Postgres, Some(v)) => vec![
            "CREATE FUNCTION refuse_state() RETURNS trigger LANGUAGE plpgsql AS \
             $$ BEGIN RAISE EXCEPTION 'state refused'; END $$"
                .into(),
            format!(
                "CREATE TRIGGER refuse_state BEFORE INSERT OR UPDATE ON vehicle_states \
                 FOR EACH ROW WHEN (NEW.vehicle_id = {v}) EXECUTE FUNCTION refuse_state()"
            ),
        ],
        (DbBackend::Postgres, None) => vec![
            "DROP TRIGGER refuse_state ON vehicle_states".into(),
            "DROP FUNCTION refuse_state()".into(),
        ],
        (_, Some(v)) => ["INSERT", "UPDATE"]
            .iter()
            .map(|on| {
                format!(
                    "CREATE TRIGGER refuse_state_{on} BEFORE {on} ON vehicle_states \
                     WHEN NEW.vehicle_id = {v} BEGIN SELECT RAISE(ABORT, 'state refused'); END"
                )
            })
            .collect(),
        (_, None) => ["INSERT", "UPDATE"]
            .iter()
            .map(|on| format!("DROP TRIGGER refuse_state_{on}"))
            .collect(),
    };
    for sql in statements {
        db.execute_unprepared(&sql).await.unwrap();
    }
}

async fn count_history(app: &TestApp) -> (u64, u64) {
    let db = &app.state.db;
    (
        position::Entity::find().count(db).await.unwrap(),
        wheel_frame::Entity::find().count(db).await.unwrap(),
    )
}

/// A batch whose write fails late (the state of one of its vehicles, written after the
/// history) keeps none of its positions, frames, states or heartbeats, for any vehicle of it;
/// sent again once the cause is gone, it is stored whole.
#[tokio::test]
async fn a_failed_batch_leaves_no_history_behind() {
    let app = spawn_app().await;
    let devices = demo::ensure_fleet(&app.state.db, 4).await.unwrap();
    let ids = vehicles_by_imei(&app).await;
    let start = Utc::now().timestamp_millis() - 600_000;
    let mut sim = Simulation::new(devices.clone(), 3, start, 1000);
    let reports: Vec<Report> = (1..=3).flat_map(|s| sim.step(start + s * 1000)).collect();
    let states_before = vehicle_state::Entity::find()
        .all(&app.state.db)
        .await
        .unwrap();

    refuse_state_of(&app, Some(ids[&devices[2].imei])).await;
    let failed = app
        .state
        .ingest
        .submit(reports.clone(), Credential::Trusted)
        .await;
    assert!(failed.is_err(), "the batch failed: {failed:?}");
    assert_eq!(count_history(&app).await, (0, 0), "nothing half-written");
    let heard = device::Entity::find()
        .filter(device::Column::HeartbeatAt.is_not_null())
        .count(&app.state.db)
        .await
        .unwrap();
    assert_eq!(heard, 0, "no heartbeat of the failed batch");
    assert_eq!(
        vehicle_state::Entity::find()
            .all(&app.state.db)
            .await
            .unwrap(),
        states_before
    );

    refuse_state_of(&app, None).await;
    let outcome = app
        .state
        .ingest
        .submit(reports.clone(), Credential::Trusted)
        .await
        .unwrap();
    assert_eq!(outcome.accepted, reports.len(), "{:?}", outcome.rejected);
    let fixes = reports.iter().filter(|r| r.gps.is_some()).count();
    let frames = reports
        .iter()
        .filter(|r| !r.tyres.is_empty() || !r.axles.is_empty())
        .count();
    assert_eq!(
        count_history(&app).await,
        (
            u64::try_from(fixes).unwrap(),
            u64::try_from(frames).unwrap()
        ),
        "stored whole the second time"
    );
}
