//! Roles (authorities): the tree, create, copy, edit and delete, and which enterprises' data each reaches.

use super::{Policies, find_role, grant, join_ids};
use crate::{menu, menu_seed, seed};
use chrono::{DateTime, Utc};
use entities::{
    casbin_rule, sys_api, sys_authority, sys_authority_btn, sys_authority_menu, sys_data_authority,
    sys_enterprise_menu, sys_user, sys_user_authority,
};
use kernel::error::{AppError, DbResultExt};
use kernel::text;
use sea_orm::{
    ActiveModelTrait, ColumnTrait, Condition, ConnectionTrait, DatabaseConnection, EntityTrait,
    PaginatorTrait, QueryFilter, QueryOrder, Set,
};
use serde::Serialize;
use std::collections::{BTreeMap, BTreeSet};
use utoipa::ToSchema;

// ---------------------------------------------------------------------------------------------
// Roles

/// A role the data scope names.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AuthorityRef {
    pub authority_id: i64,
    pub authority_name: String,
}

/// A role with its data scope and its child roles.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AuthorityNode {
    pub authority_id: i64,
    pub authority_name: String,
    /// 0 for a top-level role.
    pub parent_id: i64,
    /// The route the console opens after sign-in.
    pub default_router: String,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
    /// The roles whose data this role sees.
    pub data_authority_id: Vec<AuthorityRef>,
    #[schema(no_recursion)]
    pub children: Vec<AuthorityNode>,
}

/// Every role as trees (roots: parent 0, or a parent that no longer exists).
pub async fn authority_tree(db: &DatabaseConnection) -> Result<Vec<AuthorityNode>, AppError> {
    let roles = sys_authority::Entity::find()
        .order_by_asc(sys_authority::Column::AuthorityId)
        .all(db)
        .await?;
    let names: BTreeMap<i64, String> = roles
        .iter()
        .map(|r| (r.authority_id, r.authority_name.clone()))
        .collect();
    let mut scopes: BTreeMap<i64, Vec<AuthorityRef>> = BTreeMap::new();
    for d in sys_data_authority::Entity::find()
        .order_by_asc(sys_data_authority::Column::DataAuthorityId)
        .all(db)
        .await?
    {
        scopes
            .entry(d.authority_id)
            .or_default()
            .push(AuthorityRef {
                authority_id: d.data_authority_id,
                authority_name: names.get(&d.data_authority_id).cloned().unwrap_or_default(),
            });
    }
    let mut by_parent: BTreeMap<i64, Vec<AuthorityNode>> = BTreeMap::new();
    for r in roles {
        let parent = if names.contains_key(&r.parent_id) && r.parent_id != r.authority_id {
            r.parent_id
        } else {
            0
        };
        by_parent.entry(parent).or_default().push(AuthorityNode {
            data_authority_id: scopes.remove(&r.authority_id).unwrap_or_default(),
            authority_id: r.authority_id,
            authority_name: r.authority_name,
            parent_id: r.parent_id,
            default_router: r.default_router,
            created_at: r.created_at,
            updated_at: r.updated_at,
            children: Vec::new(),
        });
    }
    fn attach(
        parent: i64,
        by_parent: &mut BTreeMap<i64, Vec<AuthorityNode>>,
        depth: usize,
    ) -> Vec<AuthorityNode> {
        let mut nodes = by_parent.remove(&parent).unwrap_or_default();
        if depth < 64 {
            for n in &mut nodes {
                n.children = attach(n.authority_id, by_parent, depth + 1);
            }
        }
        nodes
    }
    Ok(attach(0, &mut by_parent, 0))
}

/// One role as a node (without children).
pub async fn authority_node(db: &DatabaseConnection, id: i64) -> Result<AuthorityNode, AppError> {
    let r = find_role(db, id).await?;
    let scope = data_scope(db, id).await?;
    Ok(AuthorityNode {
        authority_id: r.authority_id,
        authority_name: r.authority_name,
        parent_id: r.parent_id,
        default_router: r.default_router,
        created_at: r.created_at,
        updated_at: r.updated_at,
        data_authority_id: scope,
        children: Vec::new(),
    })
}

async fn data_scope<C: ConnectionTrait>(db: &C, id: i64) -> Result<Vec<AuthorityRef>, AppError> {
    let ids: Vec<i64> = sys_data_authority::Entity::find()
        .filter(sys_data_authority::Column::AuthorityId.eq(id))
        .all(db)
        .await?
        .into_iter()
        .map(|d| d.data_authority_id)
        .collect();
    Ok(sys_authority::Entity::find()
        .filter(sys_authority::Column::AuthorityId.is_in(ids))
        .order_by_asc(sys_authority::Column::AuthorityId)
        .all(db)
        .await?
        .into_iter()
        .map(|r| AuthorityRef {
            authority_id: r.authority_id,
            authority_name: r.authority_name,
        })
        .collect())
}

/// A role as `createAuthority` / `copyAuthority` write it.
pub struct NewAuthority {
    pub authority_id: i64,
    pub authority_name: String,
    pub parent_id: i64,
}

async fn check_new_role<C: ConnectionTrait>(db: &C, role: &NewAuthority) -> Result<(), AppError> {
    if role.authority_id <= 0 {
        return Err(AppError::fail(text!(
            "authorityId 必须是正整数",
            "authorityId must be a positive integer"
        )));
    }
    if role.authority_name.trim().is_empty() {
        return Err(AppError::fail(text!(
            "authorityName 不能为空",
            "authorityName must not be empty"
        )));
    }
    if sys_authority::Entity::find_by_id(role.authority_id)
        .one(db)
        .await?
        .is_some()
    {
        return Err(duplicate_role(role.authority_id));
    }
    if role.parent_id != 0 {
        find_role(db, role.parent_id).await.map_err(|_| {
            AppError::fail(text!(
                "上级角色 {} 不存在",
                "parent role {} does not exist",
                role.parent_id
            ))
        })?;
    }
    Ok(())
}

fn duplicate_role(id: i64) -> AppError {
    AppError::fail(duplicate_role_text(id))
}

fn duplicate_role_text(id: i64) -> kernel::i18n::Text {
    text!("存在相同角色id：{}", "a role with id {} already exists", id)
}

async fn insert_role<C: ConnectionTrait>(db: &C, role: &NewAuthority) -> Result<(), AppError> {
    let now = Utc::now();
    sys_authority::Entity::insert(sys_authority::ActiveModel {
        authority_id: Set(role.authority_id),
        authority_name: Set(role.authority_name.trim().to_owned()),
        parent_id: Set(role.parent_id),
        default_router: Set("map".into()),
        created_at: Set(now),
        updated_at: Set(now),
    })
    .exec_without_returning(db)
    .await
    .on_conflict(|| duplicate_role_text(role.authority_id))?;
    Ok(())
}

/// Creates a role with the default menus of a new role and the self-service policies every
/// signed-in role needs.
pub async fn create_authority(
    db: &DatabaseConnection,
    policies: &Policies,
    role: &NewAuthority,
) -> Result<AuthorityNode, AppError> {
    check_new_role(db, role).await?;
    let txn = kernel::db::write_txn(db).await?;
    insert_role(&txn, role).await?;
    let menus = menu::menu_subtrees_named(&txn, menu_seed::NEW_ROLE_MENUS).await?;
    menu::link_menus(&txn, role.authority_id, &menus).await?;
    let calls: Vec<(String, String)> = sys_api::Entity::find()
        .filter(sys_api::Column::Path.is_in(seed::SELF_CALLS.iter().copied()))
        .all(&txn)
        .await?
        .into_iter()
        .map(|a| (a.path, a.method))
        .collect();
    grant(&txn, role.authority_id, calls).await?;
    policies
        .commit_and_sync(txn, db, Some(&[role.authority_id]))
        .await?;
    authority_node(db, role.authority_id).await
}

/// Creates a role as a copy of another: its menus, buttons, policies and enterprise narrowings;
/// the data scope is `data_scope` when given, else the old role's.
pub async fn copy_authority(
    db: &DatabaseConnection,
    policies: &Policies,
    role: &NewAuthority,
    data_scope_ids: Option<Vec<i64>>,
    old_authority_id: i64,
) -> Result<AuthorityNode, AppError> {
    find_role(db, old_authority_id).await?;
    check_new_role(db, role).await?;
    let scope: Vec<i64> = match data_scope_ids {
        Some(ids) => {
            check_roles_exist(db, &ids).await?;
            ids
        }
        None => sys_data_authority::Entity::find()
            .filter(sys_data_authority::Column::AuthorityId.eq(old_authority_id))
            .all(db)
            .await?
            .into_iter()
            .map(|d| d.data_authority_id)
            .collect(),
    };
    let new_id = role.authority_id;
    let txn = kernel::db::write_txn(db).await?;
    insert_role(&txn, role).await?;
    let menus = menu::role_menu_ids(&txn, old_authority_id).await?;
    menu::link_menus(&txn, new_id, &menus).await?;
    let buttons: Vec<_> = sys_authority_btn::Entity::find()
        .filter(sys_authority_btn::Column::AuthorityId.eq(old_authority_id))
        .all(&txn)
        .await?
        .into_iter()
        .map(|b| sys_authority_btn::ActiveModel {
            authority_id: Set(new_id),
            menu_id: Set(b.menu_id),
            btn_id: Set(b.btn_id),
        })
        .collect();
    for chunk in buttons.chunks(300) {
        sys_authority_btn::Entity::insert_many(chunk.to_vec())
            .exec_without_returning(&txn)
            .await?;
    }
    let narrowings: Vec<_> = sys_enterprise_menu::Entity::find()
        .filter(sys_enterprise_menu::Column::AuthorityId.eq(old_authority_id))
        .all(&txn)
        .await?
        .into_iter()
        .map(|e| sys_enterprise_menu::ActiveModel {
            enterprise_id: Set(e.enterprise_id),
            authority_id: Set(new_id),
            menu_id: Set(e.menu_id),
        })
        .collect();
    for chunk in narrowings.chunks(300) {
        sys_enterprise_menu::Entity::insert_many(chunk.to_vec())
            .exec_without_returning(&txn)
            .await?;
    }
    insert_scope(&txn, new_id, &scope).await?;
    let calls: Vec<(String, String)> = casbin_rule::Entity::find()
        .filter(casbin_rule::Column::Ptype.eq("p"))
        .filter(casbin_rule::Column::V0.eq(old_authority_id.to_string()))
        .all(&txn)
        .await?
        .into_iter()
        .map(|r| (r.v1, r.v2))
        .collect();
    grant(&txn, new_id, calls).await?;
    policies.commit_and_sync(txn, db, Some(&[new_id])).await?;
    authority_node(db, new_id).await
}

async fn check_roles_exist<C: ConnectionTrait>(db: &C, ids: &[i64]) -> Result<(), AppError> {
    let known: BTreeSet<i64> = sys_authority::Entity::find()
        .filter(sys_authority::Column::AuthorityId.is_in(ids.to_vec()))
        .all(db)
        .await?
        .into_iter()
        .map(|r| r.authority_id)
        .collect();
    let unknown: Vec<i64> = ids.iter().filter(|i| !known.contains(i)).copied().collect();
    if unknown.is_empty() {
        Ok(())
    } else {
        Err(AppError::fail(text!(
            "角色 {} 不存在",
            "roles {} do not exist",
            join_ids(&unknown)
        )))
    }
}

async fn insert_scope<C: ConnectionTrait>(db: &C, id: i64, scope: &[i64]) -> Result<(), AppError> {
    let rows: Vec<_> = scope
        .iter()
        .copied()
        .collect::<BTreeSet<_>>()
        .into_iter()
        .map(|d| sys_data_authority::ActiveModel {
            authority_id: Set(id),
            data_authority_id: Set(d),
        })
        .collect();
    if !rows.is_empty() {
        sys_data_authority::Entity::insert_many(rows)
            .exec_without_returning(db)
            .await?;
    }
    Ok(())
}

/// The fields `updateAuthority` may change; `None` keeps the current value.
pub struct AuthorityChanges {
    pub authority_name: Option<String>,
    pub parent_id: Option<i64>,
    pub default_router: Option<String>,
}

/// Renames a role, moves it under another parent (not itself nor one of its descendants) or
/// changes its default route.
pub async fn update_authority(
    db: &DatabaseConnection,
    id: i64,
    changes: AuthorityChanges,
) -> Result<AuthorityNode, AppError> {
    let role = find_role(db, id).await?;
    let mut row: sys_authority::ActiveModel = role.into();
    if let Some(name) = changes.authority_name {
        let name = name.trim();
        if name.is_empty() {
            return Err(AppError::fail(text!(
                "authorityName 不能为空",
                "authorityName must not be empty"
            )));
        }
        row.authority_name = Set(name.to_owned());
    }
    if let Some(router) = changes.default_router {
        let router = router.trim();
        if router.is_empty() {
            return Err(AppError::fail(text!(
                "defaultRouter 不能为空",
                "defaultRouter must not be empty"
            )));
        }
        row.default_router = Set(router.to_owned());
    }
    if let Some(parent) = changes.parent_id {
        if parent != 0 {
            let parents: BTreeMap<i64, i64> = sys_authority::Entity::find()
                .all(db)
                .await?
                .into_iter()
                .map(|r| (r.authority_id, r.parent_id))
                .collect();
            if !parents.contains_key(&parent) {
                return Err(AppError::fail(text!(
                    "上级角色 {} 不存在",
                    "parent role {} does not exist",
                    parent
                )));
            }
            let mut cursor = parent;
            for _ in 0..=parents.len() {
                if cursor == id {
                    return Err(AppError::fail(text!(
                        "角色 {} 不能成为自己或下级角色的子角色",
                        "role {} cannot be placed under itself or one of its descendants",
                        id
                    )));
                }
                match parents.get(&cursor) {
                    Some(&p) if p != 0 => cursor = p,
                    _ => break,
                }
            }
        }
        row.parent_id = Set(parent);
    }
    row.updated_at = Set(Utc::now());
    row.update(db).await?;
    authority_node(db, id).await
}

/// Deletes a role nobody holds and that has no child roles, with its menus, buttons,
/// enterprise narrowings, data scopes (both ways) and policies.
pub async fn delete_authority(
    db: &DatabaseConnection,
    policies: &Policies,
    id: i64,
) -> Result<(), AppError> {
    find_role(db, id).await?;
    let active = sys_user::Entity::find()
        .filter(sys_user::Column::AuthorityId.eq(id))
        .count(db)
        .await?;
    let held = sys_user_authority::Entity::find()
        .filter(sys_user_authority::Column::AuthorityId.eq(id))
        .count(db)
        .await?;
    if active + held > 0 {
        return Err(AppError::fail(text!(
            "角色 {} 有用户正在使用，禁止删除",
            "users hold role {}; it cannot be deleted",
            id
        )));
    }
    let children = sys_authority::Entity::find()
        .filter(sys_authority::Column::ParentId.eq(id))
        .filter(sys_authority::Column::AuthorityId.ne(id))
        .count(db)
        .await?;
    if children > 0 {
        return Err(AppError::fail(text!(
            "角色 {} 存在子角色，禁止删除",
            "role {} has child roles; it cannot be deleted",
            id
        )));
    }
    let txn = kernel::db::write_txn(db).await?;
    sys_authority_btn::Entity::delete_many()
        .filter(sys_authority_btn::Column::AuthorityId.eq(id))
        .exec(&txn)
        .await?;
    sys_authority_menu::Entity::delete_many()
        .filter(sys_authority_menu::Column::AuthorityId.eq(id))
        .exec(&txn)
        .await?;
    sys_enterprise_menu::Entity::delete_many()
        .filter(sys_enterprise_menu::Column::AuthorityId.eq(id))
        .exec(&txn)
        .await?;
    sys_data_authority::Entity::delete_many()
        .filter(
            Condition::any()
                .add(sys_data_authority::Column::AuthorityId.eq(id))
                .add(sys_data_authority::Column::DataAuthorityId.eq(id)),
        )
        .exec(&txn)
        .await?;
    casbin_rule::Entity::delete_many()
        .filter(casbin_rule::Column::V0.eq(id.to_string()))
        .exec(&txn)
        .await?;
    sys_authority::Entity::delete_by_id(id).exec(&txn).await?;
    policies.commit_and_sync(txn, db, Some(&[id])).await
}

/// Replaces the roles whose data a role sees.
pub async fn set_data_authority(
    db: &DatabaseConnection,
    id: i64,
    scope: &[i64],
) -> Result<(), AppError> {
    find_role(db, id).await?;
    check_roles_exist(db, scope).await?;
    let txn = kernel::db::write_txn(db).await?;
    sys_data_authority::Entity::delete_many()
        .filter(sys_data_authority::Column::AuthorityId.eq(id))
        .exec(&txn)
        .await?;
    insert_scope(&txn, id, scope).await?;
    txn.commit().await?;
    Ok(())
}
