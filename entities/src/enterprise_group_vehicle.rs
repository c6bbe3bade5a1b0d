use sea_orm::entity::prelude::*;

/// Which group of an enterprise a vehicle is assigned to (one group per vehicle and enterprise).
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "enterprise_group_vehicles")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub enterprise_id: i64,
    #[sea_orm(primary_key, auto_increment = false)]
    pub vehicle_id: i64,
    pub group_id: i64,
    pub updated_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
