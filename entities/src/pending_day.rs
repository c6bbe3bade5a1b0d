use sea_orm::entity::prelude::*;

/// A vehicle-day to derive again from history (trips, daily mileage): it received a late
/// report, or its day closed.
#[derive(Clone, Debug, PartialEq, DeriveEntityModel)]
#[sea_orm(table_name = "pending_days")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub vehicle_id: i64,
    #[sea_orm(primary_key, auto_increment = false)]
    pub day: Date,
    pub marked_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
