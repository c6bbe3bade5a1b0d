//! Periodic fleet reports delivered to members (issue 17, docs/reports.md "Scheduled
//! delivery"): who receives which cadence in which format through which channels, and the log
//! of every delivery, whose unique key makes each scheduled period go out exactly once.

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
enum SysUsers {
    Table,
    Id,
}

#[derive(DeriveIden)]
enum ReportSubscriptions {
    Table,
    Id,
    EnterpriseId,
    UserId,
    CreatedBy,
    Cadence,
    Format,
    Console,
    WebhookId,
    Lang,
    Origin,
    CreatedAt,
    UpdatedAt,
}

#[derive(DeriveIden)]
enum ReportDeliveries {
    Table,
    Id,
    SubscriptionId,
    EnterpriseId,
    UserId,
    Cadence,
    Format,
    StartDate,
    EndDate,
    ScheduledFor,
    Token,
    FileName,
    Path,
    Bytes,
    Outcome,
    Note,
    CreatedAt,
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
                    .table(ReportSubscriptions::Table)
                    .if_not_exists()
                    .col(big_pk_auto(ReportSubscriptions::Id))
                    .col(big_integer(ReportSubscriptions::EnterpriseId))
                    .col(big_integer(ReportSubscriptions::UserId))
                    .col(big_integer(ReportSubscriptions::CreatedBy))
                    .col(string_len(ReportSubscriptions::Cadence, 16))
                    .col(string_len(ReportSubscriptions::Format, 8))
                    .col(boolean(ReportSubscriptions::Console))
                    // One of the enterprise's webhooks (checked again at each delivery).
                    .col(big_integer_null(ReportSubscriptions::WebhookId))
                    .col(string_len(ReportSubscriptions::Lang, 8))
                    // The site address the subscription was saved through: links are built on it.
                    .col(string_len(ReportSubscriptions::Origin, 255))
                    .col(timestamp_with_time_zone(ReportSubscriptions::CreatedAt))
                    .col(timestamp_with_time_zone(ReportSubscriptions::UpdatedAt))
                    .foreign_key(&mut cascade(
                        ReportSubscriptions::Table,
                        ReportSubscriptions::EnterpriseId,
                        Enterprises::Table,
                        Enterprises::Id,
                    ))
                    .foreign_key(&mut cascade(
                        ReportSubscriptions::Table,
                        ReportSubscriptions::UserId,
                        SysUsers::Table,
                        SysUsers::Id,
                    ))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                index(
                    "idx_report_subscriptions_unique",
                    ReportSubscriptions::Table,
                    &["enterprise_id", "user_id", "cadence", "format"],
                )
                .unique()
                .to_owned(),
            )
            .await?;
        // Deliveries outlive their subscription (the links in sent messages keep working), so
        // no foreign key to it.
        manager
            .create_table(
                Table::create()
                    .table(ReportDeliveries::Table)
                    .if_not_exists()
                    .col(big_pk_auto(ReportDeliveries::Id))
                    .col(big_integer(ReportDeliveries::SubscriptionId))
                    .col(big_integer(ReportDeliveries::EnterpriseId))
                    .col(big_integer(ReportDeliveries::UserId))
                    .col(string_len(ReportDeliveries::Cadence, 16))
                    .col(string_len(ReportDeliveries::Format, 8))
                    .col(date(ReportDeliveries::StartDate))
                    .col(date(ReportDeliveries::EndDate))
                    // The period's first day for a scheduled delivery; null for "send now".
                    .col(date_null(ReportDeliveries::ScheduledFor))
                    .col(string_len(ReportDeliveries::Token, 64))
                    .col(string_len(ReportDeliveries::FileName, 255))
                    // Relative to the data dir; null when nothing was sent.
                    .col(string_len_null(ReportDeliveries::Path, 255))
                    .col(big_integer(ReportDeliveries::Bytes).default(0))
                    .col(string_len(ReportDeliveries::Outcome, 16))
                    .col(text_null(ReportDeliveries::Note))
                    .col(timestamp_with_time_zone(ReportDeliveries::CreatedAt))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                index(
                    "idx_report_deliveries_period",
                    ReportDeliveries::Table,
                    &["subscription_id", "scheduled_for"],
                )
                .unique()
                .to_owned(),
            )
            .await?;
        manager
            .create_index(
                index(
                    "idx_report_deliveries_token",
                    ReportDeliveries::Table,
                    &["token"],
                )
                .unique()
                .to_owned(),
            )
            .await?;
        manager
            .create_index(index(
                "idx_report_deliveries_enterprise",
                ReportDeliveries::Table,
                &["enterprise_id", "id"],
            ))
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        for table in [
            ReportDeliveries::Table.into_iden(),
            ReportSubscriptions::Table.into_iden(),
        ] {
            manager
                .drop_table(Table::drop().table(table).if_exists().to_owned())
                .await?;
        }
        Ok(())
    }
}
