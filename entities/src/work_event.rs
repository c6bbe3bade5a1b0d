use sea_orm::entity::prelude::*;

/// Something the work area did by itself or that changed a project: 1 plan run, 2 order
/// opened by a plan, 3 order opened by an alarm, 4 alarm attached to an open order, 5 order
/// overdue, 6 project changed.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "work_events")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub enterprise_id: i64,
    pub kind: i16,
    pub inform_id: Option<i64>,
    pub order_id: Option<i64>,
    pub vehicle_id: Option<i64>,
    pub alarm_id: Option<i64>,
    pub project_id: Option<i64>,
    pub text_zh: String,
    pub text_en: String,
    pub created_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
