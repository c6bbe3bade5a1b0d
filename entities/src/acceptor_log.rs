use sea_orm::entity::prelude::*;

/// A receiver installed on, replaced on or removed from a vehicle.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "acceptor_logs")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub enterprise_id: i64,
    pub vehicle_id: Option<i64>,
    pub device_id: Option<i64>,
    pub previous_device_id: Option<i64>,
    pub action: String,
    pub remark: String,
    pub operator_id: Option<i64>,
    pub created_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
