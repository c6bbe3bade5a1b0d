use sea_orm::entity::prelude::*;

/// The tyre and axle readings of one report (time series): every wheel of the report packed
/// into `wheels` ([`crate::wheel_values`]).
#[derive(Clone, Debug, PartialEq, DeriveEntityModel)]
#[sea_orm(table_name = "wheel_frames")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub vehicle_id: i64,
    #[sea_orm(primary_key, auto_increment = false)]
    pub ts: DateTimeUtc,
    pub wheels: Vec<u8>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
