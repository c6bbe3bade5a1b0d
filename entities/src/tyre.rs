use sea_orm::entity::prelude::*;

/// A tyre model of a brand: size, tread pattern, new tread depth and standard pressure.
#[derive(Clone, Debug, PartialEq, DeriveEntityModel)]
#[sea_orm(table_name = "tyres")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub brand_id: i64,
    pub enterprise_id: Option<i64>,
    pub model: String,
    /// Size, e.g. 295/80R22.5.
    pub spec: String,
    /// Tread pattern.
    pub grain: String,
    /// mm
    pub tread_depth: Option<f64>,
    /// Standard (cold) pressure, bar.
    pub pressure: Option<f64>,
    pub load_index: String,
    pub remark: String,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
