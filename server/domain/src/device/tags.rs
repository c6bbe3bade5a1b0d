//! Tags of an enterprise (`kind` vehicle, device, label or service; names unique per
//! enterprise and kind) and their links to vehicles and devices. Deleting tags removes their
//! links too, all or none. Tags have an order within their kind (`sort`, set by [`sort`]) and
//! carry custom fields (docs/tags.md; the fields in `tag_fields`, their values per link in
//! `tag_values`).

use std::collections::HashMap;

use chrono::{DateTime, Utc};
use entities::{
    tag, tag_device, tag_device_value, tag_field, tag_field_link, tag_vehicle, tag_vehicle_value,
};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, Condition, ConnectionTrait, DatabaseConnection, EntityTrait,
    IntoActiveModel, PaginatorTrait, QueryFilter, QueryOrder, QuerySelect, QueryTrait, Set,
};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::devices::{DeviceRow, row};
use super::{ent_condition, find_owned, refuse_read_only, required};
use crate::scope::Scope;
use kernel::error::{AppError, DbResultExt};
use kernel::search::contains;
use kernel::text;
use kernel::validate::limited;

pub const KINDS: [&str; 4] = ["vehicle", "device", "label", "service"];

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TagRow {
    pub id: i64,
    pub ent_id: i64,
    /// vehicle, device, label or service.
    pub kind: String,
    pub name: String,
    pub color: String,
    /// Vehicles carrying the tag.
    pub vehicles: u64,
    /// Devices carrying the tag.
    pub devices: u64,
    /// Place among the enterprise's tags of its kind (ascending, then by name).
    pub sort: i32,
    /// Custom fields the tag carries.
    pub fields: u64,
    pub created_at: DateTime<Utc>,
}

fn check_kind(kind: &str) -> Result<String, AppError> {
    let k = kind.trim();
    if KINDS.contains(&k) {
        Ok(k.to_owned())
    } else {
        Err(AppError::fail(text!(
            "kind 须为 vehicle、device、label 或 service：{}",
            "kind must be vehicle, device, label or service: {}",
            k
        )))
    }
}

/// How many rows of a link table each tag has, counted by the database.
async fn counts<E: EntityTrait>(
    db: &impl ConnectionTrait,
    column: E::Column,
    ids: &[i64],
) -> Result<HashMap<i64, u64>, AppError> {
    if ids.is_empty() {
        return Ok(HashMap::new());
    }
    let rows: Vec<(i64, i64)> = E::find()
        .select_only()
        .column(column)
        .column_as(column.count(), "n")
        .filter(column.is_in(ids.iter().copied()))
        .group_by(column)
        .into_tuple()
        .all(db)
        .await?;
    Ok(rows
        .into_iter()
        .map(|(id, n)| (id, u64::try_from(n).unwrap_or_default()))
        .collect())
}

pub(crate) async fn tag_rows(
    db: &impl ConnectionTrait,
    tags: Vec<tag::Model>,
) -> Result<Vec<TagRow>, AppError> {
    let ids: Vec<i64> = tags.iter().map(|t| t.id).collect();
    let vehicles = counts::<tag_vehicle::Entity>(db, tag_vehicle::Column::TagId, &ids).await?;
    let devices = counts::<tag_device::Entity>(db, tag_device::Column::TagId, &ids).await?;
    let fields = counts::<tag_field_link::Entity>(db, tag_field_link::Column::TagId, &ids).await?;
    Ok(tags
        .into_iter()
        .map(|t| TagRow {
            vehicles: vehicles.get(&t.id).copied().unwrap_or_default(),
            devices: devices.get(&t.id).copied().unwrap_or_default(),
            fields: fields.get(&t.id).copied().unwrap_or_default(),
            sort: t.sort,
            id: t.id,
            ent_id: t.enterprise_id,
            kind: t.kind,
            name: t.name,
            color: t.color,
            created_at: t.created_at,
        })
        .collect())
}

/// Tags in scope (of one enterprise, kind, or name fragment when given), by kind and name.
pub async fn list(
    db: &DatabaseConnection,
    scope: &Scope,
    ent: Option<i64>,
    kind: Option<&str>,
    keyword: Option<&str>,
) -> Result<Vec<TagRow>, AppError> {
    let mut cond = ent_condition(scope, tag::Column::EnterpriseId, ent)?;
    if let Some(k) = kind.map(str::trim).filter(|k| !k.is_empty()) {
        cond = cond.add(tag::Column::Kind.eq(check_kind(k)?));
    }
    if let Some(k) = keyword.map(str::trim).filter(|k| !k.is_empty()) {
        cond = cond.add(contains(tag::Column::Name, k));
    }
    let tags = tag::Entity::find()
        .filter(cond)
        .order_by_asc(tag::Column::Kind)
        .order_by_asc(tag::Column::Sort)
        .order_by_asc(tag::Column::Name)
        .order_by_asc(tag::Column::Id)
        .limit(1000)
        .all(db)
        .await?;
    tag_rows(db, tags).await
}

/// A tag to create.
#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TagInput {
    /// 1–32 characters, unique per enterprise and kind.
    #[serde(default)]
    pub name: Option<String>,
    /// e.g. `#ff8800`.
    #[serde(default, alias = "colour")]
    pub color: Option<String>,
    /// vehicle (default), device, label or service.
    #[serde(default)]
    pub kind: Option<String>,
}

/// Creates tags in an enterprise (default: the acting one), all or none.
pub async fn add(
    db: &DatabaseConnection,
    scope: &Scope,
    ent: Option<i64>,
    tags: &[TagInput],
) -> Result<Vec<TagRow>, AppError> {
    refuse_read_only(scope)?;
    let ent = scope.acting(ent)?;
    if tags.is_empty() || tags.len() > 100 {
        return Err(AppError::fail(text!(
            "tags 须有 1 到 100 个标签",
            "tags must hold 1 to 100 tags"
        )));
    }
    let txn = kernel::db::write_txn(db).await?;
    let mut created = Vec::new();
    for input in tags {
        let name = required("name", input.name.as_deref(), 32)?;
        let kind = check_kind(input.kind.as_deref().unwrap_or("vehicle"))?;
        let color = limited("color", input.color.as_deref().unwrap_or_default(), 16)?;
        created.push(
            tag::ActiveModel {
                enterprise_id: Set(ent),
                kind: Set(kind),
                name: Set(name.clone()),
                color: Set(color),
                created_at: Set(Utc::now()),
                ..Default::default()
            }
            .insert(&txn)
            .await
            .on_conflict(|| text!("标签 {} 已存在", "Tag {} already exists", name))?,
        );
    }
    txn.commit().await?;
    tag_rows(db, created).await
}

pub(crate) async fn find_tags(
    db: &impl ConnectionTrait,
    scope: &Scope,
    ids: &[i64],
) -> Result<Vec<tag::Model>, AppError> {
    let found = tag::Entity::find()
        .filter(tag::Column::Id.is_in(ids.iter().copied()))
        .filter(scope.filter(tag::Column::EnterpriseId))
        .all(db)
        .await?;
    if let Some(missing) = ids.iter().find(|id| !found.iter().any(|t| t.id == **id)) {
        return Err(AppError::fail(text!(
            "标签 {} 不存在",
            "No tag {}",
            missing
        )));
    }
    Ok(found)
}

/// Deletes tags with their links, all or none.
pub async fn delete(db: &DatabaseConnection, scope: &Scope, ids: &[i64]) -> Result<(), AppError> {
    refuse_read_only(scope)?;
    super::require_ids(ids)?;
    let txn = kernel::db::write_txn(db).await?;
    find_tags(&txn, scope, ids).await?;
    tag_vehicle_value::Entity::delete_many()
        .filter(tag_vehicle_value::Column::TagId.is_in(ids.iter().copied()))
        .exec(&txn)
        .await?;
    tag_device_value::Entity::delete_many()
        .filter(tag_device_value::Column::TagId.is_in(ids.iter().copied()))
        .exec(&txn)
        .await?;
    tag_field_link::Entity::delete_many()
        .filter(tag_field_link::Column::TagId.is_in(ids.iter().copied()))
        .exec(&txn)
        .await?;
    tag_vehicle::Entity::delete_many()
        .filter(tag_vehicle::Column::TagId.is_in(ids.iter().copied()))
        .exec(&txn)
        .await?;
    tag_device::Entity::delete_many()
        .filter(tag_device::Column::TagId.is_in(ids.iter().copied()))
        .exec(&txn)
        .await?;
    tag::Entity::delete_many()
        .filter(tag::Column::Id.is_in(ids.iter().copied()))
        .exec(&txn)
        .await?;
    txn.commit().await?;
    Ok(())
}

/// Checks that every tag exists in scope and belongs to `ent` (a vehicle or device carries
/// only its own enterprise's tags).
async fn tags_for(
    db: &impl ConnectionTrait,
    scope: &Scope,
    ent: i64,
    ids: &[i64],
) -> Result<(), AppError> {
    for t in find_tags(db, scope, ids).await? {
        if t.enterprise_id != ent {
            return Err(AppError::fail(text!(
                "标签 {} 不属于该企业",
                "Tag {} belongs to another enterprise",
                t.name
            )));
        }
    }
    Ok(())
}

/// Replaces a vehicle's tags.
pub async fn set_vehicle_tags(
    db: &DatabaseConnection,
    scope: &Scope,
    vehicle_id: i64,
    tag_ids: &[i64],
) -> Result<Vec<TagRow>, AppError> {
    let txn = kernel::db::write_txn(db).await?;
    let v = crate::vehicle::find_owned(&txn, scope, vehicle_id).await?;
    tags_for(&txn, scope, v.enterprise_id, tag_ids).await?;
    let wanted = dedup(tag_ids);
    let had: std::collections::BTreeSet<i64> = tag_vehicle::Entity::find()
        .filter(tag_vehicle::Column::VehicleId.eq(v.id))
        .all(&txn)
        .await?
        .into_iter()
        .map(|l| l.tag_id)
        .collect();
    // Links that stay keep their field values; those that go take theirs along.
    let gone: Vec<i64> = had.difference(&wanted).copied().collect();
    tag_vehicle_value::Entity::delete_many()
        .filter(tag_vehicle_value::Column::VehicleId.eq(v.id))
        .filter(tag_vehicle_value::Column::TagId.is_in(gone.clone()))
        .exec(&txn)
        .await?;
    tag_vehicle::Entity::delete_many()
        .filter(tag_vehicle::Column::VehicleId.eq(v.id))
        .filter(tag_vehicle::Column::TagId.is_in(gone))
        .exec(&txn)
        .await?;
    for t in wanted.difference(&had).copied() {
        tag_vehicle::ActiveModel {
            tag_id: Set(t),
            vehicle_id: Set(v.id),
        }
        .insert(&txn)
        .await?;
    }
    txn.commit().await?;
    let tags = tag::Entity::find()
        .filter(tag::Column::Id.is_in(tag_ids.iter().copied()))
        .order_by_asc(tag::Column::Id)
        .all(db)
        .await?;
    tag_rows(db, tags).await
}

pub(crate) fn dedup(ids: &[i64]) -> std::collections::BTreeSet<i64> {
    ids.iter().copied().collect()
}

/// Replaces a device's tags; answers the device.
pub async fn set_device_tags(
    db: &DatabaseConnection,
    scope: &Scope,
    device_id: Option<i64>,
    imei: Option<&str>,
    tag_ids: &[i64],
) -> Result<DeviceRow, AppError> {
    let txn = kernel::db::write_txn(db).await?;
    let d = find_owned(&txn, scope, device_id, imei).await?;
    tags_for(&txn, scope, d.enterprise_id, tag_ids).await?;
    let wanted = dedup(tag_ids);
    let had: std::collections::BTreeSet<i64> = tag_device::Entity::find()
        .filter(tag_device::Column::DeviceId.eq(d.id))
        .all(&txn)
        .await?
        .into_iter()
        .map(|l| l.tag_id)
        .collect();
    let gone: Vec<i64> = had.difference(&wanted).copied().collect();
    tag_device_value::Entity::delete_many()
        .filter(tag_device_value::Column::DeviceId.eq(d.id))
        .filter(tag_device_value::Column::TagId.is_in(gone.clone()))
        .exec(&txn)
        .await?;
    tag_device::Entity::delete_many()
        .filter(tag_device::Column::DeviceId.eq(d.id))
        .filter(tag_device::Column::TagId.is_in(gone))
        .exec(&txn)
        .await?;
    for t in wanted.difference(&had).copied() {
        tag_device::ActiveModel {
            tag_id: Set(t),
            device_id: Set(d.id),
        }
        .insert(&txn)
        .await?;
    }
    txn.commit().await?;
    row(db, d).await
}

/// Tags of one vehicle.
pub async fn of_vehicle(
    db: &DatabaseConnection,
    scope: &Scope,
    vehicle_id: i64,
) -> Result<Vec<TagRow>, AppError> {
    let v = crate::vehicle::find(db, scope, vehicle_id).await?;
    let ids = tag_vehicle::Entity::find()
        .select_only()
        .column(tag_vehicle::Column::TagId)
        .filter(tag_vehicle::Column::VehicleId.eq(v.id))
        .into_query();
    let tags = tag::Entity::find()
        .filter(Condition::all().add(tag::Column::Id.in_subquery(ids)))
        .order_by_asc(tag::Column::Kind)
        .order_by_asc(tag::Column::Sort)
        .order_by_asc(tag::Column::Id)
        .all(db)
        .await?;
    tag_rows(db, tags).await
}

/// One tag with the fields it carries (in the fields' order).
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TagDetail {
    #[serde(flatten)]
    pub tag: TagRow,
    pub field_list: Vec<super::tag_fields::TagFieldRow>,
}

/// The fields tag `id` carries, in the fields' order.
pub(crate) async fn fields_of(
    db: &impl ConnectionTrait,
    id: i64,
) -> Result<Vec<tag_field::Model>, AppError> {
    let ids = tag_field_link::Entity::find()
        .select_only()
        .column(tag_field_link::Column::FieldId)
        .filter(tag_field_link::Column::TagId.eq(id))
        .into_query();
    Ok(tag_field::Entity::find()
        .filter(tag_field::Column::Id.in_subquery(ids))
        .order_by_asc(tag_field::Column::Sort)
        .order_by_asc(tag_field::Column::Name)
        .order_by_asc(tag_field::Column::Id)
        .all(db)
        .await?)
}

async fn tag_detail(db: &impl ConnectionTrait, t: tag::Model) -> Result<TagDetail, AppError> {
    let fields = fields_of(db, t.id).await?;
    Ok(TagDetail {
        tag: tag_rows(db, vec![t]).await?.remove(0),
        field_list: super::tag_fields::field_rows(db, fields).await?,
    })
}

/// One tag in scope; a foreign id answers like an unknown one.
pub(crate) async fn find(
    db: &impl ConnectionTrait,
    scope: &Scope,
    id: i64,
) -> Result<tag::Model, AppError> {
    Ok(find_tags(db, scope, &[id]).await?.remove(0))
}

/// One tag with its fields.
pub async fn detail(
    db: &DatabaseConnection,
    scope: &Scope,
    id: i64,
) -> Result<TagDetail, AppError> {
    let t = find(db, scope, id).await?;
    tag_detail(db, t).await
}

/// A tag to create (no `id`) or edit, with the fields it carries.
#[derive(Debug, Clone, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TagSave {
    /// The tag to edit; none creates one.
    #[serde(default)]
    pub id: Option<i64>,
    /// The enterprise of a new tag (default: the acting one).
    #[serde(default, alias = "entId", alias = "ent_id")]
    pub enterprise_id: Option<i64>,
    /// 1–32 characters, unique per enterprise and kind.
    #[serde(default)]
    pub name: Option<String>,
    #[serde(default, alias = "colour")]
    pub color: Option<String>,
    /// vehicle (default), device, label or service; fixed once vehicles or devices carry it.
    #[serde(default, rename = "type", alias = "kind")]
    pub kind: Option<String>,
    /// The fields the tag carries (its enterprise's); left out keeps them, empty clears them.
    #[serde(default)]
    pub field_ids: Option<Vec<i64>>,
}

/// Creates or edits a tag and the fields it carries, in one transaction. A field leaving the
/// tag takes its values on the tag's vehicles and devices along.
pub async fn save(
    db: &DatabaseConnection,
    scope: &Scope,
    input: &TagSave,
) -> Result<TagDetail, AppError> {
    refuse_read_only(scope)?;
    let name = kernel::validate::required("name", input.name.as_deref().unwrap_or_default(), 32)?;
    let kind = check_kind(input.kind.as_deref().unwrap_or("vehicle"))
        .map_err(|e| AppError::field("kind", e.into_text()))?;
    let color = limited("color", input.color.as_deref().unwrap_or_default(), 16)?;
    let txn = kernel::db::write_txn(db).await?;
    let existing = match input.id.filter(|id| *id > 0) {
        Some(id) => Some(find(&txn, scope, id).await?),
        None => None,
    };
    let ent = match &existing {
        Some(t) => t.enterprise_id,
        None => scope.acting(input.enterprise_id)?,
    };
    let taken = tag::Entity::find()
        .filter(tag::Column::EnterpriseId.eq(ent))
        .filter(tag::Column::Kind.eq(kind.clone()))
        .filter(tag::Column::Name.eq(name.clone()))
        .filter(tag::Column::Id.ne(existing.as_ref().map_or(0, |t| t.id)))
        .count(&txn)
        .await?;
    if taken > 0 {
        return Err(AppError::field(
            "name",
            text!("标签 {} 已存在", "Tag {} already exists", name),
        ));
    }
    if let Some(ids) = &input.field_ids {
        if ids.len() > 50 {
            return Err(AppError::field(
                "fieldIds",
                text!("一个标签最多 50 个字段", "A tag carries at most 50 fields"),
            ));
        }
        for id in ids {
            let f = super::tag_fields::find(&txn, scope, *id)
                .await
                .map_err(|e| AppError::field("fieldIds", e.into_text()))?;
            if f.enterprise_id != ent {
                return Err(AppError::field(
                    "fieldIds",
                    text!(
                        "字段 {} 不属于该企业",
                        "Field {} belongs to another enterprise",
                        f.name
                    ),
                ));
            }
        }
    }
    let conflict = || text!("标签 {} 已存在", "Tag {} already exists", name);
    let saved = match existing {
        Some(t) => {
            if t.kind != kind {
                let used = tag_vehicle::Entity::find()
                    .filter(tag_vehicle::Column::TagId.eq(t.id))
                    .count(&txn)
                    .await?
                    + tag_device::Entity::find()
                        .filter(tag_device::Column::TagId.eq(t.id))
                        .count(&txn)
                        .await?;
                if used > 0 {
                    return Err(AppError::field(
                        "kind",
                        text!(
                            "标签 {} 正在使用，不能改变类别",
                            "Tag {} is in use: its kind cannot change",
                            t.name
                        ),
                    ));
                }
            }
            let mut active = t.into_active_model();
            active.name = Set(name.clone());
            active.kind = Set(kind);
            active.color = Set(color);
            active.update(&txn).await.on_conflict(conflict)?
        }
        None => {
            // A new tag goes last among its kind.
            let last: Option<i32> = tag::Entity::find()
                .select_only()
                .column_as(tag::Column::Sort.max(), "m")
                .filter(tag::Column::EnterpriseId.eq(ent))
                .filter(tag::Column::Kind.eq(kind.clone()))
                .into_tuple::<Option<i32>>()
                .one(&txn)
                .await?
                .flatten();
            tag::ActiveModel {
                enterprise_id: Set(ent),
                kind: Set(kind),
                name: Set(name.clone()),
                color: Set(color),
                sort: Set(last.map_or(0, |m| m.saturating_add(1))),
                created_at: Set(Utc::now()),
                ..Default::default()
            }
            .insert(&txn)
            .await
            .on_conflict(conflict)?
        }
    };
    if let Some(ids) = &input.field_ids {
        let wanted = dedup(ids);
        let had: std::collections::BTreeSet<i64> = fields_of(&txn, saved.id)
            .await?
            .into_iter()
            .map(|f| f.id)
            .collect();
        let gone: Vec<i64> = had.difference(&wanted).copied().collect();
        tag_vehicle_value::Entity::delete_many()
            .filter(tag_vehicle_value::Column::TagId.eq(saved.id))
            .filter(tag_vehicle_value::Column::FieldId.is_in(gone.clone()))
            .exec(&txn)
            .await?;
        tag_device_value::Entity::delete_many()
            .filter(tag_device_value::Column::TagId.eq(saved.id))
            .filter(tag_device_value::Column::FieldId.is_in(gone.clone()))
            .exec(&txn)
            .await?;
        tag_field_link::Entity::delete_many()
            .filter(tag_field_link::Column::TagId.eq(saved.id))
            .filter(tag_field_link::Column::FieldId.is_in(gone))
            .exec(&txn)
            .await?;
        for f in wanted.difference(&had).copied() {
            tag_field_link::ActiveModel {
                tag_id: Set(saved.id),
                field_id: Set(f),
            }
            .insert(&txn)
            .await?;
        }
    }
    let out = tag_detail(&txn, saved).await?;
    txn.commit().await?;
    Ok(out)
}

/// Orders the tags of one kind in one enterprise: `ids` lists every one of them, first to
/// last; one write, all or none.
pub async fn sort(
    db: &DatabaseConnection,
    scope: &Scope,
    ent: Option<i64>,
    kind: &str,
    ids: &[i64],
) -> Result<Vec<TagRow>, AppError> {
    refuse_read_only(scope)?;
    let kind = check_kind(kind).map_err(|e| AppError::field("kind", e.into_text()))?;
    let ent = scope.acting(ent)?;
    let txn = kernel::db::write_txn(db).await?;
    let tags = tag::Entity::find()
        .filter(scope.filter(tag::Column::EnterpriseId))
        .filter(tag::Column::EnterpriseId.eq(ent))
        .filter(tag::Column::Kind.eq(kind.clone()))
        .all(&txn)
        .await?;
    let have: std::collections::BTreeSet<i64> = tags.iter().map(|t| t.id).collect();
    let asked = dedup(ids);
    if asked.len() != ids.len() || asked != have {
        return Err(AppError::field(
            "ids",
            text!(
                "ids 须恰好列出该企业的全部 {} 个 {} 类标签",
                "ids must list exactly the enterprise's {} tags of kind {}",
                have.len(),
                kind
            ),
        ));
    }
    for (i, id) in ids.iter().enumerate() {
        tag::Entity::update_many()
            .col_expr(
                tag::Column::Sort,
                sea_orm::sea_query::Expr::value(i32::try_from(i).unwrap_or(i32::MAX)),
            )
            .filter(tag::Column::Id.eq(*id))
            .exec(&txn)
            .await?;
    }
    txn.commit().await?;
    list(db, scope, Some(ent), Some(&kind), None).await
}
