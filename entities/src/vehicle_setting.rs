use sea_orm::entity::prelude::*;

/// Per-vehicle settings: drop-and-hook (swing) support and options, device settings.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "vehicle_settings")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub vehicle_id: i64,
    pub support_swing: bool,
    /// JSON object: the swing options.
    pub swing: String,
    /// JSON object: the device settings.
    pub device_setting: String,
    pub updated_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
