use sea_orm::entity::prelude::*;

/// A sensor bound, replaced, unbound or deleted.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "sensor_logs")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub enterprise_id: i64,
    pub sensor_no: String,
    pub device_id: Option<i64>,
    pub vehicle_id: Option<i64>,
    pub position: Option<i32>,
    pub action: String,
    pub operator_id: Option<i64>,
    pub created_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
