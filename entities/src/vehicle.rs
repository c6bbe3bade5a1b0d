use sea_orm::entity::prelude::*;

/// A vehicle of an enterprise. Trailers are vehicles of kind 1; a tractor's current trailer is
/// `trailer_id`. Its group is in `enterprise_group_vehicles`, its live state in `vehicle_states`.
#[derive(Clone, Debug, PartialEq, DeriveEntityModel)]
#[sea_orm(table_name = "vehicles")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub enterprise_id: i64,
    #[sea_orm(unique)]
    pub plate: String,
    pub vin: String,
    /// 0 tractor or truck, 1 trailer, 2 bus, 3 other.
    pub kind: i16,
    pub trailer_id: Option<i64>,
    pub brand_id: Option<i64>,
    pub series_id: Option<i64>,
    pub class_id: Option<i64>,
    /// Selects the vehicle image (about a dozen).
    pub device_type_id: i16,
    pub head_img_url: String,
    /// Wheels per axle from the front, e.g. "2,4,4"; positions are `axle * 10 + wheel`.
    pub axle_layout: String,
    /// 0 not installed, 1 installed, 2 installing.
    pub install_state: i16,
    /// 0 vehicle battery, 1 own battery, 2 solar.
    pub power_supply: i16,
    pub recharge: bool,
    pub remark: String,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
