use sea_orm::entity::prelude::*;
use serde::Serialize;

/// An enterprise (fleet, service provider, platform). Enterprises form a tree of up to three
/// levels through `parent_id`.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel, Serialize)]
#[sea_orm(table_name = "enterprises")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub parent_id: Option<i64>,
    pub ent_name: String,
    pub ent_abbreviation: String,
    pub logo: String,
    pub car_ico: String,
    pub enable_group: bool,
    /// 0 direct, 1 superior, 2 outsourced, 3 agent, 4 supervisory.
    pub ent_type: i16,
    /// 0 none … 10.
    pub docking_platform: i16,
    /// 0 axle + tyre, 1 axle only, 2 tyre only, 3 neither.
    pub wheel_support: i16,
    /// Kept equal to `verify_state == 2`.
    pub verified: bool,
    /// The cluster the enterprise joined first (its brand and switch-list cluster).
    pub colony_id: Option<i64>,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
    pub contact: String,
    pub phone: String,
    pub address: String,
    pub license_no: String,
    /// 0 not submitted, 1 pending review, 2 approved, 3 rejected.
    pub verify_state: i16,
    /// JSON array of document URLs.
    pub verify_documents: String,
    /// Why the platform rejected the documents.
    pub verify_reason: String,
    pub verify_submitted_at: Option<DateTimeUtc>,
    pub verify_reviewed_at: Option<DateTimeUtc>,
    /// Holds sample data: the visitor account sees these enterprises and no other.
    pub is_sample: bool,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
