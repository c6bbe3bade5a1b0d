use sea_orm::entity::prelude::*;

/// A node (step) of a work-order flow. `state` is the order state while at it; JSON text:
/// `assignee` (`"requester" | "assignee" | "admin" | {"userId": n}`), `fields` (form fields),
/// `functions` and `required` (function keys), `conditions` (branches to later nodes).
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "work_flow_nodes")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub flow_id: i64,
    pub name: String,
    pub sort: i32,
    pub state: i16,
    pub assignee: String,
    pub fields: String,
    pub functions: String,
    pub required: String,
    pub conditions: String,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
