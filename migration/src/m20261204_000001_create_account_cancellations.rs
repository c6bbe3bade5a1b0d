//! Account cancellation requests (docs/site-pages.md): who asked, when,
//! why, and when the cooling-off period ends. The account itself is frozen (`enable = 2`) by the
//! same write; the row is the record of the request.

use sea_orm_migration::{prelude::*, schema::*};

use crate::schema_helpers::index;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum AccountCancellations {
    Table,
    Id,
    UserId,
    Username,
    Reason,
    RequestedAt,
    CoolingOffUntil,
    ClosedAt,
    Outcome,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    fn use_transaction(&self) -> Option<bool> {
        Some(true)
    }

    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(AccountCancellations::Table)
                    .if_not_exists()
                    .col(big_pk_auto(AccountCancellations::Id))
                    .col(big_integer(AccountCancellations::UserId))
                    .col(string_len(AccountCancellations::Username, 64))
                    .col(string_len(AccountCancellations::Reason, 500).default(""))
                    .col(timestamp_with_time_zone(AccountCancellations::RequestedAt))
                    .col(timestamp_with_time_zone(
                        AccountCancellations::CoolingOffUntil,
                    ))
                    .col(timestamp_with_time_zone_null(
                        AccountCancellations::ClosedAt,
                    ))
                    .col(string_len(AccountCancellations::Outcome, 16).default(""))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(index(
                "idx_account_cancellations_user",
                AccountCancellations::Table,
                &["user_id"],
            ))
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .drop_table(
                Table::drop()
                    .table(AccountCancellations::Table)
                    .if_exists()
                    .to_owned(),
            )
            .await
    }
}
