use sea_orm::entity::prelude::*;

/// One periodic report delivered (or skipped) for a subscription; its file is read back by
/// `token`.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "report_deliveries")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub subscription_id: i64,
    pub enterprise_id: i64,
    pub user_id: i64,
    pub cadence: String,
    pub format: String,
    pub start_date: Date,
    pub end_date: Date,
    /// The period's first day for a scheduled delivery (unique per subscription); null for a
    /// delivery asked for by hand.
    pub scheduled_for: Option<Date>,
    /// The random key of the download link.
    pub token: String,
    pub file_name: String,
    /// The file, relative to the data dir; null when nothing was sent.
    pub path: Option<String>,
    pub bytes: i64,
    /// `sent` or `skipped`.
    pub outcome: String,
    pub note: Option<String>,
    pub created_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
