use sea_orm::entity::prelude::*;

/// A line of a service record: an item (labour, part or tyre), its quantity and price.
#[derive(Clone, Debug, PartialEq, DeriveEntityModel)]
#[sea_orm(table_name = "car_service_lines")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub service_id: i64,
    pub item_id: i64,
    pub quantity: f64,
    pub unit_price: f64,
    pub amount: f64,
    /// Where a part came from.
    pub warehouse_id: Option<i64>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
