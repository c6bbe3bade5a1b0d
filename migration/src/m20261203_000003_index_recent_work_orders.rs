//! Work orders (issue 15, speed): the newest orders of every enterprise in the index's order,
//! for the platform's staff, whose list spans all enterprises (an enterprise's own list reads
//! `idx_work_orders_listing` enterprise by enterprise). Without it, page 1 of the platform's
//! list sorted every order.

use sea_orm_migration::prelude::*;

use crate::schema_helpers::index;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum WorkOrders {
    Table,
}

const RECENT: &str = "idx_work_orders_recent";

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_index(index(RECENT, WorkOrders::Table, &["created_at", "id"]))
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .drop_index(
                Index::drop()
                    .name(RECENT)
                    .table(WorkOrders::Table)
                    .to_owned(),
            )
            .await
    }
}
