use sea_orm::entity::prelude::*;

/// One tyre: state 1 in stock (`warehouse_id`), 2 mounted (`vehicle_id`, `position`),
/// 3 retreading, 4 scrapped.
#[derive(Clone, Debug, PartialEq, DeriveEntityModel)]
#[sea_orm(table_name = "tyre_assets")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub enterprise_id: i64,
    pub item_id: i64,
    pub serial: String,
    pub dot: String,
    pub purchase_cost: f64,
    /// Retreads and repairs charged to it.
    pub extra_cost: f64,
    pub state: i16,
    pub warehouse_id: Option<i64>,
    pub vehicle_id: Option<i64>,
    pub position: Option<i32>,
    pub mounted_at: Option<DateTimeUtc>,
    /// Km run in closed mounts.
    pub km: f64,
    /// mm, when new.
    pub tread_new: Option<f64>,
    pub received_at: DateTimeUtc,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
