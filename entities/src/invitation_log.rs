use sea_orm::entity::prelude::*;

/// What happened to an invitation, and who did it.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "invitation_logs")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub invitation_id: i64,
    /// created, accepted, refused or cancelled.
    pub action: String,
    pub actor_id: Option<i64>,
    pub enterprise_id: Option<i64>,
    pub note: String,
    pub created_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
