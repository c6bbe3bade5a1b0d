use sea_orm::entity::prelude::*;

/// Something a work order is linked to: kind 1 vehicle (`detail`: its wheel positions), 2
/// device, 3 alarm, 4 participant (a user), 5 attached file (`sys_files`).
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "work_order_links")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub order_id: i64,
    pub kind: i16,
    pub ref_id: i64,
    pub detail: String,
    pub created_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
