//! Quick search over tags (docs/tags.md "Quick search"): the vehicles or devices in scope
//! carrying every chosen tag, optionally with a condition on a field's value on those tags
//! (equal, or a range for numbers and dates), paged; and the workspace's overview counts.

use std::collections::{BTreeMap, HashMap};

use entities::{
    device, tag, tag_device, tag_device_value, tag_field, tag_vehicle, tag_vehicle_value, vehicle,
};
use sea_orm::{
    ColumnTrait, Condition, DatabaseConnection, EntityTrait, PaginatorTrait, QueryFilter,
    QueryOrder, QuerySelect, QueryTrait,
};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::tag_values::check_value;
use super::tags::{TagRow, find_tags};
use crate::scope::Scope;
use kernel::error::AppError;
use kernel::paging::{self, PageQuery, PageResult};
use kernel::text;

/// A condition on one field's value.
#[derive(Debug, Clone, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TagFieldCondition {
    pub field_id: i64,
    /// eq (default) or range (number and date fields).
    #[serde(default)]
    pub op: Option<String>,
    /// The value for eq.
    #[serde(default)]
    pub value: Option<String>,
    /// The lower bound of a range (inclusive; either bound may be left out).
    #[serde(default)]
    pub min: Option<String>,
    /// The upper bound of a range (inclusive).
    #[serde(default)]
    pub max: Option<String>,
}

#[derive(Debug, Clone, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TagSearchInput {
    /// vehicle (default) or device.
    #[serde(default)]
    pub target: Option<String>,
    /// The tags every result carries (1–20).
    #[serde(default)]
    pub tag_ids: Vec<i64>,
    #[serde(default)]
    pub field: Option<TagFieldCondition>,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TagChip {
    pub id: i64,
    pub name: String,
    pub color: String,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TagSearchRow {
    /// The vehicle's or device's id.
    pub id: i64,
    /// The plate or the imei.
    pub name: String,
    pub ent_id: i64,
    /// Every tag it carries, in the tags' order.
    pub tags: Vec<TagChip>,
}

fn text_of(v: Option<&str>) -> Option<String> {
    v.map(str::trim)
        .filter(|v| !v.is_empty())
        .map(str::to_owned)
}

/// The value condition as columns of a values table: `value` and `num`.
fn value_condition<C: ColumnTrait>(
    f: &tag_field::Model,
    c: &TagFieldCondition,
    value: C,
    num: C,
) -> Result<Condition, AppError> {
    let op = c.op.as_deref().unwrap_or("eq");
    let numeric = f.field_type == "number";
    match op {
        "eq" => {
            let v = text_of(c.value.as_deref()).ok_or_else(|| {
                AppError::field(
                    "field.value",
                    text!("field.value 不能为空", "field.value must not be empty"),
                )
            })?;
            let (v, n) = check_value("field.value", f, &v)?;
            Ok(Condition::all().add(match n {
                Some(n) if numeric => num.eq(n),
                _ => value.eq(v),
            }))
        }
        "range" if numeric || f.field_type == "date" => {
            let mut cond = Condition::all();
            let mut any = false;
            for (key, bound, lower) in [("field.min", &c.min, true), ("field.max", &c.max, false)] {
                let Some(b) = text_of(bound.as_deref()) else {
                    continue;
                };
                any = true;
                let (v, n) = check_value(key, f, &b)?;
                cond = cond.add(match (n, lower) {
                    (Some(n), true) => num.gte(n),
                    (Some(n), false) => num.lte(n),
                    (None, true) => value.gte(v),
                    (None, false) => value.lte(v),
                });
            }
            if !any {
                return Err(AppError::field(
                    "field.min",
                    text!("范围至少需要一个边界", "A range needs at least one bound"),
                ));
            }
            Ok(cond)
        }
        _ => Err(AppError::field(
            "field.op",
            text!(
                "op 须为 eq，或对数字和日期字段为 range：{}",
                "op must be eq, or range for number and date fields: {}",
                op
            ),
        )),
    }
}

/// Every tag the rows carry, in the tags' order.
async fn chips(
    db: &DatabaseConnection,
    links: Vec<(i64, i64)>,
) -> Result<HashMap<i64, Vec<TagChip>>, AppError> {
    let tag_ids: Vec<i64> = links.iter().map(|(t, _)| *t).collect();
    let tags: BTreeMap<i64, tag::Model> = tag::Entity::find()
        .filter(tag::Column::Id.is_in(tag_ids))
        .all(db)
        .await?
        .into_iter()
        .map(|t| (t.id, t))
        .collect();
    let mut out: HashMap<i64, Vec<(i32, String, TagChip)>> = HashMap::new();
    for (t, on) in links {
        if let Some(t) = tags.get(&t) {
            out.entry(on).or_default().push((
                t.sort,
                t.name.clone(),
                TagChip {
                    id: t.id,
                    name: t.name.clone(),
                    color: t.color.clone(),
                },
            ));
        }
    }
    Ok(out
        .into_iter()
        .map(|(on, mut list)| {
            list.sort_by(|a, b| (a.0, &a.1).cmp(&(b.0, &b.1)));
            (on, list.into_iter().map(|(_, _, c)| c).collect())
        })
        .collect())
}

/// The vehicles (or devices) in scope carrying every tag in `tagIds`, with the field
/// condition when given, by plate (imei), paged.
pub async fn search(
    db: &DatabaseConnection,
    scope: &Scope,
    input: &TagSearchInput,
    page: PageQuery,
) -> Result<PageResult<TagSearchRow>, AppError> {
    let target = input.target.as_deref().map(str::trim).unwrap_or("vehicle");
    if !matches!(target, "vehicle" | "device") {
        return Err(AppError::field(
            "target",
            text!(
                "target 须为 vehicle 或 device",
                "target must be vehicle or device"
            ),
        ));
    }
    let ids = super::tags::dedup(&input.tag_ids);
    if ids.is_empty() || ids.len() > 20 {
        return Err(AppError::field(
            "tagIds",
            text!("请选择 1 到 20 个标签", "Choose 1 to 20 tags"),
        ));
    }
    let ids: Vec<i64> = ids.into_iter().collect();
    find_tags(db, scope, &ids)
        .await
        .map_err(|e| AppError::field("tagIds", e.into_text()))?;
    let field = match &input.field {
        Some(c) => Some((
            super::tag_fields::find(db, scope, c.field_id)
                .await
                .map_err(|e| AppError::field("field.fieldId", e.into_text()))?,
            c,
        )),
        None => None,
    };
    if target == "vehicle" {
        let mut select = crate::vehicle::visible(scope);
        for t in &ids {
            select = select.filter(
                vehicle::Column::Id.in_subquery(
                    tag_vehicle::Entity::find()
                        .select_only()
                        .column(tag_vehicle::Column::VehicleId)
                        .filter(tag_vehicle::Column::TagId.eq(*t))
                        .into_query(),
                ),
            );
        }
        if let Some((f, c)) = &field {
            let cond = value_condition(
                f,
                c,
                tag_vehicle_value::Column::Value,
                tag_vehicle_value::Column::Num,
            )?;
            select = select.filter(
                vehicle::Column::Id.in_subquery(
                    tag_vehicle_value::Entity::find()
                        .select_only()
                        .column(tag_vehicle_value::Column::VehicleId)
                        .filter(tag_vehicle_value::Column::FieldId.eq(f.id))
                        .filter(tag_vehicle_value::Column::TagId.is_in(ids.clone()))
                        .filter(cond)
                        .into_query(),
                ),
            );
        }
        let select = select
            .order_by_asc(vehicle::Column::Plate)
            .order_by_asc(vehicle::Column::Id);
        let found = paging::fetch(db, select, page, |v: vehicle::Model| v).await?;
        let on: Vec<i64> = found.list.iter().map(|v| v.id).collect();
        let links = tag_vehicle::Entity::find()
            .filter(tag_vehicle::Column::VehicleId.is_in(on))
            .all(db)
            .await?
            .into_iter()
            .map(|l| (l.tag_id, l.vehicle_id))
            .collect();
        let mut chips = chips(db, links).await?;
        return Ok(PageResult {
            list: found
                .list
                .into_iter()
                .map(|v| TagSearchRow {
                    tags: chips.remove(&v.id).unwrap_or_default(),
                    id: v.id,
                    name: v.plate,
                    ent_id: v.enterprise_id,
                })
                .collect(),
            total: found.total,
            page: found.page,
            page_size: found.page_size,
        });
    }
    let mut select = super::visible(scope);
    for t in &ids {
        select = select.filter(
            device::Column::Id.in_subquery(
                tag_device::Entity::find()
                    .select_only()
                    .column(tag_device::Column::DeviceId)
                    .filter(tag_device::Column::TagId.eq(*t))
                    .into_query(),
            ),
        );
    }
    if let Some((f, c)) = &field {
        let cond = value_condition(
            f,
            c,
            tag_device_value::Column::Value,
            tag_device_value::Column::Num,
        )?;
        select = select.filter(
            device::Column::Id.in_subquery(
                tag_device_value::Entity::find()
                    .select_only()
                    .column(tag_device_value::Column::DeviceId)
                    .filter(tag_device_value::Column::FieldId.eq(f.id))
                    .filter(tag_device_value::Column::TagId.is_in(ids.clone()))
                    .filter(cond)
                    .into_query(),
            ),
        );
    }
    let select = select
        .order_by_asc(device::Column::Imei)
        .order_by_asc(device::Column::Id);
    let found = paging::fetch(db, select, page, |d: device::Model| d).await?;
    let on: Vec<i64> = found.list.iter().map(|d| d.id).collect();
    let links = tag_device::Entity::find()
        .filter(tag_device::Column::DeviceId.is_in(on))
        .all(db)
        .await?
        .into_iter()
        .map(|l| (l.tag_id, l.device_id))
        .collect();
    let mut chips = chips(db, links).await?;
    Ok(PageResult {
        list: found
            .list
            .into_iter()
            .map(|d| TagSearchRow {
                tags: chips.remove(&d.id).unwrap_or_default(),
                id: d.id,
                name: d.imei,
                ent_id: d.enterprise_id,
            })
            .collect(),
        total: found.total,
        page: found.page,
        page_size: found.page_size,
    })
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TagKindCount {
    /// vehicle, device, label or service.
    pub kind: String,
    pub tags: u64,
}

/// The tag workspace's landing numbers.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TagOverview {
    /// Tags per kind (every kind, zero included).
    pub kinds: Vec<TagKindCount>,
    /// The most used tags (vehicles plus devices carrying them), at most 8.
    pub top: Vec<TagRow>,
    /// Custom fields defined.
    pub fields: u64,
    pub vehicles: u64,
    /// Vehicles carrying no tag.
    pub untagged_vehicles: u64,
    pub devices: u64,
    /// Devices carrying no tag.
    pub untagged_devices: u64,
}

/// Counts for the workspace home, over the scope (or one enterprise of it).
pub async fn overview(
    db: &DatabaseConnection,
    scope: &Scope,
    ent: Option<i64>,
) -> Result<TagOverview, AppError> {
    let tags = super::tags::list(db, scope, ent, None, None).await?;
    let kinds = super::tags::KINDS
        .iter()
        .map(|k| TagKindCount {
            kind: (*k).to_owned(),
            tags: tags.iter().filter(|t| t.kind == *k).count() as u64,
        })
        .collect();
    let mut top: Vec<TagRow> = tags
        .into_iter()
        .filter(|t| t.vehicles + t.devices > 0)
        .collect();
    top.sort_by(|a, b| {
        (b.vehicles + b.devices)
            .cmp(&(a.vehicles + a.devices))
            .then_with(|| a.name.cmp(&b.name))
    });
    top.truncate(8);
    let fields = tag_field::Entity::find()
        .filter(super::ent_condition(
            scope,
            tag_field::Column::EnterpriseId,
            ent,
        )?)
        .count(db)
        .await?;
    let mut vehicles = crate::vehicle::visible(scope);
    let mut devices = super::visible(scope);
    if let Some(e) = ent.filter(|e| *e > 0) {
        vehicles = vehicles.filter(vehicle::Column::EnterpriseId.eq(e));
        devices = devices.filter(device::Column::EnterpriseId.eq(e));
    }
    let tagged_v = tag_vehicle::Entity::find()
        .select_only()
        .column(tag_vehicle::Column::VehicleId)
        .into_query();
    let tagged_d = tag_device::Entity::find()
        .select_only()
        .column(tag_device::Column::DeviceId)
        .into_query();
    Ok(TagOverview {
        kinds,
        top,
        fields,
        vehicles: vehicles.clone().count(db).await?,
        untagged_vehicles: vehicles
            .filter(vehicle::Column::Id.not_in_subquery(tagged_v))
            .count(db)
            .await?,
        devices: devices.clone().count(db).await?,
        untagged_devices: devices
            .filter(device::Column::Id.not_in_subquery(tagged_d))
            .count(db)
            .await?,
    })
}
