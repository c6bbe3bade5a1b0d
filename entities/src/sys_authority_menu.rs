use sea_orm::entity::prelude::*;

/// A menu a role sees.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "sys_authority_menus")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub authority_id: i64,
    #[sea_orm(primary_key, auto_increment = false)]
    pub menu_id: i64,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
