//! The item catalogue (labour, parts, tyre models), warehouses, suppliers and customers.

use std::collections::HashMap;

use chrono::{DateTime, Utc};
use entities::{
    car_service_line, stock_balance, stock_item, stock_move, stock_partner, tyre, tyre_asset,
    tyre_brand, warehouse,
};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, Condition, ConnectionTrait, DatabaseConnection, EntityTrait,
    PaginatorTrait, QueryFilter, QueryOrder, QuerySelect, Set, sea_query::Expr,
};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::refused;
use super::{CUSTOMER, IN_STOCK, LABOUR, PART, SUPPLIER, TYRE, refuse_read_only};
use crate::scope::Scope;
use kernel::error::{AppError, DbResultExt};
use kernel::paging::{self, PageQuery, PageResult};
use kernel::search::contains;
use kernel::text;
use kernel::validate::{limited, non_negative, present, required};

// ---------------------------------------------------------------- items

/// An item of the catalogue.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StockItem {
    pub id: i64,
    pub ent_id: i64,
    /// 1 labour, 2 part, 3 tyre.
    pub kind: i16,
    pub code: String,
    pub name: String,
    pub unit: String,
    pub price: f64,
    pub tyre_id: Option<i64>,
    pub tyre_brand: String,
    pub tyre_model: String,
    pub tyre_spec: String,
    pub low_stock: Option<f64>,
    pub enabled: bool,
    /// Held in all warehouses.
    pub quantity: f64,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ItemQuery {
    #[serde(flatten)]
    pub page: PageQuery,
    #[serde(default, alias = "ent_id", alias = "enterpriseId")]
    pub ent_id: Option<i64>,
    pub kind: Option<i16>,
    #[serde(default)]
    pub keyword: String,
    pub enabled: Option<bool>,
}

/// A tyre model's brand, model and size.
async fn tyre_models(
    db: &impl ConnectionTrait,
    ids: impl IntoIterator<Item = i64>,
) -> Result<HashMap<i64, (String, String, String)>, AppError> {
    let ids: Vec<i64> = ids.into_iter().collect();
    if ids.is_empty() {
        return Ok(HashMap::new());
    }
    let tyres = tyre::Entity::find()
        .filter(tyre::Column::Id.is_in(ids))
        .all(db)
        .await?;
    let brands: HashMap<i64, String> = tyre_brand::Entity::find()
        .filter(tyre_brand::Column::Id.is_in(tyres.iter().map(|t| t.brand_id)))
        .all(db)
        .await?
        .into_iter()
        .map(|b| (b.id, b.name))
        .collect();
    Ok(tyres
        .into_iter()
        .map(|t| {
            let brand = brands.get(&t.brand_id).cloned().unwrap_or_default();
            (t.id, (brand, t.model, t.spec))
        })
        .collect())
}

pub(crate) async fn items_out(
    db: &impl ConnectionTrait,
    rows: Vec<stock_item::Model>,
) -> Result<Vec<StockItem>, AppError> {
    let models = tyre_models(db, rows.iter().filter_map(|r| r.tyre_id)).await?;
    let held: HashMap<i64, f64> = if rows.is_empty() {
        HashMap::new()
    } else {
        stock_balance::Entity::find()
            .select_only()
            .column(stock_balance::Column::ItemId)
            .column_as(stock_balance::Column::Quantity.sum(), "q")
            .filter(stock_balance::Column::ItemId.is_in(rows.iter().map(|r| r.id)))
            .group_by(stock_balance::Column::ItemId)
            .into_tuple::<(i64, Option<f64>)>()
            .all(db)
            .await?
            .into_iter()
            .map(|(id, q)| (id, q.unwrap_or(0.0)))
            .collect()
    };
    Ok(rows
        .into_iter()
        .map(|r| {
            let (tyre_brand, tyre_model, tyre_spec) = r
                .tyre_id
                .and_then(|t| models.get(&t).cloned())
                .unwrap_or_default();
            StockItem {
                quantity: held.get(&r.id).copied().unwrap_or(0.0),
                id: r.id,
                ent_id: r.enterprise_id,
                kind: r.kind,
                code: r.code,
                name: r.name,
                unit: r.unit,
                price: r.price,
                tyre_id: r.tyre_id,
                tyre_brand,
                tyre_model,
                tyre_spec,
                low_stock: r.low_stock,
                enabled: r.enabled,
                created_at: r.created_at,
                updated_at: r.updated_at,
            }
        })
        .collect())
}

pub async fn items(
    db: &DatabaseConnection,
    scope: &Scope,
    q: ItemQuery,
) -> Result<PageResult<StockItem>, AppError> {
    let ent = scope.acting(q.ent_id)?;
    let mut cond = Condition::all().add(stock_item::Column::EnterpriseId.eq(ent));
    if let Some(k) = q.kind {
        cond = cond.add(stock_item::Column::Kind.eq(k));
    }
    if let Some(e) = q.enabled {
        cond = cond.add(stock_item::Column::Enabled.eq(e));
    }
    let keyword = q.keyword.trim();
    if !keyword.is_empty() {
        cond = cond.add(
            Condition::any()
                .add(contains(stock_item::Column::Name, keyword))
                .add(contains(stock_item::Column::Code, keyword)),
        );
    }
    let select = stock_item::Entity::find()
        .filter(cond)
        .order_by_asc(stock_item::Column::Kind)
        .order_by_asc(stock_item::Column::Code);
    let page = paging::fetch(db, select, q.page, |r| r).await?;
    Ok(PageResult {
        list: items_out(db, page.list).await?,
        total: page.total,
        page: page.page,
        page_size: page.page_size,
    })
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ItemInput {
    /// Given by setItem (changes), absent for saveItem (creates).
    pub id: Option<i64>,
    #[serde(default, alias = "ent_id", alias = "enterpriseId")]
    pub ent_id: Option<i64>,
    /// 1 labour, 2 part, 3 tyre (creating only).
    pub kind: Option<i16>,
    pub code: Option<String>,
    pub name: Option<String>,
    pub unit: Option<String>,
    pub price: Option<f64>,
    /// The tyre model of a tyre item (creating only).
    pub tyre_id: Option<i64>,
    /// null clears it.
    #[serde(default, deserialize_with = "present")]
    pub low_stock: Option<Option<f64>>,
    pub enabled: Option<bool>,
}

fn code_taken(code: &str) -> kernel::i18n::Text {
    text!(
        "编码“{}”已被其他物料使用",
        "The code \"{}\" is taken by another item",
        code
    )
}

/// Creates an item (saveItem).
pub async fn create_item(
    db: &DatabaseConnection,
    scope: &Scope,
    input: ItemInput,
) -> Result<StockItem, AppError> {
    refuse_read_only(scope)?;
    let ent = scope.acting(input.ent_id)?;
    let kind = input.kind.ok_or_else(|| {
        refused(
            "kind",
            text!(
                "kind 必填（1 工时、2 配件、3 轮胎）",
                "kind is required (1 labour, 2 part, 3 tyre)"
            ),
        )
    })?;
    if ![LABOUR, PART, TYRE].contains(&kind) {
        return Err(refused(
            "kind",
            text!(
                "kind 只能是 1、2 或 3，不是 {}",
                "kind must be 1, 2 or 3, not {}",
                kind
            ),
        ));
    }
    let tyre_id = if kind == TYRE {
        let id = input.tyre_id.ok_or_else(|| {
            refused(
                "tyreId",
                text!(
                    "轮胎物料须选择轮胎型号",
                    "A tyre item needs a tyre model (tyreId)"
                ),
            )
        })?;
        let model = tyre::Entity::find_by_id(id)
            .filter(
                Condition::any()
                    .add(tyre::Column::EnterpriseId.is_null())
                    .add(tyre::Column::EnterpriseId.eq(ent)),
            )
            .one(db)
            .await?;
        if model.is_none() {
            return Err(refused(
                "tyreId",
                text!("轮胎型号 {} 不存在", "No tyre model {}", id),
            ));
        }
        Some(id)
    } else {
        None
    };
    let name = match (&input.name, tyre_id) {
        (Some(n), _) if !n.trim().is_empty() => required("name", n, 128)?,
        (_, Some(t)) => {
            let (brand, model, spec) = tyre_models(db, [t]).await?.remove(&t).unwrap_or_default();
            format!("{brand} {model} {spec}").trim().to_owned()
        }
        _ => required("name", "", 128)?,
    };
    let now = Utc::now();
    let code = match input.code.as_deref().map(str::trim) {
        Some(c) if !c.is_empty() => limited("code", c, 32)?,
        _ => format!(
            "I{}{:03}",
            now.format("%y%m%d%H%M%S"),
            now.timestamp_subsec_millis()
        ),
    };
    let unit = limited("unit", input.unit.as_deref().unwrap_or(""), 16)?;
    let unit = if unit.is_empty() {
        match kind {
            LABOUR => "h".to_owned(),
            TYRE => "条".to_owned(),
            _ => "个".to_owned(),
        }
    } else {
        unit
    };
    let row = stock_item::ActiveModel {
        enterprise_id: Set(ent),
        kind: Set(kind),
        code: Set(code.clone()),
        name: Set(name),
        unit: Set(unit),
        price: Set(non_negative("price", input.price.unwrap_or(0.0))?),
        tyre_id: Set(tyre_id),
        low_stock: Set(input
            .low_stock
            .flatten()
            .map(|v| non_negative("lowStock", v))
            .transpose()?),
        enabled: Set(input.enabled.unwrap_or(true)),
        created_at: Set(now),
        updated_at: Set(now),
        ..Default::default()
    }
    .insert(db)
    .await
    .on_conflict(|| code_taken(&code))?;
    Ok(items_out(db, vec![row]).await?.remove(0))
}

/// Changes an item (setItem): what is given.
pub async fn update_item(
    db: &DatabaseConnection,
    scope: &Scope,
    input: ItemInput,
) -> Result<StockItem, AppError> {
    refuse_read_only(scope)?;
    let id = input
        .id
        .ok_or_else(|| refused("id", text!("修改需要 id", "Changing needs an id")))?;
    let found = scope.find::<stock_item::Entity>(db, id).await?;
    if input.kind.is_some_and(|k| k != found.kind)
        || input.tyre_id.is_some_and(|t| Some(t) != found.tyre_id)
    {
        return Err(refused(
            "kind",
            text!(
                "物料的类别和轮胎型号不能修改",
                "An item's kind and tyre model cannot change"
            ),
        ));
    }
    let mut row: stock_item::ActiveModel = found.clone().into();
    let mut code = found.code.clone();
    if let Some(c) = &input.code {
        code = required("code", c, 32)?;
        row.code = Set(code.clone());
    }
    if let Some(n) = &input.name {
        row.name = Set(required("name", n, 128)?);
    }
    if let Some(u) = &input.unit {
        row.unit = Set(required("unit", u, 16)?);
    }
    if let Some(p) = input.price {
        row.price = Set(non_negative("price", p)?);
    }
    if let Some(l) = input.low_stock {
        row.low_stock = Set(l.map(|v| non_negative("lowStock", v)).transpose()?);
    }
    if let Some(e) = input.enabled {
        row.enabled = Set(e);
    }
    row.updated_at = Set(Utc::now());
    let saved = row.update(db).await.on_conflict(|| code_taken(&code))?;
    Ok(items_out(db, vec![saved]).await?.remove(0))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct IdsInput {
    #[serde(default)]
    pub id: Option<i64>,
    #[serde(default)]
    pub ids: Vec<i64>,
}

impl IdsInput {
    fn all(&self) -> Result<Vec<i64>, AppError> {
        let mut ids = self.ids.clone();
        ids.extend(self.id);
        ids.sort_unstable();
        ids.dedup();
        if ids.is_empty() || ids.len() > 500 {
            return Err(refused(
                "ids",
                text!("ids 须有 1 到 500 个", "ids must hold 1 to 500 ids"),
            ));
        }
        Ok(ids)
    }
}

/// Deletes items nothing uses (delItem): all or none.
pub async fn delete_items(
    db: &DatabaseConnection,
    scope: &Scope,
    input: &IdsInput,
) -> Result<u64, AppError> {
    refuse_read_only(scope)?;
    let ids = input.all()?;
    for id in &ids {
        let item = scope.find::<stock_item::Entity>(db, *id).await?;
        let moves = stock_move::Entity::find()
            .filter(stock_move::Column::ItemId.eq(item.id))
            .count(db)
            .await?;
        let lines = car_service_line::Entity::find()
            .filter(car_service_line::Column::ItemId.eq(item.id))
            .count(db)
            .await?;
        if moves + lines > 0 {
            return Err(AppError::fail(text!(
                "物料“{}”已有 {} 条出入库或维保记录，不能删除（可停用）",
                "The item \"{}\" is used by {} stock moves or service lines and cannot be deleted (disable it instead)",
                item.name,
                moves + lines
            )));
        }
    }
    let txn = kernel::db::write_txn(db).await?;
    stock_balance::Entity::delete_many()
        .filter(stock_balance::Column::ItemId.is_in(ids.clone()))
        .exec(&txn)
        .await?;
    let gone = stock_item::Entity::delete_many()
        .filter(stock_item::Column::Id.is_in(ids))
        .exec(&txn)
        .await?
        .rows_affected;
    txn.commit().await?;
    Ok(gone)
}

// ---------------------------------------------------------------- warehouses

/// A warehouse with what it holds.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Warehouse {
    pub id: i64,
    pub ent_id: i64,
    pub name: String,
    pub address: String,
    pub keeper: String,
    pub phone: String,
    pub remark: String,
    /// Items with a balance other than zero.
    pub items: u64,
    pub quantity: f64,
    pub value: f64,
    /// Tyres (assets) in it.
    pub tyres: u64,
    pub created_at: DateTime<Utc>,
}

/// A warehouse of the scope (not deleted), refused naming `field`.
pub(crate) async fn warehouse_of(
    db: &impl ConnectionTrait,
    scope: &Scope,
    id: i64,
    field: &str,
) -> Result<warehouse::Model, AppError> {
    match scope.find::<warehouse::Entity>(db, id).await {
        Ok(w) if w.deleted_at.is_none() => Ok(w),
        _ => Err(refused(
            field,
            text!("仓库 {} 不存在", "No warehouse {}", id),
        )),
    }
}

async fn warehouses_out(
    db: &impl ConnectionTrait,
    rows: Vec<warehouse::Model>,
) -> Result<Vec<Warehouse>, AppError> {
    let ids: Vec<i64> = rows.iter().map(|w| w.id).collect();
    let held: HashMap<i64, (i64, Option<f64>, Option<f64>)> = stock_balance::Entity::find()
        .select_only()
        .column(stock_balance::Column::WarehouseId)
        .column_as(Expr::cust("COUNT(*)"), "n")
        .column_as(stock_balance::Column::Quantity.sum(), "q")
        .column_as(stock_balance::Column::Value.sum(), "v")
        .filter(stock_balance::Column::WarehouseId.is_in(ids.clone()))
        .filter(stock_balance::Column::Quantity.ne(0.0))
        .group_by(stock_balance::Column::WarehouseId)
        .into_tuple::<(i64, i64, Option<f64>, Option<f64>)>()
        .all(db)
        .await?
        .into_iter()
        .map(|(w, n, q, v)| (w, (n, q, v)))
        .collect();
    let tyres: HashMap<i64, i64> = tyre_asset::Entity::find()
        .select_only()
        .column(tyre_asset::Column::WarehouseId)
        .column_as(Expr::cust("COUNT(*)"), "n")
        .filter(tyre_asset::Column::WarehouseId.is_in(ids))
        .filter(tyre_asset::Column::State.eq(IN_STOCK))
        .group_by(tyre_asset::Column::WarehouseId)
        .into_tuple::<(Option<i64>, i64)>()
        .all(db)
        .await?
        .into_iter()
        .filter_map(|(w, n)| w.map(|w| (w, n)))
        .collect();
    Ok(rows
        .into_iter()
        .map(|w| {
            let (n, q, v) = held.get(&w.id).copied().unwrap_or((0, None, None));
            Warehouse {
                items: u64::try_from(n).unwrap_or(0),
                quantity: q.unwrap_or(0.0),
                value: super::money(v.unwrap_or(0.0)),
                tyres: u64::try_from(tyres.get(&w.id).copied().unwrap_or(0)).unwrap_or(0),
                id: w.id,
                ent_id: w.enterprise_id,
                name: w.name,
                address: w.address,
                keeper: w.keeper,
                phone: w.phone,
                remark: w.remark,
                created_at: w.created_at,
            }
        })
        .collect())
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WarehouseQuery {
    #[serde(flatten)]
    pub page: PageQuery,
    #[serde(default, alias = "ent_id", alias = "enterpriseId")]
    pub ent_id: Option<i64>,
    #[serde(default)]
    pub keyword: String,
}

pub async fn warehouses(
    db: &DatabaseConnection,
    scope: &Scope,
    q: WarehouseQuery,
) -> Result<PageResult<Warehouse>, AppError> {
    let ent = scope.acting(q.ent_id)?;
    let mut cond = Condition::all()
        .add(warehouse::Column::EnterpriseId.eq(ent))
        .add(warehouse::Column::DeletedAt.is_null());
    let keyword = q.keyword.trim();
    if !keyword.is_empty() {
        cond = cond.add(
            Condition::any()
                .add(contains(warehouse::Column::Name, keyword))
                .add(contains(warehouse::Column::Address, keyword))
                .add(contains(warehouse::Column::Keeper, keyword)),
        );
    }
    let select = warehouse::Entity::find()
        .filter(cond)
        .order_by_asc(warehouse::Column::Id);
    let page = paging::fetch(db, select, q.page, |r| r).await?;
    Ok(PageResult {
        list: warehouses_out(db, page.list).await?,
        total: page.total,
        page: page.page,
        page_size: page.page_size,
    })
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WarehouseInput {
    /// Given by updateWarehouse.
    pub id: Option<i64>,
    #[serde(default, alias = "ent_id", alias = "enterpriseId")]
    pub ent_id: Option<i64>,
    pub name: Option<String>,
    pub address: Option<String>,
    pub keeper: Option<String>,
    pub phone: Option<String>,
    pub remark: Option<String>,
}

async fn refuse_taken_name(
    db: &impl ConnectionTrait,
    ent: i64,
    name: &str,
    except: Option<i64>,
) -> Result<(), AppError> {
    let mut select = warehouse::Entity::find()
        .filter(warehouse::Column::EnterpriseId.eq(ent))
        .filter(warehouse::Column::DeletedAt.is_null())
        .filter(warehouse::Column::Name.eq(name));
    if let Some(id) = except {
        select = select.filter(warehouse::Column::Id.ne(id));
    }
    if select.count(db).await? > 0 {
        return Err(refused(
            "name",
            text!(
                "仓库“{}”已存在",
                "A warehouse named \"{}\" already exists",
                name
            ),
        ));
    }
    Ok(())
}

/// Creates a warehouse (saveWarehouse; an `id` given is ignored).
pub async fn create_warehouse(
    db: &DatabaseConnection,
    scope: &Scope,
    input: WarehouseInput,
) -> Result<Warehouse, AppError> {
    save_warehouse(db, scope, WarehouseInput { id: None, ..input }).await
}

/// Changes a warehouse (updateWarehouse): `id` and what is given.
pub async fn update_warehouse(
    db: &DatabaseConnection,
    scope: &Scope,
    input: WarehouseInput,
) -> Result<Warehouse, AppError> {
    if input.id.is_none() {
        return Err(refused("id", text!("修改需要 id", "Changing needs an id")));
    }
    save_warehouse(db, scope, input).await
}

/// Creates (no id) or changes a warehouse; names are unique per enterprise.
async fn save_warehouse(
    db: &DatabaseConnection,
    scope: &Scope,
    input: WarehouseInput,
) -> Result<Warehouse, AppError> {
    refuse_read_only(scope)?;
    let text =
        |field: &str, v: &Option<String>, max| limited(field, v.as_deref().unwrap_or(""), max);
    let now = Utc::now();
    let saved = if let Some(id) = input.id {
        let found = warehouse_of(db, scope, id, "id").await?;
        let mut row: warehouse::ActiveModel = found.clone().into();
        if let Some(n) = &input.name {
            let name = required("name", n, 64)?;
            refuse_taken_name(db, found.enterprise_id, &name, Some(id)).await?;
            row.name = Set(name);
        }
        if input.address.is_some() {
            row.address = Set(text("address", &input.address, 255)?);
        }
        if input.keeper.is_some() {
            row.keeper = Set(text("keeper", &input.keeper, 64)?);
        }
        if input.phone.is_some() {
            row.phone = Set(text("phone", &input.phone, 32)?);
        }
        if input.remark.is_some() {
            row.remark = Set(text("remark", &input.remark, 500)?);
        }
        row.updated_at = Set(now);
        row.update(db).await?
    } else {
        let ent = scope.acting(input.ent_id)?;
        let name = required("name", input.name.as_deref().unwrap_or(""), 64)?;
        refuse_taken_name(db, ent, &name, None).await?;
        warehouse::ActiveModel {
            enterprise_id: Set(ent),
            name: Set(name),
            address: Set(text("address", &input.address, 255)?),
            keeper: Set(text("keeper", &input.keeper, 64)?),
            phone: Set(text("phone", &input.phone, 32)?),
            remark: Set(text("remark", &input.remark, 500)?),
            deleted_at: Set(None),
            created_at: Set(now),
            updated_at: Set(now),
            ..Default::default()
        }
        .insert(db)
        .await?
    };
    Ok(warehouses_out(db, vec![saved]).await?.remove(0))
}

/// Deletes a warehouse that holds nothing (its ledger lines keep naming it).
pub async fn delete_warehouse(
    db: &DatabaseConnection,
    scope: &Scope,
    id: i64,
) -> Result<(), AppError> {
    refuse_read_only(scope)?;
    let found = warehouse_of(db, scope, id, "id").await?;
    let out = warehouses_out(db, vec![found.clone()]).await?.remove(0);
    if out.items > 0 || out.tyres > 0 {
        return Err(AppError::fail(text!(
            "仓库“{}”仍有 {} 项库存、{} 条轮胎，不能删除",
            "The warehouse \"{}\" still holds {} items and {} tyres and cannot be deleted",
            found.name,
            out.items,
            out.tyres
        )));
    }
    let mut row: warehouse::ActiveModel = found.into();
    let now = Utc::now();
    row.deleted_at = Set(Some(now));
    row.updated_at = Set(now);
    row.update(db).await?;
    Ok(())
}

// ---------------------------------------------------------------- suppliers and customers

/// A supplier (kind 1) or customer (kind 2).
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Partner {
    pub id: i64,
    pub ent_id: i64,
    pub kind: i16,
    pub name: String,
    pub contact: String,
    pub phone: String,
    pub address: String,
    pub remark: String,
    /// Moves naming it.
    pub moves: u64,
    /// Bought from a supplier (cost) or sold to a customer (revenue).
    pub amount: f64,
    pub created_at: DateTime<Utc>,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PartnerQuery {
    #[serde(flatten)]
    pub page: PageQuery,
    /// 1 suppliers, 2 customers.
    pub kind: i16,
    #[serde(default, alias = "ent_id", alias = "enterpriseId")]
    pub ent_id: Option<i64>,
    #[serde(default)]
    pub keyword: String,
}

fn checked_kind(kind: i16) -> Result<i16, AppError> {
    if kind == SUPPLIER || kind == CUSTOMER {
        Ok(kind)
    } else {
        Err(refused(
            "kind",
            text!(
                "kind 只能是 1（供应商）或 2（客户），不是 {}",
                "kind must be 1 (supplier) or 2 (customer), not {}",
                kind
            ),
        ))
    }
}

/// A partner of the scope of `kind`, refused naming `field`.
pub(crate) async fn partner_of(
    db: &impl ConnectionTrait,
    scope: &Scope,
    id: i64,
    kind: i16,
    field: &str,
) -> Result<stock_partner::Model, AppError> {
    match scope.find::<stock_partner::Entity>(db, id).await {
        Ok(p) if p.kind == kind => Ok(p),
        _ if kind == SUPPLIER => Err(refused(
            field,
            text!("供应商 {} 不存在", "No supplier {}", id),
        )),
        _ => Err(refused(
            field,
            text!("客户 {} 不存在", "No customer {}", id),
        )),
    }
}

async fn partners_out(
    db: &impl ConnectionTrait,
    rows: Vec<stock_partner::Model>,
) -> Result<Vec<Partner>, AppError> {
    let mut sums: HashMap<i64, (i64, f64)> = HashMap::new();
    for (column, kind) in [
        (stock_move::Column::SupplierId, SUPPLIER),
        (stock_move::Column::CustomerId, CUSTOMER),
    ] {
        let ids: Vec<i64> = rows
            .iter()
            .filter(|p| p.kind == kind)
            .map(|p| p.id)
            .collect();
        if ids.is_empty() {
            continue;
        }
        // A sale's amount is its revenue; a receipt's its cost.
        let amount = if kind == CUSTOMER {
            Expr::cust("SUM(-quantity * COALESCE(unit_price, 0.0))")
        } else {
            Expr::cust("SUM(amount)")
        };
        let found = stock_move::Entity::find()
            .select_only()
            .column(column)
            .column_as(Expr::cust("COUNT(*)"), "n")
            .column_as(amount, "a")
            .filter(column.is_in(ids))
            .group_by(column)
            .into_tuple::<(Option<i64>, i64, Option<f64>)>()
            .all(db)
            .await?;
        for (id, n, a) in found {
            if let Some(id) = id {
                sums.insert(id, (n, a.unwrap_or(0.0)));
            }
        }
    }
    Ok(rows
        .into_iter()
        .map(|p| {
            let (n, a) = sums.get(&p.id).copied().unwrap_or((0, 0.0));
            Partner {
                moves: u64::try_from(n).unwrap_or(0),
                amount: super::money(a),
                id: p.id,
                ent_id: p.enterprise_id,
                kind: p.kind,
                name: p.name,
                contact: p.contact,
                phone: p.phone,
                address: p.address,
                remark: p.remark,
                created_at: p.created_at,
            }
        })
        .collect())
}

pub async fn partners(
    db: &DatabaseConnection,
    scope: &Scope,
    q: PartnerQuery,
) -> Result<PageResult<Partner>, AppError> {
    let ent = scope.acting(q.ent_id)?;
    let kind = checked_kind(q.kind)?;
    let mut cond = Condition::all()
        .add(stock_partner::Column::EnterpriseId.eq(ent))
        .add(stock_partner::Column::Kind.eq(kind));
    let keyword = q.keyword.trim();
    if !keyword.is_empty() {
        cond = cond.add(
            Condition::any()
                .add(contains(stock_partner::Column::Name, keyword))
                .add(contains(stock_partner::Column::Contact, keyword))
                .add(contains(stock_partner::Column::Phone, keyword)),
        );
    }
    let select = stock_partner::Entity::find()
        .filter(cond)
        .order_by_asc(stock_partner::Column::Name);
    let page = paging::fetch(db, select, q.page, |r| r).await?;
    Ok(PageResult {
        list: partners_out(db, page.list).await?,
        total: page.total,
        page: page.page,
        page_size: page.page_size,
    })
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PartnerInput {
    pub id: Option<i64>,
    #[serde(default, alias = "ent_id", alias = "enterpriseId")]
    pub ent_id: Option<i64>,
    /// 1 supplier, 2 customer (creating only).
    pub kind: Option<i16>,
    pub name: Option<String>,
    pub contact: Option<String>,
    pub phone: Option<String>,
    pub address: Option<String>,
    pub remark: Option<String>,
}

/// Creates (no id) or changes a supplier or customer; names are unique per enterprise and kind.
pub async fn save_partner(
    db: &DatabaseConnection,
    scope: &Scope,
    input: PartnerInput,
) -> Result<Partner, AppError> {
    refuse_read_only(scope)?;
    let text =
        |field: &str, v: &Option<String>, max| limited(field, v.as_deref().unwrap_or(""), max);
    let taken = |name: &str| text!("“{}”已存在", "\"{}\" already exists", name);
    let now = Utc::now();
    let saved = if let Some(id) = input.id {
        let found = scope.find::<stock_partner::Entity>(db, id).await?;
        let mut row: stock_partner::ActiveModel = found.clone().into();
        let mut name = found.name.clone();
        if let Some(n) = &input.name {
            name = required("name", n, 128)?;
            row.name = Set(name.clone());
        }
        if input.contact.is_some() {
            row.contact = Set(text("contact", &input.contact, 64)?);
        }
        if input.phone.is_some() {
            row.phone = Set(text("phone", &input.phone, 32)?);
        }
        if input.address.is_some() {
            row.address = Set(text("address", &input.address, 255)?);
        }
        if input.remark.is_some() {
            row.remark = Set(text("remark", &input.remark, 500)?);
        }
        row.updated_at = Set(now);
        row.update(db).await.on_conflict(|| taken(&name))?
    } else {
        let ent = scope.acting(input.ent_id)?;
        let kind = checked_kind(input.kind.unwrap_or(0))?;
        let name = required("name", input.name.as_deref().unwrap_or(""), 128)?;
        stock_partner::ActiveModel {
            enterprise_id: Set(ent),
            kind: Set(kind),
            name: Set(name.clone()),
            contact: Set(text("contact", &input.contact, 64)?),
            phone: Set(text("phone", &input.phone, 32)?),
            address: Set(text("address", &input.address, 255)?),
            remark: Set(text("remark", &input.remark, 500)?),
            created_at: Set(now),
            updated_at: Set(now),
            ..Default::default()
        }
        .insert(db)
        .await
        .on_conflict(|| taken(&name))?
    };
    Ok(partners_out(db, vec![saved]).await?.remove(0))
}

/// Deletes a supplier or customer no move names.
pub async fn delete_partner(
    db: &DatabaseConnection,
    scope: &Scope,
    id: i64,
) -> Result<(), AppError> {
    refuse_read_only(scope)?;
    let found = scope.find::<stock_partner::Entity>(db, id).await?;
    let used = partners_out(db, vec![found.clone()]).await?.remove(0).moves;
    if used > 0 {
        return Err(AppError::fail(text!(
            "“{}”已有 {} 条出入库记录，不能删除",
            "\"{}\" is named by {} stock moves and cannot be deleted",
            found.name,
            used
        )));
    }
    stock_partner::Entity::delete_by_id(found.id)
        .exec(db)
        .await?;
    Ok(())
}

/// The item `id` of enterprise `ent`, enabled, refused naming `field`.
pub(crate) async fn item_of(
    db: &impl ConnectionTrait,
    ent: i64,
    id: i64,
    field: &str,
) -> Result<stock_item::Model, AppError> {
    match stock_item::Entity::find_by_id(id).one(db).await? {
        Some(i) if i.enterprise_id == ent && i.enabled => Ok(i),
        Some(i) if i.enterprise_id == ent => Err(refused(
            field,
            text!("物料“{}”已停用", "The item \"{}\" is disabled", i.name),
        )),
        _ => Err(refused(field, text!("物料 {} 不存在", "No item {}", id))),
    }
}

/// Is `PART` or `TYRE` (kept in stock).
pub(crate) fn stocked(kind: i16) -> bool {
    kind == PART || kind == TYRE
}
