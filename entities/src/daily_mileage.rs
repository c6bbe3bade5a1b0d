use sea_orm::entity::prelude::*;

/// A vehicle's UTC day, derived from its history by the finished-days follower: distance and
/// driving time from its positions, the day's extremes of its wheel readings, time offline and
/// alarms raised.
#[derive(Clone, Debug, PartialEq, DeriveEntityModel)]
#[sea_orm(table_name = "daily_mileage")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub vehicle_id: i64,
    #[sea_orm(primary_key, auto_increment = false)]
    pub day: Date,
    pub km: f64,
    pub driving_seconds: i64,
    /// The vehicle's enterprise when the day was derived.
    pub enterprise_id: Option<i64>,
    /// GPS fixes that day.
    pub fixes: i32,
    /// Wheel-reading frames that day.
    pub frames: i32,
    /// °C
    pub max_tyre_temp: Option<f64>,
    /// °C
    pub max_hub_temp: Option<f64>,
    /// The largest difference between the hubs of one axle (left against right) in one
    /// frame, °C: a dragging brake or a failing bearing runs hotter than its partner.
    pub max_hub_diff: Option<f64>,
    /// The lowest tyre pressure read, bar.
    pub min_pressure: Option<f64>,
    /// Seconds of the day in silences of more than 10 minutes between reports.
    pub offline_seconds: i64,
    /// Alarms raised that day.
    pub alarms: i32,
    /// The vehicle's km through the end of this day (the running sum of `km`): a period's km
    /// is the difference of two days' figures.
    pub odo_km: f64,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
