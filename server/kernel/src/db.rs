//! Database connection: an embedded SQLite file by default, PostgreSQL when `DATABASE_URL` says
//! so. The same migrations run on both.

use std::path::Path;
use std::sync::Arc;
use std::time::Duration;

use migration::{Migrator, MigratorTrait};
use sea_orm::prelude::ChronoDateTimeUtc;
use sea_orm::sqlx::postgres::{PgArguments, PgConnection};
use sea_orm::sqlx::sqlite::{SqliteJournalMode, SqliteSynchronous};
use sea_orm::sqlx::{self, Postgres, Row as _};
use sea_orm::{
    ConnectOptions, ConnectionTrait, Database, DatabaseConnection, DatabaseConnectionType,
    DatabaseTransaction, DbBackend, DbErr, ExecResult, QueryResult, RuntimeErr, Statement, Value,
};
use sea_query_sqlx::SqlxValues;
use tokio::sync::Mutex;

/// The default database: a SQLite file in the data directory.
pub fn default_url(data_dir: &Path) -> String {
    format!(
        "sqlite://{}?mode=rwc",
        data_dir.join("wheelend.db").display()
    )
}

/// Connects. A PostgreSQL server on this machine named without `sslmode` is connected to
/// without TLS first (see `loopback_without_sslmode`).
///
/// # Errors
/// When the database cannot be reached.
pub async fn connect(url: &str) -> Result<DatabaseConnection, sea_orm::DbErr> {
    let lower = url.to_ascii_lowercase();
    if !lower.starts_with("sqlite:") {
        crate::search::lower_columns();
    }
    if loopback_without_sslmode(url) {
        match Database::connect(options(url, true)).await {
            // The server answered and refused (`pg_hba.conf` may ask for TLS): try with it.
            Err(DbErr::Conn(RuntimeErr::SqlxError(err)))
                if matches!(*err, sqlx::Error::Database(_)) =>
            {
                tracing::info!(%err, "PostgreSQL refused a connection without TLS; using TLS");
            }
            connected => return connected,
        }
    }
    Database::connect(options(url, false)).await
}

/// A PostgreSQL URL to this machine that leaves `sslmode` to the default (`prefer`, which
/// takes TLS when the server offers it), and no `PGSSLMODE` either.
///
/// Such a connection is made without TLS first: on loopback TLS protects nothing, and with
/// sqlx 0.9.0 it costs more than its encryption. rustls hands each 16 KiB record to the socket
/// as its own write, and sqlx 0.9.0 leaves Nagle's algorithm on (no `TCP_NODELAY`), so the
/// second record of any message over 16 KiB waits for the server's delayed ACK, ~40 ms on
/// Linux (measured: creating the benchmark's 20,000-vehicle fleet took 22.5 s with TLS and
/// 2.7 s without; every batch statement of ingestion waited). A server that refuses a
/// connection without TLS gets one with it.
fn loopback_without_sslmode(url: &str) -> bool {
    use sea_orm::sqlx::postgres::PgConnectOptions;
    let lower = url.to_ascii_lowercase();
    if !(lower.starts_with("postgres:") || lower.starts_with("postgresql:"))
        || lower.contains("sslmode")
        || lower.contains("ssl-mode")
        || std::env::var_os("PGSSLMODE").is_some()
    {
        return false;
    }
    let Ok(opts) = url.parse::<PgConnectOptions>() else {
        return false;
    };
    let host = opts
        .get_host()
        .trim_start_matches('[')
        .trim_end_matches(']');
    opts.get_socket().is_none()
        && (host.eq_ignore_ascii_case("localhost")
            || host
                .parse::<std::net::IpAddr>()
                .is_ok_and(|ip| ip.is_loopback()))
}

fn options(url: &str, plaintext: bool) -> ConnectOptions {
    use sea_orm::sqlx::postgres::PgSslMode;
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
        // Prepared statements are cached per connection; ingestion's multi-row inserts make
        // one statement per batch size, each a large program, so sqlx's 100 per connection
        // held ~28 MB on a 30,000-vehicle fleet (issue 14). 24 keep every hot statement.
        .map_sqlx_sqlite_opts(|o| {
            o.journal_mode(SqliteJournalMode::Wal)
                .synchronous(SqliteSynchronous::Normal)
                .statement_cache_capacity(24)
        });
    if plaintext {
        opts.map_sqlx_postgres_opts(|o| o.ssl_mode(PgSslMode::Disable));
    }
    opts
}

/// Brings the query planner's statistics up to date. SQLite keeps none until told
/// (`PRAGMA optimize` analyses the tables whose size changed a lot since their last analysis,
/// each within a bounded number of rows); without them it guesses that an enterprise filter
/// is selective and sorts every matching row instead of reading a time index in order.
/// PostgreSQL's autovacuum keeps its own statistics: nothing to do there.
///
/// # Errors
/// When the database refuses the statement.
pub async fn refresh_statistics(db: &DatabaseConnection) -> Result<(), DbErr> {
    if db.get_database_backend() == sea_orm::DbBackend::Sqlite {
        db.execute_unprepared("PRAGMA analysis_limit=2000").await?;
        db.execute_unprepared("PRAGMA optimize=0x10002").await?;
    }
    Ok(())
}

/// Refreshes the planner's statistics now and then every `every` (see [`refresh_statistics`]).
pub fn keep_statistics(db: DatabaseConnection, every: Duration) {
    tokio::spawn(async move {
        let mut tick = tokio::time::interval(every);
        loop {
            tick.tick().await;
            if let Err(err) = refresh_statistics(&db).await {
                tracing::warn!(%err, "refreshing the query planner's statistics");
            }
        }
    });
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

/// Ids as the list of a raw `IN (…)` (integers: nothing to escape).
pub fn id_list(ids: &[i64]) -> String {
    ids.iter().map(i64::to_string).collect::<Vec<_>>().join(",")
}

/// `column IN (ids)` for a batch of ids. PostgreSQL: `column = ANY($1)` with the ids as one
/// array, so the statement text (prepared once) and its plan do not depend on how many there
/// are; elsewhere the list of values.
pub fn id_in<C: sea_orm::ColumnTrait>(
    column: C,
    ids: Vec<i64>,
    backend: DbBackend,
) -> sea_orm::sea_query::Expr {
    use sea_orm::sea_query::{Expr, ExprTrait, extension::postgres::PgFunc};
    match backend {
        DbBackend::Postgres => ExprTrait::eq(
            Expr::col(column.as_column_ref()),
            PgFunc::any(Expr::val(ids)),
        ),
        _ => column.is_in(ids),
    }
}

/// A batch insert for the ingestion hot path, run by [`BulkTxn::insert`] (or [`Bulk::insert`]):
/// values are bound as they are, without building an entity and a query tree per row, and the
/// SQL text repeats (so the driver prepares each once). On SQLite, multi-row `INSERT`s; on
/// PostgreSQL, one `INSERT … SELECT * FROM UNNEST(…)` for all rows (see [`BulkTxn`]).
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

/// Rows per statement at most on the multi-row path: bound values stay far below SQLite's
/// limit (32,766).
const STATEMENT_ROWS: usize = 256;

fn prev_power_of_two(n: usize) -> usize {
    1 << (usize::BITS - 1 - n.leading_zeros())
}

impl BulkInsert<'_> {
    fn sql(&self, backend: DbBackend, rows: usize) -> String {
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
                    DbBackend::Postgres => {
                        let _ = write!(sql, "${}", r * width + c + 1);
                    }
                    _ => sql.push('?'),
                }
            }
            sql.push(')');
        }
        sql.push_str(&self.on_conflict_sql());
        sql
    }

    /// ` ON CONFLICT (…) DO …`, or nothing for a plain insert.
    fn on_conflict_sql(&self) -> String {
        if self.conflict.is_empty() {
            return String::new();
        }
        let action = match self.on_conflict {
            OnCollision::Keep => "NOTHING".to_owned(),
            OnCollision::UpdateAllBut(_) => {
                let set: Vec<String> = self
                    .updated()
                    .iter()
                    .map(|c| format!("{c} = excluded.{c}"))
                    .collect();
                format!("UPDATE SET {}", set.join(", "))
            }
        };
        format!(" ON CONFLICT ({}) DO {action}", self.conflict.join(", "))
    }

    /// Inserts `rows` (each the values of `columns`, in order) with multi-row statements of
    /// 256, 128, … rows: [`BulkTxn`]'s path on SQLite. Answers how many rows were written.
    async fn run(&self, db: &impl ConnectionTrait, rows: Vec<Vec<Value>>) -> Result<u64, DbErr> {
        let backend = db.get_database_backend();
        let mut written = 0;
        let mut left = rows.len();
        let mut rows = rows.into_iter();
        while left > 0 {
            // Whole blocks of a power of two rows: a handful of statement texts per table,
            // each prepared once, whatever the batch size.
            let block = STATEMENT_ROWS.min(prev_power_of_two(left));
            left -= block;
            let chunk: Vec<Vec<Value>> = rows.by_ref().take(block).collect();
            let sql = self.sql(backend, chunk.len());
            let values: Vec<Value> = chunk.into_iter().flatten().collect();
            written += db
                .execute_raw(Statement::from_sql_and_values(backend, sql, values))
                .await?
                .rows_affected();
        }
        Ok(written)
    }

    /// [`Self::unnest_sql`] without `ON CONFLICT`.
    fn plain_sql(&self) -> String {
        let params: Vec<String> = (1..=self.columns.len()).map(|i| format!("${i}")).collect();
        format!(
            "INSERT INTO {} ({}) SELECT * FROM UNNEST({})",
            self.table,
            self.columns.join(", "),
            params.join(", ")
        )
    }

    /// The columns an upsert sets on a stored row.
    fn updated(&self) -> Vec<&str> {
        match self.on_conflict {
            OnCollision::Keep => Vec::new(),
            OnCollision::UpdateAllBut(kept) => self
                .columns
                .iter()
                .filter(|c| !self.conflict.contains(c) && !kept.contains(c))
                .copied()
                .collect(),
        }
    }

    /// PostgreSQL: one statement for any number of rows, an array parameter per column
    /// unnested into rows.
    ///
    /// An upsert updates the stored rows with a plain `UPDATE … FROM` and inserts the others
    /// (`ON CONFLICT` still covers a row another transaction inserts meanwhile): `ON CONFLICT
    /// DO UPDATE` locks each row it updates first, a second WAL record per row, and took about
    /// up to twice as long for 4,000 vehicle states. The keys of one call must be distinct.
    fn unnest_sql(&self) -> String {
        let cols = self.columns.join(", ");
        let params: Vec<String> = (1..=self.columns.len()).map(|i| format!("${i}")).collect();
        let params = params.join(", ");
        let table = self.table;
        let conflict = self.on_conflict_sql();
        let updated = self.updated();
        if updated.is_empty() {
            return format!(
                "INSERT INTO {table} ({cols}) SELECT * FROM UNNEST({params}){conflict}"
            );
        }
        let set: Vec<String> = updated.iter().map(|c| format!("{c} = n.{c}")).collect();
        let on: Vec<String> = self
            .conflict
            .iter()
            .map(|k| format!("t.{k} = n.{k}"))
            .collect();
        // Both parts see the rows stored before the statement: the update changes the stored
        // ones, the insert takes the rows without a stored key.
        format!(
            "WITH n ({cols}) AS (SELECT * FROM UNNEST({params})), \
             u AS (UPDATE {table} AS t SET {set} FROM n WHERE {on} RETURNING 1), \
             i AS (INSERT INTO {table} ({cols}) SELECT * FROM n \
             WHERE NOT EXISTS (SELECT 1 FROM {table} AS t WHERE {on}){conflict} RETURNING 1) \
             SELECT (SELECT count(*) FROM u) + (SELECT count(*) FROM i)",
            set = set.join(", "),
            on = on.join(" AND "),
        )
    }
}

// ---- PostgreSQL ------------------------------------------------------------------------------

fn exec_err(err: sqlx::Error) -> DbErr {
    DbErr::Exec(RuntimeErr::SqlxError(Arc::new(err)))
}

fn query_err(err: sqlx::Error) -> DbErr {
    DbErr::Query(RuntimeErr::SqlxError(Arc::new(err)))
}

/// A sea-orm statement as a sqlx query, its values bound the way sea-orm binds them.
fn pg_query(stmt: &Statement) -> sqlx::query::Query<'_, Postgres, SqlxValues> {
    let values = stmt.values.clone().unwrap_or(sea_orm::Values(Vec::new()));
    sqlx::query_with(sqlx::AssertSqlSafe(stmt.sql.as_str()), SqlxValues(values))
}

/// A column's values as one PostgreSQL array parameter.
enum PgArray {
    Bool(Vec<Option<bool>>),
    SmallInt(Vec<Option<i16>>),
    Int(Vec<Option<i32>>),
    BigInt(Vec<Option<i64>>),
    Float(Vec<Option<f32>>),
    Double(Vec<Option<f64>>),
    Text(Vec<Option<String>>),
    Bytes(Vec<Option<Vec<u8>>>),
    Timestamp(Vec<Option<ChronoDateTimeUtc>>),
}

impl PgArray {
    /// An empty array of the type of `value`.
    fn of(value: &Value, capacity: usize) -> Result<Self, DbErr> {
        Ok(match value {
            Value::Bool(_) => Self::Bool(Vec::with_capacity(capacity)),
            Value::SmallInt(_) => Self::SmallInt(Vec::with_capacity(capacity)),
            Value::Int(_) => Self::Int(Vec::with_capacity(capacity)),
            Value::BigInt(_) => Self::BigInt(Vec::with_capacity(capacity)),
            Value::Float(_) => Self::Float(Vec::with_capacity(capacity)),
            Value::Double(_) => Self::Double(Vec::with_capacity(capacity)),
            Value::String(_) => Self::Text(Vec::with_capacity(capacity)),
            Value::Bytes(_) => Self::Bytes(Vec::with_capacity(capacity)),
            Value::ChronoDateTimeUtc(_) => Self::Timestamp(Vec::with_capacity(capacity)),
            other => return Err(DbErr::Custom(format!("no array parameter for {other:?}"))),
        })
    }

    fn push(&mut self, value: Value) -> Result<(), DbErr> {
        match (self, value) {
            (Self::Bool(a), Value::Bool(v)) => a.push(v),
            (Self::SmallInt(a), Value::SmallInt(v)) => a.push(v),
            (Self::Int(a), Value::Int(v)) => a.push(v),
            (Self::BigInt(a), Value::BigInt(v)) => a.push(v),
            (Self::Float(a), Value::Float(v)) => a.push(v),
            (Self::Double(a), Value::Double(v)) => a.push(v),
            (Self::Text(a), Value::String(v)) => a.push(v),
            (Self::Bytes(a), Value::Bytes(v)) => a.push(v),
            (Self::Timestamp(a), Value::ChronoDateTimeUtc(v)) => a.push(v),
            (_, other) => {
                return Err(DbErr::Custom(format!(
                    "{other:?} in a column of another type"
                )));
            }
        }
        Ok(())
    }

    fn bind<'q>(
        &'q self,
        query: sqlx::query::Query<'q, Postgres, PgArguments>,
    ) -> sqlx::query::Query<'q, Postgres, PgArguments> {
        match self {
            Self::Bool(a) => query.bind(a),
            Self::SmallInt(a) => query.bind(a),
            Self::Int(a) => query.bind(a),
            Self::BigInt(a) => query.bind(a),
            Self::Float(a) => query.bind(a),
            Self::Double(a) => query.bind(a),
            Self::Text(a) => query.bind(a),
            Self::Bytes(a) => query.bind(a),
            Self::Timestamp(a) => query.bind(a),
        }
    }
}

/// `rows` as one array per column.
fn pg_arrays(width: usize, rows: Vec<Vec<Value>>) -> Result<Vec<PgArray>, DbErr> {
    let count = rows.len();
    let mut columns: Vec<PgArray> = Vec::with_capacity(width);
    for (r, row) in rows.into_iter().enumerate() {
        if row.len() != width {
            return Err(DbErr::Custom(format!(
                "a row of {} values for {width} columns",
                row.len()
            )));
        }
        for (c, value) in row.into_iter().enumerate() {
            if r == 0 {
                columns.push(PgArray::of(&value, count)?);
            }
            columns[c].push(value)?;
        }
    }
    Ok(columns)
}

fn pg_bound(sql: String, columns: &[PgArray]) -> sqlx::query::Query<'_, Postgres, PgArguments> {
    let mut query = sqlx::query(sqlx::AssertSqlSafe(sql));
    for column in columns {
        query = column.bind(query);
    }
    query
}

async fn pg_run(conn: &mut PgConnection, sql: &'static str) -> Result<(), DbErr> {
    sqlx::raw_sql(sql)
        .execute(conn)
        .await
        .map(|_| ())
        .map_err(exec_err)
}

/// Every row in one statement, one array parameter per column ([`BulkInsert::unnest_sql`]).
///
/// Rows whose stored key keeps the stored row (history: a report stored twice) are first
/// inserted without `ON CONFLICT`, under a savepoint: `ON CONFLICT DO NOTHING` probes the key
/// before each insert and confirms it after (a second WAL record per row), and the plain
/// insert of 4,000 positions took about half as long. A key that is stored already (a device
/// resending a report the writer no longer remembers, or a key twice in `rows`) fails that
/// insert; it is rolled back to the savepoint and the rows go in again with `ON CONFLICT DO
/// NOTHING`. The savepoint is released with the transaction.
async fn pg_insert(
    conn: &mut PgConnection,
    spec: &BulkInsert<'_>,
    rows: Vec<Vec<Value>>,
) -> Result<u64, DbErr> {
    let columns = pg_arrays(spec.columns.len(), rows)?;
    if spec.updated().is_empty() {
        if !spec.conflict.is_empty() {
            pg_run(conn, "SAVEPOINT bulk_insert").await?;
            match pg_bound(spec.plain_sql(), &columns)
                .execute(&mut *conn)
                .await
            {
                Ok(done) => return Ok(done.rows_affected()),
                Err(sqlx::Error::Database(e)) if e.is_unique_violation() => {
                    pg_run(conn, "ROLLBACK TO SAVEPOINT bulk_insert").await?;
                }
                Err(e) => return Err(exec_err(e)),
            }
        }
        return pg_bound(spec.unnest_sql(), &columns)
            .execute(conn)
            .await
            .map(|done| done.rows_affected())
            .map_err(exec_err);
    }
    // The upsert answers its count: rows updated and inserted.
    let row = pg_bound(spec.unnest_sql(), &columns)
        .fetch_one(conn)
        .await
        .map_err(exec_err)?;
    let written: i64 = row.try_get(0).map_err(exec_err)?;
    Ok(u64::try_from(written).unwrap_or_default())
}

/// A write transaction for batches of rows ([`BulkInsert`]s through [`BulkTxn::insert`]) and
/// whatever else the batch writes: it is a `ConnectionTrait` like any transaction, and rolls
/// back when dropped without [`BulkTxn::commit`]. [`BulkTxn::begin`] is where the path is
/// chosen.
///
/// SQLite: [`write_txn`]'s transaction; rows go in with multi-row `INSERT`s of 256, 128, …
/// rows.
///
/// PostgreSQL: a sqlx transaction on a connection of the pool under the `DatabaseConnection`
/// (statements of sea-orm run on it with sea-orm's binding). The rows of a spec go in with one
/// statement, `… SELECT * FROM UNNEST($1, $2, …)`, an array parameter per column (nullable
/// elements, which sea-orm's array values cannot bind): one round trip and one prepared
/// statement per table whatever the batch size. History rows take a plain insert under a
/// savepoint and `ON CONFLICT DO NOTHING` only when a key is stored already; upserts an
/// `UPDATE … FROM` of the stored rows and an insert of the others.
///
/// Binary `COPY … FROM STDIN` was tried for positions and frames and measured slower: sqlx
/// 0.9.0 leaves Nagle's algorithm on and sends `CopyDone` as its own small write after the
/// data, which then waits for the server's delayed ACK (~40 ms on Linux) on nearly every
/// `COPY`, small ones always; the server-side gain of `COPY` over the plain insert is a few
/// milliseconds for 4,000 rows.
pub struct BulkTxn(Txn);

enum Txn {
    Orm(DatabaseTransaction),
    Pg(Mutex<sqlx::Transaction<'static, Postgres>>),
}

impl BulkTxn {
    /// Starts the transaction on `db`: a sqlx one on a PostgreSQL pool, [`write_txn`]'s
    /// otherwise.
    ///
    /// # Errors
    /// When no connection or write lock can be had.
    pub async fn begin(db: &DatabaseConnection) -> Result<Self, DbErr> {
        if matches!(
            db.inner,
            DatabaseConnectionType::SqlxPostgresPoolConnection(_)
        ) {
            let txn = db
                .get_postgres_connection_pool()
                .begin()
                .await
                .map_err(|e| DbErr::Conn(RuntimeErr::SqlxError(Arc::new(e))))?;
            return Ok(Self(Txn::Pg(Mutex::new(txn))));
        }
        Ok(Self(Txn::Orm(write_txn(db).await?)))
    }

    /// Commits.
    ///
    /// # Errors
    /// When the commit fails (nothing of the transaction is kept).
    pub async fn commit(self) -> Result<(), DbErr> {
        match self.0 {
            Txn::Orm(txn) => txn.commit().await,
            Txn::Pg(txn) => txn.into_inner().commit().await.map_err(exec_err),
        }
    }

    /// Inserts `rows` (each the values of the spec's columns, in order) as the spec says;
    /// answers how many rows were written (a row dropped for its stored key is not).
    ///
    /// # Errors
    /// When the database refuses the rows; the transaction is then to be dropped.
    pub async fn insert(&self, spec: &BulkInsert<'_>, rows: Vec<Vec<Value>>) -> Result<u64, DbErr> {
        if rows.is_empty() {
            return Ok(0);
        }
        match &self.0 {
            Txn::Orm(txn) => spec.run(txn, rows).await,
            Txn::Pg(txn) => {
                let mut txn = txn.lock().await;
                pg_insert(&mut txn, spec, rows).await
            }
        }
    }
}

#[async_trait::async_trait]
impl ConnectionTrait for BulkTxn {
    fn get_database_backend(&self) -> DbBackend {
        match &self.0 {
            Txn::Orm(txn) => txn.get_database_backend(),
            Txn::Pg(_) => DbBackend::Postgres,
        }
    }

    async fn execute_raw(&self, stmt: Statement) -> Result<ExecResult, DbErr> {
        match &self.0 {
            Txn::Orm(txn) => txn.execute_raw(stmt).await,
            Txn::Pg(txn) => {
                let mut txn = txn.lock().await;
                pg_query(&stmt)
                    .execute(&mut **txn)
                    .await
                    .map(Into::into)
                    .map_err(exec_err)
            }
        }
    }

    async fn execute_unprepared(&self, sql: &str) -> Result<ExecResult, DbErr> {
        match &self.0 {
            Txn::Orm(txn) => txn.execute_unprepared(sql).await,
            Txn::Pg(txn) => {
                let mut txn = txn.lock().await;
                sqlx::raw_sql(sqlx::AssertSqlSafe(sql.to_owned()))
                    .execute(&mut **txn)
                    .await
                    .map(Into::into)
                    .map_err(exec_err)
            }
        }
    }

    async fn query_one_raw(&self, stmt: Statement) -> Result<Option<QueryResult>, DbErr> {
        match &self.0 {
            Txn::Orm(txn) => txn.query_one_raw(stmt).await,
            Txn::Pg(txn) => {
                let mut txn = txn.lock().await;
                pg_query(&stmt)
                    .fetch_optional(&mut **txn)
                    .await
                    .map(|row| row.map(Into::into))
                    .map_err(query_err)
            }
        }
    }

    async fn query_all_raw(&self, stmt: Statement) -> Result<Vec<QueryResult>, DbErr> {
        match &self.0 {
            Txn::Orm(txn) => txn.query_all_raw(stmt).await,
            Txn::Pg(txn) => {
                let mut txn = txn.lock().await;
                pg_query(&stmt)
                    .fetch_all(&mut **txn)
                    .await
                    .map(|rows| rows.into_iter().map(Into::into).collect())
                    .map_err(query_err)
            }
        }
    }
}

/// Where [`Bulk::insert`] writes: a [`BulkTxn`] of the caller's, or a connection (the rows
/// then go in a `BulkTxn` of their own).
pub enum Bulk<'a> {
    Db(&'a DatabaseConnection),
    Txn(&'a BulkTxn),
}

/// What history's batch writes take: a `DatabaseConnection` or a [`BulkTxn`].
pub trait BulkTarget {
    fn bulk(&self) -> Bulk<'_>;
}

impl BulkTarget for DatabaseConnection {
    fn bulk(&self) -> Bulk<'_> {
        Bulk::Db(self)
    }
}

impl BulkTarget for BulkTxn {
    fn bulk(&self) -> Bulk<'_> {
        Bulk::Txn(self)
    }
}

impl Bulk<'_> {
    /// [`BulkTxn::insert`] in the caller's transaction, or in one of its own, committed.
    ///
    /// # Errors
    /// When the database refuses the rows (a transaction of its own keeps none of them).
    pub async fn insert(self, spec: &BulkInsert<'_>, rows: Vec<Vec<Value>>) -> Result<u64, DbErr> {
        match self {
            Bulk::Txn(txn) => txn.insert(spec, rows).await,
            Bulk::Db(db) => {
                if rows.is_empty() {
                    return Ok(0);
                }
                let txn = BulkTxn::begin(db).await?;
                let written = txn.insert(spec, rows).await?;
                txn.commit().await?;
                Ok(written)
            }
        }
    }
}
