use sea_orm::entity::prelude::*;

/// A part (kind 1) or labour (kind 2) line of a work order's repair record.
#[derive(Clone, Debug, PartialEq, DeriveEntityModel)]
#[sea_orm(table_name = "work_order_lines")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub order_id: i64,
    pub kind: i16,
    pub name: String,
    /// The wheel position the line is for, if any.
    pub position: String,
    pub quantity: f64,
    pub unit_price: f64,
    pub hours: f64,
    pub amount: f64,
    pub created_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
