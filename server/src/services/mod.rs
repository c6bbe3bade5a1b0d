//! Business rules, one module per area. Handlers call these; these never see HTTP.

pub mod authz;
pub mod brand;
pub mod menu;
pub mod menu_seed;
pub mod oplog;
pub mod pages;
pub mod paging;
pub mod seed;
pub mod session;

use sea_orm::{
    DatabaseConnection, DatabaseTransaction, DbErr, SqliteTransactionMode, TransactionOptions,
    TransactionTrait,
};

/// Begins a transaction that will write. On SQLite it takes the write lock at once
/// (`BEGIN IMMEDIATE`, waiting out the busy timeout), so a read inside it can never fail to
/// upgrade because another writer (the operation log, say) committed in between.
pub async fn write_txn(db: &DatabaseConnection) -> Result<DatabaseTransaction, DbErr> {
    db.begin_with_options(TransactionOptions {
        sqlite_transaction_mode: Some(SqliteTransactionMode::Immediate),
        ..TransactionOptions::default()
    })
    .await
}
