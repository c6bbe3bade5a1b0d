//! The event log reads each of its sources newest first by `(time, id)`, in keyset chunks
//! (issue 17): an index on each source's time column serves it, for the platform (no
//! enterprise filter) and for large enterprises alike.

use sea_orm_migration::prelude::*;

use crate::schema_helpers::index;

#[derive(DeriveMigrationName)]
pub struct Migration;

const INDEXES: [(&str, &str, [&str; 2]); 8] = [
    (
        "idx_vehicle_alarms_started",
        "vehicle_alarms",
        ["started_at", "id"],
    ),
    (
        "idx_vehicle_alarms_acked",
        "vehicle_alarms",
        ["acked_at", "id"],
    ),
    (
        "idx_vehicle_alarms_cleared",
        "vehicle_alarms",
        ["cleared_at", "id"],
    ),
    (
        "idx_acceptor_logs_created",
        "acceptor_logs",
        ["created_at", "id"],
    ),
    (
        "idx_sensor_logs_created",
        "sensor_logs",
        ["created_at", "id"],
    ),
    (
        "idx_trailer_swaps_created",
        "trailer_swaps",
        ["created_at", "id"],
    ),
    (
        "idx_work_order_logs_created",
        "work_order_logs",
        ["created_at", "id"],
    ),
    (
        "idx_upgrade_tasks_updated",
        "upgrade_tasks",
        ["updated_at", "id"],
    ),
];

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        for (name, table, cols) in INDEXES {
            manager
                .create_index(
                    index(name, Alias::new(table), &cols)
                        .if_not_exists()
                        .to_owned(),
                )
                .await?;
        }
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        for (name, table, _) in INDEXES {
            manager
                .drop_index(Index::drop().name(name).table(Alias::new(table)).to_owned())
                .await?;
        }
        Ok(())
    }
}
