use sea_orm::entity::prelude::*;

/// A series (model line) of a car brand.
#[derive(Clone, Debug, PartialEq, DeriveEntityModel)]
#[sea_orm(table_name = "car_series")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub brand_id: i64,
    pub enterprise_id: Option<i64>,
    pub name: String,
    pub sort: i32,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
