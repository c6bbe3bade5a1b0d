use sea_orm::entity::prelude::*;

/// A device allowed to connect.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "device_white_list")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub device_id: i64,
    pub remark: String,
    pub created_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
