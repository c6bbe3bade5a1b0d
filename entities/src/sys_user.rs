use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "sys_users")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    #[sea_orm(unique)]
    pub uuid: String,
    #[sea_orm(unique)]
    pub username: String,
    /// argon2id PHC string.
    pub password_hash: String,
    pub nick_name: String,
    pub header_img: String,
    pub phone: String,
    pub email: String,
    /// 1 normal, 2 frozen.
    pub enable: i16,
    /// The active role.
    pub authority_id: i64,
    pub side_mode: String,
    pub active_color: String,
    pub base_color: String,
    /// The enterprise every scoped call of this user is answered for.
    pub now_ent_id: Option<i64>,
    pub current_cluster: Option<i64>,
    pub is_visitor: bool,
    pub real_name: String,
    pub country: String,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
