use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum CasbinRule {
    Table,
    Id,
    Ptype,
    V0,
    V1,
    V2,
}

#[derive(DeriveIden)]
enum SysApis {
    Table,
    Id,
    Path,
    Method,
    ApiGroup,
    Description,
    CreatedAt,
    UpdatedAt,
}

#[derive(DeriveIden)]
enum SysOperationRecords {
    Table,
    Id,
    UserId,
    Ip,
    Method,
    Path,
    Status,
    Code,
    LatencyMs,
    Agent,
    Body,
    Resp,
    CreatedAt,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(CasbinRule::Table)
                    .if_not_exists()
                    .col(big_pk_auto(CasbinRule::Id))
                    .col(string(CasbinRule::Ptype))
                    .col(string(CasbinRule::V0))
                    .col(string(CasbinRule::V1))
                    .col(string(CasbinRule::V2))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("uq_casbin_rule")
                    .table(CasbinRule::Table)
                    .col(CasbinRule::Ptype)
                    .col(CasbinRule::V0)
                    .col(CasbinRule::V1)
                    .col(CasbinRule::V2)
                    .unique()
                    .to_owned(),
            )
            .await?;

        manager
            .create_table(
                Table::create()
                    .table(SysApis::Table)
                    .if_not_exists()
                    .col(big_pk_auto(SysApis::Id))
                    .col(string(SysApis::Path))
                    .col(string(SysApis::Method))
                    .col(string(SysApis::ApiGroup))
                    .col(string(SysApis::Description))
                    .col(timestamp_with_time_zone(SysApis::CreatedAt))
                    .col(timestamp_with_time_zone(SysApis::UpdatedAt))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("uq_sys_apis_path_method")
                    .table(SysApis::Table)
                    .col(SysApis::Path)
                    .col(SysApis::Method)
                    .unique()
                    .to_owned(),
            )
            .await?;

        manager
            .create_table(
                Table::create()
                    .table(SysOperationRecords::Table)
                    .if_not_exists()
                    .col(big_pk_auto(SysOperationRecords::Id))
                    .col(big_integer_null(SysOperationRecords::UserId))
                    .col(string(SysOperationRecords::Ip))
                    .col(string(SysOperationRecords::Method))
                    .col(string(SysOperationRecords::Path))
                    .col(integer(SysOperationRecords::Status))
                    .col(integer_null(SysOperationRecords::Code))
                    .col(big_integer(SysOperationRecords::LatencyMs))
                    .col(string(SysOperationRecords::Agent))
                    .col(text(SysOperationRecords::Body))
                    .col(text(SysOperationRecords::Resp))
                    .col(timestamp_with_time_zone(SysOperationRecords::CreatedAt))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("idx_operation_records_created")
                    .table(SysOperationRecords::Table)
                    .col(SysOperationRecords::CreatedAt)
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        for table in [
            SysOperationRecords::Table.into_iden(),
            SysApis::Table.into_iden(),
            CasbinRule::Table.into_iden(),
        ] {
            manager
                .drop_table(Table::drop().table(table).to_owned())
                .await?;
        }
        Ok(())
    }
}
