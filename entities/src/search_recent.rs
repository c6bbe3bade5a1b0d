use sea_orm::entity::prelude::*;

/// Something a user searched for or picked from the search box, most recent first.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "search_recents")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub user_id: i64,
    /// `vehicle`, `device`, `driver`, `workOrder`, `enterprise`, or "" for a keyword.
    pub kind: String,
    pub ref_id: Option<i64>,
    pub keyword: String,
    pub label: String,
    pub used_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
