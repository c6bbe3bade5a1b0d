//! Dictionaries and their details (the admin-framework `sysDictionary` model), and the seed of
//! the console's enumerations (console-spec §3, §9) as dictionaries.

use std::collections::BTreeMap;

use chrono::Utc;
use entities::{sys_dictionary, sys_dictionary_detail};
use sea_orm::sea_query::OnConflict;
use sea_orm::{
    ActiveModelTrait, ColumnTrait, Condition, ConnectionTrait, DatabaseConnection, EntityTrait,
    PaginatorTrait, QueryFilter, QueryOrder, Set,
};

use kernel::error::{AppError, DbResultExt};
use kernel::paging::{self, PageQuery, PageResult};
use kernel::text;

/// The fields of a dictionary a caller sets (create and update).
#[derive(Debug, Clone)]
pub struct DictionaryFields {
    pub name: String,
    pub kind: String,
    pub status: bool,
    pub desc: String,
    pub parent_id: Option<i64>,
}

/// The fields of a detail a caller sets (create and update); level and path are derived.
#[derive(Debug, Clone)]
pub struct DetailFields {
    pub label: String,
    pub label_en: String,
    pub value: String,
    pub extend: String,
    pub status: bool,
    pub sort: i32,
    pub sys_dictionary_id: i64,
    pub parent_id: Option<i64>,
}

fn missing_dictionary(id: i64) -> AppError {
    AppError::fail(text!("字典 {} 不存在", "Dictionary {} does not exist", id))
}

fn missing_detail(id: i64) -> AppError {
    AppError::fail(text!(
        "字典详情 {} 不存在",
        "Dictionary detail {} does not exist",
        id
    ))
}

fn duplicate_type(kind: &str) -> AppError {
    AppError::fail(text!(
        "字典类型 {} 已存在",
        "Dictionary type {} already exists",
        kind
    ))
}

/// Trims and checks the fields every write needs.
fn checked(mut fields: DictionaryFields) -> Result<DictionaryFields, AppError> {
    fields.name = fields.name.trim().to_owned();
    fields.kind = fields.kind.trim().to_owned();
    if fields.name.is_empty() {
        return Err(AppError::fail(text!(
            "字典名称 name 不能为空",
            "The dictionary name must not be empty"
        )));
    }
    if fields.kind.is_empty() {
        return Err(AppError::fail(text!(
            "字典类型 type 不能为空",
            "The dictionary type must not be empty"
        )));
    }
    fields.parent_id = fields.parent_id.filter(|p| *p != 0);
    Ok(fields)
}

async fn type_taken<C: ConnectionTrait>(
    db: &C,
    kind: &str,
    except: Option<i64>,
) -> Result<bool, AppError> {
    let mut q = sys_dictionary::Entity::find().filter(sys_dictionary::Column::Type.eq(kind));
    if let Some(id) = except {
        q = q.filter(sys_dictionary::Column::Id.ne(id));
    }
    Ok(q.count(db).await? > 0)
}

pub async fn create_dictionary(
    db: &DatabaseConnection,
    fields: DictionaryFields,
) -> Result<sys_dictionary::Model, AppError> {
    let fields = checked(fields)?;
    if type_taken(db, &fields.kind, None).await? {
        return Err(duplicate_type(&fields.kind));
    }
    if let Some(parent) = fields.parent_id {
        sys_dictionary::Entity::find_by_id(parent)
            .one(db)
            .await?
            .ok_or_else(|| missing_dictionary(parent))?;
    }
    let now = Utc::now();
    let kind = fields.kind.clone();
    sys_dictionary::ActiveModel {
        name: Set(fields.name),
        r#type: Set(fields.kind),
        status: Set(fields.status),
        desc: Set(fields.desc),
        parent_id: Set(fields.parent_id),
        created_at: Set(now),
        updated_at: Set(now),
        ..Default::default()
    }
    .insert(db)
    .await
    .on_conflict(|| {
        text!(
            "字典类型 {} 已存在",
            "Dictionary type {} already exists",
            kind
        )
    })
}

pub async fn update_dictionary(
    db: &DatabaseConnection,
    id: i64,
    fields: DictionaryFields,
) -> Result<sys_dictionary::Model, AppError> {
    let fields = checked(fields)?;
    let current = sys_dictionary::Entity::find_by_id(id)
        .one(db)
        .await?
        .ok_or_else(|| missing_dictionary(id))?;
    if type_taken(db, &fields.kind, Some(id)).await? {
        return Err(duplicate_type(&fields.kind));
    }
    // Walk up from the new parent: meeting this dictionary means a cycle.
    let mut cursor = fields.parent_id;
    let mut steps = 0;
    while let Some(ancestor) = cursor {
        if ancestor == id {
            return Err(AppError::fail(text!(
                "不能把字典 {} 设为自己或自己下级的子字典",
                "Dictionary {} cannot be placed under itself or its own descendant",
                id
            )));
        }
        let row = sys_dictionary::Entity::find_by_id(ancestor)
            .one(db)
            .await?
            .ok_or_else(|| missing_dictionary(ancestor))?;
        cursor = row.parent_id;
        steps += 1;
        if steps > 1000 {
            return Err(AppError::Internal(anyhow::anyhow!(
                "dictionary parents already form a cycle above {ancestor}"
            )));
        }
    }
    let kind = fields.kind.clone();
    let mut row: sys_dictionary::ActiveModel = current.into();
    row.name = Set(fields.name);
    row.r#type = Set(fields.kind);
    row.status = Set(fields.status);
    row.desc = Set(fields.desc);
    row.parent_id = Set(fields.parent_id);
    row.updated_at = Set(Utc::now());
    row.update(db).await.on_conflict(|| {
        text!(
            "字典类型 {} 已存在",
            "Dictionary type {} already exists",
            kind
        )
    })
}

/// Deletes a dictionary with its details; refused while other dictionaries sit under it.
pub async fn delete_dictionary(db: &DatabaseConnection, id: i64) -> Result<(), AppError> {
    let txn = kernel::db::write_txn(db).await?;
    sys_dictionary::Entity::find_by_id(id)
        .one(&txn)
        .await?
        .ok_or_else(|| missing_dictionary(id))?;
    let children = sys_dictionary::Entity::find()
        .filter(sys_dictionary::Column::ParentId.eq(id))
        .count(&txn)
        .await?;
    if children > 0 {
        return Err(AppError::fail(text!(
            "字典 {} 下还有 {} 个子字典，请先删除或移走它们",
            "Dictionary {} still has {} child dictionaries; delete or move them first",
            id,
            children
        )));
    }
    // One statement: the details' parent references all point inside the deleted set.
    sys_dictionary_detail::Entity::delete_many()
        .filter(sys_dictionary_detail::Column::SysDictionaryId.eq(id))
        .exec(&txn)
        .await?;
    sys_dictionary::Entity::delete_by_id(id).exec(&txn).await?;
    txn.commit().await?;
    Ok(())
}

/// A dictionary by `type` or id, with its enabled details in display order. `status`
/// (default: enabled) selects enabled or disabled dictionaries.
pub async fn find_dictionary(
    db: &DatabaseConnection,
    kind: Option<&str>,
    id: Option<i64>,
    status: Option<bool>,
) -> Result<(sys_dictionary::Model, Vec<sys_dictionary_detail::Model>), AppError> {
    let not_found = || {
        AppError::fail(text!(
            "字典未创建或未开启",
            "The dictionary has not been created or is not enabled"
        ))
    };
    let mut by = Condition::any();
    if let Some(kind) = kind.map(str::trim).filter(|k| !k.is_empty()) {
        by = by.add(sys_dictionary::Column::Type.eq(kind));
    }
    if let Some(id) = id {
        by = by.add(sys_dictionary::Column::Id.eq(id));
    }
    if by.is_empty() {
        return Err(not_found());
    }
    let dictionary = sys_dictionary::Entity::find()
        .filter(by)
        .filter(sys_dictionary::Column::Status.eq(status.unwrap_or(true)))
        .order_by_asc(sys_dictionary::Column::Id)
        .one(db)
        .await?
        .ok_or_else(not_found)?;
    let details = sys_dictionary_detail::Entity::find()
        .filter(sys_dictionary_detail::Column::SysDictionaryId.eq(dictionary.id))
        .filter(sys_dictionary_detail::Column::Status.eq(true))
        .order_by_asc(sys_dictionary_detail::Column::Sort)
        .order_by_asc(sys_dictionary_detail::Column::Id)
        .all(db)
        .await?;
    Ok((dictionary, details))
}

/// Dictionaries whose name or type contains `name` (all when empty), each with its child
/// dictionaries.
pub async fn list_dictionaries(
    db: &DatabaseConnection,
    name: Option<&str>,
) -> Result<Vec<(sys_dictionary::Model, Vec<sys_dictionary::Model>)>, AppError> {
    let mut q = sys_dictionary::Entity::find().order_by_asc(sys_dictionary::Column::Id);
    if let Some(name) = name.map(str::trim).filter(|n| !n.is_empty()) {
        q = q.filter(
            Condition::any()
                .add(kernel::search::contains(sys_dictionary::Column::Name, name))
                .add(kernel::search::contains(sys_dictionary::Column::Type, name)),
        );
    }
    let found = q.all(db).await?;
    let all = sys_dictionary::Entity::find()
        .filter(sys_dictionary::Column::ParentId.is_not_null())
        .order_by_asc(sys_dictionary::Column::Id)
        .all(db)
        .await?;
    let mut children: BTreeMap<i64, Vec<sys_dictionary::Model>> = BTreeMap::new();
    for child in all {
        if let Some(parent) = child.parent_id {
            children.entry(parent).or_default().push(child);
        }
    }
    Ok(found
        .into_iter()
        .map(|d| {
            let kids = children.remove(&d.id).unwrap_or_default();
            (d, kids)
        })
        .collect())
}

// ---- details ----

fn checked_detail(mut fields: DetailFields) -> Result<DetailFields, AppError> {
    fields.label = fields.label.trim().to_owned();
    fields.label_en = fields.label_en.trim().to_owned();
    fields.value = fields.value.trim().to_owned();
    if fields.label.is_empty() {
        return Err(AppError::fail(text!(
            "展示值 label 不能为空",
            "The label must not be empty"
        )));
    }
    if fields.value.is_empty() {
        return Err(AppError::fail(text!(
            "字典值 value 不能为空",
            "The value must not be empty"
        )));
    }
    fields.parent_id = fields.parent_id.filter(|p| *p != 0);
    Ok(fields)
}

/// The path of a detail's children: its own path plus its id.
fn child_path(parent: &sys_dictionary_detail::Model) -> String {
    if parent.path.is_empty() {
        parent.id.to_string()
    } else {
        format!("{},{}", parent.path, parent.id)
    }
}

/// Level and path under `parent_id` (which must be in the same dictionary).
async fn placement<C: ConnectionTrait>(
    db: &C,
    dictionary_id: i64,
    parent_id: Option<i64>,
) -> Result<(i32, String), AppError> {
    let Some(parent_id) = parent_id else {
        return Ok((0, String::new()));
    };
    let parent = sys_dictionary_detail::Entity::find_by_id(parent_id)
        .one(db)
        .await?
        .ok_or_else(|| {
            AppError::fail(text!(
                "上级字典详情 {} 不存在",
                "Parent detail {} does not exist",
                parent_id
            ))
        })?;
    if parent.sys_dictionary_id != dictionary_id {
        return Err(AppError::fail(text!(
            "上级字典详情 {} 不属于字典 {}",
            "Parent detail {} does not belong to dictionary {}",
            parent_id,
            dictionary_id
        )));
    }
    Ok((parent.level + 1, child_path(&parent)))
}

async fn require_dictionary<C: ConnectionTrait>(db: &C, id: i64) -> Result<(), AppError> {
    sys_dictionary::Entity::find_by_id(id)
        .one(db)
        .await?
        .map(|_| ())
        .ok_or_else(|| missing_dictionary(id))
}

pub async fn create_detail(
    db: &DatabaseConnection,
    fields: DetailFields,
) -> Result<sys_dictionary_detail::Model, AppError> {
    let fields = checked_detail(fields)?;
    require_dictionary(db, fields.sys_dictionary_id).await?;
    let (level, path) = placement(db, fields.sys_dictionary_id, fields.parent_id).await?;
    let now = Utc::now();
    Ok(sys_dictionary_detail::ActiveModel {
        label: Set(fields.label),
        label_en: Set(fields.label_en),
        value: Set(fields.value),
        extend: Set(fields.extend),
        status: Set(fields.status),
        sort: Set(fields.sort),
        sys_dictionary_id: Set(fields.sys_dictionary_id),
        parent_id: Set(fields.parent_id),
        level: Set(level),
        path: Set(path),
        created_at: Set(now),
        updated_at: Set(now),
        ..Default::default()
    }
    .insert(db)
    .await?)
}

/// Updates a detail; when it moves (another parent or dictionary) its descendants move along
/// and their levels and paths follow.
pub async fn update_detail(
    db: &DatabaseConnection,
    id: i64,
    fields: DetailFields,
) -> Result<sys_dictionary_detail::Model, AppError> {
    let fields = checked_detail(fields)?;
    let txn = kernel::db::write_txn(db).await?;
    let current = sys_dictionary_detail::Entity::find_by_id(id)
        .one(&txn)
        .await?
        .ok_or_else(|| missing_detail(id))?;
    require_dictionary(&txn, fields.sys_dictionary_id).await?;
    if fields.parent_id == Some(id) {
        return Err(AppError::fail(text!(
            "字典详情 {} 不能以自己为上级",
            "Detail {} cannot be its own parent",
            id
        )));
    }
    let (level, path) = placement(&txn, fields.sys_dictionary_id, fields.parent_id).await?;
    let own_prefix = child_path(&current);
    let is_below = |p: &str| p == own_prefix || p.starts_with(&format!("{own_prefix},"));
    if is_below(&path) {
        return Err(AppError::fail(text!(
            "不能把字典详情 {} 移到自己的下级之下",
            "Detail {} cannot be moved under its own descendant",
            id
        )));
    }
    let descendants: Vec<_> = sys_dictionary_detail::Entity::find()
        .filter(sys_dictionary_detail::Column::SysDictionaryId.eq(current.sys_dictionary_id))
        .all(&txn)
        .await?
        .into_iter()
        .filter(|d| is_below(&d.path))
        .collect();
    let now = Utc::now();
    let moved = level != current.level
        || path != current.path
        || fields.sys_dictionary_id != current.sys_dictionary_id;
    let mut row: sys_dictionary_detail::ActiveModel = current.clone().into();
    row.label = Set(fields.label);
    row.label_en = Set(fields.label_en);
    row.value = Set(fields.value);
    row.extend = Set(fields.extend);
    row.status = Set(fields.status);
    row.sort = Set(fields.sort);
    row.sys_dictionary_id = Set(fields.sys_dictionary_id);
    row.parent_id = Set(fields.parent_id);
    row.level = Set(level);
    row.path = Set(path.clone());
    row.updated_at = Set(now);
    let updated = row.update(&txn).await?;
    if moved {
        let new_prefix = child_path(&updated);
        for d in descendants {
            let rest = &d.path[own_prefix.len()..];
            let new_path = format!("{new_prefix}{rest}");
            let new_level = d.level - current.level + level;
            let mut child: sys_dictionary_detail::ActiveModel = d.into();
            child.path = Set(new_path);
            child.level = Set(new_level);
            child.sys_dictionary_id = Set(fields.sys_dictionary_id);
            child.updated_at = Set(now);
            child.update(&txn).await?;
        }
    }
    txn.commit().await?;
    Ok(updated)
}

/// Deletes a detail; refused while it has children.
pub async fn delete_detail(db: &DatabaseConnection, id: i64) -> Result<(), AppError> {
    sys_dictionary_detail::Entity::find_by_id(id)
        .one(db)
        .await?
        .ok_or_else(|| missing_detail(id))?;
    let children = sys_dictionary_detail::Entity::find()
        .filter(sys_dictionary_detail::Column::ParentId.eq(id))
        .count(db)
        .await?;
    if children > 0 {
        return Err(AppError::fail(text!(
            "字典详情 {} 下还有 {} 个子项，请先删除它们",
            "Detail {} still has {} children; delete them first",
            id,
            children
        )));
    }
    sys_dictionary_detail::Entity::delete_by_id(id)
        .exec(db)
        .await?;
    Ok(())
}

pub async fn find_detail(
    db: &DatabaseConnection,
    id: i64,
) -> Result<sys_dictionary_detail::Model, AppError> {
    sys_dictionary_detail::Entity::find_by_id(id)
        .one(db)
        .await?
        .ok_or_else(|| missing_detail(id))
}

/// Filters of the detail list; all optional.
#[derive(Debug, Default, Clone)]
pub struct DetailFilter {
    pub label: Option<String>,
    pub value: Option<String>,
    pub status: Option<bool>,
    pub sys_dictionary_id: Option<i64>,
    pub parent_id: Option<i64>,
    pub level: Option<i32>,
}

/// One page of details: label contains, the rest equal; by sort, then id.
pub async fn list_details<T>(
    db: &DatabaseConnection,
    filter: DetailFilter,
    page: PageQuery,
    map: impl FnMut(sys_dictionary_detail::Model) -> T,
) -> Result<PageResult<T>, AppError> {
    use sys_dictionary_detail::Column as C;
    let mut q = sys_dictionary_detail::Entity::find();
    if let Some(label) = filter.label.as_deref().filter(|l| !l.is_empty()) {
        q = q.filter(kernel::search::contains(C::Label, label));
    }
    if let Some(value) = filter.value.as_deref().filter(|v| !v.is_empty()) {
        q = q.filter(C::Value.eq(value));
    }
    if let Some(status) = filter.status {
        q = q.filter(C::Status.eq(status));
    }
    if let Some(id) = filter.sys_dictionary_id {
        q = q.filter(C::SysDictionaryId.eq(id));
    }
    if let Some(parent) = filter.parent_id {
        q = q.filter(C::ParentId.eq(parent));
    }
    if let Some(level) = filter.level {
        q = q.filter(C::Level.eq(level));
    }
    let q = q.order_by_asc(C::Sort).order_by_asc(C::Id);
    paging::fetch(db, q, page, map).await
}

// ---- seed ----

/// The dictionary types the seed provides.
pub fn seeded_types() -> impl Iterator<Item = &'static str> {
    crate::enumerations::ENUMERATIONS
        .iter()
        .map(|(kind, ..)| *kind)
}

/// Creates each enumeration dictionary whose `type` is absent, with its details. A dictionary
/// that exists is left alone, so an operator's edits survive restarts.
pub async fn seed<C: ConnectionTrait>(db: &C) -> Result<(), sea_orm::DbErr> {
    let now = Utc::now();
    for (kind, name, desc, entries) in crate::enumerations::ENUMERATIONS {
        let exists = sys_dictionary::Entity::find()
            .filter(sys_dictionary::Column::Type.eq(*kind))
            .count(db)
            .await?
            > 0;
        if exists {
            continue;
        }
        let row = sys_dictionary::ActiveModel {
            name: Set((*name).into()),
            r#type: Set((*kind).into()),
            status: Set(true),
            desc: Set((*desc).into()),
            parent_id: Set(None),
            created_at: Set(now),
            updated_at: Set(now),
            ..Default::default()
        };
        sys_dictionary::Entity::insert(row)
            .on_conflict(
                OnConflict::column(sys_dictionary::Column::Type)
                    .do_nothing()
                    .to_owned(),
            )
            .exec_without_returning(db)
            .await?;
        let Some(dictionary) = sys_dictionary::Entity::find()
            .filter(sys_dictionary::Column::Type.eq(*kind))
            .one(db)
            .await?
        else {
            continue;
        };
        let details = (0..)
            .zip(entries.iter())
            .map(
                |(sort, (value, zh, en, extend))| sys_dictionary_detail::ActiveModel {
                    label: Set((*zh).into()),
                    label_en: Set((*en).into()),
                    value: Set((*value).into()),
                    extend: Set((*extend).into()),
                    status: Set(true),
                    sort: Set(sort),
                    sys_dictionary_id: Set(dictionary.id),
                    parent_id: Set(None),
                    level: Set(0),
                    path: Set(String::new()),
                    created_at: Set(now),
                    updated_at: Set(now),
                    ..Default::default()
                },
            );
        sys_dictionary_detail::Entity::insert_many(details)
            .exec_without_returning(db)
            .await?;
    }
    Ok(())
}
