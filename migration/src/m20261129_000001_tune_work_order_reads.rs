//! Work orders (issue 15, speed):
//! - The statistics of a year averaged two durations per order, each computed from two
//!   timestamps (on SQLite, text parsed per row). The durations are now stored when they end
//!   (`response_secs`, `resolution_secs`), filled in here for the orders that have them, and
//!   the statistics' index carries them instead of `first_response_at`.
//! - On PostgreSQL, trigram indexes (`pg_trgm`, when the database may have it) answer keyword
//!   searches of numbers and titles without reading every order of the scope.

use sea_orm_migration::prelude::*;
use sea_orm_migration::sea_orm::{ConnectionTrait, DbBackend};

use crate::schema_helpers::index;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum WorkOrders {
    Table,
    ResponseSecs,
    ResolutionSecs,
}

/// The statistics' index, replaced: its columns before and after.
const GROUPS: &str = crate::m20261127_000001_index_work_order_reads::GROUPS.0;
const GROUPS_BEFORE: &[&str] = crate::m20261127_000001_index_work_order_reads::GROUPS.1;
const GROUPS_AFTER: &[&str] = &[
    "enterprise_id",
    "state",
    "type_id",
    "grade",
    "assignee_id",
    "created_at",
    "due_at",
    "resolved_at",
    "closed_at",
    "response_secs",
    "resolution_secs",
];

/// Trigram indexes of the searched columns, created only where `pg_trgm` is available (an
/// extension a managed database may refuse): without them the search is a scan, as before.
const TRIGRAMS: &str = r"
DO $$
BEGIN
    BEGIN
        CREATE EXTENSION IF NOT EXISTS pg_trgm;
    EXCEPTION WHEN insufficient_privilege OR undefined_file THEN
        RAISE NOTICE 'pg_trgm unavailable: work order keywords are searched by a scan';
    END;
    IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
        CREATE INDEX IF NOT EXISTS idx_work_orders_number_trgm
            ON work_orders USING gin (lower(number) gin_trgm_ops);
        CREATE INDEX IF NOT EXISTS idx_work_orders_title_trgm
            ON work_orders USING gin (lower(title) gin_trgm_ops);
    END IF;
END
$$;
";

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    /// One transaction: the index is dropped and created again under the same name.
    fn use_transaction(&self) -> Option<bool> {
        Some(true)
    }

    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        for column in [WorkOrders::ResponseSecs, WorkOrders::ResolutionSecs] {
            manager
                .alter_table(
                    Table::alter()
                        .table(WorkOrders::Table)
                        .add_column(ColumnDef::new(column).big_integer().null())
                        .to_owned(),
                )
                .await?;
        }
        let db = manager.get_connection();
        let seconds = |to: &str| match db.get_database_backend() {
            DbBackend::Postgres => {
                format!("CAST(EXTRACT(EPOCH FROM ({to} - created_at)) AS BIGINT)")
            }
            _ => {
                format!("CAST(ROUND((julianday({to}) - julianday(created_at)) * 86400) AS INTEGER)")
            }
        };
        db.execute_unprepared(&format!(
            "UPDATE work_orders SET response_secs = {} WHERE first_response_at IS NOT NULL",
            seconds("first_response_at")
        ))
        .await?;
        db.execute_unprepared(&format!(
            "UPDATE work_orders SET resolution_secs = {} \
             WHERE resolved_at IS NOT NULL OR closed_at IS NOT NULL",
            seconds("COALESCE(resolved_at, closed_at)")
        ))
        .await?;
        replace_groups(manager, GROUPS_AFTER).await?;
        if db.get_database_backend() == DbBackend::Postgres {
            db.execute_unprepared(TRIGRAMS).await?;
        }
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let db = manager.get_connection();
        if db.get_database_backend() == DbBackend::Postgres {
            db.execute_unprepared(
                "DROP INDEX IF EXISTS idx_work_orders_number_trgm; \
                 DROP INDEX IF EXISTS idx_work_orders_title_trgm;",
            )
            .await?;
        }
        replace_groups(manager, GROUPS_BEFORE).await?;
        for column in [WorkOrders::ResponseSecs, WorkOrders::ResolutionSecs] {
            manager
                .alter_table(
                    Table::alter()
                        .table(WorkOrders::Table)
                        .drop_column(column)
                        .to_owned(),
                )
                .await?;
        }
        Ok(())
    }
}

async fn replace_groups(manager: &SchemaManager<'_>, cols: &[&'static str]) -> Result<(), DbErr> {
    manager
        .drop_index(
            Index::drop()
                .name(GROUPS)
                .table(WorkOrders::Table)
                .to_owned(),
        )
        .await?;
    manager
        .create_index(index(GROUPS, WorkOrders::Table, cols))
        .await
}
