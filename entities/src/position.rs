use sea_orm::entity::prelude::*;

/// A GPS fix of a vehicle (time series keyed by vehicle and time).
#[derive(Clone, Debug, PartialEq, DeriveEntityModel)]
#[sea_orm(table_name = "positions")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub vehicle_id: i64,
    #[sea_orm(primary_key, auto_increment = false)]
    pub ts: DateTimeUtc,
    pub lat: f64,
    pub lon: f64,
    /// km/h
    pub speed: f64,
    pub direction: i16,
    pub ignition: bool,
    /// The device's odometer, km.
    pub mileage: Option<f64>,
    /// Supply voltage the report carried, V.
    pub voltage: Option<f64>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
