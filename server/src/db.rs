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
