use sea_orm::entity::prelude::*;

/// A wheel position of a vehicle (`axle * 10 + wheel`) with its tyre and sensor; its latest
/// reading is in `vehicle_states.wheels`.
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
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
