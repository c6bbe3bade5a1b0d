//! An enterprise's narrowing of its roles' menus.

use super::roles::{check_menu_ids, role_exists, role_menu_ids};
use super::{BaseMenu, base_menu, buttons_of, list_ids, parameters_of};
use crate::session::Claims;
use entities::{enterprise, sys_authority, sys_base_menu, sys_enterprise_menu, sys_user_authority};
use kernel::error::AppError;
use kernel::ids::{
    PLATFORM_ENTERPRISE, ROLE_ENTERPRISE_ADMIN, ROLE_PLATFORM_OPERATOR, ROLE_PLATFORM_SUPPORT,
    ROLE_SUPER_ADMIN,
};
use kernel::text;
use sea_orm::{
    ColumnTrait, ConnectionTrait, DatabaseConnection, EntityTrait, PaginatorTrait, QueryFilter,
    QueryOrder, Set,
};
use serde::Serialize;
use std::collections::BTreeSet;
use utoipa::ToSchema;

// ---------------------------------------------------------------------------------------------
// Enterprises: narrowing and the caller's route tree

async fn enterprise_exists<C: ConnectionTrait>(db: &C, id: i64) -> Result<(), AppError> {
    enterprise::Entity::find_by_id(id)
        .one(db)
        .await?
        .map(|_| ())
        .ok_or_else(|| AppError::fail(text!("企业 {} 不存在", "enterprise {} does not exist", id)))
}

/// Whether the caller is a super admin or platform staff (console-spec §6: role 999 or 666 in
/// the platform enterprise).
pub async fn is_platform<C: ConnectionTrait>(db: &C, claims: &Claims) -> Result<bool, AppError> {
    if claims.authority_id == ROLE_SUPER_ADMIN {
        return Ok(true);
    }
    let staff = sys_user_authority::Entity::find()
        .filter(sys_user_authority::Column::UserId.eq(claims.uid))
        .filter(sys_user_authority::Column::EnterpriseId.eq(PLATFORM_ENTERPRISE))
        .filter(sys_user_authority::Column::AuthorityId.is_in([
            ROLE_SUPER_ADMIN,
            ROLE_PLATFORM_OPERATOR,
            ROLE_PLATFORM_SUPPORT,
        ]))
        .count(db)
        .await?;
    Ok(staff > 0)
}

/// The caller's role in an enterprise: their membership's role; platform staff and super
/// admins who are not members get their active role. Anyone else is refused, naming it.
pub async fn role_in_enterprise(
    db: &DatabaseConnection,
    claims: &Claims,
    enterprise_id: i64,
) -> Result<i64, AppError> {
    enterprise_exists(db, enterprise_id).await?;
    let membership = sys_user_authority::Entity::find()
        .filter(sys_user_authority::Column::UserId.eq(claims.uid))
        .filter(sys_user_authority::Column::EnterpriseId.eq(enterprise_id))
        .one(db)
        .await?;
    if let Some(m) = membership {
        return Ok(m.authority_id);
    }
    if is_platform(db, claims).await? {
        return Ok(claims.authority_id);
    }
    Err(AppError::fail(text!(
        "你不是企业 {} 的成员",
        "you are not a member of enterprise {}",
        enterprise_id
    )))
}

/// Refuses callers who may not look at an enterprise's settings (members and platform staff may).
async fn check_enterprise_access(
    db: &DatabaseConnection,
    claims: &Claims,
    enterprise_id: i64,
) -> Result<(), AppError> {
    role_in_enterprise(db, claims, enterprise_id)
        .await
        .map(|_| ())
}

/// The enterprise's narrowing of a role (`None`: not narrowed).
async fn narrowing<C: ConnectionTrait>(
    db: &C,
    enterprise_id: i64,
    authority_id: i64,
) -> Result<Option<BTreeSet<i64>>, AppError> {
    let set: BTreeSet<i64> = sys_enterprise_menu::Entity::find()
        .filter(sys_enterprise_menu::Column::EnterpriseId.eq(enterprise_id))
        .filter(sys_enterprise_menu::Column::AuthorityId.eq(authority_id))
        .all(db)
        .await?
        .into_iter()
        .map(|r| r.menu_id)
        .collect();
    Ok((!set.is_empty()).then_some(set))
}

/// The menus a role sees in an enterprise: its own set, narrowed by the enterprise if it
/// narrows that role.
pub(crate) async fn effective_menus<C: ConnectionTrait>(
    db: &C,
    enterprise_id: i64,
    authority_id: i64,
) -> Result<BTreeSet<i64>, AppError> {
    let own = role_menu_ids(db, authority_id).await?;
    Ok(match narrowing(db, enterprise_id, authority_id).await? {
        Some(narrow) => own.intersection(&narrow).copied().collect(),
        None => own,
    })
}

/// A role as one enterprise configures it.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EnterpriseRole {
    pub authority_id: i64,
    pub authority_name: String,
    pub parent_id: i64,
    /// Members holding this role in the enterprise.
    pub members: u64,
    /// Whether the enterprise narrows this role's menus.
    pub narrowed: bool,
    /// How many menus the role sees there.
    pub menu_count: usize,
}

/// Every role, with how the enterprise uses and narrows it.
pub async fn enterprise_roles(
    db: &DatabaseConnection,
    claims: &Claims,
    enterprise_id: i64,
) -> Result<Vec<EnterpriseRole>, AppError> {
    check_enterprise_access(db, claims, enterprise_id).await?;
    let roles = sys_authority::Entity::find()
        .order_by_asc(sys_authority::Column::AuthorityId)
        .all(db)
        .await?;
    let mut out = Vec::with_capacity(roles.len());
    for r in roles {
        let members = sys_user_authority::Entity::find()
            .filter(sys_user_authority::Column::EnterpriseId.eq(enterprise_id))
            .filter(sys_user_authority::Column::AuthorityId.eq(r.authority_id))
            .count(db)
            .await?;
        let narrowed = narrowing(db, enterprise_id, r.authority_id)
            .await?
            .is_some();
        let menu_count = effective_menus(db, enterprise_id, r.authority_id)
            .await?
            .len();
        out.push(EnterpriseRole {
            authority_id: r.authority_id,
            authority_name: r.authority_name,
            parent_id: r.parent_id,
            members,
            narrowed,
            menu_count,
        });
    }
    Ok(out)
}

/// The menus (flat) a role sees in an enterprise, and whether the enterprise narrows it.
pub async fn enterprise_role_menus(
    db: &DatabaseConnection,
    claims: &Claims,
    enterprise_id: i64,
    authority_id: i64,
) -> Result<(Vec<BaseMenu>, bool), AppError> {
    check_enterprise_access(db, claims, enterprise_id).await?;
    role_exists(db, authority_id).await?;
    let set = effective_menus(db, enterprise_id, authority_id).await?;
    let narrowed = narrowing(db, enterprise_id, authority_id).await?.is_some();
    let ids: Vec<i64> = set.iter().copied().collect();
    let mut btns = buttons_of(db, Some(&ids)).await?;
    let mut params = parameters_of(db, Some(&ids)).await?;
    let menus = sys_base_menu::Entity::find()
        .filter(sys_base_menu::Column::Id.is_in(ids.clone()))
        .order_by_asc(sys_base_menu::Column::Id)
        .all(db)
        .await?
        .into_iter()
        .map(|m| base_menu(m, &mut btns, &mut params))
        .collect();
    Ok((menus, narrowed))
}

/// Narrows what a role sees inside an enterprise to `menus` (each must be one of the role's
/// own menus). An empty list lifts the narrowing: the role's own menus apply again. Only the
/// enterprise's administrators (role 100 there) and platform staff may.
pub async fn set_enterprise_role_menus(
    db: &DatabaseConnection,
    claims: &Claims,
    enterprise_id: i64,
    authority_id: i64,
    menus: BTreeSet<i64>,
) -> Result<(), AppError> {
    let caller_role = role_in_enterprise(db, claims, enterprise_id).await?;
    if caller_role != ROLE_ENTERPRISE_ADMIN && !is_platform(db, claims).await? {
        return Err(AppError::fail(text!(
            "只有企业 {} 的管理员可以设置其角色菜单",
            "only an administrator of enterprise {} may set its role menus",
            enterprise_id
        )));
    }
    role_exists(db, authority_id).await?;
    check_menu_ids(db, &menus).await?;
    let own = role_menu_ids(db, authority_id).await?;
    let outside: Vec<i64> = menus.difference(&own).copied().collect();
    if !outside.is_empty() {
        return Err(AppError::fail(text!(
            "菜单 {} 不在角色 {} 的菜单内",
            "menus {} are not among the menus of role {}",
            list_ids(&outside),
            authority_id
        )));
    }
    let txn = kernel::db::write_txn(db).await?;
    sys_enterprise_menu::Entity::delete_many()
        .filter(sys_enterprise_menu::Column::EnterpriseId.eq(enterprise_id))
        .filter(sys_enterprise_menu::Column::AuthorityId.eq(authority_id))
        .exec(&txn)
        .await?;
    let rows: Vec<_> = menus
        .iter()
        .map(|&m| sys_enterprise_menu::ActiveModel {
            enterprise_id: Set(enterprise_id),
            authority_id: Set(authority_id),
            menu_id: Set(m),
        })
        .collect();
    for chunk in rows.chunks(300) {
        sys_enterprise_menu::Entity::insert_many(chunk.to_vec())
            .exec_without_returning(&txn)
            .await?;
    }
    txn.commit().await?;
    Ok(())
}
