use sea_orm::entity::prelude::*;

/// How an enterprise's devices of one part number are upgraded: automatically within a window, or by hand.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "upgrade_strategies")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub enterprise_id: i64,
    pub model: String,
    pub auto: bool,
    pub firmware_id: Option<i64>,
    pub window_start: String,
    pub window_end: String,
    pub updated_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
