use sea_orm::entity::prelude::*;

/// Who a device was sold to, when (`YYYY-MM-DD`), for how much and with what warranty.
#[derive(Clone, Debug, PartialEq, DeriveEntityModel)]
#[sea_orm(table_name = "device_sales")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub device_id: i64,
    pub customer: String,
    pub sold_on: String,
    pub price: f64,
    pub warranty_months: i32,
    pub remark: String,
    pub updated_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
