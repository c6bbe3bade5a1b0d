use sea_orm::entity::prelude::*;

/// A relation between two enterprises. `enterprise_id` owns the data (grantor), `related_id`
/// receives access (grantee); the side that did not initiate it confirms or refuses it.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "relations")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub enterprise_id: i64,
    pub related_id: i64,
    /// 0 unconfirmed, 1 superior-subordinate, 2 maintenance custody, 3 customer, 4 cooperation.
    pub relation_type: i16,
    /// 0 requested, 1 confirmed, 2 refused, 3 ended.
    pub state: i16,
    /// The enterprise that asked for it.
    pub initiator_id: i64,
    pub requested_by: Option<i64>,
    pub remark: String,
    pub reason: String,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
    pub confirmed_at: Option<DateTimeUtc>,
    pub ended_at: Option<DateTimeUtc>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
