//! Catalogues: car brands → series, car classes, tyre brands → tyres.
//!
//! Ownership: an entry with no enterprise is platform-wide — everyone sees it, only platform
//! staff change it (staff create one by naming no `entId`). Any other entry belongs to an
//! enterprise and is seen and changed by whoever sees that enterprise (not under a read-only
//! trusteeship). Names are unique per parent among the entries one owner sees: the owner's own
//! and the platform-wide ones. A delete is refused while anything uses the entry, saying what.

use crate::scope::Scope;
use entities::vehicle;
use kernel::error::AppError;
use kernel::text;
use kernel::validate::required;
use sea_orm::{ColumnTrait, Condition, ConnectionTrait, EntityTrait, PaginatorTrait, QueryFilter};

mod brands;
mod classes;
mod models;
mod tyres;

pub use brands::*;
pub use classes::*;
pub use models::*;
pub use tyres::*;

/// Entries the scope sees: platform-wide ones and those of its enterprises.
pub(super) fn visible_to<C: ColumnTrait>(scope: &Scope, owner: C) -> Condition {
    Condition::any()
        .add(owner.is_null())
        .add(scope.filter(owner))
}

pub(super) fn read_only() -> AppError {
    AppError::fail(text!(
        "只读托管下不能修改",
        "Read-only access: nothing may be changed"
    ))
}

/// The owner of a new entry: platform staff naming no enterprise create a platform-wide one;
/// anyone else creates one of the enterprise they act for (or name).
pub(super) fn new_owner(scope: &Scope, ent_id: Option<i64>) -> Result<Option<i64>, AppError> {
    if scope.read_only() {
        return Err(read_only());
    }
    match ent_id.filter(|e| *e != 0) {
        None if scope.platform => Ok(None),
        asked => scope.acting(asked).map(Some),
    }
}

/// Refuses changing an entry the scope does not own (platform-wide ones: staff only).
pub(super) fn may_change(scope: &Scope, owner: Option<i64>, name: &str) -> Result<(), AppError> {
    if scope.read_only() {
        return Err(read_only());
    }
    match owner {
        Some(e) => scope.require(e),
        None if scope.platform => Ok(()),
        None => Err(AppError::fail(text!(
            "“{}”是平台公共条目，只有平台人员可以修改",
            "“{}” is a platform-wide entry; only platform staff may change it",
            name
        ))),
    }
}

/// Whether `name` is taken among the entries of `parent` that `owner` sees (its own and the
/// platform-wide ones), other than `except`.
pub(super) async fn name_taken<E: EntityTrait>(
    db: &impl ConnectionTrait,
    parent: Condition,
    (name_col, owner_col, id_col): (E::Column, E::Column, E::Column),
    name: &str,
    owner: Option<i64>,
    except: Option<i64>,
) -> Result<bool, AppError> {
    let mut owners = Condition::any().add(owner_col.is_null());
    if let Some(o) = owner {
        owners = owners.add(owner_col.eq(o));
    }
    let mut cond = parent.add(name_col.eq(name)).add(owners);
    if let Some(id) = except {
        cond = cond.add(id_col.ne(id));
    }
    Ok(E::find().filter(cond).one(db).await?.is_some())
}

/// The owner and name of an entry being saved: the owner kept (or [`new_owner`] for a new
/// entry), the name given or kept, checked (1–64 characters) and not taken among what the
/// owner sees under `parent`.
pub(super) async fn owner_and_name<E: EntityTrait>(
    db: &impl ConnectionTrait,
    scope: &Scope,
    existing: Option<(i64, Option<i64>, &str)>,
    asked_owner: Option<i64>,
    (field, asked_name): (&str, Option<&str>),
    parent: Condition,
    cols: (E::Column, E::Column, E::Column),
) -> Result<(Option<i64>, String), AppError> {
    let owner = match existing {
        Some((_, owner, _)) => owner,
        None => new_owner(scope, asked_owner)?,
    };
    let name = required(
        field,
        asked_name.or(existing.map(|e| e.2)).unwrap_or(""),
        64,
    )?;
    let except = existing.map(|e| e.0);
    if name_taken::<E>(db, parent, cols, &name, owner, except).await? {
        return Err(duplicate(&name));
    }
    Ok((owner, name))
}

pub(super) fn duplicate(name: &str) -> AppError {
    AppError::fail(text!(
        "名称“{}”已存在",
        "The name “{}” already exists",
        name
    ))
}

/// `what` and `by` as (zh, en).
pub(super) fn in_use(what: (&str, &str), name: &str, count: u64, by: (&str, &str)) -> AppError {
    AppError::fail(kernel::i18n::Text::new(
        format!(
            "{}“{}”正被 {} 个{}使用，不能删除",
            what.0, name, count, by.0
        ),
        format!(
            "{} “{}” is used by {} {} and cannot be deleted",
            what.1, name, count, by.1
        ),
    ))
}

/// Vehicles (anywhere: an entry in use must stay) whose `column` is `id`.
pub(super) async fn vehicles_using(
    db: &impl ConnectionTrait,
    column: vehicle::Column,
    id: i64,
) -> Result<u64, AppError> {
    Ok(vehicle::Entity::find()
        .filter(column.eq(id))
        .count(db)
        .await?)
}
