//! Statements every migration builds the same way.

use sea_orm_migration::prelude::*;
use sea_orm_migration::sea_orm::{ConnectionTrait, DbBackend};

/// An index named `name` on `table` over the columns `cols`, in order.
pub fn index(name: &str, table: impl IntoIden, cols: &[&'static str]) -> IndexCreateStatement {
    let mut idx = Index::create();
    idx.name(name).table(table);
    for c in cols {
        idx.col(Alias::new(*c));
    }
    idx
}

/// A foreign key from `table.column` to `to.to_col` whose rows go with the row they point at.
pub fn cascade(
    table: impl IntoIden,
    column: impl IntoIden,
    to: impl IntoIden,
    to_col: impl IntoIden,
) -> ForeignKeyCreateStatement {
    ForeignKey::create()
        .from(table, column)
        .to(to, to_col)
        .on_delete(ForeignKeyAction::Cascade)
        .to_owned()
}

/// Creates a time-series table (it must have a primary key): on SQLite `WITHOUT ROWID`, on
/// PostgreSQL range-partitioned by `ts` with a default partition (later partitions are
/// attached by retention).
pub async fn create_series(
    manager: &SchemaManager<'_>,
    name: &str,
    table: TableCreateStatement,
) -> Result<(), DbErr> {
    let db = manager.get_connection();
    match db.get_database_backend() {
        // Rows live in primary-key order: one B-tree per table instead of a rowid table plus
        // an index, which halves the work of every insert.
        DbBackend::Sqlite => {
            let sql = format!("{} WITHOUT ROWID", table.to_string(SqliteQueryBuilder));
            db.execute_unprepared(&sql).await?;
        }
        DbBackend::Postgres => {
            let sql = format!(
                "{} PARTITION BY RANGE (ts)",
                table.to_string(PostgresQueryBuilder)
            );
            db.execute_unprepared(&sql).await?;
            db.execute_unprepared(&format!(
                "CREATE TABLE IF NOT EXISTS {name}_default PARTITION OF {name} DEFAULT"
            ))
            .await?;
        }
        _ => manager.create_table(table).await?,
    }
    Ok(())
}
