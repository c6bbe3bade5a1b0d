use sea_orm::entity::prelude::*;

/// A supplier (kind 1) or customer (kind 2) of an enterprise.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "stock_partners")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub enterprise_id: i64,
    pub kind: i16,
    pub name: String,
    pub contact: String,
    pub phone: String,
    pub address: String,
    pub remark: String,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
