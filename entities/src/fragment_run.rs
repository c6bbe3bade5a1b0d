use sea_orm::entity::prelude::*;

/// A rebuild of track fragments: what it covered and how it went.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "fragment_runs")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub enterprise_id: Option<i64>,
    pub vehicle_id: Option<i64>,
    pub start_day: Date,
    pub end_day: Date,
    pub vehicles: i32,
    pub days: i32,
    pub built: i32,
    /// 1 running, 2 done, 3 failed, 4 cancelled.
    pub state: i16,
    pub error: String,
    pub created_by: i64,
    pub started_at: DateTimeUtc,
    pub finished_at: Option<DateTimeUtc>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
