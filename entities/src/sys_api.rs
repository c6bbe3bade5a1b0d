use sea_orm::entity::prelude::*;
use serde::Serialize;

/// A registered call, so policies can be granted from the console.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel, Serialize)]
#[sea_orm(table_name = "sys_apis")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    /// Full path including the base, e.g. `/api/user/getUserInfo`.
    pub path: String,
    pub method: String,
    pub api_group: String,
    pub description: String,
    /// The kind the served call declares (`open`, `read`, `write`, `device`); `None` while
    /// the server does not serve it; `legacy` until the first start after kinds were added.
    pub kind: Option<String>,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
