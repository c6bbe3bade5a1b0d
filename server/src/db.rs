//! Database connection: an embedded SQLite file by default, PostgreSQL when `DATABASE_URL` says
//! so. The same migrations run on both.

use std::path::Path;
use std::time::Duration;

use migration::{Migrator, MigratorTrait};
use sea_orm::{ConnectOptions, ConnectionTrait, Database, DatabaseBackend, DatabaseConnection};

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
        .min_connections(1);
    let db = Database::connect(opts).await?;
    if db.get_database_backend() == DatabaseBackend::Sqlite {
        // WAL lets readers run during writes; it is a property of the file, so set once.
        db.execute_unprepared("PRAGMA journal_mode=WAL").await?;
    }
    Ok(db)
}

/// Applies pending migrations.
///
/// # Errors
/// When a migration fails; it runs in a transaction where the backend allows.
pub async fn migrate(db: &DatabaseConnection) -> Result<(), sea_orm::DbErr> {
    Migrator::up(db, None).await
}

/// Starts a transaction that will write. On SQLite it takes the write lock at `BEGIN`
/// (`IMMEDIATE`): a deferred transaction that reads first and then writes cannot wait for
/// another writer and fails with "database is locked". PostgreSQL ignores the mode.
///
/// # Errors
/// When the transaction cannot be started.
pub async fn begin_write(
    db: &DatabaseConnection,
) -> Result<sea_orm::DatabaseTransaction, sea_orm::DbErr> {
    use sea_orm::{SqliteTransactionMode, TransactionOptions, TransactionTrait as _};
    db.begin_with_options(TransactionOptions {
        sqlite_transaction_mode: Some(SqliteTransactionMode::Immediate),
        ..TransactionOptions::default()
    })
    .await
}
