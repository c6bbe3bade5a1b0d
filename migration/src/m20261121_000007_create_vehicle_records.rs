//! Vehicle records beyond the fleet core: drivers and their vehicles, the members responsible
//! for a vehicle, trailer swaps (drop-and-hook), per-vehicle settings (swing, device settings)
//! and docking-platform synchronisations. Also the indexes the fleet list filters and sorts by.

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
}

#[derive(DeriveIden)]
enum Drivers {
    Table,
    Id,
    EnterpriseId,
    Name,
    Phone,
    License,
    Remark,
    CreatedAt,
    UpdatedAt,
}

#[derive(DeriveIden)]
enum VehicleDrivers {
    Table,
    VehicleId,
    DriverId,
}

#[derive(DeriveIden)]
enum VehicleMembers {
    Table,
    VehicleId,
    UserId,
}

#[derive(DeriveIden)]
enum TrailerSwaps {
    Table,
    Id,
    EnterpriseId,
    TractorId,
    TractorPlate,
    FromTrailerId,
    FromPlate,
    ToTrailerId,
    ToPlate,
    OperatorId,
    Address,
    Lat,
    Lon,
    CreatedAt,
}

#[derive(DeriveIden)]
enum VehicleSettings {
    Table,
    VehicleId,
    SupportSwing,
    Swing,
    DeviceSetting,
    UpdatedAt,
}

#[derive(DeriveIden)]
enum VehicleSyncs {
    Table,
    Id,
    EnterpriseId,
    Platform,
    OperatorId,
    Summary,
    CreatedAt,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    #[allow(clippy::too_many_lines)]
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(Drivers::Table)
                    .if_not_exists()
                    .col(big_pk_auto(Drivers::Id))
                    .col(big_integer(Drivers::EnterpriseId))
                    .col(string_len(Drivers::Name, 32))
                    .col(string_len(Drivers::Phone, 20).default(""))
                    .col(string_len(Drivers::License, 32).default(""))
                    .col(string(Drivers::Remark).default(""))
                    .col(timestamp_with_time_zone(Drivers::CreatedAt))
                    .col(timestamp_with_time_zone(Drivers::UpdatedAt))
                    .foreign_key(&mut cascade(
                        Drivers::Table,
                        Drivers::EnterpriseId,
                        Enterprises::Table,
                        Enterprises::Id,
                    ))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(index(
                "idx_drivers_ent",
                Drivers::Table,
                &["enterprise_id", "id"],
            ))
            .await?;

        manager
            .create_table(
                Table::create()
                    .table(VehicleDrivers::Table)
                    .if_not_exists()
                    .col(big_integer(VehicleDrivers::VehicleId))
                    .col(big_integer(VehicleDrivers::DriverId))
                    .primary_key(
                        Index::create()
                            .col(VehicleDrivers::VehicleId)
                            .col(VehicleDrivers::DriverId),
                    )
                    .foreign_key(&mut cascade(
                        VehicleDrivers::Table,
                        VehicleDrivers::VehicleId,
                        Vehicles::Table,
                        Vehicles::Id,
                    ))
                    .foreign_key(&mut cascade(
                        VehicleDrivers::Table,
                        VehicleDrivers::DriverId,
                        Drivers::Table,
                        Drivers::Id,
                    ))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(index(
                "idx_vehicle_drivers_driver",
                VehicleDrivers::Table,
                &["driver_id"],
            ))
            .await?;

        manager
            .create_table(
                Table::create()
                    .table(VehicleMembers::Table)
                    .if_not_exists()
                    .col(big_integer(VehicleMembers::VehicleId))
                    .col(big_integer(VehicleMembers::UserId))
                    .primary_key(
                        Index::create()
                            .col(VehicleMembers::VehicleId)
                            .col(VehicleMembers::UserId),
                    )
                    .foreign_key(&mut cascade(
                        VehicleMembers::Table,
                        VehicleMembers::VehicleId,
                        Vehicles::Table,
                        Vehicles::Id,
                    ))
                    .to_owned(),
            )
            .await?;

        manager
            .create_table(
                Table::create()
                    .table(TrailerSwaps::Table)
                    .if_not_exists()
                    .col(big_pk_auto(TrailerSwaps::Id))
                    .col(big_integer(TrailerSwaps::EnterpriseId))
                    // Plain ids with the plates kept: the record outlives the vehicles.
                    .col(big_integer(TrailerSwaps::TractorId))
                    .col(string_len(TrailerSwaps::TractorPlate, 16))
                    .col(big_integer_null(TrailerSwaps::FromTrailerId))
                    .col(string_len(TrailerSwaps::FromPlate, 16).default(""))
                    .col(big_integer_null(TrailerSwaps::ToTrailerId))
                    .col(string_len(TrailerSwaps::ToPlate, 16).default(""))
                    .col(big_integer(TrailerSwaps::OperatorId))
                    .col(string(TrailerSwaps::Address).default(""))
                    .col(double_null(TrailerSwaps::Lat))
                    .col(double_null(TrailerSwaps::Lon))
                    .col(timestamp_with_time_zone(TrailerSwaps::CreatedAt))
                    .foreign_key(&mut cascade(
                        TrailerSwaps::Table,
                        TrailerSwaps::EnterpriseId,
                        Enterprises::Table,
                        Enterprises::Id,
                    ))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(index(
                "idx_trailer_swaps_ent",
                TrailerSwaps::Table,
                &["enterprise_id", "id"],
            ))
            .await?;
        manager
            .create_index(index(
                "idx_trailer_swaps_tractor",
                TrailerSwaps::Table,
                &["tractor_id", "id"],
            ))
            .await?;
        manager
            .create_index(index(
                "idx_trailer_swaps_to",
                TrailerSwaps::Table,
                &["to_trailer_id", "id"],
            ))
            .await?;

        manager
            .create_table(
                Table::create()
                    .table(VehicleSettings::Table)
                    .if_not_exists()
                    .col(big_integer(VehicleSettings::VehicleId).primary_key())
                    .col(boolean(VehicleSettings::SupportSwing).default(false))
                    // JSON objects.
                    .col(text(VehicleSettings::Swing).default("{}"))
                    .col(text(VehicleSettings::DeviceSetting).default("{}"))
                    .col(timestamp_with_time_zone(VehicleSettings::UpdatedAt))
                    .foreign_key(&mut cascade(
                        VehicleSettings::Table,
                        VehicleSettings::VehicleId,
                        Vehicles::Table,
                        Vehicles::Id,
                    ))
                    .to_owned(),
            )
            .await?;

        manager
            .create_table(
                Table::create()
                    .table(VehicleSyncs::Table)
                    .if_not_exists()
                    .col(big_pk_auto(VehicleSyncs::Id))
                    .col(big_integer(VehicleSyncs::EnterpriseId))
                    .col(small_integer(VehicleSyncs::Platform))
                    .col(big_integer(VehicleSyncs::OperatorId))
                    // JSON: what the synchronisation found.
                    .col(text(VehicleSyncs::Summary))
                    .col(timestamp_with_time_zone(VehicleSyncs::CreatedAt))
                    .foreign_key(&mut cascade(
                        VehicleSyncs::Table,
                        VehicleSyncs::EnterpriseId,
                        Enterprises::Table,
                        Enterprises::Id,
                    ))
                    .to_owned(),
            )
            .await?;

        // The fleet list filters by kind and install state within an enterprise; receivers
        // are looked up by vehicle and kind.
        for (name, cols) in [
            (
                "idx_vehicles_ent_kind",
                &["enterprise_id", "kind", "id"][..],
            ),
            (
                "idx_vehicles_ent_install",
                &["enterprise_id", "install_state", "id"][..],
            ),
            ("idx_vehicles_created", &["created_at", "id"][..]),
        ] {
            manager
                .create_index(index(name, Alias::new("vehicles"), cols))
                .await?;
        }
        manager
            .create_index(index(
                "idx_devices_by_parent",
                Alias::new("devices"),
                &["parent_id"],
            ))
            .await?;
        manager
            .create_index(index(
                "idx_followers_by_vehicle",
                Alias::new("vehicle_followers"),
                &["vehicle_id"],
            ))
            .await?;
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        for name in [
            "idx_vehicles_ent_kind",
            "idx_vehicles_ent_install",
            "idx_vehicles_created",
        ] {
            manager
                .drop_index(
                    Index::drop()
                        .name(name)
                        .table(Alias::new("vehicles"))
                        .to_owned(),
                )
                .await?;
        }
        manager
            .drop_index(
                Index::drop()
                    .name("idx_devices_by_parent")
                    .table(Alias::new("devices"))
                    .to_owned(),
            )
            .await?;
        manager
            .drop_index(
                Index::drop()
                    .name("idx_followers_by_vehicle")
                    .table(Alias::new("vehicle_followers"))
                    .to_owned(),
            )
            .await?;
        for table in [
            VehicleSyncs::Table.into_iden(),
            VehicleSettings::Table.into_iden(),
            TrailerSwaps::Table.into_iden(),
            VehicleMembers::Table.into_iden(),
            VehicleDrivers::Table.into_iden(),
            Drivers::Table.into_iden(),
        ] {
            manager
                .drop_table(Table::drop().table(table).if_exists().to_owned())
                .await?;
        }
        Ok(())
    }
}
