use sea_orm::entity::prelude::*;

/// A UTC day whose vehicles were queued for derivation once it ended.
#[derive(Clone, Debug, PartialEq, DeriveEntityModel)]
#[sea_orm(table_name = "closed_days")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub day: Date,
    pub queued_at: DateTimeUtc,
    /// Vehicle-days queued.
    pub vehicles: i32,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
