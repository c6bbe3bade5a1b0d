use sea_orm::entity::prelude::*;

/// A trusteeship: `user_id` may operate enterprise `enterprise_id` through `/captain` calls,
/// under cluster `colony_id`, limited by `restriction` (bit 1 read-only, bit 2 that
/// enterprise only, not its subtree), until `expires_at` (none: until revoked).
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "trusteeships")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub user_id: i64,
    pub enterprise_id: i64,
    pub colony_id: Option<i64>,
    pub restriction: i16,
    pub granted_by: Option<i64>,
    pub expires_at: Option<DateTimeUtc>,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
