//! Commands for devices (raw text `cmd2`, named actions `cmd3`, feature switches `setSwitch`,
//! parameter settings `setting_up`): queued here, delivered when the device next connects and
//! finished with its answer: 0 queued → 1 delivered → 2 succeeded | 3 failed. The ingestion
//! calls [`pending_for`], [`mark_delivered`] and [`record_result`].

use std::collections::BTreeMap;

use chrono::{DateTime, Utc};
use entities::{device, device_command, device_setting};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, DatabaseConnection, EntityTrait,
    IntoActiveModel, QueryFilter, QueryOrder, Set,
};
use serde::Serialize;
use serde_json::{Value, json};
use utoipa::ToSchema;

use super::{find, find_owned};
use crate::scope::Scope;
use kernel::error::AppError;
use kernel::i18n::Text;
use kernel::text;

pub const QUEUED: i16 = 0;
pub const DELIVERED: i16 = 1;
pub const SUCCEEDED: i16 = 2;
pub const FAILED: i16 = 3;

/// Named actions a device understands (`cmd3`).
pub const ACTIONS: [&str; 5] = [
    "restart",
    "locate",
    "reset_sensors",
    "clear_alarm",
    "factory_reset",
];

/// Features a device switches on and off (`setSwitch`).
pub const SWITCHES: [&str; 4] = ["spray", "buzzer", "sensor_learning", "low_power"];

fn status_name(status: i16) -> String {
    match status {
        QUEUED => text!("排队中", "queued"),
        DELIVERED => text!("已送达", "delivered"),
        SUCCEEDED => text!("成功", "succeeded"),
        FAILED => text!("失败", "failed"),
        _ => text!("未知", "unknown"),
    }
    .current()
    .to_owned()
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CommandRow {
    pub id: i64,
    pub device_id: i64,
    pub imei: String,
    /// raw, action, switch or setting.
    pub kind: String,
    pub payload: Value,
    /// 0 queued, 1 delivered, 2 succeeded, 3 failed.
    pub status: i16,
    pub status_name: String,
    pub result: String,
    pub created_at: DateTime<Utc>,
    pub delivered_at: Option<DateTime<Utc>>,
    pub finished_at: Option<DateTime<Utc>>,
}

pub fn command_row(c: device_command::Model, imei: String) -> CommandRow {
    CommandRow {
        status_name: status_name(c.status),
        payload: serde_json::from_str(&c.payload).unwrap_or(Value::Null),
        imei,
        id: c.id,
        device_id: c.device_id,
        kind: c.kind,
        status: c.status,
        result: c.result,
        created_at: c.created_at,
        delivered_at: c.delivered_at,
        finished_at: c.finished_at,
    }
}

async fn queue(
    db: &impl ConnectionTrait,
    scope: &Scope,
    d: &device::Model,
    kind: &str,
    payload: &Value,
) -> Result<CommandRow, AppError> {
    let saved = device_command::ActiveModel {
        enterprise_id: Set(d.enterprise_id),
        device_id: Set(d.id),
        kind: Set(kind.to_owned()),
        payload: Set(payload.to_string()),
        status: Set(QUEUED),
        result: Set(String::new()),
        created_by: Set(Some(scope.user.id)),
        created_at: Set(Utc::now()),
        ..Default::default()
    }
    .insert(db)
    .await?;
    Ok(command_row(saved, d.imei.clone()))
}

fn one_of(field: &str, value: &str, allowed: &[&str]) -> Result<String, AppError> {
    let v = value.trim();
    if allowed.contains(&v) {
        Ok(v.to_owned())
    } else {
        Err(AppError::field(
            field,
            text!(
                "{} 须为 {} 之一：{}",
                "{} must be one of {}: {}",
                field,
                allowed.join(", "),
                v
            ),
        ))
    }
}

/// Queues a raw instruction (`cmd2`): printable text of 1–200 characters.
pub async fn raw(
    db: &DatabaseConnection,
    scope: &Scope,
    id: Option<i64>,
    imei: Option<&str>,
    command: &str,
) -> Result<CommandRow, AppError> {
    let command = super::required("command", Some(command), 200)?;
    if command.chars().any(char::is_control) {
        return Err(AppError::fail(text!(
            "command 不能含控制字符",
            "command must not contain control characters"
        )));
    }
    let d = find_owned(db, scope, id, imei).await?;
    queue(db, scope, &d, "raw", &json!({ "command": command })).await
}

/// Queues a named action (`cmd3`).
pub async fn action(
    db: &DatabaseConnection,
    scope: &Scope,
    id: Option<i64>,
    imei: Option<&str>,
    action: &str,
) -> Result<CommandRow, AppError> {
    let action = one_of("action", action, &ACTIONS)?;
    let d = find_owned(db, scope, id, imei).await?;
    queue(db, scope, &d, "action", &json!({ "action": action })).await
}

/// Queues a feature switch (`setSwitch`).
pub async fn switch(
    db: &DatabaseConnection,
    scope: &Scope,
    id: Option<i64>,
    imei: Option<&str>,
    name: &str,
    on: bool,
) -> Result<CommandRow, AppError> {
    let name = one_of("switch", name, &SWITCHES)?;
    let d = find_owned(db, scope, id, imei).await?;
    queue(
        db,
        scope,
        &d,
        "switch",
        &json!({ "switch": name, "on": on }),
    )
    .await
}

/// A device parameter.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SettingDef {
    pub key: &'static str,
    pub name: String,
    pub unit: &'static str,
    pub min: i64,
    pub max: i64,
    pub default: i64,
}

fn def(
    key: &'static str,
    name: &Text,
    unit: &'static str,
    range: (i64, i64),
    default: i64,
) -> SettingDef {
    SettingDef {
        key,
        name: name.current().to_owned(),
        unit,
        min: range.0,
        max: range.1,
        default,
    }
}

/// The parameters a receiver takes (`setting_list`).
pub fn settings_catalogue() -> Vec<SettingDef> {
    vec![
        def(
            "heartbeat_interval",
            &text!("心跳间隔", "heartbeat interval"),
            "s",
            (10, 3600),
            60,
        ),
        def(
            "report_interval",
            &text!("上报间隔", "report interval"),
            "s",
            (5, 3600),
            30,
        ),
        def(
            "sleep_delay",
            &text!("休眠延时", "sleep delay"),
            "min",
            (0, 1440),
            10,
        ),
        def(
            "speed_threshold",
            &text!("行驶判定速度", "driving speed threshold"),
            "km/h",
            (0, 200),
            5,
        ),
    ]
}

/// A parameter of one device: the wanted value (or the default) and the last settings command.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DeviceSetting {
    #[serde(flatten)]
    pub def: SettingDef,
    pub value: i64,
    /// Set for this device (not the default).
    pub custom: bool,
    pub updated_at: Option<DateTime<Utc>>,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DeviceSettings {
    pub device_id: i64,
    pub imei: String,
    pub settings: Vec<DeviceSetting>,
    /// The latest settings command, if any.
    pub last_command: Option<CommandRow>,
}

/// One device's parameters (`setting_info`).
pub async fn settings_of(
    db: &DatabaseConnection,
    scope: &Scope,
    id: Option<i64>,
    imei: Option<&str>,
) -> Result<DeviceSettings, AppError> {
    let d = find(db, scope, id, imei).await?;
    settings_answer(db, &d).await
}

async fn settings_answer(
    db: &impl ConnectionTrait,
    d: &device::Model,
) -> Result<DeviceSettings, AppError> {
    let stored: BTreeMap<String, device_setting::Model> = device_setting::Entity::find()
        .filter(device_setting::Column::DeviceId.eq(d.id))
        .all(db)
        .await?
        .into_iter()
        .map(|s| (s.key.clone(), s))
        .collect();
    let settings = settings_catalogue()
        .into_iter()
        .map(|def| {
            let s = stored.get(def.key);
            DeviceSetting {
                value: s.and_then(|s| s.value.parse().ok()).unwrap_or(def.default),
                custom: s.is_some(),
                updated_at: s.map(|s| s.updated_at),
                def,
            }
        })
        .collect();
    let last = device_command::Entity::find()
        .filter(device_command::Column::DeviceId.eq(d.id))
        .filter(device_command::Column::Kind.eq("setting"))
        .order_by_desc(device_command::Column::Id)
        .one(db)
        .await?;
    Ok(DeviceSettings {
        device_id: d.id,
        imei: d.imei.clone(),
        settings,
        last_command: last.map(|c| command_row(c, d.imei.clone())),
    })
}

/// Stores wanted parameter values and queues them for the device (`setting_up`), all or none.
pub async fn set_settings(
    db: &DatabaseConnection,
    scope: &Scope,
    id: Option<i64>,
    imei: Option<&str>,
    values: &BTreeMap<String, i64>,
) -> Result<DeviceSettings, AppError> {
    if values.is_empty() {
        return Err(AppError::fail(text!(
            "values 不能为空",
            "values must not be empty"
        )));
    }
    let catalogue = settings_catalogue();
    for (key, value) in values {
        let def = catalogue
            .iter()
            .find(|d| d.key == key)
            .ok_or_else(|| AppError::fail(text!("未知的参数 {}", "Unknown setting {}", key)))?;
        kernel::validate::in_range(&format!("values.{key}"), *value, def.min, def.max)?;
    }
    let txn = kernel::db::write_txn(db).await?;
    let d = find_owned(&txn, scope, id, imei).await?;
    let now = Utc::now();
    for (key, value) in values {
        device_setting::Entity::delete_many()
            .filter(device_setting::Column::DeviceId.eq(d.id))
            .filter(device_setting::Column::Key.eq(key.clone()))
            .exec(&txn)
            .await?;
        device_setting::ActiveModel {
            device_id: Set(d.id),
            key: Set(key.clone()),
            value: Set(value.to_string()),
            updated_at: Set(now),
        }
        .insert(&txn)
        .await?;
    }
    queue(&txn, scope, &d, "setting", &json!(values)).await?;
    let answer = settings_answer(&txn, &d).await?;
    txn.commit().await?;
    Ok(answer)
}

/// Commands waiting for the device `imei`, oldest first (for the ingestion, when it connects).
pub async fn pending_for(
    db: &impl ConnectionTrait,
    imei: &str,
) -> Result<Vec<device_command::Model>, AppError> {
    let Some(d) = device::Entity::find()
        .filter(device::Column::Imei.eq(imei))
        .one(db)
        .await?
    else {
        return Ok(Vec::new());
    };
    Ok(device_command::Entity::find()
        .filter(device_command::Column::DeviceId.eq(d.id))
        .filter(device_command::Column::Status.eq(QUEUED))
        .order_by_asc(device_command::Column::Id)
        .all(db)
        .await?)
}

async fn find_command(
    db: &impl ConnectionTrait,
    id: i64,
) -> Result<device_command::Model, AppError> {
    device_command::Entity::find_by_id(id)
        .one(db)
        .await?
        .ok_or_else(|| AppError::fail(text!("指令 {} 不存在", "No command {}", id)))
}

fn bad_move(id: i64, from: i16, to: i16) -> AppError {
    AppError::fail(text!(
        "指令 {} 不能从 {} 变为 {}",
        "Command {} cannot go from {} to {}",
        id,
        status_name(from),
        status_name(to)
    ))
}

/// A queued command was sent to its device.
pub async fn mark_delivered(
    db: &impl ConnectionTrait,
    id: i64,
) -> Result<device_command::Model, AppError> {
    let c = find_command(db, id).await?;
    if c.status != QUEUED {
        return Err(bad_move(id, c.status, DELIVERED));
    }
    let mut a = c.into_active_model();
    a.status = Set(DELIVERED);
    a.delivered_at = Set(Some(Utc::now()));
    Ok(a.update(db).await?)
}

/// The device answered a delivered command.
pub async fn record_result(
    db: &impl ConnectionTrait,
    id: i64,
    ok: bool,
    result: &str,
) -> Result<device_command::Model, AppError> {
    let c = find_command(db, id).await?;
    let to = if ok { SUCCEEDED } else { FAILED };
    if c.status != DELIVERED {
        return Err(bad_move(id, c.status, to));
    }
    let mut a = c.into_active_model();
    a.status = Set(to);
    a.result = Set(result.chars().take(255).collect());
    a.finished_at = Set(Some(Utc::now()));
    Ok(a.update(db).await?)
}
