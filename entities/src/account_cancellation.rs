use sea_orm::entity::prelude::*;

/// A user's request to cancel their own account (`POST /api/user/cancellation`): the account
/// is frozen when the row is written; within the cooling-off period an administrator can still
/// restore it by enabling the user again.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "account_cancellations")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub user_id: i64,
    /// The sign-in name at the time of the request (kept if the user row goes).
    pub username: String,
    /// What the user wrote, at most 500 characters; may be empty.
    pub reason: String,
    pub requested_at: DateTimeUtc,
    pub cooling_off_until: DateTimeUtc,
    /// When the request was settled after its cooling-off period; `None` while it runs.
    pub closed_at: Option<DateTimeUtc>,
    /// `erased` (personal information removed) or `restored` (an administrator enabled the
    /// account again within the period); empty while the period runs.
    pub outcome: String,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
