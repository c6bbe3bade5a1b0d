use sea_orm::entity::prelude::*;

/// A menu button a role may use.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "sys_authority_btns")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub authority_id: i64,
    pub menu_id: i64,
    #[sea_orm(primary_key, auto_increment = false)]
    pub btn_id: i64,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
