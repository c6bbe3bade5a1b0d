use sea_orm::entity::prelude::*;

/// A planned route: ordered nodes and the corridor a vehicle on it keeps to.
#[derive(Clone, Debug, PartialEq, DeriveEntityModel)]
#[sea_orm(table_name = "routes")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub enterprise_id: i64,
    pub name: String,
    pub corridor_m: f64,
    /// JSON `[{lon, lat, name, stop}]`.
    pub nodes: String,
    pub length_m: f64,
    pub created_by: i64,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
