use sea_orm::entity::prelude::*;

/// What a warehouse holds of an item: the sum of its moves, written in each move's transaction.
#[derive(Clone, Debug, PartialEq, DeriveEntityModel)]
#[sea_orm(table_name = "stock_balances")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub enterprise_id: i64,
    pub warehouse_id: i64,
    pub item_id: i64,
    pub quantity: f64,
    /// Stock value.
    pub value: f64,
    pub low_alerted: bool,
    pub updated_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
