use sea_orm::entity::prelude::*;

/// An enterprise's membership in a cluster.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "cluster_enterprises")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub cluster_id: i64,
    #[sea_orm(primary_key, auto_increment = false)]
    pub enterprise_id: i64,
    pub created_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
