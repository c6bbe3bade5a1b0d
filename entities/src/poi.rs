use sea_orm::entity::prelude::*;

/// A point of interest or geofence: a point, a circle or a polygon (docs/tracks.md).
#[derive(Clone, Debug, PartialEq, DeriveEntityModel)]
#[sea_orm(table_name = "pois")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    /// None: platform-wide.
    pub enterprise_id: Option<i64>,
    pub name: String,
    pub poi_type: i16,
    pub shape: i16,
    pub lat: f64,
    pub lon: f64,
    pub radius_m: Option<f64>,
    /// JSON `[[lon, lat], …]`.
    pub polygon: Option<String>,
    pub address: String,
    pub phone: String,
    pub remark: String,
    pub fence: i16,
    pub created_by: i64,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
