//! Masks the secrets stored in the operation log before responses were masked: the session
//! tokens of sign-in answers, issued device keys and webhook secrets (and request fields the
//! older, shorter list missed). Every row's `body` and `resp` go through
//! `entities::secrets::mask`, the masking new rows get; a chunk of rows at a time in id order,
//! and only changed rows are written.

use entities::secrets;
use sea_orm_migration::prelude::*;
use sea_orm_migration::sea_orm::ConnectionTrait;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum SysOperationRecords {
    Table,
    Id,
    Body,
    Resp,
}

/// Rows read per query.
const CHUNK: u64 = 1000;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let db = manager.get_connection();
        let mut after = 0_i64;
        loop {
            let rows = db
                .query_all(
                    Query::select()
                        .columns([
                            SysOperationRecords::Id,
                            SysOperationRecords::Body,
                            SysOperationRecords::Resp,
                        ])
                        .from(SysOperationRecords::Table)
                        .and_where(Expr::col(SysOperationRecords::Id).gt(after))
                        .order_by(SysOperationRecords::Id, Order::Asc)
                        .limit(CHUNK),
                )
                .await?;
            for row in &rows {
                let id: i64 = row.try_get("", "id")?;
                let body: String = row.try_get("", "body")?;
                let resp: String = row.try_get("", "resp")?;
                let (masked_body, masked_resp) = (secrets::mask(&body), secrets::mask(&resp));
                if masked_body != body || masked_resp != resp {
                    db.execute(
                        Query::update()
                            .table(SysOperationRecords::Table)
                            .value(SysOperationRecords::Body, masked_body)
                            .value(SysOperationRecords::Resp, masked_resp)
                            .and_where(Expr::col(SysOperationRecords::Id).eq(id)),
                    )
                    .await?;
                }
                after = id;
            }
            if (rows.len() as u64) < CHUNK {
                return Ok(());
            }
        }
    }

    async fn down(&self, _manager: &SchemaManager) -> Result<(), DbErr> {
        // What was masked is gone.
        Ok(())
    }
}
