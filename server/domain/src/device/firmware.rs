//! Firmware images (a platform-wide catalogue kept by platform staff), upgrade tasks per
//! device (queued → sent → downloading → upgraded | failed; queued or sent tasks may be
//! cancelled) and each enterprise's upgrade strategy per part number.

use std::collections::HashMap;

use chrono::{DateTime, Utc};
use entities::{device, firmware, sys_file, upgrade_strategy, upgrade_task};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, Condition, DatabaseConnection, EntityTrait, IntoActiveModel,
    PaginatorTrait, QueryFilter, QueryOrder, Set,
};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::{ent_condition, find_many, refuse_read_only, required};
use crate::scope::{EnterpriseOwned, Scope};
use kernel::error::AppError;
use kernel::paging::{self, PageQuery, PageResult};
use kernel::search::contains;
use kernel::text;
use kernel::validate::limited;

pub const QUEUED: i16 = 0;
pub const SENT: i16 = 1;
pub const DOWNLOADING: i16 = 2;
pub const UPGRADED: i16 = 3;
pub const FAILED: i16 = 4;
pub const CANCELLED: i16 = 5;

/// Tasks still under way (they hold their firmware and their device).
pub const OPEN: [i16; 3] = [QUEUED, SENT, DOWNLOADING];

/// The moves a task's status may make.
pub fn may_move(from: i16, to: i16) -> bool {
    matches!(
        (from, to),
        (QUEUED, SENT | FAILED) | (SENT, DOWNLOADING | FAILED) | (DOWNLOADING, UPGRADED | FAILED)
    )
}

fn status_name(status: i16) -> String {
    match status {
        QUEUED => text!("排队中", "queued"),
        SENT => text!("已下发", "sent"),
        DOWNLOADING => text!("下载中", "downloading"),
        UPGRADED => text!("已升级", "upgraded"),
        FAILED => text!("失败", "failed"),
        CANCELLED => text!("已取消", "cancelled"),
        _ => text!("未知", "unknown"),
    }
    .current()
    .to_owned()
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FirmwareRow {
    pub id: i64,
    /// The part number the image is for.
    pub model: String,
    pub version: String,
    pub url: String,
    pub file_id: Option<i64>,
    pub checksum: String,
    /// Bytes.
    pub size: i64,
    pub remark: String,
    /// Upgrade tasks under way with this image.
    pub open_tasks: u64,
    pub created_at: DateTime<Utc>,
}

/// Firmware images, newest first, filtered by part number and version text.
pub async fn list(
    db: &DatabaseConnection,
    model: Option<&str>,
    keyword: Option<&str>,
    page: PageQuery,
) -> Result<PageResult<FirmwareRow>, AppError> {
    let mut cond = Condition::all();
    if let Some(m) = model.map(str::trim).filter(|m| !m.is_empty()) {
        cond = cond.add(firmware::Column::Model.eq(m));
    }
    if let Some(k) = keyword.map(str::trim).filter(|k| !k.is_empty()) {
        cond = cond.add(contains(firmware::Column::Version, k));
    }
    let select = firmware::Entity::find()
        .filter(cond)
        .order_by_desc(firmware::Column::CreatedAt)
        .order_by_desc(firmware::Column::Id);
    let (found, head) = super::unpack(paging::fetch(db, select, page, |f| f).await?);
    let mut list = Vec::with_capacity(found.len());
    for f in found {
        list.push(firmware_row(db, f).await?);
    }
    Ok(head.with(list))
}

async fn open_tasks(db: &impl sea_orm::ConnectionTrait, firmware_id: i64) -> Result<u64, AppError> {
    Ok(upgrade_task::Entity::find()
        .filter(upgrade_task::Column::FirmwareId.eq(firmware_id))
        .filter(upgrade_task::Column::Status.is_in(OPEN))
        .count(db)
        .await?)
}

async fn firmware_row(
    db: &impl sea_orm::ConnectionTrait,
    f: firmware::Model,
) -> Result<FirmwareRow, AppError> {
    Ok(FirmwareRow {
        open_tasks: open_tasks(db, f.id).await?,
        id: f.id,
        model: f.model,
        version: f.version,
        url: f.url,
        file_id: f.file_id,
        checksum: f.checksum,
        size: f.size,
        remark: f.remark,
        created_at: f.created_at,
    })
}

/// A firmware image to register: an uploaded file (`fileId`, from the files service) or a URL.
#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FirmwareInput {
    /// Part number, 1–32 characters.
    #[serde(default, alias = "partNo")]
    pub model: Option<String>,
    /// 1–32 characters; unique per model.
    #[serde(default)]
    pub version: Option<String>,
    /// Where devices download it (http/https); taken from the file when `fileId` is given.
    #[serde(default)]
    pub url: Option<String>,
    #[serde(default)]
    pub file_id: Option<i64>,
    /// Hex digest (e.g. MD5 or SHA-256), up to 128 characters.
    #[serde(default)]
    pub checksum: Option<String>,
    /// Bytes; taken from the file when `fileId` is given.
    #[serde(default)]
    pub size: Option<i64>,
    #[serde(default)]
    pub remark: Option<String>,
}

fn staff_only(scope: &Scope) -> Result<(), AppError> {
    if scope.platform {
        Ok(())
    } else {
        Err(AppError::fail(text!(
            "固件库由平台维护，只有平台人员可以修改",
            "The firmware catalogue is kept by the platform: only platform staff may change it"
        )))
    }
}

/// Registers a firmware image (platform staff).
pub async fn add(
    db: &DatabaseConnection,
    scope: &Scope,
    input: FirmwareInput,
) -> Result<FirmwareRow, AppError> {
    staff_only(scope)?;
    let model = required("model", input.model.as_deref(), 32)?;
    let version = required("version", input.version.as_deref(), 32)?;
    let checksum = limited(
        "checksum",
        input.checksum.as_deref().unwrap_or_default(),
        128,
    )?;
    if !checksum.chars().all(|c| c.is_ascii_hexdigit()) {
        return Err(AppError::fail(text!(
            "checksum 须为十六进制：{}",
            "checksum must be hexadecimal: {}",
            checksum
        )));
    }
    let (url, size) = match input.file_id {
        Some(id) => {
            let file = sys_file::Entity::find_by_id(id)
                .one(db)
                .await?
                .ok_or_else(|| AppError::fail(text!("文件 {} 不存在", "No file {}", id)))?;
            (file.url, file.size)
        }
        None => {
            let url = required("url", input.url.as_deref(), 255)?;
            if !(url.starts_with("http://") || url.starts_with("https://") || url.starts_with('/'))
            {
                return Err(AppError::fail(text!(
                    "url 须以 http://、https:// 或 / 开头：{}",
                    "url must start with http://, https:// or /: {}",
                    url
                )));
            }
            (url, input.size.unwrap_or_default())
        }
    };
    if size < 0 {
        return Err(AppError::fail(text!(
            "size 不能为负",
            "size must not be negative"
        )));
    }
    let txn = kernel::db::write_txn(db).await?;
    let taken = firmware::Entity::find()
        .filter(firmware::Column::Model.eq(model.clone()))
        .filter(firmware::Column::Version.eq(version.clone()))
        .count(&txn)
        .await?;
    if taken > 0 {
        return Err(AppError::fail(text!(
            "型号 {} 的固件版本 {} 已存在",
            "Firmware {} version {} already exists",
            model,
            version
        )));
    }
    let saved = firmware::ActiveModel {
        model: Set(model),
        version: Set(version),
        url: Set(url),
        file_id: Set(input.file_id),
        checksum: Set(checksum),
        size: Set(size),
        remark: Set(limited(
            "remark",
            input.remark.as_deref().unwrap_or_default(),
            255,
        )?),
        created_by: Set(Some(scope.user.id)),
        created_at: Set(Utc::now()),
        ..Default::default()
    }
    .insert(&txn)
    .await?;
    txn.commit().await?;
    firmware_row(db, saved).await
}

fn no_firmware(id: i64) -> AppError {
    AppError::fail(text!("固件 {} 不存在", "No firmware {}", id))
}

/// Deletes firmware images (platform staff), all or none; an image an upgrade task under way
/// uses is refused. Finished tasks keep their target version.
pub async fn delete(db: &DatabaseConnection, scope: &Scope, ids: &[i64]) -> Result<(), AppError> {
    staff_only(scope)?;
    super::require_ids(ids)?;
    let txn = kernel::db::write_txn(db).await?;
    for id in ids {
        let f = firmware::Entity::find_by_id(*id)
            .one(&txn)
            .await?
            .ok_or_else(|| no_firmware(*id))?;
        if open_tasks(&txn, f.id).await? > 0 {
            return Err(AppError::fail(text!(
                "固件 {} {} 有进行中的升级任务，不能删除",
                "Firmware {} {} is used by upgrade tasks under way and cannot be deleted",
                f.model,
                f.version
            )));
        }
        firmware::Entity::delete_by_id(f.id).exec(&txn).await?;
    }
    txn.commit().await?;
    Ok(())
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TaskRow {
    pub id: i64,
    pub device_id: i64,
    pub imei: String,
    pub ent_id: i64,
    pub firmware_id: Option<i64>,
    pub from_version: String,
    pub target_version: String,
    /// 0 queued, 1 sent, 2 downloading, 3 upgraded, 4 failed, 5 cancelled.
    pub status: i16,
    pub status_name: String,
    pub message: String,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

async fn task_rows(
    db: &impl sea_orm::ConnectionTrait,
    tasks: Vec<upgrade_task::Model>,
) -> Result<Vec<TaskRow>, AppError> {
    let imeis: HashMap<i64, String> = device::Entity::find()
        .filter(device::Column::Id.is_in(tasks.iter().map(|t| t.device_id)))
        .all(db)
        .await?
        .into_iter()
        .map(|d| (d.id, d.imei))
        .collect();
    Ok(tasks
        .into_iter()
        .map(|t| TaskRow {
            imei: imeis.get(&t.device_id).cloned().unwrap_or_default(),
            status_name: status_name(t.status),
            id: t.id,
            device_id: t.device_id,
            ent_id: t.enterprise_id,
            firmware_id: t.firmware_id,
            from_version: t.from_version,
            target_version: t.target_version,
            status: t.status,
            message: t.message,
            created_at: t.created_at,
            updated_at: t.updated_at,
        })
        .collect())
}

/// Queues an upgrade to `firmware_id` for each device, all or none: the device's part number
/// must match the image's model, and a device with a task under way is refused.
pub async fn to_upgrade(
    db: &DatabaseConnection,
    scope: &Scope,
    device_ids: &[i64],
    firmware_id: i64,
) -> Result<Vec<TaskRow>, AppError> {
    refuse_read_only(scope)?;
    let txn = kernel::db::write_txn(db).await?;
    let f = firmware::Entity::find_by_id(firmware_id)
        .one(&txn)
        .await?
        .ok_or_else(|| no_firmware(firmware_id))?;
    let devices = find_many(&txn, scope, device_ids).await?;
    let now = Utc::now();
    let mut created = Vec::new();
    for d in devices {
        if d.part_no != f.model {
            return Err(AppError::fail(text!(
                "设备 {} 的型号 {} 与固件型号 {} 不符",
                "Device {} is a {} and the firmware is for {}",
                d.imei,
                d.part_no,
                f.model
            )));
        }
        let busy = upgrade_task::Entity::find()
            .filter(upgrade_task::Column::DeviceId.eq(d.id))
            .filter(upgrade_task::Column::Status.is_in(OPEN))
            .count(&txn)
            .await?;
        if busy > 0 {
            return Err(AppError::fail(text!(
                "设备 {} 已有进行中的升级任务",
                "Device {} already has an upgrade under way",
                d.imei
            )));
        }
        created.push(
            upgrade_task::ActiveModel {
                enterprise_id: Set(d.enterprise_id),
                device_id: Set(d.id),
                firmware_id: Set(Some(f.id)),
                from_version: Set(d.version.clone()),
                target_version: Set(f.version.clone()),
                status: Set(QUEUED),
                message: Set(String::new()),
                created_by: Set(Some(scope.user.id)),
                created_at: Set(now),
                updated_at: Set(now),
                ..Default::default()
            }
            .insert(&txn)
            .await?,
        );
    }
    txn.commit().await?;
    task_rows(db, created).await
}

impl EnterpriseOwned for upgrade_task::Entity {
    const ENTERPRISE: Self::Column = upgrade_task::Column::EnterpriseId;
    fn not_found(id: i64) -> AppError {
        AppError::fail(text!("升级任务 {} 不存在", "No upgrade task {}", id))
    }
}

/// Moves a task along (`may_move`); an upgraded task sets the device's version.
pub async fn save_status(
    db: &DatabaseConnection,
    scope: &Scope,
    id: i64,
    status: i16,
    message: Option<&str>,
) -> Result<TaskRow, AppError> {
    refuse_read_only(scope)?;
    let txn = kernel::db::write_txn(db).await?;
    let t = scope.find::<upgrade_task::Entity>(&txn, id).await?;
    if !may_move(t.status, status) {
        return Err(AppError::fail(text!(
            "升级任务 {} 不能从 {} 变为 {}",
            "Upgrade task {} cannot go from {} to {}",
            id,
            status_name(t.status),
            status_name(status)
        )));
    }
    let message = limited("message", message.unwrap_or_default(), 255)?;
    if status == UPGRADED
        && let Some(d) = device::Entity::find_by_id(t.device_id).one(&txn).await?
    {
        let mut a = d.into_active_model();
        a.version = Set(t.target_version.clone());
        a.updated_at = Set(Utc::now());
        a.update(&txn).await?;
    }
    let mut a = t.into_active_model();
    a.status = Set(status);
    a.message = Set(message);
    a.updated_at = Set(Utc::now());
    let saved = a.update(&txn).await?;
    txn.commit().await?;
    Ok(task_rows(db, vec![saved]).await?.remove(0))
}

/// Cancels queued or sent tasks, all or none.
pub async fn cancel(db: &DatabaseConnection, scope: &Scope, ids: &[i64]) -> Result<(), AppError> {
    refuse_read_only(scope)?;
    super::require_ids(ids)?;
    let txn = kernel::db::write_txn(db).await?;
    for id in ids {
        let t = scope.find::<upgrade_task::Entity>(&txn, *id).await?;
        if !matches!(t.status, QUEUED | SENT) {
            return Err(AppError::fail(text!(
                "升级任务 {} 状态为 {}，只能取消排队中或已下发的任务",
                "Upgrade task {} is {}: only queued or sent tasks can be cancelled",
                id,
                status_name(t.status)
            )));
        }
        let mut a = t.into_active_model();
        a.status = Set(CANCELLED);
        a.updated_at = Set(Utc::now());
        a.update(&txn).await?;
    }
    txn.commit().await?;
    Ok(())
}

/// Filters of the upgrade log.
#[derive(Debug, Default, Clone, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TaskFilter {
    #[serde(default, alias = "entId", alias = "ent_id")]
    pub enterprise_id: Option<i64>,
    /// Part of the imei.
    #[serde(default)]
    pub imei: Option<String>,
    #[serde(default)]
    pub device_id: Option<i64>,
    #[serde(default)]
    pub firmware_id: Option<i64>,
    #[serde(default)]
    pub status: Option<i16>,
}

/// The upgrade log: tasks in scope, newest first.
pub async fn log(
    db: &DatabaseConnection,
    scope: &Scope,
    filter: &TaskFilter,
    page: PageQuery,
) -> Result<PageResult<TaskRow>, AppError> {
    let mut cond = ent_condition(
        scope,
        upgrade_task::Column::EnterpriseId,
        filter.enterprise_id,
    )?;
    if let Some(i) = filter
        .imei
        .as_deref()
        .map(str::trim)
        .filter(|i| !i.is_empty())
    {
        let ids = sea_orm::QueryTrait::into_query(
            sea_orm::QuerySelect::column(
                sea_orm::QuerySelect::select_only(device::Entity::find()),
                device::Column::Id,
            )
            .filter(contains(device::Column::Imei, i)),
        );
        cond = cond.add(upgrade_task::Column::DeviceId.in_subquery(ids));
    }
    if let Some(d) = filter.device_id {
        cond = cond.add(upgrade_task::Column::DeviceId.eq(d));
    }
    if let Some(f) = filter.firmware_id {
        cond = cond.add(upgrade_task::Column::FirmwareId.eq(f));
    }
    if let Some(s) = filter.status {
        cond = cond.add(upgrade_task::Column::Status.eq(s));
    }
    let select = upgrade_task::Entity::find()
        .filter(cond)
        .order_by_desc(upgrade_task::Column::Id);
    let page = paging::fetch(db, select, page, |t| t).await?;
    let (list, head) = super::unpack(page);
    Ok(head.with(task_rows(db, list).await?))
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StrategyRow {
    pub id: i64,
    pub ent_id: i64,
    pub model: String,
    /// true: devices are upgraded automatically to `firmwareId` within the window.
    pub auto: bool,
    pub firmware_id: Option<i64>,
    /// "HH:MM", empty = any time.
    pub window_start: String,
    pub window_end: String,
    pub updated_at: DateTime<Utc>,
}

/// A strategy to save.
#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StrategyInput {
    /// Part number.
    pub model: String,
    /// auto (true) or manual (false).
    pub auto: bool,
    /// The image automatic upgrades go to (required with `auto`; its model must match).
    #[serde(default)]
    pub firmware_id: Option<i64>,
    #[serde(default)]
    pub window_start: Option<String>,
    #[serde(default)]
    pub window_end: Option<String>,
}

fn check_time(field: &str, value: Option<&str>) -> Result<String, AppError> {
    let v = value.unwrap_or_default().trim();
    if v.is_empty() || chrono::NaiveTime::parse_from_str(v, "%H:%M").is_ok() && v.len() == 5 {
        Ok(v.to_owned())
    } else {
        Err(AppError::field(
            field,
            text!("{} 须为 HH:MM 格式：{}", "{} must be HH:MM: {}", field, v),
        ))
    }
}

/// Saves an enterprise's strategy for one part number (when `input` is given) and answers
/// the enterprise's strategies.
pub async fn strategy(
    db: &DatabaseConnection,
    scope: &Scope,
    ent: Option<i64>,
    input: Option<StrategyInput>,
) -> Result<Vec<StrategyRow>, AppError> {
    let ent = scope.acting(ent)?;
    if let Some(input) = input {
        refuse_read_only(scope)?;
        let model = required("model", Some(&input.model), 32)?;
        let window_start = check_time("windowStart", input.window_start.as_deref())?;
        let window_end = check_time("windowEnd", input.window_end.as_deref())?;
        if window_start.is_empty() != window_end.is_empty() {
            return Err(AppError::fail(text!(
                "windowStart 与 windowEnd 须同时设置",
                "windowStart and windowEnd go together"
            )));
        }
        let txn = kernel::db::write_txn(db).await?;
        if let Some(fid) = input.firmware_id {
            let f = firmware::Entity::find_by_id(fid)
                .one(&txn)
                .await?
                .ok_or_else(|| no_firmware(fid))?;
            if f.model != model {
                return Err(AppError::fail(text!(
                    "固件 {} 是 {} 型号的，不是 {}",
                    "Firmware {} is for {}, not {}",
                    fid,
                    f.model,
                    model
                )));
            }
        } else if input.auto {
            return Err(AppError::fail(text!(
                "自动升级须指定 firmwareId",
                "Automatic upgrades need firmwareId"
            )));
        }
        let existing = upgrade_strategy::Entity::find()
            .filter(upgrade_strategy::Column::EnterpriseId.eq(ent))
            .filter(upgrade_strategy::Column::Model.eq(model.clone()))
            .one(&txn)
            .await?;
        let mut a = existing.map_or_else(
            || upgrade_strategy::ActiveModel {
                enterprise_id: Set(ent),
                model: Set(model),
                ..Default::default()
            },
            IntoActiveModel::into_active_model,
        );
        a.auto = Set(input.auto);
        a.firmware_id = Set(input.firmware_id);
        a.window_start = Set(window_start);
        a.window_end = Set(window_end);
        a.updated_at = Set(Utc::now());
        a.save(&txn).await?;
        txn.commit().await?;
    }
    Ok(upgrade_strategy::Entity::find()
        .filter(upgrade_strategy::Column::EnterpriseId.eq(ent))
        .order_by_asc(upgrade_strategy::Column::Model)
        .all(db)
        .await?
        .into_iter()
        .map(|s| StrategyRow {
            id: s.id,
            ent_id: s.enterprise_id,
            model: s.model,
            auto: s.auto,
            firmware_id: s.firmware_id,
            window_start: s.window_start,
            window_end: s.window_end,
            updated_at: s.updated_at,
        })
        .collect())
}
