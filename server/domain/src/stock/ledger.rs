//! The stock ledger (docs/stock.md, "Moves"): documents of moves, each line posted to its
//! warehouse × item balance in the same transaction with a guarded update, so concurrent
//! issues never take a balance below zero unless the enterprise allows it; outgoing cost by
//! moving average or FIFO lots.

use std::collections::{BTreeSet, HashMap};

use chrono::{DateTime, Utc};
use entities::{
    stock_balance, stock_item, stock_lot, stock_move, stock_setting, sys_user_authority,
    tyre_asset, tyre_event, work_order,
};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, Condition, ConnectionTrait, DatabaseConnection,
    DatabaseTransaction, DbErr, EntityTrait, PaginatorTrait, QueryFilter, QueryOrder, QuerySelect,
    QueryTrait, Set, Statement,
    sea_query::{Expr, ExprTrait, OnConflict, Query},
};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::catalogue::{item_of, partner_of, stocked, warehouse_of};
use super::refused;
use super::settings::{self, FIFO};
use super::{
    CUSTOMER, Collected, IN_STOCK, RETREADING, SCRAPPED, SOLD, SUPPLIER, TYRE, money,
    partner_names, people, plates, refuse_read_only, warehouse_names,
};
use crate::live::hub::LiveHub;
use crate::rule::messages::{Outgoing, deliver};
use crate::scope::Scope;
use kernel::error::{AppError, DbResultExt};
use kernel::numbering::Numbering;
use kernel::paging::PageQuery;
use kernel::text;
use kernel::validate::{json_list, limited, non_negative, to_json};

/// Quantities closer than this are equal (litres and kilos are not whole).
const EPS: f64 = 1e-9;
/// The enterprise administrators' role: they hear of low stock.
const ADMIN_ROLE: i64 = 100;

/// What a document does (docs/stock.md).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    Receipt,
    Issue,
    Return,
    Transfer,
    Sale,
    RetreadOut,
    RetreadIn,
    Scrap,
    Adjust,
}

impl Kind {
    pub const ALL: [Kind; 9] = [
        Kind::Receipt,
        Kind::Issue,
        Kind::Return,
        Kind::Transfer,
        Kind::Sale,
        Kind::RetreadOut,
        Kind::RetreadIn,
        Kind::Scrap,
        Kind::Adjust,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            Kind::Receipt => "receipt",
            Kind::Issue => "issue",
            Kind::Return => "return",
            Kind::Transfer => "transfer",
            Kind::Sale => "sale",
            Kind::RetreadOut => "retreadOut",
            Kind::RetreadIn => "retreadIn",
            Kind::Scrap => "scrap",
            Kind::Adjust => "adjust",
        }
    }

    pub fn parse(field: &str, s: &str) -> Result<Self, AppError> {
        Self::ALL
            .into_iter()
            .find(|k| k.as_str().eq_ignore_ascii_case(s.trim()))
            .ok_or_else(|| {
                let all: Vec<&str> = Self::ALL.iter().map(|k| k.as_str()).collect();
                refused(
                    field,
                    text!(
                        "{} 只能是 {}，不是“{}”",
                        "{} must be one of {}, not \"{}\"",
                        field,
                        all.join(", "),
                        s
                    ),
                )
            })
    }

    /// Moves stock into the warehouse named by the document.
    fn incoming(self) -> bool {
        matches!(self, Kind::Receipt | Kind::Return | Kind::RetreadIn)
    }
}

/// A new tyre received with a serial.
#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct NewTyre {
    pub serial: String,
    #[serde(default)]
    pub dot: String,
    /// mm, when new.
    #[serde(default)]
    pub tread_new: Option<f64>,
}

#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = MoveLineInput)]
pub struct LineInput {
    pub item_id: i64,
    /// Positive; signed for `adjust`.
    pub quantity: f64,
    /// Cost per unit of what comes in (receipt; default: the current average).
    pub unit_cost: Option<f64>,
    /// Selling price of a sale (default: the item's price); a retread's price on `retreadIn`.
    pub unit_price: Option<f64>,
    /// Tyres received (receipt of a tyre item): none, or one per unit.
    #[serde(default)]
    pub tyres: Vec<NewTyre>,
    /// The tyres moved (transfer, sale, scrap, retread), one per unit.
    #[serde(default)]
    pub tyre_ids: Vec<i64>,
}

#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MoveInput {
    #[serde(default, alias = "ent_id", alias = "enterpriseId")]
    pub ent_id: Option<i64>,
    /// receipt, issue, return, transfer, sale, retreadOut, retreadIn, scrap or adjust.
    pub kind: String,
    pub warehouse_id: i64,
    /// Where a transfer goes.
    pub to_warehouse_id: Option<i64>,
    pub supplier_id: Option<i64>,
    pub customer_id: Option<i64>,
    pub vehicle_id: Option<i64>,
    pub work_order_id: Option<i64>,
    /// Default: now.
    pub occurred_at: Option<DateTime<Utc>>,
    #[serde(default)]
    pub remark: String,
    pub lines: Vec<LineInput>,
}

/// A line of the ledger.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StockMove {
    pub id: i64,
    pub doc_no: String,
    pub kind: String,
    pub warehouse_id: i64,
    pub warehouse_name: String,
    pub item_id: i64,
    pub item_code: String,
    pub item_name: String,
    pub unit: String,
    /// + in, − out.
    pub quantity: f64,
    pub unit_cost: f64,
    pub amount: f64,
    pub unit_price: Option<f64>,
    /// A sale's revenue.
    pub revenue: Option<f64>,
    pub balance_after: f64,
    pub supplier_id: Option<i64>,
    pub supplier_name: String,
    pub customer_id: Option<i64>,
    pub customer_name: String,
    pub vehicle_id: Option<i64>,
    pub plate: String,
    pub work_order_id: Option<i64>,
    pub tyres: Vec<TyreRef>,
    pub remark: String,
    pub created_by: i64,
    pub created_by_name: String,
    pub occurred_at: DateTime<Utc>,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TyreRef {
    pub id: i64,
    pub serial: String,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Document {
    pub doc_no: String,
    pub moves: Vec<StockMove>,
}

/// What every line of a document shares.
pub(crate) struct Doc {
    pub ent: i64,
    pub doc_no: String,
    pub kind: Kind,
    pub by: i64,
    pub at: DateTime<Utc>,
    pub supplier_id: Option<i64>,
    pub customer_id: Option<i64>,
    pub vehicle_id: Option<i64>,
    pub work_order_id: Option<i64>,
    pub remark: String,
}

/// One change of one balance.
pub(crate) struct Posting {
    pub warehouse_id: i64,
    pub item: stock_item::Model,
    /// Signed.
    pub quantity: f64,
    /// For what comes in; None: the balance's average (else its last cost).
    pub unit_cost: Option<f64>,
    pub unit_price: Option<f64>,
    pub tyre_ids: Vec<i64>,
    /// The request field a refusal names.
    pub field: String,
}

/// A balance that fell to its threshold, to tell the administrators after commit.
pub struct LowStock {
    ent: i64,
    warehouse_id: i64,
    item: String,
    quantity: f64,
}

fn backend_build(txn: &impl ConnectionTrait, q: &sea_orm::sea_query::UpdateStatement) -> Statement {
    txn.get_database_backend().build(q)
}

/// Stock documents are numbered `SM-YYYYMMDD-NNNN` per enterprise and day, in the transaction
/// that writes their moves.
pub(crate) const DOC_NUMBERS: Numbering<stock_move::Entity> = Numbering {
    enterprise: stock_move::Column::EnterpriseId,
    number: stock_move::Column::DocNo,
    letters: "SM",
};

/// The unit cost of the last move of an item into a warehouse (0 if none).
async fn last_cost(
    txn: &impl ConnectionTrait,
    warehouse_id: i64,
    item_id: i64,
) -> Result<f64, AppError> {
    Ok(stock_move::Entity::find()
        .select_only()
        .column(stock_move::Column::UnitCost)
        .filter(stock_move::Column::WarehouseId.eq(warehouse_id))
        .filter(stock_move::Column::ItemId.eq(item_id))
        .order_by_desc(stock_move::Column::Id)
        .into_tuple::<f64>()
        .one(txn)
        .await?
        .unwrap_or(0.0))
}

/// Takes `quantity` from the oldest FIFO lots; answers their cost (a shortfall at the last
/// lot's unit cost, or `fallback`).
async fn consume_lots(
    txn: &DatabaseTransaction,
    warehouse_id: i64,
    item_id: i64,
    quantity: f64,
    fallback: f64,
) -> Result<f64, AppError> {
    let lots = stock_lot::Entity::find()
        .filter(stock_lot::Column::WarehouseId.eq(warehouse_id))
        .filter(stock_lot::Column::ItemId.eq(item_id))
        .filter(stock_lot::Column::Remaining.gt(EPS))
        .order_by_asc(stock_lot::Column::Id)
        .all(txn)
        .await?;
    let mut left = quantity;
    let mut cost = 0.0;
    let mut last_unit = fallback;
    for lot in lots {
        if left <= EPS {
            break;
        }
        let take = left.min(lot.remaining);
        cost += take * lot.unit_cost;
        left -= take;
        last_unit = lot.unit_cost;
        let remaining = lot.remaining - take;
        let mut row: stock_lot::ActiveModel = lot.into();
        row.remaining = Set(remaining);
        row.update(txn).await?;
    }
    Ok(cost + left.max(0.0) * last_unit)
}

/// Posts one change to its balance and writes its ledger line.
pub(crate) async fn post(
    txn: &DatabaseTransaction,
    setting: &stock_setting::Model,
    doc: &Doc,
    p: &Posting,
    low: &mut Vec<LowStock>,
) -> Result<stock_move::Model, AppError> {
    let (w, i, q) = (p.warehouse_id, p.item.id, p.quantity);
    let now = Utc::now();
    let inserted = stock_balance::Entity::insert(stock_balance::ActiveModel {
        enterprise_id: Set(doc.ent),
        warehouse_id: Set(w),
        item_id: Set(i),
        quantity: Set(0.0),
        value: Set(0.0),
        low_alerted: Set(false),
        updated_at: Set(now),
        ..Default::default()
    })
    .on_conflict(
        OnConflict::columns([
            stock_balance::Column::WarehouseId,
            stock_balance::Column::ItemId,
        ])
        .do_nothing()
        .to_owned(),
    )
    .exec(txn)
    .await;
    match inserted {
        Ok(_) | Err(DbErr::RecordNotInserted) => {}
        Err(e) => return Err(e.into()),
    }
    // The guarded update: the row lock it takes (PostgreSQL) or the write lock (SQLite)
    // serialises every later step of this balance until commit.
    let mut update = Query::update();
    update
        .table(stock_balance::Entity)
        .value(
            stock_balance::Column::Quantity,
            Expr::col(stock_balance::Column::Quantity).add(q),
        )
        .value(stock_balance::Column::UpdatedAt, now)
        .and_where(stock_balance::Column::WarehouseId.eq(w))
        .and_where(stock_balance::Column::ItemId.eq(i));
    if q < 0.0 && !setting.allow_negative {
        update.and_where(Expr::col(stock_balance::Column::Quantity).add(q).gte(-EPS));
    }
    update.returning(Query::returning().columns([
        stock_balance::Column::Quantity,
        stock_balance::Column::Value,
        stock_balance::Column::LowAlerted,
    ]));
    let Some(row) = txn.query_one_raw(backend_build(txn, &update)).await? else {
        let held: f64 = stock_balance::Entity::find()
            .select_only()
            .column(stock_balance::Column::Quantity)
            .filter(stock_balance::Column::WarehouseId.eq(w))
            .filter(stock_balance::Column::ItemId.eq(i))
            .into_tuple()
            .one(txn)
            .await?
            .unwrap_or(0.0);
        return Err(refused(
            &p.field,
            text!(
                "{}：“{}”库存只有 {}，不够出库 {}",
                "{}: \"{}\" has only {} in stock, not enough to take {}",
                p.field,
                p.item.name,
                held,
                -q
            ),
        ));
    };
    let after: f64 = row.try_get("", "quantity")?;
    let value: f64 = row.try_get("", "value")?;
    let alerted: bool = row.try_get("", "low_alerted")?;
    let before = after - q;
    let fifo = setting.valuation == FIFO;
    let (unit_cost, new_value) = if q < 0.0 {
        let average = if before > EPS {
            value / before
        } else {
            last_cost(txn, w, i).await?
        };
        let cost = if fifo {
            consume_lots(txn, w, i, -q, average).await?
        } else {
            average * -q
        };
        let new_value = if after <= EPS {
            0.0
        } else {
            (value - cost).max(0.0)
        };
        (cost / -q, new_value)
    } else {
        let unit = match p.unit_cost {
            Some(c) => c,
            None if before > EPS => value / before,
            None => last_cost(txn, w, i).await?,
        };
        if fifo {
            stock_lot::ActiveModel {
                warehouse_id: Set(w),
                item_id: Set(i),
                remaining: Set(q),
                unit_cost: Set(unit),
                received_at: Set(doc.at),
                ..Default::default()
            }
            .insert(txn)
            .await?;
        }
        (unit, if after <= EPS { 0.0 } else { value + unit * q })
    };
    let threshold = p.item.low_stock.unwrap_or(setting.low_stock);
    let is_low = threshold > 0.0 && after <= threshold;
    let mut balance = Query::update();
    balance
        .table(stock_balance::Entity)
        .value(stock_balance::Column::Value, new_value)
        .value(
            stock_balance::Column::LowAlerted,
            is_low && (alerted || setting.alert_low_stock),
        )
        .and_where(stock_balance::Column::WarehouseId.eq(w))
        .and_where(stock_balance::Column::ItemId.eq(i));
    txn.execute_raw(backend_build(txn, &balance)).await?;
    if is_low && !alerted && setting.alert_low_stock {
        low.push(LowStock {
            ent: doc.ent,
            warehouse_id: w,
            item: p.item.name.clone(),
            quantity: after,
        });
    }
    Ok(stock_move::ActiveModel {
        enterprise_id: Set(doc.ent),
        doc_no: Set(doc.doc_no.clone()),
        kind: Set(doc.kind.as_str().to_owned()),
        warehouse_id: Set(w),
        item_id: Set(i),
        quantity: Set(q),
        unit_cost: Set(money(unit_cost)),
        amount: Set(money(unit_cost * q)),
        unit_price: Set(p.unit_price),
        balance_after: Set(after),
        supplier_id: Set(doc.supplier_id),
        customer_id: Set(doc.customer_id),
        vehicle_id: Set(doc.vehicle_id),
        work_order_id: Set(doc.work_order_id),
        tyre_ids: Set(to_json(&p.tyre_ids)),
        remark: Set(doc.remark.clone()),
        created_by: Set(doc.by),
        occurred_at: Set(doc.at),
        created_at: Set(now),
        ..Default::default()
    }
    .insert(txn)
    .await?)
}

/// Posts the changes of one document: what goes out first, each group in balance order (so two
/// documents never wait on each other's rows in opposite orders).
pub(crate) async fn post_all(
    txn: &DatabaseTransaction,
    setting: &stock_setting::Model,
    doc: &Doc,
    mut postings: Vec<Posting>,
    low: &mut Vec<LowStock>,
) -> Result<Vec<stock_move::Model>, AppError> {
    postings.sort_by(|a, b| {
        (a.quantity >= 0.0, a.warehouse_id, a.item.id).cmp(&(
            b.quantity >= 0.0,
            b.warehouse_id,
            b.item.id,
        ))
    });
    let mut out = Vec::with_capacity(postings.len());
    for p in &postings {
        out.push(post(txn, setting, doc, p, low).await?);
    }
    Ok(out)
}

/// Tells the enterprise administrators of balances that fell to their threshold.
pub(crate) async fn tell_low(
    db: &DatabaseConnection,
    live: &LiveHub,
    low: Vec<LowStock>,
) -> Result<(), AppError> {
    if low.is_empty() {
        return Ok(());
    }
    let names = warehouse_names(db, low.iter().map(|l| l.warehouse_id)).await?;
    let mut outgoing = Vec::new();
    for l in low {
        let admins: BTreeSet<i64> = sys_user_authority::Entity::find()
            .select_only()
            .column(sys_user_authority::Column::UserId)
            .filter(sys_user_authority::Column::EnterpriseId.eq(l.ent))
            .filter(sys_user_authority::Column::AuthorityId.eq(ADMIN_ROLE))
            .into_tuple::<i64>()
            .all(db)
            .await?
            .into_iter()
            .collect();
        let place = names.get(&l.warehouse_id).cloned().unwrap_or_default();
        for u in admins {
            outgoing.push(Outgoing {
                enterprise_id: l.ent,
                user_id: u,
                rule_id: None,
                alarm: None,
                title: format!("库存不足：{}", l.item),
                content: format!("{place} 的“{}”只剩 {}", l.item, l.quantity),
            });
        }
    }
    deliver(db, live, outgoing, None).await?;
    Ok(())
}

fn whole(field: &str, q: f64) -> Result<(), AppError> {
    if q.fract().abs() > EPS {
        return Err(refused(
            field,
            text!(
                "{}：轮胎按条计，须为整数",
                "{}: tyres are counted whole",
                field
            ),
        ));
    }
    Ok(())
}

/// Records a document of moves: every line or none (docs/stock.md, "Moves").
pub async fn save_move(
    db: &DatabaseConnection,
    live: &LiveHub,
    scope: &Scope,
    input: MoveInput,
) -> Result<Document, AppError> {
    refuse_read_only(scope)?;
    let ent = scope.acting(input.ent_id)?;
    let kind = Kind::parse("kind", &input.kind)?;
    if input.lines.is_empty() || input.lines.len() > 200 {
        return Err(refused(
            "lines",
            text!("lines 须有 1 到 200 行", "lines must hold 1 to 200 lines"),
        ));
    }
    let from = warehouse_of(db, scope, input.warehouse_id, "warehouseId").await?;
    if from.enterprise_id != ent {
        return Err(refused(
            "warehouseId",
            text!(
                "仓库 {} 不属于该企业",
                "Warehouse {} belongs to another enterprise",
                from.id
            ),
        ));
    }
    let to = match (kind, input.to_warehouse_id) {
        (Kind::Transfer, Some(t)) if t != from.id => {
            let to = warehouse_of(db, scope, t, "toWarehouseId").await?;
            if to.enterprise_id != ent {
                return Err(refused(
                    "toWarehouseId",
                    text!(
                        "仓库 {} 不属于该企业",
                        "Warehouse {} belongs to another enterprise",
                        t
                    ),
                ));
            }
            Some(to)
        }
        (Kind::Transfer, _) => {
            return Err(refused(
                "toWarehouseId",
                text!(
                    "调拨须选择另一个目标仓库",
                    "A transfer needs another warehouse to go to (toWarehouseId)"
                ),
            ));
        }
        _ => None,
    };
    let supplier_id = match input.supplier_id.filter(|_| kind == Kind::Receipt) {
        Some(s) => Some(partner_of(db, scope, s, SUPPLIER, "supplierId").await?.id),
        None => None,
    };
    let customer_id = match (kind, input.customer_id) {
        (Kind::Sale, Some(c)) => Some(partner_of(db, scope, c, CUSTOMER, "customerId").await?.id),
        (Kind::Sale, None) => {
            return Err(refused(
                "customerId",
                text!("销售须选择客户", "A sale needs a customer (customerId)"),
            ));
        }
        _ => None,
    };
    let vehicle_id = match input.vehicle_id {
        Some(v) => Some(
            crate::vehicle::find(db, scope, v)
                .await
                .map_err(|_| refused("vehicleId", text!("车辆 {} 不存在", "No vehicle {}", v)))?
                .id,
        ),
        None => None,
    };
    let work_order_id = match input.work_order_id {
        Some(o) => Some(checked_order(db, scope, o).await?),
        None => None,
    };
    let remark = limited("remark", &input.remark, 500)?;
    if matches!(kind, Kind::Scrap | Kind::Adjust) && remark.is_empty() {
        return Err(refused(
            "remark",
            text!(
                "报废和盘点须写明原因（remark）",
                "Scrap and adjust need a reason (remark)"
            ),
        ));
    }
    let setting = settings::of(db, ent).await?;

    // Check every line before anything is written.
    let mut postings = Vec::new();
    let mut receipts: Vec<(usize, i64, Vec<NewTyre>, f64)> = Vec::new();
    let mut moved_tyres: Vec<(usize, Vec<tyre_asset::Model>)> = Vec::new();
    let mut serials = BTreeSet::new();
    // the document's serials the enterprise already has, in one query
    let registered: BTreeSet<String> = tyre_asset::Entity::find()
        .select_only()
        .column(tyre_asset::Column::Serial)
        .filter(tyre_asset::Column::EnterpriseId.eq(ent))
        .filter(
            tyre_asset::Column::Serial.is_in(
                input
                    .lines
                    .iter()
                    .flat_map(|l| l.tyres.iter().map(|t| t.serial.trim().to_owned())),
            ),
        )
        .into_tuple()
        .all(db)
        .await?
        .into_iter()
        .collect();
    for (n, line) in input.lines.iter().enumerate() {
        let at = |f: &str| format!("lines[{n}].{f}");
        let item = item_of(db, ent, line.item_id, &at("itemId")).await?;
        if !stocked(item.kind) {
            return Err(refused(
                at("itemId"),
                text!(
                    "“{}”是工时，不入库",
                    "\"{}\" is labour and is not stocked",
                    item.name
                ),
            ));
        }
        let q = line.quantity;
        let valid = q.is_finite()
            && q.abs() < 1e9
            && if kind == Kind::Adjust {
                q.abs() > EPS
            } else {
                q > EPS
            };
        if !valid {
            return Err(refused(
                at("quantity"),
                if kind == Kind::Adjust {
                    text!(
                        "{}：盘点数量不能为 0",
                        "{}: an adjustment must not be 0",
                        at("quantity")
                    )
                } else {
                    text!(
                        "{}：数量须大于 0",
                        "{}: the quantity must be more than 0",
                        at("quantity")
                    )
                },
            ));
        }
        let unit_cost = line
            .unit_cost
            .map(|c| non_negative(&at("unitCost"), c))
            .transpose()?;
        let unit_price = line
            .unit_price
            .map(|c| non_negative(&at("unitPrice"), c))
            .transpose()?;
        if kind == Kind::Receipt && unit_cost.is_none() {
            return Err(refused(
                at("unitCost"),
                text!(
                    "{}：入库须填写单价",
                    "{}: a receipt needs the unit cost",
                    at("unitCost")
                ),
            ));
        }
        let tracked = item.kind == TYRE;
        if tracked {
            whole(&at("quantity"), q)?;
        }
        let count = q.abs().round() as usize;
        if !line.tyres.is_empty() {
            if kind != Kind::Receipt || !tracked || line.tyres.len() != count {
                return Err(refused(
                    at("tyres"),
                    text!(
                        "{}：只有轮胎入库可以登记胎号，且每条一个",
                        "{}: serials are listed only when receiving tyres, one per tyre",
                        at("tyres")
                    ),
                ));
            }
            for (j, t) in line.tyres.iter().enumerate() {
                let field = format!("lines[{n}].tyres[{j}].serial");
                let serial = kernel::validate::required(&field, &t.serial, 64)?;
                if registered.contains(&serial) || !serials.insert(serial.clone()) {
                    return Err(refused(
                        field,
                        text!(
                            "胎号“{}”已登记",
                            "The serial \"{}\" is already registered",
                            serial
                        ),
                    ));
                }
                limited(&format!("lines[{n}].tyres[{j}].dot"), &t.dot, 16)?;
            }
            receipts.push((n, item.id, line.tyres.clone(), unit_cost.unwrap_or(0.0)));
        }
        if tracked && matches!(kind, Kind::Issue | Kind::Return) {
            let held_tracked = tyre_asset::Entity::find()
                .filter(tyre_asset::Column::ItemId.eq(item.id))
                .filter(tyre_asset::Column::State.ne(SOLD))
                .count(db)
                .await?;
            if held_tracked > 0 || !line.tyre_ids.is_empty() {
                return Err(refused(
                    at("itemId"),
                    text!(
                        "{}：登记了胎号的轮胎通过装胎、卸胎出入库",
                        "{}: tyres with serials are issued and returned by mounting and dismounting them",
                        at("itemId")
                    ),
                ));
            }
        } else if !line.tyre_ids.is_empty() || (tracked && !kind.incoming() && kind != Kind::Adjust)
        {
            let wanted_state = if kind == Kind::RetreadIn {
                RETREADING
            } else {
                IN_STOCK
            };
            let tyres = tyres_for(
                db,
                ent,
                &item,
                from.id,
                wanted_state,
                &line.tyre_ids,
                &at("tyreIds"),
            )
            .await?;
            let held_tracked = tyre_asset::Entity::find()
                .filter(tyre_asset::Column::ItemId.eq(item.id))
                .filter(tyre_asset::Column::WarehouseId.eq(from.id))
                .filter(tyre_asset::Column::State.eq(IN_STOCK))
                .count(db)
                .await?;
            let needs_ids = kind == Kind::RetreadIn || held_tracked > 0;
            if (needs_ids || !line.tyre_ids.is_empty()) && tyres.len() != count {
                return Err(refused(
                    at("tyreIds"),
                    text!(
                        "{}：须逐条选择 {} 条轮胎",
                        "{}: name the {} tyres moved, one per tyre",
                        at("tyreIds"),
                        count
                    ),
                ));
            }
            if !tyres.is_empty() {
                moved_tyres.push((n, tyres));
            }
        }
        let sign = if kind.incoming() || kind == Kind::Adjust {
            1.0
        } else {
            -1.0
        };
        let price = match kind {
            Kind::Sale => Some(unit_price.unwrap_or(item.price)),
            Kind::RetreadIn => unit_price,
            _ => None,
        };
        postings.push(Posting {
            warehouse_id: from.id,
            item: item.clone(),
            quantity: sign * q,
            unit_cost: if kind == Kind::Adjust && q < 0.0 {
                None
            } else {
                unit_cost
            },
            unit_price: price,
            tyre_ids: line.tyre_ids.clone(),
            field: at("quantity"),
        });
    }

    let txn = kernel::db::write_txn(db).await?;
    let now = Utc::now();
    let doc = Doc {
        ent,
        doc_no: DOC_NUMBERS.next(&txn, ent, now).await?,
        kind,
        by: scope.user.id,
        at: input.occurred_at.unwrap_or(now),
        supplier_id,
        customer_id,
        vehicle_id,
        work_order_id,
        remark,
    };
    let mut low = Vec::new();
    // Tyres received with serials become assets first, so the receipt's lines name them.
    let tyre_doc_detail = format!("{} {}", doc.doc_no, doc.remark).trim().to_owned();
    for (n, item_id, tyres, cost) in receipts {
        for t in tyres {
            let serial = t.serial.trim().to_owned();
            let asset = tyre_asset::ActiveModel {
                enterprise_id: Set(ent),
                item_id: Set(item_id),
                serial: Set(serial.clone()),
                dot: Set(t.dot.trim().to_owned()),
                purchase_cost: Set(cost),
                extra_cost: Set(0.0),
                state: Set(IN_STOCK),
                warehouse_id: Set(Some(from.id)),
                vehicle_id: Set(None),
                position: Set(None),
                mounted_at: Set(None),
                km: Set(0.0),
                tread_new: Set(t.tread_new),
                received_at: Set(doc.at),
                created_at: Set(now),
                updated_at: Set(now),
                ..Default::default()
            }
            .insert(&txn)
            .await
            .on_conflict(|| {
                text!(
                    "胎号“{}”已登记",
                    "The serial \"{}\" is already registered",
                    serial
                )
            })?;
            event(
                &txn,
                &asset,
                ("receipt", doc.work_order_id),
                &tyre_doc_detail,
                doc.by,
                doc.at,
            )
            .await?;
            postings[n].tyre_ids.push(asset.id);
        }
    }
    let fields: HashMap<i64, (stock_item::Model, String)> = postings
        .iter()
        .map(|p| (p.item.id, (p.item.clone(), p.field.clone())))
        .collect();
    let mut moves = post_all(&txn, &setting, &doc, postings, &mut low).await?;
    if let Some(to) = &to {
        // The other half of each transfer line, at the cost it left with.
        let ins = moves
            .iter()
            .filter_map(|m| {
                let (item, field) = fields.get(&m.item_id)?.clone();
                Some(Posting {
                    warehouse_id: to.id,
                    item,
                    quantity: -m.quantity,
                    unit_cost: Some(m.unit_cost),
                    unit_price: None,
                    tyre_ids: json_list(&m.tyre_ids),
                    field,
                })
            })
            .collect();
        moves.extend(post_all(&txn, &setting, &doc, ins, &mut low).await?);
    }
    for (n, tyres) in moved_tyres {
        let price = input.lines[n].unit_price.unwrap_or(0.0);
        for t in tyres {
            let mut row: tyre_asset::ActiveModel = t.clone().into();
            let kind_name = match kind {
                Kind::Transfer => {
                    row.warehouse_id = Set(to.as_ref().map(|w| w.id));
                    "transfer"
                }
                Kind::Sale => {
                    row.state = Set(SOLD);
                    row.warehouse_id = Set(None);
                    "sale"
                }
                Kind::Scrap => {
                    row.state = Set(SCRAPPED);
                    row.warehouse_id = Set(None);
                    "scrap"
                }
                Kind::RetreadOut => {
                    row.state = Set(RETREADING);
                    row.warehouse_id = Set(None);
                    "retreadOut"
                }
                Kind::RetreadIn => {
                    row.state = Set(IN_STOCK);
                    row.warehouse_id = Set(Some(from.id));
                    row.extra_cost = Set(t.extra_cost + price);
                    row.tread_new = Set(t.tread_new);
                    "retreadIn"
                }
                // Tyres are issued and returned by mounting and dismounting them.
                Kind::Issue | Kind::Return | Kind::Receipt | Kind::Adjust => continue,
            };
            row.updated_at = Set(now);
            let saved = row.update(&txn).await?;
            event(
                &txn,
                &saved,
                (kind_name, doc.work_order_id),
                &tyre_doc_detail,
                doc.by,
                doc.at,
            )
            .await?;
        }
    }
    txn.commit().await?;
    tell_low(db, live, low).await?;
    Ok(Document {
        moves: moves_out(db, moves).await?,
        doc_no: doc.doc_no,
    })
}

/// The tyres `ids` of item `item` in state `state` (in `warehouse_id` when in stock).
async fn tyres_for(
    db: &impl ConnectionTrait,
    ent: i64,
    item: &stock_item::Model,
    warehouse_id: i64,
    state: i16,
    ids: &[i64],
    field: &str,
) -> Result<Vec<tyre_asset::Model>, AppError> {
    let unique: BTreeSet<i64> = ids.iter().copied().collect();
    if unique.len() != ids.len() {
        return Err(refused(
            field,
            text!("{}：有重复的轮胎", "{}: a tyre is named twice", field),
        ));
    }
    let found = tyre_asset::Entity::find()
        .filter(tyre_asset::Column::Id.is_in(unique.iter().copied()))
        .filter(tyre_asset::Column::EnterpriseId.eq(ent))
        .all(db)
        .await?;
    let by_id: HashMap<i64, tyre_asset::Model> = found.into_iter().map(|t| (t.id, t)).collect();
    let mut out = Vec::with_capacity(ids.len());
    for id in ids {
        let Some(t) = by_id.get(id) else {
            return Err(refused(field, text!("轮胎 {} 不存在", "No tyre {}", id)));
        };
        let here = state != IN_STOCK || t.warehouse_id == Some(warehouse_id);
        if t.item_id != item.id || t.state != state || !here {
            return Err(refused(
                field,
                text!(
                    "轮胎“{}”不是此仓库中的“{}”",
                    "The tyre \"{}\" is not a \"{}\" held here",
                    t.serial,
                    item.name
                ),
            ));
        }
        out.push(t.clone());
    }
    Ok(out)
}

/// Writes an entry of a tyre's life log (done for `work_order`, if for one).
pub(crate) async fn event(
    txn: &impl ConnectionTrait,
    t: &tyre_asset::Model,
    (kind, work_order): (&str, Option<i64>),
    detail: &str,
    by: i64,
    at: DateTime<Utc>,
) -> Result<(), AppError> {
    tyre_event::ActiveModel {
        enterprise_id: Set(t.enterprise_id),
        tyre_id: Set(t.id),
        kind: Set(kind.to_owned()),
        vehicle_id: Set(t.vehicle_id),
        position: Set(t.position),
        mileage: Set(t.km),
        detail: Set(detail.chars().take(500).collect()),
        created_by: Set(by),
        at: Set(at),
        work_order_id: Set(work_order),
        ..Default::default()
    }
    .insert(txn)
    .await?;
    Ok(())
}

/// A work order of the scope, refused naming `workOrderId`.
pub(crate) async fn checked_order(
    db: &impl ConnectionTrait,
    scope: &Scope,
    id: i64,
) -> Result<i64, AppError> {
    scope
        .find::<work_order::Entity>(db, id)
        .await
        .map(|o| o.id)
        .map_err(|_| {
            refused(
                "workOrderId",
                text!("工单 {} 不存在", "No work order {}", id),
            )
        })
}

/// Ledger lines as answered.
pub(crate) async fn moves_out(
    db: &impl ConnectionTrait,
    rows: Vec<stock_move::Model>,
) -> Result<Vec<StockMove>, AppError> {
    let warehouses = warehouse_names(db, rows.iter().map(|m| m.warehouse_id)).await?;
    let partners = partner_names(
        db,
        rows.iter()
            .flat_map(|m| m.supplier_id.into_iter().chain(m.customer_id)),
    )
    .await?;
    let plates = plates(db, rows.iter().filter_map(|m| m.vehicle_id)).await?;
    let who = people(db, rows.iter().map(|m| m.created_by)).await?;
    let items: HashMap<i64, stock_item::Model> = stock_item::Entity::find()
        .filter(
            stock_item::Column::Id.is_in(rows.iter().map(|m| m.item_id).collect::<BTreeSet<_>>()),
        )
        .all(db)
        .await?
        .into_iter()
        .map(|i| (i.id, i))
        .collect();
    let tyre_ids: BTreeSet<i64> = rows
        .iter()
        .flat_map(|m| json_list::<i64>(&m.tyre_ids))
        .collect();
    let serials: HashMap<i64, String> = if tyre_ids.is_empty() {
        HashMap::new()
    } else {
        tyre_asset::Entity::find()
            .select_only()
            .column(tyre_asset::Column::Id)
            .column(tyre_asset::Column::Serial)
            .filter(tyre_asset::Column::Id.is_in(tyre_ids))
            .into_tuple::<(i64, String)>()
            .all(db)
            .await?
            .into_iter()
            .collect()
    };
    let name = |m: &HashMap<i64, String>, id: Option<i64>| {
        id.and_then(|i| m.get(&i).cloned()).unwrap_or_default()
    };
    Ok(rows
        .into_iter()
        .map(|m| {
            let item = items.get(&m.item_id);
            StockMove {
                warehouse_name: warehouses.get(&m.warehouse_id).cloned().unwrap_or_default(),
                item_code: item.map(|i| i.code.clone()).unwrap_or_default(),
                item_name: item.map(|i| i.name.clone()).unwrap_or_default(),
                unit: item.map(|i| i.unit.clone()).unwrap_or_default(),
                supplier_name: name(&partners, m.supplier_id),
                customer_name: name(&partners, m.customer_id),
                plate: name(&plates, m.vehicle_id),
                created_by_name: who.get(&m.created_by).cloned().unwrap_or_default(),
                revenue: m
                    .unit_price
                    .filter(|_| m.kind == "sale")
                    .map(|p| money(p * -m.quantity)),
                tyres: json_list::<i64>(&m.tyre_ids)
                    .into_iter()
                    .map(|id| TyreRef {
                        id,
                        serial: serials.get(&id).cloned().unwrap_or_default(),
                    })
                    .collect(),
                id: m.id,
                doc_no: m.doc_no,
                kind: m.kind,
                warehouse_id: m.warehouse_id,
                item_id: m.item_id,
                quantity: m.quantity,
                unit_cost: m.unit_cost,
                amount: m.amount,
                unit_price: m.unit_price,
                balance_after: m.balance_after,
                supplier_id: m.supplier_id,
                customer_id: m.customer_id,
                vehicle_id: m.vehicle_id,
                work_order_id: m.work_order_id,
                remark: m.remark,
                created_by: m.created_by,
                occurred_at: m.occurred_at,
            }
        })
        .collect())
}

// ---------------------------------------------------------------- reading the ledger

/// One page of the ledger lines matching `cond`, newest first.
async fn newest_moves(
    db: &DatabaseConnection,
    cond: Condition,
    page: kernel::paging::Page,
) -> Result<Vec<stock_move::Model>, AppError> {
    Ok(stock_move::Entity::find()
        .filter(cond)
        .order_by_desc(stock_move::Column::OccurredAt)
        .order_by_desc(stock_move::Column::Id)
        .offset(page.offset)
        .limit(page.page_size)
        .all(db)
        .await?)
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RecordQuery {
    #[serde(flatten)]
    pub page: PageQuery,
    #[serde(default, alias = "ent_id", alias = "enterpriseId")]
    pub ent_id: Option<i64>,
    pub warehouse_id: Option<i64>,
    pub item_id: Option<i64>,
    pub kind: Option<String>,
    pub doc_no: Option<String>,
    pub supplier_id: Option<i64>,
    pub customer_id: Option<i64>,
    pub vehicle_id: Option<i64>,
    pub work_order_id: Option<i64>,
    pub from: Option<DateTime<Utc>>,
    pub to: Option<DateTime<Utc>>,
}

#[derive(Debug, Default, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RecordCollect {
    pub quantity_in: f64,
    pub quantity_out: f64,
    pub amount_in: f64,
    pub amount_out: f64,
}

/// The condition of one warehouse of `ent` when `warehouse` is given (checked: it names the
/// enterprise alone, so the database reads that warehouse's index and not the enterprise's),
/// else of the whole enterprise.
async fn place<C: ColumnTrait>(
    db: &impl ConnectionTrait,
    scope: &Scope,
    ent: i64,
    warehouse: Option<i64>,
    (ent_column, warehouse_column): (C, C),
) -> Result<Condition, AppError> {
    Ok(match warehouse {
        Some(w) => {
            let found = warehouse_of(db, scope, w, "warehouseId").await?;
            if found.enterprise_id != ent {
                return Err(refused(
                    "warehouseId",
                    text!(
                        "仓库 {} 不属于该企业",
                        "Warehouse {} belongs to another enterprise",
                        w
                    ),
                ));
            }
            Condition::all().add(warehouse_column.eq(w))
        }
        None => Condition::all().add(ent_column.eq(ent)),
    })
}

fn record_filter(mut c: Condition, q: &RecordQuery) -> Result<Condition, AppError> {
    if let Some(i) = q.item_id {
        c = c.add(stock_move::Column::ItemId.eq(i));
    }
    if let Some(k) = q.kind.as_deref().filter(|k| !k.trim().is_empty()) {
        c = c.add(stock_move::Column::Kind.eq(Kind::parse("kind", k)?.as_str()));
    }
    if let Some(d) = q.doc_no.as_deref().map(str::trim).filter(|d| !d.is_empty()) {
        c = c.add(stock_move::Column::DocNo.eq(d));
    }
    for (column, v) in [
        (stock_move::Column::SupplierId, q.supplier_id),
        (stock_move::Column::CustomerId, q.customer_id),
        (stock_move::Column::VehicleId, q.vehicle_id),
        (stock_move::Column::WorkOrderId, q.work_order_id),
    ] {
        if let Some(v) = v {
            c = c.add(column.eq(v));
        }
    }
    if let Some(f) = q.from {
        c = c.add(stock_move::Column::OccurredAt.gte(f));
    }
    if let Some(t) = q.to {
        c = c.add(stock_move::Column::OccurredAt.lt(t));
    }
    Ok(c)
}

/// The ledger, newest first, with totals of everything that matches.
pub async fn records(
    db: &DatabaseConnection,
    scope: &Scope,
    q: RecordQuery,
) -> Result<Collected<StockMove, RecordCollect>, AppError> {
    let page = q.page.checked()?;
    let ent = scope.acting(q.ent_id)?;
    let cond = place(
        db,
        scope,
        ent,
        q.warehouse_id,
        (
            stock_move::Column::EnterpriseId,
            stock_move::Column::WarehouseId,
        ),
    )
    .await?;
    let cond = record_filter(cond, &q)?;
    let (total, qin, qout, ain, aout): (i64, Option<f64>, Option<f64>, Option<f64>, Option<f64>) =
        stock_move::Entity::find()
            .select_only()
            .column_as(Expr::cust("COUNT(*)"), "n")
            .column_as(
                Expr::cust("SUM(CASE WHEN quantity > 0 THEN quantity ELSE 0.0 END)"),
                "qi",
            )
            .column_as(
                Expr::cust("SUM(CASE WHEN quantity < 0 THEN -quantity ELSE 0.0 END)"),
                "qo",
            )
            .column_as(
                Expr::cust("SUM(CASE WHEN quantity > 0 THEN amount ELSE 0.0 END)"),
                "ai",
            )
            .column_as(
                Expr::cust("SUM(CASE WHEN quantity < 0 THEN -amount ELSE 0.0 END)"),
                "ao",
            )
            .filter(cond.clone())
            .into_tuple()
            .one(db)
            .await?
            .unwrap_or((0, None, None, None, None));
    let rows = newest_moves(db, cond, page).await?;
    Ok(Collected {
        page: page.holding(moves_out(db, rows).await?, total),
        collect: RecordCollect {
            quantity_in: qin.unwrap_or(0.0),
            quantity_out: qout.unwrap_or(0.0),
            amount_in: money(ain.unwrap_or(0.0)),
            amount_out: money(aout.unwrap_or(0.0)),
        },
    })
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SaleQuery {
    #[serde(flatten)]
    pub page: PageQuery,
    #[serde(default, alias = "ent_id", alias = "enterpriseId")]
    pub ent_id: Option<i64>,
    pub customer_id: Option<i64>,
    pub item_id: Option<i64>,
    pub from: Option<DateTime<Utc>>,
    pub to: Option<DateTime<Utc>>,
}

#[derive(Debug, Default, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SaleCollect {
    pub quantity: f64,
    pub revenue: f64,
    pub cost: f64,
    pub profit: f64,
}

/// Sales to customers, newest first (quantities positive), with revenue, cost and profit.
pub async fn sales(
    db: &DatabaseConnection,
    scope: &Scope,
    q: SaleQuery,
) -> Result<Collected<StockMove, SaleCollect>, AppError> {
    let page = q.page.checked()?;
    let ent = scope.acting(q.ent_id)?;
    let rq = RecordQuery {
        kind: Some("sale".to_owned()),
        customer_id: q.customer_id,
        item_id: q.item_id,
        from: q.from,
        to: q.to,
        ..RecordQuery::default()
    };
    let cond = record_filter(
        Condition::all().add(stock_move::Column::EnterpriseId.eq(ent)),
        &rq,
    )?;
    let (total, qty, revenue, cost): (i64, Option<f64>, Option<f64>, Option<f64>) =
        stock_move::Entity::find()
            .select_only()
            .column_as(Expr::cust("COUNT(*)"), "n")
            .column_as(Expr::cust("SUM(-quantity)"), "q")
            .column_as(
                Expr::cust("SUM(-quantity * COALESCE(unit_price, 0.0))"),
                "r",
            )
            .column_as(Expr::cust("SUM(-amount)"), "c")
            .filter(cond.clone())
            .into_tuple()
            .one(db)
            .await?
            .unwrap_or((0, None, None, None));
    let rows = newest_moves(db, cond, page).await?;
    let list = moves_out(db, rows)
        .await?
        .into_iter()
        .map(|mut m| {
            m.quantity = -m.quantity;
            m.amount = -m.amount;
            m
        })
        .collect();
    let (revenue, cost) = (money(revenue.unwrap_or(0.0)), money(cost.unwrap_or(0.0)));
    Ok(Collected {
        page: page.holding(list, total),
        collect: SaleCollect {
            quantity: qty.unwrap_or(0.0),
            revenue,
            cost,
            profit: money(revenue - cost),
        },
    })
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BalanceQuery {
    #[serde(flatten)]
    pub page: PageQuery,
    #[serde(default, alias = "ent_id", alias = "enterpriseId")]
    pub ent_id: Option<i64>,
    pub warehouse_id: Option<i64>,
    pub item_id: Option<i64>,
    /// 2 parts, 3 tyres.
    pub kind: Option<i16>,
    #[serde(default)]
    pub keyword: String,
    /// Only balances at or below their low-stock threshold.
    #[serde(default)]
    pub low: bool,
    /// Balances of zero too (default: only what is held).
    #[serde(default)]
    pub empty: bool,
}

/// A warehouse × item balance.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Balance {
    pub warehouse_id: i64,
    pub warehouse_name: String,
    pub item_id: i64,
    pub item_code: String,
    pub item_name: String,
    pub kind: i16,
    pub unit: String,
    pub quantity: f64,
    pub avg_cost: f64,
    pub value: f64,
    pub low_stock: f64,
    pub low: bool,
    pub updated_at: DateTime<Utc>,
}

#[derive(Debug, Default, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BalanceCollect {
    pub items: u64,
    pub quantity: f64,
    pub value: f64,
    pub low: u64,
}

/// Balances by warehouse and item (warehouse, then item code), with totals over all that match.
pub async fn balances(
    db: &DatabaseConnection,
    scope: &Scope,
    q: BalanceQuery,
) -> Result<Collected<Balance, BalanceCollect>, AppError> {
    let page = q.page.checked()?;
    let ent = scope.acting(q.ent_id)?;
    let setting = settings::of(db, ent).await?;
    let mut cond = place(
        db,
        scope,
        ent,
        q.warehouse_id,
        (
            stock_balance::Column::EnterpriseId,
            stock_balance::Column::WarehouseId,
        ),
    )
    .await?;
    if let Some(i) = q.item_id {
        cond = cond.add(stock_balance::Column::ItemId.eq(i));
    }
    let keyword = q.keyword.trim();
    if q.kind.is_some() || !keyword.is_empty() {
        let mut items = stock_item::Entity::find()
            .select_only()
            .column(stock_item::Column::Id)
            .filter(stock_item::Column::EnterpriseId.eq(ent));
        if let Some(k) = q.kind {
            items = items.filter(stock_item::Column::Kind.eq(k));
        }
        if !keyword.is_empty() {
            items = items.filter(
                Condition::any()
                    .add(kernel::search::contains(stock_item::Column::Name, keyword))
                    .add(kernel::search::contains(stock_item::Column::Code, keyword)),
            );
        }
        cond = cond.add(stock_balance::Column::ItemId.in_subquery(items.into_query()));
    }
    if !q.empty {
        cond = cond.add(stock_balance::Column::Quantity.ne(0.0));
    }
    // The item's own threshold, else the enterprise's (a number read from the database).
    let threshold = format!(
        "COALESCE((SELECT s.low_stock FROM stock_items s WHERE s.id = stock_balances.item_id), {:?})",
        setting.low_stock
    );
    let low = format!("({threshold} > 0 AND stock_balances.quantity <= {threshold})");
    if q.low {
        cond = cond.add(Expr::cust(low.clone()));
    }
    let (items, quantity, value, lows): (i64, Option<f64>, Option<f64>, Option<i64>) =
        stock_balance::Entity::find()
            .select_only()
            .column_as(Expr::cust("COUNT(*)"), "n")
            .column_as(stock_balance::Column::Quantity.sum(), "q")
            .column_as(stock_balance::Column::Value.sum(), "v")
            .column_as(
                Expr::cust(format!("SUM(CASE WHEN {low} THEN 1 ELSE 0 END)")),
                "l",
            )
            .filter(cond.clone())
            .into_tuple()
            .one(db)
            .await?
            .unwrap_or((0, None, None, None));
    let rows = stock_balance::Entity::find()
        .filter(cond)
        .order_by_asc(stock_balance::Column::WarehouseId)
        .order_by_asc(stock_balance::Column::ItemId)
        .offset(page.offset)
        .limit(page.page_size)
        .all(db)
        .await?;
    let names = warehouse_names(db, rows.iter().map(|b| b.warehouse_id)).await?;
    let by_id: HashMap<i64, stock_item::Model> = stock_item::Entity::find()
        .filter(
            stock_item::Column::Id.is_in(rows.iter().map(|b| b.item_id).collect::<BTreeSet<_>>()),
        )
        .all(db)
        .await?
        .into_iter()
        .map(|i| (i.id, i))
        .collect();
    let list = rows
        .into_iter()
        .filter_map(|b| {
            let item = by_id.get(&b.item_id)?;
            let threshold = item.low_stock.unwrap_or(setting.low_stock);
            Some(Balance {
                warehouse_name: names.get(&b.warehouse_id).cloned().unwrap_or_default(),
                item_code: item.code.clone(),
                item_name: item.name.clone(),
                kind: item.kind,
                unit: item.unit.clone(),
                avg_cost: if b.quantity > EPS {
                    money(b.value / b.quantity)
                } else {
                    0.0
                },
                value: money(b.value),
                low_stock: threshold,
                low: threshold > 0.0 && b.quantity <= threshold,
                warehouse_id: b.warehouse_id,
                item_id: b.item_id,
                quantity: b.quantity,
                updated_at: b.updated_at,
            })
        })
        .collect();
    Ok(Collected {
        page: page.holding(list, items),
        collect: BalanceCollect {
            items: u64::try_from(items).unwrap_or(0),
            quantity: quantity.unwrap_or(0.0),
            value: money(value.unwrap_or(0.0)),
            low: u64::try_from(lows.unwrap_or(0)).unwrap_or(0),
        },
    })
}
