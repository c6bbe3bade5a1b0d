use sea_orm::entity::prelude::*;

/// What is left of one receipt (FIFO valuation).
#[derive(Clone, Debug, PartialEq, DeriveEntityModel)]
#[sea_orm(table_name = "stock_lots")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub warehouse_id: i64,
    pub item_id: i64,
    pub remaining: f64,
    pub unit_cost: f64,
    pub received_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
