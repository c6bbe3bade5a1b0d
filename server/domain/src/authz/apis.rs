//! The API list roles are granted over: search, create, edit and delete entries, with the policies that name them.

use super::{Policies, join_ids};
use chrono::{DateTime, Utc};
use entities::{casbin_rule, sys_api};
use kernel::error::{AppError, DbResultExt};
use kernel::paging::{self, PageQuery, PageResult};
use kernel::text;
use sea_orm::sea_query::OnConflict;
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, DatabaseConnection, EntityTrait,
    PaginatorTrait, QueryFilter, QueryOrder, Set,
};
use serde::Serialize;
use std::collections::BTreeSet;
use utoipa::ToSchema;

// ---------------------------------------------------------------------------------------------
// The API registry

/// A registered call as the console shows it.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ApiItem {
    #[serde(rename = "ID")]
    pub id: i64,
    /// Full path including the base, e.g. `/api/user/getUserInfo`.
    pub path: String,
    pub description: String,
    pub api_group: String,
    pub method: String,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

impl From<sys_api::Model> for ApiItem {
    fn from(a: sys_api::Model) -> Self {
        Self {
            id: a.id,
            path: a.path,
            description: a.description,
            api_group: a.api_group,
            method: a.method,
            created_at: a.created_at,
            updated_at: a.updated_at,
        }
    }
}

/// Filters of `getApiList`.
#[derive(Debug, Default)]
pub struct ApiFilter {
    pub path: String,
    pub description: String,
    pub method: String,
    pub api_group: String,
    pub order_key: String,
    pub desc: bool,
}

/// A page of the registry: path and description match anywhere, method and group exactly;
/// ordered by `order_key` (id, path, api_group, description, method; default id descending).
pub async fn api_list(
    db: &DatabaseConnection,
    filter: &ApiFilter,
    page: PageQuery,
) -> Result<PageResult<ApiItem>, AppError> {
    let mut q = sys_api::Entity::find();
    if !filter.path.trim().is_empty() {
        q = q.filter(kernel::search::contains(
            sys_api::Column::Path,
            filter.path.trim(),
        ));
    }
    if !filter.description.trim().is_empty() {
        q = q.filter(kernel::search::contains(
            sys_api::Column::Description,
            filter.description.trim(),
        ));
    }
    if !filter.method.trim().is_empty() {
        q = q.filter(sys_api::Column::Method.eq(filter.method.trim().to_ascii_uppercase()));
    }
    if !filter.api_group.trim().is_empty() {
        q = q.filter(sys_api::Column::ApiGroup.eq(filter.api_group.trim()));
    }
    let column = match filter.order_key.as_str() {
        "" => None,
        "id" => Some(sys_api::Column::Id),
        "path" => Some(sys_api::Column::Path),
        "api_group" => Some(sys_api::Column::ApiGroup),
        "description" => Some(sys_api::Column::Description),
        "method" => Some(sys_api::Column::Method),
        other => {
            return Err(AppError::fail(text!(
                "非法的排序字段：{}",
                "invalid orderKey: {} (id, path, api_group, description or method)",
                other
            )));
        }
    };
    q = match column {
        None => q.order_by_desc(sys_api::Column::Id),
        Some(c) if filter.desc => q.order_by_desc(c).order_by_desc(sys_api::Column::Id),
        Some(c) => q.order_by_asc(c).order_by_asc(sys_api::Column::Id),
    };
    paging::fetch(db, q, page, ApiItem::from).await
}

/// A registry entry as written by `createApi` / `updateApi`.
pub struct ApiFields {
    pub path: String,
    pub description: String,
    pub api_group: String,
    pub method: String,
}

const METHODS: [&str; 5] = ["GET", "POST", "PUT", "DELETE", "PATCH"];

fn check_api_fields(f: &ApiFields) -> Result<(String, String), AppError> {
    for (value, field) in [
        (&f.path, "path"),
        (&f.description, "description"),
        (&f.api_group, "apiGroup"),
        (&f.method, "method"),
    ] {
        if value.trim().is_empty() {
            return Err(AppError::fail(text!(
                "{} 不能为空",
                "{} must not be empty",
                field
            )));
        }
    }
    let path = f.path.trim().to_owned();
    if !path.starts_with('/') {
        return Err(AppError::fail(text!(
            "path 必须以 / 开头",
            "path must start with /"
        )));
    }
    let method = f.method.trim().to_ascii_uppercase();
    if !METHODS.contains(&method.as_str()) {
        return Err(AppError::fail(text!(
            "method {} 无效（GET、POST、PUT、DELETE 或 PATCH）",
            "method {} is invalid (GET, POST, PUT, DELETE or PATCH)",
            f.method
        )));
    }
    Ok((path, method))
}

fn duplicate_api(method: &str, path: &str) -> kernel::i18n::Text {
    text!(
        "存在相同api：{} {}",
        "the registry already has {} {}",
        method,
        path
    )
}

async fn find_api<C: ConnectionTrait>(db: &C, id: i64) -> Result<sys_api::Model, AppError> {
    sys_api::Entity::find_by_id(id)
        .one(db)
        .await?
        .ok_or_else(|| AppError::fail(text!("API {} 不存在", "API {} does not exist", id)))
}

/// Registers a call.
pub async fn create_api(db: &DatabaseConnection, f: &ApiFields) -> Result<ApiItem, AppError> {
    let (path, method) = check_api_fields(f)?;
    let now = Utc::now();
    let id = sys_api::Entity::insert(sys_api::ActiveModel {
        path: Set(path.clone()),
        method: Set(method.clone()),
        api_group: Set(f.api_group.trim().to_owned()),
        description: Set(f.description.trim().to_owned()),
        created_at: Set(now),
        updated_at: Set(now),
        ..Default::default()
    })
    .exec(db)
    .await
    .on_conflict(|| duplicate_api(&method, &path))?
    .last_insert_id;
    Ok(find_api(db, id).await?.into())
}

pub async fn api_by_id(db: &DatabaseConnection, id: i64) -> Result<ApiItem, AppError> {
    Ok(find_api(db, id).await?.into())
}

/// The whole registry, newest first.
pub async fn all_apis(db: &DatabaseConnection) -> Result<Vec<ApiItem>, AppError> {
    Ok(sys_api::Entity::find()
        .order_by_desc(sys_api::Column::Id)
        .all(db)
        .await?
        .into_iter()
        .map(ApiItem::from)
        .collect())
}

/// Rewrites a registry entry; policies granted over its old (path, method) follow it.
pub async fn update_api(
    db: &DatabaseConnection,
    policies: &Policies,
    id: i64,
    f: &ApiFields,
) -> Result<ApiItem, AppError> {
    let old = find_api(db, id).await?;
    let (path, method) = check_api_fields(f)?;
    let clash = sys_api::Entity::find()
        .filter(sys_api::Column::Path.eq(path.clone()))
        .filter(sys_api::Column::Method.eq(method.clone()))
        .filter(sys_api::Column::Id.ne(id))
        .count(db)
        .await?;
    if clash > 0 {
        return Err(AppError::fail(duplicate_api(&method, &path)));
    }
    let moved = old.path != path || old.method != method;
    let txn = kernel::db::write_txn(db).await?;
    let subjects: Vec<String> = if moved {
        rules_over(&txn, &old.path, &old.method).await?
    } else {
        Vec::new()
    };
    let mut row: sys_api::ActiveModel = old.clone().into();
    row.path = Set(path.clone());
    row.method = Set(method.clone());
    row.api_group = Set(f.api_group.trim().to_owned());
    row.description = Set(f.description.trim().to_owned());
    row.updated_at = Set(Utc::now());
    row.update(&txn)
        .await
        .on_conflict(|| duplicate_api(&method, &path))?;
    let mut roles = Vec::new();
    if moved {
        delete_rules_over(&txn, &old.path, &old.method).await?;
        for sub in &subjects {
            let rule = casbin_rule::ActiveModel {
                ptype: Set("p".into()),
                v0: Set(sub.clone()),
                v1: Set(path.clone()),
                v2: Set(method.clone()),
                ..Default::default()
            };
            casbin_rule::Entity::insert(rule)
                .on_conflict(
                    OnConflict::columns([
                        casbin_rule::Column::Ptype,
                        casbin_rule::Column::V0,
                        casbin_rule::Column::V1,
                        casbin_rule::Column::V2,
                    ])
                    .do_nothing()
                    .to_owned(),
                )
                .exec_without_returning(&txn)
                .await?;
            if let Ok(role) = sub.parse() {
                roles.push(role);
            }
        }
    }
    if subjects.len() == roles.len() {
        policies.commit_and_sync(txn, db, Some(&roles)).await?;
    } else {
        policies.commit_and_sync(txn, db, None).await?;
    }
    api_by_id(db, id).await
}

/// The subjects of the rules over a (path, method).
async fn rules_over<C: ConnectionTrait>(
    db: &C,
    path: &str,
    method: &str,
) -> Result<Vec<String>, AppError> {
    Ok(casbin_rule::Entity::find()
        .filter(casbin_rule::Column::Ptype.eq("p"))
        .filter(casbin_rule::Column::V1.eq(path))
        .filter(casbin_rule::Column::V2.eq(method))
        .all(db)
        .await?
        .into_iter()
        .map(|r| r.v0)
        .collect())
}

async fn delete_rules_over<C: ConnectionTrait>(
    db: &C,
    path: &str,
    method: &str,
) -> Result<(), AppError> {
    casbin_rule::Entity::delete_many()
        .filter(casbin_rule::Column::Ptype.eq("p"))
        .filter(casbin_rule::Column::V1.eq(path))
        .filter(casbin_rule::Column::V2.eq(method))
        .exec(db)
        .await?;
    Ok(())
}

/// Removes registry entries and every policy granted over them; all or nothing.
pub async fn delete_apis(
    db: &DatabaseConnection,
    policies: &Policies,
    ids: &[i64],
) -> Result<(), AppError> {
    let ids: BTreeSet<i64> = ids.iter().copied().collect();
    if ids.is_empty() {
        return Err(AppError::fail(text!(
            "ids 不能为空",
            "ids must not be empty"
        )));
    }
    let rows = sys_api::Entity::find()
        .filter(sys_api::Column::Id.is_in(ids.iter().copied()))
        .all(db)
        .await?;
    let found: BTreeSet<i64> = rows.iter().map(|a| a.id).collect();
    let missing: Vec<i64> = ids.difference(&found).copied().collect();
    if !missing.is_empty() {
        return Err(AppError::fail(text!(
            "API {} 不存在",
            "APIs {} do not exist",
            join_ids(&missing)
        )));
    }
    let txn = kernel::db::write_txn(db).await?;
    for a in &rows {
        delete_rules_over(&txn, &a.path, &a.method).await?;
    }
    sys_api::Entity::delete_many()
        .filter(sys_api::Column::Id.is_in(ids))
        .exec(&txn)
        .await?;
    policies.commit_and_sync(txn, db, None).await
}
