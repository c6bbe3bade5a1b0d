use sea_orm::entity::prelude::*;

/// Alarms an enterprise's vehicles raised on a UTC day, by kind, level and hour (UTC): the sums
/// of their `day_alarms`.
#[derive(Clone, Debug, PartialEq, DeriveEntityModel)]
#[sea_orm(table_name = "enterprise_day_alarms")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub enterprise_id: i64,
    #[sea_orm(primary_key, auto_increment = false)]
    pub day: Date,
    #[sea_orm(primary_key, auto_increment = false)]
    pub kind: i16,
    #[sea_orm(primary_key, auto_increment = false)]
    pub level: i16,
    #[sea_orm(primary_key, auto_increment = false)]
    pub hour: i16,
    pub count: i32,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
