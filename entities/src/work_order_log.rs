use sea_orm::entity::prelude::*;

/// A timeline entry of a work order: 1 state change, 2 note, 3 dispose record, 4 change of
/// the order. `images` is a JSON list of URLs, `data` the dispose form's values (JSON).
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "work_order_logs")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub order_id: i64,
    pub kind: i16,
    pub from_state: Option<i16>,
    pub to_state: Option<i16>,
    pub content: String,
    pub images: String,
    pub data: String,
    pub user_id: i64,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
