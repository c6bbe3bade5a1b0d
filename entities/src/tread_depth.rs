use sea_orm::entity::prelude::*;

/// A tread depth measurement of the tyre at a wheel position.
#[derive(Clone, Debug, PartialEq, DeriveEntityModel)]
#[sea_orm(table_name = "tread_depths")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub vehicle_id: i64,
    pub position: i32,
    /// mm
    pub depth: f64,
    pub measured_at: DateTimeUtc,
    pub created_by: i64,
    pub note: String,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
