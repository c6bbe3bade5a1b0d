//! Editing the base menus: add, update (with buttons and route parameters), delete and move.

use super::{
    BaseMenu, MenuBtn, MenuMeta, MenuParameter, base_menu, buttons_of, list_ids, not_found,
    parameters_of,
};
use chrono::Utc;
use entities::{
    sys_authority_btn, sys_authority_menu, sys_base_menu, sys_base_menu_btn,
    sys_base_menu_parameter, sys_enterprise_menu,
};
use kernel::error::{AppError, DbResultExt};
use kernel::text;
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, DatabaseConnection, EntityTrait,
    PaginatorTrait, QueryFilter, QueryOrder, Set,
};
use serde::Deserialize;
use std::collections::{BTreeSet, HashMap};
use utoipa::ToSchema;

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
