use sea_orm::entity::prelude::*;

/// Alarm thresholds of an enterprise for one axle position (`general`, `steer`, `drive`,
/// `trailer`). Pressures in bar, temperatures in °C.
#[derive(Clone, Debug, PartialEq, DeriveEntityModel)]
#[sea_orm(table_name = "enterprise_alarm_thresholds")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub enterprise_id: i64,
    #[sea_orm(primary_key, auto_increment = false)]
    pub position: String,
    pub standard_pressure: f64,
    pub high_pressure: f64,
    pub low_pressure_warning: f64,
    pub low_pressure_critical: f64,
    pub high_temperature: f64,
    /// kPa per minute.
    pub fast_leak_rate: f64,
    pub axle_high_temperature: f64,
    pub axle_temp_difference: f64,
    /// Percent.
    pub sensor_low_battery: i32,
    pub offline_minutes: i32,
    pub updated_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
