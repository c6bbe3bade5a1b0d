//! Reports (issue 17, temperature-difference analysis): each vehicle-day and enterprise-day also
//! keeps the largest difference between the two hubs of one axle seen in one frame. Days derived
//! before have none (null: not measured) until rebuilt.

use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum DailyMileage {
    Table,
}

#[derive(DeriveIden)]
enum EnterpriseDays {
    Table,
}

#[derive(DeriveIden)]
enum Column {
    MaxHubDiff,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    fn use_transaction(&self) -> Option<bool> {
        Some(true)
    }

    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        for table in [
            DailyMileage::Table.into_iden(),
            EnterpriseDays::Table.into_iden(),
        ] {
            manager
                .alter_table(
                    Table::alter()
                        .table(table)
                        .add_column(ColumnDef::new(Column::MaxHubDiff).double().null())
                        .to_owned(),
                )
                .await?;
        }
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        for table in [
            DailyMileage::Table.into_iden(),
            EnterpriseDays::Table.into_iden(),
        ] {
            manager
                .alter_table(
                    Table::alter()
                        .table(table)
                        .drop_column(Column::MaxHubDiff)
                        .to_owned(),
                )
                .await?;
        }
        Ok(())
    }
}
