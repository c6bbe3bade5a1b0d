//! A tag's form on one tagged vehicle or device (docs/tags.md "Tag form"): the fields the tag
//! carries with the values filled in for that link. Values are checked by the field's type (a
//! number, a `YYYY-MM-DD` date, one of a choice field's options, text of at most 200
//! characters) and required fields must have one; a form is saved whole, all or none.

use std::collections::HashMap;

use chrono::NaiveDate;
use entities::{tag, tag_device, tag_device_value, tag_field, tag_vehicle, tag_vehicle_value};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, DatabaseConnection, EntityTrait,
    PaginatorTrait, QueryFilter, Set,
};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa::ToSchema;

use super::tag_fields::{TagFieldRow, field_rows};
use super::tags::{TagRow, fields_of, tag_rows};
use crate::scope::Scope;
use kernel::error::AppError;
use kernel::text;
use kernel::validate::json_list;

/// The tagged vehicle or device a form belongs to: a tag and exactly one of `vehicleId`,
/// `deviceId`.
#[derive(Debug, Clone, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TagTarget {
    #[serde(default)]
    pub tag_id: i64,
    #[serde(default, alias = "carId")]
    pub vehicle_id: Option<i64>,
    #[serde(default)]
    pub device_id: Option<i64>,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TagFormField {
    #[serde(flatten)]
    pub field: TagFieldRow,
    /// The value filled in (none when empty).
    pub value: Option<String>,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TagForm {
    pub tag: TagRow,
    /// vehicle or device.
    pub target: String,
    pub target_id: i64,
    /// The vehicle's plate or the device's imei.
    pub target_name: String,
    pub fields: Vec<TagFormField>,
}

enum Linked {
    Vehicle(i64, String),
    Device(i64, String),
}

/// Finds the tag and its vehicle or device (owned when `write`) and checks they are linked.
async fn linked(
    db: &impl ConnectionTrait,
    scope: &Scope,
    target: &TagTarget,
    write: bool,
) -> Result<(tag::Model, Linked), AppError> {
    let t = super::tags::find(db, scope, target.tag_id).await?;
    let (on, name) = match (
        target.vehicle_id.filter(|v| *v > 0),
        target.device_id.filter(|d| *d > 0),
    ) {
        (Some(v), None) => {
            let v = if write {
                crate::vehicle::find_owned(db, scope, v).await?
            } else {
                crate::vehicle::find(db, scope, v).await?
            };
            let n = tag_vehicle::Entity::find()
                .filter(tag_vehicle::Column::TagId.eq(t.id))
                .filter(tag_vehicle::Column::VehicleId.eq(v.id))
                .count(db)
                .await?;
            (n > 0, Linked::Vehicle(v.id, v.plate))
        }
        (None, Some(d)) => {
            let d = if write {
                super::find_owned(db, scope, Some(d), None).await?
            } else {
                super::find(db, scope, Some(d), None).await?
            };
            let n = tag_device::Entity::find()
                .filter(tag_device::Column::TagId.eq(t.id))
                .filter(tag_device::Column::DeviceId.eq(d.id))
                .count(db)
                .await?;
            (n > 0, Linked::Device(d.id, d.imei))
        }
        _ => {
            return Err(AppError::field(
                "vehicleId",
                text!(
                    "请指定一辆车（vehicleId）或一台设备（deviceId）",
                    "Name one vehicle (vehicleId) or one device (deviceId)"
                ),
            ));
        }
    };
    if !on {
        return Err(AppError::fail(text!(
            "标签 {} 不在该车辆或设备上",
            "Tag {} is not on that vehicle or device",
            t.name
        )));
    }
    Ok((t, name))
}

async fn stored(
    db: &impl ConnectionTrait,
    tag_id: i64,
    on: &Linked,
) -> Result<HashMap<i64, String>, AppError> {
    Ok(match on {
        Linked::Vehicle(id, _) => tag_vehicle_value::Entity::find()
            .filter(tag_vehicle_value::Column::TagId.eq(tag_id))
            .filter(tag_vehicle_value::Column::VehicleId.eq(*id))
            .all(db)
            .await?
            .into_iter()
            .map(|v| (v.field_id, v.value))
            .collect(),
        Linked::Device(id, _) => tag_device_value::Entity::find()
            .filter(tag_device_value::Column::TagId.eq(tag_id))
            .filter(tag_device_value::Column::DeviceId.eq(*id))
            .all(db)
            .await?
            .into_iter()
            .map(|v| (v.field_id, v.value))
            .collect(),
    })
}

async fn form(db: &impl ConnectionTrait, t: tag::Model, on: Linked) -> Result<TagForm, AppError> {
    let values = stored(db, t.id, &on).await?;
    let fields = field_rows(db, fields_of(db, t.id).await?).await?;
    let (target, target_id, target_name) = match on {
        Linked::Vehicle(id, name) => ("vehicle", id, name),
        Linked::Device(id, name) => ("device", id, name),
    };
    Ok(TagForm {
        tag: tag_rows(db, vec![t]).await?.remove(0),
        target: target.to_owned(),
        target_id,
        target_name,
        fields: fields
            .into_iter()
            .map(|f| TagFormField {
                value: values.get(&f.id).cloned(),
                field: f,
            })
            .collect(),
    })
}

/// The tag's form on one of its vehicles or devices.
pub async fn get(
    db: &DatabaseConnection,
    scope: &Scope,
    target: &TagTarget,
) -> Result<TagForm, AppError> {
    let (t, on) = linked(db, scope, target, false).await?;
    form(db, t, on).await
}

/// A value as the request gives it: text, a number or empty (`null`, "").
fn as_text(value: &Value) -> Option<String> {
    match value {
        Value::String(s) => Some(s.trim().to_owned()).filter(|s| !s.is_empty()),
        Value::Number(n) => Some(n.to_string()),
        Value::Bool(b) => Some(b.to_string()),
        _ => None,
    }
}

/// Checks one value against its field: the text to keep and, for numbers, the number.
pub(crate) fn check_value(
    key: &str,
    f: &tag_field::Model,
    value: &str,
) -> Result<(String, Option<f64>), AppError> {
    match f.field_type.as_str() {
        "number" => match value.parse::<f64>() {
            Ok(n) if n.is_finite() => Ok((value.to_owned(), Some(n))),
            _ => Err(AppError::field(
                key,
                text!("{} 须为数字：{}", "{} must be a number: {}", f.name, value),
            )),
        },
        "date" => match NaiveDate::parse_from_str(value, "%Y-%m-%d") {
            Ok(d) => Ok((d.format("%Y-%m-%d").to_string(), None)),
            Err(_) => Err(AppError::field(
                key,
                text!(
                    "{} 须为日期（YYYY-MM-DD）：{}",
                    "{} must be a date (YYYY-MM-DD): {}",
                    f.name,
                    value
                ),
            )),
        },
        "choice" => {
            let options: Vec<String> = json_list(&f.options);
            if options.iter().any(|o| o == value) {
                Ok((value.to_owned(), None))
            } else {
                Err(AppError::field(
                    key,
                    text!(
                        "{} 须为以下之一：{}",
                        "{} must be one of: {}",
                        f.name,
                        options.join(", ")
                    ),
                ))
            }
        }
        _ => {
            if value.chars().count() > 200 {
                Err(AppError::field(
                    key,
                    text!(
                        "{} 不能超过 200 个字符",
                        "{} must be at most 200 characters",
                        f.name
                    ),
                ))
            } else {
                Ok((value.to_owned(), None))
            }
        }
    }
}

/// Saves the tag's form on one vehicle or device: `values` maps field ids to values (empty or
/// null clears one; fields left out are cleared too). All or none.
pub async fn set(
    db: &DatabaseConnection,
    scope: &Scope,
    target: &TagTarget,
    values: &HashMap<String, Value>,
) -> Result<TagForm, AppError> {
    let txn = kernel::db::write_txn(db).await?;
    let (t, on) = linked(&txn, scope, target, true).await?;
    let fields = fields_of(&txn, t.id).await?;
    for key in values.keys() {
        if !fields.iter().any(|f| f.id.to_string() == *key) {
            return Err(AppError::field(
                format!("values.{key}"),
                text!(
                    "标签 {} 没有字段 {}",
                    "Tag {} carries no field {}",
                    t.name,
                    key
                ),
            ));
        }
    }
    let mut keep = Vec::new();
    for f in &fields {
        let key = format!("values.{}", f.id);
        match values.get(&f.id.to_string()).and_then(as_text) {
            Some(v) => {
                let (value, num) = check_value(&key, f, &v)?;
                keep.push((f.id, value, num));
            }
            None if f.required => {
                return Err(AppError::field(
                    key,
                    text!("{} 为必填项", "{} is required", f.name),
                ));
            }
            None => {}
        }
    }
    match &on {
        Linked::Vehicle(id, _) => {
            tag_vehicle_value::Entity::delete_many()
                .filter(tag_vehicle_value::Column::TagId.eq(t.id))
                .filter(tag_vehicle_value::Column::VehicleId.eq(*id))
                .exec(&txn)
                .await?;
            for (field_id, value, num) in keep {
                tag_vehicle_value::ActiveModel {
                    tag_id: Set(t.id),
                    vehicle_id: Set(*id),
                    field_id: Set(field_id),
                    value: Set(value),
                    num: Set(num),
                }
                .insert(&txn)
                .await?;
            }
        }
        Linked::Device(id, _) => {
            tag_device_value::Entity::delete_many()
                .filter(tag_device_value::Column::TagId.eq(t.id))
                .filter(tag_device_value::Column::DeviceId.eq(*id))
                .exec(&txn)
                .await?;
            for (field_id, value, num) in keep {
                tag_device_value::ActiveModel {
                    tag_id: Set(t.id),
                    device_id: Set(*id),
                    field_id: Set(field_id),
                    value: Set(value),
                    num: Set(num),
                }
                .insert(&txn)
                .await?;
            }
        }
    }
    let out = form(&txn, t, on).await?;
    txn.commit().await?;
    Ok(out)
}
