//! Menus: the base menus (with buttons and route parameters), the menus and buttons each role
//! sees, an enterprise's narrowing of a role's menus, and the route tree a caller's console is
//! built from.

use std::collections::{BTreeMap, BTreeSet, HashMap};

use chrono::Utc;
use entities::{
    enterprise, sys_authority, sys_authority_btn, sys_authority_menu, sys_base_menu,
    sys_base_menu_btn, sys_base_menu_parameter, sys_enterprise_menu, sys_user, sys_user_authority,
};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, DatabaseConnection, EntityTrait,
    PaginatorTrait, QueryFilter, QueryOrder, Set,
};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::session::Claims;
use kernel::error::{AppError, DbResultExt};
use kernel::ids::{
    PLATFORM_ENTERPRISE, ROLE_ENTERPRISE_ADMIN, ROLE_PLATFORM_OPERATOR, ROLE_PLATFORM_SUPPORT,
    ROLE_SUPER_ADMIN,
};
use kernel::text;

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

/// A menu as written by `addBaseMenu` / `updateBaseMenu`.
#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MenuInput {
    /// The menu to rewrite (`updateBaseMenu` only; ignored by `addBaseMenu`).
    #[serde(rename = "ID", alias = "id", default)]
    pub id: i64,
    /// 0 for a root menu.
    #[serde(default)]
    pub parent_id: i64,
    /// One route segment, relative to the parent.
    pub path: String,
    /// Unique.
    pub name: String,
    #[serde(default)]
    pub hidden: bool,
    /// The view key, `<group>/<view>`.
    pub component: String,
    /// Position among its siblings (≥ 0).
    #[serde(default)]
    pub sort: i32,
    pub meta: MenuMeta,
    #[serde(default)]
    pub parameters: Vec<MenuParameter>,
    /// Buttons; on update a button keeps its grants when sent with its `ID`.
    #[serde(default)]
    pub menu_btn: Vec<MenuBtn>,
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

fn not_found(id: i64) -> AppError {
    AppError::fail(text!("菜单 {} 不存在", "menu {} does not exist", id))
}

fn role_not_found(id: i64) -> AppError {
    AppError::fail(text!("角色 {} 不存在", "role {} does not exist", id))
}

fn list_ids(ids: &[i64]) -> String {
    ids.iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(", ")
}

/// Arranges rows into trees by parent, siblings by (sort, id). Rows whose parent is not among
/// them become roots.
fn arrange<T>(rows: Vec<(i64, Option<i64>, i32, T)>, attach: fn(&mut T, Vec<T>)) -> Vec<T> {
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

async fn buttons_of<C: ConnectionTrait>(
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

async fn parameters_of<C: ConnectionTrait>(
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

fn base_menu(
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
async fn base_tree<C: ConnectionTrait>(
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

/// One base menu (without children).
pub async fn menu_by_id(db: &DatabaseConnection, id: i64) -> Result<BaseMenu, AppError> {
    let m = sys_base_menu::Entity::find_by_id(id)
        .one(db)
        .await?
        .ok_or_else(|| not_found(id))?;
    let ids = [id];
    let mut btns = buttons_of(db, Some(&ids)).await?;
    let mut params = parameters_of(db, Some(&ids)).await?;
    Ok(base_menu(m, &mut btns, &mut params))
}

// ---------------------------------------------------------------------------------------------
// Writing base menus

fn required(value: &str, field: &str) -> Result<String, AppError> {
    let v = value.trim();
    if v.is_empty() {
        return Err(AppError::field(
            field,
            text!("{} 不能为空", "{} must not be empty", field),
        ));
    }
    Ok(v.to_owned())
}

struct CheckedMenu {
    parent: Option<i64>,
    path: String,
    name: String,
    component: String,
    title: String,
}

/// Validates a menu's fields and its parent (which must exist and, for `id`, must not be the
/// menu itself or one of its descendants).
async fn check_menu<C: ConnectionTrait>(
    db: &C,
    input: &MenuInput,
    id: Option<i64>,
) -> Result<CheckedMenu, AppError> {
    let checked = CheckedMenu {
        parent: (input.parent_id != 0).then_some(input.parent_id),
        path: required(&input.path, "path")?,
        name: required(&input.name, "name")?,
        component: required(&input.component, "component")?,
        title: required(&input.meta.title, "meta.title")?,
    };
    if input.sort < 0 {
        return Err(AppError::fail(text!(
            "sort 不能小于 0",
            "sort must not be negative"
        )));
    }
    let mut names = BTreeSet::new();
    for b in &input.menu_btn {
        let name = required(&b.name, "menuBtn.name")?;
        if !names.insert(name.clone()) {
            return Err(AppError::fail(text!(
                "按钮 {} 重复",
                "button {} appears twice",
                name
            )));
        }
    }
    for p in &input.parameters {
        if p.kind != "params" && p.kind != "query" {
            return Err(AppError::fail(text!(
                "参数类型 {} 无效（params 或 query）",
                "parameter type {} is invalid (params or query)",
                p.kind
            )));
        }
        required(&p.key, "parameters.key")?;
    }
    if let Some(parent) = checked.parent {
        check_parent(db, parent, id).await?;
    }
    let clash = sys_base_menu::Entity::find()
        .filter(sys_base_menu::Column::Name.eq(checked.name.clone()))
        .one(db)
        .await?
        .filter(|m| Some(m.id) != id);
    if clash.is_some() {
        return Err(name_taken(&checked.name));
    }
    Ok(checked)
}

fn name_taken(name: &str) -> AppError {
    AppError::fail(text!(
        "存在重复 name 的菜单：{}",
        "a menu named {} already exists",
        name
    ))
}

/// The parent must exist and must not be `id` or below it.
async fn check_parent<C: ConnectionTrait>(
    db: &C,
    parent: i64,
    id: Option<i64>,
) -> Result<(), AppError> {
    let all: HashMap<i64, Option<i64>> = sys_base_menu::Entity::find()
        .all(db)
        .await?
        .into_iter()
        .map(|m| (m.id, m.parent_id))
        .collect();
    if !all.contains_key(&parent) {
        return Err(AppError::fail(text!(
            "上级菜单 {} 不存在",
            "parent menu {} does not exist",
            parent
        )));
    }
    if let Some(id) = id {
        let mut cursor = Some(parent);
        let mut steps = 0;
        while let Some(c) = cursor {
            if c == id {
                return Err(AppError::fail(text!(
                    "不能把菜单 {} 移到它自己或它的下级菜单之下",
                    "menu {} cannot be placed under itself or one of its descendants",
                    id
                )));
            }
            steps += 1;
            if steps > all.len() {
                break;
            }
            cursor = all.get(&c).copied().flatten();
        }
    }
    Ok(())
}

/// Creates a base menu with its buttons and parameters.
pub async fn add_menu(db: &DatabaseConnection, input: &MenuInput) -> Result<BaseMenu, AppError> {
    let checked = check_menu(db, input, None).await?;
    let now = Utc::now();
    let txn = kernel::db::write_txn(db).await?;
    let row = sys_base_menu::ActiveModel {
        parent_id: Set(checked.parent),
        path: Set(checked.path),
        name: Set(checked.name.clone()),
        hidden: Set(input.hidden),
        component: Set(checked.component),
        sort: Set(input.sort),
        title: Set(checked.title),
        title_en: Set(input.meta.title_en.trim().to_owned()),
        icon: Set(input.meta.icon.trim().to_owned()),
        keep_alive: Set(input.meta.keep_alive),
        close_tab: Set(input.meta.close_tab),
        default_menu: Set(input.meta.default_menu),
        active_name: Set(input.meta.active_name.trim().to_owned()),
        created_at: Set(now),
        updated_at: Set(now),
        ..Default::default()
    };
    let id = sys_base_menu::Entity::insert(row)
        .exec(&txn)
        .await
        .on_conflict(|| text!("菜单 name 已存在", "the menu name already exists"))?
        .last_insert_id;
    for b in &input.menu_btn {
        insert_button(&txn, id, b).await?;
    }
    insert_parameters(&txn, id, &input.parameters).await?;
    txn.commit().await?;
    menu_by_id(db, id).await
}

async fn insert_button<C: ConnectionTrait>(db: &C, menu: i64, b: &MenuBtn) -> Result<(), AppError> {
    sys_base_menu_btn::Entity::insert(sys_base_menu_btn::ActiveModel {
        menu_id: Set(menu),
        name: Set(b.name.trim().to_owned()),
        desc: Set(b.desc.trim().to_owned()),
        ..Default::default()
    })
    .exec_without_returning(db)
    .await?;
    Ok(())
}

async fn insert_parameters<C: ConnectionTrait>(
    db: &C,
    menu: i64,
    params: &[MenuParameter],
) -> Result<(), AppError> {
    if params.is_empty() {
        return Ok(());
    }
    let rows = params.iter().map(|p| sys_base_menu_parameter::ActiveModel {
        menu_id: Set(menu),
        kind: Set(p.kind.clone()),
        key: Set(p.key.trim().to_owned()),
        value: Set(p.value.clone()),
        ..Default::default()
    });
    sys_base_menu_parameter::Entity::insert_many(rows)
        .exec_without_returning(db)
        .await?;
    Ok(())
}

/// Rewrites a base menu. Buttons sent with their `ID` are kept (with their grants) and renamed;
/// buttons without an `ID` are added; buttons not sent are removed with their grants.
/// Parameters are replaced.
pub async fn update_menu(
    db: &DatabaseConnection,
    id: i64,
    input: &MenuInput,
) -> Result<BaseMenu, AppError> {
    let existing = sys_base_menu::Entity::find_by_id(id)
        .one(db)
        .await?
        .ok_or_else(|| not_found(id))?;
    let checked = check_menu(db, input, Some(id)).await?;
    let current: BTreeSet<i64> = sys_base_menu_btn::Entity::find()
        .filter(sys_base_menu_btn::Column::MenuId.eq(id))
        .all(db)
        .await?
        .into_iter()
        .map(|b| b.id)
        .collect();
    let foreign: Vec<i64> = input
        .menu_btn
        .iter()
        .filter(|b| b.id != 0 && !current.contains(&b.id))
        .map(|b| b.id)
        .collect();
    if !foreign.is_empty() {
        return Err(AppError::fail(text!(
            "按钮 {} 不属于菜单 {}",
            "buttons {} do not belong to menu {}",
            list_ids(&foreign),
            id
        )));
    }
    let kept: BTreeSet<i64> = input.menu_btn.iter().map(|b| b.id).collect();
    let removed: Vec<i64> = current.difference(&kept).copied().collect();

    let txn = kernel::db::write_txn(db).await?;
    let mut row: sys_base_menu::ActiveModel = existing.into();
    row.parent_id = Set(checked.parent);
    row.path = Set(checked.path);
    row.name = Set(checked.name);
    row.hidden = Set(input.hidden);
    row.component = Set(checked.component);
    row.sort = Set(input.sort);
    row.title = Set(checked.title);
    row.title_en = Set(input.meta.title_en.trim().to_owned());
    row.icon = Set(input.meta.icon.trim().to_owned());
    row.keep_alive = Set(input.meta.keep_alive);
    row.close_tab = Set(input.meta.close_tab);
    row.default_menu = Set(input.meta.default_menu);
    row.active_name = Set(input.meta.active_name.trim().to_owned());
    row.updated_at = Set(Utc::now());
    row.update(&txn)
        .await
        .on_conflict(|| text!("菜单 name 已存在", "the menu name already exists"))?;
    if !removed.is_empty() {
        sys_authority_btn::Entity::delete_many()
            .filter(sys_authority_btn::Column::BtnId.is_in(removed.clone()))
            .exec(&txn)
            .await?;
        sys_base_menu_btn::Entity::delete_many()
            .filter(sys_base_menu_btn::Column::Id.is_in(removed))
            .exec(&txn)
            .await?;
    }
    // Renames go through a placeholder so swapping two names cannot trip the unique key.
    for b in input.menu_btn.iter().filter(|b| b.id != 0) {
        sys_base_menu_btn::ActiveModel {
            id: Set(b.id),
            name: Set(format!("~renaming~{}", b.id)),
            ..Default::default()
        }
        .update(&txn)
        .await?;
    }
    for b in &input.menu_btn {
        if b.id == 0 {
            insert_button(&txn, id, b).await?;
        } else {
            sys_base_menu_btn::ActiveModel {
                id: Set(b.id),
                name: Set(b.name.trim().to_owned()),
                desc: Set(b.desc.trim().to_owned()),
                ..Default::default()
            }
            .update(&txn)
            .await?;
        }
    }
    sys_base_menu_parameter::Entity::delete_many()
        .filter(sys_base_menu_parameter::Column::MenuId.eq(id))
        .exec(&txn)
        .await?;
    insert_parameters(&txn, id, &input.parameters).await?;
    txn.commit().await?;
    menu_by_id(db, id).await
}

/// Deletes a base menu without children, with its buttons, parameters and every grant of it.
pub async fn delete_menu(db: &DatabaseConnection, id: i64) -> Result<(), AppError> {
    sys_base_menu::Entity::find_by_id(id)
        .one(db)
        .await?
        .ok_or_else(|| not_found(id))?;
    let children = sys_base_menu::Entity::find()
        .filter(sys_base_menu::Column::ParentId.eq(id))
        .count(db)
        .await?;
    if children > 0 {
        return Err(AppError::fail(text!(
            "菜单 {} 存在子菜单，不可删除",
            "menu {} has child menus; delete them first",
            id
        )));
    }
    let txn = kernel::db::write_txn(db).await?;
    sys_authority_btn::Entity::delete_many()
        .filter(sys_authority_btn::Column::MenuId.eq(id))
        .exec(&txn)
        .await?;
    sys_authority_menu::Entity::delete_many()
        .filter(sys_authority_menu::Column::MenuId.eq(id))
        .exec(&txn)
        .await?;
    sys_enterprise_menu::Entity::delete_many()
        .filter(sys_enterprise_menu::Column::MenuId.eq(id))
        .exec(&txn)
        .await?;
    sys_base_menu_btn::Entity::delete_many()
        .filter(sys_base_menu_btn::Column::MenuId.eq(id))
        .exec(&txn)
        .await?;
    sys_base_menu_parameter::Entity::delete_many()
        .filter(sys_base_menu_parameter::Column::MenuId.eq(id))
        .exec(&txn)
        .await?;
    sys_base_menu::Entity::delete_by_id(id).exec(&txn).await?;
    txn.commit().await?;
    Ok(())
}

/// Moves a menu under `parent` (0: to the root) at 1-based position `position` among its new
/// siblings (`None` or past the end: last), then renumbers the siblings of the old and the new
/// parent 1, 2, 3 … in their order.
pub async fn move_menu(
    db: &DatabaseConnection,
    id: i64,
    parent: i64,
    position: Option<i64>,
) -> Result<BaseMenu, AppError> {
    let menu = sys_base_menu::Entity::find_by_id(id)
        .one(db)
        .await?
        .ok_or_else(|| not_found(id))?;
    let new_parent = (parent != 0).then_some(parent);
    if let Some(p) = new_parent {
        check_parent(db, p, Some(id)).await?;
    }
    if position.is_some_and(|p| p < 1) {
        return Err(AppError::fail(text!("sort 从 1 开始", "sort starts at 1")));
    }
    let siblings_of = |p: Option<i64>| {
        let q = sys_base_menu::Entity::find()
            .order_by_asc(sys_base_menu::Column::Sort)
            .order_by_asc(sys_base_menu::Column::Id);
        match p {
            Some(p) => q.filter(sys_base_menu::Column::ParentId.eq(p)),
            None => q.filter(sys_base_menu::Column::ParentId.is_null()),
        }
    };
    let txn = kernel::db::write_txn(db).await?;
    let old_parent = menu.parent_id;
    let mut new_siblings: Vec<i64> = siblings_of(new_parent)
        .all(&txn)
        .await?
        .into_iter()
        .map(|m| m.id)
        .filter(|&m| m != id)
        .collect();
    let at = position
        .and_then(|p| usize::try_from(p - 1).ok())
        .unwrap_or(usize::MAX)
        .min(new_siblings.len());
    new_siblings.insert(at, id);
    let mut row: sys_base_menu::ActiveModel = menu.into();
    row.parent_id = Set(new_parent);
    row.updated_at = Set(Utc::now());
    row.update(&txn).await?;
    renumber(&txn, &new_siblings).await?;
    if old_parent != new_parent {
        let old: Vec<i64> = siblings_of(old_parent)
            .all(&txn)
            .await?
            .into_iter()
            .map(|m| m.id)
            .collect();
        renumber(&txn, &old).await?;
    }
    txn.commit().await?;
    menu_by_id(db, id).await
}

async fn renumber<C: ConnectionTrait>(db: &C, ids: &[i64]) -> Result<(), AppError> {
    for (sort, &id) in (1..).zip(ids) {
        sys_base_menu::ActiveModel {
            id: Set(id),
            sort: Set(sort),
            ..Default::default()
        }
        .update(db)
        .await?;
    }
    Ok(())
}

// ---------------------------------------------------------------------------------------------
// Role menus and buttons

async fn role_exists<C: ConnectionTrait>(db: &C, id: i64) -> Result<(), AppError> {
    sys_authority::Entity::find_by_id(id)
        .one(db)
        .await?
        .map(|_| ())
        .ok_or_else(|| role_not_found(id))
}

/// Refuses ids that are not base menus, naming them.
async fn check_menu_ids<C: ConnectionTrait>(db: &C, ids: &BTreeSet<i64>) -> Result<(), AppError> {
    let known: BTreeSet<i64> = sys_base_menu::Entity::find()
        .all(db)
        .await?
        .into_iter()
        .map(|m| m.id)
        .collect();
    let unknown: Vec<i64> = ids.difference(&known).copied().collect();
    if unknown.is_empty() {
        Ok(())
    } else {
        Err(AppError::fail(text!(
            "菜单 {} 不存在",
            "menus {} do not exist",
            list_ids(&unknown)
        )))
    }
}

/// The ids of the menus a role sees (as stored, without ancestors).
pub async fn role_menu_ids<C: ConnectionTrait>(
    db: &C,
    authority_id: i64,
) -> Result<BTreeSet<i64>, AppError> {
    Ok(sys_authority_menu::Entity::find()
        .filter(sys_authority_menu::Column::AuthorityId.eq(authority_id))
        .all(db)
        .await?
        .into_iter()
        .map(|l| l.menu_id)
        .collect())
}

/// Replaces the menus a role sees. Button grants on menus taken away go with them. Enterprise
/// narrowings are kept as they are: they only ever intersect the role's own menus, so a menu
/// taken from the role disappears inside every enterprise too, and a narrowing never widens.
pub async fn set_role_menus(
    db: &DatabaseConnection,
    authority_id: i64,
    menus: BTreeSet<i64>,
) -> Result<(), AppError> {
    role_exists(db, authority_id).await?;
    check_menu_ids(db, &menus).await?;
    let before = role_menu_ids(db, authority_id).await?;
    let gone: Vec<i64> = before.difference(&menus).copied().collect();
    let txn = kernel::db::write_txn(db).await?;
    sys_authority_menu::Entity::delete_many()
        .filter(sys_authority_menu::Column::AuthorityId.eq(authority_id))
        .exec(&txn)
        .await?;
    link_menus(&txn, authority_id, &menus).await?;
    if !gone.is_empty() {
        sys_authority_btn::Entity::delete_many()
            .filter(sys_authority_btn::Column::AuthorityId.eq(authority_id))
            .filter(sys_authority_btn::Column::MenuId.is_in(gone))
            .exec(&txn)
            .await?;
    }
    txn.commit().await?;
    Ok(())
}

/// Inserts role–menu links (the caller has cleared or checked them).
pub async fn link_menus<C: ConnectionTrait>(
    db: &C,
    authority_id: i64,
    menus: &BTreeSet<i64>,
) -> Result<(), sea_orm::DbErr> {
    let rows: Vec<_> = menus
        .iter()
        .map(|&m| sys_authority_menu::ActiveModel {
            authority_id: Set(authority_id),
            menu_id: Set(m),
        })
        .collect();
    for chunk in rows.chunks(300) {
        sys_authority_menu::Entity::insert_many(chunk.to_vec())
            .exec_without_returning(db)
            .await?;
    }
    Ok(())
}

/// The ids of the menus with these names and of everything below them (names that do not
/// exist are skipped).
pub async fn menu_subtrees_named<C: ConnectionTrait>(
    db: &C,
    names: &[&str],
) -> Result<BTreeSet<i64>, sea_orm::DbErr> {
    let all = sys_base_menu::Entity::find().all(db).await?;
    let mut out: BTreeSet<i64> = all
        .iter()
        .filter(|m| names.contains(&m.name.as_str()))
        .map(|m| m.id)
        .collect();
    loop {
        let below: Vec<i64> = all
            .iter()
            .filter(|m| m.parent_id.is_some_and(|p| out.contains(&p)) && !out.contains(&m.id))
            .map(|m| m.id)
            .collect();
        if below.is_empty() {
            return Ok(out);
        }
        out.extend(below);
    }
}

/// The buttons of a menu a role may use.
pub async fn role_buttons(
    db: &DatabaseConnection,
    menu_id: i64,
    authority_id: i64,
) -> Result<Vec<i64>, AppError> {
    role_exists(db, authority_id).await?;
    sys_base_menu::Entity::find_by_id(menu_id)
        .one(db)
        .await?
        .ok_or_else(|| not_found(menu_id))?;
    Ok(sys_authority_btn::Entity::find()
        .filter(sys_authority_btn::Column::AuthorityId.eq(authority_id))
        .filter(sys_authority_btn::Column::MenuId.eq(menu_id))
        .order_by_asc(sys_authority_btn::Column::BtnId)
        .all(db)
        .await?
        .into_iter()
        .map(|b| b.btn_id)
        .collect())
}

/// Replaces the buttons of a menu a role may use; every id must be a button of that menu.
pub async fn set_role_buttons(
    db: &DatabaseConnection,
    menu_id: i64,
    authority_id: i64,
    selected: BTreeSet<i64>,
) -> Result<(), AppError> {
    role_exists(db, authority_id).await?;
    sys_base_menu::Entity::find_by_id(menu_id)
        .one(db)
        .await?
        .ok_or_else(|| not_found(menu_id))?;
    let own: BTreeSet<i64> = sys_base_menu_btn::Entity::find()
        .filter(sys_base_menu_btn::Column::MenuId.eq(menu_id))
        .all(db)
        .await?
        .into_iter()
        .map(|b| b.id)
        .collect();
    let foreign: Vec<i64> = selected.difference(&own).copied().collect();
    if !foreign.is_empty() {
        return Err(AppError::fail(text!(
            "按钮 {} 不属于菜单 {}",
            "buttons {} do not belong to menu {}",
            list_ids(&foreign),
            menu_id
        )));
    }
    let txn = kernel::db::write_txn(db).await?;
    sys_authority_btn::Entity::delete_many()
        .filter(sys_authority_btn::Column::AuthorityId.eq(authority_id))
        .filter(sys_authority_btn::Column::MenuId.eq(menu_id))
        .exec(&txn)
        .await?;
    let rows: Vec<_> = selected
        .iter()
        .map(|&b| sys_authority_btn::ActiveModel {
            authority_id: Set(authority_id),
            menu_id: Set(menu_id),
            btn_id: Set(b),
        })
        .collect();
    if !rows.is_empty() {
        sys_authority_btn::Entity::insert_many(rows)
            .exec_without_returning(&txn)
            .await?;
    }
    txn.commit().await?;
    Ok(())
}

/// Refuses when a role uses the button (it cannot be removed from its menu then).
pub async fn can_remove_button(db: &DatabaseConnection, btn_id: i64) -> Result<(), AppError> {
    sys_base_menu_btn::Entity::find_by_id(btn_id)
        .one(db)
        .await?
        .ok_or_else(|| {
            AppError::fail(text!("按钮 {} 不存在", "button {} does not exist", btn_id))
        })?;
    let users = sys_authority_btn::Entity::find()
        .filter(sys_authority_btn::Column::BtnId.eq(btn_id))
        .count(db)
        .await?;
    if users > 0 {
        return Err(AppError::fail(text!(
            "此按钮正在被使用无法删除",
            "this button is in use and cannot be removed"
        )));
    }
    Ok(())
}

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
async fn effective_menus<C: ConnectionTrait>(
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
