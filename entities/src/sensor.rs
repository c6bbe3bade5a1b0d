use sea_orm::entity::prelude::*;

/// A wheel sensor: tyre pressure and temperature (kind 1) or axle temperature (kind 2), bound to
/// a receiver and a wheel position of a vehicle.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "sensors")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    #[sea_orm(unique)]
    pub sensor_no: String,
    pub enterprise_id: i64,
    pub device_id: Option<i64>,
    pub vehicle_id: Option<i64>,
    pub position: Option<i32>,
    pub kind: i16,
    pub battery: Option<i16>,
    pub bound_at: Option<DateTimeUtc>,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
