//! Work orders (issue 15, speed): on SQLite a keyword was matched by reading the number and
//! title of every order of the scope (32 ms over 100,000 orders for a number no order holds).
//! A trigram full-text index (FTS5, external content: it stores no copy of the texts) answers a
//! word few orders hold at once; triggers keep it with the table. PostgreSQL has `pg_trgm`
//! indexes for the same (m20261129_000001).

use sea_orm_migration::prelude::*;
use sea_orm_migration::sea_orm::{ConnectionTrait, DbBackend};

#[derive(DeriveMigrationName)]
pub struct Migration;

const UP: &[&str] = &[
    "CREATE VIRTUAL TABLE work_order_search USING fts5(number, title, \
     content='work_orders', content_rowid='id', tokenize='trigram')",
    "INSERT INTO work_order_search(work_order_search) VALUES ('rebuild')",
    "CREATE TRIGGER work_order_search_insert AFTER INSERT ON work_orders BEGIN \
     INSERT INTO work_order_search(rowid, number, title) VALUES (new.id, new.number, new.title); \
     END",
    "CREATE TRIGGER work_order_search_delete AFTER DELETE ON work_orders BEGIN \
     INSERT INTO work_order_search(work_order_search, rowid, number, title) \
     VALUES ('delete', old.id, old.number, old.title); END",
    "CREATE TRIGGER work_order_search_update AFTER UPDATE OF number, title ON work_orders BEGIN \
     INSERT INTO work_order_search(work_order_search, rowid, number, title) \
     VALUES ('delete', old.id, old.number, old.title); \
     INSERT INTO work_order_search(rowid, number, title) VALUES (new.id, new.number, new.title); \
     END",
];

const DOWN: &[&str] = &[
    "DROP TRIGGER IF EXISTS work_order_search_update",
    "DROP TRIGGER IF EXISTS work_order_search_delete",
    "DROP TRIGGER IF EXISTS work_order_search_insert",
    "DROP TABLE IF EXISTS work_order_search",
];

async fn run(manager: &SchemaManager<'_>, statements: &[&str]) -> Result<(), DbErr> {
    let db = manager.get_connection();
    if db.get_database_backend() != DbBackend::Sqlite {
        return Ok(());
    }
    for sql in statements {
        db.execute_unprepared(sql).await?;
    }
    Ok(())
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    fn use_transaction(&self) -> Option<bool> {
        Some(true)
    }

    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        run(manager, UP).await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        run(manager, DOWN).await
    }
}
