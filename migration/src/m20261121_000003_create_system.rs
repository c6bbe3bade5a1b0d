use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum SysDictionaries {
    Table,
    Id,
    Name,
    Type,
    Status,
    Description,
    ParentId,
    CreatedAt,
    UpdatedAt,
}

#[derive(DeriveIden)]
enum SysDictionaryDetails {
    Table,
    Id,
    Label,
    LabelEn,
    Value,
    Extend,
    Status,
    Sort,
    SysDictionaryId,
    ParentId,
    Level,
    Path,
    CreatedAt,
    UpdatedAt,
}

#[derive(DeriveIden)]
enum SysFiles {
    Table,
    Id,
    Name,
    ClassId,
    Url,
    Tag,
    Key,
    Size,
    Mime,
    Store,
    UploadedBy,
    CreatedAt,
    UpdatedAt,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(SysDictionaries::Table)
                    .if_not_exists()
                    .col(big_pk_auto(SysDictionaries::Id))
                    .col(string(SysDictionaries::Name))
                    .col(string_uniq(SysDictionaries::Type))
                    .col(boolean(SysDictionaries::Status).default(true))
                    .col(string(SysDictionaries::Description).default(""))
                    .col(big_integer_null(SysDictionaries::ParentId))
                    .col(timestamp_with_time_zone(SysDictionaries::CreatedAt))
                    .col(timestamp_with_time_zone(SysDictionaries::UpdatedAt))
                    .foreign_key(
                        ForeignKey::create()
                            .from(SysDictionaries::Table, SysDictionaries::ParentId)
                            .to(SysDictionaries::Table, SysDictionaries::Id),
                    )
                    .to_owned(),
            )
            .await?;

        manager
            .create_table(
                Table::create()
                    .table(SysDictionaryDetails::Table)
                    .if_not_exists()
                    .col(big_pk_auto(SysDictionaryDetails::Id))
                    .col(string(SysDictionaryDetails::Label))
                    .col(string(SysDictionaryDetails::LabelEn).default(""))
                    .col(string(SysDictionaryDetails::Value))
                    .col(text(SysDictionaryDetails::Extend))
                    .col(boolean(SysDictionaryDetails::Status).default(true))
                    .col(integer(SysDictionaryDetails::Sort).default(0))
                    .col(big_integer(SysDictionaryDetails::SysDictionaryId))
                    .col(big_integer_null(SysDictionaryDetails::ParentId))
                    .col(integer(SysDictionaryDetails::Level).default(0))
                    .col(string(SysDictionaryDetails::Path).default(""))
                    .col(timestamp_with_time_zone(SysDictionaryDetails::CreatedAt))
                    .col(timestamp_with_time_zone(SysDictionaryDetails::UpdatedAt))
                    .foreign_key(
                        ForeignKey::create()
                            .from(
                                SysDictionaryDetails::Table,
                                SysDictionaryDetails::SysDictionaryId,
                            )
                            .to(SysDictionaries::Table, SysDictionaries::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .foreign_key(
                        ForeignKey::create()
                            .from(SysDictionaryDetails::Table, SysDictionaryDetails::ParentId)
                            .to(SysDictionaryDetails::Table, SysDictionaryDetails::Id),
                    )
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("idx_dictionary_details_dictionary")
                    .table(SysDictionaryDetails::Table)
                    .col(SysDictionaryDetails::SysDictionaryId)
                    .col(SysDictionaryDetails::Sort)
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("idx_dictionary_details_parent")
                    .table(SysDictionaryDetails::Table)
                    .col(SysDictionaryDetails::ParentId)
                    .to_owned(),
            )
            .await?;

        manager
            .create_table(
                Table::create()
                    .table(SysFiles::Table)
                    .if_not_exists()
                    .col(big_pk_auto(SysFiles::Id))
                    .col(string(SysFiles::Name))
                    .col(big_integer(SysFiles::ClassId).default(0))
                    .col(string(SysFiles::Url))
                    .col(string(SysFiles::Tag))
                    .col(string_uniq(SysFiles::Key))
                    .col(big_integer(SysFiles::Size))
                    .col(string(SysFiles::Mime))
                    .col(string(SysFiles::Store).default("local"))
                    .col(big_integer_null(SysFiles::UploadedBy))
                    .col(timestamp_with_time_zone(SysFiles::CreatedAt))
                    .col(timestamp_with_time_zone(SysFiles::UpdatedAt))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("idx_sys_files_class")
                    .table(SysFiles::Table)
                    .col(SysFiles::ClassId)
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        for table in [
            SysFiles::Table.into_iden(),
            SysDictionaryDetails::Table.into_iden(),
            SysDictionaries::Table.into_iden(),
        ] {
            manager
                .drop_table(Table::drop().table(table).to_owned())
                .await?;
        }
        Ok(())
    }
}
