use sea_orm::entity::prelude::*;
use serde::Serialize;

/// A dictionary: a named set of values (`type` is its unique key, e.g. `order_state`).
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel, Serialize)]
#[sea_orm(table_name = "sys_dictionaries")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    /// Display name.
    pub name: String,
    #[sea_orm(unique)]
    pub r#type: String,
    /// Disabled dictionaries are not found by `findSysDictionary` (unless asked for).
    pub status: bool,
    #[sea_orm(column_name = "description")]
    pub desc: String,
    pub parent_id: Option<i64>,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
