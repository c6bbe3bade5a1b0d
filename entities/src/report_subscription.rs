use sea_orm::entity::prelude::*;

/// A member's subscription to a periodic fleet report, delivered after each period closes.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "report_subscriptions")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    /// The enterprise the report is read for (as the member acting for it sees it).
    pub enterprise_id: i64,
    /// Who receives it.
    pub user_id: i64,
    pub created_by: i64,
    /// `daily`, `weekly` or `monthly`.
    pub cadence: String,
    /// `xlsx` or `pdf`.
    pub format: String,
    /// Sent as an in-console message.
    pub console: bool,
    /// Also sent to this webhook of the enterprise.
    pub webhook_id: Option<i64>,
    /// `zh` or `en`: the report's language.
    pub lang: String,
    /// `scheme://host` the links are built on.
    pub origin: String,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
