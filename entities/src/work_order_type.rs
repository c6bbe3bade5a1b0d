use sea_orm::entity::prelude::*;

/// An order type of an enterprise (repair, maintenance, …) with its form templates, kept as
/// JSON text: the create form's fields, their default values, the close-out (dispose) form.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "work_order_types")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub enterprise_id: i64,
    pub name: String,
    pub sort: i32,
    pub fields: String,
    pub defaults: String,
    pub dispose: String,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
    /// The flow orders of this type follow (None: the built-in flow).
    pub flow_id: Option<i64>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
