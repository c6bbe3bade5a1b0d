use sea_orm::entity::prelude::*;

/// An uploaded GPX, KML or CSV track, converted to WGS-84.
#[derive(Clone, Debug, PartialEq, DeriveEntityModel)]
#[sea_orm(table_name = "track_uploads")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub enterprise_id: i64,
    pub vehicle_id: Option<i64>,
    pub route_id: Option<i64>,
    pub name: String,
    pub format: String,
    pub points: i32,
    pub length_m: f64,
    /// JSON `[[lon, lat, unix seconds or null], …]`.
    pub line: String,
    pub created_by: i64,
    pub created_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
