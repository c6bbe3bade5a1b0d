//! `sys_login_records`: every sign-in attempt (password, account switch, visitor, SMS, QR,
//! registration) with who tried, from where, how and what came of it — never the token or
//! the password. Sign-ins are open calls and stay out of the operation log.

use sea_orm_migration::{prelude::*, schema::*};

use crate::schema_helpers::index;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum SysLoginRecords {
    Table,
    Id,
    UserId,
    Username,
    Ip,
    Agent,
    Method,
    Result,
    CreatedAt,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(SysLoginRecords::Table)
                    .if_not_exists()
                    .col(big_pk_auto(SysLoginRecords::Id))
                    .col(big_integer_null(SysLoginRecords::UserId))
                    .col(string(SysLoginRecords::Username))
                    .col(string(SysLoginRecords::Ip))
                    .col(string(SysLoginRecords::Agent))
                    .col(string_len(SysLoginRecords::Method, 16))
                    .col(string_len(SysLoginRecords::Result, 16))
                    .col(timestamp_with_time_zone(SysLoginRecords::CreatedAt))
                    .to_owned(),
            )
            .await?;
        for (name, col) in [
            ("idx_login_records_created", "created_at"),
            ("idx_login_records_user", "user_id"),
        ] {
            manager
                .create_index(index(name, SysLoginRecords::Table, &[col]))
                .await?;
        }
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .drop_table(Table::drop().table(SysLoginRecords::Table).to_owned())
            .await
    }
}
