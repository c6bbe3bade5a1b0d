use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum BrandProfiles {
    Table,
    Id,
    AppName,
    Description,
    AppLogo,
    WsUrl,
    AppDomain,
    IsDefault,
    Sort,
    UpdatedAt,
}

#[derive(DeriveIden)]
enum Enterprises {
    Table,
    Id,
    ParentId,
    EntName,
    EntAbbreviation,
    Logo,
    CarIco,
    EnableGroup,
    EntType,
    DockingPlatform,
    WheelSupport,
    Verified,
    ColonyId,
    CreatedAt,
    UpdatedAt,
}

#[derive(DeriveIden)]
enum SysAuthorities {
    Table,
    AuthorityId,
    AuthorityName,
    ParentId,
    DefaultRouter,
    CreatedAt,
    UpdatedAt,
}

#[derive(DeriveIden)]
enum SysUsers {
    Table,
    Id,
    Uuid,
    Username,
    PasswordHash,
    NickName,
    HeaderImg,
    Phone,
    Email,
    Enable,
    AuthorityId,
    SideMode,
    ActiveColor,
    BaseColor,
    NowEntId,
    CurrentCluster,
    IsVisitor,
    CreatedAt,
    UpdatedAt,
}

#[derive(DeriveIden)]
enum SysUserAuthorities {
    Table,
    UserId,
    EnterpriseId,
    AuthorityId,
}

#[derive(DeriveIden)]
enum JwtBlacklist {
    Table,
    TokenHash,
    ExpiresAt,
    CreatedAt,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(BrandProfiles::Table)
                    .if_not_exists()
                    .col(big_pk_auto(BrandProfiles::Id))
                    .col(string(BrandProfiles::AppName))
                    .col(text(BrandProfiles::Description))
                    .col(string(BrandProfiles::AppLogo))
                    .col(string(BrandProfiles::WsUrl))
                    .col(string_uniq(BrandProfiles::AppDomain))
                    .col(boolean(BrandProfiles::IsDefault).default(false))
                    .col(integer(BrandProfiles::Sort).default(0))
                    .col(timestamp_with_time_zone(BrandProfiles::UpdatedAt))
                    .to_owned(),
            )
            .await?;

        manager
            .create_table(
                Table::create()
                    .table(Enterprises::Table)
                    .if_not_exists()
                    .col(big_pk_auto(Enterprises::Id))
                    .col(big_integer_null(Enterprises::ParentId))
                    .col(string(Enterprises::EntName))
                    .col(string(Enterprises::EntAbbreviation))
                    .col(string(Enterprises::Logo).default(""))
                    .col(string(Enterprises::CarIco).default(""))
                    .col(boolean(Enterprises::EnableGroup).default(false))
                    .col(small_integer(Enterprises::EntType).default(0))
                    .col(small_integer(Enterprises::DockingPlatform).default(0))
                    .col(small_integer(Enterprises::WheelSupport).default(0))
                    .col(boolean(Enterprises::Verified).default(false))
                    .col(big_integer_null(Enterprises::ColonyId))
                    .col(timestamp_with_time_zone(Enterprises::CreatedAt))
                    .col(timestamp_with_time_zone(Enterprises::UpdatedAt))
                    .foreign_key(
                        ForeignKey::create()
                            .from(Enterprises::Table, Enterprises::ParentId)
                            .to(Enterprises::Table, Enterprises::Id),
                    )
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("idx_enterprises_parent")
                    .table(Enterprises::Table)
                    .col(Enterprises::ParentId)
                    .to_owned(),
            )
            .await?;

        manager
            .create_table(
                Table::create()
                    .table(SysAuthorities::Table)
                    .if_not_exists()
                    .col(big_integer(SysAuthorities::AuthorityId).primary_key())
                    .col(string(SysAuthorities::AuthorityName))
                    .col(big_integer(SysAuthorities::ParentId).default(0))
                    .col(string(SysAuthorities::DefaultRouter).default("map"))
                    .col(timestamp_with_time_zone(SysAuthorities::CreatedAt))
                    .col(timestamp_with_time_zone(SysAuthorities::UpdatedAt))
                    .to_owned(),
            )
            .await?;

        manager
            .create_table(
                Table::create()
                    .table(SysUsers::Table)
                    .if_not_exists()
                    .col(big_pk_auto(SysUsers::Id))
                    .col(string_uniq(SysUsers::Uuid))
                    .col(string_uniq(SysUsers::Username))
                    .col(string(SysUsers::PasswordHash))
                    .col(string(SysUsers::NickName))
                    .col(string(SysUsers::HeaderImg).default(""))
                    .col(string(SysUsers::Phone).default(""))
                    .col(string(SysUsers::Email).default(""))
                    .col(small_integer(SysUsers::Enable).default(1))
                    .col(big_integer(SysUsers::AuthorityId))
                    .col(string(SysUsers::SideMode).default("dark"))
                    .col(string(SysUsers::ActiveColor).default("#4D70FF"))
                    .col(string(SysUsers::BaseColor).default("#fff"))
                    .col(big_integer_null(SysUsers::NowEntId))
                    .col(big_integer_null(SysUsers::CurrentCluster))
                    .col(boolean(SysUsers::IsVisitor).default(false))
                    .col(timestamp_with_time_zone(SysUsers::CreatedAt))
                    .col(timestamp_with_time_zone(SysUsers::UpdatedAt))
                    .foreign_key(
                        ForeignKey::create()
                            .from(SysUsers::Table, SysUsers::AuthorityId)
                            .to(SysAuthorities::Table, SysAuthorities::AuthorityId),
                    )
                    .foreign_key(
                        ForeignKey::create()
                            .from(SysUsers::Table, SysUsers::NowEntId)
                            .to(Enterprises::Table, Enterprises::Id),
                    )
                    .to_owned(),
            )
            .await?;

        manager
            .create_table(
                Table::create()
                    .table(SysUserAuthorities::Table)
                    .if_not_exists()
                    .col(big_integer(SysUserAuthorities::UserId))
                    .col(big_integer(SysUserAuthorities::EnterpriseId))
                    .col(big_integer(SysUserAuthorities::AuthorityId))
                    .primary_key(
                        Index::create()
                            .col(SysUserAuthorities::UserId)
                            .col(SysUserAuthorities::EnterpriseId),
                    )
                    .foreign_key(
                        ForeignKey::create()
                            .from(SysUserAuthorities::Table, SysUserAuthorities::UserId)
                            .to(SysUsers::Table, SysUsers::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .foreign_key(
                        ForeignKey::create()
                            .from(SysUserAuthorities::Table, SysUserAuthorities::EnterpriseId)
                            .to(Enterprises::Table, Enterprises::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .foreign_key(
                        ForeignKey::create()
                            .from(SysUserAuthorities::Table, SysUserAuthorities::AuthorityId)
                            .to(SysAuthorities::Table, SysAuthorities::AuthorityId),
                    )
                    .to_owned(),
            )
            .await?;

        manager
            .create_table(
                Table::create()
                    .table(JwtBlacklist::Table)
                    .if_not_exists()
                    .col(string(JwtBlacklist::TokenHash).primary_key())
                    .col(timestamp_with_time_zone(JwtBlacklist::ExpiresAt))
                    .col(timestamp_with_time_zone(JwtBlacklist::CreatedAt))
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        for table in [
            JwtBlacklist::Table.into_iden(),
            SysUserAuthorities::Table.into_iden(),
            SysUsers::Table.into_iden(),
            SysAuthorities::Table.into_iden(),
            Enterprises::Table.into_iden(),
            BrandProfiles::Table.into_iden(),
        ] {
            manager
                .drop_table(Table::drop().table(table).to_owned())
                .await?;
        }
        Ok(())
    }
}
