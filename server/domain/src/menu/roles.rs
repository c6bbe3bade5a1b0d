//! The menus and buttons each role sees.

use super::{list_ids, not_found};
use entities::{
    sys_authority, sys_authority_btn, sys_authority_menu, sys_base_menu, sys_base_menu_btn,
};
use kernel::error::AppError;
use kernel::text;
use sea_orm::{
    ColumnTrait, ConnectionTrait, DatabaseConnection, EntityTrait, PaginatorTrait, QueryFilter,
    QueryOrder, Set,
};
use std::collections::BTreeSet;

fn role_not_found(id: i64) -> AppError {
    AppError::fail(text!("角色 {} 不存在", "role {} does not exist", id))
}

// ---------------------------------------------------------------------------------------------
// Role menus and buttons

pub(crate) async fn role_exists<C: ConnectionTrait>(db: &C, id: i64) -> Result<(), AppError> {
    sys_authority::Entity::find_by_id(id)
        .one(db)
        .await?
        .map(|_| ())
        .ok_or_else(|| role_not_found(id))
}

/// Refuses ids that are not base menus, naming them.
pub(crate) async fn check_menu_ids<C: ConnectionTrait>(
    db: &C,
    ids: &BTreeSet<i64>,
) -> Result<(), AppError> {
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
