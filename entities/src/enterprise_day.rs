use sea_orm::entity::prelude::*;

/// An enterprise's UTC day: the sums and extremes of its vehicles' days (`daily_mileage`).
#[derive(Clone, Debug, PartialEq, DeriveEntityModel)]
#[sea_orm(table_name = "enterprise_days")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub enterprise_id: i64,
    #[sea_orm(primary_key, auto_increment = false)]
    pub day: Date,
    /// Vehicles with a derived day.
    pub vehicles: i32,
    pub km: f64,
    pub driving_seconds: i64,
    pub fixes: i64,
    pub max_tyre_temp: Option<f64>,
    pub max_hub_temp: Option<f64>,
    /// The largest partner-hub difference of its vehicle-days, °C.
    pub max_hub_diff: Option<f64>,
    pub min_pressure: Option<f64>,
    pub offline_seconds: i64,
    pub alarms: i32,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
