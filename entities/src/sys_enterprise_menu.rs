use sea_orm::entity::prelude::*;

/// An enterprise's narrowing of a role's menus: when an enterprise has rows for a role, members
/// holding that role there see only these menus (of the role's own set).
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "sys_enterprise_menus")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub enterprise_id: i64,
    #[sea_orm(primary_key, auto_increment = false)]
    pub authority_id: i64,
    #[sea_orm(primary_key, auto_increment = false)]
    pub menu_id: i64,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
