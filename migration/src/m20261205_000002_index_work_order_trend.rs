//! Work orders (issue 15, speed): the trend of `dynamic_analysis` (orders opened and resolved per
//! period, cost per vehicle and month) reads this narrow index instead of the rows or the wide
//! `listing` index. PostgreSQL read the rows for it (100,000 orders: a sequential scan per
//! pass); with it, each pass is an index-only scan of the range.

use sea_orm_migration::prelude::*;

use crate::schema_helpers::index;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum WorkOrders {
    Table,
}

const TREND: (&str, &[&str]) = (
    "idx_work_orders_trend",
    &[
        "enterprise_id",
        "created_at",
        "state",
        "resolved_at",
        "vehicle_id",
        "cost",
    ],
);

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_index(index(TREND.0, WorkOrders::Table, TREND.1))
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .drop_index(
                Index::drop()
                    .name(TREND.0)
                    .table(WorkOrders::Table)
                    .to_owned(),
            )
            .await
    }
}
