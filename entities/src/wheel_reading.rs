use sea_orm::entity::prelude::*;

/// A tyre or axle sensor reading at a wheel position (time series).
#[derive(Clone, Debug, PartialEq, DeriveEntityModel)]
#[sea_orm(table_name = "wheel_readings")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub vehicle_id: i64,
    #[sea_orm(primary_key, auto_increment = false)]
    pub ts: DateTimeUtc,
    /// 1 tyre, 2 axle (hub) temperature.
    #[sea_orm(primary_key, auto_increment = false)]
    pub kind: i16,
    #[sea_orm(primary_key, auto_increment = false)]
    pub position: i32,
    /// bar
    pub pressure: Option<f64>,
    /// °C
    pub temp: Option<f64>,
    /// %
    pub battery: Option<i16>,
    pub status: i16,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
