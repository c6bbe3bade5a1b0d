use sea_orm::entity::prelude::*;
use serde::Serialize;

/// One value of a dictionary; details may nest (`parent_id`), `level` and `path` are derived.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel, Serialize)]
#[sea_orm(table_name = "sys_dictionary_details")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    /// Chinese label (the console's default language).
    pub label: String,
    /// English label; empty when none was given.
    pub label_en: String,
    pub value: String,
    /// Free-form extra data (the seed writes JSON here, e.g. unit conversion factors).
    #[sea_orm(column_type = "Text")]
    pub extend: String,
    pub status: bool,
    pub sort: i32,
    pub sys_dictionary_id: i64,
    pub parent_id: Option<i64>,
    /// 0 for top-level details, parent's level + 1 below.
    pub level: i32,
    /// Comma-separated ancestor ids, root first; empty at the top level.
    pub path: String,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
