use sea_orm::entity::prelude::*;

/// Reports ingestion accepted or rejected (by reason) on a day (UTC).
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "ingest_counts")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub day: Date,
    /// `accepted` or a rejection reason (`malformed`, `unknownDevice`, …).
    #[sea_orm(primary_key, auto_increment = false)]
    pub outcome: String,
    pub count: i64,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
