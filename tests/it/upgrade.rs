//! Upgrading a database written before wheel readings were packed one row per report: every
//! reading is carried over, on SQLite and on PostgreSQL.

use chrono::{Duration, Utc};
use entities::wheel_values::{self, AXLE, TYRE};
use entities::{vehicle_state, wheel_frame};
use sea_orm::{ConnectionTrait, DbBackend, EntityTrait, Statement, Value};
use serde_json::json;
use wheelend_tests::spawn_app;
use wheelend_tests::tenants::{self, two_trees};

/// A `wheel_readings` row: vehicle, time, kind, position, pressure, temperature.
type OldReading = (i64, chrono::DateTime<Utc>, i16, i32, Option<f64>, f64);

/// More rows than the migration reads at once, so a chunk ends inside a report.
const REPORTS: i64 = 2001;

async fn run(db: &impl ConnectionTrait, sql: &str) {
    db.execute_unprepared(sql)
        .await
        .unwrap_or_else(|e| panic!("{sql}: {e}"));
}

#[tokio::test]
async fn packing_wheel_readings_keeps_every_reading() {
    let app = spawn_app().await;
    let t = two_trees(&app).await;
    let vehicle = tenants::add_vehicle(&app, &t.a.admin, t.a.root, "沪U00001").await;
    let db = &app.state.db;
    let backend = db.get_database_backend();
    let (ts_type, real) = match backend {
        DbBackend::Postgres => ("timestamp with time zone", "double precision"),
        _ => ("timestamp_with_timezone_text", "real"),
    };

    // The schema as it was: a row per wheel reading, the latest reading on the wheel.
    run(db, "DROP TABLE wheel_frames").await;
    run(
        db,
        &format!(
            "CREATE TABLE wheel_readings (vehicle_id bigint NOT NULL, ts {ts_type} NOT NULL, \
             kind smallint NOT NULL, position integer NOT NULL, pressure {real}, temp {real}, \
             battery smallint, status smallint NOT NULL DEFAULT 0, \
             PRIMARY KEY (vehicle_id, ts, kind, position))"
        ),
    )
    .await;
    run(db, "ALTER TABLE vehicle_states DROP COLUMN wheels").await;
    for column in [
        format!("pressure {real}"),
        format!("temp {real}"),
        "battery smallint".into(),
        "status smallint NOT NULL DEFAULT 0".into(),
        format!("read_at {ts_type}"),
    ] {
        run(
            db,
            &format!("ALTER TABLE vehicle_wheels ADD COLUMN {column}"),
        )
        .await;
    }
    if backend == DbBackend::Sqlite {
        run(db, "DROP TABLE positions").await;
        run(
            db,
            &format!(
                "CREATE TABLE positions (vehicle_id bigint NOT NULL, ts {ts_type} NOT NULL, \
                 lat real NOT NULL, lon real NOT NULL, speed real NOT NULL DEFAULT 0, \
                 direction smallint NOT NULL DEFAULT 0, ignition boolean NOT NULL DEFAULT 0, \
                 mileage real, PRIMARY KEY (vehicle_id, ts))"
            ),
        )
        .await;
    }
    run(
        db,
        "DELETE FROM seaql_migrations WHERE version = 'm20261122_000001_pack_wheel_readings'",
    )
    .await;

    let p = |n: usize| match backend {
        DbBackend::Postgres => format!("${n}"),
        _ => "?".to_owned(),
    };
    let t0 = Utc::now() - Duration::hours(3);
    let old_rows: Vec<OldReading> = (0..REPORTS)
        .flat_map(|i| {
            let ts = t0 + Duration::seconds(i);
            #[allow(clippy::cast_precision_loss)]
            let pressure = 8.0 + (i % 10) as f64 / 10.0;
            [
                (vehicle, ts, TYRE, 11, Some(pressure), 30.0),
                (vehicle, ts, TYRE, 12, Some(8.5), 31.5),
                (vehicle, ts, AXLE, 11, None, 55.0),
            ]
        })
        .collect();
    for chunk in old_rows.chunks(500) {
        let mut values: Vec<Value> = Vec::new();
        let mut rows = Vec::new();
        for (v, ts, kind, pos, pressure, temp) in chunk {
            let n = values.len();
            rows.push(format!(
                "({}, {}, {}, {}, {}, {}, 90, 0)",
                p(n + 1),
                p(n + 2),
                p(n + 3),
                p(n + 4),
                p(n + 5),
                p(n + 6)
            ));
            values.extend([
                (*v).into(),
                (*ts).into(),
                (*kind).into(),
                (*pos).into(),
                (*pressure).into(),
                (*temp).into(),
            ]);
        }
        db.execute_raw(Statement::from_sql_and_values(
            backend,
            format!(
                "INSERT INTO wheel_readings (vehicle_id, ts, kind, position, pressure, temp, \
                 battery, status) VALUES {}",
                rows.join(", ")
            ),
            values,
        ))
        .await
        .unwrap();
    }
    db.execute_raw(Statement::from_sql_and_values(
        backend,
        format!(
            "UPDATE vehicle_wheels SET pressure = 8.1, temp = 33.0, read_at = {} \
             WHERE vehicle_id = {} AND position = 11",
            p(1),
            p(2)
        ),
        [Utc::now().into(), vehicle.into()],
    ))
    .await
    .unwrap();
    if backend == DbBackend::Sqlite {
        run(
            db,
            &format!("INSERT INTO positions (vehicle_id, ts, lat, lon) VALUES ({vehicle}, '2026-01-01T00:00:00+00:00', 31.0, 121.0)"),
        )
        .await;
    }

    let upgraded = app.restart().await;
    let db = &upgraded.state.db;
    let frames = wheel_frame::Entity::find().all(db).await.unwrap();
    assert_eq!(frames.len() as i64, REPORTS, "a frame per report");
    for (i, f) in frames.iter().enumerate() {
        let wheels = wheel_values::decode(&f.wheels);
        assert_eq!(wheels.len(), 3, "every wheel of report {i}");
        #[allow(clippy::cast_precision_loss)]
        let pressure = 8.0 + (i as i64 % 10) as f64 / 10.0;
        let tyre = wheels
            .iter()
            .find(|w| w.kind == TYRE && w.position == 11)
            .unwrap();
        assert_eq!(tyre.pressure, Some(pressure), "report {i}");
        assert_eq!(tyre.battery, Some(90));
        let hub = wheels.iter().find(|w| w.kind == AXLE).unwrap();
        assert_eq!((hub.position, hub.temp), (11, Some(55.0)));
    }
    assert!(
        db.execute_unprepared("SELECT 1 FROM wheel_readings")
            .await
            .is_err(),
        "the old table is gone"
    );
    let state = vehicle_state::Entity::find_by_id(vehicle)
        .one(db)
        .await
        .unwrap()
        .unwrap();
    let latest = wheel_values::decode(state.wheels.as_deref().unwrap_or_default());
    assert_eq!(latest.len(), 1);
    assert_eq!(
        (latest[0].pressure, latest[0].temp),
        (Some(8.1), Some(33.0))
    );
    let wheels = upgraded
        .api_web_car_get_sensor(&json!({"carId": vehicle}), Some(&t.a.admin))
        .await
        .ok();
    assert_eq!(wheels[0]["position"], 11);
    assert_eq!(wheels[0]["pressure"], 8.1);
    assert!(wheels[0]["readAt"].is_number(), "{wheels}");

    if backend == DbBackend::Sqlite {
        let create: String = db
            .query_one_raw(Statement::from_string(
                backend,
                "SELECT sql FROM sqlite_master WHERE name = 'positions'",
            ))
            .await
            .unwrap()
            .unwrap()
            .try_get("", "sql")
            .unwrap();
        assert!(create.contains("WITHOUT ROWID"), "{create}");
        // Counted in SQL: the entity has columns later migrations add.
        let positions: i64 = db
            .query_one_raw(Statement::from_string(
                backend,
                "SELECT COUNT(*) AS n FROM positions",
            ))
            .await
            .unwrap()
            .unwrap()
            .try_get("", "n")
            .unwrap();
        assert_eq!(positions, 1, "positions carried over");
    }
}
