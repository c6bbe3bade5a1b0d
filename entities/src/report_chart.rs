use sea_orm::entity::prelude::*;

/// A chart of a board: what it measures, how it groups, over which days, drawn as which kind
/// (each a closed enumeration, docs/reports.md).
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "report_charts")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub board_id: i64,
    pub title: String,
    pub kind: String,
    pub measure: String,
    pub second_measure: Option<String>,
    pub grouping: String,
    pub range_kind: String,
    pub start_day: Option<Date>,
    pub end_day: Option<Date>,
    pub top_n: Option<i32>,
    pub enterprise_id: Option<i64>,
    pub sort: i32,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
