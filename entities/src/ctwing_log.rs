use sea_orm::entity::prelude::*;

/// A request to the CTWing (China Telecom IoT) platform about a device and its answer.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "ctwing_logs")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub enterprise_id: i64,
    pub device_id: i64,
    pub action: String,
    #[sea_orm(column_type = "Text")]
    pub request: String,
    #[sea_orm(column_type = "Text")]
    pub response: String,
    pub success: bool,
    pub created_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
