//! The smaller vehicle calls: drop-and-hook (swing) settings, device settings, live states of
//! chosen vehicles, docking-platform synchronisation records, the demonstration fleet,
//! enterprise pickers and the vehicle image catalogue.

use std::collections::HashMap;

use chrono::Utc;
use entities::{device, enterprise, vehicle, vehicle_state, vehicle_sync};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, Condition, ConnectionTrait, DatabaseConnection, EntityTrait,
    PaginatorTrait, QueryFilter, QueryOrder, QuerySelect, Set,
};
use serde::Serialize;
use serde_json::{Value, json};
use utoipa::ToSchema;

use super::records::{self, StateOut, VehicleInput};
use super::{find, find_owned};
use crate::scope::Scope;
use kernel::error::AppError;
use kernel::paging::{self, PageQuery, PageResult};
use kernel::text;

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
    for id in &ids {
        find_owned(&txn, scope, *id).await?;
        let mut s = records::settings(&txn, *id).await?;
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

/// The live state of one vehicle.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct VehicleStateRow {
    pub car_id: i64,
    pub plate: String,
    pub state: StateOut,
}

/// state_list: the live states of the named vehicles (those the scope sees; at most 500).
pub async fn states(
    db: &impl ConnectionTrait,
    scope: &Scope,
    ids: &[i64],
) -> Result<Vec<VehicleStateRow>, AppError> {
    let ids = records::ids("carIds", ids)?;
    if ids.len() > 500 {
        return Err(AppError::fail(text!(
            "carIds 最多 500 个",
            "carIds holds at most 500 ids"
        )));
    }
    let vehicles = super::visible(scope)
        .filter(vehicle::Column::Id.is_in(ids.clone()))
        .order_by_asc(vehicle::Column::Id)
        .all(db)
        .await?;
    let states: HashMap<i64, vehicle_state::Model> = vehicle_state::Entity::find()
        .filter(vehicle_state::Column::VehicleId.is_in(vehicles.iter().map(|v| v.id)))
        .all(db)
        .await?
        .into_iter()
        .map(|s| (s.vehicle_id, s))
        .collect();
    Ok(vehicles
        .into_iter()
        .filter_map(|v| {
            states.get(&v.id).map(|s| VehicleStateRow {
                car_id: v.id,
                plate: v.plate,
                state: StateOut::from_model(s),
            })
        })
        .collect())
}

/// What a synchronisation with the docking platform found.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SyncRow {
    pub id: i64,
    pub enterprise_id: i64,
    pub platform: i16,
    pub operator_id: i64,
    /// `{vehicles, withReceiver, withoutReceiver, added, removed, plates}`: the enterprise's
    /// vehicles as reported to the platform and the change since the previous report.
    pub summary: Value,
    pub created: i64,
}

impl From<vehicle_sync::Model> for SyncRow {
    fn from(s: vehicle_sync::Model) -> Self {
        Self {
            id: s.id,
            enterprise_id: s.enterprise_id,
            platform: s.platform,
            operator_id: s.operator_id,
            summary: serde_json::from_str(&s.summary).unwrap_or_else(|_| json!({})),
            created: s.created_at.timestamp_millis(),
        }
    }
}

/// Records a synchronisation of the enterprise's vehicles with its docking platform: the
/// vehicles reported, and which were added or removed since the previous one. (No external
/// call is made: the platform's own connector reads these records.)
pub async fn synchronize(
    db: &DatabaseConnection,
    scope: &Scope,
    ent: Option<i64>,
    platform: i16,
) -> Result<SyncRow, AppError> {
    super::writable(scope)?;
    if !(0..=13).contains(&platform) {
        return Err(AppError::fail(text!(
            "platform 须在 0 到 13 之间",
            "platform must be between 0 and 13"
        )));
    }
    let ent = scope.acting(ent)?;
    let txn = kernel::db::write_txn(db).await?;
    crate::enterprise::find_visible(&txn, scope, ent).await?;
    let vehicles = vehicle::Entity::find()
        .filter(vehicle::Column::EnterpriseId.eq(ent))
        .order_by_asc(vehicle::Column::Plate)
        .all(&txn)
        .await?;
    let with_receiver = device::Entity::find()
        .filter(device::Column::EnterpriseId.eq(ent))
        .filter(device::Column::Kind.eq(0))
        .filter(device::Column::VehicleId.is_not_null())
        .count(&txn)
        .await?;
    let plates: Vec<String> = vehicles.iter().map(|v| v.plate.clone()).collect();
    let previous: Vec<String> = vehicle_sync::Entity::find()
        .filter(vehicle_sync::Column::EnterpriseId.eq(ent))
        .filter(vehicle_sync::Column::Platform.eq(platform))
        .order_by_desc(vehicle_sync::Column::Id)
        .one(&txn)
        .await?
        .and_then(|s| serde_json::from_str::<Value>(&s.summary).ok())
        .and_then(|v| serde_json::from_value(v["plates"].clone()).ok())
        .unwrap_or_default();
    let added: Vec<&String> = plates.iter().filter(|p| !previous.contains(p)).collect();
    let removed: Vec<&String> = previous.iter().filter(|p| !plates.contains(p)).collect();
    let summary = json!({
        "vehicles": vehicles.len(),
        "withReceiver": with_receiver,
        "withoutReceiver": (vehicles.len() as u64).saturating_sub(with_receiver),
        "added": added,
        "removed": removed,
        "plates": plates,
    });
    let saved = vehicle_sync::ActiveModel {
        enterprise_id: Set(ent),
        platform: Set(platform),
        operator_id: Set(scope.user.id),
        summary: Set(summary.to_string()),
        created_at: Set(Utc::now()),
        ..Default::default()
    }
    .insert(&txn)
    .await?;
    txn.commit().await?;
    Ok(saved.into())
}

/// synchronization2: the synchronisation records in scope, newest first.
pub async fn sync_records(
    db: &DatabaseConnection,
    scope: &Scope,
    ent: Option<i64>,
    page: PageQuery,
) -> Result<PageResult<SyncRow>, AppError> {
    let mut cond = Condition::all().add(scope.filter(vehicle_sync::Column::EnterpriseId));
    if let Some(e) = ent.filter(|e| *e != 0) {
        scope.require(e)?;
        cond = cond.add(vehicle_sync::Column::EnterpriseId.eq(e));
    }
    let select = vehicle_sync::Entity::find()
        .filter(cond)
        .order_by_desc(vehicle_sync::Column::Id);
    paging::fetch(db, select, page, SyncRow::from).await
}

/// The demonstration fleet: tractors with trailers and a bus, plates `DEMO<ent>-<n>`.
const DEMO_FLEET: &[(i16, &str)] = &[
    (0, "2,4,4"),
    (0, "2,4"),
    (1, "4,4,4"),
    (1, "4,4"),
    (2, "2,4"),
];

/// Creates a demonstration fleet for the acting enterprise (refused when it has one):
/// tractors with hitched trailers and a bus, with their wheels and states. Answers the ids.
pub async fn found_demonstration(
    db: &DatabaseConnection,
    scope: &Scope,
    ent: Option<i64>,
) -> Result<Vec<i64>, AppError> {
    let ent = scope.acting(ent)?;
    let prefix = format!("DEMO{ent}-");
    let exists = vehicle::Entity::find()
        .filter(vehicle::Column::EnterpriseId.eq(ent))
        .filter(kernel::search::starts_with(vehicle::Column::Plate, &prefix))
        .one(db)
        .await?;
    if exists.is_some() {
        return Err(AppError::fail(text!(
            "企业 {} 已有演示车队",
            "Enterprise {} has a demonstration fleet already",
            ent
        )));
    }
    let mut ids = Vec::new();
    for (n, (kind, layout)) in DEMO_FLEET.iter().enumerate() {
        ids.push(
            records::save(
                db,
                scope,
                VehicleInput {
                    enterprise_id: Some(ent),
                    plate: Some(format!("{prefix}{}", n + 1)),
                    kind: Some(*kind),
                    axle_layout: Some((*layout).to_owned()),
                    remark: Some("demo".into()),
                    ..VehicleInput::default()
                },
            )
            .await?,
        );
    }
    // Each tractor pulls one of the trailers.
    for (tractor, trailer) in [(ids[0], ids[2]), (ids[1], ids[3])] {
        super::trailers::change(db, scope, tractor, Some(trailer), Default::default()).await?;
    }
    Ok(ids)
}

/// An enterprise for pickers.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FirmOut {
    pub ent_id: i64,
    pub ent_name: String,
    pub parent_id: Option<i64>,
}

/// searchFirms: enterprises in scope whose name contains `keyword` (at most 50).
pub async fn search_firms(
    db: &impl ConnectionTrait,
    scope: &Scope,
    keyword: &str,
) -> Result<Vec<FirmOut>, AppError> {
    let mut q = enterprise::Entity::find().filter(scope.filter(enterprise::Column::Id));
    let k = keyword.trim();
    if !k.is_empty() {
        q = q.filter(kernel::search::contains(enterprise::Column::EntName, k));
    }
    Ok(q.order_by_asc(enterprise::Column::Id)
        .limit(50)
        .all(db)
        .await?
        .into_iter()
        .map(|e| FirmOut {
            ent_id: e.id,
            ent_name: e.ent_name,
            parent_id: e.parent_id,
        })
        .collect())
}

/// A vehicle image the console picks by `deviceTypeId`.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct VehiclePicture {
    pub device_type_id: i16,
    pub name: String,
    pub url: String,
}

const PICTURES: &[(&str, &str)] = &[
    ("牵引车", "tractor"),
    ("挂车", "trailer"),
    ("厢式货车", "box truck"),
    ("自卸车", "dump truck"),
    ("罐车", "tanker"),
    ("客车", "bus"),
    ("轻卡", "light truck"),
    ("冷藏车", "refrigerated truck"),
    ("搅拌车", "mixer"),
    ("平板车", "flatbed"),
    ("工程车", "engineering vehicle"),
    ("其他", "other"),
];

/// getPicture: the vehicle images by deviceTypeId, names in the request's language.
pub fn pictures() -> Vec<VehiclePicture> {
    PICTURES
        .iter()
        .enumerate()
        .map(|(i, (zh, en))| VehiclePicture {
            device_type_id: i16::try_from(i).unwrap_or_default(),
            name: kernel::i18n::Text::new(*zh, *en).current().to_owned(),
            url: format!("/img/vehicle/{i}.png"),
        })
        .collect()
}
