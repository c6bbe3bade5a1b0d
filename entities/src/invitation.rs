use sea_orm::entity::prelude::*;

/// An invitation: a member by phone, a cooperating enterprise, or an enterprise taking
/// vehicles into custody. The invited side accepts or refuses it.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "invitations")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    /// member, enterprise or vehicle.
    pub kind: String,
    /// The inviting enterprise.
    pub enterprise_id: i64,
    pub inviter_id: Option<i64>,
    /// Member invitations: the invited phone.
    pub phone: String,
    /// Member invitations: the role offered.
    pub authority_id: Option<i64>,
    /// Enterprise and vehicle invitations: the invited enterprise.
    pub target_ent_id: Option<i64>,
    pub relation_type: Option<i16>,
    /// JSON array of vehicle ids.
    pub vehicle_ids: String,
    pub remark: String,
    /// 0 pending, 1 accepted, 2 refused, 3 cancelled.
    pub state: i16,
    pub reason: String,
    pub responder_id: Option<i64>,
    /// The relation an accepted enterprise or vehicle invitation created or extended.
    pub relation_id: Option<i64>,
    pub expires_at: DateTimeUtc,
    pub created_at: DateTimeUtc,
    pub responded_at: Option<DateTimeUtc>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
