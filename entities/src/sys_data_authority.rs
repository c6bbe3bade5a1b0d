use sea_orm::entity::prelude::*;

/// A role whose data another role may see (data scope).
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "sys_data_authorities")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub authority_id: i64,
    #[sea_orm(primary_key, auto_increment = false)]
    pub data_authority_id: i64,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
