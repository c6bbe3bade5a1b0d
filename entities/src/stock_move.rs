use sea_orm::entity::prelude::*;

/// One line of the stock ledger: a warehouse × item change (never updated or deleted).
#[derive(Clone, Debug, PartialEq, DeriveEntityModel)]
#[sea_orm(table_name = "stock_moves")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub enterprise_id: i64,
    /// Shared by the lines of one document and both halves of a transfer.
    pub doc_no: String,
    pub kind: String,
    pub warehouse_id: i64,
    pub item_id: i64,
    /// + into the warehouse, − out of it.
    pub quantity: f64,
    pub unit_cost: f64,
    /// quantity × unit cost (signed like the quantity).
    pub amount: f64,
    /// Selling price of a sale.
    pub unit_price: Option<f64>,
    pub balance_after: f64,
    pub supplier_id: Option<i64>,
    pub customer_id: Option<i64>,
    pub vehicle_id: Option<i64>,
    pub work_order_id: Option<i64>,
    /// JSON array of tyre asset ids.
    pub tyre_ids: String,
    pub remark: String,
    pub created_by: i64,
    pub occurred_at: DateTimeUtc,
    pub created_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
