//! A vehicle's own settings: drop-and-hook (swing) settings and the settings sent to its device.

use super::records::{self};
use super::{find, find_owned};
use crate::scope::Scope;
use kernel::error::AppError;
use kernel::text;
use sea_orm::{ConnectionTrait, DatabaseConnection};
use serde::Serialize;
use serde_json::{Value, json};
use utoipa::ToSchema;

fn object(field: &str, v: &Value) -> Result<String, AppError> {
    if !v.is_object() {
        return Err(AppError::field(
            field,
            text!("{} 须为对象", "{} must be an object", field),
        ));
    }
    let s = v.to_string();
    if s.len() > 8192 {
        return Err(AppError::field(
            field,
            text!(
                "{} 过大（最多 8 KiB）",
                "{} is too large (at most 8 KiB)",
                field
            ),
        ));
    }
    Ok(s)
}

/// A vehicle's drop-and-hook (swing) settings.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SwingOut {
    pub car_id: i64,
    /// Whether the vehicle takes part in drop-and-hook operation.
    pub support_swing: bool,
    /// The saved options (free-form object).
    pub swing: Value,
}

pub async fn get_swing(
    db: &impl ConnectionTrait,
    scope: &Scope,
    id: i64,
) -> Result<SwingOut, AppError> {
    find(db, scope, id).await?;
    let s = records::settings(db, id).await?;
    Ok(SwingOut {
        car_id: id,
        support_swing: s.support_swing,
        swing: serde_json::from_str(&s.swing).unwrap_or_else(|_| json!({})),
    })
}

/// Saves the swing options of a vehicle (and optionally its support flag).
pub async fn save_swing(
    db: &DatabaseConnection,
    scope: &Scope,
    id: i64,
    support: Option<bool>,
    swing: Value,
) -> Result<SwingOut, AppError> {
    let text = object("swing", &swing)?;
    let txn = kernel::db::write_txn(db).await?;
    find_owned(&txn, scope, id).await?;
    let mut s = records::settings(&txn, id).await?;
    s.swing = text;
    if let Some(on) = support {
        s.support_swing = on;
    }
    records::store_settings(&txn, s).await?;
    txn.commit().await?;
    get_swing(db, scope, id).await
}

/// Marks vehicles as taking part in drop-and-hook operation (or not).
pub async fn set_support_swing(
    db: &DatabaseConnection,
    scope: &Scope,
    ids: &[i64],
    on: bool,
) -> Result<u64, AppError> {
    let ids = records::ids("carIds", ids)?;
    let txn = kernel::db::write_txn(db).await?;
    for v in super::find_owned_all(&txn, scope, &ids).await? {
        let mut s = records::settings(&txn, v.id).await?;
        s.support_swing = on;
        records::store_settings(&txn, s).await?;
    }
    txn.commit().await?;
    Ok(ids.len() as u64)
}

/// A vehicle's device settings (free-form object the receiver is configured with).
pub async fn device_setting(
    db: &DatabaseConnection,
    scope: &Scope,
    id: i64,
    setting: Option<Value>,
) -> Result<Value, AppError> {
    if let Some(v) = setting {
        let text = object("setting", &v)?;
        let txn = kernel::db::write_txn(db).await?;
        find_owned(&txn, scope, id).await?;
        let mut s = records::settings(&txn, id).await?;
        s.device_setting = text;
        records::store_settings(&txn, s).await?;
        txn.commit().await?;
    } else {
        find(db, scope, id).await?;
    }
    let s = records::settings(db, id).await?;
    Ok(serde_json::from_str(&s.device_setting).unwrap_or_else(|_| json!({})))
}
