//! Positions keep the supply voltage their report carried (issue 16: the charging analysis
//! reads it over time). Nullable: earlier rows and reports without it have none.

use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum Positions {
    Table,
    Voltage,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .alter_table(
                Table::alter()
                    .table(Positions::Table)
                    .add_column(double_null(Positions::Voltage))
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .alter_table(
                Table::alter()
                    .table(Positions::Table)
                    .drop_column(Positions::Voltage)
                    .to_owned(),
            )
            .await
    }
}
