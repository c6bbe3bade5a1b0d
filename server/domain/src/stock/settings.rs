//! Stock (drp) and service settings of an enterprise; defaults until first saved.

use chrono::Utc;
use entities::{stock_balance, stock_setting};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, DatabaseConnection, EntityTrait,
    PaginatorTrait, QueryFilter, Set,
};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::refuse_read_only;
use super::refused;
use crate::scope::Scope;
use kernel::error::AppError;
use kernel::text;
use kernel::validate::{non_negative, present};

pub const AVERAGE: &str = "average";
pub const FIFO: &str = "fifo";

/// The settings of `ent` (defaults when never saved).
pub(crate) async fn of(
    db: &impl ConnectionTrait,
    ent: i64,
) -> Result<stock_setting::Model, AppError> {
    Ok(stock_setting::Entity::find_by_id(ent)
        .one(db)
        .await?
        .unwrap_or_else(|| stock_setting::Model {
            enterprise_id: ent,
            allow_negative: false,
            valuation: AVERAGE.to_owned(),
            low_stock: 0.0,
            alert_low_stock: true,
            labour_rate: 0.0,
            default_warehouse_id: None,
            interval_km: None,
            interval_days: None,
            tax_rate: 0.0,
            updated_at: Utc::now(),
        }))
}

async fn store(db: &DatabaseConnection, s: stock_setting::Model) -> Result<(), AppError> {
    let exists = stock_setting::Entity::find_by_id(s.enterprise_id)
        .one(db)
        .await?
        .is_some();
    let mut row: stock_setting::ActiveModel = s.into();
    row.updated_at = Set(Utc::now());
    if exists {
        row.reset_all().update(db).await?;
    } else {
        row.reset_all().insert(db).await?;
    }
    Ok(())
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EntQuery {
    #[serde(default, alias = "ent_id", alias = "enterpriseId")]
    pub ent_id: Option<i64>,
}

/// Stock settings.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DrpSetting {
    pub ent_id: i64,
    /// Moves may take a balance below zero.
    pub allow_negative: bool,
    /// "average" (moving average) or "fifo".
    pub valuation: String,
    /// The low-stock threshold of items without their own (0: none).
    pub low_stock: f64,
    /// Members are told when a balance falls to the threshold.
    pub alert_low_stock: bool,
}

impl From<&stock_setting::Model> for DrpSetting {
    fn from(s: &stock_setting::Model) -> Self {
        Self {
            ent_id: s.enterprise_id,
            allow_negative: s.allow_negative,
            valuation: s.valuation.clone(),
            low_stock: s.low_stock,
            alert_low_stock: s.alert_low_stock,
        }
    }
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DrpSettingInput {
    #[serde(default, alias = "ent_id", alias = "enterpriseId")]
    pub ent_id: Option<i64>,
    pub allow_negative: Option<bool>,
    pub valuation: Option<String>,
    pub low_stock: Option<f64>,
    pub alert_low_stock: Option<bool>,
}

pub async fn drp(
    db: &DatabaseConnection,
    scope: &Scope,
    q: &EntQuery,
) -> Result<DrpSetting, AppError> {
    let ent = scope.acting(q.ent_id)?;
    Ok((&of(db, ent).await?).into())
}

/// Saves what is given. The valuation changes only while the enterprise holds no stock (the
/// value kept would not match the new method).
pub async fn save_drp(
    db: &DatabaseConnection,
    scope: &Scope,
    input: DrpSettingInput,
) -> Result<DrpSetting, AppError> {
    refuse_read_only(scope)?;
    let ent = scope.acting(input.ent_id)?;
    let mut s = of(db, ent).await?;
    if let Some(v) = input.valuation {
        let v = v.trim().to_ascii_lowercase();
        if v != AVERAGE && v != FIFO {
            return Err(refused(
                "valuation",
                text!(
                    "valuation 只能是 average 或 fifo，不是“{}”",
                    "valuation must be average or fifo, not \"{}\"",
                    v
                ),
            ));
        }
        if v != s.valuation {
            let held = stock_balance::Entity::find()
                .filter(stock_balance::Column::EnterpriseId.eq(ent))
                .filter(stock_balance::Column::Quantity.ne(0.0))
                .count(db)
                .await?;
            if held > 0 {
                return Err(refused(
                    "valuation",
                    text!(
                        "仍有 {} 项库存，不能更改计价方法",
                        "The valuation cannot change while {} balances hold stock",
                        held
                    ),
                ));
            }
            s.valuation = v;
        }
    }
    if let Some(v) = input.allow_negative {
        s.allow_negative = v;
    }
    if let Some(v) = input.low_stock {
        s.low_stock = non_negative("lowStock", v)?;
    }
    if let Some(v) = input.alert_low_stock {
        s.alert_low_stock = v;
    }
    let out = (&s).into();
    store(db, s).await?;
    Ok(out)
}

/// Service settings.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ServiceSetting {
    pub ent_id: i64,
    /// Labour price per hour.
    pub labour_rate: f64,
    /// Where the parts of a service record come from unless a line names a warehouse.
    pub default_warehouse_id: Option<i64>,
    /// Service every so many km (none: not planned by distance).
    pub interval_km: Option<f64>,
    /// Service every so many days.
    pub interval_days: Option<i32>,
    /// Percent.
    pub tax_rate: f64,
}

impl From<&stock_setting::Model> for ServiceSetting {
    fn from(s: &stock_setting::Model) -> Self {
        Self {
            ent_id: s.enterprise_id,
            labour_rate: s.labour_rate,
            default_warehouse_id: s.default_warehouse_id,
            interval_km: s.interval_km,
            interval_days: s.interval_days,
            tax_rate: s.tax_rate,
        }
    }
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ServiceSettingInput {
    #[serde(default, alias = "ent_id", alias = "enterpriseId")]
    pub ent_id: Option<i64>,
    pub labour_rate: Option<f64>,
    /// null clears it.
    #[serde(default, deserialize_with = "present")]
    pub default_warehouse_id: Option<Option<i64>>,
    #[serde(default, deserialize_with = "present")]
    pub interval_km: Option<Option<f64>>,
    #[serde(default, deserialize_with = "present")]
    pub interval_days: Option<Option<i32>>,
    pub tax_rate: Option<f64>,
}

pub async fn service(
    db: &DatabaseConnection,
    scope: &Scope,
    q: &EntQuery,
) -> Result<ServiceSetting, AppError> {
    let ent = scope.acting(q.ent_id)?;
    Ok((&of(db, ent).await?).into())
}

pub async fn save_service(
    db: &DatabaseConnection,
    scope: &Scope,
    input: ServiceSettingInput,
) -> Result<ServiceSetting, AppError> {
    refuse_read_only(scope)?;
    let ent = scope.acting(input.ent_id)?;
    let mut s = of(db, ent).await?;
    if let Some(v) = input.labour_rate {
        s.labour_rate = non_negative("labourRate", v)?;
    }
    if let Some(v) = input.tax_rate {
        if !(0.0..=100.0).contains(&v) {
            return Err(refused(
                "taxRate",
                text!(
                    "taxRate 须在 0 到 100 之间",
                    "taxRate must be between 0 and 100"
                ),
            ));
        }
        s.tax_rate = v;
    }
    if let Some(w) = input.default_warehouse_id {
        if let Some(id) = w {
            let found = super::catalogue::warehouse_of(db, scope, id, "defaultWarehouseId").await?;
            if found.enterprise_id != ent {
                return Err(refused(
                    "defaultWarehouseId",
                    text!(
                        "仓库 {} 不属于该企业",
                        "Warehouse {} belongs to another enterprise",
                        id
                    ),
                ));
            }
        }
        s.default_warehouse_id = w;
    }
    if let Some(v) = input.interval_km {
        s.interval_km = v.map(|km| non_negative("intervalKm", km)).transpose()?;
    }
    if let Some(v) = input.interval_days {
        if v.is_some_and(|d| !(1..=3650).contains(&d)) {
            return Err(refused(
                "intervalDays",
                text!(
                    "intervalDays 须在 1 到 3650 之间",
                    "intervalDays must be between 1 and 3650"
                ),
            ));
        }
        s.interval_days = v;
    }
    let out = (&s).into();
    store(db, s).await?;
    Ok(out)
}
