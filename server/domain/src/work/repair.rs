//! The repair record of a work order: what was done per wheel position, and the parts and
//! labour lines whose amounts make the order's cost.

use chrono::Utc;
use entities::{work_order, work_order_line};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, DatabaseConnection, EntityTrait, QueryFilter,
    QueryOrder, Set,
};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::states::{self, CANCELLED, CLOSED};
use super::{find, find_writable, logs};
use crate::scope::Scope;
use crate::vehicle::wheels;
use kernel::db::write_txn;
use kernel::error::AppError;
use kernel::i18n::Text;
use kernel::text;
use kernel::validate::{limited, required, to_json};

/// What was done at one wheel position.
#[derive(Debug, Clone, Deserialize, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WheelWork {
    /// `1-1`, `2-4`, …
    pub position: String,
    /// repair, replace, rotate, inflate, inspect, …
    #[serde(default)]
    pub action: String,
    /// The tyre or sensor fitted, if any.
    #[serde(default, alias = "tyre", alias = "serial")]
    pub tyre_serial: String,
    #[serde(default)]
    pub note: String,
}

/// A part or labour line.
#[derive(Debug, Clone, Deserialize, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Line {
    /// `part` or `labour`.
    pub kind: LineKind,
    pub name: String,
    #[serde(default)]
    pub position: String,
    /// Parts: how many.
    #[serde(default)]
    pub quantity: f64,
    /// Parts: price of one; labour: price of an hour.
    #[serde(default, alias = "price")]
    pub unit_price: f64,
    /// Labour: hours.
    #[serde(default)]
    pub hours: f64,
    /// quantity × unitPrice (parts) or hours × unitPrice (labour); computed.
    #[serde(default)]
    pub amount: f64,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum LineKind {
    Part,
    Labour,
}

/// The repair record to store (it replaces the previous one).
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RepairInput {
    #[serde(alias = "orderId", alias = "order_id", alias = "workId", alias = "ID")]
    pub id: i64,
    #[serde(default, alias = "content")]
    pub summary: String,
    #[serde(default)]
    pub wheels: Vec<WheelWork>,
    #[serde(default)]
    pub lines: Vec<Line>,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RepairRecord {
    pub id: i64,
    pub summary: String,
    pub wheels: Vec<WheelWork>,
    pub lines: Vec<Line>,
    pub parts_cost: f64,
    pub labour_hours: f64,
    pub labour_cost: f64,
    pub total: f64,
}

#[derive(Debug, Default, Deserialize, Serialize)]
struct Stored {
    summary: String,
    wheels: Vec<WheelWork>,
}

fn non_negative(field: &str, v: f64) -> Result<f64, AppError> {
    if v.is_finite() && (0.0..=1e9).contains(&v) {
        Ok(v)
    } else {
        Err(AppError::field(
            field,
            text!(
                "{} 须在 0 到 1000000000 之间",
                "{} must be between 0 and 1000000000",
                field
            ),
        ))
    }
}

fn checked(input: RepairInput) -> Result<(i64, Stored, Vec<Line>), AppError> {
    if input.wheels.len() > 64 || input.lines.len() > 200 {
        return Err(AppError::field(
            if input.wheels.len() > 64 {
                "wheels"
            } else {
                "lines"
            },
            text!("记录条数过多", "too many entries"),
        ));
    }
    let summary = limited("summary", &input.summary, 5000)?;
    let mut wheels = Vec::with_capacity(input.wheels.len());
    for (i, w) in input.wheels.into_iter().enumerate() {
        wheels.push(WheelWork {
            position: required(&format!("wheels[{i}].position"), &w.position, 16)?,
            action: required(&format!("wheels[{i}].action"), &w.action, 32)?,
            tyre_serial: limited(&format!("wheels[{i}].tyreSerial"), &w.tyre_serial, 64)?,
            note: limited(&format!("wheels[{i}].note"), &w.note, 500)?,
        });
    }
    let mut lines = Vec::with_capacity(input.lines.len());
    for (i, l) in input.lines.into_iter().enumerate() {
        let at = |f: &str| format!("lines[{i}].{f}");
        let quantity = non_negative(&at("quantity"), l.quantity)?;
        let unit_price = non_negative(&at("unitPrice"), l.unit_price)?;
        let hours = non_negative(&at("hours"), l.hours)?;
        let amount = match l.kind {
            LineKind::Part => quantity * unit_price,
            LineKind::Labour => hours * unit_price,
        };
        lines.push(Line {
            kind: l.kind,
            name: required(&at("name"), &l.name, 128)?,
            position: limited(&at("position"), &l.position, 16)?,
            quantity,
            unit_price,
            hours,
            amount: (amount * 100.0).round() / 100.0,
        });
    }
    Ok((input.id, Stored { summary, wheels }, lines))
}

/// The repair record in one line for lists and exports, in the request's language: the summary,
/// then each wheel's work (`Axle 2, right outer replace LT123`), the wheel named by the vehicle's
/// wheels per axle.
pub(crate) fn one_line(order: &work_order::Model, wheels_per_axle: Option<&[u8]>) -> String {
    let stored: Stored = serde_json::from_str(&order.repair).unwrap_or_default();
    let lang = kernel::i18n::current();
    let wheels = stored.wheels.iter().map(|w| {
        let wheel = (!w.position.is_empty())
            .then(|| wheels::order_wheel_name(&w.position, wheels_per_axle, lang));
        [
            wheel.as_deref(),
            Some(w.action.as_str()),
            Some(w.tyre_serial.as_str()),
        ]
        .into_iter()
        .flatten()
        .filter(|p| !p.is_empty())
        .collect::<Vec<_>>()
        .join(" ")
    });
    std::iter::once(stored.summary.trim().to_owned())
        .chain(wheels)
        .filter(|p| !p.is_empty())
        .collect::<Vec<_>>()
        .join("; ")
}

fn record(order: &work_order::Model, lines: Vec<Line>) -> RepairRecord {
    let stored: Stored = serde_json::from_str(&order.repair).unwrap_or_default();
    let parts_cost = lines
        .iter()
        .filter(|l| l.kind == LineKind::Part)
        .map(|l| l.amount)
        .sum();
    let labour: Vec<&Line> = lines
        .iter()
        .filter(|l| l.kind == LineKind::Labour)
        .collect();
    let labour_hours = labour.iter().map(|l| l.hours).sum();
    let labour_cost = labour.iter().map(|l| l.amount).sum();
    RepairRecord {
        id: order.id,
        summary: stored.summary,
        wheels: stored.wheels,
        total: order.cost,
        parts_cost,
        labour_hours,
        labour_cost,
        lines,
    }
}

async fn lines_of(db: &impl ConnectionTrait, order_id: i64) -> Result<Vec<Line>, AppError> {
    Ok(work_order_line::Entity::find()
        .filter(work_order_line::Column::OrderId.eq(order_id))
        .order_by_asc(work_order_line::Column::Id)
        .all(db)
        .await?
        .into_iter()
        .map(|l| Line {
            kind: if l.kind == 2 {
                LineKind::Labour
            } else {
                LineKind::Part
            },
            name: l.name,
            position: l.position,
            quantity: l.quantity,
            unit_price: l.unit_price,
            hours: l.hours,
            amount: l.amount,
        })
        .collect())
}

/// The repair record of an order the scope sees.
pub async fn info(
    db: &DatabaseConnection,
    scope: &Scope,
    id: i64,
) -> Result<RepairRecord, AppError> {
    let order = find(db, scope, id).await?;
    let lines = lines_of(db, order.id).await?;
    Ok(record(&order, lines))
}

/// Stores the repair record of an order that is not cancelled or closed; its cost becomes the
/// sum of the lines.
pub async fn save(
    db: &DatabaseConnection,
    scope: &Scope,
    input: RepairInput,
) -> Result<RepairRecord, AppError> {
    let (id, stored, lines) = checked(input)?;
    let txn = write_txn(db).await?;
    let order = find_writable(&txn, scope, id).await?;
    if matches!(order.state, CANCELLED | CLOSED) {
        let s = states::label(order.state);
        return Err(AppError::fail(Text::new(
            format!("工单 {} {}，不能再修改维修记录", order.number, s.zh),
            format!(
                "Work order {} is {}; its repair record no longer changes",
                order.number, s.en
            ),
        )));
    }
    work_order_line::Entity::delete_many()
        .filter(work_order_line::Column::OrderId.eq(order.id))
        .exec(&txn)
        .await?;
    let now = Utc::now();
    let rows: Vec<work_order_line::ActiveModel> = lines
        .iter()
        .map(|l| work_order_line::ActiveModel {
            order_id: Set(order.id),
            kind: Set(if l.kind == LineKind::Labour { 2 } else { 1 }),
            name: Set(l.name.clone()),
            position: Set(l.position.clone()),
            quantity: Set(l.quantity),
            unit_price: Set(l.unit_price),
            hours: Set(l.hours),
            amount: Set(l.amount),
            created_at: Set(now),
            ..Default::default()
        })
        .collect();
    if !rows.is_empty() {
        work_order_line::Entity::insert_many(rows)
            .exec(&txn)
            .await?;
    }
    let cost = (lines.iter().map(|l| l.amount).sum::<f64>() * 100.0).round() / 100.0;
    let mut row: work_order::ActiveModel = order.into();
    row.repair = Set(to_json(&stored));
    row.cost = Set(cost);
    row.updated_at = Set(now);
    let saved = row.update(&txn).await?;
    logs::log_change(
        &txn,
        saved.id,
        scope.user.id,
        text!("更新了维修记录", "updated the repair record"),
    )
    .await?;
    txn.commit().await?;
    Ok(record(&saved, lines))
}
