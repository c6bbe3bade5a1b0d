use sea_orm::entity::prelude::*;

/// A car brand; `enterprise_id` None = platform-wide.
#[derive(Clone, Debug, PartialEq, DeriveEntityModel)]
#[sea_orm(table_name = "car_brands")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub enterprise_id: Option<i64>,
    pub name: String,
    pub logo: String,
    pub sort: i32,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
