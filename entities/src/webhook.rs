use sea_orm::entity::prelude::*;

/// An address of an enterprise that receives its alarm events.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "webhooks")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub enterprise_id: i64,
    pub url: String,
    /// Hex key of the HMAC-SHA256 signature.
    pub secret: String,
    /// JSON array of alarm kinds; empty: every kind.
    pub kinds: String,
    pub min_level: i16,
    pub enabled: bool,
    pub last_status: Option<i32>,
    pub last_delivered_at: Option<DateTimeUtc>,
    /// Failed attempts since the last success.
    pub failures: i32,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
