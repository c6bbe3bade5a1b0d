use sea_orm::entity::prelude::*;

/// A cluster ("colony"): enterprises grouped under a supervising enterprise, with a brand host.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "clusters")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    #[sea_orm(unique)]
    pub name: String,
    /// The brand host of the cluster ("" for none).
    pub domain: String,
    pub logo: String,
    pub remark: String,
    /// Members of this enterprise (and its subtree) see every enterprise of the cluster.
    pub supervisor_enterprise_id: Option<i64>,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
