//! Database connection: an embedded SQLite file by default, PostgreSQL when `DATABASE_URL` says
//! so. The same migrations run on both.

use std::path::Path;
use std::time::Duration;

use migration::{Migrator, MigratorTrait};
use sea_orm::sqlx::sqlite::{SqliteJournalMode, SqliteSynchronous};
use sea_orm::{ConnectOptions, Database, DatabaseConnection};

/// The default database: a SQLite file in the data directory.
pub fn default_url(data_dir: &Path) -> String {
    format!(
        "sqlite://{}?mode=rwc",
        data_dir.join("wheelend.db").display()
    )
}

/// Connects and brings the schema up to date.
///
/// # Errors
/// When the database cannot be reached or a migration fails.
pub async fn connect(url: &str) -> Result<DatabaseConnection, sea_orm::DbErr> {
    let sqlite = url.starts_with("sqlite:");
    let mut opts = ConnectOptions::new(url);
    opts.sqlx_logging(false)
        .connect_timeout(Duration::from_secs(10))
        .acquire_timeout(Duration::from_secs(10))
        // SQLite has one writer; a small pool avoids piling up on its lock.
        .max_connections(if sqlite { 8 } else { 32 })
        .min_connections(1)
        // WAL lets readers run during writes. With WAL, synchronous=NORMAL syncs at
        // checkpoints instead of every commit: a committed transaction survives the process
        // being killed (it is in the WAL file); only a power or OS failure may lose the last
        // commits. Each pooled connection gets both.
        .map_sqlx_sqlite_opts(|o| {
            o.journal_mode(SqliteJournalMode::Wal)
                .synchronous(SqliteSynchronous::Normal)
        });
    Database::connect(opts).await
}

/// Applies pending migrations.
///
/// # Errors
/// When a migration fails; it runs in a transaction where the backend allows.
pub async fn migrate(db: &DatabaseConnection) -> Result<(), sea_orm::DbErr> {
    Migrator::up(db, None).await
}

/// Starts a transaction that will write. On SQLite it takes the write lock at `BEGIN`
/// (`BEGIN IMMEDIATE`): a deferred transaction that reads first and writes later fails with
/// "database is locked" when another connection wrote in between, instead of waiting.
///
/// # Errors
/// When the lock cannot be had within the busy timeout.
pub async fn write_txn(
    db: &DatabaseConnection,
) -> Result<sea_orm::DatabaseTransaction, sea_orm::DbErr> {
    use sea_orm::{SqliteTransactionMode, TransactionOptions, TransactionTrait};
    db.begin_with_options(TransactionOptions {
        sqlite_transaction_mode: Some(SqliteTransactionMode::Immediate),
        ..TransactionOptions::default()
    })
    .await
}

/// A multi-row `INSERT` for the ingestion hot path: the SQL text is written once per chunk
/// size (so the driver's statement cache prepares it once) and values are bound as they are,
/// without building an entity and a query tree per row.
pub struct BulkInsert<'a> {
    pub table: &'a str,
    pub columns: &'a [&'a str],
    /// The unique key a row may collide on; empty: plain insert.
    pub conflict: &'a [&'a str],
    pub on_conflict: OnCollision<'a>,
}

/// What happens to a row whose key is already stored.
pub enum OnCollision<'a> {
    /// The new row is dropped.
    Keep,
    /// The stored row takes the new values of every column but the key and these.
    UpdateAllBut(&'a [&'a str]),
}

/// Rows per statement at most: bound values stay far below SQLite's limit (32,766), and on
/// PostgreSQL a statement's values fit in one loopback segment (sqlx 0.9 leaves Nagle's
/// algorithm on, and a message split across segments waits for a delayed ACK).
fn statement_rows(backend: sea_orm::DbBackend) -> usize {
    match backend {
        sea_orm::DbBackend::Postgres => 32,
        _ => 256,
    }
}

fn prev_power_of_two(n: usize) -> usize {
    1 << (usize::BITS - 1 - n.leading_zeros())
}

impl BulkInsert<'_> {
    fn sql(&self, backend: sea_orm::DbBackend, rows: usize) -> String {
        use std::fmt::Write as _;
        let width = self.columns.len();
        let mut sql = format!(
            "INSERT INTO {} ({}) VALUES ",
            self.table,
            self.columns.join(", ")
        );
        for r in 0..rows {
            sql.push_str(if r == 0 { "(" } else { ", (" });
            for c in 0..width {
                if c > 0 {
                    sql.push_str(", ");
                }
                match backend {
                    sea_orm::DbBackend::Postgres => {
                        let _ = write!(sql, "${}", r * width + c + 1);
                    }
                    _ => sql.push('?'),
                }
            }
            sql.push(')');
        }
        if !self.conflict.is_empty() {
            let _ = write!(sql, " ON CONFLICT ({}) DO ", self.conflict.join(", "));
            match self.on_conflict {
                OnCollision::Keep => sql.push_str("NOTHING"),
                OnCollision::UpdateAllBut(kept) => {
                    let set: Vec<String> = self
                        .columns
                        .iter()
                        .filter(|c| !self.conflict.contains(c) && !kept.contains(c))
                        .map(|c| format!("{c} = excluded.{c}"))
                        .collect();
                    let _ = write!(sql, "UPDATE SET {}", set.join(", "));
                }
            }
        }
        sql
    }

    /// Inserts `rows` (each the values of `columns`, in order); answers how many rows were
    /// written.
    ///
    /// # Errors
    /// When the database refuses a statement.
    pub async fn run(
        &self,
        db: &impl sea_orm::ConnectionTrait,
        rows: Vec<Vec<sea_orm::Value>>,
    ) -> Result<u64, sea_orm::DbErr> {
        let backend = db.get_database_backend();
        let mut written = 0;
        let mut left = rows.len();
        let mut rows = rows.into_iter();
        while left > 0 {
            // Whole blocks of a power of two rows: a handful of statement texts per table,
            // each prepared once, whatever the batch size.
            let block = statement_rows(backend).min(prev_power_of_two(left));
            left -= block;
            let chunk: Vec<Vec<sea_orm::Value>> = rows.by_ref().take(block).collect();
            let sql = self.sql(backend, chunk.len());
            let values: Vec<sea_orm::Value> = chunk.into_iter().flatten().collect();
            written += db
                .execute_raw(sea_orm::Statement::from_sql_and_values(
                    backend, sql, values,
                ))
                .await?
                .rows_affected();
        }
        Ok(written)
    }
}
