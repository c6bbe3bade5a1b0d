//! The follower that keeps finished days current (`domain::vehicle::days`): the vehicle-days
//! waiting to be derived again from history (a late report, or the day closing), and the days
//! already closed, so each is queued once.

use sea_orm_migration::{prelude::*, schema::*};

use crate::schema_helpers::{cascade, index};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum PendingDays {
    Table,
    VehicleId,
    Day,
    MarkedAt,
}

#[derive(DeriveIden)]
enum ClosedDays {
    Table,
    Day,
    QueuedAt,
    Vehicles,
}

#[derive(DeriveIden)]
enum Vehicles {
    Table,
    Id,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(PendingDays::Table)
                    .if_not_exists()
                    .col(big_integer(PendingDays::VehicleId))
                    .col(date(PendingDays::Day))
                    // The latest mark: the follower removes a row only if no newer mark came
                    // while it was deriving the day.
                    .col(timestamp_with_time_zone(PendingDays::MarkedAt))
                    .primary_key(
                        Index::create()
                            .col(PendingDays::VehicleId)
                            .col(PendingDays::Day),
                    )
                    .foreign_key(&mut cascade(
                        PendingDays::Table,
                        PendingDays::VehicleId,
                        Vehicles::Table,
                        Vehicles::Id,
                    ))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(index(
                "idx_pending_days_day",
                PendingDays::Table,
                &["day", "vehicle_id"],
            ))
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(ClosedDays::Table)
                    .if_not_exists()
                    .col(date(ClosedDays::Day).primary_key())
                    .col(timestamp_with_time_zone(ClosedDays::QueuedAt))
                    .col(integer(ClosedDays::Vehicles))
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .drop_table(Table::drop().table(ClosedDays::Table).to_owned())
            .await?;
        manager
            .drop_table(Table::drop().table(PendingDays::Table).to_owned())
            .await
    }
}
