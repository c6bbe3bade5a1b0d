use sea_orm::entity::prelude::*;

/// A wheel position of a vehicle (`axle * 10 + wheel`) with its tyre, sensor and latest reading.
#[derive(Clone, Debug, PartialEq, DeriveEntityModel)]
#[sea_orm(table_name = "vehicle_wheels")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub vehicle_id: i64,
    #[sea_orm(primary_key, auto_increment = false)]
    pub position: i32,
    pub axle: i16,
    pub tyre_id: Option<i64>,
    pub sensor_no: Option<String>,
    /// bar
    pub pressure: Option<f64>,
    /// °C
    pub temp: Option<f64>,
    /// %
    pub battery: Option<i16>,
    /// Sensor status bits as reported.
    pub status: i16,
    pub read_at: Option<DateTimeUtc>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
