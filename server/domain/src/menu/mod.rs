//! Menus: the base menus (with buttons and route parameters), the menus and buttons each role
//! sees, an enterprise's narrowing of a role's menus, and the route tree a caller's console is
//! built from.

use entities::{sys_base_menu, sys_base_menu_btn, sys_base_menu_parameter};
use kernel::error::AppError;
use kernel::text;
use sea_orm::{
    ColumnTrait, ConnectionTrait, DatabaseConnection, EntityTrait, QueryFilter, QueryOrder,
};
use serde::{Deserialize, Serialize};
use std::collections::{BTreeSet, HashMap};
use utoipa::ToSchema;

mod editing;
mod enterprises;
mod roles;
mod routes;

pub use editing::*;
pub use enterprises::*;
pub use roles::*;
pub use routes::*;

// ---------------------------------------------------------------------------------------------
// Shapes

/// What the side menu shows and how the route behaves.
#[derive(Debug, Clone, Default, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MenuMeta {
    /// Chinese title (required).
    pub title: String,
    #[serde(default)]
    pub title_en: String,
    #[serde(default)]
    pub icon: String,
    /// Cache the view when leaving it.
    #[serde(default)]
    pub keep_alive: bool,
    /// Close its tab when leaving it.
    #[serde(default)]
    pub close_tab: bool,
    /// A basic route outside the layout.
    #[serde(default)]
    pub default_menu: bool,
    /// The menu to highlight while this (hidden) one is open.
    #[serde(default)]
    pub active_name: String,
}

/// A button of a menu's view.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
pub struct MenuBtn {
    /// 0 (or absent) for a new button.
    #[serde(rename = "ID", alias = "id", default)]
    pub id: i64,
    pub name: String,
    #[serde(default)]
    pub desc: String,
}

/// A route parameter of a menu.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
pub struct MenuParameter {
    #[serde(rename = "ID", alias = "id", default)]
    pub id: i64,
    /// `params` or `query`.
    #[serde(rename = "type")]
    pub kind: String,
    pub key: String,
    #[serde(default)]
    pub value: String,
}

/// A base menu with its buttons, parameters and children.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BaseMenu {
    #[serde(rename = "ID")]
    pub id: i64,
    /// 0 for a root menu.
    pub parent_id: i64,
    pub path: String,
    pub name: String,
    pub hidden: bool,
    pub component: String,
    pub sort: i32,
    pub meta: MenuMeta,
    pub menu_btn: Vec<MenuBtn>,
    pub parameters: Vec<MenuParameter>,
    #[schema(no_recursion)]
    pub children: Vec<BaseMenu>,
}

/// Meta of a route item.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RouteMeta {
    pub title: String,
    pub title_en: String,
    pub icon: String,
    pub keep_alive: bool,
    pub close_tab: bool,
    pub hidden: bool,
    pub default_menu: bool,
    pub active_name: String,
}

pub(super) fn not_found(id: i64) -> AppError {
    AppError::fail(text!("菜单 {} 不存在", "menu {} does not exist", id))
}

pub(super) fn list_ids(ids: &[i64]) -> String {
    ids.iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(", ")
}

/// Arranges rows into trees by parent, siblings by (sort, id). Rows whose parent is not among
/// them become roots.
pub(super) fn arrange<T>(
    rows: Vec<(i64, Option<i64>, i32, T)>,
    attach: fn(&mut T, Vec<T>),
) -> Vec<T> {
    let ids: BTreeSet<i64> = rows.iter().map(|r| r.0).collect();
    let mut by_parent: HashMap<i64, Vec<(i32, i64, T)>> = HashMap::new();
    for (id, parent, sort, item) in rows {
        let parent = parent.filter(|p| ids.contains(p)).unwrap_or(0);
        by_parent.entry(parent).or_default().push((sort, id, item));
    }
    fn take<T>(
        parent: i64,
        by_parent: &mut HashMap<i64, Vec<(i32, i64, T)>>,
        attach: fn(&mut T, Vec<T>),
        depth: usize,
    ) -> Vec<T> {
        let Some(mut items) = by_parent.remove(&parent) else {
            return Vec::new();
        };
        items.sort_by_key(|(sort, id, _)| (*sort, *id));
        items
            .into_iter()
            .map(|(_, id, mut item)| {
                // Depth guard: a cycle cannot be stored, but never recurse without bound.
                if depth < 64 {
                    let children = take(id, by_parent, attach, depth + 1);
                    attach(&mut item, children);
                }
                item
            })
            .collect()
    }
    take(0, &mut by_parent, attach, 0)
}

pub(super) async fn buttons_of<C: ConnectionTrait>(
    db: &C,
    menu_ids: Option<&[i64]>,
) -> Result<HashMap<i64, Vec<MenuBtn>>, AppError> {
    let mut q = sys_base_menu_btn::Entity::find().order_by_asc(sys_base_menu_btn::Column::Id);
    if let Some(ids) = menu_ids {
        q = q.filter(sys_base_menu_btn::Column::MenuId.is_in(ids.to_vec()));
    }
    let mut out: HashMap<i64, Vec<MenuBtn>> = HashMap::new();
    for b in q.all(db).await? {
        out.entry(b.menu_id).or_default().push(MenuBtn {
            id: b.id,
            name: b.name,
            desc: b.desc,
        });
    }
    Ok(out)
}

pub(super) async fn parameters_of<C: ConnectionTrait>(
    db: &C,
    menu_ids: Option<&[i64]>,
) -> Result<HashMap<i64, Vec<MenuParameter>>, AppError> {
    let mut q =
        sys_base_menu_parameter::Entity::find().order_by_asc(sys_base_menu_parameter::Column::Id);
    if let Some(ids) = menu_ids {
        q = q.filter(sys_base_menu_parameter::Column::MenuId.is_in(ids.to_vec()));
    }
    let mut out: HashMap<i64, Vec<MenuParameter>> = HashMap::new();
    for p in q.all(db).await? {
        out.entry(p.menu_id).or_default().push(MenuParameter {
            id: p.id,
            kind: p.kind,
            key: p.key,
            value: p.value,
        });
    }
    Ok(out)
}

pub(super) fn base_menu(
    m: sys_base_menu::Model,
    btns: &mut HashMap<i64, Vec<MenuBtn>>,
    params: &mut HashMap<i64, Vec<MenuParameter>>,
) -> BaseMenu {
    BaseMenu {
        id: m.id,
        parent_id: m.parent_id.unwrap_or(0),
        menu_btn: btns.remove(&m.id).unwrap_or_default(),
        parameters: params.remove(&m.id).unwrap_or_default(),
        path: m.path,
        name: m.name,
        hidden: m.hidden,
        component: m.component,
        sort: m.sort,
        meta: MenuMeta {
            title: m.title,
            title_en: m.title_en,
            icon: m.icon,
            keep_alive: m.keep_alive,
            close_tab: m.close_tab,
            default_menu: m.default_menu,
            active_name: m.active_name,
        },
        children: Vec::new(),
    }
}

/// Base menus as trees; `only` limits them to a set of ids.
pub(super) async fn base_tree<C: ConnectionTrait>(
    db: &C,
    only: Option<&BTreeSet<i64>>,
) -> Result<Vec<BaseMenu>, AppError> {
    let rows: Vec<_> = sys_base_menu::Entity::find()
        .all(db)
        .await?
        .into_iter()
        .filter(|m| only.is_none_or(|set| set.contains(&m.id)))
        .collect();
    let ids: Vec<i64> = rows.iter().map(|m| m.id).collect();
    let filter = only.map(|_| ids.as_slice());
    let mut btns = buttons_of(db, filter).await?;
    let mut params = parameters_of(db, filter).await?;
    let items = rows
        .into_iter()
        .map(|m| {
            (
                m.id,
                m.parent_id,
                m.sort,
                base_menu(m, &mut btns, &mut params),
            )
        })
        .collect();
    Ok(arrange(items, |m, children| m.children = children))
}

/// Every base menu as trees, with buttons and parameters.
pub async fn menu_list(db: &DatabaseConnection) -> Result<Vec<BaseMenu>, AppError> {
    base_tree(db, None).await
}
