//! The device area's own records around the fleet core's `devices` and `sensors`: firmware and
//! upgrade tasks, queued commands and parameter settings, tags with their links to vehicles and
//! devices, the white table, sale records, CTWing registrations, factory test records,
//! heartbeats and heartbeat tests, sensor and receiver change logs, upgrade strategies.

use sea_orm_migration::{prelude::*, schema::*};

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
enum Devices {
    Table,
    Id,
}

#[derive(DeriveIden)]
enum Firmwares {
    Table,
    Id,
    Model,
    Version,
    Url,
    FileId,
    Checksum,
    Size,
    Remark,
    CreatedBy,
    CreatedAt,
}

#[derive(DeriveIden)]
enum UpgradeTasks {
    Table,
    Id,
    EnterpriseId,
    DeviceId,
    FirmwareId,
    FromVersion,
    TargetVersion,
    Status,
    Message,
    CreatedBy,
    CreatedAt,
    UpdatedAt,
}

#[derive(DeriveIden)]
enum UpgradeStrategies {
    Table,
    Id,
    EnterpriseId,
    Model,
    Auto,
    FirmwareId,
    WindowStart,
    WindowEnd,
    UpdatedAt,
}

#[derive(DeriveIden)]
enum DeviceCommands {
    Table,
    Id,
    EnterpriseId,
    DeviceId,
    Kind,
    Payload,
    Status,
    Result,
    CreatedBy,
    CreatedAt,
    DeliveredAt,
    FinishedAt,
}

#[derive(DeriveIden)]
enum DeviceSettings {
    Table,
    DeviceId,
    Key,
    Value,
    UpdatedAt,
}

#[derive(DeriveIden)]
enum Tags {
    Table,
    Id,
    EnterpriseId,
    Kind,
    Name,
    Color,
    CreatedAt,
}

#[derive(DeriveIden)]
enum TagVehicles {
    Table,
    TagId,
    VehicleId,
}

#[derive(DeriveIden)]
enum TagDevices {
    Table,
    TagId,
    DeviceId,
}

#[derive(DeriveIden)]
enum DeviceWhiteList {
    Table,
    DeviceId,
    Remark,
    CreatedAt,
}

#[derive(DeriveIden)]
enum DeviceSales {
    Table,
    DeviceId,
    Customer,
    SoldOn,
    Price,
    WarrantyMonths,
    Remark,
    UpdatedAt,
}

#[derive(DeriveIden)]
enum CtwingLogs {
    Table,
    Id,
    EnterpriseId,
    DeviceId,
    Action,
    Request,
    Response,
    Success,
    CreatedAt,
}

#[derive(DeriveIden)]
enum ProductionLogs {
    Table,
    Id,
    Imei,
    Station,
    Item,
    Passed,
    Detail,
    CreatedAt,
}

#[derive(DeriveIden)]
enum HeartbeatTests {
    Table,
    Id,
    EnterpriseId,
    DeviceId,
    Minutes,
    StartedAt,
    EndsAt,
    CreatedBy,
}

#[derive(DeriveIden)]
enum DeviceHeartbeats {
    Table,
    Id,
    DeviceId,
    At,
}

#[derive(DeriveIden)]
enum SensorLogs {
    Table,
    Id,
    EnterpriseId,
    SensorNo,
    DeviceId,
    VehicleId,
    Position,
    Action,
    OperatorId,
    CreatedAt,
}

#[derive(DeriveIden)]
enum AcceptorLogs {
    Table,
    Id,
    EnterpriseId,
    VehicleId,
    DeviceId,
    PreviousDeviceId,
    Action,
    Remark,
    OperatorId,
    CreatedAt,
}

/// A foreign key whose rows go with the row they point at.
fn owned_by(
    table: impl IntoIden,
    column: impl IntoIden,
    to: impl IntoIden,
    to_col: impl IntoIden,
) -> ForeignKeyCreateStatement {
    ForeignKey::create()
        .from(table, column)
        .to(to, to_col)
        .on_delete(ForeignKeyAction::Cascade)
        .to_owned()
}

/// A foreign key that is cleared when the row it points at goes (logs outlive what they name).
fn mentions(
    table: impl IntoIden,
    column: impl IntoIden,
    to: impl IntoIden,
    to_col: impl IntoIden,
) -> ForeignKeyCreateStatement {
    ForeignKey::create()
        .from(table, column)
        .to(to, to_col)
        .on_delete(ForeignKeyAction::SetNull)
        .to_owned()
}

fn idx(name: &str, table: impl IntoIden, cols: &[&'static str]) -> IndexCreateStatement {
    let mut i = Index::create();
    i.name(name).table(table);
    for c in cols {
        i.col(Alias::new(*c));
    }
    i
}

fn ent_fk(table: impl IntoIden, column: impl IntoIden) -> ForeignKeyCreateStatement {
    owned_by(table, column, Enterprises::Table, Enterprises::Id)
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    #[allow(clippy::too_many_lines)]
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let tables = [
            Table::create()
                .table(Firmwares::Table)
                .if_not_exists()
                .col(big_pk_auto(Firmwares::Id))
                // The part number the image is for (matched against `devices.part_no`).
                .col(string_len(Firmwares::Model, 32))
                .col(string_len(Firmwares::Version, 32))
                .col(string(Firmwares::Url))
                .col(big_integer_null(Firmwares::FileId))
                .col(string_len(Firmwares::Checksum, 128).default(""))
                .col(big_integer(Firmwares::Size).default(0))
                .col(string(Firmwares::Remark).default(""))
                .col(big_integer_null(Firmwares::CreatedBy))
                .col(timestamp_with_time_zone(Firmwares::CreatedAt))
                .to_owned(),
            Table::create()
                .table(UpgradeTasks::Table)
                .if_not_exists()
                .col(big_pk_auto(UpgradeTasks::Id))
                .col(big_integer(UpgradeTasks::EnterpriseId))
                .col(big_integer(UpgradeTasks::DeviceId))
                .col(big_integer_null(UpgradeTasks::FirmwareId))
                .col(string_len(UpgradeTasks::FromVersion, 32).default(""))
                .col(string_len(UpgradeTasks::TargetVersion, 32))
                // 0 queued, 1 sent, 2 downloading, 3 upgraded, 4 failed, 5 cancelled.
                .col(small_integer(UpgradeTasks::Status).default(0))
                .col(string(UpgradeTasks::Message).default(""))
                .col(big_integer_null(UpgradeTasks::CreatedBy))
                .col(timestamp_with_time_zone(UpgradeTasks::CreatedAt))
                .col(timestamp_with_time_zone(UpgradeTasks::UpdatedAt))
                .foreign_key(&mut ent_fk(UpgradeTasks::Table, UpgradeTasks::EnterpriseId))
                .foreign_key(&mut owned_by(
                    UpgradeTasks::Table,
                    UpgradeTasks::DeviceId,
                    Devices::Table,
                    Devices::Id,
                ))
                .foreign_key(&mut mentions(
                    UpgradeTasks::Table,
                    UpgradeTasks::FirmwareId,
                    Firmwares::Table,
                    Firmwares::Id,
                ))
                .to_owned(),
            Table::create()
                .table(UpgradeStrategies::Table)
                .if_not_exists()
                .col(big_pk_auto(UpgradeStrategies::Id))
                .col(big_integer(UpgradeStrategies::EnterpriseId))
                .col(string_len(UpgradeStrategies::Model, 32))
                .col(boolean(UpgradeStrategies::Auto).default(false))
                .col(big_integer_null(UpgradeStrategies::FirmwareId))
                // "HH:MM" local to the enterprise; empty = any time.
                .col(string_len(UpgradeStrategies::WindowStart, 5).default(""))
                .col(string_len(UpgradeStrategies::WindowEnd, 5).default(""))
                .col(timestamp_with_time_zone(UpgradeStrategies::UpdatedAt))
                .foreign_key(&mut ent_fk(
                    UpgradeStrategies::Table,
                    UpgradeStrategies::EnterpriseId,
                ))
                .foreign_key(&mut mentions(
                    UpgradeStrategies::Table,
                    UpgradeStrategies::FirmwareId,
                    Firmwares::Table,
                    Firmwares::Id,
                ))
                .to_owned(),
            Table::create()
                .table(DeviceCommands::Table)
                .if_not_exists()
                .col(big_pk_auto(DeviceCommands::Id))
                .col(big_integer(DeviceCommands::EnterpriseId))
                .col(big_integer(DeviceCommands::DeviceId))
                .col(string_len(DeviceCommands::Kind, 16))
                .col(text(DeviceCommands::Payload))
                // 0 queued, 1 delivered, 2 succeeded, 3 failed.
                .col(small_integer(DeviceCommands::Status).default(0))
                .col(string(DeviceCommands::Result).default(""))
                .col(big_integer_null(DeviceCommands::CreatedBy))
                .col(timestamp_with_time_zone(DeviceCommands::CreatedAt))
                .col(timestamp_with_time_zone_null(DeviceCommands::DeliveredAt))
                .col(timestamp_with_time_zone_null(DeviceCommands::FinishedAt))
                .foreign_key(&mut ent_fk(
                    DeviceCommands::Table,
                    DeviceCommands::EnterpriseId,
                ))
                .foreign_key(&mut owned_by(
                    DeviceCommands::Table,
                    DeviceCommands::DeviceId,
                    Devices::Table,
                    Devices::Id,
                ))
                .to_owned(),
            Table::create()
                .table(DeviceSettings::Table)
                .if_not_exists()
                .col(big_integer(DeviceSettings::DeviceId))
                .col(string_len(DeviceSettings::Key, 32))
                .col(string(DeviceSettings::Value))
                .col(timestamp_with_time_zone(DeviceSettings::UpdatedAt))
                .primary_key(
                    Index::create()
                        .col(DeviceSettings::DeviceId)
                        .col(DeviceSettings::Key),
                )
                .foreign_key(&mut owned_by(
                    DeviceSettings::Table,
                    DeviceSettings::DeviceId,
                    Devices::Table,
                    Devices::Id,
                ))
                .to_owned(),
            Table::create()
                .table(Tags::Table)
                .if_not_exists()
                .col(big_pk_auto(Tags::Id))
                .col(big_integer(Tags::EnterpriseId))
                // vehicle, device, label or service.
                .col(string_len(Tags::Kind, 16))
                .col(string_len(Tags::Name, 32))
                .col(string_len(Tags::Color, 16).default(""))
                .col(timestamp_with_time_zone(Tags::CreatedAt))
                .foreign_key(&mut ent_fk(Tags::Table, Tags::EnterpriseId))
                .to_owned(),
            Table::create()
                .table(TagVehicles::Table)
                .if_not_exists()
                .col(big_integer(TagVehicles::TagId))
                .col(big_integer(TagVehicles::VehicleId))
                .primary_key(
                    Index::create()
                        .col(TagVehicles::TagId)
                        .col(TagVehicles::VehicleId),
                )
                .foreign_key(&mut owned_by(
                    TagVehicles::Table,
                    TagVehicles::TagId,
                    Tags::Table,
                    Tags::Id,
                ))
                .foreign_key(&mut owned_by(
                    TagVehicles::Table,
                    TagVehicles::VehicleId,
                    Vehicles::Table,
                    Vehicles::Id,
                ))
                .to_owned(),
            Table::create()
                .table(TagDevices::Table)
                .if_not_exists()
                .col(big_integer(TagDevices::TagId))
                .col(big_integer(TagDevices::DeviceId))
                .primary_key(
                    Index::create()
                        .col(TagDevices::TagId)
                        .col(TagDevices::DeviceId),
                )
                .foreign_key(&mut owned_by(
                    TagDevices::Table,
                    TagDevices::TagId,
                    Tags::Table,
                    Tags::Id,
                ))
                .foreign_key(&mut owned_by(
                    TagDevices::Table,
                    TagDevices::DeviceId,
                    Devices::Table,
                    Devices::Id,
                ))
                .to_owned(),
            Table::create()
                .table(DeviceWhiteList::Table)
                .if_not_exists()
                .col(big_integer(DeviceWhiteList::DeviceId).primary_key())
                .col(string(DeviceWhiteList::Remark).default(""))
                .col(timestamp_with_time_zone(DeviceWhiteList::CreatedAt))
                .foreign_key(&mut owned_by(
                    DeviceWhiteList::Table,
                    DeviceWhiteList::DeviceId,
                    Devices::Table,
                    Devices::Id,
                ))
                .to_owned(),
            Table::create()
                .table(DeviceSales::Table)
                .if_not_exists()
                .col(big_integer(DeviceSales::DeviceId).primary_key())
                .col(string_len(DeviceSales::Customer, 64))
                // "YYYY-MM-DD".
                .col(string_len(DeviceSales::SoldOn, 10))
                .col(double(DeviceSales::Price).default(0.0))
                .col(integer(DeviceSales::WarrantyMonths).default(0))
                .col(string(DeviceSales::Remark).default(""))
                .col(timestamp_with_time_zone(DeviceSales::UpdatedAt))
                .foreign_key(&mut owned_by(
                    DeviceSales::Table,
                    DeviceSales::DeviceId,
                    Devices::Table,
                    Devices::Id,
                ))
                .to_owned(),
            Table::create()
                .table(CtwingLogs::Table)
                .if_not_exists()
                .col(big_pk_auto(CtwingLogs::Id))
                .col(big_integer(CtwingLogs::EnterpriseId))
                .col(big_integer(CtwingLogs::DeviceId))
                .col(string_len(CtwingLogs::Action, 16))
                .col(text(CtwingLogs::Request))
                .col(text(CtwingLogs::Response))
                .col(boolean(CtwingLogs::Success))
                .col(timestamp_with_time_zone(CtwingLogs::CreatedAt))
                .foreign_key(&mut ent_fk(CtwingLogs::Table, CtwingLogs::EnterpriseId))
                .foreign_key(&mut owned_by(
                    CtwingLogs::Table,
                    CtwingLogs::DeviceId,
                    Devices::Table,
                    Devices::Id,
                ))
                .to_owned(),
            Table::create()
                .table(ProductionLogs::Table)
                .if_not_exists()
                .col(big_pk_auto(ProductionLogs::Id))
                // By imei: factory tests run before a device is registered to anyone.
                .col(string_len(ProductionLogs::Imei, 20))
                .col(string_len(ProductionLogs::Station, 32))
                .col(string_len(ProductionLogs::Item, 64))
                .col(boolean(ProductionLogs::Passed))
                .col(string(ProductionLogs::Detail).default(""))
                .col(timestamp_with_time_zone(ProductionLogs::CreatedAt))
                .to_owned(),
            Table::create()
                .table(HeartbeatTests::Table)
                .if_not_exists()
                .col(big_pk_auto(HeartbeatTests::Id))
                .col(big_integer(HeartbeatTests::EnterpriseId))
                .col(big_integer(HeartbeatTests::DeviceId))
                .col(integer(HeartbeatTests::Minutes))
                .col(timestamp_with_time_zone(HeartbeatTests::StartedAt))
                .col(timestamp_with_time_zone(HeartbeatTests::EndsAt))
                .col(big_integer_null(HeartbeatTests::CreatedBy))
                .foreign_key(&mut ent_fk(
                    HeartbeatTests::Table,
                    HeartbeatTests::EnterpriseId,
                ))
                .foreign_key(&mut owned_by(
                    HeartbeatTests::Table,
                    HeartbeatTests::DeviceId,
                    Devices::Table,
                    Devices::Id,
                ))
                .to_owned(),
            Table::create()
                .table(DeviceHeartbeats::Table)
                .if_not_exists()
                .col(big_pk_auto(DeviceHeartbeats::Id))
                .col(big_integer(DeviceHeartbeats::DeviceId))
                .col(timestamp_with_time_zone(DeviceHeartbeats::At))
                .foreign_key(&mut owned_by(
                    DeviceHeartbeats::Table,
                    DeviceHeartbeats::DeviceId,
                    Devices::Table,
                    Devices::Id,
                ))
                .to_owned(),
            Table::create()
                .table(SensorLogs::Table)
                .if_not_exists()
                .col(big_pk_auto(SensorLogs::Id))
                .col(big_integer(SensorLogs::EnterpriseId))
                .col(string_len(SensorLogs::SensorNo, 32))
                .col(big_integer_null(SensorLogs::DeviceId))
                .col(big_integer_null(SensorLogs::VehicleId))
                .col(integer_null(SensorLogs::Position))
                // bind, replace, unbind, delete.
                .col(string_len(SensorLogs::Action, 16))
                .col(big_integer_null(SensorLogs::OperatorId))
                .col(timestamp_with_time_zone(SensorLogs::CreatedAt))
                .foreign_key(&mut ent_fk(SensorLogs::Table, SensorLogs::EnterpriseId))
                .foreign_key(&mut mentions(
                    SensorLogs::Table,
                    SensorLogs::DeviceId,
                    Devices::Table,
                    Devices::Id,
                ))
                .foreign_key(&mut mentions(
                    SensorLogs::Table,
                    SensorLogs::VehicleId,
                    Vehicles::Table,
                    Vehicles::Id,
                ))
                .to_owned(),
            Table::create()
                .table(AcceptorLogs::Table)
                .if_not_exists()
                .col(big_pk_auto(AcceptorLogs::Id))
                .col(big_integer(AcceptorLogs::EnterpriseId))
                .col(big_integer_null(AcceptorLogs::VehicleId))
                .col(big_integer_null(AcceptorLogs::DeviceId))
                .col(big_integer_null(AcceptorLogs::PreviousDeviceId))
                // install, replace, remove.
                .col(string_len(AcceptorLogs::Action, 16))
                .col(string(AcceptorLogs::Remark).default(""))
                .col(big_integer_null(AcceptorLogs::OperatorId))
                .col(timestamp_with_time_zone(AcceptorLogs::CreatedAt))
                .foreign_key(&mut ent_fk(AcceptorLogs::Table, AcceptorLogs::EnterpriseId))
                .foreign_key(&mut mentions(
                    AcceptorLogs::Table,
                    AcceptorLogs::VehicleId,
                    Vehicles::Table,
                    Vehicles::Id,
                ))
                .foreign_key(&mut mentions(
                    AcceptorLogs::Table,
                    AcceptorLogs::DeviceId,
                    Devices::Table,
                    Devices::Id,
                ))
                .foreign_key(&mut mentions(
                    AcceptorLogs::Table,
                    AcceptorLogs::PreviousDeviceId,
                    Devices::Table,
                    Devices::Id,
                ))
                .to_owned(),
        ];
        for table in tables {
            manager.create_table(table).await?;
        }
        let indexes = [
            idx(
                "uq_firmwares_model_version",
                Firmwares::Table,
                &["model", "version"],
            )
            .unique()
            .to_owned(),
            idx(
                "idx_upgrade_tasks_device",
                UpgradeTasks::Table,
                &["device_id", "status"],
            ),
            idx(
                "idx_upgrade_tasks_ent",
                UpgradeTasks::Table,
                &["enterprise_id", "id"],
            ),
            idx(
                "idx_upgrade_tasks_firmware",
                UpgradeTasks::Table,
                &["firmware_id", "status"],
            ),
            idx(
                "uq_upgrade_strategies",
                UpgradeStrategies::Table,
                &["enterprise_id", "model"],
            )
            .unique()
            .to_owned(),
            idx(
                "idx_device_commands_device",
                DeviceCommands::Table,
                &["device_id", "status", "id"],
            ),
            idx(
                "uq_tags_name",
                Tags::Table,
                &["enterprise_id", "kind", "name"],
            )
            .unique()
            .to_owned(),
            idx(
                "idx_tag_vehicles_vehicle",
                TagVehicles::Table,
                &["vehicle_id"],
            ),
            idx("idx_tag_devices_device", TagDevices::Table, &["device_id"]),
            idx(
                "idx_ctwing_logs_device",
                CtwingLogs::Table,
                &["device_id", "id"],
            ),
            idx(
                "idx_production_logs_imei",
                ProductionLogs::Table,
                &["imei", "id"],
            ),
            idx(
                "idx_heartbeat_tests_device",
                HeartbeatTests::Table,
                &["device_id", "id"],
            ),
            idx(
                "idx_device_heartbeats_device",
                DeviceHeartbeats::Table,
                &["device_id", "at"],
            ),
            idx("idx_device_heartbeats_at", DeviceHeartbeats::Table, &["at"]),
            idx(
                "idx_sensor_logs_no",
                SensorLogs::Table,
                &["sensor_no", "id"],
            ),
            idx(
                "idx_sensor_logs_ent",
                SensorLogs::Table,
                &["enterprise_id", "id"],
            ),
            idx(
                "idx_acceptor_logs_ent",
                AcceptorLogs::Table,
                &["enterprise_id", "id"],
            ),
            idx(
                "idx_acceptor_logs_vehicle",
                AcceptorLogs::Table,
                &["vehicle_id", "id"],
            ),
        ];
        for index in indexes {
            manager.create_index(index).await?;
        }
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        for table in [
            AcceptorLogs::Table.into_iden(),
            SensorLogs::Table.into_iden(),
            DeviceHeartbeats::Table.into_iden(),
            HeartbeatTests::Table.into_iden(),
            ProductionLogs::Table.into_iden(),
            CtwingLogs::Table.into_iden(),
            DeviceSales::Table.into_iden(),
            DeviceWhiteList::Table.into_iden(),
            TagDevices::Table.into_iden(),
            TagVehicles::Table.into_iden(),
            Tags::Table.into_iden(),
            DeviceSettings::Table.into_iden(),
            DeviceCommands::Table.into_iden(),
            UpgradeStrategies::Table.into_iden(),
            UpgradeTasks::Table.into_iden(),
            Firmwares::Table.into_iden(),
        ] {
            manager
                .drop_table(Table::drop().table(table).if_exists().to_owned())
                .await?;
        }
        Ok(())
    }
}
