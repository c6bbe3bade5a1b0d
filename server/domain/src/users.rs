//! User accounts: listing, creation, updates, passwords, roles per enterprise, registration.

use std::collections::HashMap;

use chrono::{DateTime, Utc};
use entities::{enterprise, sys_authority, sys_user, sys_user_authority};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, Condition, ConnectionTrait, DatabaseConnection, EntityTrait,
    QueryFilter, QueryOrder, QuerySelect, QueryTrait, Set,
};
use serde::Serialize;
use utoipa::ToSchema;

use super::passwords::{hash_password, verify_password};
use crate::scope::{PLATFORM_ROLES, Scope};
use kernel::changes::{Change, announce};
use kernel::error::{AppError, DbResultExt};
use kernel::ids::{ROLE_ENTERPRISE_ADMIN, ROLE_SUPER_ADMIN};
use kernel::paging::{self, PageQuery, PageResult};
use kernel::search::contains;
use kernel::text;

pub const MIN_PASSWORD: usize = 8;

/// A user's role inside one enterprise, with names for display.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Membership {
    pub enterprise_id: i64,
    pub ent_name: String,
    pub authority_id: i64,
    pub authority_name: String,
}

/// A user as lists and details show it (never the password hash).
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UserRow {
    #[serde(rename = "ID")]
    pub id: i64,
    pub uuid: String,
    pub user_name: String,
    pub nick_name: String,
    pub real_name: String,
    pub header_img: String,
    pub phone: String,
    pub email: String,
    pub country: String,
    /// 1 normal, 2 frozen.
    pub enable: i16,
    pub authority_id: i64,
    pub authority_name: String,
    pub authorities: Vec<Membership>,
    pub now_ent_id: Option<i64>,
    pub visitor: bool,
    pub created_at: DateTime<Utc>,
}

impl Scope {
    /// Whether this scope may manage `target`: platform staff anyone, others the members of
    /// the enterprises they see.
    async fn reaches(&self, db: &impl ConnectionTrait, target: i64) -> Result<bool, AppError> {
        if self.platform {
            return Ok(true);
        }
        Ok(sys_user_authority::Entity::find()
            .filter(sys_user_authority::Column::UserId.eq(target))
            .filter(sys_user_authority::Column::EnterpriseId.is_in(self.visible.iter().copied()))
            .one(db)
            .await?
            .is_some())
    }

    pub(crate) fn may_grant(&self, authority_id: i64) -> Result<(), AppError> {
        if PLATFORM_ROLES.contains(&authority_id) && !self.platform {
            return Err(AppError::fail(text!(
                "无权授予角色 {}",
                "You may not grant role {}",
                authority_id
            )));
        }
        if authority_id == ROLE_SUPER_ADMIN && self.user.authority_id != ROLE_SUPER_ADMIN {
            return Err(AppError::fail(text!(
                "只有超级管理员可以授予超级管理员角色",
                "Only a super admin may grant the super admin role"
            )));
        }
        Ok(())
    }
}

fn not_found(id: i64) -> AppError {
    AppError::fail(text!("用户 {} 不存在", "User {} does not exist", id))
}

/// Finds a user the actor may manage; others look absent (no leak of ids across tenants).
async fn reachable(
    db: &impl ConnectionTrait,
    actor: &Scope,
    id: i64,
) -> Result<sys_user::Model, AppError> {
    let user = sys_user::Entity::find_by_id(id)
        .one(db)
        .await?
        .ok_or_else(|| not_found(id))?;
    if actor.reaches(db, id).await? {
        Ok(user)
    } else {
        Err(not_found(id))
    }
}

pub fn check_password(password: &str) -> Result<(), AppError> {
    let len = password.chars().count();
    if !(MIN_PASSWORD..=128).contains(&len) {
        return Err(AppError::fail(text!(
            "密码长度须为 {} 到 128 个字符",
            "Passwords must be {} to 128 characters long",
            MIN_PASSWORD
        )));
    }
    Ok(())
}

fn check_username(name: &str) -> Result<(), AppError> {
    let ok = (3..=32).contains(&name.chars().count())
        && name
            .chars()
            .all(|c| c.is_alphanumeric() || matches!(c, '_' | '-' | '.' | '@'));
    if ok {
        Ok(())
    } else {
        Err(AppError::fail(text!(
            "用户名须为 3 到 32 个字母、数字或 _-.@",
            "Usernames are 3 to 32 letters, digits or _-.@"
        )))
    }
}

async fn role_exists(
    db: &impl ConnectionTrait,
    authority_id: i64,
) -> Result<sys_authority::Model, AppError> {
    sys_authority::Entity::find_by_id(authority_id)
        .one(db)
        .await?
        .ok_or_else(|| {
            AppError::fail(text!(
                "角色 {} 不存在",
                "Role {} does not exist",
                authority_id
            ))
        })
}

async fn enterprise_exists(db: &impl ConnectionTrait, id: i64) -> Result<(), AppError> {
    enterprise::Entity::find_by_id(id)
        .one(db)
        .await?
        .map(|_| ())
        .ok_or_else(|| AppError::fail(text!("企业 {} 不存在", "Enterprise {} does not exist", id)))
}

/// Memberships of many users at once, with enterprise and role names.
pub async fn memberships(
    db: &impl ConnectionTrait,
    user_ids: &[i64],
) -> Result<HashMap<i64, Vec<Membership>>, AppError> {
    let rows = sys_user_authority::Entity::find()
        .filter(sys_user_authority::Column::UserId.is_in(user_ids.iter().copied()))
        .all(db)
        .await?;
    let ent_ids: Vec<i64> = rows.iter().map(|r| r.enterprise_id).collect();
    let names: HashMap<i64, String> = enterprise::Entity::find()
        .filter(enterprise::Column::Id.is_in(ent_ids))
        .all(db)
        .await?
        .into_iter()
        .map(|e| (e.id, e.ent_name))
        .collect();
    let roles = role_names(db).await?;
    let mut out: HashMap<i64, Vec<Membership>> = HashMap::new();
    for r in rows {
        out.entry(r.user_id).or_default().push(Membership {
            enterprise_id: r.enterprise_id,
            ent_name: names.get(&r.enterprise_id).cloned().unwrap_or_default(),
            authority_id: r.authority_id,
            authority_name: roles.get(&r.authority_id).cloned().unwrap_or_default(),
        });
    }
    Ok(out)
}

async fn role_names(db: &impl ConnectionTrait) -> Result<HashMap<i64, String>, AppError> {
    Ok(sys_authority::Entity::find()
        .all(db)
        .await?
        .into_iter()
        .map(|a| (a.authority_id, a.authority_name))
        .collect())
}

/// Rows as `viewer` may see them: memberships outside the viewer's scope are left out (they
/// would name other tenants' enterprises; a user's own are all in `getUserInfo`).
async fn rows(
    db: &impl ConnectionTrait,
    viewer: Option<&Scope>,
    users: Vec<sys_user::Model>,
) -> Result<Vec<UserRow>, AppError> {
    let ids: Vec<i64> = users.iter().map(|u| u.id).collect();
    let mut members = memberships(db, &ids).await?;
    if let Some(v) = viewer {
        for held in members.values_mut() {
            held.retain(|m| v.sees(m.enterprise_id));
        }
    }
    let roles = role_names(db).await?;
    Ok(users
        .into_iter()
        .map(|u| UserRow {
            authorities: members.remove(&u.id).unwrap_or_default(),
            authority_name: roles.get(&u.authority_id).cloned().unwrap_or_default(),
            id: u.id,
            uuid: u.uuid,
            user_name: u.username,
            nick_name: u.nick_name,
            real_name: u.real_name,
            header_img: u.header_img,
            phone: u.phone,
            email: u.email,
            country: u.country,
            enable: u.enable,
            authority_id: u.authority_id,
            now_ent_id: u.now_ent_id,
            visitor: u.is_visitor,
            created_at: u.created_at,
        })
        .collect())
}

#[derive(Debug, Default, Clone)]
pub struct UserFilter {
    pub user_name: Option<String>,
    pub nick_name: Option<String>,
    pub phone: Option<String>,
    pub email: Option<String>,
    pub authority_id: Option<i64>,
    pub enterprise_id: Option<i64>,
    /// Matches username, nickname, real name or phone.
    pub keyword: Option<String>,
}

/// Users the actor may see: all for platform staff, else members of their current enterprise.
pub async fn list(
    db: &DatabaseConnection,
    actor: &Scope,
    filter: UserFilter,
    page: PageQuery,
) -> Result<PageResult<UserRow>, AppError> {
    let mut cond = Condition::all();
    let scope = if actor.platform {
        filter.enterprise_id
    } else {
        Some(actor.acting(filter.enterprise_id)?)
    };
    if let Some(ent) = scope {
        let members = sys_user_authority::Entity::find()
            .select_only()
            .column(sys_user_authority::Column::UserId)
            .filter(sys_user_authority::Column::EnterpriseId.eq(ent))
            .into_query();
        cond = cond.add(sys_user::Column::Id.in_subquery(members));
    }
    for (column, value) in [
        (sys_user::Column::Username, &filter.user_name),
        (sys_user::Column::NickName, &filter.nick_name),
        (sys_user::Column::Phone, &filter.phone),
        (sys_user::Column::Email, &filter.email),
    ] {
        if let Some(v) = value.as_deref().map(str::trim).filter(|v| !v.is_empty()) {
            cond = cond.add(contains(column, v));
        }
    }
    if let Some(k) = filter
        .keyword
        .as_deref()
        .map(str::trim)
        .filter(|k| !k.is_empty())
    {
        let any = [
            sys_user::Column::Username,
            sys_user::Column::NickName,
            sys_user::Column::RealName,
            sys_user::Column::Phone,
        ]
        .into_iter()
        .fold(Condition::any(), |c, col| c.add(contains(col, k)));
        cond = cond.add(any);
    }
    if let Some(a) = filter.authority_id {
        let holders = sys_user_authority::Entity::find()
            .select_only()
            .column(sys_user_authority::Column::UserId)
            .filter(sys_user_authority::Column::AuthorityId.eq(a))
            .into_query();
        cond = cond.add(
            Condition::any()
                .add(sys_user::Column::AuthorityId.eq(a))
                .add(sys_user::Column::Id.in_subquery(holders)),
        );
    }
    let select = sys_user::Entity::find()
        .filter(cond)
        .order_by_desc(sys_user::Column::Id);
    let page = paging::fetch(db, select, page, |u| u).await?;
    Ok(PageResult {
        list: rows(db, Some(actor), page.list).await?,
        total: page.total,
        page: page.page,
        page_size: page.page_size,
    })
}

/// A new account with the console's default settings; callers set what else they know.
pub fn account_row(
    username: &str,
    nick_name: &str,
    password: &str,
    authority_id: i64,
    enterprise_id: i64,
    is_visitor: bool,
) -> sys_user::ActiveModel {
    let now = Utc::now();
    sys_user::ActiveModel {
        uuid: Set(uuid::Uuid::new_v4().to_string()),
        username: Set(username.into()),
        password_hash: Set(hash_password(password)),
        nick_name: Set(nick_name.into()),
        header_img: Set(String::new()),
        phone: Set(String::new()),
        email: Set(String::new()),
        enable: Set(1),
        authority_id: Set(authority_id),
        side_mode: Set("dark".into()),
        active_color: Set("#4D70FF".into()),
        base_color: Set("#fff".into()),
        now_ent_id: Set(Some(enterprise_id)),
        current_cluster: Set(None),
        is_visitor: Set(is_visitor),
        real_name: Set(String::new()),
        country: Set(String::new()),
        created_at: Set(now),
        updated_at: Set(now),
        ..Default::default()
    }
}

pub struct NewUser {
    pub user_name: String,
    pub password: String,
    pub nick_name: String,
    pub header_img: String,
    pub phone: String,
    pub email: String,
    pub enable: i16,
    pub authority_id: i64,
    pub enterprise_id: Option<i64>,
}

pub async fn create(
    db: &DatabaseConnection,
    actor: &Scope,
    new: NewUser,
) -> Result<UserRow, AppError> {
    check_username(&new.user_name)?;
    check_password(&new.password)?;
    if new.nick_name.trim().is_empty() {
        return Err(AppError::fail(text!(
            "昵称不能为空",
            "nickName must not be empty"
        )));
    }
    if !new.phone.is_empty() {
        super::sms::check_phone(&new.phone)?;
    }
    let enterprise_id = actor.acting(new.enterprise_id)?;
    enterprise_exists(db, enterprise_id).await?;
    role_exists(db, new.authority_id).await?;
    actor.may_grant(new.authority_id)?;
    let txn = kernel::db::write_txn(db).await?;
    let mut user = account_row(
        new.user_name.trim(),
        new.nick_name.trim(),
        &new.password,
        new.authority_id,
        enterprise_id,
        false,
    );
    user.header_img = Set(new.header_img);
    user.phone = Set(new.phone);
    user.email = Set(new.email);
    user.enable = Set(if new.enable == 2 { 2 } else { 1 });
    let user = user
        .insert(&txn)
        .await
        .on_conflict(|| text!("用户名已注册", "This username is already registered"))?;
    sys_user_authority::ActiveModel {
        user_id: Set(user.id),
        enterprise_id: Set(enterprise_id),
        authority_id: Set(new.authority_id),
    }
    .insert(&txn)
    .await?;
    txn.commit().await?;
    Ok(rows(db, Some(actor), vec![user]).await?.remove(0))
}

#[derive(Default)]
pub struct UserUpdate {
    pub id: i64,
    pub nick_name: Option<String>,
    pub header_img: Option<String>,
    pub phone: Option<String>,
    pub email: Option<String>,
    pub enable: Option<i16>,
    pub side_mode: Option<String>,
    pub active_color: Option<String>,
    pub base_color: Option<String>,
    /// Replaces the user's role in `enterprise_id` (default: the user's current enterprise);
    /// the first becomes the active role.
    pub authority_ids: Option<Vec<i64>>,
    pub enterprise_id: Option<i64>,
}

fn apply_profile(row: &mut sys_user::ActiveModel, u: &UserUpdate) -> Result<(), AppError> {
    if let Some(v) = &u.nick_name {
        if v.trim().is_empty() {
            return Err(AppError::fail(text!(
                "昵称不能为空",
                "nickName must not be empty"
            )));
        }
        row.nick_name = Set(v.trim().to_owned());
    }
    if let Some(v) = &u.header_img {
        row.header_img = Set(v.clone());
    }
    if let Some(v) = &u.phone {
        if !v.is_empty() {
            super::sms::check_phone(v)?;
        }
        row.phone = Set(v.clone());
    }
    if let Some(v) = &u.email {
        row.email = Set(v.clone());
    }
    if let Some(v) = &u.side_mode {
        row.side_mode = Set(v.clone());
    }
    if let Some(v) = &u.active_color {
        row.active_color = Set(v.clone());
    }
    if let Some(v) = &u.base_color {
        row.base_color = Set(v.clone());
    }
    row.updated_at = Set(Utc::now());
    Ok(())
}

pub async fn update(
    db: &DatabaseConnection,
    actor: &Scope,
    u: UserUpdate,
) -> Result<UserRow, AppError> {
    announce(Change::Users(vec![u.id]));
    let txn = kernel::db::write_txn(db).await?;
    let user = reachable(&txn, actor, u.id).await?;
    let mut row: sys_user::ActiveModel = user.clone().into();
    apply_profile(&mut row, &u)?;
    if let Some(enable) = u.enable {
        if !matches!(enable, 1 | 2) {
            return Err(AppError::fail(text!(
                "enable 只能是 1 或 2",
                "enable must be 1 or 2"
            )));
        }
        if enable == 2 && user.id == actor.user.id {
            return Err(AppError::fail(text!(
                "不能冻结自己",
                "You cannot disable yourself"
            )));
        }
        row.enable = Set(enable);
    }
    if let Some(ids) = u.authority_ids.as_ref().filter(|ids| !ids.is_empty()) {
        let enterprise_id = actor.acting(u.enterprise_id.or(user.now_ent_id))?;
        enterprise_exists(&txn, enterprise_id).await?;
        let active = ids[0];
        role_exists(&txn, active).await?;
        actor.may_grant(active)?;
        sys_user_authority::Entity::delete_many()
            .filter(sys_user_authority::Column::UserId.eq(user.id))
            .filter(sys_user_authority::Column::EnterpriseId.eq(enterprise_id))
            .exec(&txn)
            .await?;
        sys_user_authority::ActiveModel {
            user_id: Set(user.id),
            enterprise_id: Set(enterprise_id),
            authority_id: Set(active),
        }
        .insert(&txn)
        .await?;
        if user.now_ent_id == Some(enterprise_id) {
            row.authority_id = Set(active);
        }
    }
    let saved = row.update(&txn).await?;
    txn.commit().await?;
    Ok(rows(db, Some(actor), vec![saved]).await?.remove(0))
}

/// A user's own profile and console settings.
pub async fn update_self(
    db: &DatabaseConnection,
    uid: i64,
    u: UserUpdate,
) -> Result<UserRow, AppError> {
    announce(Change::Users(vec![uid]));
    let user = find_user_by_id(db, uid).await?;
    let mut row: sys_user::ActiveModel = user.into();
    apply_profile(&mut row, &u)?;
    let saved = row.update(db).await?;
    Ok(rows(db, None, vec![saved]).await?.remove(0))
}

pub async fn delete(db: &DatabaseConnection, actor: &Scope, id: i64) -> Result<(), AppError> {
    announce(Change::Users(vec![id]));
    if id == actor.user.id {
        return Err(AppError::fail(text!(
            "不能删除自己",
            "You cannot delete yourself"
        )));
    }
    let txn = kernel::db::write_txn(db).await?;
    let user = reachable(&txn, actor, id).await?;
    if user.is_visitor {
        return Err(AppError::fail(text!(
            "内置访客账号不能删除",
            "The built-in visitor account cannot be deleted"
        )));
    }
    sys_user_authority::Entity::delete_many()
        .filter(sys_user_authority::Column::UserId.eq(id))
        .exec(&txn)
        .await?;
    sys_user::Entity::delete_by_id(id).exec(&txn).await?;
    txn.commit().await?;
    Ok(())
}

pub async fn reset_password(
    db: &DatabaseConnection,
    actor: &Scope,
    id: i64,
    password: &str,
) -> Result<(), AppError> {
    announce(Change::Users(vec![id]));
    check_password(password)?;
    let user = reachable(db, actor, id).await?;
    let mut row: sys_user::ActiveModel = user.into();
    row.password_hash = Set(hash_password(password));
    row.updated_at = Set(Utc::now());
    row.update(db).await?;
    Ok(())
}

pub async fn change_password(
    db: &DatabaseConnection,
    uid: i64,
    old: &str,
    new: &str,
) -> Result<(), AppError> {
    announce(Change::Users(vec![uid]));
    let user = find_user_by_id(db, uid).await?;
    if user.is_visitor {
        return Err(AppError::fail(text!(
            "访客不能修改密码",
            "Visitors cannot change the password"
        )));
    }
    if !verify_password(old, &user.password_hash) {
        return Err(AppError::fail(text!(
            "原密码错误",
            "The current password is wrong"
        )));
    }
    check_password(new)?;
    let mut row: sys_user::ActiveModel = user.into();
    row.password_hash = Set(hash_password(new));
    row.updated_at = Set(Utc::now());
    row.update(db).await?;
    Ok(())
}

pub async fn reset_username(
    db: &DatabaseConnection,
    actor: &Scope,
    id: i64,
    name: &str,
) -> Result<UserRow, AppError> {
    announce(Change::Users(vec![id]));
    check_username(name)?;
    let user = reachable(db, actor, id).await?;
    let mut row: sys_user::ActiveModel = user.into();
    row.username = Set(name.to_owned());
    row.updated_at = Set(Utc::now());
    let saved = row
        .update(db)
        .await
        .on_conflict(|| text!("用户名已被使用", "This username is already taken"))?;
    Ok(rows(db, Some(actor), vec![saved]).await?.remove(0))
}

/// Switches the caller's active role to one they hold (in `enterprise_id`, if given, which
/// also becomes their current enterprise).
pub async fn switch_authority(
    db: &DatabaseConnection,
    uid: i64,
    authority_id: i64,
    enterprise_id: Option<i64>,
) -> Result<sys_user::Model, AppError> {
    announce(Change::Users(vec![uid]));
    let user = find_user_by_id(db, uid).await?;
    let mut held = sys_user_authority::Entity::find()
        .filter(sys_user_authority::Column::UserId.eq(uid))
        .filter(sys_user_authority::Column::AuthorityId.eq(authority_id));
    if let Some(e) = enterprise_id {
        held = held.filter(sys_user_authority::Column::EnterpriseId.eq(e));
    }
    let held = held.one(db).await?.ok_or_else(|| {
        AppError::fail(text!(
            "您没有角色 {}",
            "You do not hold role {}",
            authority_id
        ))
    })?;
    let mut row: sys_user::ActiveModel = user.into();
    row.authority_id = Set(authority_id);
    row.now_ent_id = Set(Some(held.enterprise_id));
    row.updated_at = Set(Utc::now());
    Ok(row.update(db).await?)
}

/// Members of an enterprise (default: the actor's current one), optionally filtered.
pub async fn members(
    db: &DatabaseConnection,
    actor: &Scope,
    enterprise_id: Option<i64>,
    keyword: Option<String>,
    page: PageQuery,
) -> Result<PageResult<UserRow>, AppError> {
    let enterprise_id = actor.acting(enterprise_id)?;
    let filter = UserFilter {
        enterprise_id: Some(enterprise_id),
        keyword,
        ..UserFilter::default()
    };
    list(db, actor, filter, page).await
}

pub struct Registration {
    pub phone: String,
    pub password: String,
    pub nick_name: String,
    pub real_name: String,
    pub country: String,
    pub company: String,
}

/// Self-registration: a new user and a new (unverified) enterprise for their company, with
/// the user as its administrator. The phone must have been verified by SMS beforehand.
pub async fn register(
    db: &DatabaseConnection,
    r: Registration,
) -> Result<sys_user::Model, AppError> {
    super::sms::check_phone(&r.phone)?;
    check_password(&r.password)?;
    for (value, zh, en) in [
        (&r.nick_name, "姓名", "name"),
        (&r.company, "公司", "company"),
        (&r.country, "国家", "country"),
    ] {
        if value.trim().is_empty() {
            return Err(AppError::fail(kernel::i18n::Text::new(
                format!("{zh}不能为空"),
                format!("{en} must not be empty"),
            )));
        }
    }
    // A new enterprise: platform staff see it at once (to verify it).
    announce(Change::Reach);
    let txn = kernel::db::write_txn(db).await?;
    let now = Utc::now();
    let company = r.company.trim().to_owned();
    let ent = enterprise::ActiveModel {
        parent_id: Set(None),
        ent_name: Set(company.clone()),
        ent_abbreviation: Set(company.chars().take(8).collect()),
        logo: Set(String::new()),
        car_ico: Set(String::new()),
        enable_group: Set(false),
        ent_type: Set(0),
        docking_platform: Set(0),
        wheel_support: Set(0),
        verified: Set(false),
        colony_id: Set(None),
        created_at: Set(now),
        updated_at: Set(now),
        ..Default::default()
    }
    .insert(&txn)
    .await?;
    let mut user = account_row(
        &r.phone,
        r.nick_name.trim(),
        &r.password,
        ROLE_ENTERPRISE_ADMIN,
        ent.id,
        false,
    );
    user.phone = Set(r.phone.clone());
    user.real_name = Set(r.real_name.trim().to_owned());
    user.country = Set(r.country.trim().to_owned());
    let user = user
        .insert(&txn)
        .await
        .on_conflict(|| text!("该手机号已注册", "This phone number is already registered"))?;
    sys_user_authority::ActiveModel {
        user_id: Set(user.id),
        enterprise_id: Set(ent.id),
        authority_id: Set(ROLE_ENTERPRISE_ADMIN),
    }
    .insert(&txn)
    .await?;
    txn.commit().await?;
    Ok(user)
}

/// The user with this phone, for phone sign-in.
pub async fn by_phone(db: &DatabaseConnection, phone: &str) -> Result<sys_user::Model, AppError> {
    sys_user::Entity::find()
        .filter(sys_user::Column::Phone.eq(phone))
        .filter(sys_user::Column::IsVisitor.eq(false))
        .one(db)
        .await?
        .ok_or_else(|| {
            AppError::fail(text!(
                "该手机号未注册",
                "The mobile phone number is not registered"
            ))
        })
}

/// A signed-in user's account; gone accounts answer "sign in again" (code 100).
pub async fn find_user_by_id(
    db: &DatabaseConnection,
    id: i64,
) -> Result<sys_user::Model, AppError> {
    sys_user::Entity::find_by_id(id)
        .one(db)
        .await?
        .ok_or_else(|| {
            AppError::SignedOut(text!(
                "用户不存在，请重新登录",
                "The account no longer exists; please sign in again"
            ))
        })
}
