use sea_orm::entity::prelude::*;

/// A vehicle class (tractor, trailer, bus …) with its default axle layout and image.
#[derive(Clone, Debug, PartialEq, DeriveEntityModel)]
#[sea_orm(table_name = "car_classes")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub enterprise_id: Option<i64>,
    pub name: String,
    /// As `vehicles.kind`: 0 tractor or truck, 1 trailer, 2 bus, 3 other.
    pub kind: i16,
    pub axle_layout: String,
    pub device_type_id: i16,
    pub sort: i32,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
