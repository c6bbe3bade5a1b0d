//! Area `device`: rules over receivers, repeaters, sensors, firmware, upgrades, commands and
//! tags. Every query here goes through [`Scope`]: devices are enterprise-owned rows
//! (`scope.filter(devices.enterprise_id)`), and every table of the area hangs off a device,
//! a vehicle or an enterprise.
//!
//! Online: a device is online when its last heartbeat is at most [`ONLINE_MINUTES`] old
//! (derived at read time from `devices.heartbeat_at`, which [`record_heartbeat`] keeps).

pub mod commands;
pub mod devices;
pub mod firmware;
pub mod import;
pub mod keys;
pub mod records;
pub mod sensors;
pub mod tag_fields;
pub mod tag_search;
pub mod tag_values;
pub mod tags;

use chrono::{DateTime, Duration, Utc};
use entities::device;
use sea_orm::{
    ActiveModelTrait, ColumnTrait, Condition, ConnectionTrait, EntityTrait, IntoActiveModel,
    QueryFilter, Select, Set,
};

use crate::scope::Scope;
use kernel::error::AppError;
use kernel::paging::PageResult;
use kernel::text;

/// A heartbeat at most this old makes a device online.
pub const ONLINE_MINUTES: i64 = 10;

/// The oldest heartbeat that still counts as online at `now`.
pub fn online_since(now: DateTime<Utc>) -> DateTime<Utc> {
    now - Duration::minutes(ONLINE_MINUTES)
}

pub fn is_online(heartbeat_at: Option<DateTime<Utc>>, now: DateTime<Utc>) -> bool {
    heartbeat_at.is_some_and(|at| at >= online_since(now))
}

/// The SIM carrier from the first six digits of the ICCID (console-spec §9): `mobile`,
/// `unicom`, `telecom` or `unknown`.
pub fn carrier(iccid: &str) -> &'static str {
    match iccid.get(..6).unwrap_or_default() {
        "898600" | "898602" | "898604" | "898607" => "mobile",
        "898601" | "898606" | "898609" => "unicom",
        "898603" | "898611" => "telecom",
        _ => "unknown",
    }
}

/// A carrier's display name in the request's language.
pub fn carrier_name(key: &str) -> String {
    match key {
        "mobile" => text!("中国移动", "China Mobile"),
        "unicom" => text!("中国联通", "China Unicom"),
        "telecom" => text!("中国电信", "China Telecom"),
        _ => text!("未知", "unknown"),
    }
    .current()
    .to_owned()
}

/// The devices the scope sees.
pub fn visible(scope: &Scope) -> Select<device::Entity> {
    device::Entity::find().filter(scope.filter(device::Column::EnterpriseId))
}

fn no_device(what: &str) -> AppError {
    AppError::fail(text!("设备 {} 不存在", "No device {}", what))
}

/// One device the scope sees, named by id or imei; a foreign one answers like an unknown one.
pub async fn find(
    db: &impl ConnectionTrait,
    scope: &Scope,
    id: Option<i64>,
    imei: Option<&str>,
) -> Result<device::Model, AppError> {
    let imei = imei.map(str::trim).filter(|i| !i.is_empty());
    let (cond, name) = match (id.filter(|i| *i > 0), imei) {
        (Some(id), _) => (device::Column::Id.eq(id), id.to_string()),
        (None, Some(imei)) => (device::Column::Imei.eq(imei), imei.to_owned()),
        (None, None) => {
            return Err(AppError::fail(text!(
                "请指定设备（id 或 imei）",
                "Name the device (id or imei)"
            )));
        }
    };
    visible(scope)
        .filter(cond)
        .one(db)
        .await?
        .ok_or_else(|| no_device(&name))
}

/// One device the scope may change (not under a read-only trusteeship).
pub async fn find_owned(
    db: &impl ConnectionTrait,
    scope: &Scope,
    id: Option<i64>,
    imei: Option<&str>,
) -> Result<device::Model, AppError> {
    refuse_read_only(scope)?;
    find(db, scope, id, imei).await
}

pub fn refuse_read_only(scope: &Scope) -> Result<(), AppError> {
    if scope.read_only() {
        return Err(AppError::fail(text!(
            "只读托管不能修改数据",
            "A read-only trusteeship cannot change data"
        )));
    }
    Ok(())
}

/// Devices by id, all in scope or the first missing one named.
pub async fn find_many(
    db: &impl ConnectionTrait,
    scope: &Scope,
    ids: &[i64],
) -> Result<Vec<device::Model>, AppError> {
    require_ids(ids)?;
    let found = visible(scope)
        .filter(device::Column::Id.is_in(ids.iter().copied()))
        .all(db)
        .await?;
    if let Some(missing) = ids.iter().find(|id| !found.iter().any(|d| d.id == **id)) {
        return Err(no_device(&missing.to_string()));
    }
    Ok(found)
}

/// Records a heartbeat from `imei` at `at` (for the ingestion to call): the device's
/// `heartbeat_at` moves forward and the heartbeat is kept for tests and online rates.
/// Answers false for an unknown imei.
pub async fn record_heartbeat(
    db: &impl ConnectionTrait,
    imei: &str,
    at: DateTime<Utc>,
) -> Result<bool, AppError> {
    let Some(found) = device::Entity::find()
        .filter(device::Column::Imei.eq(imei))
        .one(db)
        .await?
    else {
        return Ok(false);
    };
    entities::device_heartbeat::ActiveModel {
        device_id: Set(found.id),
        at: Set(at),
        ..Default::default()
    }
    .insert(db)
    .await?;
    if found.heartbeat_at.is_none_or(|last| last < at) {
        let mut active = found.into_active_model();
        active.heartbeat_at = Set(Some(at));
        active.online = Set(is_online(Some(at), Utc::now()));
        active.update(db).await?;
    }
    Ok(true)
}

/// A condition on the device's enterprise: exactly `ent` when asked for (and visible), else
/// the whole scope.
pub fn ent_condition<C: ColumnTrait>(
    scope: &Scope,
    column: C,
    ent: Option<i64>,
) -> Result<Condition, AppError> {
    let mut cond = Condition::all().add(scope.filter(column));
    if let Some(e) = ent.filter(|e| *e > 0) {
        scope.require(e)?;
        cond = cond.add(column.eq(e));
    }
    Ok(cond)
}

/// Refuses an empty id list.
pub fn require_ids(ids: &[i64]) -> Result<(), AppError> {
    if ids.is_empty() {
        return Err(AppError::fail(text!(
            "ids 不能为空",
            "ids must not be empty"
        )));
    }
    Ok(())
}

/// A page's place in the list, to carry over to rows made from its rows.
pub struct PageHead {
    total: u64,
    page: u64,
    page_size: u64,
}

impl PageHead {
    pub fn with<U>(self, list: Vec<U>) -> PageResult<U> {
        PageResult {
            list,
            total: self.total,
            page: self.page,
            page_size: self.page_size,
        }
    }
}

/// Splits a page into its rows and its place (rows are then enriched with lookups).
pub fn unpack<T>(page: PageResult<T>) -> (Vec<T>, PageHead) {
    let head = PageHead {
        total: page.total,
        page: page.page,
        page_size: page.page_size,
    };
    (page.list, head)
}

/// A required, trimmed text of at most `max` characters.
pub fn required(field: &str, value: Option<&str>, max: usize) -> Result<String, AppError> {
    kernel::validate::required(field, value.unwrap_or_default(), max)
}
