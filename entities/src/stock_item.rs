use sea_orm::entity::prelude::*;

/// What an enterprise charges or stocks: kind 1 labour, 2 part, 3 tyre (a tyre model).
#[derive(Clone, Debug, PartialEq, DeriveEntityModel)]
#[sea_orm(table_name = "stock_items")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub enterprise_id: i64,
    pub kind: i16,
    pub code: String,
    pub name: String,
    pub unit: String,
    /// Selling / charging price.
    pub price: f64,
    pub tyre_id: Option<i64>,
    pub low_stock: Option<f64>,
    pub enabled: bool,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
