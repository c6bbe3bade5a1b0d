//! Vehicle share links (the anonymous `/mf` pages) and the recent reports ingestion refused
//! (kept bounded, so operators can see what a device sent and why it was refused).

use sea_orm_migration::{prelude::*, schema::*};

use crate::schema_helpers::index;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum Vehicles {
    Table,
    Id,
}

#[derive(DeriveIden)]
enum VehicleShares {
    Table,
    Id,
    Code,
    VehicleId,
    EnterpriseId,
    CreatedBy,
    CreatedAt,
    ExpiresAt,
    RevokedAt,
    RevokedBy,
}

#[derive(DeriveIden)]
enum RejectedReports {
    Table,
    Id,
    ReceivedAt,
    Imei,
    DeviceId,
    VehicleId,
    EnterpriseId,
    Ts,
    Reason,
    Detail,
    Lat,
    Lon,
    Tyres,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(VehicleShares::Table)
                    .if_not_exists()
                    .col(big_pk_auto(VehicleShares::Id))
                    .col(string_len_uniq(VehicleShares::Code, 32))
                    .col(big_integer(VehicleShares::VehicleId))
                    // The vehicle's enterprise when shared: a transferred vehicle's old links
                    // stop working.
                    .col(big_integer(VehicleShares::EnterpriseId))
                    .col(big_integer(VehicleShares::CreatedBy))
                    .col(timestamp_with_time_zone(VehicleShares::CreatedAt))
                    .col(timestamp_with_time_zone(VehicleShares::ExpiresAt))
                    .col(timestamp_with_time_zone_null(VehicleShares::RevokedAt))
                    .col(big_integer_null(VehicleShares::RevokedBy))
                    .foreign_key(
                        ForeignKey::create()
                            .from(VehicleShares::Table, VehicleShares::VehicleId)
                            .to(Vehicles::Table, Vehicles::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(index(
                "idx_vehicle_shares_vehicle",
                VehicleShares::Table,
                &["vehicle_id", "created_at"],
            ))
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(RejectedReports::Table)
                    .if_not_exists()
                    .col(big_pk_auto(RejectedReports::Id))
                    .col(timestamp_with_time_zone(RejectedReports::ReceivedAt))
                    .col(string_len(RejectedReports::Imei, 32))
                    // Known when the imei belongs to a registered device.
                    .col(big_integer_null(RejectedReports::DeviceId))
                    .col(big_integer_null(RejectedReports::VehicleId))
                    .col(big_integer_null(RejectedReports::EnterpriseId))
                    // Device time, when the report carried a readable one.
                    .col(timestamp_with_time_zone_null(RejectedReports::Ts))
                    .col(string_len(RejectedReports::Reason, 32))
                    .col(string_len(RejectedReports::Detail, 255))
                    .col(double_null(RejectedReports::Lat))
                    .col(double_null(RejectedReports::Lon))
                    .col(integer(RejectedReports::Tyres).default(0))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(index(
                "idx_rejected_reports_imei",
                RejectedReports::Table,
                &["imei", "received_at"],
            ))
            .await?;
        manager
            .create_index(index(
                "idx_rejected_reports_ent",
                RejectedReports::Table,
                &["enterprise_id", "received_at"],
            ))
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        for table in [
            RejectedReports::Table.into_iden(),
            VehicleShares::Table.into_iden(),
        ] {
            manager
                .drop_table(Table::drop().table(table).to_owned())
                .await?;
        }
        Ok(())
    }
}
