use sea_orm::entity::prelude::*;

/// A vehicle a relation covers (vehicles arrive later: a plain id for now).
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "relation_vehicles")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub relation_id: i64,
    #[sea_orm(primary_key, auto_increment = false)]
    pub vehicle_id: i64,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
