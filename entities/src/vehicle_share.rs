use sea_orm::entity::prelude::*;

/// A share link of a vehicle: anyone holding the code sees the vehicle's public page until it
/// expires or is revoked.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "vehicle_shares")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    #[sea_orm(unique)]
    pub code: String,
    pub vehicle_id: i64,
    /// The vehicle's enterprise when shared.
    pub enterprise_id: i64,
    pub created_by: i64,
    pub created_at: DateTimeUtc,
    pub expires_at: DateTimeUtc,
    pub revoked_at: Option<DateTimeUtc>,
    pub revoked_by: Option<i64>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
