//! Order types of an enterprise (repair, maintenance, …) and their templates: the fields the
//! create form asks for, their default values and the close-out (dispose) form. An enterprise
//! without types of its own gets the built-in ones (negative ids, not editable).

use std::collections::{BTreeMap, BTreeSet};

use chrono::{DateTime, Utc};
use entities::{work_order, work_order_type};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, Condition, ConnectionTrait, DatabaseConnection, EntityTrait,
    PaginatorTrait, QueryFilter, QueryOrder, Set,
};
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};
use utoipa::ToSchema;

use super::autoopen::AutoOpen;
use super::refuse_read_only;
use crate::scope::{EnterpriseOwned, Scope};
use kernel::changes::{Change, announce};
use kernel::error::{AppError, DbResultExt};
use kernel::i18n::Text;
use kernel::paging::{PageQuery, PageResult};
use kernel::text;
use kernel::validate::{present, required, to_json};

/// The built-in order types: id, zh, en.
const BUILT_IN: [(i64, &str, &str); 6] = [
    (-1, "维修", "Repair"),
    (-2, "保养", "Maintenance"),
    (-3, "安装", "Installation"),
    (-4, "巡检", "Inspection"),
    (-5, "换胎", "Tyre change"),
    (-6, "召回", "Recall"),
];

/// Kinds of a template field.
const FIELD_KINDS: [&str; 7] = [
    "text", "textarea", "number", "date", "select", "image", "position",
];

/// One field of a form template.
#[derive(Debug, Clone, Deserialize, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TemplateField {
    /// Unique within the form; the key of its value in `fields` / `data`.
    pub key: String,
    pub label: String,
    /// text, textarea, number, date, select, image or position.
    #[serde(default = "text_kind")]
    pub kind: String,
    #[serde(default)]
    pub required: bool,
    /// The choices of a `select`.
    #[serde(default)]
    pub options: Vec<String>,
}

fn text_kind() -> String {
    "text".to_owned()
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OrderType {
    /// Negative for a built-in type.
    pub id: i64,
    pub ent_id: i64,
    pub name: String,
    pub sort: i32,
    pub built_in: bool,
    /// The create form's extra fields.
    pub fields: Vec<TemplateField>,
    /// Default values of the create form (`title`, `priority`, `grade`, `dueHours`, and the
    /// keys of `fields`).
    #[schema(value_type = Object)]
    pub defaults: Map<String, Value>,
    /// The close-out form.
    pub dispose: Vec<TemplateField>,
    /// The flow its orders follow (−1: the built-in flow).
    pub flow_id: i64,
    /// The rule that opens orders of this type from alarms (none for built-in types).
    pub auto_open: Option<AutoOpen>,
    pub created_at: Option<DateTime<Utc>>,
    pub updated_at: Option<DateTime<Utc>>,
}

fn built_in_types(ent: i64) -> Vec<OrderType> {
    BUILT_IN
        .iter()
        .map(|(id, zh, en)| OrderType {
            id: *id,
            ent_id: ent,
            name: Text::new(*zh, *en).current().to_owned(),
            sort: i32::try_from(-*id).unwrap_or(0),
            built_in: true,
            fields: Vec::new(),
            defaults: Map::new(),
            dispose: vec![TemplateField {
                key: "result".to_owned(),
                label: text!("处理结果", "Result").current().to_owned(),
                kind: "textarea".to_owned(),
                required: true,
                options: Vec::new(),
            }],
            flow_id: super::flows::BUILT_IN,
            auto_open: None,
            created_at: None,
            updated_at: None,
        })
        .collect()
}

impl From<work_order_type::Model> for OrderType {
    fn from(t: work_order_type::Model) -> Self {
        Self {
            id: t.id,
            ent_id: t.enterprise_id,
            name: t.name,
            sort: t.sort,
            built_in: false,
            fields: serde_json::from_str(&t.fields).unwrap_or_default(),
            defaults: serde_json::from_str(&t.defaults).unwrap_or_default(),
            dispose: serde_json::from_str(&t.dispose).unwrap_or_default(),
            flow_id: t.flow_id.unwrap_or(super::flows::BUILT_IN),
            auto_open: serde_json::from_str(&t.auto_open).unwrap_or_default(),
            created_at: Some(t.created_at),
            updated_at: Some(t.updated_at),
        }
    }
}

impl EnterpriseOwned for work_order_type::Entity {
    const ENTERPRISE: Self::Column = work_order_type::Column::EnterpriseId;
    fn not_found(id: i64) -> AppError {
        AppError::fail(text!("工单类型 {} 不存在", "No order type {}", id))
    }
}

/// Every type of an enterprise (the built-in ones if it has none), by sort then id.
pub async fn all_of(db: &impl ConnectionTrait, ent: i64) -> Result<Vec<OrderType>, AppError> {
    let own = work_order_type::Entity::find()
        .filter(work_order_type::Column::EnterpriseId.eq(ent))
        .order_by_asc(work_order_type::Column::Sort)
        .order_by_asc(work_order_type::Column::Id)
        .all(db)
        .await?;
    if own.is_empty() {
        return Ok(built_in_types(ent));
    }
    Ok(own.into_iter().map(OrderType::from).collect())
}

/// The type `id` as enterprise `ent` may use it for an order: one of its own, or a built-in
/// one while it has none. Refuses with code 7 naming `field`.
pub async fn usable(
    db: &impl ConnectionTrait,
    ent: i64,
    id: i64,
    field: &str,
) -> Result<OrderType, AppError> {
    all_of(db, ent)
        .await?
        .into_iter()
        .find(|t| t.id == id)
        .ok_or_else(|| {
            AppError::field(
                field,
                text!("{}：工单类型 {} 不存在", "{}: no order type {}", field, id),
            )
        })
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TypeListQuery {
    #[serde(flatten)]
    pub page: PageQuery,
    #[serde(default, alias = "ent_id", alias = "enterpriseId")]
    pub ent_id: Option<i64>,
    #[serde(default, alias = "name")]
    pub keyword: Option<String>,
}

/// The order types of an enterprise (default: the acting one), paged.
pub async fn list(
    db: &DatabaseConnection,
    scope: &Scope,
    q: TypeListQuery,
) -> Result<PageResult<OrderType>, AppError> {
    let ent = scope.acting(q.ent_id)?;
    let page = q.page.checked()?;
    let keyword = q.keyword.as_deref().map(str::trim).unwrap_or_default();
    let rows: Vec<OrderType> = all_of(db, ent)
        .await?
        .into_iter()
        .filter(|t| keyword.is_empty() || t.name.contains(keyword))
        .collect();
    let total = rows.len() as u64;
    Ok(page.of(rows, total))
}

/// An order type to create (no id), change, or delete (`{id, delete: true}`).
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TypeInput {
    pub id: Option<i64>,
    #[serde(default, alias = "ent_id", alias = "enterpriseId")]
    pub ent_id: Option<i64>,
    #[serde(default)]
    pub delete: bool,
    #[serde(default)]
    pub name: String,
    #[serde(default)]
    pub sort: i32,
    pub fields: Option<Vec<TemplateField>>,
    #[schema(value_type = Option<Object>)]
    pub defaults: Option<Map<String, Value>>,
    pub dispose: Option<Vec<TemplateField>>,
    /// The flow its orders follow (−1: the built-in one); left out: unchanged.
    #[serde(default, alias = "flow_id")]
    pub flow_id: Option<i64>,
    /// Opens orders of this type from alarms: a rule, `null` to stop, left out to keep.
    #[serde(default, alias = "auto_open", deserialize_with = "present")]
    #[schema(value_type = Option<AutoOpen>)]
    pub auto_open: Option<Option<AutoOpen>>,
}

/// Checks a form template: keys present, unique, known kinds, options for a select.
pub(crate) fn checked_form(
    field: &str,
    form: Vec<TemplateField>,
) -> Result<Vec<TemplateField>, AppError> {
    if form.len() > 50 {
        return Err(AppError::field(
            field,
            text!("{} 最多 50 个字段", "{} takes at most 50 fields", field),
        ));
    }
    let mut keys = BTreeSet::new();
    let mut out = Vec::with_capacity(form.len());
    for (i, mut f) in form.into_iter().enumerate() {
        let at = format!("{field}[{i}]");
        f.key = required(&format!("{at}.key"), &f.key, 32)?;
        f.label = required(&format!("{at}.label"), &f.label, 64)?;
        if !FIELD_KINDS.contains(&f.kind.as_str()) {
            return Err(AppError::field(
                format!("{at}.kind"),
                text!(
                    "{}.kind 须为 {} 之一",
                    "{}.kind must be one of {}",
                    at,
                    FIELD_KINDS.join(", ")
                ),
            ));
        }
        if f.kind == "select" && f.options.is_empty() {
            return Err(AppError::field(
                format!("{at}.options"),
                text!("{}.options 不能为空", "{}.options must not be empty", at),
            ));
        }
        if !keys.insert(f.key.clone()) {
            return Err(AppError::field(
                format!("{at}.key"),
                text!("{}.key “{}” 重复", "{}.key \"{}\" is repeated", at, f.key),
            ));
        }
        out.push(f);
    }
    Ok(out)
}

/// Checks default values: scalars only, at most 50.
fn checked_defaults(defaults: Map<String, Value>) -> Result<Map<String, Value>, AppError> {
    if defaults.len() > 50 {
        return Err(AppError::field(
            "defaults",
            text!("defaults 最多 50 项", "defaults takes at most 50 values"),
        ));
    }
    for (k, v) in &defaults {
        if v.is_object() || v.is_array() {
            return Err(AppError::field(
                format!("defaults.{k}"),
                text!(
                    "defaults.{} 须为文字、数字或真假值",
                    "defaults.{} must be text, a number or true/false",
                    k
                ),
            ));
        }
    }
    Ok(defaults)
}

/// Creates or changes an order type (templates left out keep their value). Names are unique
/// per enterprise.
pub async fn save(
    db: &DatabaseConnection,
    scope: &Scope,
    input: TypeInput,
) -> Result<OrderType, AppError> {
    refuse_read_only(scope)?;
    let name = required("name", &input.name, 64)?;
    let fields = input
        .fields
        .map(|f| checked_form("fields", f))
        .transpose()?;
    let dispose = input
        .dispose
        .map(|f| checked_form("dispose", f))
        .transpose()?;
    let defaults = input.defaults.map(checked_defaults).transpose()?;
    let auto_open = match input.auto_open {
        Some(Some(rule)) => Some(Some(super::autoopen::checked(db, scope, rule).await?)),
        other => other,
    };
    let taken = || {
        text!(
            "工单类型“{}”已存在",
            "An order type named \"{}\" already exists",
            name
        )
    };
    let now = Utc::now();
    let saved = if let Some(id) = input.id {
        let found = find_own(db, scope, id).await?;
        let flow = match input.flow_id {
            Some(f) => {
                Some(super::flows::checked_for_type(db, scope, found.enterprise_id, f).await?)
            }
            None => None,
        };
        let mut row: work_order_type::ActiveModel = found.into();
        row.name = Set(name.clone());
        if let Some(f) = flow {
            row.flow_id = Set(f);
        }
        row.sort = Set(input.sort);
        if let Some(f) = fields {
            row.fields = Set(to_json(&f));
        }
        if let Some(d) = dispose {
            row.dispose = Set(to_json(&d));
        }
        if let Some(d) = defaults {
            row.defaults = Set(to_json(&d));
        }
        if let Some(a) = &auto_open {
            row.auto_open = Set(to_json(a));
        }
        row.updated_at = Set(now);
        row.update(db).await.on_conflict(taken)?
    } else {
        let ent = scope.acting(input.ent_id)?;
        let flow = match input.flow_id {
            Some(f) => super::flows::checked_for_type(db, scope, ent, f).await?,
            None => None,
        };
        work_order_type::ActiveModel {
            enterprise_id: Set(ent),
            flow_id: Set(flow),
            name: Set(name.clone()),
            sort: Set(input.sort),
            fields: Set(to_json(&fields.unwrap_or_default())),
            defaults: Set(to_json(&defaults.unwrap_or_default())),
            dispose: Set(to_json(&dispose.unwrap_or_default())),
            auto_open: Set(to_json(&auto_open.flatten())),
            created_at: Set(now),
            updated_at: Set(now),
            ..Default::default()
        }
        .insert(db)
        .await
        .on_conflict(taken)?
    };
    announce(Change::OrderTypes);
    Ok(saved.into())
}

async fn find_own(
    db: &impl ConnectionTrait,
    scope: &Scope,
    id: i64,
) -> Result<work_order_type::Model, AppError> {
    if id < 0 {
        return Err(AppError::field(
            "id",
            text!(
                "id：内置工单类型 {} 不能修改",
                "id: the built-in order type {} cannot be changed",
                id
            ),
        ));
    }
    scope.find::<work_order_type::Entity>(db, id).await
}

/// Deletes an order type no order uses.
pub async fn delete(
    db: &DatabaseConnection,
    scope: &Scope,
    id: Option<i64>,
) -> Result<(), AppError> {
    refuse_read_only(scope)?;
    let id =
        id.ok_or_else(|| AppError::field("id", text!("删除需要 id", "Deleting needs an id")))?;
    let found = find_own(db, scope, id).await?;
    let used = work_order::Entity::find()
        .filter(
            Condition::all()
                .add(work_order::Column::EnterpriseId.eq(found.enterprise_id))
                .add(work_order::Column::TypeId.eq(found.id)),
        )
        .count(db)
        .await?;
    if used > 0 {
        return Err(AppError::fail(text!(
            "工单类型“{}”已有 {} 个工单使用，不能删除",
            "The order type \"{}\" is used by {} work orders and cannot be deleted",
            found.name,
            used
        )));
    }
    work_order_type::Entity::delete_by_id(found.id)
        .exec(db)
        .await?;
    announce(Change::OrderTypes);
    Ok(())
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TemplateQuery {
    #[serde(alias = "type_id", alias = "orderTypeId", alias = "id")]
    pub type_id: i64,
    #[serde(default, alias = "ent_id", alias = "enterpriseId")]
    pub ent_id: Option<i64>,
}

/// The type `type_id` of an enterprise the scope sees (default: the acting one).
pub async fn template(
    db: &DatabaseConnection,
    scope: &Scope,
    q: &TemplateQuery,
) -> Result<OrderType, AppError> {
    let ent = scope.acting(q.ent_id)?;
    usable(db, ent, q.type_id, "typeId").await
}

/// New templates of a type; those left out keep their value.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TemplateInput {
    #[serde(alias = "type_id", alias = "orderTypeId", alias = "id")]
    pub type_id: i64,
    pub fields: Option<Vec<TemplateField>>,
    #[schema(value_type = Option<Object>)]
    pub defaults: Option<Map<String, Value>>,
    pub dispose: Option<Vec<TemplateField>>,
}

/// Replaces the templates of one of the enterprise's own types.
pub async fn set_template(
    db: &DatabaseConnection,
    scope: &Scope,
    input: TemplateInput,
) -> Result<OrderType, AppError> {
    refuse_read_only(scope)?;
    let fields = input
        .fields
        .map(|f| checked_form("fields", f))
        .transpose()?;
    let dispose = input
        .dispose
        .map(|f| checked_form("dispose", f))
        .transpose()?;
    let defaults = input.defaults.map(checked_defaults).transpose()?;
    let found = find_own(db, scope, input.type_id).await?;
    let mut row: work_order_type::ActiveModel = found.into();
    if let Some(f) = fields {
        row.fields = Set(to_json(&f));
    }
    if let Some(d) = dispose {
        row.dispose = Set(to_json(&d));
    }
    if let Some(d) = defaults {
        row.defaults = Set(to_json(&d));
    }
    row.updated_at = Set(Utc::now());
    Ok(row.update(db).await?.into())
}

/// Refuses form values that miss a required field of `form` or name an unknown option.
pub fn check_values(
    field: &str,
    form: &[TemplateField],
    values: &Map<String, Value>,
) -> Result<(), AppError> {
    for f in form {
        let v = values.get(&f.key).filter(|v| match v {
            Value::Null => false,
            Value::String(s) => !s.trim().is_empty(),
            _ => true,
        });
        match v {
            None if f.required => {
                return Err(AppError::field(
                    format!("{field}.{}", f.key),
                    text!(
                        "{}.{}（{}）不能为空",
                        "{}.{} ({}) must not be empty",
                        field,
                        f.key,
                        f.label
                    ),
                ));
            }
            Some(Value::String(s)) if f.kind == "select" && !f.options.contains(s) => {
                return Err(AppError::field(
                    format!("{field}.{}", f.key),
                    text!(
                        "{}.{} 须为 {} 之一",
                        "{}.{} must be one of {}",
                        field,
                        f.key,
                        f.options.join(", ")
                    ),
                ));
            }
            _ => {}
        }
    }
    if to_json(values).len() > 16_000 {
        return Err(AppError::field(
            field,
            text!("{} 内容过长", "{} is too long", field),
        ));
    }
    Ok(())
}

/// Names of order types by id: the built-in ones (negative ids) and saved ones.
pub async fn names(
    db: &impl ConnectionTrait,
    ids: impl IntoIterator<Item = i64>,
) -> Result<BTreeMap<i64, String>, AppError> {
    let (built_in, own): (Vec<i64>, Vec<i64>) = ids.into_iter().partition(|id| *id < 0);
    let mut names: BTreeMap<i64, String> = work_order_type::Entity::find()
        .filter(work_order_type::Column::Id.is_in(own))
        .all(db)
        .await?
        .into_iter()
        .map(|t| (t.id, t.name))
        .collect();
    names.extend(
        built_in_types(0)
            .into_iter()
            .filter(|t| built_in.contains(&t.id))
            .map(|t| (t.id, t.name)),
    );
    Ok(names)
}
