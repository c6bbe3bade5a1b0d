//! Work orders (issue 15): the discussions list sorted every discussion of the caller in
//! memory (an enterprise administrator is in all of the enterprise's, 100,000 orders a year).
//! `discussed_at` (the newest note, else the opening) is kept on the order by the service that
//! writes notes, filled in here, and indexed so the database sorts and cuts the page.

use sea_orm_migration::prelude::*;

use crate::schema_helpers::index;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum WorkOrders {
    Table,
    DiscussedAt,
}

const INDEX: &str = "idx_work_orders_discussed";
/// A note's kind on the timeline (`domain::work::states::LOG_NOTE`).
const LOG_NOTE: i16 = 2;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        // SQLite adds a NOT NULL column only with a default; every order gets its own below.
        manager
            .alter_table(
                Table::alter()
                    .table(WorkOrders::Table)
                    .add_column(
                        ColumnDef::new(WorkOrders::DiscussedAt)
                            .timestamp_with_time_zone()
                            .not_null()
                            .default("1970-01-01T00:00:00+00:00"),
                    )
                    .to_owned(),
            )
            .await?;
        manager
            .get_connection()
            .execute_unprepared(&format!(
                "UPDATE work_orders SET discussed_at = COALESCE(\
                 (SELECT MAX(l.created_at) FROM work_order_logs l \
                  WHERE l.order_id = work_orders.id AND l.kind = {LOG_NOTE}), created_at)"
            ))
            .await?;
        manager
            .create_index(index(INDEX, WorkOrders::Table, &["discussed_at", "id"]))
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .drop_index(
                Index::drop()
                    .name(INDEX)
                    .table(WorkOrders::Table)
                    .to_owned(),
            )
            .await?;
        manager
            .alter_table(
                Table::alter()
                    .table(WorkOrders::Table)
                    .drop_column(WorkOrders::DiscussedAt)
                    .to_owned(),
            )
            .await
    }
}
