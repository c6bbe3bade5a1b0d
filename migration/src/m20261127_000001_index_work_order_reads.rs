//! Work orders (issue 15, speed): indexes that answer the busiest reads without the rows (a
//! row carries the vehicle snapshot, the description and the repair record; reading 100,000 of
//! them to sort, count or aggregate took most of a second):
//! - `listing`: the order list's page of ids, its keyword search and count, the trend by
//!   month. It starts like the index it replaces, so what used that one can use this one.
//! - `groups`: the statistics, grouped in the index's order (no sort of a year of orders).
//! - `assignee` and `type` gain the enterprise or the opening time: a technician's orders and
//!   the orders of a type are filtered and sorted without reading their rows.

use sea_orm_migration::prelude::*;

use crate::schema_helpers::index;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum WorkOrders {
    Table,
}

/// The indexes replaced, as they were.
const REPLACED: [(&str, &[&str]); 3] = [
    ("idx_work_orders_created", &["enterprise_id", "created_at"]),
    ("idx_work_orders_assignee", &["assignee_id", "state"]),
    ("idx_work_orders_type", &["enterprise_id", "type_id"]),
];
const ASSIGNEE: (&str, &[&str]) = (
    "idx_work_orders_assignee",
    &["assignee_id", "state", "enterprise_id", "created_at"],
);
const TYPE: (&str, &[&str]) = (
    "idx_work_orders_type",
    &["enterprise_id", "type_id", "created_at"],
);
const LISTING: (&str, &[&str]) = (
    "idx_work_orders_listing",
    &[
        "enterprise_id",
        "created_at",
        "state",
        "type_id",
        "assignee_id",
        "vehicle_id",
        "resolved_at",
        "cost",
        "number",
        "title",
    ],
);
/// The statistics' index as this migration made it (a later one replaces it).
pub(crate) const GROUPS: (&str, &[&str]) = (
    "idx_work_orders_groups",
    &[
        "enterprise_id",
        "state",
        "type_id",
        "grade",
        "assignee_id",
        "created_at",
        "due_at",
        "first_response_at",
        "resolved_at",
        "closed_at",
    ],
);

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    /// One transaction on SQLite too: an index is dropped and created again under the same
    /// name, and on a pool of connections the creation could meet a connection that still
    /// sees the old one.
    fn use_transaction(&self) -> Option<bool> {
        Some(true)
    }

    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        for (name, _) in REPLACED {
            drop_index(manager, name).await?;
        }
        for (name, cols) in [LISTING, GROUPS, ASSIGNEE, TYPE] {
            manager
                .create_index(index(name, WorkOrders::Table, cols))
                .await?;
        }
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        for (name, _) in [LISTING, GROUPS, ASSIGNEE, TYPE] {
            drop_index(manager, name).await?;
        }
        for (name, cols) in REPLACED {
            manager
                .create_index(index(name, WorkOrders::Table, cols))
                .await?;
        }
        Ok(())
    }
}

async fn drop_index(manager: &SchemaManager<'_>, name: &str) -> Result<(), DbErr> {
    manager
        .drop_index(Index::drop().name(name).table(WorkOrders::Table).to_owned())
        .await
}
