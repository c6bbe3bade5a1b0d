use sea_orm::entity::prelude::*;

/// A run of a notice plan on one vehicle (unique per plan, vehicle and run).
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "work_inform_runs")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub inform_id: i64,
    pub vehicle_id: i64,
    /// The run's scheduled time (RFC 3339) or `km:<multiple>`.
    pub run_key: String,
    pub order_id: Option<i64>,
    pub created_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
