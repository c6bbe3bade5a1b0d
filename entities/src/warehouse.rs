use sea_orm::entity::prelude::*;

/// A warehouse of an enterprise; `deleted_at` set instead of deleting (the ledger names it).
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "warehouses")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub enterprise_id: i64,
    pub name: String,
    pub address: String,
    pub keeper: String,
    pub phone: String,
    pub remark: String,
    pub deleted_at: Option<DateTimeUtc>,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
