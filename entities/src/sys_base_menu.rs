use sea_orm::entity::prelude::*;

/// A menu entry the console builds a route from; `name` is unique.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "sys_base_menus")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    /// `None` for a root menu.
    pub parent_id: Option<i64>,
    /// One route segment, relative to the parent.
    pub path: String,
    #[sea_orm(unique)]
    pub name: String,
    pub hidden: bool,
    /// The view key, `<group>/<view>`.
    pub component: String,
    pub sort: i32,
    /// Chinese title.
    pub title: String,
    pub title_en: String,
    pub icon: String,
    pub keep_alive: bool,
    pub close_tab: bool,
    pub default_menu: bool,
    /// The menu to highlight while this (hidden) one is open.
    pub active_name: String,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
