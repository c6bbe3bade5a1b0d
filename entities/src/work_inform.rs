use sea_orm::entity::prelude::*;

/// A notice plan: opens orders of a type on its vehicles on a schedule or by mileage.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "work_informs")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub enterprise_id: i64,
    pub project_id: Option<i64>,
    pub name: String,
    pub type_id: i64,
    pub title: String,
    /// JSON list of vehicle ids.
    pub vehicle_ids: String,
    /// JSON: the schedule or mileage trigger.
    pub trigger: String,
    pub lead_days: i32,
    pub assignee_id: Option<i64>,
    pub due_hours: Option<i32>,
    pub enabled: bool,
    pub next_run_at: Option<DateTimeUtc>,
    pub last_run_at: Option<DateTimeUtc>,
    pub orders_opened: i32,
    pub created_by: i64,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
