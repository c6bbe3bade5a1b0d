//! Per-device records: the white table, sale records, CTWing registrations, factory test
//! records, heartbeat tests, receiver installs on vehicles (acceptor log) and the device's
//! journal (`captain_log`).

use chrono::{DateTime, Duration, Utc};
use entities::{
    acceptor_log, ctwing_log, device, device_command, device_heartbeat, device_sale,
    device_white_list, heartbeat_test, production_log, sensor, upgrade_task,
};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, Condition, DatabaseConnection, EntityTrait, IntoActiveModel,
    PaginatorTrait, QueryFilter, QueryOrder, QuerySelect, QueryTrait, Set,
};
use serde::{Deserialize, Serialize};
use serde_json::json;
use utoipa::ToSchema;

use super::devices::{DeviceRow, KIND_RECEIVER, parse_day, row, rows};
use super::{ent_condition, find, find_many, find_owned, refuse_read_only, required};
use crate::scope::Scope;
use kernel::error::AppError;
use kernel::paging::{self, PageQuery, PageResult};
use kernel::text;
use kernel::validate::limited;

/// The white table in scope, paged (devices allowed to connect).
pub async fn white_table(
    db: &DatabaseConnection,
    scope: &Scope,
    ent: Option<i64>,
    page: PageQuery,
) -> Result<PageResult<DeviceRow>, AppError> {
    let listed = device_white_list::Entity::find()
        .select_only()
        .column(device_white_list::Column::DeviceId)
        .into_query();
    let select = device::Entity::find()
        .filter(ent_condition(scope, device::Column::EnterpriseId, ent)?)
        .filter(device::Column::Id.in_subquery(listed))
        .order_by_asc(device::Column::Imei);
    let page = paging::fetch(db, select, page, |d| d).await?;
    let (list, head) = super::unpack(page);
    Ok(head.with(rows(db, list).await?))
}

/// Whether a device (in scope) is listed in the white table.
pub async fn is_white(
    db: &DatabaseConnection,
    scope: &Scope,
    id: Option<i64>,
    imei: Option<&str>,
) -> Result<bool, AppError> {
    let d = find(db, scope, id, imei).await?;
    Ok(device_white_list::Entity::find_by_id(d.id)
        .one(db)
        .await?
        .is_some())
}

/// Adds devices to (or, with `remove`, takes them off) the white table, all or none.
pub async fn save_table(
    db: &DatabaseConnection,
    scope: &Scope,
    ids: &[i64],
    remove: bool,
) -> Result<u64, AppError> {
    refuse_read_only(scope)?;
    let txn = kernel::db::write_txn(db).await?;
    let devices = find_many(&txn, scope, ids).await?;
    let mut changed = 0;
    for d in devices {
        let listed = device_white_list::Entity::find_by_id(d.id)
            .one(&txn)
            .await?;
        match (listed, remove) {
            (Some(l), true) => {
                l.into_active_model().delete(&txn).await?;
                changed += 1;
            }
            (None, false) => {
                device_white_list::ActiveModel {
                    device_id: Set(d.id),
                    remark: Set(String::new()),
                    created_at: Set(Utc::now()),
                }
                .insert(&txn)
                .await?;
                changed += 1;
            }
            _ => {}
        }
    }
    txn.commit().await?;
    Ok(changed)
}

/// A device's sale record.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Sale {
    /// 1–64 characters.
    #[serde(default)]
    pub customer: String,
    /// `YYYY-MM-DD`.
    #[serde(default, alias = "date")]
    pub sold_on: String,
    /// ≥ 0.
    #[serde(default)]
    pub price: f64,
    /// 0–120.
    #[serde(default, alias = "warranty")]
    pub warranty_months: i32,
    #[serde(default)]
    pub remark: String,
    /// When the warranty ends (`YYYY-MM-DD`); answers only.
    #[serde(default, skip_deserializing)]
    pub warranty_until: String,
}

fn sale_out(s: device_sale::Model) -> Sale {
    let until = parse_day("soldOn", &s.sold_on)
        .ok()
        .and_then(|d| {
            d.checked_add_months(chrono::Months::new(
                u32::try_from(s.warranty_months).unwrap_or(0),
            ))
        })
        .map(|d| d.format("%Y-%m-%d").to_string())
        .unwrap_or_default();
    Sale {
        customer: s.customer,
        sold_on: s.sold_on,
        price: s.price,
        warranty_months: s.warranty_months,
        remark: s.remark,
        warranty_until: until,
    }
}

/// A device's sale record (null when none).
pub async fn sale(
    db: &DatabaseConnection,
    scope: &Scope,
    id: Option<i64>,
    imei: Option<&str>,
) -> Result<Option<Sale>, AppError> {
    let d = find(db, scope, id, imei).await?;
    Ok(device_sale::Entity::find_by_id(d.id)
        .one(db)
        .await?
        .map(sale_out))
}

/// Records (or replaces) a device's sale.
pub async fn set_sale(
    db: &DatabaseConnection,
    scope: &Scope,
    id: Option<i64>,
    imei: Option<&str>,
    input: Sale,
) -> Result<Sale, AppError> {
    let customer = required("customer", Some(&input.customer), 64)?;
    parse_day("soldOn", &input.sold_on)?;
    if !input.price.is_finite() || input.price < 0.0 {
        return Err(AppError::fail(text!(
            "price 不能为负",
            "price must not be negative"
        )));
    }
    kernel::validate::in_range("warrantyMonths", input.warranty_months.into(), 0, 120)?;
    let remark = limited("remark", &input.remark, 255)?;
    let txn = kernel::db::write_txn(db).await?;
    let d = find_owned(&txn, scope, id, imei).await?;
    device_sale::Entity::delete_by_id(d.id).exec(&txn).await?;
    let saved = device_sale::ActiveModel {
        device_id: Set(d.id),
        customer: Set(customer),
        sold_on: Set(input.sold_on.trim().to_owned()),
        price: Set(input.price),
        warranty_months: Set(input.warranty_months),
        remark: Set(remark),
        updated_at: Set(Utc::now()),
    }
    .insert(&txn)
    .await?;
    txn.commit().await?;
    Ok(sale_out(saved))
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CtwingRow {
    pub id: i64,
    pub device_id: i64,
    pub imei: String,
    /// register.
    pub action: String,
    pub request: serde_json::Value,
    pub response: serde_json::Value,
    pub success: bool,
    pub created_at: DateTime<Utc>,
}

fn ctwing_row(l: ctwing_log::Model, imei: String) -> CtwingRow {
    CtwingRow {
        request: serde_json::from_str(&l.request).unwrap_or_default(),
        response: serde_json::from_str(&l.response).unwrap_or_default(),
        imei,
        id: l.id,
        device_id: l.device_id,
        action: l.action,
        success: l.success,
        created_at: l.created_at,
    }
}

/// Registers a device on CTWing (China Telecom's IoT platform): the registration request
/// and its result are recorded. The platform itself is not reachable from here, so the
/// result is decided locally: a device needs a China Telecom SIM (ICCID 898603/898611) and is
/// registered once.
pub async fn up_ctwing(
    db: &DatabaseConnection,
    scope: &Scope,
    id: Option<i64>,
    imei: Option<&str>,
) -> Result<CtwingRow, AppError> {
    let txn = kernel::db::write_txn(db).await?;
    let d = find_owned(&txn, scope, id, imei).await?;
    let registered = ctwing_log::Entity::find()
        .filter(ctwing_log::Column::DeviceId.eq(d.id))
        .filter(ctwing_log::Column::Success.eq(true))
        .count(&txn)
        .await?
        > 0;
    let carrier = super::carrier(&d.iccid);
    let (success, response) = if registered {
        (
            false,
            json!({"code": "DUPLICATE", "message": "device already registered"}),
        )
    } else if carrier != "telecom" {
        (
            false,
            json!({"code": "CARRIER", "message": format!("SIM carrier is {carrier}, CTWing needs China Telecom")}),
        )
    } else {
        (true, json!({"code": "OK", "deviceName": d.imei}))
    };
    let saved = ctwing_log::ActiveModel {
        enterprise_id: Set(d.enterprise_id),
        device_id: Set(d.id),
        action: Set("register".to_owned()),
        request: Set(json!({"imei": d.imei, "iccid": d.iccid, "sn": d.sn}).to_string()),
        response: Set(response.to_string()),
        success: Set(success),
        created_at: Set(Utc::now()),
        ..Default::default()
    }
    .insert(&txn)
    .await?;
    txn.commit().await?;
    Ok(ctwing_row(saved, d.imei))
}

/// CTWing log entries in scope (of one device when named), newest first.
pub async fn ctwing_log(
    db: &DatabaseConnection,
    scope: &Scope,
    id: Option<i64>,
    imei: Option<&str>,
    page: PageQuery,
) -> Result<PageResult<CtwingRow>, AppError> {
    let mut cond = Condition::all().add(scope.filter(ctwing_log::Column::EnterpriseId));
    if id.is_some() || imei.is_some() {
        cond = cond.add(ctwing_log::Column::DeviceId.eq(find(db, scope, id, imei).await?.id));
    }
    let select = ctwing_log::Entity::find()
        .filter(cond)
        .order_by_desc(ctwing_log::Column::Id);
    let page = paging::fetch(db, select, page, |l| l).await?;
    let (list, head) = super::unpack(page);
    let imeis = imei_map(db, list.iter().map(|l| l.device_id)).await?;
    Ok(head.with(
        list.into_iter()
            .map(|l| {
                let imei = imeis.get(&l.device_id).cloned().unwrap_or_default();
                ctwing_row(l, imei)
            })
            .collect(),
    ))
}

async fn imei_map(
    db: &DatabaseConnection,
    ids: impl Iterator<Item = i64>,
) -> Result<std::collections::HashMap<i64, String>, AppError> {
    let ids: Vec<i64> = ids.collect();
    Ok(device::Entity::find()
        .filter(device::Column::Id.is_in(ids))
        .all(db)
        .await?
        .into_iter()
        .map(|d| (d.id, d.imei))
        .collect())
}

/// A factory test record.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ProductionRecord {
    #[serde(default, skip_deserializing)]
    pub id: i64,
    pub imei: String,
    /// The test station, 1–32 characters.
    pub station: String,
    /// What was tested, 1–64 characters.
    pub item: String,
    pub passed: bool,
    #[serde(default)]
    pub detail: String,
    #[serde(default, skip_deserializing)]
    pub created_at: Option<DateTime<Utc>>,
}

/// Appends factory test records (`records`, from a test station; all or none) and answers
/// the records of the devices in scope (of one imei when given), newest first. Records are
/// kept by imei; a device sees those of its imei.
pub async fn production_log(
    db: &DatabaseConnection,
    scope: &Scope,
    imei: Option<&str>,
    records: &[ProductionRecord],
    page: PageQuery,
) -> Result<PageResult<ProductionRecord>, AppError> {
    if !records.is_empty() {
        refuse_read_only(scope)?;
        let txn = kernel::db::write_txn(db).await?;
        for r in records {
            let imei = super::devices::check_imei(&r.imei)?;
            find(&txn, scope, None, Some(&imei)).await?;
            production_log::ActiveModel {
                imei: Set(imei),
                station: Set(required("station", Some(&r.station), 32)?),
                item: Set(required("item", Some(&r.item), 64)?),
                passed: Set(r.passed),
                detail: Set(limited("detail", &r.detail, 255)?),
                created_at: Set(Utc::now()),
                ..Default::default()
            }
            .insert(&txn)
            .await?;
        }
        txn.commit().await?;
    }
    let in_scope = super::visible(scope)
        .select_only()
        .column(device::Column::Imei)
        .into_query();
    let mut select = production_log::Entity::find()
        .filter(production_log::Column::Imei.in_subquery(in_scope))
        .order_by_desc(production_log::Column::Id);
    if let Some(i) = imei.map(str::trim).filter(|i| !i.is_empty()) {
        select = select.filter(production_log::Column::Imei.eq(i));
    }
    paging::fetch(db, select, page, |l| ProductionRecord {
        id: l.id,
        imei: l.imei,
        station: l.station,
        item: l.item,
        passed: l.passed,
        detail: l.detail,
        created_at: Some(l.created_at),
    })
    .await
}

/// A heartbeat test with what the heartbeats showed.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct HeartbeatTestRow {
    pub id: i64,
    pub device_id: i64,
    pub imei: String,
    pub minutes: i32,
    pub started_at: DateTime<Utc>,
    pub ends_at: DateTime<Utc>,
    /// running or finished.
    pub state: String,
    /// Heartbeats received in the test window (so far).
    pub heartbeats: u64,
    /// The longest silence in seconds (from the start, between heartbeats, to the end or now).
    pub longest_gap_seconds: i64,
    /// Finished with at least one heartbeat and no silence over 10 minutes.
    pub passed: bool,
}

/// Starts a heartbeat test of `minutes` (1–1440) on a device.
pub async fn start_heartbeat_test(
    db: &DatabaseConnection,
    scope: &Scope,
    id: Option<i64>,
    imei: Option<&str>,
    minutes: i32,
) -> Result<HeartbeatTestRow, AppError> {
    kernel::validate::in_range("minutes", minutes.into(), 1, 1440)?;
    let d = find_owned(db, scope, id, imei).await?;
    let now = Utc::now();
    let saved = heartbeat_test::ActiveModel {
        enterprise_id: Set(d.enterprise_id),
        device_id: Set(d.id),
        minutes: Set(minutes),
        started_at: Set(now),
        ends_at: Set(now + Duration::minutes(minutes.into())),
        created_by: Set(Some(scope.user.id)),
        ..Default::default()
    }
    .insert(db)
    .await?;
    heartbeat_result(db, saved, d.imei).await
}

async fn heartbeat_result(
    db: &DatabaseConnection,
    t: heartbeat_test::Model,
    imei: String,
) -> Result<HeartbeatTestRow, AppError> {
    let now = Utc::now();
    let until = t.ends_at.min(now);
    let beats: Vec<DateTime<Utc>> = device_heartbeat::Entity::find()
        .select_only()
        .column(device_heartbeat::Column::At)
        .filter(device_heartbeat::Column::DeviceId.eq(t.device_id))
        .filter(device_heartbeat::Column::At.gte(t.started_at))
        .filter(device_heartbeat::Column::At.lte(until))
        .order_by_asc(device_heartbeat::Column::At)
        .into_tuple()
        .all(db)
        .await?;
    let mut last = t.started_at;
    let mut gap = 0;
    for at in beats.iter().chain(std::iter::once(&until)) {
        gap = gap.max((*at - last).num_seconds());
        last = *at;
    }
    let finished = now >= t.ends_at;
    Ok(HeartbeatTestRow {
        state: if finished { "finished" } else { "running" }.to_owned(),
        heartbeats: beats.len() as u64,
        longest_gap_seconds: gap,
        passed: finished && !beats.is_empty() && gap <= super::ONLINE_MINUTES * 60,
        id: t.id,
        device_id: t.device_id,
        imei,
        minutes: t.minutes,
        started_at: t.started_at,
        ends_at: t.ends_at,
    })
}

/// Heartbeat tests in scope (of one device when named), newest first, with their results.
pub async fn heartbeat_tests(
    db: &DatabaseConnection,
    scope: &Scope,
    id: Option<i64>,
    imei: Option<&str>,
    page: PageQuery,
) -> Result<PageResult<HeartbeatTestRow>, AppError> {
    let mut cond = Condition::all().add(scope.filter(heartbeat_test::Column::EnterpriseId));
    if id.is_some() || imei.is_some() {
        cond = cond.add(heartbeat_test::Column::DeviceId.eq(find(db, scope, id, imei).await?.id));
    }
    let select = heartbeat_test::Entity::find()
        .filter(cond)
        .order_by_desc(heartbeat_test::Column::Id);
    let (found, head) = super::unpack(paging::fetch(db, select, page, |t| t).await?);
    let imeis = imei_map(db, found.iter().map(|t| t.device_id)).await?;
    let mut list = Vec::with_capacity(found.len());
    for t in found {
        let imei = imeis.get(&t.device_id).cloned().unwrap_or_default();
        list.push(heartbeat_result(db, t, imei).await?);
    }
    Ok(head.with(list))
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AcceptorRow {
    pub id: i64,
    pub ent_id: i64,
    pub vehicle_id: Option<i64>,
    pub device_id: Option<i64>,
    pub previous_device_id: Option<i64>,
    /// install, replace or remove.
    pub action: String,
    pub remark: String,
    pub operator_id: Option<i64>,
    pub created_at: DateTime<Utc>,
}

/// Fits a receiver to a vehicle (`imei` given), replacing the one it had (its sensors move to
/// the new receiver), or takes the vehicle's receiver off (`imei` empty). One transaction,
/// logged in the acceptor log. Answers the vehicle's receiver (null after a removal).
pub async fn up_acceptor(
    db: &DatabaseConnection,
    scope: &Scope,
    vehicle_id: i64,
    imei: Option<&str>,
    remark: Option<&str>,
) -> Result<Option<DeviceRow>, AppError> {
    let remark = limited("remark", remark.unwrap_or_default(), 255)?;
    let txn = kernel::db::write_txn(db).await?;
    let v = crate::vehicle::find_owned(&txn, scope, vehicle_id).await?;
    let current = device::Entity::find()
        .filter(device::Column::VehicleId.eq(v.id))
        .filter(device::Column::Kind.eq(KIND_RECEIVER))
        .one(&txn)
        .await?;
    let now = Utc::now();
    let fitted = match imei.map(str::trim).filter(|i| !i.is_empty()) {
        Some(imei) => {
            let d = find_owned(&txn, scope, None, Some(imei)).await?;
            if d.kind != KIND_RECEIVER {
                return Err(AppError::fail(text!(
                    "{} 不是接收器",
                    "{} is not a receiver",
                    d.imei
                )));
            }
            if d.enterprise_id != v.enterprise_id {
                return Err(AppError::fail(text!(
                    "接收器 {} 与车辆 {} 不属于同一企业",
                    "Receiver {} and vehicle {} belong to different enterprises",
                    d.imei,
                    v.plate
                )));
            }
            if d.vehicle_id.is_some_and(|other| other != v.id) {
                return Err(AppError::fail(text!(
                    "接收器 {} 已安装在其他车辆上",
                    "Receiver {} is fitted to another vehicle",
                    d.imei
                )));
            }
            Some(d)
        }
        None => None,
    };
    if current.as_ref().map(|c| c.id) == fitted.as_ref().map(|f| f.id) {
        txn.commit().await?;
        return Ok(match fitted {
            Some(f) => Some(row(db, f).await?),
            None => None,
        });
    }
    if let Some(c) = &current {
        let mut a = c.clone().into_active_model();
        a.vehicle_id = Set(None);
        a.updated_at = Set(now);
        a.update(&txn).await?;
    }
    let fitted = match fitted {
        Some(f) => {
            let mut a = f.into_active_model();
            a.vehicle_id = Set(Some(v.id));
            a.updated_at = Set(now);
            let saved = a.update(&txn).await?;
            if let Some(c) = &current {
                sensor::Entity::update_many()
                    .col_expr(
                        sensor::Column::DeviceId,
                        sea_orm::sea_query::Expr::value(saved.id),
                    )
                    .filter(sensor::Column::DeviceId.eq(c.id))
                    .filter(sensor::Column::VehicleId.eq(v.id))
                    .exec(&txn)
                    .await?;
            }
            Some(saved)
        }
        None => None,
    };
    let action = match (&current, &fitted) {
        (None, Some(_)) => "install",
        (Some(_), Some(_)) => "replace",
        _ => "remove",
    };
    acceptor_log::ActiveModel {
        enterprise_id: Set(v.enterprise_id),
        vehicle_id: Set(Some(v.id)),
        device_id: Set(fitted.as_ref().map(|f| f.id)),
        previous_device_id: Set(current.map(|c| c.id)),
        action: Set(action.to_owned()),
        remark: Set(remark),
        operator_id: Set(Some(scope.user.id)),
        created_at: Set(now),
        ..Default::default()
    }
    .insert(&txn)
    .await?;
    txn.commit().await?;
    Ok(match fitted {
        Some(f) => Some(row(db, f).await?),
        None => None,
    })
}

/// The acceptor log in scope (of one vehicle or device when given), newest first.
pub async fn acceptor_log(
    db: &DatabaseConnection,
    scope: &Scope,
    vehicle_id: Option<i64>,
    device_id: Option<i64>,
    page: PageQuery,
) -> Result<PageResult<AcceptorRow>, AppError> {
    let mut cond = Condition::all().add(scope.filter(acceptor_log::Column::EnterpriseId));
    if let Some(v) = vehicle_id {
        cond = cond.add(acceptor_log::Column::VehicleId.eq(v));
    }
    if let Some(d) = device_id {
        cond = cond.add(
            Condition::any()
                .add(acceptor_log::Column::DeviceId.eq(d))
                .add(acceptor_log::Column::PreviousDeviceId.eq(d)),
        );
    }
    let select = acceptor_log::Entity::find()
        .filter(cond)
        .order_by_desc(acceptor_log::Column::Id);
    paging::fetch(db, select, page, |l| AcceptorRow {
        id: l.id,
        ent_id: l.enterprise_id,
        vehicle_id: l.vehicle_id,
        device_id: l.device_id,
        previous_device_id: l.previous_device_id,
        action: l.action,
        remark: l.remark,
        operator_id: l.operator_id,
        created_at: l.created_at,
    })
    .await
}

/// One entry of a device's journal.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct JournalEntry {
    /// command, upgrade, acceptor or ctwing.
    pub source: String,
    pub id: i64,
    /// What happened, in the request's language.
    pub summary: String,
    pub at: DateTime<Utc>,
}

/// How many of each source the journal reads (the newest).
const JOURNAL_DEPTH: u64 = 200;

/// A device's journal: its commands, upgrades, receiver changes and CTWing registrations
/// merged newest first (at most 200 of each), paged.
pub async fn journal(
    db: &DatabaseConnection,
    scope: &Scope,
    id: Option<i64>,
    imei: Option<&str>,
    page: PageQuery,
) -> Result<PageResult<JournalEntry>, AppError> {
    let page = page.checked()?;
    let d = find(db, scope, id, imei).await?;
    let mut all = Vec::new();
    for c in device_command::Entity::find()
        .filter(device_command::Column::DeviceId.eq(d.id))
        .order_by_desc(device_command::Column::Id)
        .limit(JOURNAL_DEPTH)
        .all(db)
        .await?
    {
        let row = super::commands::command_row(c, d.imei.clone());
        all.push(JournalEntry {
            source: "command".into(),
            id: row.id,
            summary: format!("{} {} · {}", row.kind, row.payload, row.status_name),
            at: row.created_at,
        });
    }
    for t in upgrade_task::Entity::find()
        .filter(upgrade_task::Column::DeviceId.eq(d.id))
        .order_by_desc(upgrade_task::Column::Id)
        .limit(JOURNAL_DEPTH)
        .all(db)
        .await?
    {
        all.push(JournalEntry {
            source: "upgrade".into(),
            summary: text!(
                "升级 {} → {}（状态 {}）",
                "upgrade {} → {} (status {})",
                t.from_version,
                t.target_version,
                t.status
            )
            .current()
            .to_owned(),
            id: t.id,
            at: t.updated_at,
        });
    }
    for l in acceptor_log::Entity::find()
        .filter(
            Condition::any()
                .add(acceptor_log::Column::DeviceId.eq(d.id))
                .add(acceptor_log::Column::PreviousDeviceId.eq(d.id)),
        )
        .order_by_desc(acceptor_log::Column::Id)
        .limit(JOURNAL_DEPTH)
        .all(db)
        .await?
    {
        all.push(JournalEntry {
            source: "acceptor".into(),
            summary: format!("{} vehicle {}", l.action, l.vehicle_id.unwrap_or_default()),
            id: l.id,
            at: l.created_at,
        });
    }
    for l in ctwing_log::Entity::find()
        .filter(ctwing_log::Column::DeviceId.eq(d.id))
        .order_by_desc(ctwing_log::Column::Id)
        .limit(JOURNAL_DEPTH)
        .all(db)
        .await?
    {
        all.push(JournalEntry {
            source: "ctwing".into(),
            summary: format!("{} success={}", l.action, l.success),
            id: l.id,
            at: l.created_at,
        });
    }
    all.sort_by(|a, b| b.at.cmp(&a.at).then_with(|| b.id.cmp(&a.id)));
    let total = all.len() as u64;
    Ok(page.of(all, total))
}

/// The mini-program entries an installer opens (applets): name, app id and page path.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Applet {
    pub key: &'static str,
    pub name: String,
    pub path: &'static str,
}

/// The installer mini-program pages (fixed by the product).
pub fn applets() -> Vec<Applet> {
    vec![
        Applet {
            key: "install",
            name: text!("设备安装", "device installation")
                .current()
                .to_owned(),
            path: "/pages/install/index",
        },
        Applet {
            key: "sensor",
            name: text!("传感器绑定", "sensor binding").current().to_owned(),
            path: "/pages/sensor/bind",
        },
        Applet {
            key: "check",
            name: text!("安装检测", "installation check").current().to_owned(),
            path: "/pages/check/index",
        },
    ]
}
