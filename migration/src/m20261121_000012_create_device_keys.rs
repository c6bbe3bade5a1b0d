//! Device keys (`x-device-key` on `POST /tapi/device/report`) and the daily counts of reports
//! ingestion accepted and rejected, by reason.

use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum Devices {
    Table,
    Id,
}

#[derive(DeriveIden)]
enum DeviceKeys {
    Table,
    DeviceId,
    KeyHash,
    CreatedAt,
}

#[derive(DeriveIden)]
enum IngestCounts {
    Table,
    Day,
    Outcome,
    Count,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(DeviceKeys::Table)
                    .if_not_exists()
                    .col(big_integer(DeviceKeys::DeviceId).primary_key())
                    // SHA-256 of the key, hex; the key itself is shown once when issued.
                    .col(string_len(DeviceKeys::KeyHash, 64))
                    .col(timestamp_with_time_zone(DeviceKeys::CreatedAt))
                    .foreign_key(
                        ForeignKey::create()
                            .from(DeviceKeys::Table, DeviceKeys::DeviceId)
                            .to(Devices::Table, Devices::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(IngestCounts::Table)
                    .if_not_exists()
                    .col(date(IngestCounts::Day))
                    // `accepted` or a rejection reason.
                    .col(string_len(IngestCounts::Outcome, 32))
                    .col(big_integer(IngestCounts::Count).default(0))
                    .primary_key(
                        Index::create()
                            .col(IngestCounts::Day)
                            .col(IngestCounts::Outcome),
                    )
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        for table in [
            IngestCounts::Table.into_iden(),
            DeviceKeys::Table.into_iden(),
        ] {
            manager
                .drop_table(Table::drop().table(table).to_owned())
                .await?;
        }
        Ok(())
    }
}
