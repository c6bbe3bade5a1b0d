//! Service records with priced lines (docs/stock.md, "Service records"): labour, parts and
//! tyres from the item catalogue; part lines issue stock in the record's transaction.

use std::collections::{BTreeMap, BTreeSet, HashMap};

use chrono::{DateTime, Datelike, NaiveDate, Utc};
use entities::{car_service, car_service_line, stock_item, vehicle};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, Condition, DatabaseConnection, EntityTrait, QueryFilter,
    QueryOrder, QuerySelect, Set, sea_query::Expr,
};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::catalogue::{item_of, stocked, warehouse_of};
use super::ledger::{self, Doc, Kind, Posting};
use super::refused;
use super::{Collected, LABOUR, TYRE, money, people, plates, settings};
use crate::live::hub::LiveHub;
use crate::scope::Scope;
use kernel::error::AppError;
use kernel::paging::PageQuery;
use kernel::text;
use kernel::validate::non_negative;

/// A line of a new service record.
#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = ServiceLineInput)]
pub struct LineInput {
    pub item_id: i64,
    pub quantity: f64,
    /// Default: the item's price (labour: the service setting's rate when the item has none).
    pub unit_price: Option<f64>,
    /// Where a part comes from (default: the service setting's warehouse).
    pub warehouse_id: Option<i64>,
}

/// A line as answered.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = ServiceLine)]
pub struct Line {
    pub item_id: i64,
    pub kind: i16,
    pub name: String,
    pub unit: String,
    pub quantity: f64,
    pub unit_price: f64,
    pub amount: f64,
    pub warehouse_id: Option<i64>,
}

/// Checks and prices the lines of a new record of vehicle `v`; writes them with the stock they
/// take once the record exists ([`write_lines`]).
pub(crate) struct Priced {
    lines: Vec<(stock_item::Model, LineInput, f64, Option<i64>)>,
    pub labour: f64,
    pub parts: f64,
}

pub(crate) async fn price_lines(
    db: &DatabaseConnection,
    scope: &Scope,
    ent: i64,
    lines: &[LineInput],
) -> Result<Priced, AppError> {
    if lines.len() > 100 {
        return Err(refused("lines", text!("最多 100 行", "At most 100 lines")));
    }
    let setting = settings::of(db, ent).await?;
    let mut out = Priced {
        lines: Vec::new(),
        labour: 0.0,
        parts: 0.0,
    };
    for (n, l) in lines.iter().enumerate() {
        let at = |f: &str| format!("create.lines[{n}].{f}");
        let item = item_of(db, ent, l.item_id, &at("itemId")).await?;
        if !(l.quantity.is_finite() && l.quantity > 0.0 && l.quantity < 1e6) {
            return Err(refused(
                at("quantity"),
                text!(
                    "{}：数量须大于 0",
                    "{}: the quantity must be more than 0",
                    at("quantity")
                ),
            ));
        }
        if item.kind == TYRE {
            return Err(refused(
                at("itemId"),
                text!(
                    "{}：轮胎通过装胎记入车辆（轮胎管理）",
                    "{}: tyres are put on a vehicle by mounting them (tyre inventory)",
                    at("itemId")
                ),
            ));
        }
        let default_price = if item.kind == LABOUR && item.price == 0.0 {
            setting.labour_rate
        } else {
            item.price
        };
        let price = non_negative(&at("unitPrice"), l.unit_price.unwrap_or(default_price))?;
        let warehouse = if stocked(item.kind) {
            let id = l
                .warehouse_id
                .or(setting.default_warehouse_id)
                .ok_or_else(|| {
                    refused(
                        at("warehouseId"),
                        text!(
                            "{}：配件须选择出库仓库",
                            "{}: a part needs the warehouse it comes from",
                            at("warehouseId")
                        ),
                    )
                })?;
            let w = warehouse_of(db, scope, id, &at("warehouseId")).await?;
            if w.enterprise_id != ent {
                return Err(refused(
                    at("warehouseId"),
                    text!(
                        "仓库 {} 不属于该企业",
                        "Warehouse {} belongs to another enterprise",
                        id
                    ),
                ));
            }
            Some(w.id)
        } else {
            None
        };
        let amount = money(price * l.quantity);
        if item.kind == LABOUR {
            out.labour += amount;
        } else {
            out.parts += amount;
        }
        out.lines.push((item, l.clone(), price, warehouse));
    }
    out.labour = money(out.labour);
    out.parts = money(out.parts);
    Ok(out)
}

/// Writes the lines of record `service` and issues its parts (one document).
pub(crate) async fn write_lines(
    txn: &sea_orm::DatabaseTransaction,
    scope: &Scope,
    record: &car_service::Model,
    priced: Priced,
    low: &mut Vec<ledger::LowStock>,
) -> Result<(), AppError> {
    if priced.lines.is_empty() {
        return Ok(());
    }
    let setting = settings::of(txn, record.enterprise_id).await?;
    let mut postings = Vec::new();
    for (n, (item, l, price, warehouse)) in priced.lines.into_iter().enumerate() {
        car_service_line::ActiveModel {
            service_id: Set(record.id),
            item_id: Set(item.id),
            quantity: Set(l.quantity),
            unit_price: Set(price),
            amount: Set(money(price * l.quantity)),
            warehouse_id: Set(warehouse),
            ..Default::default()
        }
        .insert(txn)
        .await?;
        if let Some(w) = warehouse {
            postings.push(Posting {
                warehouse_id: w,
                item,
                quantity: -l.quantity,
                unit_cost: None,
                unit_price: None,
                tyre_ids: Vec::new(),
                field: format!("create.lines[{n}].quantity"),
            });
        }
    }
    if !postings.is_empty() {
        let now = Utc::now();
        let doc = Doc {
            ent: record.enterprise_id,
            doc_no: ledger::DOC_NUMBERS
                .next(txn, record.enterprise_id, now)
                .await?,
            kind: Kind::Issue,
            by: scope.user.id,
            at: record.serviced_at,
            supplier_id: None,
            customer_id: None,
            vehicle_id: Some(record.vehicle_id),
            work_order_id: record.work_order_id,
            remark: format!("{} #{}", record.item, record.id),
        };
        ledger::post_all(txn, &setting, &doc, postings, low).await?;
    }
    Ok(())
}

/// A service record.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ServiceRecord {
    pub id: i64,
    pub ent_id: i64,
    pub vehicle_id: i64,
    pub plate: String,
    pub item: String,
    pub content: String,
    pub mileage: Option<f64>,
    pub labour_cost: f64,
    pub parts_cost: f64,
    pub cost: Option<f64>,
    pub serviced_at: DateTime<Utc>,
    pub work_order_id: Option<i64>,
    pub created_by: i64,
    pub created_by_name: String,
    pub lines: Vec<Line>,
}

async fn records_out(
    db: &DatabaseConnection,
    rows: Vec<car_service::Model>,
) -> Result<Vec<ServiceRecord>, AppError> {
    let lines = car_service_line::Entity::find()
        .filter(car_service_line::Column::ServiceId.is_in(rows.iter().map(|r| r.id)))
        .order_by_asc(car_service_line::Column::Id)
        .all(db)
        .await?;
    let items: HashMap<i64, stock_item::Model> = stock_item::Entity::find()
        .filter(
            stock_item::Column::Id.is_in(lines.iter().map(|l| l.item_id).collect::<BTreeSet<_>>()),
        )
        .all(db)
        .await?
        .into_iter()
        .map(|i| (i.id, i))
        .collect();
    let mut by_record: HashMap<i64, Vec<Line>> = HashMap::new();
    for l in lines {
        let item = items.get(&l.item_id);
        by_record.entry(l.service_id).or_default().push(Line {
            item_id: l.item_id,
            kind: item.map_or(0, |i| i.kind),
            name: item.map(|i| i.name.clone()).unwrap_or_default(),
            unit: item.map(|i| i.unit.clone()).unwrap_or_default(),
            quantity: l.quantity,
            unit_price: l.unit_price,
            amount: l.amount,
            warehouse_id: l.warehouse_id,
        });
    }
    let plates = plates(db, rows.iter().map(|r| r.vehicle_id)).await?;
    let who = people(db, rows.iter().map(|r| r.created_by)).await?;
    Ok(rows
        .into_iter()
        .map(|r| ServiceRecord {
            plate: plates.get(&r.vehicle_id).cloned().unwrap_or_default(),
            created_by_name: who.get(&r.created_by).cloned().unwrap_or_default(),
            lines: by_record.remove(&r.id).unwrap_or_default(),
            id: r.id,
            ent_id: r.enterprise_id,
            vehicle_id: r.vehicle_id,
            item: r.item,
            content: r.content,
            mileage: r.mileage,
            labour_cost: r.labour_cost,
            parts_cost: r.parts_cost,
            cost: r.cost,
            serviced_at: r.serviced_at,
            work_order_id: r.work_order_id,
            created_by: r.created_by,
        })
        .collect())
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ServiceQuery {
    #[serde(flatten)]
    pub page: PageQuery,
    #[serde(default, alias = "ent_id", alias = "enterpriseId")]
    pub ent_id: Option<i64>,
    pub vehicle_id: Option<i64>,
    /// What was done or the plate.
    #[serde(default)]
    pub keyword: String,
    /// Records with a line of this item.
    pub item_id: Option<i64>,
    pub from: Option<DateTime<Utc>>,
    pub to: Option<DateTime<Utc>>,
}

#[derive(Debug, Default, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ServiceCollect {
    pub count: u64,
    pub labour_cost: f64,
    pub parts_cost: f64,
    pub cost: f64,
}

fn service_filter(ent: i64, q: &ServiceQuery) -> Condition {
    let mut c = Condition::all().add(car_service::Column::EnterpriseId.eq(ent));
    if let Some(v) = q.vehicle_id {
        c = c.add(car_service::Column::VehicleId.eq(v));
    }
    let keyword = q.keyword.trim();
    if !keyword.is_empty() {
        let by_plate = vehicle::Entity::find()
            .select_only()
            .column(vehicle::Column::Id)
            .filter(vehicle::Column::EnterpriseId.eq(ent))
            .filter(kernel::search::contains(vehicle::Column::Plate, keyword));
        c = c.add(
            Condition::any()
                .add(kernel::search::contains(car_service::Column::Item, keyword))
                .add(kernel::search::contains(
                    car_service::Column::Content,
                    keyword,
                ))
                .add(
                    car_service::Column::VehicleId
                        .in_subquery(sea_orm::QueryTrait::into_query(by_plate)),
                ),
        );
    }
    if let Some(i) = q.item_id {
        let with_item = car_service_line::Entity::find()
            .select_only()
            .column(car_service_line::Column::ServiceId)
            .filter(car_service_line::Column::ItemId.eq(i));
        c = c.add(car_service::Column::Id.in_subquery(sea_orm::QueryTrait::into_query(with_item)));
    }
    if let Some(f) = q.from {
        c = c.add(car_service::Column::ServicedAt.gte(f));
    }
    if let Some(t) = q.to {
        c = c.add(car_service::Column::ServicedAt.lt(t));
    }
    c
}

/// Service records of the enterprise's vehicles, newest service first, with totals.
pub async fn list(
    db: &DatabaseConnection,
    scope: &Scope,
    q: ServiceQuery,
) -> Result<Collected<ServiceRecord, ServiceCollect>, AppError> {
    let page = q.page.checked()?;
    let ent = scope.acting(q.ent_id)?;
    let cond = service_filter(ent, &q);
    let (count, labour, parts, cost): (i64, Option<f64>, Option<f64>, Option<f64>) =
        car_service::Entity::find()
            .select_only()
            .column_as(Expr::cust("COUNT(*)"), "n")
            .column_as(car_service::Column::LabourCost.sum(), "l")
            .column_as(car_service::Column::PartsCost.sum(), "p")
            .column_as(car_service::Column::Cost.sum(), "c")
            .filter(cond.clone())
            .into_tuple()
            .one(db)
            .await?
            .unwrap_or((0, None, None, None));
    let rows = car_service::Entity::find()
        .filter(cond)
        .order_by_desc(car_service::Column::ServicedAt)
        .order_by_desc(car_service::Column::Id)
        .offset(page.offset)
        .limit(page.page_size)
        .all(db)
        .await?;
    Ok(Collected {
        page: page.holding(records_out(db, rows).await?, count),
        collect: ServiceCollect {
            count: u64::try_from(count).unwrap_or(0),
            labour_cost: money(labour.unwrap_or(0.0)),
            parts_cost: money(parts.unwrap_or(0.0)),
            cost: money(cost.unwrap_or(0.0)),
        },
    })
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ServiceId {
    pub id: i64,
}

/// One record with its lines.
pub async fn info(
    db: &DatabaseConnection,
    scope: &Scope,
    id: i64,
) -> Result<ServiceRecord, AppError> {
    let found = car_service::Entity::find_by_id(id)
        .filter(scope.filter(car_service::Column::EnterpriseId))
        .one(db)
        .await?
        .ok_or_else(|| AppError::fail(text!("维保记录 {} 不存在", "No service record {}", id)))?;
    Ok(records_out(db, vec![found]).await?.remove(0))
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CollectQuery {
    #[serde(default, alias = "ent_id", alias = "enterpriseId")]
    pub ent_id: Option<i64>,
    pub from: Option<DateTime<Utc>>,
    pub to: Option<DateTime<Utc>>,
    /// vehicle, item or month.
    pub group_by: String,
}

#[derive(Debug, Default, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CollectRow {
    /// Vehicle id, item id, or the month `YYYY-MM`.
    pub key: String,
    pub name: String,
    pub count: u64,
    /// Of the item (grouped by item).
    pub quantity: f64,
    pub labour_cost: f64,
    pub parts_cost: f64,
    pub cost: f64,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ServiceSummary {
    pub rows: Vec<CollectRow>,
    pub total: CollectRow,
}

/// Totals of service records by vehicle, item or month (most cost first; months in order).
pub async fn collect(
    db: &DatabaseConnection,
    scope: &Scope,
    q: CollectQuery,
) -> Result<ServiceSummary, AppError> {
    let ent = scope.acting(q.ent_id)?;
    let group = q.group_by.trim().to_ascii_lowercase();
    if !["vehicle", "item", "month"].contains(&group.as_str()) {
        return Err(refused(
            "groupBy",
            text!(
                "groupBy 只能是 vehicle、item 或 month",
                "groupBy must be vehicle, item or month"
            ),
        ));
    }
    let filter = ServiceQuery {
        ent_id: Some(ent),
        from: q.from,
        to: q.to,
        ..ServiceQuery::default()
    };
    let records = car_service::Entity::find()
        .filter(service_filter(ent, &filter))
        .all(db)
        .await?;
    let mut rows: BTreeMap<String, CollectRow> = BTreeMap::new();
    let mut total = CollectRow {
        key: "total".to_owned(),
        ..CollectRow::default()
    };
    for r in &records {
        total.count += 1;
        total.labour_cost += r.labour_cost;
        total.parts_cost += r.parts_cost;
        total.cost += r.cost.unwrap_or(0.0);
    }
    match group.as_str() {
        "item" => {
            let lines = car_service_line::Entity::find()
                .filter(car_service_line::Column::ServiceId.is_in(records.iter().map(|r| r.id)))
                .all(db)
                .await?;
            let items: HashMap<i64, stock_item::Model> = stock_item::Entity::find()
                .filter(
                    stock_item::Column::Id
                        .is_in(lines.iter().map(|l| l.item_id).collect::<BTreeSet<_>>()),
                )
                .all(db)
                .await?
                .into_iter()
                .map(|i| (i.id, i))
                .collect();
            for l in lines {
                let item = items.get(&l.item_id);
                let row = rows
                    .entry(l.item_id.to_string())
                    .or_insert_with(|| CollectRow {
                        key: l.item_id.to_string(),
                        name: item.map(|i| i.name.clone()).unwrap_or_default(),
                        ..CollectRow::default()
                    });
                row.count += 1;
                row.quantity += l.quantity;
                if item.is_some_and(|i| i.kind == LABOUR) {
                    row.labour_cost += l.amount;
                } else {
                    row.parts_cost += l.amount;
                }
                row.cost += l.amount;
            }
        }
        _ => {
            let plates = plates(db, records.iter().map(|r| r.vehicle_id)).await?;
            for r in &records {
                let (key, name) = if group == "vehicle" {
                    (
                        r.vehicle_id.to_string(),
                        plates.get(&r.vehicle_id).cloned().unwrap_or_default(),
                    )
                } else {
                    let d: NaiveDate = r.serviced_at.date_naive();
                    let m = format!("{:04}-{:02}", d.year(), d.month());
                    (m.clone(), m)
                };
                let row = rows.entry(key.clone()).or_insert_with(|| CollectRow {
                    key,
                    name,
                    ..CollectRow::default()
                });
                row.count += 1;
                row.labour_cost += r.labour_cost;
                row.parts_cost += r.parts_cost;
                row.cost += r.cost.unwrap_or(0.0);
            }
        }
    }
    let mut rows: Vec<CollectRow> = rows
        .into_values()
        .map(|mut r| {
            r.labour_cost = money(r.labour_cost);
            r.parts_cost = money(r.parts_cost);
            r.cost = money(r.cost);
            r
        })
        .collect();
    if group != "month" {
        rows.sort_by(|a, b| b.cost.total_cmp(&a.cost).then_with(|| a.key.cmp(&b.key)));
    }
    total.labour_cost = money(total.labour_cost);
    total.parts_cost = money(total.parts_cost);
    total.cost = money(total.cost);
    Ok(ServiceSummary { rows, total })
}

/// A new service record.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ServiceInput {
    /// What was done, 1–64 characters (e.g. "brake pads").
    pub item: String,
    #[serde(default)]
    pub content: String,
    /// Odometer, km.
    #[serde(default)]
    pub mileage: Option<f64>,
    #[serde(default)]
    pub cost: Option<f64>,
    /// Default: now.
    #[serde(default)]
    pub serviced_at: Option<DateTime<Utc>>,
    #[serde(default)]
    pub work_order_id: Option<i64>,
    /// Priced lines; with lines, `cost` is their sum and parts leave stock.
    #[serde(default)]
    pub lines: Vec<LineInput>,
}

/// Adds a service record when `create` is given (own enterprises and maintenance-custody
/// partners), then lists the vehicle's records (`/web/service/car_service`).
pub async fn car_service(
    db: &DatabaseConnection,
    live: &LiveHub,
    scope: &Scope,
    vehicle_id: i64,
    create: Option<&ServiceInput>,
    page: PageQuery,
) -> Result<kernel::paging::PageResult<crate::vehicle::service_records::ServiceRow>, AppError> {
    // Refused before anything is recorded.
    page.checked()?;
    if let Some(c) = create {
        add(db, live, scope, vehicle_id, c).await?;
    }
    crate::vehicle::service_records::car_services(db, scope, vehicle_id, page).await
}

/// Writes a new service record of a vehicle with its lines.
async fn add(
    db: &DatabaseConnection,
    live: &LiveHub,
    scope: &Scope,
    vehicle_id: i64,
    c: &ServiceInput,
) -> Result<(), AppError> {
    let v = crate::vehicle::find(db, scope, vehicle_id).await?;
    crate::vehicle::alarms::may_handle(db, scope, &v).await?;
    let item = kernel::validate::required("item", &c.item, 64)?;
    let content = kernel::validate::limited("content", &c.content, 1000)?;
    c.mileage.map(|m| non_negative("mileage", m)).transpose()?;
    c.cost.map(|m| non_negative("cost", m)).transpose()?;
    let work_order_id = match c.work_order_id {
        Some(o) => Some(ledger::checked_order(db, scope, o).await?),
        None => None,
    };
    let ent = v.enterprise_id;
    let priced = price_lines(db, scope, ent, &c.lines).await?;
    let now = Utc::now();
    let row = car_service::ActiveModel {
        enterprise_id: Set(ent),
        vehicle_id: Set(v.id),
        item: Set(item),
        content: Set(content),
        mileage: Set(c.mileage),
        cost: Set(c.cost),
        labour_cost: Set(0.0),
        parts_cost: Set(0.0),
        work_order_id: Set(work_order_id),
        serviced_at: Set(c.serviced_at.unwrap_or(now)),
        created_by: Set(scope.user.id),
        created_at: Set(now),
        ..Default::default()
    };
    let mut row = row;
    if !priced.lines.is_empty() {
        row.labour_cost = Set(priced.labour);
        row.parts_cost = Set(priced.parts);
        row.cost = Set(Some(money(priced.labour + priced.parts)));
    }
    let txn = kernel::db::write_txn(db).await?;
    let record = row.insert(&txn).await?;
    let mut low = Vec::new();
    write_lines(&txn, scope, &record, priced, &mut low).await?;
    txn.commit().await?;
    ledger::tell_low(db, live, low).await
}
