//! Looking devices up: imei↔serial number, and the repeaters under a receiver.

use super::{DeviceRow, KIND_REPEATER, parent_receiver, row, rows};
use crate::device::find;
use crate::scope::Scope;
use chrono::Utc;
use entities::device;
use kernel::changes::{Change, announce};
use kernel::error::AppError;
use kernel::text;
use sea_orm::{
    ActiveModelTrait, ColumnTrait, Condition, DatabaseConnection, EntityTrait, IntoActiveModel,
    QueryFilter, QueryOrder, Set,
};
use serde::Serialize;
use utoipa::ToSchema;

/// An imei with its serial number.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ImeiSn {
    pub id: i64,
    pub imei: String,
    pub sn: Option<String>,
    pub part_no: String,
}

/// Looks devices up by imei or sn (each key matched against both), in scope; unknown keys
/// are simply absent from the answer.
pub async fn imei_sn(
    db: &DatabaseConnection,
    scope: &Scope,
    keys: &[String],
) -> Result<Vec<ImeiSn>, AppError> {
    let keys: Vec<String> = keys
        .iter()
        .map(|k| k.trim().to_owned())
        .filter(|k| !k.is_empty())
        .collect();
    if keys.is_empty() || keys.len() > 500 {
        return Err(AppError::fail(text!(
            "keys 须有 1 到 500 个 imei 或 sn",
            "keys must hold 1 to 500 imeis or sns"
        )));
    }
    Ok(crate::device::visible(scope)
        .filter(
            Condition::any()
                .add(device::Column::Imei.is_in(keys.clone()))
                .add(device::Column::Sn.is_in(keys)),
        )
        .order_by_asc(device::Column::Imei)
        .all(db)
        .await?
        .into_iter()
        .map(|d| ImeiSn {
            id: d.id,
            imei: d.imei,
            sn: d.sn,
            part_no: d.part_no,
        })
        .collect())
}

/// A receiver with its repeaters.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReceiverRepeaters {
    pub receiver: DeviceRow,
    pub repeaters: Vec<DeviceRow>,
}

/// Moves a repeater under another receiver of its enterprise (`parent_imei`), or only
/// answers the receiver's family when `parent_imei` is absent. Answers the (new) receiver
/// with its repeaters.
pub async fn parent_number(
    db: &DatabaseConnection,
    scope: &Scope,
    id: Option<i64>,
    imei: Option<&str>,
    parent_imei: Option<&str>,
) -> Result<ReceiverRepeaters, AppError> {
    let txn = kernel::db::write_txn(db).await?;
    let found = find(&txn, scope, id, imei).await?;
    let receiver = match parent_imei.map(str::trim).filter(|p| !p.is_empty()) {
        Some(p) => {
            crate::device::refuse_read_only(scope)?;
            if found.kind != KIND_REPEATER {
                return Err(AppError::fail(text!(
                    "{} 不是中继器",
                    "{} is not a repeater",
                    found.imei
                )));
            }
            let parent = parent_receiver(&txn, found.enterprise_id, p).await?;
            let mut active = found.into_active_model();
            active.parent_id = Set(Some(parent.id));
            active.updated_at = Set(Utc::now());
            active.update(&txn).await?;
            announce(Change::Repeaters);
            parent
        }
        None => match found.parent_id {
            Some(p) => find(&txn, scope, Some(p), None).await?,
            None => found,
        },
    };
    txn.commit().await?;
    let repeaters = device::Entity::find()
        .filter(device::Column::ParentId.eq(receiver.id))
        .order_by_asc(device::Column::Id)
        .all(db)
        .await?;
    Ok(ReceiverRepeaters {
        receiver: row(db, receiver).await?,
        repeaters: rows(db, repeaters).await?,
    })
}
