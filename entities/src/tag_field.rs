use sea_orm::entity::prelude::*;

/// A custom field an enterprise's tags can carry (docs/tags.md); `field_type` text, number,
/// date or choice; `options` the choices as a JSON array of strings.
#[derive(Clone, Debug, PartialEq, DeriveEntityModel)]
#[sea_orm(table_name = "tag_fields")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub enterprise_id: i64,
    pub name: String,
    pub field_type: String,
    #[sea_orm(column_type = "Text")]
    pub options: String,
    pub unit: String,
    pub required: bool,
    pub sort: i32,
    pub created_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
