use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum SmsOutbox {
    Table,
    Id,
    Phone,
    Purpose,
    Code,
    ExpiresAt,
    ConsumedAt,
    Attempts,
    CreatedAt,
}

#[derive(DeriveIden)]
enum SysUsers {
    Table,
    RealName,
    Country,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(SmsOutbox::Table)
                    .if_not_exists()
                    .col(big_pk_auto(SmsOutbox::Id))
                    .col(string(SmsOutbox::Phone))
                    .col(string(SmsOutbox::Purpose))
                    .col(string(SmsOutbox::Code))
                    .col(timestamp_with_time_zone(SmsOutbox::ExpiresAt))
                    .col(timestamp_with_time_zone_null(SmsOutbox::ConsumedAt))
                    .col(integer(SmsOutbox::Attempts).default(0))
                    .col(timestamp_with_time_zone(SmsOutbox::CreatedAt))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("idx_sms_outbox_phone")
                    .table(SmsOutbox::Table)
                    .col(SmsOutbox::Phone)
                    .col(SmsOutbox::Purpose)
                    .col(SmsOutbox::CreatedAt)
                    .to_owned(),
            )
            .await?;
        // SQLite adds one column per ALTER TABLE.
        manager
            .alter_table(
                Table::alter()
                    .table(SysUsers::Table)
                    .add_column(string(SysUsers::RealName).default(""))
                    .to_owned(),
            )
            .await?;
        manager
            .alter_table(
                Table::alter()
                    .table(SysUsers::Table)
                    .add_column(string(SysUsers::Country).default(""))
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        for column in [SysUsers::Country, SysUsers::RealName] {
            manager
                .alter_table(
                    Table::alter()
                        .table(SysUsers::Table)
                        .drop_column(column)
                        .to_owned(),
                )
                .await?;
        }
        manager
            .drop_table(Table::drop().table(SmsOutbox::Table).to_owned())
            .await
    }
}
