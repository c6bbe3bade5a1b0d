use sea_orm::entity::prelude::*;

/// A button of a menu's view (`add`, `edit`, `delete`, `export` …); unique per menu.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "sys_base_menu_btns")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub menu_id: i64,
    pub name: String,
    pub desc: String,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
