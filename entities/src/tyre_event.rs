use sea_orm::entity::prelude::*;

/// An entry of a tyre's life log (pressure alarms are joined in when read).
#[derive(Clone, Debug, PartialEq, DeriveEntityModel)]
#[sea_orm(table_name = "tyre_events")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub enterprise_id: i64,
    pub tyre_id: i64,
    pub kind: String,
    pub vehicle_id: Option<i64>,
    pub position: Option<i32>,
    /// The tyre's km then.
    pub mileage: f64,
    pub detail: String,
    pub created_by: i64,
    pub at: DateTimeUtc,
    /// The work order it was done for.
    pub work_order_id: Option<i64>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
