use sea_orm::entity::prelude::*;
use serde::Serialize;

/// A hostname brand (console-spec §1): the same build shows another product name, logo and
/// websocket address on each `app_domain`.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel, Serialize)]
#[sea_orm(table_name = "brand_profiles")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub app_name: String,
    #[sea_orm(column_name = "description")]
    pub desc: String,
    pub app_logo: String,
    pub ws_url: String,
    #[sea_orm(unique)]
    pub app_domain: String,
    /// The profile used when no domain matches (and on localhost).
    pub is_default: bool,
    pub sort: i32,
    pub updated_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
