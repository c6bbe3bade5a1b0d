use sea_orm::entity::prelude::*;

/// Stock (drp) and service settings of an enterprise.
#[derive(Clone, Debug, PartialEq, DeriveEntityModel)]
#[sea_orm(table_name = "stock_settings")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub enterprise_id: i64,
    pub allow_negative: bool,
    /// "average" or "fifo".
    pub valuation: String,
    /// Default low-stock threshold (0: none).
    pub low_stock: f64,
    pub alert_low_stock: bool,
    /// Per hour.
    pub labour_rate: f64,
    pub default_warehouse_id: Option<i64>,
    pub interval_km: Option<f64>,
    pub interval_days: Option<i32>,
    /// Percent.
    pub tax_rate: f64,
    pub updated_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
