use sea_orm::entity::prelude::*;

/// A factory test record of a device (by imei).
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "production_logs")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub imei: String,
    pub station: String,
    pub item: String,
    pub passed: bool,
    pub detail: String,
    pub created_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
