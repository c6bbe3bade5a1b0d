//! A vehicle's history: positions and wheel readings (time series, written in batches by
//! ingestion and read per vehicle and time range), alarms with their state, derived daily
//! mileage and trips, spray-cooling events, who viewed a vehicle, service records and tread
//! depth readings.
//!
//! The two time series (`positions`, `wheel_readings`) are keyed `(vehicle_id, ts, …)`: every
//! read is "one vehicle, a time range", served by the primary key alone, and a duplicate report
//! is the same key (dropped by `ON CONFLICT DO NOTHING`). They carry no foreign key so
//! ingestion pays no lookup per row; rows of a deleted vehicle are unreachable (every read
//! joins the visible vehicles) and go with retention. On PostgreSQL both are range-partitioned
//! by `ts` with a default partition, so retention can detach whole months.

use sea_orm_migration::{prelude::*, schema::*};

use crate::schema_helpers::{create_series, index};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum Vehicles {
    Table,
    Id,
}

#[derive(DeriveIden)]
enum Positions {
    Table,
    VehicleId,
    Ts,
    Lat,
    Lon,
    Speed,
    Direction,
    Ignition,
    Mileage,
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
enum VehicleAlarms {
    Table,
    Id,
    EnterpriseId,
    VehicleId,
    Position,
    Kind,
    Level,
    State,
    Value,
    Threshold,
    StartedAt,
    LastAt,
    AckedAt,
    AckedBy,
    Note,
    ClearedAt,
    ClearedBy,
}

#[derive(DeriveIden)]
enum DailyMileage {
    Table,
    VehicleId,
    Day,
    Km,
    DrivingSeconds,
}

#[derive(DeriveIden)]
enum Trips {
    Table,
    Id,
    VehicleId,
    StartedAt,
    EndedAt,
    Km,
    StartLat,
    StartLon,
    EndLat,
    EndLon,
    MaxSpeed,
    AvgSpeed,
}

#[derive(DeriveIden)]
enum VehicleViewLogs {
    Table,
    Id,
    UserId,
    VehicleId,
    ViewedAt,
}

#[derive(DeriveIden)]
enum SprayEvents {
    Table,
    Id,
    VehicleId,
    Position,
    Kind,
    StartedAt,
    EndedAt,
    Temp,
}

#[derive(DeriveIden)]
enum CarServices {
    Table,
    Id,
    EnterpriseId,
    VehicleId,
    Item,
    Content,
    Mileage,
    Cost,
    ServicedAt,
    CreatedBy,
    CreatedAt,
}

#[derive(DeriveIden)]
enum TreadDepths {
    Table,
    Id,
    VehicleId,
    Position,
    Depth,
    MeasuredAt,
    CreatedBy,
    Note,
}

fn by_vehicle(table: impl IntoIden, column: impl IntoIden) -> ForeignKeyCreateStatement {
    ForeignKey::create()
        .from(table, column)
        .to(Vehicles::Table, Vehicles::Id)
        .on_delete(ForeignKeyAction::Cascade)
        .to_owned()
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    #[allow(clippy::too_many_lines)]
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        create_series(
            manager,
            "positions",
            Table::create()
                .table(Positions::Table)
                .if_not_exists()
                .col(big_integer(Positions::VehicleId))
                .col(timestamp_with_time_zone(Positions::Ts))
                .col(double(Positions::Lat))
                .col(double(Positions::Lon))
                // km/h
                .col(double(Positions::Speed).default(0.0))
                .col(small_integer(Positions::Direction).default(0))
                .col(boolean(Positions::Ignition).default(false))
                // The device's odometer, km, when it reports one.
                .col(double_null(Positions::Mileage))
                .primary_key(Index::create().col(Positions::VehicleId).col(Positions::Ts))
                .to_owned(),
        )
        .await?;
        create_series(
            manager,
            "wheel_readings",
            Table::create()
                .table(WheelReadings::Table)
                .if_not_exists()
                .col(big_integer(WheelReadings::VehicleId))
                .col(timestamp_with_time_zone(WheelReadings::Ts))
                // As `sensors.kind`: 1 tyre (pressure and temperature), 2 axle (hub) temperature.
                .col(small_integer(WheelReadings::Kind))
                .col(integer(WheelReadings::Position))
                // bar, °C, %
                .col(double_null(WheelReadings::Pressure))
                .col(double_null(WheelReadings::Temp))
                .col(small_integer_null(WheelReadings::Battery))
                .col(small_integer(WheelReadings::Status).default(0))
                .primary_key(
                    Index::create()
                        .col(WheelReadings::VehicleId)
                        .col(WheelReadings::Ts)
                        .col(WheelReadings::Kind)
                        .col(WheelReadings::Position),
                )
                .to_owned(),
        )
        .await?;

        manager
            .create_table(
                Table::create()
                    .table(VehicleAlarms::Table)
                    .if_not_exists()
                    .col(big_pk_auto(VehicleAlarms::Id))
                    .col(big_integer(VehicleAlarms::EnterpriseId))
                    .col(big_integer(VehicleAlarms::VehicleId))
                    // A wheel position, or 0 for the vehicle (device offline, power …).
                    .col(integer(VehicleAlarms::Position).default(0))
                    .col(small_integer(VehicleAlarms::Kind))
                    // 1 warning, 2 critical.
                    .col(small_integer(VehicleAlarms::Level).default(1))
                    // 0 active, 1 acknowledged, 2 cleared.
                    .col(small_integer(VehicleAlarms::State).default(0))
                    .col(double_null(VehicleAlarms::Value))
                    .col(double_null(VehicleAlarms::Threshold))
                    .col(timestamp_with_time_zone(VehicleAlarms::StartedAt))
                    // The latest report that confirmed the condition.
                    .col(timestamp_with_time_zone(VehicleAlarms::LastAt))
                    .col(timestamp_with_time_zone_null(VehicleAlarms::AckedAt))
                    .col(big_integer_null(VehicleAlarms::AckedBy))
                    .col(string(VehicleAlarms::Note).default(""))
                    .col(timestamp_with_time_zone_null(VehicleAlarms::ClearedAt))
                    // NULL with `cleared_at` set: cleared by the system (condition gone).
                    .col(big_integer_null(VehicleAlarms::ClearedBy))
                    .foreign_key(&mut by_vehicle(
                        VehicleAlarms::Table,
                        VehicleAlarms::VehicleId,
                    ))
                    .to_owned(),
            )
            .await?;
        // At most one alarm not cleared per vehicle, position and kind.
        manager
            .create_index(
                index(
                    "uq_vehicle_alarms_open",
                    VehicleAlarms::Table,
                    &["vehicle_id", "position", "kind"],
                )
                .unique()
                .and_where(Expr::col(VehicleAlarms::State).lt(2))
                .to_owned(),
            )
            .await?;
        manager
            .create_index(index(
                "idx_vehicle_alarms_ent",
                VehicleAlarms::Table,
                &["enterprise_id", "started_at"],
            ))
            .await?;
        manager
            .create_index(index(
                "idx_vehicle_alarms_vehicle",
                VehicleAlarms::Table,
                &["vehicle_id", "started_at"],
            ))
            .await?;

        manager
            .create_table(
                Table::create()
                    .table(DailyMileage::Table)
                    .if_not_exists()
                    .col(big_integer(DailyMileage::VehicleId))
                    // The UTC day.
                    .col(date(DailyMileage::Day))
                    .col(double(DailyMileage::Km).default(0.0))
                    .col(big_integer(DailyMileage::DrivingSeconds).default(0))
                    .primary_key(
                        Index::create()
                            .col(DailyMileage::VehicleId)
                            .col(DailyMileage::Day),
                    )
                    .foreign_key(&mut by_vehicle(
                        DailyMileage::Table,
                        DailyMileage::VehicleId,
                    ))
                    .to_owned(),
            )
            .await?;
        // The fleet histogram sums a day range over many vehicles.
        manager
            .create_index(index(
                "idx_daily_mileage_day",
                DailyMileage::Table,
                &["day", "vehicle_id"],
            ))
            .await?;

        manager
            .create_table(
                Table::create()
                    .table(Trips::Table)
                    .if_not_exists()
                    .col(big_pk_auto(Trips::Id))
                    .col(big_integer(Trips::VehicleId))
                    .col(timestamp_with_time_zone(Trips::StartedAt))
                    .col(timestamp_with_time_zone(Trips::EndedAt))
                    .col(double(Trips::Km))
                    .col(double(Trips::StartLat))
                    .col(double(Trips::StartLon))
                    .col(double(Trips::EndLat))
                    .col(double(Trips::EndLon))
                    .col(double(Trips::MaxSpeed))
                    .col(double(Trips::AvgSpeed))
                    .foreign_key(&mut by_vehicle(Trips::Table, Trips::VehicleId))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                index(
                    "uq_trips_vehicle_start",
                    Trips::Table,
                    &["vehicle_id", "started_at"],
                )
                .unique()
                .to_owned(),
            )
            .await?;

        manager
            .create_table(
                Table::create()
                    .table(VehicleViewLogs::Table)
                    .if_not_exists()
                    .col(big_pk_auto(VehicleViewLogs::Id))
                    .col(big_integer(VehicleViewLogs::UserId))
                    .col(big_integer(VehicleViewLogs::VehicleId))
                    .col(timestamp_with_time_zone(VehicleViewLogs::ViewedAt))
                    .foreign_key(&mut by_vehicle(
                        VehicleViewLogs::Table,
                        VehicleViewLogs::VehicleId,
                    ))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(index(
                "idx_vehicle_view_logs_vehicle",
                VehicleViewLogs::Table,
                &["vehicle_id", "viewed_at"],
            ))
            .await?;

        manager
            .create_table(
                Table::create()
                    .table(SprayEvents::Table)
                    .if_not_exists()
                    .col(big_pk_auto(SprayEvents::Id))
                    .col(big_integer(SprayEvents::VehicleId))
                    // The cooled wheel position, or 0 for the whole system.
                    .col(integer(SprayEvents::Position).default(0))
                    // 1 activation (spraying), 2 fault.
                    .col(small_integer(SprayEvents::Kind))
                    .col(timestamp_with_time_zone(SprayEvents::StartedAt))
                    .col(timestamp_with_time_zone_null(SprayEvents::EndedAt))
                    // The hub temperature that triggered it, °C.
                    .col(double_null(SprayEvents::Temp))
                    .foreign_key(&mut by_vehicle(SprayEvents::Table, SprayEvents::VehicleId))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                index(
                    "uq_spray_events",
                    SprayEvents::Table,
                    &["vehicle_id", "started_at", "position", "kind"],
                )
                .unique()
                .to_owned(),
            )
            .await?;

        manager
            .create_table(
                Table::create()
                    .table(CarServices::Table)
                    .if_not_exists()
                    .col(big_pk_auto(CarServices::Id))
                    .col(big_integer(CarServices::EnterpriseId))
                    .col(big_integer(CarServices::VehicleId))
                    .col(string_len(CarServices::Item, 64))
                    .col(string(CarServices::Content).default(""))
                    // Odometer at the service, km.
                    .col(double_null(CarServices::Mileage))
                    .col(double_null(CarServices::Cost))
                    .col(timestamp_with_time_zone(CarServices::ServicedAt))
                    .col(big_integer(CarServices::CreatedBy))
                    .col(timestamp_with_time_zone(CarServices::CreatedAt))
                    .foreign_key(&mut by_vehicle(CarServices::Table, CarServices::VehicleId))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(index(
                "idx_car_services_vehicle",
                CarServices::Table,
                &["vehicle_id", "serviced_at"],
            ))
            .await?;

        manager
            .create_table(
                Table::create()
                    .table(TreadDepths::Table)
                    .if_not_exists()
                    .col(big_pk_auto(TreadDepths::Id))
                    .col(big_integer(TreadDepths::VehicleId))
                    .col(integer(TreadDepths::Position))
                    // mm
                    .col(double(TreadDepths::Depth))
                    .col(timestamp_with_time_zone(TreadDepths::MeasuredAt))
                    .col(big_integer(TreadDepths::CreatedBy))
                    .col(string(TreadDepths::Note).default(""))
                    .foreign_key(&mut by_vehicle(TreadDepths::Table, TreadDepths::VehicleId))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(index(
                "idx_tread_depths_vehicle",
                TreadDepths::Table,
                &["vehicle_id", "position", "measured_at"],
            ))
            .await?;
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        for table in [
            TreadDepths::Table.into_iden(),
            CarServices::Table.into_iden(),
            SprayEvents::Table.into_iden(),
            VehicleViewLogs::Table.into_iden(),
            Trips::Table.into_iden(),
            DailyMileage::Table.into_iden(),
            VehicleAlarms::Table.into_iden(),
            WheelReadings::Table.into_iden(),
            Positions::Table.into_iden(),
        ] {
            manager
                .drop_table(Table::drop().table(table).if_exists().to_owned())
                .await?;
        }
        Ok(())
    }
}
