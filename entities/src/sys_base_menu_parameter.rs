use sea_orm::entity::prelude::*;

/// A route parameter of a menu: `type` is `params` or `query`.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "sys_base_menu_parameters")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub menu_id: i64,
    #[sea_orm(column_name = "type")]
    pub kind: String,
    pub key: String,
    pub value: String,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
