use sea_orm::entity::prelude::*;

/// A vehicle's finished UTC day, summarised from its positions.
#[derive(Clone, Debug, PartialEq, DeriveEntityModel)]
#[sea_orm(table_name = "track_fragments")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub vehicle_id: i64,
    #[sea_orm(primary_key, auto_increment = false)]
    pub day: Date,
    pub total: i32,
    pub meters: f64,
    pub moving_seconds: i64,
    pub first_at: DateTimeUtc,
    pub last_at: DateTimeUtc,
    pub min_lon: f64,
    pub min_lat: f64,
    pub max_lon: f64,
    pub max_lat: f64,
    /// JSON `[[lon, lat], …]`, simplified.
    pub line: String,
    pub built_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
