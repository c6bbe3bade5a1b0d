//! Wheel readings packed one row per report, for ingestion at fleet scale.
//!
//! - `wheel_frames (vehicle_id, ts, wheels)` replaces `wheel_readings` (a row per wheel): the
//!   wheels of a report in one binary column (`entities::wheel_values`). A 10-wheel report is
//!   one insert instead of ten, and history takes a fifth of the space.
//! - A vehicle's latest reading per wheel moves from `vehicle_wheels` (a row update per wheel
//!   per report) to `vehicle_states.wheels`, written with the rest of the state;
//!   `vehicle_wheels` keeps what is configured: axle, tyre and sensor.
//! - On SQLite, `positions` becomes `WITHOUT ROWID` like every series created from now on.
//!
//! Existing readings are carried over.

use std::collections::BTreeMap;

use chrono::{DateTime, Utc};
use entities::wheel_frame;
use entities::wheel_values::{self, TYRE, WheelValue};
use sea_orm_migration::sea_orm::{
    ConnectionTrait, DbBackend, EntityTrait, QueryResult, Set, Statement,
};
use sea_orm_migration::{prelude::*, schema::*};

use crate::schema_helpers::create_series;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum WheelFrames {
    Table,
    VehicleId,
    Ts,
    Wheels,
}

#[derive(DeriveIden)]
enum WheelReadings {
    Table,
    VehicleId,
    Ts,
    Kind,
    Position,
    Pressure,
    Temp,
    Battery,
    Status,
}

#[derive(DeriveIden)]
enum VehicleStates {
    Table,
    VehicleId,
    Wheels,
}

#[derive(DeriveIden)]
enum VehicleWheels {
    Table,
    VehicleId,
    Position,
    Pressure,
    Temp,
    Battery,
    Status,
    ReadAt,
}

/// Old rows read per query while carrying readings over.
const CHUNK: u64 = 5000;

fn read_f64(row: &QueryResult, col: &str) -> Result<Option<f64>, DbErr> {
    row.try_get("", col)
}

fn read_i16(row: &QueryResult, col: &str) -> Result<Option<i16>, DbErr> {
    row.try_get("", col)
}

/// Moves `wheel_readings` into `wheel_frames`, a chunk of rows at a time in key order; a chunk
/// that ends inside a report leaves that report to the next one.
async fn carry_over_readings(db: &impl ConnectionTrait) -> Result<(), DbErr> {
    let mut after: Option<(i64, DateTime<Utc>)> = None;
    loop {
        let mut select = Query::select();
        select
            .columns([
                WheelReadings::VehicleId,
                WheelReadings::Ts,
                WheelReadings::Kind,
                WheelReadings::Position,
                WheelReadings::Pressure,
                WheelReadings::Temp,
                WheelReadings::Battery,
                WheelReadings::Status,
            ])
            .from(WheelReadings::Table)
            .order_by(WheelReadings::VehicleId, Order::Asc)
            .order_by(WheelReadings::Ts, Order::Asc)
            .order_by(WheelReadings::Kind, Order::Asc)
            .order_by(WheelReadings::Position, Order::Asc)
            .limit(CHUNK);
        if let Some((v, ts)) = after {
            select.cond_where(
                Cond::any()
                    .add(Expr::col(WheelReadings::VehicleId).gt(v))
                    .add(
                        Cond::all()
                            .add(Expr::col(WheelReadings::VehicleId).eq(v))
                            .add(Expr::col(WheelReadings::Ts).gt(ts)),
                    ),
            );
        }
        let rows = db.query_all(&select).await?;
        let full = rows.len() as u64 == CHUNK;
        let mut frames: BTreeMap<(i64, DateTime<Utc>), Vec<WheelValue>> = BTreeMap::new();
        for row in &rows {
            let key: (i64, DateTime<Utc>) =
                (row.try_get("", "vehicle_id")?, row.try_get("", "ts")?);
            frames.entry(key).or_default().push(WheelValue {
                kind: row.try_get("", "kind")?,
                position: row.try_get("", "position")?,
                pressure: read_f64(row, "pressure")?,
                temp: read_f64(row, "temp")?,
                battery: read_i16(row, "battery")?,
                status: row.try_get("", "status")?,
                read_at: None,
            });
        }
        if full && frames.len() > 1 {
            frames.pop_last();
        }
        let Some((last, _)) = frames.last_key_value() else {
            return Ok(());
        };
        after = Some(*last);
        wheel_frame::Entity::insert_many(frames.into_iter().map(|((vehicle_id, ts), wheels)| {
            wheel_frame::ActiveModel {
                vehicle_id: Set(vehicle_id),
                ts: Set(ts),
                wheels: Set(wheel_values::encode(&wheels)),
            }
        }))
        .on_conflict_do_nothing()
        .exec_without_returning(db)
        .await?;
        if !full {
            return Ok(());
        }
    }
}

/// Packs each vehicle's latest wheel readings from `vehicle_wheels` into its state row.
async fn carry_over_latest(db: &impl ConnectionTrait) -> Result<(), DbErr> {
    let rows = db
        .query_all(
            Query::select()
                .columns([
                    VehicleWheels::VehicleId,
                    VehicleWheels::Position,
                    VehicleWheels::Pressure,
                    VehicleWheels::Temp,
                    VehicleWheels::Battery,
                    VehicleWheels::Status,
                    VehicleWheels::ReadAt,
                ])
                .from(VehicleWheels::Table)
                .and_where(Expr::col(VehicleWheels::ReadAt).is_not_null())
                .order_by(VehicleWheels::VehicleId, Order::Asc)
                .order_by(VehicleWheels::Position, Order::Asc),
        )
        .await?;
    let mut latest: BTreeMap<i64, Vec<WheelValue>> = BTreeMap::new();
    for row in &rows {
        let read_at: Option<DateTime<Utc>> = row.try_get("", "read_at")?;
        latest
            .entry(row.try_get("", "vehicle_id")?)
            .or_default()
            .push(WheelValue {
                kind: TYRE,
                position: row.try_get("", "position")?,
                pressure: read_f64(row, "pressure")?,
                temp: read_f64(row, "temp")?,
                battery: read_i16(row, "battery")?,
                status: row.try_get("", "status")?,
                read_at: read_at.map(|t| t.timestamp_millis()),
            });
    }
    for (vehicle_id, wheels) in latest {
        db.execute(
            Query::update()
                .table(VehicleStates::Table)
                .value(VehicleStates::Wheels, wheel_values::encode(&wheels))
                .and_where(Expr::col(VehicleStates::VehicleId).eq(vehicle_id)),
        )
        .await?;
    }
    Ok(())
}

/// Rebuilds a SQLite table created with a rowid as `WITHOUT ROWID`, rows and all.
async fn without_rowid(db: &impl ConnectionTrait, table: &str) -> Result<(), DbErr> {
    let backend = db.get_database_backend();
    let Some(row) = db
        .query_one_raw(Statement::from_string(
            backend,
            format!("SELECT sql FROM sqlite_master WHERE type = 'table' AND name = '{table}'"),
        ))
        .await?
    else {
        return Ok(());
    };
    let create: String = row.try_get("", "sql")?;
    if create.to_uppercase().contains("WITHOUT ROWID") {
        return Ok(());
    }
    let rebuilt = format!("{table}_rebuilt");
    // The first mention of the name is the one after CREATE TABLE, quoted or not.
    let create = create.replacen(table, &rebuilt, 1);
    db.execute_unprepared(&format!("{create} WITHOUT ROWID"))
        .await?;
    db.execute_unprepared(&format!(
        "INSERT INTO \"{rebuilt}\" SELECT * FROM \"{table}\""
    ))
    .await?;
    db.execute_unprepared(&format!("DROP TABLE \"{table}\""))
        .await?;
    db.execute_unprepared(&format!("ALTER TABLE \"{rebuilt}\" RENAME TO \"{table}\""))
        .await?;
    Ok(())
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    /// One connection and all or nothing on every backend: the rebuild renames tables, which a
    /// second pooled SQLite connection with the old schema in memory would refuse.
    fn use_transaction(&self) -> Option<bool> {
        Some(true)
    }

    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        create_series(
            manager,
            "wheel_frames",
            Table::create()
                .table(WheelFrames::Table)
                .if_not_exists()
                .col(big_integer(WheelFrames::VehicleId))
                .col(timestamp_with_time_zone(WheelFrames::Ts))
                .col(blob(WheelFrames::Wheels))
                .primary_key(
                    Index::create()
                        .col(WheelFrames::VehicleId)
                        .col(WheelFrames::Ts),
                )
                .to_owned(),
        )
        .await?;
        let db = manager.get_connection();
        carry_over_readings(db).await?;
        manager
            .drop_table(Table::drop().table(WheelReadings::Table).to_owned())
            .await?;

        manager
            .alter_table(
                Table::alter()
                    .table(VehicleStates::Table)
                    .add_column(blob_null(VehicleStates::Wheels))
                    .to_owned(),
            )
            .await?;
        carry_over_latest(db).await?;
        for column in [
            VehicleWheels::Pressure,
            VehicleWheels::Temp,
            VehicleWheels::Battery,
            VehicleWheels::Status,
            VehicleWheels::ReadAt,
        ] {
            manager
                .alter_table(
                    Table::alter()
                        .table(VehicleWheels::Table)
                        .drop_column(column)
                        .to_owned(),
                )
                .await?;
        }

        if db.get_database_backend() == DbBackend::Sqlite {
            without_rowid(db, "positions").await?;
        }
        Ok(())
    }
}
