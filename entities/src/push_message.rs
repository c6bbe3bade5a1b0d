use sea_orm::entity::prelude::*;

/// A message pushed to a member: an alarm (with vehicle and kind) or a platform notice.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "push_messages")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub enterprise_id: i64,
    pub user_id: i64,
    pub rule_id: Option<i64>,
    pub alarm_id: Option<i64>,
    pub vehicle_id: Option<i64>,
    pub kind: Option<i16>,
    pub level: Option<i16>,
    pub title: String,
    pub content: String,
    pub channel: String,
    pub masked: bool,
    pub read_at: Option<DateTimeUtc>,
    pub created_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
