use sea_orm::entity::prelude::*;

/// Push and supervision settings of an enterprise (lists are JSON arrays).
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "enterprise_settings")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub enterprise_id: i64,
    pub push_enabled: bool,
    pub push_channels: String,
    pub push_alarm_types: String,
    /// `HH:MM` or "" (no quiet hours).
    pub push_quiet_start: String,
    pub push_quiet_end: String,
    pub push_receivers: String,
    pub supervise_enabled: bool,
    pub supervise_alarm_types: String,
    pub updated_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
