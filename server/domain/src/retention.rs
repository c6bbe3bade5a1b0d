//! Daily pruning of the tables that would otherwise grow without end: history (positions and
//! wheel frames, `WHEELEND_HISTORY_RETENTION_DAYS`), the operation log and the sign-in audit
//! (`WHEELEND_OPERATION_LOG_RETENTION_DAYS`). Nothing else deletes from the two logs but the
//! super admin.

use std::future::Future;
use std::time::Duration;

use chrono::{DateTime, Utc};
use sea_orm::{ColumnTrait, DatabaseConnection, EntityTrait, QueryFilter, QueryOrder, QuerySelect};

use kernel::error::AppError;

/// Runs `prune` with the cut-off of `days` ago a minute after start and then once a day;
/// 0 days keeps everything.
pub fn daily<F, Fut>(db: DatabaseConnection, what: &'static str, days: u32, prune: F)
where
    F: Fn(DatabaseConnection, DateTime<Utc>) -> Fut + Send + 'static,
    Fut: Future<Output = Result<u64, AppError>> + Send,
{
    if days == 0 {
        return;
    }
    tokio::spawn(async move {
        tokio::time::sleep(Duration::from_secs(60)).await;
        loop {
            let before = Utc::now() - chrono::Duration::days(i64::from(days));
            match prune(db.clone(), before).await {
                Ok(n) => tracing::info!(rows = n, days, what, "retention"),
                Err(err) => tracing::warn!(%err, what, "retention"),
            }
            tokio::time::sleep(Duration::from_secs(24 * 3600)).await;
        }
    });
}

/// Rows deleted per statement, so a long backlog never holds the write lock for long.
const BATCH: u64 = 1000;

/// Deletes the rows of `E` whose `created` is before `before`, oldest ids first, a batch per
/// statement; answers how many went.
///
/// # Errors
/// When the database fails (what was deleted before stays deleted).
pub async fn delete_before<E>(
    db: &DatabaseConnection,
    id: E::Column,
    created: E::Column,
    before: DateTime<Utc>,
) -> Result<u64, AppError>
where
    E: EntityTrait,
{
    let mut deleted = 0;
    loop {
        let ids: Vec<i64> = E::find()
            .select_only()
            .column(id)
            .filter(created.lt(before))
            .order_by_asc(id)
            .limit(BATCH)
            .into_tuple()
            .all(db)
            .await?;
        if ids.is_empty() {
            return Ok(deleted);
        }
        let n = ids.len() as u64;
        deleted += E::delete_many()
            .filter(id.is_in(ids))
            .exec(db)
            .await?
            .rows_affected;
        if n < BATCH {
            return Ok(deleted);
        }
    }
}
