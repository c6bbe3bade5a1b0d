use sea_orm::entity::prelude::*;

/// One attempt to deliver an alarm event to a webhook; pending while `next_at` is set.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "webhook_deliveries")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub webhook_id: i64,
    pub alarm_id: i64,
    /// `alarm.raised`, `alarm.acknowledged` or `alarm.cleared`.
    pub event: String,
    /// The JSON body sent.
    pub payload: String,
    pub attempt: i32,
    /// HTTP status answered, if any.
    pub status: Option<i32>,
    pub error: Option<String>,
    pub delivered_at: Option<DateTimeUtc>,
    pub next_at: Option<DateTimeUtc>,
    pub created_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
