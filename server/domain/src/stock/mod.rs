//! Stock, tyres as assets and service records (docs/stock.md): an enterprise's item catalogue,
//! warehouses, suppliers and customers, the ledger of moves with balances kept in the same
//! transaction, each tyre's life from receipt to scrap, and the priced lines of service records.

pub mod catalogue;
pub mod imports;
pub mod ledger;
pub mod services;
pub mod settings;
pub mod tyres;

use std::collections::HashMap;

use entities::{stock_item, stock_partner, sys_user, tyre_asset, vehicle, warehouse, work_order};
use sea_orm::{ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, QuerySelect};
use serde::Serialize;
use utoipa::ToSchema;

use crate::scope::{EnterpriseOwned, Scope};
use kernel::error::AppError;
use kernel::paging::PageResult;
use kernel::text;

/// Item kinds.
pub const LABOUR: i16 = 1;
pub const PART: i16 = 2;
pub const TYRE: i16 = 3;

/// Partner kinds.
pub const SUPPLIER: i16 = 1;
pub const CUSTOMER: i16 = 2;

/// Tyre states.
pub const IN_STOCK: i16 = 1;
pub const MOUNTED: i16 = 2;
pub const RETREADING: i16 = 3;
pub const SCRAPPED: i16 = 4;
pub const SOLD: i16 = 5;

/// A page of a list with totals over the whole list (not only the page).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Collected<T, C> {
    #[serde(flatten)]
    pub page: PageResult<T>,
    pub collect: C,
}

/// Money to the cent.
pub(crate) fn money(x: f64) -> f64 {
    (x * 100.0).round() / 100.0
}

/// Stock is changed by people who may write for the enterprise: not under a read-only
/// trusteeship.
pub(crate) fn refuse_read_only(scope: &Scope) -> Result<(), AppError> {
    if scope.read_only() {
        return Err(AppError::fail(text!(
            "只读托管下不能修改库存",
            "A read-only trusteeship may not change stock"
        )));
    }
    Ok(())
}

impl EnterpriseOwned for stock_item::Entity {
    const ENTERPRISE: Self::Column = stock_item::Column::EnterpriseId;
    fn not_found(id: i64) -> AppError {
        AppError::fail(text!("物料 {} 不存在", "No item {}", id))
    }
}

impl EnterpriseOwned for warehouse::Entity {
    const ENTERPRISE: Self::Column = warehouse::Column::EnterpriseId;
    fn not_found(id: i64) -> AppError {
        AppError::fail(text!("仓库 {} 不存在", "No warehouse {}", id))
    }
}

impl EnterpriseOwned for stock_partner::Entity {
    const ENTERPRISE: Self::Column = stock_partner::Column::EnterpriseId;
    fn not_found(id: i64) -> AppError {
        AppError::fail(text!(
            "往来单位 {} 不存在",
            "No supplier or customer {}",
            id
        ))
    }
}

impl EnterpriseOwned for tyre_asset::Entity {
    const ENTERPRISE: Self::Column = tyre_asset::Column::EnterpriseId;
    fn not_found(id: i64) -> AppError {
        AppError::fail(text!("轮胎 {} 不存在", "No tyre {}", id))
    }
}

/// Names of the rows `ids` of a table with an id and a name column.
async fn names_of<E, C>(
    db: &impl ConnectionTrait,
    id: C,
    name: C,
    ids: impl IntoIterator<Item = i64>,
) -> Result<HashMap<i64, String>, AppError>
where
    E: EntityTrait<Column = C>,
    C: ColumnTrait,
{
    let ids: Vec<i64> = ids.into_iter().collect();
    if ids.is_empty() {
        return Ok(HashMap::new());
    }
    Ok(E::find()
        .select_only()
        .column(id)
        .column(name)
        .filter(id.is_in(ids))
        .into_tuple::<(i64, String)>()
        .all(db)
        .await?
        .into_iter()
        .collect())
}

pub(crate) async fn warehouse_names(
    db: &impl ConnectionTrait,
    ids: impl IntoIterator<Item = i64>,
) -> Result<HashMap<i64, String>, AppError> {
    names_of::<warehouse::Entity, _>(db, warehouse::Column::Id, warehouse::Column::Name, ids).await
}

pub(crate) async fn partner_names(
    db: &impl ConnectionTrait,
    ids: impl IntoIterator<Item = i64>,
) -> Result<HashMap<i64, String>, AppError> {
    names_of::<stock_partner::Entity, _>(
        db,
        stock_partner::Column::Id,
        stock_partner::Column::Name,
        ids,
    )
    .await
}

pub(crate) async fn plates(
    db: &impl ConnectionTrait,
    ids: impl IntoIterator<Item = i64>,
) -> Result<HashMap<i64, String>, AppError> {
    names_of::<vehicle::Entity, _>(db, vehicle::Column::Id, vehicle::Column::Plate, ids).await
}

/// Work order numbers by order id.
pub(crate) async fn order_numbers(
    db: &impl ConnectionTrait,
    ids: impl IntoIterator<Item = i64>,
) -> Result<HashMap<i64, String>, AppError> {
    names_of::<work_order::Entity, _>(db, work_order::Column::Id, work_order::Column::Number, ids)
        .await
}

/// Nick names (else user names) by user id.
pub(crate) async fn people(
    db: &impl ConnectionTrait,
    ids: impl IntoIterator<Item = i64>,
) -> Result<HashMap<i64, String>, AppError> {
    let ids: Vec<i64> = ids.into_iter().collect();
    if ids.is_empty() {
        return Ok(HashMap::new());
    }
    Ok(sys_user::Entity::find()
        .filter(sys_user::Column::Id.is_in(ids))
        .all(db)
        .await?
        .into_iter()
        .map(|u| {
            let name = if u.nick_name.is_empty() {
                u.username
            } else {
                u.nick_name
            };
            (u.id, name)
        })
        .collect())
}

/// A refusal naming the request field first ("warehouseId: No warehouse 5"), so the message
/// alone says which input was wrong.
pub(crate) fn refused(field: impl Into<String>, t: kernel::i18n::Text) -> AppError {
    let field = field.into();
    if t.en.starts_with(field.as_str()) {
        return AppError::field(field, t);
    }
    let t = kernel::i18n::Text::new(format!("{field}：{}", t.zh), format!("{field}: {}", t.en));
    AppError::field(field, t)
}
