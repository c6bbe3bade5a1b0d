//! Imports of opening stock and of tyre lists (CSV or XLSX through the generic import, all rows
//! or none): each file is one document of the ledger.

use std::collections::{BTreeSet, HashMap};

use chrono::Utc;
use entities::{stock_item, tyre_asset, warehouse};
use futures::future::BoxFuture;
use sea_orm::{ActiveModelTrait, ColumnTrait, DatabaseTransaction, EntityTrait, QueryFilter, Set};

use super::catalogue::stocked;
use super::ledger::{self, Doc, Kind, Posting};
use super::{IN_STOCK, TYRE, settings};
use crate::scope::Scope;
use crate::tabular::{Col, ImportError, Importer, Record, RowError, no_row_refused};
use kernel::error::AppError;
use kernel::text;

/// Warehouses (by name) and items (by code) of the acting enterprise.
async fn lookups(
    txn: &DatabaseTransaction,
    ent: i64,
) -> Result<
    (
        HashMap<String, warehouse::Model>,
        HashMap<String, stock_item::Model>,
    ),
    ImportError,
> {
    let warehouses = warehouse::Entity::find()
        .filter(warehouse::Column::EnterpriseId.eq(ent))
        .filter(warehouse::Column::DeletedAt.is_null())
        .all(txn)
        .await?
        .into_iter()
        .map(|w| (w.name.clone(), w))
        .collect();
    let items = stock_item::Entity::find()
        .filter(stock_item::Column::EnterpriseId.eq(ent))
        .all(txn)
        .await?
        .into_iter()
        .map(|i| (i.code.clone(), i))
        .collect();
    Ok((warehouses, items))
}

fn number(rec: &Record, col: &str, errors: &mut Vec<RowError>) -> Option<f64> {
    let raw = rec.get(col)?;
    match raw.trim().parse::<f64>() {
        Ok(v) if v.is_finite() && (0.0..1e9).contains(&v) => Some(v),
        _ => {
            rec.reject(
                col,
                text!(
                    "“{}”不是 0 以上的数",
                    "\"{}\" is not a number of 0 or more",
                    raw
                ),
                errors,
            );
            None
        }
    }
}

fn acting(scope: &Scope) -> Result<i64, ImportError> {
    scope.acting(None).map_err(|e| {
        ImportError::Rows(vec![RowError {
            row: 1,
            column: String::new(),
            message: e.into_text(),
        }])
    })
}

/// A refusal of the ledger (another writer's move, a database check) as a file error.
fn refused(e: AppError) -> ImportError {
    ImportError::Rows(vec![RowError {
        row: 1,
        column: String::new(),
        message: e.into_text(),
    }])
}

fn doc(ent: i64, doc_no: String, kind: Kind, by: i64, remark: &str) -> Doc {
    Doc {
        ent,
        doc_no,
        kind,
        by,
        at: Utc::now(),
        supplier_id: None,
        customer_id: None,
        vehicle_id: None,
        work_order_id: None,
        remark: remark.to_owned(),
    }
}

/// Opening stock: `warehouse` (name), `itemCode`, `quantity`, `unitCost`.
pub struct StockOpening;

impl Importer for StockOpening {
    fn table(&self) -> &'static str {
        "stock_opening"
    }

    fn columns(&self) -> &'static [Col] {
        const COLUMNS: &[Col] = &[
            Col::required("warehouse"),
            Col::required("itemCode"),
            Col::required("quantity"),
            Col::required("unitCost"),
        ];
        COLUMNS
    }

    fn import<'a>(
        &'a self,
        txn: &'a DatabaseTransaction,
        scope: &'a Scope,
        records: &'a [Record],
    ) -> BoxFuture<'a, Result<u64, ImportError>> {
        Box::pin(async move {
            let ent = acting(scope)?;
            let (warehouses, items) = lookups(txn, ent).await?;
            let mut errors = Vec::new();
            let mut postings = Vec::new();
            for rec in records {
                let w = rec.text("warehouse", &mut errors).and_then(|n| {
                    let found = warehouses.get(&n).map(|w| w.id);
                    if found.is_none() {
                        rec.reject(
                            "warehouse",
                            text!("没有仓库“{}”", "No warehouse \"{}\"", n),
                            &mut errors,
                        );
                    }
                    found
                });
                let item = rec
                    .text("itemCode", &mut errors)
                    .and_then(|c| match items.get(&c) {
                        Some(i) if stocked(i.kind) => Some(i.clone()),
                        Some(i) => {
                            rec.reject(
                                "itemCode",
                                text!(
                                    "“{}”是工时，不入库",
                                    "\"{}\" is labour and is not stocked",
                                    i.name
                                ),
                                &mut errors,
                            );
                            None
                        }
                        None => {
                            rec.reject(
                                "itemCode",
                                text!("没有编码为“{}”的物料", "No item with the code \"{}\"", c),
                                &mut errors,
                            );
                            None
                        }
                    });
                let quantity = number(rec, "quantity", &mut errors).filter(|q| {
                    let ok = *q > 0.0;
                    if !ok {
                        rec.reject(
                            "quantity",
                            text!("数量须大于 0", "must be more than 0"),
                            &mut errors,
                        );
                    }
                    ok
                });
                let cost = number(rec, "unitCost", &mut errors);
                if let (Some(w), Some(item), Some(q), Some(c)) = (w, item, quantity, cost) {
                    postings.push(Posting {
                        warehouse_id: w,
                        item,
                        quantity: q,
                        unit_cost: Some(c),
                        unit_price: None,
                        tyre_ids: Vec::new(),
                        field: format!("row {}", rec.row),
                    });
                }
            }
            no_row_refused(errors)?;
            let count = postings.len() as u64;
            let setting = settings::of(txn, ent).await.map_err(refused)?;
            let now = Utc::now();
            let d = doc(
                ent,
                ledger::DOC_NUMBERS
                    .next(txn, ent, now)
                    .await
                    .map_err(refused)?,
                Kind::Adjust,
                scope.user.id,
                "opening stock",
            );
            let mut low = Vec::new();
            ledger::post_all(txn, &setting, &d, postings, &mut low)
                .await
                .map_err(refused)?;
            Ok(count)
        })
    }
}

/// Tyres received with serials: `serial`, `itemCode` (a tyre item's), `warehouse`, `purchaseCost`,
/// optional `dot` and `tread` (mm when new).
pub struct TyreAssets;

impl Importer for TyreAssets {
    fn table(&self) -> &'static str {
        "tyre_assets"
    }

    fn columns(&self) -> &'static [Col] {
        const COLUMNS: &[Col] = &[
            Col::required("serial"),
            Col::required("itemCode"),
            Col::required("warehouse"),
            Col::required("purchaseCost"),
            Col::optional("dot"),
            Col::optional("tread"),
        ];
        COLUMNS
    }

    fn import<'a>(
        &'a self,
        txn: &'a DatabaseTransaction,
        scope: &'a Scope,
        records: &'a [Record],
    ) -> BoxFuture<'a, Result<u64, ImportError>> {
        Box::pin(async move {
            let ent = acting(scope)?;
            let (warehouses, items) = lookups(txn, ent).await?;
            let taken: BTreeSet<String> = tyre_asset::Entity::find()
                .filter(tyre_asset::Column::EnterpriseId.eq(ent))
                .all(txn)
                .await?
                .into_iter()
                .map(|t| t.serial)
                .collect();
            let mut seen = BTreeSet::new();
            let mut errors = Vec::new();
            let mut rows = Vec::new();
            for rec in records {
                let serial = rec.text("serial", &mut errors).filter(|s| {
                    let fresh =
                        s.chars().count() <= 64 && !taken.contains(s) && seen.insert(s.clone());
                    if !fresh {
                        rec.reject(
                            "serial",
                            text!(
                                "胎号“{}”已登记或过长",
                                "The serial \"{}\" is already registered or too long",
                                s
                            ),
                            &mut errors,
                        );
                    }
                    fresh
                });
                let item = rec
                    .text("itemCode", &mut errors)
                    .and_then(|c| match items.get(&c) {
                        Some(i) if i.kind == TYRE => Some(i.clone()),
                        _ => {
                            rec.reject(
                                "itemCode",
                                text!(
                                    "没有编码为“{}”的轮胎物料",
                                    "No tyre item with the code \"{}\"",
                                    c
                                ),
                                &mut errors,
                            );
                            None
                        }
                    });
                let w = rec.text("warehouse", &mut errors).and_then(|n| {
                    let found = warehouses.get(&n).map(|w| w.id);
                    if found.is_none() {
                        rec.reject(
                            "warehouse",
                            text!("没有仓库“{}”", "No warehouse \"{}\"", n),
                            &mut errors,
                        );
                    }
                    found
                });
                let cost = number(rec, "purchaseCost", &mut errors);
                let tread = number(rec, "tread", &mut errors);
                let dot = rec.get("dot").unwrap_or_default().to_owned();
                if dot.chars().count() > 16 {
                    rec.reject(
                        "dot",
                        text!("最多 16 个字符", "has at most 16 characters"),
                        &mut errors,
                    );
                }
                if let (Some(serial), Some(item), Some(w), Some(cost)) = (serial, item, w, cost) {
                    rows.push((serial, item, w, cost, dot, tread));
                }
            }
            no_row_refused(errors)?;
            let setting = settings::of(txn, ent).await.map_err(refused)?;
            let now = Utc::now();
            let d = doc(
                ent,
                ledger::DOC_NUMBERS
                    .next(txn, ent, now)
                    .await
                    .map_err(refused)?,
                Kind::Receipt,
                scope.user.id,
                "tyre import",
            );
            let mut low = Vec::new();
            let count = rows.len() as u64;
            for (serial, item, w, cost, dot, tread) in rows {
                let asset = tyre_asset::ActiveModel {
                    enterprise_id: Set(ent),
                    item_id: Set(item.id),
                    serial: Set(serial),
                    dot: Set(dot),
                    purchase_cost: Set(cost),
                    extra_cost: Set(0.0),
                    state: Set(IN_STOCK),
                    warehouse_id: Set(Some(w)),
                    vehicle_id: Set(None),
                    position: Set(None),
                    mounted_at: Set(None),
                    km: Set(0.0),
                    tread_new: Set(tread),
                    received_at: Set(now),
                    created_at: Set(now),
                    updated_at: Set(now),
                    ..Default::default()
                }
                .insert(txn)
                .await?;
                let posting = Posting {
                    warehouse_id: w,
                    item,
                    quantity: 1.0,
                    unit_cost: Some(cost),
                    unit_price: None,
                    tyre_ids: vec![asset.id],
                    field: "file".to_owned(),
                };
                ledger::post_all(txn, &setting, &d, vec![posting], &mut low)
                    .await
                    .map_err(refused)?;
                ledger::event(
                    txn,
                    &asset,
                    ("receipt", None),
                    &d.doc_no,
                    scope.user.id,
                    now,
                )
                .await
                .map_err(refused)?;
            }
            Ok(count)
        })
    }
}
