//! Membership: the switch list, switching the current enterprise, an enterprise's members and
//! their roles.

use std::collections::{BTreeMap, HashMap};

use chrono::{DateTime, Utc};
use entities::{enterprise, group, group_user, sys_authority, sys_user, sys_user_authority};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, Condition, DatabaseConnection, EntityTrait, QueryFilter,
    QueryOrder, QuerySelect, QueryTrait, Set,
};
use serde::Serialize;
use utoipa::ToSchema;

use super::{Named, find, find_visible};
use crate::scope::{PLATFORM_ROLES, Scope};
use kernel::changes::{Change, announce};
use kernel::error::AppError;
use kernel::ids::ROLE_SUPER_ADMIN;
use kernel::paging::{self, PageQuery, PageResult};
use kernel::text;

/// One entry of the enterprise switch list (console-spec §3).
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ToggleEntry {
    /// The enterprise's name.
    pub label: String,
    /// The enterprise id.
    pub value: i64,
    pub logo: String,
    /// The caller's role ids there.
    pub role_list: Vec<i64>,
    pub colony_id: Option<i64>,
    /// Whether it is the caller's current enterprise.
    pub current: bool,
}

/// The caller's memberships as the switch list.
pub async fn toggle_list(
    db: &DatabaseConnection,
    user: &sys_user::Model,
) -> Result<Vec<ToggleEntry>, AppError> {
    let held = sys_user_authority::Entity::find()
        .filter(sys_user_authority::Column::UserId.eq(user.id))
        .all(db)
        .await?;
    let mut roles: BTreeMap<i64, Vec<i64>> = BTreeMap::new();
    for m in held {
        roles
            .entry(m.enterprise_id)
            .or_default()
            .push(m.authority_id);
    }
    let ents = enterprise::Entity::find()
        .filter(enterprise::Column::Id.is_in(roles.keys().copied()))
        .order_by_asc(enterprise::Column::EntName)
        .all(db)
        .await?;
    Ok(ents
        .into_iter()
        .map(|e| ToggleEntry {
            label: e.ent_name,
            value: e.id,
            logo: e.logo,
            role_list: roles.remove(&e.id).unwrap_or_default(),
            colony_id: e.colony_id,
            current: user.now_ent_id == Some(e.id),
        })
        .collect())
}

/// Switches the caller's current enterprise: records it and the role held there on the user
/// (and the enterprise's cluster as the current cluster).
pub async fn cut(
    db: &DatabaseConnection,
    user: sys_user::Model,
    ent_id: i64,
) -> Result<sys_user::Model, AppError> {
    announce(Change::Users(vec![user.id]));
    let held = sys_user_authority::Entity::find()
        .filter(sys_user_authority::Column::UserId.eq(user.id))
        .filter(sys_user_authority::Column::EnterpriseId.eq(ent_id))
        .one(db)
        .await?
        .ok_or_else(|| {
            AppError::fail(text!(
                "您不是企业 {} 的成员",
                "You are not a member of enterprise {}",
                ent_id
            ))
        })?;
    let ent = find(db, ent_id).await?;
    let mut row: sys_user::ActiveModel = user.into();
    row.now_ent_id = Set(Some(ent_id));
    row.authority_id = Set(held.authority_id);
    row.current_cluster = Set(ent.colony_id);
    row.updated_at = Set(Utc::now());
    Ok(row.update(db).await?)
}

/// A member of an enterprise, with their role there and their groups.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MemberRow {
    #[serde(rename = "ID")]
    pub id: i64,
    pub user_name: String,
    pub nick_name: String,
    pub real_name: String,
    pub header_img: String,
    pub phone: String,
    pub email: String,
    /// 1 normal, 2 frozen.
    pub enable: i16,
    pub ent_id: i64,
    pub ent_name: String,
    /// The role held in `entId`.
    pub authority_id: i64,
    pub authority_name: String,
    /// Groups of `entId` the member is in.
    pub groups: Vec<Named>,
    pub created_at: DateTime<Utc>,
}

#[derive(Debug, Default)]
pub struct MemberFilter {
    pub ent_id: Option<i64>,
    pub keyword: Option<String>,
    pub authority_id: Option<i64>,
    pub group_id: Option<i64>,
    /// Members of the enterprises below `entId` too.
    pub include_children: bool,
    pub user_id: Option<i64>,
}

pub async fn role_names(
    db: &impl sea_orm::ConnectionTrait,
) -> Result<HashMap<i64, String>, AppError> {
    Ok(sys_authority::Entity::find()
        .all(db)
        .await?
        .into_iter()
        .map(|a| (a.authority_id, a.authority_name))
        .collect())
}

/// Members of an enterprise (default: the acting one), paged.
pub async fn list(
    db: &DatabaseConnection,
    scope: &Scope,
    f: MemberFilter,
    page: PageQuery,
) -> Result<PageResult<MemberRow>, AppError> {
    let ent_id = scope.acting(f.ent_id)?;
    find(db, ent_id).await?;
    let ents: Vec<i64> = if f.include_children {
        super::enterprises::subtree(db, ent_id)
            .await?
            .into_iter()
            .filter(|e| scope.sees(*e))
            .collect()
    } else {
        vec![ent_id]
    };
    let mut cond =
        Condition::all().add(sys_user_authority::Column::EnterpriseId.is_in(ents.clone()));
    if let Some(a) = f.authority_id {
        cond = cond.add(sys_user_authority::Column::AuthorityId.eq(a));
    }
    if let Some(u) = f.user_id {
        cond = cond.add(sys_user_authority::Column::UserId.eq(u));
    }
    if let Some(k) = f
        .keyword
        .as_deref()
        .map(str::trim)
        .filter(|k| !k.is_empty())
    {
        let users = sys_user::Entity::find()
            .select_only()
            .column(sys_user::Column::Id)
            .filter(
                [
                    sys_user::Column::Username,
                    sys_user::Column::NickName,
                    sys_user::Column::RealName,
                    sys_user::Column::Phone,
                ]
                .into_iter()
                .fold(Condition::any(), |c, col| {
                    c.add(kernel::search::contains(col, k))
                }),
            )
            .into_query();
        cond = cond.add(sys_user_authority::Column::UserId.in_subquery(users));
    }
    if let Some(g) = f.group_id {
        let in_group = group_user::Entity::find()
            .select_only()
            .column(group_user::Column::UserId)
            .filter(group_user::Column::GroupId.eq(g))
            .into_query();
        cond = cond.add(sys_user_authority::Column::UserId.in_subquery(in_group));
    }
    let select = sys_user_authority::Entity::find()
        .filter(cond)
        .order_by_asc(sys_user_authority::Column::EnterpriseId)
        .order_by_asc(sys_user_authority::Column::UserId);
    let page = paging::fetch(db, select, page, |m| m).await?;
    let user_ids: Vec<i64> = page.list.iter().map(|m| m.user_id).collect();
    let users: HashMap<i64, sys_user::Model> = sys_user::Entity::find()
        .filter(sys_user::Column::Id.is_in(user_ids.clone()))
        .all(db)
        .await?
        .into_iter()
        .map(|u| (u.id, u))
        .collect();
    let names = super::names(db, ents.iter().copied()).await?;
    let roles = role_names(db).await?;
    let groups = group::Entity::find()
        .filter(group::Column::EnterpriseId.is_in(ents))
        .all(db)
        .await?;
    let group_ids: Vec<i64> = groups.iter().map(|g| g.id).collect();
    let placed = group_user::Entity::find()
        .filter(group_user::Column::GroupId.is_in(group_ids))
        .filter(group_user::Column::UserId.is_in(user_ids))
        .all(db)
        .await?;
    let mut list = Vec::new();
    for m in page.list {
        let Some(u) = users.get(&m.user_id) else {
            continue;
        };
        let mine = groups
            .iter()
            .filter(|g| {
                g.enterprise_id == m.enterprise_id
                    && placed
                        .iter()
                        .any(|p| p.group_id == g.id && p.user_id == m.user_id)
            })
            .map(|g| Named {
                id: g.id,
                name: g.name.clone(),
            })
            .collect();
        list.push(MemberRow {
            id: u.id,
            user_name: u.username.clone(),
            nick_name: u.nick_name.clone(),
            real_name: u.real_name.clone(),
            header_img: u.header_img.clone(),
            phone: u.phone.clone(),
            email: u.email.clone(),
            enable: u.enable,
            ent_id: m.enterprise_id,
            ent_name: names.get(&m.enterprise_id).cloned().unwrap_or_default(),
            authority_id: m.authority_id,
            authority_name: roles.get(&m.authority_id).cloned().unwrap_or_default(),
            groups: mine,
            created_at: u.created_at,
        });
    }
    Ok(PageResult {
        list,
        total: page.total,
        page: page.page,
        page_size: page.page_size,
    })
}

/// Roles the scope may grant in an enterprise.
pub async fn grantable_roles(
    db: &DatabaseConnection,
    scope: &Scope,
) -> Result<Vec<Named>, AppError> {
    let all = sys_authority::Entity::find()
        .order_by_asc(sys_authority::Column::AuthorityId)
        .all(db)
        .await?;
    Ok(all
        .into_iter()
        .filter(|a| scope.may_grant(a.authority_id).is_ok())
        .map(|a| Named {
            id: a.authority_id,
            name: a.authority_name,
        })
        .collect())
}

/// Sets a member's role in an enterprise (default: the acting one). Refused for oneself and
/// for roles the caller may not grant.
pub async fn set_role(
    db: &DatabaseConnection,
    scope: &Scope,
    ent_id: Option<i64>,
    user_id: i64,
    authority_id: i64,
) -> Result<MemberRow, AppError> {
    announce(Change::Users(vec![user_id]));
    let ent_id = scope.acting(ent_id)?;
    if user_id == scope.user.id {
        return Err(AppError::fail(text!(
            "不能修改自己的角色",
            "You cannot change your own role"
        )));
    }
    sys_authority::Entity::find_by_id(authority_id)
        .one(db)
        .await?
        .ok_or_else(|| {
            AppError::fail(text!(
                "角色 {} 不存在",
                "Role {} does not exist",
                authority_id
            ))
        })?;
    scope.may_grant(authority_id)?;
    let txn = kernel::db::write_txn(db).await?;
    find_visible(&txn, scope, ent_id).await?;
    let held = sys_user_authority::Entity::find()
        .filter(sys_user_authority::Column::UserId.eq(user_id))
        .filter(sys_user_authority::Column::EnterpriseId.eq(ent_id))
        .one(&txn)
        .await?
        .ok_or_else(|| {
            AppError::fail(text!(
                "用户 {} 不是企业 {} 的成员",
                "User {} is not a member of enterprise {}",
                user_id,
                ent_id
            ))
        })?;
    if held.authority_id == ROLE_SUPER_ADMIN && scope.user.authority_id != ROLE_SUPER_ADMIN
        || PLATFORM_ROLES.contains(&held.authority_id) && !scope.platform
    {
        return Err(AppError::fail(text!(
            "无权修改用户 {} 的角色",
            "You may not change the role of user {}",
            user_id
        )));
    }
    sys_user_authority::Entity::update_many()
        .col_expr(
            sys_user_authority::Column::AuthorityId,
            sea_orm::sea_query::Expr::value(authority_id),
        )
        .filter(sys_user_authority::Column::UserId.eq(user_id))
        .filter(sys_user_authority::Column::EnterpriseId.eq(ent_id))
        .exec(&txn)
        .await?;
    if let Some(user) = sys_user::Entity::find_by_id(user_id).one(&txn).await?
        && user.now_ent_id == Some(ent_id)
    {
        let mut row: sys_user::ActiveModel = user.into();
        row.authority_id = Set(authority_id);
        row.updated_at = Set(Utc::now());
        row.update(&txn).await?;
    }
    txn.commit().await?;
    let f = MemberFilter {
        ent_id: Some(ent_id),
        user_id: Some(user_id),
        ..MemberFilter::default()
    };
    list(db, scope, f, PageQuery::default())
        .await?
        .list
        .into_iter()
        .find(|m| m.id == user_id)
        .ok_or_else(|| AppError::fail(text!("用户 {} 不存在", "User {} does not exist", user_id)))
}
