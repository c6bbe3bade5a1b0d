use sea_orm::entity::prelude::*;

/// A trip of a vehicle, derived from its positions.
#[derive(Clone, Debug, PartialEq, DeriveEntityModel)]
#[sea_orm(table_name = "trips")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub vehicle_id: i64,
    pub started_at: DateTimeUtc,
    pub ended_at: DateTimeUtc,
    pub km: f64,
    pub start_lat: f64,
    pub start_lon: f64,
    pub end_lat: f64,
    pub end_lon: f64,
    pub max_speed: f64,
    pub avg_speed: f64,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
