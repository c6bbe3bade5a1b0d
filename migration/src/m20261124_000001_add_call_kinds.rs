//! `sys_apis.kind`: the kind a served call declares (open, read, write, device). NULL marks a
//! call the catalogue names that the server does not serve yet; when a release starts serving
//! it, the seed grants it to the roles whose defaults include its kind. Rows registered before
//! kinds were declared are marked `legacy`: they were granted by the old rule already, and the
//! next start records their kind without granting anything again.

use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum SysApis {
    Table,
    Kind,
}

pub const LEGACY: &str = "legacy";

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .alter_table(
                Table::alter()
                    .table(SysApis::Table)
                    .add_column(ColumnDef::new(SysApis::Kind).string_len(16).null())
                    .to_owned(),
            )
            .await?;
        manager
            .exec_stmt(
                Query::update()
                    .table(SysApis::Table)
                    .value(SysApis::Kind, LEGACY)
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .alter_table(
                Table::alter()
                    .table(SysApis::Table)
                    .drop_column(SysApis::Kind)
                    .to_owned(),
            )
            .await
    }
}
