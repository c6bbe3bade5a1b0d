//! `enterprises.is_sample`: an enterprise holding sample data. The visitor account sees the
//! sample enterprises and nothing else, whatever its memberships say; the seed creates and
//! marks the sample fleet the visitor's map shows.

use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum Enterprises {
    Table,
    IsSample,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .alter_table(
                Table::alter()
                    .table(Enterprises::Table)
                    .add_column(boolean(Enterprises::IsSample).default(false))
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .alter_table(
                Table::alter()
                    .table(Enterprises::Table)
                    .drop_column(Enterprises::IsSample)
                    .to_owned(),
            )
            .await
    }
}
