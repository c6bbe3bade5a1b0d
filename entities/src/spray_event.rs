use sea_orm::entity::prelude::*;

/// A spray-cooling activation or fault of a vehicle.
#[derive(Clone, Debug, PartialEq, DeriveEntityModel)]
#[sea_orm(table_name = "spray_events")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub vehicle_id: i64,
    pub position: i32,
    /// 1 activation, 2 fault.
    pub kind: i16,
    pub started_at: DateTimeUtc,
    pub ended_at: Option<DateTimeUtc>,
    /// The hub temperature that triggered it, °C.
    pub temp: Option<f64>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
