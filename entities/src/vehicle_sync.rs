use sea_orm::entity::prelude::*;

/// A synchronisation of an enterprise's vehicles with its docking platform.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "vehicle_syncs")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub enterprise_id: i64,
    /// The docking platform (console-spec §3: 0 none, 1.. named platforms).
    pub platform: i16,
    pub operator_id: i64,
    /// JSON: what the synchronisation found.
    pub summary: String,
    pub created_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
