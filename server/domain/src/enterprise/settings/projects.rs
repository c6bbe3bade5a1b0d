//! An enterprise's projects.

use crate::enterprise::find_visible;
use crate::scope::{EnterpriseOwned, Scope};
use chrono::{DateTime, Utc};
use entities::project;
use kernel::error::{AppError, DbResultExt};
use kernel::paging::{self, PageQuery, PageResult};
use kernel::text;
use kernel::validate::{limited, required};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, Condition, DatabaseConnection, EntityTrait, QueryFilter,
    QueryOrder, Set, TryIntoModel,
};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ProjectRow {
    #[serde(rename = "ID")]
    pub id: i64,
    pub ent_id: i64,
    pub name: String,
    pub code: String,
    /// 0 active, 1 closed.
    pub state: i16,
    pub remark: String,
    /// `YYYY-MM-DD` or "".
    pub starts_on: String,
    pub ends_on: String,
    pub created_by: Option<i64>,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

impl From<project::Model> for ProjectRow {
    fn from(p: project::Model) -> Self {
        Self {
            id: p.id,
            ent_id: p.enterprise_id,
            name: p.name,
            code: p.code,
            state: p.state,
            remark: p.remark,
            starts_on: p.starts_on,
            ends_on: p.ends_on,
            created_by: p.created_by,
            created_at: p.created_at,
            updated_at: p.updated_at,
        }
    }
}

fn project_not_found(id: i64) -> AppError {
    AppError::fail(text!("项目 {} 不存在", "Project {} does not exist", id))
}

impl EnterpriseOwned for project::Entity {
    const ENTERPRISE: Self::Column = project::Column::EnterpriseId;
    fn not_found(id: i64) -> AppError {
        project_not_found(id)
    }
}

pub async fn projects(
    db: &DatabaseConnection,
    scope: &Scope,
    ent_id: Option<i64>,
    keyword: Option<&str>,
    state: Option<i16>,
    page: PageQuery,
) -> Result<PageResult<ProjectRow>, AppError> {
    let ent = scope.acting(ent_id)?;
    let mut cond = Condition::all()
        .add(project::Column::EnterpriseId.eq(ent))
        .add(scope.filter(project::Column::EnterpriseId));
    if let Some(k) = keyword.map(str::trim).filter(|k| !k.is_empty()) {
        cond = cond.add(
            Condition::any()
                .add(kernel::search::contains(project::Column::Name, k))
                .add(kernel::search::contains(project::Column::Code, k)),
        );
    }
    if let Some(s) = state {
        cond = cond.add(project::Column::State.eq(s));
    }
    let select = project::Entity::find()
        .filter(cond)
        .order_by_desc(project::Column::Id);
    paging::fetch(db, select, page, ProjectRow::from).await
}

#[derive(Debug, Clone, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ProjectInput {
    /// The project to edit; absent or 0 creates one.
    #[serde(default, rename = "ID", alias = "id")]
    pub id: Option<i64>,
    /// The enterprise of a new project (default: the acting one).
    #[serde(default)]
    pub ent_id: Option<i64>,
    #[serde(default)]
    pub name: Option<String>,
    #[serde(default)]
    pub code: Option<String>,
    /// 0 active, 1 closed.
    #[serde(default)]
    pub state: Option<i16>,
    #[serde(default)]
    pub remark: Option<String>,
    /// `YYYY-MM-DD` or "".
    #[serde(default)]
    pub starts_on: Option<String>,
    #[serde(default)]
    pub ends_on: Option<String>,
}

fn date(field: &str, v: &str) -> Result<String, AppError> {
    let v = v.trim();
    if v.is_empty() || chrono::NaiveDate::parse_from_str(v, "%Y-%m-%d").is_ok() {
        Ok(v.to_owned())
    } else {
        Err(AppError::field(
            field,
            text!("{} 须为 YYYY-MM-DD", "{} must be YYYY-MM-DD", field),
        ))
    }
}

/// Creates (no `ID`) or edits a project.
pub async fn save_project(
    db: &DatabaseConnection,
    scope: &Scope,
    input: &ProjectInput,
) -> Result<ProjectRow, AppError> {
    let txn = kernel::db::write_txn(db).await?;
    let now = Utc::now();
    let mut row = match input.id.filter(|i| *i != 0) {
        Some(id) => {
            let p = scope.find::<project::Entity>(&txn, id).await?;
            if let Some(e) = input.ent_id.filter(|e| *e != 0 && *e != p.enterprise_id) {
                return Err(AppError::fail(text!(
                    "项目 {} 不属于企业 {}",
                    "Project {} does not belong to enterprise {}",
                    id,
                    e
                )));
            }
            project::ActiveModel::from(p)
        }
        None => {
            let ent = scope.acting(input.ent_id)?;
            find_visible(&txn, scope, ent).await?;
            project::ActiveModel {
                enterprise_id: Set(ent),
                name: Set(required("name", input.name.as_deref().unwrap_or(""), 64)?),
                code: Set(String::new()),
                state: Set(0),
                remark: Set(String::new()),
                starts_on: Set(String::new()),
                ends_on: Set(String::new()),
                created_by: Set(Some(scope.user.id)),
                created_at: Set(now),
                ..Default::default()
            }
        }
    };
    if let Some(v) = &input.name {
        row.name = Set(required("name", v, 64)?);
    }
    if let Some(v) = &input.code {
        row.code = Set(limited("code", v, 32)?);
    }
    if let Some(v) = input.state {
        kernel::validate::in_range("state", v.into(), 0, 1)?;
        row.state = Set(v);
    }
    if let Some(v) = &input.remark {
        row.remark = Set(limited("remark", v, 500)?);
    }
    if let Some(v) = &input.starts_on {
        row.starts_on = Set(date("startsOn", v)?);
    }
    if let Some(v) = &input.ends_on {
        row.ends_on = Set(date("endsOn", v)?);
    }
    if let (
        Set(s) | sea_orm::ActiveValue::Unchanged(s),
        Set(e) | sea_orm::ActiveValue::Unchanged(e),
    ) = (&row.starts_on, &row.ends_on)
        && !s.is_empty()
        && !e.is_empty()
        && e < s
    {
        return Err(AppError::field(
            "endsOn",
            text!(
                "endsOn 不能早于 startsOn",
                "endsOn must not be before startsOn"
            ),
        ));
    }
    row.updated_at = Set(now);
    // `save` inserts a new row and updates a found one (its id is set).
    let saved = row.save(&txn).await.on_conflict(|| {
        text!(
            "该企业已有同名项目",
            "This enterprise already has a project with this name"
        )
    })?;
    let saved = saved.try_into_model()?;
    txn.commit().await?;
    Ok(saved.into())
}
