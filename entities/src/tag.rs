use sea_orm::entity::prelude::*;

/// A tag of an enterprise; `kind` vehicle, device, label or service.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "tags")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub enterprise_id: i64,
    pub kind: String,
    pub name: String,
    pub color: String,
    /// Place among the enterprise's tags of the same kind (ascending; then name).
    pub sort: i32,
    pub created_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
