//! The fleet core every later area builds on: vehicles with their wheel positions and live
//! state, receivers (devices) and sensors. Catalogues, drivers, firmware and the rest come in
//! their areas' own migrations.
//!
//! Wheel positions are numbered `axle * 10 + wheel` (axles from the front, wheels from the
//! left, both from 1), so 11/12 are the steer tyres and 21..24 the twin tyres of axle 2.

use sea_orm_migration::{prelude::*, schema::*};

use crate::schema_helpers::{cascade, index};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum Enterprises {
    Table,
    Id,
}

#[derive(DeriveIden)]
enum Vehicles {
    Table,
    Id,
    EnterpriseId,
    Plate,
    Vin,
    Kind,
    TrailerId,
    BrandId,
    SeriesId,
    ClassId,
    DeviceTypeId,
    HeadImgUrl,
    AxleLayout,
    InstallState,
    PowerSupply,
    Recharge,
    Remark,
    CreatedAt,
    UpdatedAt,
}

#[derive(DeriveIden)]
enum VehicleWheels {
    Table,
    VehicleId,
    Position,
    Axle,
    TyreId,
    SensorNo,
    Pressure,
    Temp,
    Battery,
    Status,
    ReadAt,
}

#[derive(DeriveIden)]
enum VehicleStates {
    Table,
    VehicleId,
    Lat,
    Lon,
    Speed,
    Direction,
    Address,
    GpsAt,
    FinalAt,
    Online,
    Ignition,
    Alarm,
    AlarmType,
    AlarmLevel,
    TpFlags,
    AxleFlags,
    TempDifference24h,
    HighTemp24h,
    Battery,
    Voltage,
    Closed,
    UpdatedAt,
}

#[derive(DeriveIden)]
enum VehicleFollowers {
    Table,
    UserId,
    VehicleId,
    CreatedAt,
}

#[derive(DeriveIden)]
enum Devices {
    Table,
    Id,
    EnterpriseId,
    VehicleId,
    ParentId,
    Kind,
    Imei,
    Sn,
    PartNo,
    ModelId,
    Version,
    Iccid,
    HeartbeatAt,
    Online,
    Remark,
    CreatedAt,
    UpdatedAt,
}

#[derive(DeriveIden)]
enum Sensors {
    Table,
    Id,
    SensorNo,
    EnterpriseId,
    DeviceId,
    VehicleId,
    Position,
    Kind,
    Battery,
    BoundAt,
    CreatedAt,
    UpdatedAt,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    #[allow(clippy::too_many_lines)]
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(Vehicles::Table)
                    .if_not_exists()
                    .col(big_pk_auto(Vehicles::Id))
                    .col(big_integer(Vehicles::EnterpriseId))
                    .col(string_len_uniq(Vehicles::Plate, 16))
                    .col(string_len(Vehicles::Vin, 17).default(""))
                    // 0 tractor or truck, 1 trailer, 2 bus, 3 other.
                    .col(small_integer(Vehicles::Kind).default(0))
                    .col(big_integer_null(Vehicles::TrailerId))
                    .col(big_integer_null(Vehicles::BrandId))
                    .col(big_integer_null(Vehicles::SeriesId))
                    .col(big_integer_null(Vehicles::ClassId))
                    .col(small_integer(Vehicles::DeviceTypeId).default(0))
                    .col(string(Vehicles::HeadImgUrl).default(""))
                    // Wheels per axle from the front, e.g. "2,4,4".
                    .col(string_len(Vehicles::AxleLayout, 64).default("2,4"))
                    // 0 not installed, 1 installed, 2 installing.
                    .col(small_integer(Vehicles::InstallState).default(0))
                    // 0 vehicle battery, 1 own battery, 2 solar.
                    .col(small_integer(Vehicles::PowerSupply).default(0))
                    .col(boolean(Vehicles::Recharge).default(false))
                    .col(string(Vehicles::Remark).default(""))
                    .col(timestamp_with_time_zone(Vehicles::CreatedAt))
                    .col(timestamp_with_time_zone(Vehicles::UpdatedAt))
                    .foreign_key(&mut cascade(
                        Vehicles::Table,
                        Vehicles::EnterpriseId,
                        Enterprises::Table,
                        Enterprises::Id,
                    ))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(index(
                "idx_vehicles_ent",
                Vehicles::Table,
                &["enterprise_id", "id"],
            ))
            .await?;
        manager
            .create_index(index(
                "idx_vehicles_trailer",
                Vehicles::Table,
                &["trailer_id"],
            ))
            .await?;

        manager
            .create_table(
                Table::create()
                    .table(VehicleWheels::Table)
                    .if_not_exists()
                    .col(big_integer(VehicleWheels::VehicleId))
                    .col(integer(VehicleWheels::Position))
                    .col(small_integer(VehicleWheels::Axle))
                    .col(big_integer_null(VehicleWheels::TyreId))
                    .col(string_len_null(VehicleWheels::SensorNo, 32))
                    // Latest reading: bar, °C, %.
                    .col(double_null(VehicleWheels::Pressure))
                    .col(double_null(VehicleWheels::Temp))
                    .col(small_integer_null(VehicleWheels::Battery))
                    .col(small_integer(VehicleWheels::Status).default(0))
                    .col(timestamp_with_time_zone_null(VehicleWheels::ReadAt))
                    .primary_key(
                        Index::create()
                            .col(VehicleWheels::VehicleId)
                            .col(VehicleWheels::Position),
                    )
                    .foreign_key(&mut cascade(
                        VehicleWheels::Table,
                        VehicleWheels::VehicleId,
                        Vehicles::Table,
                        Vehicles::Id,
                    ))
                    .to_owned(),
            )
            .await?;

        manager
            .create_table(
                Table::create()
                    .table(VehicleStates::Table)
                    .if_not_exists()
                    .col(big_integer(VehicleStates::VehicleId).primary_key())
                    .col(double_null(VehicleStates::Lat))
                    .col(double_null(VehicleStates::Lon))
                    .col(double(VehicleStates::Speed).default(0.0))
                    .col(small_integer(VehicleStates::Direction).default(0))
                    .col(string(VehicleStates::Address).default(""))
                    .col(timestamp_with_time_zone_null(VehicleStates::GpsAt))
                    .col(timestamp_with_time_zone_null(VehicleStates::FinalAt))
                    .col(boolean(VehicleStates::Online).default(false))
                    .col(boolean(VehicleStates::Ignition).default(false))
                    .col(boolean(VehicleStates::Alarm).default(false))
                    .col(small_integer(VehicleStates::AlarmType).default(0))
                    .col(small_integer(VehicleStates::AlarmLevel).default(0))
                    // Bits: 1 highTp, 2 lowTp, 4 highTemp, 8 repeaters, 16 sensorLoss,
                    // 32 spraySwitch, 64 sprayFault.
                    .col(integer(VehicleStates::TpFlags).default(0))
                    // Bits: 1 axleAbnormal, 2 axleNull, 4 axleLose, 8 axleJump, 16 axleEfficacy.
                    .col(integer(VehicleStates::AxleFlags).default(0))
                    .col(boolean(VehicleStates::TempDifference24h).default(false))
                    .col(boolean(VehicleStates::HighTemp24h).default(false))
                    .col(small_integer_null(VehicleStates::Battery))
                    .col(double_null(VehicleStates::Voltage))
                    // Service closed (e.g. expired): shown apart from offline.
                    .col(boolean(VehicleStates::Closed).default(false))
                    .col(timestamp_with_time_zone(VehicleStates::UpdatedAt))
                    .foreign_key(&mut cascade(
                        VehicleStates::Table,
                        VehicleStates::VehicleId,
                        Vehicles::Table,
                        Vehicles::Id,
                    ))
                    .to_owned(),
            )
            .await?;

        manager
            .create_table(
                Table::create()
                    .table(VehicleFollowers::Table)
                    .if_not_exists()
                    .col(big_integer(VehicleFollowers::UserId))
                    .col(big_integer(VehicleFollowers::VehicleId))
                    .col(timestamp_with_time_zone(VehicleFollowers::CreatedAt))
                    .primary_key(
                        Index::create()
                            .col(VehicleFollowers::UserId)
                            .col(VehicleFollowers::VehicleId),
                    )
                    .foreign_key(&mut cascade(
                        VehicleFollowers::Table,
                        VehicleFollowers::VehicleId,
                        Vehicles::Table,
                        Vehicles::Id,
                    ))
                    .to_owned(),
            )
            .await?;

        manager
            .create_table(
                Table::create()
                    .table(Devices::Table)
                    .if_not_exists()
                    .col(big_pk_auto(Devices::Id))
                    .col(big_integer(Devices::EnterpriseId))
                    .col(big_integer_null(Devices::VehicleId))
                    .col(big_integer_null(Devices::ParentId))
                    // 0 receiver, 1 repeater.
                    .col(small_integer(Devices::Kind).default(0))
                    .col(string_len_uniq(Devices::Imei, 20))
                    .col(string_len_null(Devices::Sn, 32).unique_key())
                    .col(string_len(Devices::PartNo, 32).default(""))
                    .col(big_integer_null(Devices::ModelId))
                    .col(string_len(Devices::Version, 32).default(""))
                    .col(string_len(Devices::Iccid, 22).default(""))
                    .col(timestamp_with_time_zone_null(Devices::HeartbeatAt))
                    .col(boolean(Devices::Online).default(false))
                    .col(string(Devices::Remark).default(""))
                    .col(timestamp_with_time_zone(Devices::CreatedAt))
                    .col(timestamp_with_time_zone(Devices::UpdatedAt))
                    .foreign_key(&mut cascade(
                        Devices::Table,
                        Devices::EnterpriseId,
                        Enterprises::Table,
                        Enterprises::Id,
                    ))
                    .foreign_key(
                        ForeignKey::create()
                            .from(Devices::Table, Devices::VehicleId)
                            .to(Vehicles::Table, Vehicles::Id)
                            .on_delete(ForeignKeyAction::SetNull),
                    )
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(index(
                "idx_devices_ent",
                Devices::Table,
                &["enterprise_id", "id"],
            ))
            .await?;
        manager
            .create_index(index(
                "idx_devices_vehicle",
                Devices::Table,
                &["vehicle_id"],
            ))
            .await?;

        manager
            .create_table(
                Table::create()
                    .table(Sensors::Table)
                    .if_not_exists()
                    .col(big_pk_auto(Sensors::Id))
                    .col(string_len_uniq(Sensors::SensorNo, 32))
                    .col(big_integer(Sensors::EnterpriseId))
                    .col(big_integer_null(Sensors::DeviceId))
                    .col(big_integer_null(Sensors::VehicleId))
                    .col(integer_null(Sensors::Position))
                    // 1 tyre pressure and temperature, 2 axle (hub) temperature.
                    .col(small_integer(Sensors::Kind).default(1))
                    .col(small_integer_null(Sensors::Battery))
                    .col(timestamp_with_time_zone_null(Sensors::BoundAt))
                    .col(timestamp_with_time_zone(Sensors::CreatedAt))
                    .col(timestamp_with_time_zone(Sensors::UpdatedAt))
                    .foreign_key(&mut cascade(
                        Sensors::Table,
                        Sensors::EnterpriseId,
                        Enterprises::Table,
                        Enterprises::Id,
                    ))
                    .foreign_key(
                        ForeignKey::create()
                            .from(Sensors::Table, Sensors::DeviceId)
                            .to(Devices::Table, Devices::Id)
                            .on_delete(ForeignKeyAction::SetNull),
                    )
                    .foreign_key(
                        ForeignKey::create()
                            .from(Sensors::Table, Sensors::VehicleId)
                            .to(Vehicles::Table, Vehicles::Id)
                            .on_delete(ForeignKeyAction::SetNull),
                    )
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(index(
                "idx_sensors_vehicle",
                Sensors::Table,
                &["vehicle_id", "position"],
            ))
            .await?;
        manager
            .create_index(index(
                "idx_sensors_ent",
                Sensors::Table,
                &["enterprise_id", "id"],
            ))
            .await?;
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        for table in [
            Sensors::Table.into_iden(),
            Devices::Table.into_iden(),
            VehicleFollowers::Table.into_iden(),
            VehicleStates::Table.into_iden(),
            VehicleWheels::Table.into_iden(),
            Vehicles::Table.into_iden(),
        ] {
            manager
                .drop_table(Table::drop().table(table).if_exists().to_owned())
                .await?;
        }
        Ok(())
    }
}
