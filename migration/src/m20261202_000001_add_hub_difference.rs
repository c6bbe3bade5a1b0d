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

/// Alters both roll-up tables the same way.
async fn alter_both(
    manager: &SchemaManager<'_>,
    change: impl Fn(&mut TableAlterStatement) -> &mut TableAlterStatement,
) -> Result<(), DbErr> {
    for table in [
        DailyMileage::Table.into_iden(),
        EnterpriseDays::Table.into_iden(),
    ] {
        let mut alter = Table::alter();
        alter.table(table);
        change(&mut alter);
        manager.alter_table(alter).await?;
    }
    Ok(())
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    fn use_transaction(&self) -> Option<bool> {
        Some(true)
    }

    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        alter_both(manager, |t| {
            t.add_column(ColumnDef::new(Column::MaxHubDiff).double().null())
        })
        .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        alter_both(manager, |t| t.drop_column(Column::MaxHubDiff)).await
    }
}
