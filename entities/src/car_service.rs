use sea_orm::entity::prelude::*;

/// A service (maintenance) record of a vehicle.
#[derive(Clone, Debug, PartialEq, DeriveEntityModel)]
#[sea_orm(table_name = "car_services")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub enterprise_id: i64,
    pub vehicle_id: i64,
    pub item: String,
    pub content: String,
    /// Odometer, km.
    pub mileage: Option<f64>,
    pub cost: Option<f64>,
    /// Sum of the labour lines.
    pub labour_cost: f64,
    /// Sum of the part and tyre lines.
    pub parts_cost: f64,
    pub work_order_id: Option<i64>,
    pub serviced_at: DateTimeUtc,
    pub created_by: i64,
    pub created_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
