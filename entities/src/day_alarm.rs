use sea_orm::entity::prelude::*;

/// Alarms a vehicle raised on a UTC day, by kind, level and hour (UTC).
#[derive(Clone, Debug, PartialEq, DeriveEntityModel)]
#[sea_orm(table_name = "day_alarms")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub vehicle_id: i64,
    #[sea_orm(primary_key, auto_increment = false)]
    pub day: Date,
    pub enterprise_id: i64,
    #[sea_orm(primary_key, auto_increment = false)]
    pub kind: i16,
    #[sea_orm(primary_key, auto_increment = false)]
    pub level: i16,
    #[sea_orm(primary_key, auto_increment = false)]
    pub hour: i16,
    pub count: i32,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
