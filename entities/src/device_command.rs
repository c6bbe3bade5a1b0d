use sea_orm::entity::prelude::*;

/// A command queued for a device: 0 queued, 1 delivered, 2 succeeded, 3 failed.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "device_commands")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub enterprise_id: i64,
    pub device_id: i64,
    pub kind: String,
    #[sea_orm(column_type = "Text")]
    pub payload: String,
    pub status: i16,
    pub result: String,
    pub created_by: Option<i64>,
    pub created_at: DateTimeUtc,
    pub delivered_at: Option<DateTimeUtc>,
    pub finished_at: Option<DateTimeUtc>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
