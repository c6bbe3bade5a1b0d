use sea_orm::entity::prelude::*;

/// A stateful alarm of a vehicle (at a wheel position, or 0 for the vehicle).
#[derive(Clone, Debug, PartialEq, DeriveEntityModel)]
#[sea_orm(table_name = "vehicle_alarms")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub enterprise_id: i64,
    pub vehicle_id: i64,
    pub position: i32,
    pub kind: i16,
    /// 1 warning, 2 critical.
    pub level: i16,
    /// 0 active, 1 acknowledged, 2 cleared.
    pub state: i16,
    pub value: Option<f64>,
    pub threshold: Option<f64>,
    pub started_at: DateTimeUtc,
    pub last_at: DateTimeUtc,
    pub acked_at: Option<DateTimeUtc>,
    pub acked_by: Option<i64>,
    pub note: String,
    pub cleared_at: Option<DateTimeUtc>,
    /// None with `cleared_at` set: cleared by the system.
    pub cleared_by: Option<i64>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
