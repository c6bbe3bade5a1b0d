use sea_orm::entity::prelude::*;

/// A report ingestion refused, with the reason (the most recent ones only).
#[derive(Clone, Debug, PartialEq, DeriveEntityModel)]
#[sea_orm(table_name = "rejected_reports")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub received_at: DateTimeUtc,
    pub imei: String,
    pub device_id: Option<i64>,
    pub vehicle_id: Option<i64>,
    pub enterprise_id: Option<i64>,
    /// Device time, when readable.
    pub ts: Option<DateTimeUtc>,
    /// `malformed`, `unknownDevice`, `badTime`, `badPosition`, `outOfRange`, `duplicate`.
    pub reason: String,
    /// What was wrong (`tyres[1].pressure: …`).
    pub detail: String,
    pub lat: Option<f64>,
    pub lon: Option<f64>,
    /// How many tyre readings it carried.
    pub tyres: i32,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
