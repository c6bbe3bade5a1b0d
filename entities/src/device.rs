use sea_orm::entity::prelude::*;

/// A receiver (or a repeater under `parent_id`) of an enterprise, fitted to at most one vehicle.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "devices")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub enterprise_id: i64,
    pub vehicle_id: Option<i64>,
    pub parent_id: Option<i64>,
    /// 0 receiver, 1 repeater.
    pub kind: i16,
    #[sea_orm(unique)]
    pub imei: String,
    #[sea_orm(unique)]
    pub sn: Option<String>,
    pub part_no: String,
    pub model_id: Option<i64>,
    pub version: String,
    /// SIM ICCID; the carrier follows from its first six digits.
    pub iccid: String,
    pub heartbeat_at: Option<DateTimeUtc>,
    pub online: bool,
    pub remark: String,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
