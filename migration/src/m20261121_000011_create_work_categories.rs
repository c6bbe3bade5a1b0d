//! Work-area categories an enterprise keeps: problem types (issue categories) and modules, used
//! to classify work orders and discussions.

use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum Enterprises {
    Table,
    Id,
}

#[derive(DeriveIden)]
enum WorkCategories {
    Table,
    Id,
    EnterpriseId,
    Kind,
    Name,
    Desc,
    Sort,
    CreatedAt,
    UpdatedAt,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(WorkCategories::Table)
                    .if_not_exists()
                    .col(big_pk_auto(WorkCategories::Id))
                    .col(big_integer(WorkCategories::EnterpriseId))
                    // 1 problem type, 2 module.
                    .col(small_integer(WorkCategories::Kind))
                    .col(string_len(WorkCategories::Name, 64))
                    .col(string(WorkCategories::Desc).default(""))
                    .col(integer(WorkCategories::Sort).default(0))
                    .col(timestamp_with_time_zone(WorkCategories::CreatedAt))
                    .col(timestamp_with_time_zone(WorkCategories::UpdatedAt))
                    .foreign_key(
                        ForeignKey::create()
                            .from(WorkCategories::Table, WorkCategories::EnterpriseId)
                            .to(Enterprises::Table, Enterprises::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("idx_work_categories_name")
                    .table(WorkCategories::Table)
                    .col(WorkCategories::EnterpriseId)
                    .col(WorkCategories::Kind)
                    .col(WorkCategories::Name)
                    .unique()
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .drop_table(Table::drop().table(WorkCategories::Table).to_owned())
            .await
    }
}
