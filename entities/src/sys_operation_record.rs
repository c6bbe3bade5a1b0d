use sea_orm::entity::prelude::*;
use serde::Serialize;

/// One mutating call, as the operation-record middleware saw it.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel, Serialize)]
#[sea_orm(table_name = "sys_operation_records")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub user_id: Option<i64>,
    pub ip: String,
    pub method: String,
    pub path: String,
    pub status: i32,
    /// The envelope code of the answer (0, 7, 100), when it had one.
    pub code: Option<i32>,
    pub latency_ms: i64,
    pub agent: String,
    /// Request body, truncated, secrets masked.
    #[sea_orm(column_type = "Text")]
    pub body: String,
    /// Response body, truncated, secrets masked.
    #[sea_orm(column_type = "Text")]
    pub resp: String,
    pub created_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
