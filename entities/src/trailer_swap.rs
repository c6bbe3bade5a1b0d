use sea_orm::entity::prelude::*;

/// A trailer hitched to, unhitched from or swapped on a tractor. Plates are kept so the
/// record outlives the vehicles.
#[derive(Clone, Debug, PartialEq, DeriveEntityModel)]
#[sea_orm(table_name = "trailer_swaps")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    /// The tractor's enterprise.
    pub enterprise_id: i64,
    pub tractor_id: i64,
    pub tractor_plate: String,
    /// The trailer taken off (none when hitching to a bare tractor).
    pub from_trailer_id: Option<i64>,
    pub from_plate: String,
    /// The trailer put on (none when unhitching).
    pub to_trailer_id: Option<i64>,
    pub to_plate: String,
    pub operator_id: i64,
    pub address: String,
    pub lat: Option<f64>,
    pub lon: Option<f64>,
    pub created_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
