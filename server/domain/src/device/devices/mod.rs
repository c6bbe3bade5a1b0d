//! Device records: the paged list, create and edit (`imei`), serial numbers, imei↔sn lookup,
//! repeaters under a receiver, versions in use, the heavy reporters and online rates.

use super::{carrier, carrier_name, ent_condition, find_owned, is_online, online_since};
use crate::enterprise::names;
use crate::scope::Scope;
use chrono::{DateTime, Utc};
use entities::{device, device_white_list, tag, tag_device, vehicle};
use kernel::changes::{Change, announce};
use kernel::error::AppError;
use kernel::paging::{self, PageQuery, PageResult};
use kernel::search::contains;
use kernel::text;
use kernel::validate::limited;
use sea_orm::{
    ActiveModelTrait, ColumnTrait, Condition, ConnectionTrait, DatabaseConnection, EntityTrait,
    IntoActiveModel, Order, PaginatorTrait, QueryFilter, QueryOrder, QuerySelect, Set,
    TryIntoModel,
};
use serde::{Deserialize, Serialize};
use std::collections::{BTreeSet, HashMap};
use utoipa::ToSchema;

mod lookups;
mod statistics;

pub use lookups::*;
pub use statistics::*;

pub const KIND_RECEIVER: i16 = 0;

pub const KIND_REPEATER: i16 = 1;

/// A tag as shown on a row.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TagBrief {
    pub id: i64,
    pub name: String,
    pub color: String,
}

/// A device as the lists show it.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DeviceRow {
    pub id: i64,
    pub imei: String,
    pub sn: Option<String>,
    pub part_no: String,
    pub version: String,
    pub iccid: String,
    /// `mobile`, `unicom`, `telecom` or `unknown` (from the ICCID's first six digits).
    pub carrier: String,
    /// The carrier's name in the request's language.
    pub carrier_name: String,
    /// 0 receiver, 1 repeater.
    pub kind: i16,
    pub parent_id: Option<i64>,
    pub parent_imei: Option<String>,
    /// Repeaters under this receiver.
    pub repeaters: u64,
    pub ent_id: i64,
    pub ent_name: String,
    pub vehicle_id: Option<i64>,
    pub plate: Option<String>,
    pub heartbeat_at: Option<DateTime<Utc>>,
    /// Heartbeat within the last 10 minutes.
    pub online: bool,
    /// Listed in the white table (allowed to connect).
    pub white: bool,
    pub tags: Vec<TagBrief>,
    pub remark: String,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
    /// The device's report key (`x-device-key` on `/tapi/device/report`), in the answer that
    /// registers the device and nowhere else: only its hash is kept.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub device_key: Option<String>,
}

/// Filters and order of the device list.
#[derive(Debug, Default, Clone, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DeviceFilter {
    /// Part of the imei or sn.
    #[serde(default)]
    pub keyword: Option<String>,
    /// Only this enterprise (default: every enterprise in scope).
    #[serde(default, alias = "entId", alias = "ent_id")]
    pub enterprise_id: Option<i64>,
    /// Part number (device model), exact.
    #[serde(default, alias = "model")]
    pub part_no: Option<String>,
    /// Firmware version, exact.
    #[serde(default)]
    pub version: Option<String>,
    /// true: heartbeat within 10 minutes; false: not.
    #[serde(default)]
    pub online: Option<bool>,
    /// true: fitted to a vehicle; false: not.
    #[serde(default)]
    pub bound: Option<bool>,
    /// 0 receivers, 1 repeaters.
    #[serde(default)]
    pub kind: Option<i16>,
    /// Only devices carrying this tag.
    #[serde(default)]
    pub tag_id: Option<i64>,
    /// `createdAt` (default), `imei`, `sn`, `version`, `heartbeatAt`.
    #[serde(default)]
    pub sort: Option<String>,
    /// `desc` (default) or `asc`.
    #[serde(default)]
    pub order: Option<String>,
}

pub(super) fn bad_value(field: &str, value: impl std::fmt::Display) -> AppError {
    AppError::field(
        field,
        text!(
            "{} 的值 {} 无效",
            "{} has an invalid value {}",
            field,
            value
        ),
    )
}

/// The device list, paged.
pub async fn list(
    db: &DatabaseConnection,
    scope: &Scope,
    filter: &DeviceFilter,
    page: PageQuery,
) -> Result<PageResult<DeviceRow>, AppError> {
    let mut cond = ent_condition(scope, device::Column::EnterpriseId, filter.enterprise_id)?;
    if let Some(k) = filter
        .keyword
        .as_deref()
        .map(str::trim)
        .filter(|k| !k.is_empty())
    {
        cond = cond.add(
            Condition::any()
                .add(contains(device::Column::Imei, k))
                .add(contains(device::Column::Sn, k)),
        );
    }
    if let Some(p) = filter
        .part_no
        .as_deref()
        .map(str::trim)
        .filter(|p| !p.is_empty())
    {
        cond = cond.add(device::Column::PartNo.eq(p));
    }
    if let Some(v) = filter
        .version
        .as_deref()
        .map(str::trim)
        .filter(|v| !v.is_empty())
    {
        cond = cond.add(device::Column::Version.eq(v));
    }
    let since = online_since(Utc::now());
    match filter.online {
        Some(true) => cond = cond.add(device::Column::HeartbeatAt.gte(since)),
        Some(false) => {
            cond = cond.add(
                Condition::any()
                    .add(device::Column::HeartbeatAt.is_null())
                    .add(device::Column::HeartbeatAt.lt(since)),
            );
        }
        None => {}
    }
    match filter.bound {
        Some(true) => cond = cond.add(device::Column::VehicleId.is_not_null()),
        Some(false) => cond = cond.add(device::Column::VehicleId.is_null()),
        None => {}
    }
    if let Some(k) = filter.kind {
        if !matches!(k, KIND_RECEIVER | KIND_REPEATER) {
            return Err(bad_value("kind", k));
        }
        cond = cond.add(device::Column::Kind.eq(k));
    }
    if let Some(t) = filter.tag_id {
        let tagged = tag_device::Entity::find()
            .select_only()
            .column(tag_device::Column::DeviceId)
            .filter(tag_device::Column::TagId.eq(t));
        cond = cond.add(device::Column::Id.in_subquery(sea_orm::QueryTrait::into_query(tagged)));
    }
    let column = match filter.sort.as_deref().unwrap_or("createdAt") {
        "createdAt" | "created_at" | "" => device::Column::CreatedAt,
        "imei" => device::Column::Imei,
        "sn" => device::Column::Sn,
        "version" => device::Column::Version,
        "heartbeatAt" | "heartbeat_at" => device::Column::HeartbeatAt,
        other => return Err(bad_value("sort", other)),
    };
    let order = match filter.order.as_deref().unwrap_or("desc") {
        "desc" | "" => Order::Desc,
        "asc" => Order::Asc,
        other => return Err(bad_value("order", other)),
    };
    let select = device::Entity::find()
        .filter(cond)
        .order_by(column, order.clone())
        .order_by(device::Column::Id, order);
    let page = paging::fetch(db, select, page, |d| d).await?;
    let (list, head) = super::unpack(page);
    Ok(head.with(rows(db, list).await?))
}

/// List rows for `devices`: enterprise names, plates, parents, repeater counts, white table
/// and tags read in one query each.
pub async fn rows(
    db: &impl ConnectionTrait,
    devices: Vec<device::Model>,
) -> Result<Vec<DeviceRow>, AppError> {
    let ids: Vec<i64> = devices.iter().map(|d| d.id).collect();
    let ents = names(db, devices.iter().map(|d| d.enterprise_id)).await?;
    let vehicle_ids: BTreeSet<i64> = devices.iter().filter_map(|d| d.vehicle_id).collect();
    let plates: HashMap<i64, String> = vehicle::Entity::find()
        .filter(vehicle::Column::Id.is_in(vehicle_ids))
        .all(db)
        .await?
        .into_iter()
        .map(|v| (v.id, v.plate))
        .collect();
    let parent_ids: BTreeSet<i64> = devices.iter().filter_map(|d| d.parent_id).collect();
    let parents: HashMap<i64, String> = device::Entity::find()
        .filter(device::Column::Id.is_in(parent_ids))
        .all(db)
        .await?
        .into_iter()
        .map(|d| (d.id, d.imei))
        .collect();
    let mut repeaters: HashMap<i64, u64> = HashMap::new();
    for parent in device::Entity::find()
        .select_only()
        .column(device::Column::ParentId)
        .filter(device::Column::ParentId.is_in(ids.clone()))
        .into_tuple::<Option<i64>>()
        .all(db)
        .await?
        .into_iter()
        .flatten()
    {
        *repeaters.entry(parent).or_default() += 1;
    }
    let white: BTreeSet<i64> = device_white_list::Entity::find()
        .select_only()
        .column(device_white_list::Column::DeviceId)
        .filter(device_white_list::Column::DeviceId.is_in(ids.clone()))
        .into_tuple::<i64>()
        .all(db)
        .await?
        .into_iter()
        .collect();
    let mut tags = tags_of(db, &ids).await?;
    let now = Utc::now();
    Ok(devices
        .into_iter()
        .map(|d| {
            let carrier = carrier(&d.iccid);
            DeviceRow {
                carrier: carrier.to_owned(),
                carrier_name: carrier_name(carrier),
                parent_imei: d.parent_id.and_then(|p| parents.get(&p).cloned()),
                repeaters: repeaters.get(&d.id).copied().unwrap_or_default(),
                ent_name: ents.get(&d.enterprise_id).cloned().unwrap_or_default(),
                plate: d.vehicle_id.and_then(|v| plates.get(&v).cloned()),
                online: is_online(d.heartbeat_at, now),
                white: white.contains(&d.id),
                tags: tags.remove(&d.id).unwrap_or_default(),
                id: d.id,
                imei: d.imei,
                sn: d.sn,
                part_no: d.part_no,
                version: d.version,
                iccid: d.iccid,
                kind: d.kind,
                parent_id: d.parent_id,
                ent_id: d.enterprise_id,
                vehicle_id: d.vehicle_id,
                heartbeat_at: d.heartbeat_at,
                remark: d.remark,
                created_at: d.created_at,
                updated_at: d.updated_at,
                device_key: None,
            }
        })
        .collect())
}

/// The tags of each device.
pub(super) async fn tags_of(
    db: &impl ConnectionTrait,
    ids: &[i64],
) -> Result<HashMap<i64, Vec<TagBrief>>, AppError> {
    let links = tag_device::Entity::find()
        .filter(tag_device::Column::DeviceId.is_in(ids.iter().copied()))
        .all(db)
        .await?;
    let found: HashMap<i64, tag::Model> = tag::Entity::find()
        .filter(tag::Column::Id.is_in(links.iter().map(|l| l.tag_id)))
        .all(db)
        .await?
        .into_iter()
        .map(|t| (t.id, t))
        .collect();
    let mut out: HashMap<i64, Vec<TagBrief>> = HashMap::new();
    for link in links {
        if let Some(t) = found.get(&link.tag_id) {
            out.entry(link.device_id).or_default().push(TagBrief {
                id: t.id,
                name: t.name.clone(),
                color: t.color.clone(),
            });
        }
    }
    for list in out.values_mut() {
        list.sort_by_key(|t| t.id);
    }
    Ok(out)
}

/// One device as a list row.
pub async fn row(db: &impl ConnectionTrait, found: device::Model) -> Result<DeviceRow, AppError> {
    Ok(rows(db, vec![found]).await?.remove(0))
}

/// A device to create (no `id`) or edit.
#[derive(Debug, Default, Clone, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DeviceInput {
    /// The device to edit; absent or 0 creates one.
    #[serde(default, alias = "ID")]
    pub id: Option<i64>,
    /// The owner (default: the acting enterprise on creation, unchanged on edit).
    #[serde(default, alias = "entId", alias = "ent_id")]
    pub enterprise_id: Option<i64>,
    /// Unique platform-wide: 6–20 letters or digits (required on creation).
    #[serde(default)]
    pub imei: Option<String>,
    /// Unique when set; empty clears it.
    #[serde(default)]
    pub sn: Option<String>,
    #[serde(default)]
    pub part_no: Option<String>,
    #[serde(default)]
    pub version: Option<String>,
    /// SIM ICCID, 19–20 digits, or empty.
    #[serde(default)]
    pub iccid: Option<String>,
    /// 0 receiver (default), 1 repeater (needs `parentImei`).
    #[serde(default)]
    pub kind: Option<i16>,
    /// The receiver a repeater belongs to (same enterprise).
    #[serde(default)]
    pub parent_imei: Option<String>,
    #[serde(default)]
    pub remark: Option<String>,
}

pub fn check_imei(imei: &str) -> Result<String, AppError> {
    let imei = imei.trim();
    if !(6..=20).contains(&imei.len()) || !imei.chars().all(|c| c.is_ascii_alphanumeric()) {
        return Err(AppError::fail(text!(
            "imei {} 须为 6 到 20 位字母或数字",
            "imei {} must be 6 to 20 letters or digits",
            imei
        )));
    }
    Ok(imei.to_owned())
}

pub fn check_sn(sn: &str) -> Result<Option<String>, AppError> {
    let sn = limited("sn", sn, 32)?;
    Ok((!sn.is_empty()).then_some(sn))
}

pub fn check_iccid(iccid: &str) -> Result<String, AppError> {
    let iccid = iccid.trim();
    if !iccid.is_empty()
        && (!(19..=20).contains(&iccid.len()) || !iccid.chars().all(|c| c.is_ascii_digit()))
    {
        return Err(AppError::fail(text!(
            "iccid {} 须为 19 或 20 位数字",
            "iccid {} must be 19 or 20 digits",
            iccid
        )));
    }
    Ok(iccid.to_owned())
}

/// Refuses an imei or sn another device already has.
pub async fn check_unique(
    db: &impl ConnectionTrait,
    imei: &str,
    sn: Option<&str>,
    except: Option<i64>,
) -> Result<(), AppError> {
    let mut cond = Condition::any().add(device::Column::Imei.eq(imei));
    if let Some(sn) = sn {
        cond = cond.add(device::Column::Sn.eq(sn));
    }
    let mut select = device::Entity::find().filter(cond);
    if let Some(id) = except {
        select = select.filter(device::Column::Id.ne(id));
    }
    if let Some(other) = select.one(db).await? {
        return Err(if other.imei == imei {
            AppError::fail(text!("imei {} 已存在", "imei {} already exists", imei))
        } else {
            AppError::fail(text!(
                "sn {} 已存在",
                "sn {} already exists",
                sn.unwrap_or_default()
            ))
        });
    }
    Ok(())
}

/// The receiver a repeater of `ent` hangs under.
pub async fn parent_receiver(
    db: &impl ConnectionTrait,
    ent: i64,
    imei: &str,
) -> Result<device::Model, AppError> {
    device::Entity::find()
        .filter(device::Column::Imei.eq(imei.trim()))
        .filter(device::Column::EnterpriseId.eq(ent))
        .filter(device::Column::Kind.eq(KIND_RECEIVER))
        .one(db)
        .await?
        .ok_or_else(|| {
            AppError::fail(text!(
                "上级接收器 {} 不存在（须为同一企业的接收器）",
                "No receiver {} to be the parent (it must be a receiver of the same enterprise)",
                imei.trim()
            ))
        })
}

/// Creates or edits a device; duplicates of imei or sn are refused naming the value.
pub async fn save(
    db: &DatabaseConnection,
    scope: &Scope,
    input: DeviceInput,
) -> Result<DeviceRow, AppError> {
    super::refuse_read_only(scope)?;
    let txn = kernel::db::write_txn(db).await?;
    let existing = match input.id.filter(|i| *i > 0) {
        Some(id) => Some(find_owned(&txn, scope, Some(id), None).await?),
        None => None,
    };
    let ent = match (input.enterprise_id.filter(|e| *e > 0), &existing) {
        (Some(e), _) => crate::enterprise::find_visible(&txn, scope, e).await?.id,
        (None, Some(d)) => d.enterprise_id,
        (None, None) => scope.acting(None)?,
    };
    let imei = match (input.imei.as_deref(), &existing) {
        (Some(i), _) => check_imei(i)?,
        (None, Some(d)) => d.imei.clone(),
        (None, None) => {
            return Err(AppError::fail(text!(
                "imei 不能为空",
                "imei must not be empty"
            )));
        }
    };
    let sn = match (input.sn.as_deref(), &existing) {
        (Some(s), _) => check_sn(s)?,
        (None, Some(d)) => d.sn.clone(),
        (None, None) => None,
    };
    let iccid = match (input.iccid.as_deref(), &existing) {
        (Some(i), _) => check_iccid(i)?,
        (None, Some(d)) => d.iccid.clone(),
        (None, None) => String::new(),
    };
    let kind = input
        .kind
        .or(existing.as_ref().map(|d| d.kind))
        .unwrap_or(KIND_RECEIVER);
    if !matches!(kind, KIND_RECEIVER | KIND_REPEATER) {
        return Err(bad_value("kind", kind));
    }
    let parent_id = if kind == KIND_REPEATER {
        let named = input
            .parent_imei
            .as_deref()
            .map(str::trim)
            .filter(|p| !p.is_empty());
        Some(match named {
            Some(p) => parent_receiver(&txn, ent, p).await?.id,
            None => existing.as_ref().and_then(|d| d.parent_id).ok_or_else(|| {
                AppError::fail(text!(
                    "中继器须指定上级接收器 parentImei",
                    "A repeater needs its receiver (parentImei)"
                ))
            })?,
        })
    } else {
        None
    };
    if let Some(d) = &existing {
        let has_repeaters = device::Entity::find()
            .filter(device::Column::ParentId.eq(d.id))
            .count(&txn)
            .await?
            > 0;
        if has_repeaters && (kind == KIND_REPEATER || ent != d.enterprise_id) {
            return Err(AppError::fail(text!(
                "接收器 {} 下还有中继器，不能改为中继器或转移企业",
                "Receiver {} still has repeaters: it cannot become a repeater or move to another enterprise",
                d.imei
            )));
        }
    }
    check_unique(&txn, &imei, sn.as_deref(), existing.as_ref().map(|d| d.id)).await?;
    let text_or = |value: Option<&str>, field: &str, max: usize, old: Option<&String>| {
        value.map_or_else(
            || Ok(old.cloned().unwrap_or_default()),
            |v| limited(field, v, max),
        )
    };
    let part_no = text_or(
        input.part_no.as_deref(),
        "partNo",
        32,
        existing.as_ref().map(|d| &d.part_no),
    )?;
    let version = text_or(
        input.version.as_deref(),
        "version",
        32,
        existing.as_ref().map(|d| &d.version),
    )?;
    let remark = text_or(
        input.remark.as_deref(),
        "remark",
        255,
        existing.as_ref().map(|d| &d.remark),
    )?;
    let now = Utc::now();
    // Ingestion forgets the device under its old and new IMEI; the map re-reads its vehicle.
    if let Some(d) = &existing {
        announce(Change::Devices(vec![d.imei.clone()]));
        announce(Change::Vehicles(d.vehicle_id.into_iter().collect()));
    }
    let mut active = match existing {
        Some(d) => {
            let vehicle_kept = d.enterprise_id == ent;
            let mut a = d.into_active_model();
            if !vehicle_kept {
                // A device handed to another enterprise leaves the old owner's vehicle.
                a.vehicle_id = Set(None);
            }
            a
        }
        None => device::ActiveModel {
            created_at: Set(now),
            heartbeat_at: Set(None),
            online: Set(false),
            vehicle_id: Set(None),
            model_id: Set(None),
            ..Default::default()
        },
    };
    active.enterprise_id = Set(ent);
    active.imei = Set(imei);
    active.sn = Set(sn);
    active.iccid = Set(iccid);
    active.kind = Set(kind);
    active.parent_id = Set(parent_id);
    active.part_no = Set(part_no);
    active.version = Set(version);
    active.remark = Set(remark);
    active.updated_at = Set(now);
    let registering = active.id.is_not_set();
    let saved = active.save(&txn).await?.try_into_model()?;
    let key = if registering {
        Some(super::keys::issue(&txn, saved.id).await?)
    } else {
        None
    };
    txn.commit().await?;
    announce(Change::Devices(vec![saved.imei.clone()]));
    announce(Change::Repeaters);
    let mut out = row(db, saved).await?;
    out.device_key = key;
    Ok(out)
}

/// Gives a device a serial number (empty clears it); a duplicate is refused naming it.
pub async fn set_sn(
    db: &DatabaseConnection,
    scope: &Scope,
    id: Option<i64>,
    imei: Option<&str>,
    sn: &str,
) -> Result<DeviceRow, AppError> {
    let txn = kernel::db::write_txn(db).await?;
    let found = find_owned(&txn, scope, id, imei).await?;
    let sn = check_sn(sn)?;
    check_unique(&txn, &found.imei, sn.as_deref(), Some(found.id)).await?;
    let mut active = found.into_active_model();
    active.sn = Set(sn);
    active.updated_at = Set(Utc::now());
    let saved = active.update(&txn).await?;
    txn.commit().await?;
    announce(Change::Devices(vec![saved.imei.clone()]));
    announce(Change::Vehicles(saved.vehicle_id.into_iter().collect()));
    row(db, saved).await
}
