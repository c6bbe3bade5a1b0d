use sea_orm::entity::prelude::*;

/// A period a tyre spent at a wheel; `to_at` and `km` are set when it closes.
#[derive(Clone, Debug, PartialEq, DeriveEntityModel)]
#[sea_orm(table_name = "tyre_mounts")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub tyre_id: i64,
    pub vehicle_id: i64,
    pub position: i32,
    pub from_at: DateTimeUtc,
    pub to_at: Option<DateTimeUtc>,
    /// The days of `daily_mileage` it counts.
    pub from_day: Date,
    pub to_day: Option<Date>,
    pub km: Option<f64>,
    /// The work order it was mounted for.
    pub work_order_id: Option<i64>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
