use sea_orm::entity::prelude::*;

/// A task inside a work order.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "work_order_tasks")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub order_id: i64,
    pub title: String,
    pub assignee_id: Option<i64>,
    pub due_at: Option<DateTimeUtc>,
    pub done: bool,
    pub done_at: Option<DateTimeUtc>,
    pub created_by: i64,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
    /// When the task is planned (the work plan's calendar).
    pub planned_at: Option<DateTimeUtc>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
