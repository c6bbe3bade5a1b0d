use sea_orm::entity::prelude::*;

/// A project of an enterprise (work orders and tasks are filed under projects).
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "projects")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub enterprise_id: i64,
    pub name: String,
    pub code: String,
    /// 0 active, 1 closed.
    pub state: i16,
    pub remark: String,
    /// `YYYY-MM-DD` or "".
    pub starts_on: String,
    pub ends_on: String,
    /// The project's manager (work orders).
    pub manager_id: Option<i64>,
    /// Work stage: 1 planning, 2 active, 3 done, 4 archived.
    pub stage: i16,
    pub created_by: Option<i64>,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
