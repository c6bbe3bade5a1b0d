use sea_orm::entity::prelude::*;

/// A firmware image for a part number (`model`), by version.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "firmwares")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub model: String,
    pub version: String,
    pub url: String,
    pub file_id: Option<i64>,
    pub checksum: String,
    pub size: i64,
    pub remark: String,
    pub created_by: Option<i64>,
    pub created_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
