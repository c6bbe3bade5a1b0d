//! Problem types (issue categories) and modules of an enterprise: the lists a work order or a
//! discussion is classified by. An enterprise without problem types of its own gets the default
//! "bug" category (console-spec §8), so classification never has an empty list.

use chrono::{DateTime, Utc};
use entities::work_category;
use sea_orm::{
    ActiveModelTrait, ColumnTrait, Condition, DatabaseConnection, EntityTrait, QueryFilter,
    QueryOrder, Set,
};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::scope::{EnterpriseOwned, Scope};
use kernel::error::{AppError, DbResultExt};
use kernel::paging::{self, PageQuery, PageResult};
use kernel::search::contains;
use kernel::text;
use kernel::validate::{limited, required};

/// What a category classifies by.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Deserialize, Serialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum CategoryKind {
    /// Problem type (issue category).
    #[default]
    Problem,
    /// Module of the product or fleet the work is about.
    Module,
}

impl CategoryKind {
    fn code(self) -> i16 {
        match self {
            Self::Problem => 1,
            Self::Module => 2,
        }
    }

    fn of(code: i16) -> Self {
        if code == 2 {
            Self::Module
        } else {
            Self::Problem
        }
    }
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CategoryRow {
    /// 0 for the built-in default, which cannot be edited.
    pub id: i64,
    pub ent_id: i64,
    pub kind: CategoryKind,
    pub name: String,
    pub desc: String,
    pub sort: i32,
    pub created_at: Option<DateTime<Utc>>,
    pub updated_at: Option<DateTime<Utc>>,
}

impl From<work_category::Model> for CategoryRow {
    fn from(c: work_category::Model) -> Self {
        Self {
            id: c.id,
            ent_id: c.enterprise_id,
            kind: CategoryKind::of(c.kind),
            name: c.name,
            desc: c.desc,
            sort: c.sort,
            created_at: Some(c.created_at),
            updated_at: Some(c.updated_at),
        }
    }
}

fn default_problem(ent: i64) -> CategoryRow {
    CategoryRow {
        id: 0,
        ent_id: ent,
        kind: CategoryKind::Problem,
        name: text!("缺陷", "Bug").current().to_owned(),
        desc: text!("默认问题类型", "Default problem type")
            .current()
            .to_owned(),
        sort: 0,
        created_at: None,
        updated_at: None,
    }
}

/// Categories of one kind of an enterprise (default: the acting one), by sort then id.
pub async fn list(
    db: &DatabaseConnection,
    scope: &Scope,
    ent_id: Option<i64>,
    kind: CategoryKind,
    keyword: Option<&str>,
    page: PageQuery,
) -> Result<PageResult<CategoryRow>, AppError> {
    let ent = scope.acting(ent_id)?;
    let mut cond = Condition::all()
        .add(work_category::Column::EnterpriseId.eq(ent))
        .add(scope.filter(work_category::Column::EnterpriseId))
        .add(work_category::Column::Kind.eq(kind.code()));
    let keyword = keyword.map(str::trim).filter(|k| !k.is_empty());
    if let Some(k) = keyword {
        cond = cond.add(contains(work_category::Column::Name, k));
    }
    let select = work_category::Entity::find()
        .filter(cond)
        .order_by_asc(work_category::Column::Sort)
        .order_by_asc(work_category::Column::Id);
    let mut found = paging::fetch(db, select, page, CategoryRow::from).await?;
    if found.total == 0 && kind == CategoryKind::Problem && keyword.is_none() {
        found.list.push(default_problem(ent));
        found.total = 1;
    }
    Ok(found)
}

/// A category to create (no id) or change.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CategoryInput {
    pub id: Option<i64>,
    /// The enterprise of a new category (default: the acting one).
    #[serde(default, alias = "ent_id", alias = "enterpriseId")]
    pub ent_id: Option<i64>,
    /// With `id`: delete that category instead of saving.
    #[serde(default)]
    pub delete: bool,
    /// `problem` (default) or `module`.
    #[serde(default)]
    pub kind: CategoryKind,
    /// Required when saving.
    #[serde(default)]
    pub name: String,
    #[serde(default)]
    pub desc: String,
    #[serde(default)]
    pub sort: i32,
}

impl EnterpriseOwned for work_category::Entity {
    const ENTERPRISE: Self::Column = work_category::Column::EnterpriseId;
    fn not_found(id: i64) -> AppError {
        AppError::fail(text!("分类 {} 不存在", "No category {}", id))
    }
}

fn refuse_read_only(scope: &Scope) -> Result<(), AppError> {
    if scope.read_only() {
        return Err(AppError::fail(text!(
            "只读托管下不能修改分类",
            "A read-only trusteeship may not change categories"
        )));
    }
    Ok(())
}

/// Creates a category in the acting enterprise, or changes one the scope sees. A name is
/// unique per enterprise and kind.
pub async fn save(
    db: &DatabaseConnection,
    scope: &Scope,
    input: CategoryInput,
) -> Result<CategoryRow, AppError> {
    refuse_read_only(scope)?;
    let name = required("name", &input.name, 64)?;
    let desc = limited("desc", &input.desc, 255)?;
    let now = Utc::now();
    let taken = || {
        text!(
            "分类“{}”已存在",
            "A category named \"{}\" already exists",
            name
        )
    };
    let saved = if let Some(id) = input.id {
        let found = scope.find::<work_category::Entity>(db, id).await?;
        let mut row: work_category::ActiveModel = found.into();
        row.kind = Set(input.kind.code());
        row.name = Set(name.clone());
        row.desc = Set(desc);
        row.sort = Set(input.sort);
        row.updated_at = Set(now);
        row.update(db).await.on_conflict(taken)?
    } else {
        let ent = scope.acting(input.ent_id)?;
        work_category::ActiveModel {
            enterprise_id: Set(ent),
            kind: Set(input.kind.code()),
            name: Set(name.clone()),
            desc: Set(desc),
            sort: Set(input.sort),
            created_at: Set(now),
            updated_at: Set(now),
            ..Default::default()
        }
        .insert(db)
        .await
        .on_conflict(taken)?
    };
    Ok(saved.into())
}

/// Deletes a category the scope sees.
pub async fn delete(
    db: &DatabaseConnection,
    scope: &Scope,
    id: Option<i64>,
) -> Result<(), AppError> {
    refuse_read_only(scope)?;
    let id = id.ok_or_else(|| AppError::fail(text!("删除需要 id", "Deleting needs an id")))?;
    let found = scope.find::<work_category::Entity>(db, id).await?;
    work_category::Entity::delete_by_id(found.id)
        .exec(db)
        .await?;
    Ok(())
}
