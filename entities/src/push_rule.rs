use sea_orm::entity::prelude::*;

/// A push rule: which alarms (kinds, minimum level, vehicles) reach which members.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "push_rules")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub enterprise_id: i64,
    pub name: String,
    /// JSON array of alarm kinds.
    pub kinds: String,
    pub min_level: i16,
    /// JSON array: `console`, `webhook`.
    pub channels: String,
    pub all_vehicles: bool,
    pub enabled: bool,
    /// `HH:MM` in the enterprise's time.
    pub quiet_from: Option<String>,
    pub quiet_to: Option<String>,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
