use sea_orm::entity::prelude::*;
use serde::Serialize;

/// A role ("authority"); its id is chosen, not generated (888 super admin, 999/666 platform …).
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel, Serialize)]
#[sea_orm(table_name = "sys_authorities")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub authority_id: i64,
    pub authority_name: String,
    pub parent_id: i64,
    pub default_router: String,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
