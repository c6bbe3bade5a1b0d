use sea_orm::entity::prelude::*;

/// A member's own push settings in an enterprise (defaults when absent).
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "push_member_settings")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub enterprise_id: i64,
    #[sea_orm(primary_key, auto_increment = false)]
    pub user_id: i64,
    pub push_enabled: bool,
    /// JSON array of channels.
    pub channels: String,
    /// JSON array of alarm kinds; empty: every kind.
    pub kinds: String,
    pub quiet_from: Option<String>,
    pub quiet_to: Option<String>,
    pub updated_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
