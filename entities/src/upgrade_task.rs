use sea_orm::entity::prelude::*;

/// A firmware upgrade of one device: 0 queued, 1 sent, 2 downloading, 3 upgraded, 4 failed, 5 cancelled.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "upgrade_tasks")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub enterprise_id: i64,
    pub device_id: i64,
    pub firmware_id: Option<i64>,
    pub from_version: String,
    pub target_version: String,
    pub status: i16,
    pub message: String,
    pub created_by: Option<i64>,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
