//! Custom fields an enterprise defines for its tags (docs/tags.md): a name unique in the
//! enterprise, a type (text, number, date or choice), the choices of a choice field, a unit,
//! whether a value is required and an order. Tags carry fields (`tag_field_links`); values are
//! filled per tagged vehicle or device ([`super::tag_values`]).

use std::collections::{BTreeSet, HashMap};

use chrono::{DateTime, Utc};
use entities::{tag_device_value, tag_field, tag_field_link, tag_vehicle_value};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, DatabaseConnection, EntityTrait,
    IntoActiveModel, PaginatorTrait, QueryFilter, QueryOrder, QuerySelect, Set,
};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::{ent_condition, refuse_read_only, require_ids};
use crate::scope::Scope;
use kernel::error::{AppError, DbResultExt};
use kernel::text;
use kernel::validate::{in_range, json_list, limited, required, to_json};

pub const FIELD_TYPES: [&str; 4] = ["text", "number", "date", "choice"];
/// The most choices a choice field offers.
const MAX_OPTIONS: usize = 50;

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TagFieldRow {
    pub id: i64,
    pub ent_id: i64,
    pub name: String,
    /// text, number, date or choice.
    #[serde(rename = "type")]
    pub field_type: String,
    /// The choices of a choice field (empty for the other types).
    pub options: Vec<String>,
    pub unit: String,
    pub required: bool,
    pub sort: i32,
    /// Tags carrying the field.
    pub tags: u64,
    pub created_at: DateTime<Utc>,
}

pub(crate) fn field_row(f: tag_field::Model, tags: u64) -> TagFieldRow {
    TagFieldRow {
        options: json_list(&f.options),
        id: f.id,
        ent_id: f.enterprise_id,
        name: f.name,
        field_type: f.field_type,
        unit: f.unit,
        required: f.required,
        sort: f.sort,
        tags,
        created_at: f.created_at,
    }
}

pub(crate) async fn field_rows(
    db: &impl ConnectionTrait,
    fields: Vec<tag_field::Model>,
) -> Result<Vec<TagFieldRow>, AppError> {
    let ids: Vec<i64> = fields.iter().map(|f| f.id).collect();
    let mut tags: HashMap<i64, u64> = HashMap::new();
    if !ids.is_empty() {
        let rows: Vec<(i64, i64)> = tag_field_link::Entity::find()
            .select_only()
            .column(tag_field_link::Column::FieldId)
            .column_as(tag_field_link::Column::TagId.count(), "n")
            .filter(tag_field_link::Column::FieldId.is_in(ids))
            .group_by(tag_field_link::Column::FieldId)
            .into_tuple()
            .all(db)
            .await?;
        tags = rows
            .into_iter()
            .map(|(id, n)| (id, u64::try_from(n).unwrap_or_default()))
            .collect();
    }
    Ok(fields
        .into_iter()
        .map(|f| {
            let n = tags.get(&f.id).copied().unwrap_or_default();
            field_row(f, n)
        })
        .collect())
}

/// The fields in scope (of one enterprise when given), by their order and name.
pub async fn list(
    db: &DatabaseConnection,
    scope: &Scope,
    ent: Option<i64>,
) -> Result<Vec<TagFieldRow>, AppError> {
    let fields = tag_field::Entity::find()
        .filter(ent_condition(scope, tag_field::Column::EnterpriseId, ent)?)
        .order_by_asc(tag_field::Column::EnterpriseId)
        .order_by_asc(tag_field::Column::Sort)
        .order_by_asc(tag_field::Column::Name)
        .order_by_asc(tag_field::Column::Id)
        .limit(1000)
        .all(db)
        .await?;
    field_rows(db, fields).await
}

fn no_field(id: i64) -> AppError {
    AppError::fail(text!("字段 {} 不存在", "No field {}", id))
}

/// One field in scope; a foreign id answers like an unknown one.
pub(crate) async fn find(
    db: &impl ConnectionTrait,
    scope: &Scope,
    id: i64,
) -> Result<tag_field::Model, AppError> {
    tag_field::Entity::find_by_id(id)
        .filter(scope.filter(tag_field::Column::EnterpriseId))
        .one(db)
        .await?
        .ok_or_else(|| no_field(id))
}

/// One field with how many tags carry it.
pub async fn detail(
    db: &DatabaseConnection,
    scope: &Scope,
    id: i64,
) -> Result<TagFieldRow, AppError> {
    let f = find(db, scope, id).await?;
    Ok(field_rows(db, vec![f]).await?.remove(0))
}

/// A field to create (no `id`) or edit.
#[derive(Debug, Clone, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TagFieldInput {
    /// The field to edit; none creates one.
    #[serde(default)]
    pub id: Option<i64>,
    /// The enterprise of a new field (default: the acting one).
    #[serde(default, alias = "entId", alias = "ent_id")]
    pub enterprise_id: Option<i64>,
    /// 1–32 characters, unique in the enterprise.
    #[serde(default)]
    pub name: Option<String>,
    /// text, number, date or choice.
    #[serde(default, rename = "type", alias = "fieldType")]
    pub field_type: Option<String>,
    /// The choices of a choice field: 1–50, each 1–32 characters, no repeats.
    #[serde(default)]
    pub options: Option<Vec<String>>,
    /// Up to 16 characters (e.g. km, kPa).
    #[serde(default)]
    pub unit: Option<String>,
    /// A tagged vehicle's or device's form needs a value.
    #[serde(default)]
    pub required: Option<bool>,
    /// 0–9999 (default 0).
    #[serde(default)]
    pub sort: Option<i32>,
}

fn check_type(value: Option<&str>) -> Result<String, AppError> {
    let t = value.unwrap_or_default().trim();
    if FIELD_TYPES.contains(&t) {
        Ok(t.to_owned())
    } else {
        Err(AppError::field(
            "type",
            text!(
                "字段类型须为 text、number、date 或 choice：{}",
                "type must be text, number, date or choice: {}",
                t
            ),
        ))
    }
}

fn check_options(field_type: &str, options: Option<&[String]>) -> Result<Vec<String>, AppError> {
    if field_type != "choice" {
        return Ok(Vec::new());
    }
    let mut seen = BTreeSet::new();
    let mut out = Vec::new();
    for (i, o) in options.unwrap_or_default().iter().enumerate() {
        let o = required(&format!("options[{i}]"), o, 32)?;
        if !seen.insert(o.clone()) {
            return Err(AppError::field(
                format!("options[{i}]"),
                text!("选项 {} 重复", "Option {} is repeated", o),
            ));
        }
        out.push(o);
    }
    if out.is_empty() || out.len() > MAX_OPTIONS {
        return Err(AppError::field(
            "options",
            text!(
                "选择字段须有 1 到 {} 个选项",
                "A choice field needs 1 to {} options",
                MAX_OPTIONS
            ),
        ));
    }
    Ok(out)
}

/// How many values field `id` holds, on vehicles and devices, in all or (`outside`) outside
/// the given choices.
async fn values_of(
    db: &impl ConnectionTrait,
    id: i64,
    outside: Option<&[String]>,
) -> Result<u64, AppError> {
    let mut v = tag_vehicle_value::Entity::find().filter(tag_vehicle_value::Column::FieldId.eq(id));
    let mut d = tag_device_value::Entity::find().filter(tag_device_value::Column::FieldId.eq(id));
    if let Some(keep) = outside {
        v = v.filter(tag_vehicle_value::Column::Value.is_not_in(keep.iter().cloned()));
        d = d.filter(tag_device_value::Column::Value.is_not_in(keep.iter().cloned()));
    }
    Ok(v.count(db).await? + d.count(db).await?)
}

/// Creates or edits a field. A duplicate name, an unknown type or a choice field without
/// options is refused naming the field; so is changing the type of a field that holds values,
/// or dropping a choice that values still use.
pub async fn save(
    db: &DatabaseConnection,
    scope: &Scope,
    input: &TagFieldInput,
) -> Result<TagFieldRow, AppError> {
    refuse_read_only(scope)?;
    let name = required("name", input.name.as_deref().unwrap_or_default(), 32)?;
    let field_type = check_type(input.field_type.as_deref())?;
    let options = check_options(&field_type, input.options.as_deref())?;
    let unit = limited("unit", input.unit.as_deref().unwrap_or_default(), 16)?;
    let sort = input.sort.unwrap_or_default();
    in_range("sort", i64::from(sort), 0, 9999)?;
    let txn = kernel::db::write_txn(db).await?;
    let existing = match input.id.filter(|id| *id > 0) {
        Some(id) => Some(find(&txn, scope, id).await?),
        None => None,
    };
    let ent = match &existing {
        Some(f) => f.enterprise_id,
        None => scope.acting(input.enterprise_id)?,
    };
    let taken = tag_field::Entity::find()
        .filter(tag_field::Column::EnterpriseId.eq(ent))
        .filter(tag_field::Column::Name.eq(name.clone()))
        .filter(tag_field::Column::Id.ne(existing.as_ref().map_or(0, |f| f.id)))
        .count(&txn)
        .await?;
    if taken > 0 {
        return Err(AppError::field(
            "name",
            text!("字段 {} 已存在", "Field {} already exists", name),
        ));
    }
    let conflict = || text!("字段 {} 已存在", "Field {} already exists", name);
    let saved = match existing {
        Some(f) => {
            if f.field_type != field_type && values_of(&txn, f.id, None).await? > 0 {
                return Err(AppError::field(
                    "type",
                    text!(
                        "字段 {} 已有填写的值，不能改变类型",
                        "Field {} holds values: its type cannot change",
                        f.name
                    ),
                ));
            }
            if field_type == "choice" && values_of(&txn, f.id, Some(&options)).await? > 0 {
                return Err(AppError::field(
                    "options",
                    text!(
                        "有值仍在使用被删除的选项",
                        "Values still use an option that was removed"
                    ),
                ));
            }
            let mut active = f.into_active_model();
            active.name = Set(name.clone());
            active.field_type = Set(field_type);
            active.options = Set(to_json(&options));
            active.unit = Set(unit);
            active.required = Set(input.required.unwrap_or_default());
            active.sort = Set(sort);
            active.update(&txn).await.on_conflict(conflict)?
        }
        None => tag_field::ActiveModel {
            enterprise_id: Set(ent),
            name: Set(name.clone()),
            field_type: Set(field_type),
            options: Set(to_json(&options)),
            unit: Set(unit),
            required: Set(input.required.unwrap_or_default()),
            sort: Set(sort),
            created_at: Set(Utc::now()),
            ..Default::default()
        }
        .insert(&txn)
        .await
        .on_conflict(conflict)?,
    };
    txn.commit().await?;
    Ok(field_rows(db, vec![saved]).await?.remove(0))
}

/// Deletes fields, all or none: they leave the tags carrying them and their values go.
pub async fn delete(db: &DatabaseConnection, scope: &Scope, ids: &[i64]) -> Result<(), AppError> {
    refuse_read_only(scope)?;
    require_ids(ids)?;
    let txn = kernel::db::write_txn(db).await?;
    for id in ids {
        find(&txn, scope, *id).await?;
    }
    let ids = ids.iter().copied();
    tag_vehicle_value::Entity::delete_many()
        .filter(tag_vehicle_value::Column::FieldId.is_in(ids.clone()))
        .exec(&txn)
        .await?;
    tag_device_value::Entity::delete_many()
        .filter(tag_device_value::Column::FieldId.is_in(ids.clone()))
        .exec(&txn)
        .await?;
    tag_field_link::Entity::delete_many()
        .filter(tag_field_link::Column::FieldId.is_in(ids.clone()))
        .exec(&txn)
        .await?;
    tag_field::Entity::delete_many()
        .filter(tag_field::Column::Id.is_in(ids))
        .exec(&txn)
        .await?;
    txn.commit().await?;
    Ok(())
}
