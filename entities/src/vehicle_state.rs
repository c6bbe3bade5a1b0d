use sea_orm::entity::prelude::*;

/// A vehicle's latest position and flags, as the map shows them.
#[derive(Clone, Debug, PartialEq, DeriveEntityModel)]
#[sea_orm(table_name = "vehicle_states")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub vehicle_id: i64,
    pub lat: Option<f64>,
    pub lon: Option<f64>,
    /// km/h
    pub speed: f64,
    pub direction: i16,
    pub address: String,
    pub gps_at: Option<DateTimeUtc>,
    /// The last report of any kind.
    pub final_at: Option<DateTimeUtc>,
    pub online: bool,
    pub ignition: bool,
    pub alarm: bool,
    pub alarm_type: i16,
    pub alarm_level: i16,
    /// Bits: 1 highTp, 2 lowTp, 4 highTemp, 8 repeaters, 16 sensorLoss, 32 spraySwitch,
    /// 64 sprayFault.
    pub tp_flags: i32,
    /// Bits: 1 axleAbnormal, 2 axleNull, 4 axleLose, 8 axleJump, 16 axleEfficacy.
    pub axle_flags: i32,
    pub temp_difference24h: bool,
    pub high_temp24h: bool,
    pub battery: Option<i16>,
    pub voltage: Option<f64>,
    /// Service closed (shown apart from offline).
    pub closed: bool,
    pub updated_at: DateTimeUtc,
    /// The latest reading of each wheel position, packed ([`crate::wheel_values`]).
    pub wheels: Option<Vec<u8>>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
