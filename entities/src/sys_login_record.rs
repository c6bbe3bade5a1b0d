use sea_orm::entity::prelude::*;
use serde::Serialize;

/// One sign-in attempt: who tried, from where, how and what came of it (never the token or
/// the password).
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel, Serialize)]
#[sea_orm(table_name = "sys_login_records")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    /// The account signed in or tried, when one is known.
    pub user_id: Option<i64>,
    /// The name (or phone) given.
    pub username: String,
    pub ip: String,
    pub agent: String,
    /// password, switch, visitor, sms, qr or register.
    pub method: String,
    /// ok, bad_password, unknown_user, captcha, frozen, locked, bad_code or expired.
    pub result: String,
    pub created_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
