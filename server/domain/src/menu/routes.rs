//! The route tree a caller's console is built from.

use super::enterprises::{effective_menus, role_in_enterprise};
use super::roles::{role_exists, role_menu_ids};
use super::{BaseMenu, MenuParameter, RouteMeta, arrange, base_tree, buttons_of, parameters_of};
use crate::session::Claims;
use entities::{sys_authority_btn, sys_base_menu, sys_user};
use kernel::error::AppError;
use kernel::text;
use sea_orm::{ColumnTrait, ConnectionTrait, DatabaseConnection, EntityTrait, QueryFilter};
use serde::Serialize;
use std::collections::{BTreeMap, BTreeSet, HashMap};
use utoipa::ToSchema;

/// A menu of the caller's route tree (`getMenu`).
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RouteMenu {
    #[serde(rename = "ID")]
    pub id: i64,
    pub name: String,
    pub path: String,
    pub component: String,
    pub sort: i32,
    /// 0 for a root menu.
    pub parent_id: i64,
    pub hidden: bool,
    pub keep_alive: bool,
    pub close_tab: bool,
    pub meta: RouteMeta,
    /// The buttons the role may use, each mapped to the role id; null when none.
    pub btns: Option<BTreeMap<String, i64>>,
    pub parameters: Vec<MenuParameter>,
    #[schema(no_recursion)]
    pub children: Vec<RouteMenu>,
}

/// With every ancestor, so a granted menu is reachable in the tree.
async fn with_ancestors<C: ConnectionTrait>(
    db: &C,
    set: &BTreeSet<i64>,
) -> Result<(Vec<sys_base_menu::Model>, BTreeSet<i64>), AppError> {
    let all = sys_base_menu::Entity::find().all(db).await?;
    let parent: HashMap<i64, Option<i64>> = all.iter().map(|m| (m.id, m.parent_id)).collect();
    let mut out = BTreeSet::new();
    for &id in set {
        let mut cursor = Some(id);
        while let Some(c) = cursor {
            if !parent.contains_key(&c) || !out.insert(c) {
                break;
            }
            cursor = parent.get(&c).copied().flatten();
        }
    }
    Ok((all, out))
}

/// The menu-assignment tree: a role's menus (with ancestors) when `authority_id` is given, else
/// every base menu.
pub async fn assignment_tree(
    db: &DatabaseConnection,
    authority_id: Option<i64>,
) -> Result<Vec<BaseMenu>, AppError> {
    match authority_id {
        None => base_tree(db, None).await,
        Some(role) => {
            role_exists(db, role).await?;
            let own = role_menu_ids(db, role).await?;
            let (_, set) = with_ancestors(db, &own).await?;
            base_tree(db, Some(&set)).await
        }
    }
}

/// The enterprise a call is about: the one asked for, else the caller's current enterprise.
pub async fn current_enterprise(
    db: &DatabaseConnection,
    claims: &Claims,
    requested: Option<i64>,
) -> Result<i64, AppError> {
    if let Some(e) = requested.filter(|&e| e != 0) {
        return Ok(e);
    }
    sys_user::Entity::find_by_id(claims.uid)
        .one(db)
        .await?
        .and_then(|u| u.now_ent_id)
        .ok_or_else(|| {
            AppError::fail(text!(
                "未选择企业：请传 enterprise_id",
                "No current enterprise: send enterprise_id"
            ))
        })
}

/// The route tree of the caller in an enterprise.
pub async fn route_tree(
    db: &DatabaseConnection,
    claims: &Claims,
    enterprise_id: i64,
) -> Result<Vec<RouteMenu>, AppError> {
    let role = role_in_enterprise(db, claims, enterprise_id).await?;
    let granted = effective_menus(db, enterprise_id, role).await?;
    let (all, set) = with_ancestors(db, &granted).await?;
    let ids: Vec<i64> = set.iter().copied().collect();
    let mut params = parameters_of(db, Some(&ids)).await?;
    let mut btns: HashMap<i64, BTreeMap<String, i64>> = HashMap::new();
    let granted_btns: BTreeSet<i64> = sys_authority_btn::Entity::find()
        .filter(sys_authority_btn::Column::AuthorityId.eq(role))
        .all(db)
        .await?
        .into_iter()
        .map(|b| b.btn_id)
        .collect();
    for (menu, list) in buttons_of(db, Some(&ids)).await? {
        for b in list.into_iter().filter(|b| granted_btns.contains(&b.id)) {
            btns.entry(menu).or_default().insert(b.name, role);
        }
    }
    let items = all
        .into_iter()
        .filter(|m| set.contains(&m.id))
        .map(|m| {
            let item = RouteMenu {
                id: m.id,
                parent_id: m.parent_id.unwrap_or(0),
                hidden: m.hidden,
                keep_alive: m.keep_alive,
                close_tab: m.close_tab,
                btns: btns.remove(&m.id),
                parameters: params.remove(&m.id).unwrap_or_default(),
                sort: m.sort,
                meta: RouteMeta {
                    title: m.title,
                    title_en: m.title_en,
                    icon: m.icon,
                    keep_alive: m.keep_alive,
                    close_tab: m.close_tab,
                    hidden: m.hidden,
                    default_menu: m.default_menu,
                    active_name: m.active_name,
                },
                name: m.name,
                path: m.path,
                component: m.component,
                children: Vec::new(),
            };
            (m.id, m.parent_id, m.sort, item)
        })
        .collect();
    Ok(arrange(items, |m, children| m.children = children))
}
