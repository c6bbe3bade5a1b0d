use sea_orm::entity::prelude::*;

/// A verification code sent (or, with the default sender, only recorded) by SMS.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "sms_outbox")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub phone: String,
    /// `register`, `login`, `bind`.
    pub purpose: String,
    pub code: String,
    pub expires_at: DateTimeUtc,
    pub consumed_at: Option<DateTimeUtc>,
    /// Wrong guesses against this code; it dies after a few.
    pub attempts: i32,
    pub created_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
