//! Document numbers of the day per enterprise — `WO-20261127-0001`, `SM-20261127-0001` — as
//! work orders and stock moves are numbered.

use sea_orm::prelude::ChronoDateTimeUtc;
use sea_orm::{
    ColumnTrait, ConnectionTrait, DbBackend, EntityTrait, QueryFilter, QueryOrder, QuerySelect,
    Statement,
};

use crate::error::AppError;
use crate::search::starts_with;

/// Where the numbers of one kind of document are kept: the table's entity, its enterprise and
/// number columns, and the letters before the day.
pub struct Numbering<E: EntityTrait> {
    pub enterprise: E::Column,
    pub number: E::Column,
    pub letters: &'static str,
}

impl<E: EntityTrait> Numbering<E> {
    /// The next number of `now`'s UTC day for enterprise `ent`, within the caller's write
    /// transaction. On PostgreSQL an advisory lock per (kind, enterprise) until the transaction
    /// ends keeps two writers from taking one number; SQLite has one writer.
    pub async fn next(
        &self,
        txn: &impl ConnectionTrait,
        ent: i64,
        now: ChronoDateTimeUtc,
    ) -> Result<String, AppError> {
        if txn.get_database_backend() == DbBackend::Postgres {
            txn.query_one_raw(Statement::from_sql_and_values(
                DbBackend::Postgres,
                "SELECT pg_advisory_xact_lock(hashtext($1), ($2 % 2147483647)::int)",
                [self.letters.into(), ent.into()],
            ))
            .await?;
        }
        let prefix = format!("{}-{}-", self.letters, now.format("%Y%m%d"));
        let last: Option<String> = E::find()
            .select_only()
            .column(self.number)
            .filter(self.enterprise.eq(ent))
            .filter(starts_with(self.number, &prefix))
            .order_by_desc(self.number)
            .into_tuple()
            .one(txn)
            .await?;
        let n = last
            .and_then(|l| l[prefix.len()..].parse::<u32>().ok())
            .unwrap_or(0)
            + 1;
        Ok(format!("{prefix}{n:04}"))
    }
}
