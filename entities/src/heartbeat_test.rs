use sea_orm::entity::prelude::*;

/// A heartbeat test of a device over `minutes` from `started_at`.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "heartbeat_tests")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub enterprise_id: i64,
    pub device_id: i64,
    pub minutes: i32,
    pub started_at: DateTimeUtc,
    pub ends_at: DateTimeUtc,
    pub created_by: Option<i64>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
