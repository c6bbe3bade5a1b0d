use sea_orm::entity::prelude::*;

/// Distance and driving time of a vehicle on a UTC day, derived from its positions.
#[derive(Clone, Debug, PartialEq, DeriveEntityModel)]
#[sea_orm(table_name = "daily_mileage")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub vehicle_id: i64,
    #[sea_orm(primary_key, auto_increment = false)]
    pub day: Date,
    pub km: f64,
    pub driving_seconds: i64,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
