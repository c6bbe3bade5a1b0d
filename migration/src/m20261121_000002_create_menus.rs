//! Menus and the per-role grants over them: base menus with their buttons and route parameters,
//! a role's menus and buttons, an enterprise's narrowing of a role's menus, and data scopes.

use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum SysBaseMenus {
    Table,
    Id,
    ParentId,
    Path,
    Name,
    Hidden,
    Component,
    Sort,
    Title,
    TitleEn,
    Icon,
    KeepAlive,
    CloseTab,
    DefaultMenu,
    ActiveName,
    CreatedAt,
    UpdatedAt,
}

#[derive(DeriveIden)]
enum SysBaseMenuBtns {
    Table,
    Id,
    MenuId,
    Name,
    Desc,
}

#[derive(DeriveIden)]
enum SysBaseMenuParameters {
    Table,
    Id,
    MenuId,
    Type,
    Key,
    Value,
}

#[derive(DeriveIden)]
enum SysAuthorityMenus {
    Table,
    AuthorityId,
    MenuId,
}

#[derive(DeriveIden)]
enum SysAuthorityBtns {
    Table,
    AuthorityId,
    MenuId,
    BtnId,
}

#[derive(DeriveIden)]
enum SysEnterpriseMenus {
    Table,
    EnterpriseId,
    AuthorityId,
    MenuId,
}

#[derive(DeriveIden)]
enum SysDataAuthorities {
    Table,
    AuthorityId,
    DataAuthorityId,
}

#[derive(DeriveIden)]
enum SysAuthorities {
    Table,
    AuthorityId,
}

#[derive(DeriveIden)]
enum Enterprises {
    Table,
    Id,
}

fn cascade(
    from: (impl IntoIden, impl IntoIden),
    to: (impl IntoIden, impl IntoIden),
) -> ForeignKeyCreateStatement {
    ForeignKey::create()
        .from(from.0, from.1)
        .to(to.0, to.1)
        .on_delete(ForeignKeyAction::Cascade)
        .to_owned()
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(SysBaseMenus::Table)
                    .if_not_exists()
                    .col(big_pk_auto(SysBaseMenus::Id))
                    // NULL for a root menu (the wire says parentId 0).
                    .col(big_integer_null(SysBaseMenus::ParentId))
                    .col(string(SysBaseMenus::Path))
                    .col(string_uniq(SysBaseMenus::Name))
                    .col(boolean(SysBaseMenus::Hidden).default(false))
                    .col(string(SysBaseMenus::Component))
                    .col(integer(SysBaseMenus::Sort).default(0))
                    .col(string(SysBaseMenus::Title))
                    .col(string(SysBaseMenus::TitleEn).default(""))
                    .col(string(SysBaseMenus::Icon).default(""))
                    .col(boolean(SysBaseMenus::KeepAlive).default(false))
                    .col(boolean(SysBaseMenus::CloseTab).default(false))
                    .col(boolean(SysBaseMenus::DefaultMenu).default(false))
                    .col(string(SysBaseMenus::ActiveName).default(""))
                    .col(timestamp_with_time_zone(SysBaseMenus::CreatedAt))
                    .col(timestamp_with_time_zone(SysBaseMenus::UpdatedAt))
                    .foreign_key(
                        ForeignKey::create()
                            .from(SysBaseMenus::Table, SysBaseMenus::ParentId)
                            .to(SysBaseMenus::Table, SysBaseMenus::Id),
                    )
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("idx_sys_base_menus_parent")
                    .table(SysBaseMenus::Table)
                    .col(SysBaseMenus::ParentId)
                    .col(SysBaseMenus::Sort)
                    .to_owned(),
            )
            .await?;

        manager
            .create_table(
                Table::create()
                    .table(SysBaseMenuBtns::Table)
                    .if_not_exists()
                    .col(big_pk_auto(SysBaseMenuBtns::Id))
                    .col(big_integer(SysBaseMenuBtns::MenuId))
                    .col(string(SysBaseMenuBtns::Name))
                    .col(string(SysBaseMenuBtns::Desc).default(""))
                    .foreign_key(&mut cascade(
                        (SysBaseMenuBtns::Table, SysBaseMenuBtns::MenuId),
                        (SysBaseMenus::Table, SysBaseMenus::Id),
                    ))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("uq_sys_base_menu_btns_menu_name")
                    .table(SysBaseMenuBtns::Table)
                    .col(SysBaseMenuBtns::MenuId)
                    .col(SysBaseMenuBtns::Name)
                    .unique()
                    .to_owned(),
            )
            .await?;

        manager
            .create_table(
                Table::create()
                    .table(SysBaseMenuParameters::Table)
                    .if_not_exists()
                    .col(big_pk_auto(SysBaseMenuParameters::Id))
                    .col(big_integer(SysBaseMenuParameters::MenuId))
                    .col(string(SysBaseMenuParameters::Type))
                    .col(string(SysBaseMenuParameters::Key))
                    .col(string(SysBaseMenuParameters::Value).default(""))
                    .foreign_key(&mut cascade(
                        (SysBaseMenuParameters::Table, SysBaseMenuParameters::MenuId),
                        (SysBaseMenus::Table, SysBaseMenus::Id),
                    ))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("idx_sys_base_menu_parameters_menu")
                    .table(SysBaseMenuParameters::Table)
                    .col(SysBaseMenuParameters::MenuId)
                    .to_owned(),
            )
            .await?;

        manager
            .create_table(
                Table::create()
                    .table(SysAuthorityMenus::Table)
                    .if_not_exists()
                    .col(big_integer(SysAuthorityMenus::AuthorityId))
                    .col(big_integer(SysAuthorityMenus::MenuId))
                    .primary_key(
                        Index::create()
                            .col(SysAuthorityMenus::AuthorityId)
                            .col(SysAuthorityMenus::MenuId),
                    )
                    .foreign_key(&mut cascade(
                        (SysAuthorityMenus::Table, SysAuthorityMenus::AuthorityId),
                        (SysAuthorities::Table, SysAuthorities::AuthorityId),
                    ))
                    .foreign_key(&mut cascade(
                        (SysAuthorityMenus::Table, SysAuthorityMenus::MenuId),
                        (SysBaseMenus::Table, SysBaseMenus::Id),
                    ))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("idx_sys_authority_menus_menu")
                    .table(SysAuthorityMenus::Table)
                    .col(SysAuthorityMenus::MenuId)
                    .to_owned(),
            )
            .await?;

        manager
            .create_table(
                Table::create()
                    .table(SysAuthorityBtns::Table)
                    .if_not_exists()
                    .col(big_integer(SysAuthorityBtns::AuthorityId))
                    .col(big_integer(SysAuthorityBtns::MenuId))
                    .col(big_integer(SysAuthorityBtns::BtnId))
                    .primary_key(
                        Index::create()
                            .col(SysAuthorityBtns::AuthorityId)
                            .col(SysAuthorityBtns::BtnId),
                    )
                    .foreign_key(&mut cascade(
                        (SysAuthorityBtns::Table, SysAuthorityBtns::AuthorityId),
                        (SysAuthorities::Table, SysAuthorities::AuthorityId),
                    ))
                    .foreign_key(&mut cascade(
                        (SysAuthorityBtns::Table, SysAuthorityBtns::MenuId),
                        (SysBaseMenus::Table, SysBaseMenus::Id),
                    ))
                    .foreign_key(&mut cascade(
                        (SysAuthorityBtns::Table, SysAuthorityBtns::BtnId),
                        (SysBaseMenuBtns::Table, SysBaseMenuBtns::Id),
                    ))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("idx_sys_authority_btns_menu")
                    .table(SysAuthorityBtns::Table)
                    .col(SysAuthorityBtns::AuthorityId)
                    .col(SysAuthorityBtns::MenuId)
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("idx_sys_authority_btns_btn")
                    .table(SysAuthorityBtns::Table)
                    .col(SysAuthorityBtns::BtnId)
                    .to_owned(),
            )
            .await?;

        manager
            .create_table(
                Table::create()
                    .table(SysEnterpriseMenus::Table)
                    .if_not_exists()
                    .col(big_integer(SysEnterpriseMenus::EnterpriseId))
                    .col(big_integer(SysEnterpriseMenus::AuthorityId))
                    .col(big_integer(SysEnterpriseMenus::MenuId))
                    .primary_key(
                        Index::create()
                            .col(SysEnterpriseMenus::EnterpriseId)
                            .col(SysEnterpriseMenus::AuthorityId)
                            .col(SysEnterpriseMenus::MenuId),
                    )
                    .foreign_key(&mut cascade(
                        (SysEnterpriseMenus::Table, SysEnterpriseMenus::EnterpriseId),
                        (Enterprises::Table, Enterprises::Id),
                    ))
                    .foreign_key(&mut cascade(
                        (SysEnterpriseMenus::Table, SysEnterpriseMenus::AuthorityId),
                        (SysAuthorities::Table, SysAuthorities::AuthorityId),
                    ))
                    .foreign_key(&mut cascade(
                        (SysEnterpriseMenus::Table, SysEnterpriseMenus::MenuId),
                        (SysBaseMenus::Table, SysBaseMenus::Id),
                    ))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("idx_sys_enterprise_menus_authority")
                    .table(SysEnterpriseMenus::Table)
                    .col(SysEnterpriseMenus::AuthorityId)
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("idx_sys_enterprise_menus_menu")
                    .table(SysEnterpriseMenus::Table)
                    .col(SysEnterpriseMenus::MenuId)
                    .to_owned(),
            )
            .await?;

        manager
            .create_table(
                Table::create()
                    .table(SysDataAuthorities::Table)
                    .if_not_exists()
                    .col(big_integer(SysDataAuthorities::AuthorityId))
                    .col(big_integer(SysDataAuthorities::DataAuthorityId))
                    .primary_key(
                        Index::create()
                            .col(SysDataAuthorities::AuthorityId)
                            .col(SysDataAuthorities::DataAuthorityId),
                    )
                    .foreign_key(&mut cascade(
                        (SysDataAuthorities::Table, SysDataAuthorities::AuthorityId),
                        (SysAuthorities::Table, SysAuthorities::AuthorityId),
                    ))
                    .foreign_key(&mut cascade(
                        (
                            SysDataAuthorities::Table,
                            SysDataAuthorities::DataAuthorityId,
                        ),
                        (SysAuthorities::Table, SysAuthorities::AuthorityId),
                    ))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("idx_sys_data_authorities_data")
                    .table(SysDataAuthorities::Table)
                    .col(SysDataAuthorities::DataAuthorityId)
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        for table in [
            SysDataAuthorities::Table.into_iden(),
            SysEnterpriseMenus::Table.into_iden(),
            SysAuthorityBtns::Table.into_iden(),
            SysAuthorityMenus::Table.into_iden(),
            SysBaseMenuParameters::Table.into_iden(),
            SysBaseMenuBtns::Table.into_iden(),
            SysBaseMenus::Table.into_iden(),
        ] {
            manager
                .drop_table(Table::drop().table(table).to_owned())
                .await?;
        }
        Ok(())
    }
}
