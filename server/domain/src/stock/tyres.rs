//! Each tyre an asset (docs/stock.md, "Tyres"): mounting and dismounting through the ledger,
//! km run while mounted from the vehicle's daily mileage, cost per km, the wear rate from the
//! tread measurements at its wheel, and its life log with the pressure alarms of its wheel.

use std::collections::{BTreeSet, HashMap};

use chrono::{DateTime, Duration, NaiveDate, Utc};
use entities::{
    daily_mileage, stock_item, tread_depth, tyre, tyre_asset, tyre_brand, tyre_event, tyre_mount,
    vehicle_alarm, vehicle_wheel,
};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, Condition, ConnectionTrait, DatabaseConnection, EntityTrait,
    QueryFilter, QueryOrder, QuerySelect, QueryTrait, Set, Statement, sea_query::Expr,
};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::catalogue::warehouse_of;
use super::ledger::{self, Doc, Kind, Posting};
use super::refused;
use super::{
    Collected, IN_STOCK, MOUNTED, RETREADING, SCRAPPED, SOLD, money, order_numbers, people, plates,
    refuse_read_only, settings, warehouse_names,
};
use crate::live::hub::LiveHub;
use crate::scope::Scope;
use crate::vehicle::alarms::kind as alarm_kind;
use crate::vehicle::wheels;
use kernel::error::AppError;
use kernel::paging::{PageQuery, PageResult};
use kernel::text;
use kernel::validate::limited;

/// The legal minimum tread depth, mm.
const MIN_TREAD: f64 = 1.6;

/// A tyre.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TyreAsset {
    pub id: i64,
    pub ent_id: i64,
    pub serial: String,
    pub dot: String,
    pub item_id: i64,
    pub tyre_id: Option<i64>,
    pub brand: String,
    pub model: String,
    pub spec: String,
    pub purchase_cost: f64,
    /// Purchase, retreads and repairs.
    pub cost: f64,
    /// 1 in stock, 2 mounted, 3 retreading, 4 scrapped, 5 sold.
    pub state: i16,
    pub warehouse_id: Option<i64>,
    pub warehouse_name: String,
    pub vehicle_id: Option<i64>,
    pub plate: String,
    pub position: Option<i32>,
    /// The wheels on each axle of the vehicle it is mounted on, to name `position` as people say
    /// it (docs/fleet-data.md "Wheel names"); empty in stock or when the layout is unreadable.
    pub wheels_per_axle: Vec<u8>,
    /// Km run while mounted.
    pub mileage: f64,
    pub tread_new: Option<f64>,
    pub tread_last: Option<f64>,
    pub cost_per_km: Option<f64>,
    pub received_at: DateTime<Utc>,
    pub mounted_at: Option<DateTime<Utc>>,
}

/// Brand, model and size of tyre models.
async fn models(
    db: &impl ConnectionTrait,
    items: impl IntoIterator<Item = i64>,
) -> Result<HashMap<i64, (Option<i64>, i64, String, String, String)>, AppError> {
    let items: Vec<stock_item::Model> = stock_item::Entity::find()
        .filter(stock_item::Column::Id.is_in(items.into_iter().collect::<BTreeSet<_>>()))
        .all(db)
        .await?;
    let tyres: HashMap<i64, tyre::Model> = tyre::Entity::find()
        .filter(
            tyre::Column::Id.is_in(
                items
                    .iter()
                    .filter_map(|i| i.tyre_id)
                    .collect::<BTreeSet<_>>(),
            ),
        )
        .all(db)
        .await?
        .into_iter()
        .map(|t| (t.id, t))
        .collect();
    let brands: HashMap<i64, String> = tyre_brand::Entity::find()
        .filter(
            tyre_brand::Column::Id
                .is_in(tyres.values().map(|t| t.brand_id).collect::<BTreeSet<_>>()),
        )
        .all(db)
        .await?
        .into_iter()
        .map(|b| (b.id, b.name))
        .collect();
    Ok(items
        .into_iter()
        .map(|i| {
            let t = i.tyre_id.and_then(|t| tyres.get(&t));
            let brand_id = t.map_or(0, |t| t.brand_id);
            let brand = brands.get(&brand_id).cloned().unwrap_or_default();
            let model = t.map(|t| t.model.clone()).unwrap_or_else(|| i.name.clone());
            let spec = t.map(|t| t.spec.clone()).unwrap_or_default();
            (i.id, (i.tyre_id, brand_id, brand, model, spec))
        })
        .collect())
}

/// Km of mounts — the rows of `mounts`, a query of `(vehicle_id, from_day, to_day)` — within
/// `days` when given, keyed by those three. A day's km go to the mount the tyre is on at the
/// end of the day, so a mount counts from its first day up to the day before it closed (a
/// rotation on the day counts the day once, on the new wheel); an open mount up to today. Each
/// is the difference of the vehicle's odometer (`daily_mileage.odo_km`) at the two ends: two
/// index reads per mount, whatever its length.
async fn km_of_mounts(
    db: &impl ConnectionTrait,
    mounts: &str,
    days: Option<(NaiveDate, NaiveDate)>,
) -> Result<HashMap<(i64, NaiveDate, Option<NaiveDate>), f64>, AppError> {
    let sql = spans_km(mounts, days);
    let mut out = HashMap::new();
    for row in db
        .query_all_raw(Statement::from_string(db.get_database_backend(), sql))
        .await?
    {
        let key = (
            row.try_get("", "v")?,
            row.try_get("", "f")?,
            row.try_get("", "t")?,
        );
        let km: f64 = row.try_get::<Option<f64>>("", "km")?.unwrap_or(0.0);
        out.insert(key, km.max(0.0));
    }
    Ok(out)
}

/// The query of [`km_of_mounts`]: `v`, `f`, `t` and `km` of each span of `mounts` (a query of
/// `vehicle_id, from_day, to_day`). `km` may be below 0 (an odometer corrected downwards): the
/// caller clamps it once it is a column, since clamping here would evaluate both odometer
/// reads twice.
fn spans_km(mounts: &str, days: Option<(NaiveDate, NaiveDate)>) -> String {
    let (from, to) = days.unwrap_or((NaiveDate::MIN, Utc::now().date_naive()));
    let first = from.max(NaiveDate::from_ymd_opt(1, 1, 1).unwrap_or_default());
    let after = to.succ_opt().unwrap_or(to);
    let odometer = |before: &str| {
        format!(
            "(SELECT d.odo_km FROM daily_mileage d WHERE d.vehicle_id = m.vehicle_id \
             AND d.day < {before} ORDER BY d.day DESC LIMIT 1)"
        )
    };
    let end = odometer(&format!(
        "CASE WHEN m.to_day IS NOT NULL AND m.to_day < '{after}' THEN m.to_day ELSE '{after}' END"
    ));
    let start = odometer(&format!(
        "CASE WHEN m.from_day > '{first}' THEN m.from_day ELSE '{first}' END"
    ));
    format!(
        "SELECT m.vehicle_id AS v, m.from_day AS f, m.to_day AS t, \
         COALESCE({end}, 0.0) - COALESCE({start}, 0.0) AS km FROM ({mounts}) m"
    )
}

/// Km of the mounts of `tyres` (tyre id → km; open mounts only unless `closed_too`), within
/// `days` when given.
async fn open_km(
    db: &impl ConnectionTrait,
    tyres: &[i64],
    days: Option<(NaiveDate, NaiveDate)>,
    closed_too: bool,
) -> Result<HashMap<i64, f64>, AppError> {
    if tyres.is_empty() {
        return Ok(HashMap::new());
    }
    let ids = kernel::db::id_list(tyres);
    let open_only = if closed_too { "" } else { " AND to_at IS NULL" };
    let mounts: Vec<(i64, i64, NaiveDate, Option<NaiveDate>)> = tyre_mount::Entity::find()
        .select_only()
        .column(tyre_mount::Column::TyreId)
        .column(tyre_mount::Column::VehicleId)
        .column(tyre_mount::Column::FromDay)
        .column(tyre_mount::Column::ToDay)
        .filter(Expr::cust(format!("tyre_id IN ({ids}){open_only}")))
        .into_tuple()
        .all(db)
        .await?;
    // a vehicle's tyres mounted together share one (vehicle, first day, closing day)
    let sums = km_of_mounts(
        db,
        &format!(
            "SELECT DISTINCT vehicle_id, from_day, to_day FROM tyre_mounts \
             WHERE tyre_id IN ({ids}){open_only}"
        ),
        days,
    )
    .await?;
    let mut out: HashMap<i64, f64> = HashMap::new();
    for (tyre, vehicle, from, to) in mounts {
        *out.entry(tyre).or_default() += sums.get(&(vehicle, from, to)).copied().unwrap_or(0.0);
    }
    Ok(out)
}

/// The latest tread depth measured at each mounted tyre's wheel since it was mounted there: one
/// query for the page, the readings of its vehicles since the earliest of those mounts.
async fn last_treads(
    db: &impl ConnectionTrait,
    rows: &[tyre_asset::Model],
) -> Result<HashMap<i64, f64>, AppError> {
    let mounted: HashMap<(i64, i32), (i64, DateTime<Utc>)> = rows
        .iter()
        .filter_map(|t| Some(((t.vehicle_id?, t.position?), (t.id, t.mounted_at?))))
        .collect();
    let Some(since) = mounted.values().map(|(_, at)| *at).min() else {
        return Ok(HashMap::new());
    };
    let readings = tread_depth::Entity::find()
        .filter(tread_depth::Column::VehicleId.is_in(mounted.keys().map(|(v, _)| *v)))
        .filter(tread_depth::Column::MeasuredAt.gte(since))
        .order_by_asc(tread_depth::Column::MeasuredAt)
        .all(db)
        .await?;
    let mut out = HashMap::new();
    for r in readings {
        if let Some((tyre, at)) = mounted.get(&(r.vehicle_id, r.position))
            && r.measured_at >= *at
        {
            // in time order: the last one kept is the latest
            out.insert(*tyre, r.depth);
        }
    }
    Ok(out)
}

async fn assets_out(
    db: &impl ConnectionTrait,
    rows: Vec<tyre_asset::Model>,
) -> Result<Vec<TyreAsset>, AppError> {
    let ids: Vec<i64> = rows.iter().map(|t| t.id).collect();
    let open = open_km(db, &ids, None, false).await?;
    let models = models(db, rows.iter().map(|t| t.item_id)).await?;
    let warehouses = warehouse_names(db, rows.iter().filter_map(|t| t.warehouse_id)).await?;
    let plates = plates(db, rows.iter().filter_map(|t| t.vehicle_id)).await?;
    let layouts = wheels::wheels_per_axle(db, rows.iter().filter_map(|t| t.vehicle_id)).await?;
    let treads = last_treads(db, &rows).await?;
    Ok(rows
        .into_iter()
        .map(|t| {
            let (tyre_id, _, brand, model, spec) =
                models.get(&t.item_id).cloned().unwrap_or_default();
            let mileage = t.km + open.get(&t.id).copied().unwrap_or(0.0);
            let cost = money(t.purchase_cost + t.extra_cost);
            TyreAsset {
                warehouse_name: t
                    .warehouse_id
                    .and_then(|w| warehouses.get(&w).cloned())
                    .unwrap_or_default(),
                plate: t
                    .vehicle_id
                    .and_then(|v| plates.get(&v).cloned())
                    .unwrap_or_default(),
                wheels_per_axle: t
                    .vehicle_id
                    .and_then(|v| layouts.get(&v).cloned())
                    .unwrap_or_default(),
                tread_last: treads.get(&t.id).copied(),
                cost_per_km: (mileage > 0.0).then(|| (cost / mileage * 1000.0).round() / 1000.0),
                mileage: (mileage * 10.0).round() / 10.0,
                cost,
                tyre_id,
                brand,
                model,
                spec,
                id: t.id,
                ent_id: t.enterprise_id,
                serial: t.serial,
                dot: t.dot,
                item_id: t.item_id,
                purchase_cost: t.purchase_cost,
                state: t.state,
                warehouse_id: t.warehouse_id,
                vehicle_id: t.vehicle_id,
                position: t.position,
                tread_new: t.tread_new,
                received_at: t.received_at,
                mounted_at: t.mounted_at,
            }
        })
        .collect())
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TyreQuery {
    #[serde(flatten)]
    pub page: PageQuery,
    #[serde(default, alias = "ent_id", alias = "enterpriseId")]
    pub ent_id: Option<i64>,
    pub state: Option<i16>,
    /// Serial or DOT code.
    #[serde(default)]
    pub keyword: String,
    pub item_id: Option<i64>,
    pub brand_id: Option<i64>,
    pub vehicle_id: Option<i64>,
    pub warehouse_id: Option<i64>,
}

#[derive(Debug, Default, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TyreCollect {
    pub in_stock: u64,
    pub mounted: u64,
    pub retreading: u64,
    pub scrapped: u64,
    pub sold: u64,
}

/// Items of enterprise `ent` whose tyre model is of brand `brand`.
fn items_of_brand(ent: i64, brand: i64) -> sea_orm::sea_query::SelectStatement {
    stock_item::Entity::find()
        .select_only()
        .column(stock_item::Column::Id)
        .filter(stock_item::Column::EnterpriseId.eq(ent))
        .filter(
            stock_item::Column::TyreId.in_subquery(
                tyre::Entity::find()
                    .select_only()
                    .column(tyre::Column::Id)
                    .filter(tyre::Column::BrandId.eq(brand))
                    .into_query(),
            ),
        )
        .into_query()
}

pub async fn list(
    db: &DatabaseConnection,
    scope: &Scope,
    q: TyreQuery,
) -> Result<Collected<TyreAsset, TyreCollect>, AppError> {
    let page = q.page.checked()?;
    let ent = scope.acting(q.ent_id)?;
    let mut cond = Condition::all().add(tyre_asset::Column::EnterpriseId.eq(ent));
    let keyword = q.keyword.trim();
    if !keyword.is_empty() {
        cond = cond.add(
            Condition::any()
                .add(kernel::search::contains(
                    tyre_asset::Column::Serial,
                    keyword,
                ))
                .add(kernel::search::contains(tyre_asset::Column::Dot, keyword)),
        );
    }
    if let Some(i) = q.item_id {
        cond = cond.add(tyre_asset::Column::ItemId.eq(i));
    }
    if let Some(b) = q.brand_id {
        cond = cond.add(tyre_asset::Column::ItemId.in_subquery(items_of_brand(ent, b)));
    }
    if let Some(v) = q.vehicle_id {
        cond = cond.add(tyre_asset::Column::VehicleId.eq(v));
    }
    if let Some(w) = q.warehouse_id {
        cond = cond.add(tyre_asset::Column::WarehouseId.eq(w));
    }
    let counts: HashMap<i16, i64> = tyre_asset::Entity::find()
        .select_only()
        .column(tyre_asset::Column::State)
        .column_as(Expr::cust("COUNT(*)"), "n")
        .filter(cond.clone())
        .group_by(tyre_asset::Column::State)
        .into_tuple::<(i16, i64)>()
        .all(db)
        .await?
        .into_iter()
        .collect();
    let count = |s| u64::try_from(counts.get(&s).copied().unwrap_or(0)).unwrap_or(0);
    if let Some(s) = q.state {
        cond = cond.add(tyre_asset::Column::State.eq(s));
    }
    let total: u64 = match q.state {
        Some(s) => count(s),
        None => counts
            .values()
            .map(|n| u64::try_from(*n).unwrap_or(0))
            .sum(),
    };
    let rows = tyre_asset::Entity::find()
        .filter(cond)
        .order_by_desc(tyre_asset::Column::Id)
        .offset(page.offset)
        .limit(page.page_size)
        .all(db)
        .await?;
    Ok(Collected {
        page: page.holding(assets_out(db, rows).await?, total),
        collect: TyreCollect {
            in_stock: count(IN_STOCK),
            mounted: count(MOUNTED),
            retreading: count(RETREADING),
            scrapped: count(SCRAPPED),
            sold: count(SOLD),
        },
    })
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TyreId {
    #[serde(alias = "tyreId")]
    pub id: i64,
    #[serde(flatten)]
    pub page: PageQuery,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Mount {
    pub vehicle_id: i64,
    pub plate: String,
    pub position: i32,
    pub from: DateTime<Utc>,
    pub to: Option<DateTime<Utc>>,
    pub km: f64,
    /// The work order it was mounted for, and its number.
    pub work_order_id: Option<i64>,
    pub work_order_number: String,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TyreInfo {
    #[serde(flatten)]
    pub tyre: TyreAsset,
    pub mounts: Vec<Mount>,
    /// mm per 1,000 km, from its tread measurements while mounted.
    pub tread_wear_per1000_km: Option<f64>,
    /// When it reaches 1.6 mm at its recent daily km.
    pub projected_replacement: Option<NaiveDate>,
    /// Pressure alarms at its wheel while mounted.
    pub under_inflated_alarms: u64,
}

/// Tread measurements at a tyre's wheels while it was mounted there: (km then, depth).
async fn wear_points(
    db: &impl ConnectionTrait,
    t: &tyre_asset::Model,
    mounts: &[tyre_mount::Model],
) -> Result<Vec<(f64, f64)>, AppError> {
    let mut points = Vec::new();
    if let Some(new) = t.tread_new {
        points.push((0.0, new));
    }
    let mut km_before = 0.0;
    for m in mounts {
        let mut reads = tread_depth::Entity::find()
            .filter(tread_depth::Column::VehicleId.eq(m.vehicle_id))
            .filter(tread_depth::Column::Position.eq(m.position))
            .filter(tread_depth::Column::MeasuredAt.gte(m.from_at));
        if let Some(to) = m.to_at {
            reads = reads.filter(tread_depth::Column::MeasuredAt.lte(to));
        }
        let reads = reads
            .order_by_asc(tread_depth::Column::MeasuredAt)
            .all(db)
            .await?;
        for r in reads {
            let day = r.measured_at.date_naive();
            let km: Option<f64> = daily_mileage::Entity::find()
                .select_only()
                .column_as(daily_mileage::Column::Km.sum(), "km")
                .filter(daily_mileage::Column::VehicleId.eq(m.vehicle_id))
                .filter(daily_mileage::Column::Day.gte(m.from_day))
                .filter(daily_mileage::Column::Day.lte(day))
                .into_tuple()
                .one(db)
                .await?
                .flatten();
            points.push((km_before + km.unwrap_or(0.0), r.depth));
        }
        km_before += m.km.unwrap_or(0.0);
    }
    Ok(points)
}

/// mm lost per 1,000 km: the least-squares slope of depth over km.
fn wear_rate(points: &[(f64, f64)]) -> Option<f64> {
    if points.len() < 2 {
        return None;
    }
    let n = points.len() as f64;
    let (sx, sy) = points
        .iter()
        .fold((0.0, 0.0), |(a, b), (x, y)| (a + x, b + y));
    let (mx, my) = (sx / n, sy / n);
    let (num, den) = points.iter().fold((0.0, 0.0), |(a, b), (x, y)| {
        (a + (x - mx) * (y - my), b + (x - mx).powi(2))
    });
    if den <= 0.0 {
        return None;
    }
    let per_km = -num / den;
    (per_km > 0.0).then(|| (per_km * 1000.0 * 1000.0).round() / 1000.0)
}

pub async fn info(db: &DatabaseConnection, scope: &Scope, id: i64) -> Result<TyreInfo, AppError> {
    let t = scope.find::<tyre_asset::Entity>(db, id).await?;
    let mounts = tyre_mount::Entity::find()
        .filter(tyre_mount::Column::TyreId.eq(t.id))
        .order_by_asc(tyre_mount::Column::FromAt)
        .all(db)
        .await?;
    let open = open_km(db, &[t.id], None, false).await?;
    let points = wear_points(db, &t, &mounts).await?;
    let rate = wear_rate(&points);
    let last_depth = points.last().map(|p| p.1);
    // Recent daily km of the vehicle it is on: the last 30 days.
    let projected = match (rate, last_depth, t.vehicle_id) {
        (Some(r), Some(d), Some(v)) if d > MIN_TREAD => {
            let since = Utc::now().date_naive() - Duration::days(30);
            let km: Option<f64> = daily_mileage::Entity::find()
                .select_only()
                .column_as(daily_mileage::Column::Km.sum(), "km")
                .filter(daily_mileage::Column::VehicleId.eq(v))
                .filter(daily_mileage::Column::Day.gte(since))
                .into_tuple()
                .one(db)
                .await?
                .flatten();
            let per_day = km.unwrap_or(0.0) / 30.0;
            (per_day > 0.0).then(|| {
                let km_left = (d - MIN_TREAD) / r * 1000.0;
                Utc::now().date_naive() + Duration::days((km_left / per_day).ceil() as i64)
            })
        }
        _ => None,
    };
    let alarms = under_inflated(db, &mounts).await?;
    let plates = plates(db, mounts.iter().map(|m| m.vehicle_id)).await?;
    let orders = order_numbers(db, mounts.iter().filter_map(|m| m.work_order_id)).await?;
    let mounts_out = mounts
        .iter()
        .map(|m| Mount {
            work_order_id: m.work_order_id,
            work_order_number: m
                .work_order_id
                .and_then(|o| orders.get(&o).cloned())
                .unwrap_or_default(),
            vehicle_id: m.vehicle_id,
            plate: plates.get(&m.vehicle_id).cloned().unwrap_or_default(),
            position: m.position,
            from: m.from_at,
            to: m.to_at,
            km: m
                .km
                .unwrap_or_else(|| open.get(&t.id).copied().unwrap_or(0.0)),
        })
        .collect();
    Ok(TyreInfo {
        tyre: assets_out(db, vec![t]).await?.remove(0),
        mounts: mounts_out,
        tread_wear_per1000_km: rate,
        projected_replacement: projected,
        under_inflated_alarms: alarms.len() as u64,
    })
}

/// Low-pressure and leak alarms raised at the tyre's wheels while it was mounted there.
async fn under_inflated(
    db: &impl ConnectionTrait,
    mounts: &[tyre_mount::Model],
) -> Result<Vec<vehicle_alarm::Model>, AppError> {
    let mut out = Vec::new();
    for m in mounts {
        let mut found = vehicle_alarm::Entity::find()
            .filter(vehicle_alarm::Column::VehicleId.eq(m.vehicle_id))
            .filter(vehicle_alarm::Column::Position.eq(m.position))
            .filter(
                vehicle_alarm::Column::Kind
                    .is_in([alarm_kind::LOW_PRESSURE, alarm_kind::FAST_LEAK]),
            )
            .filter(vehicle_alarm::Column::StartedAt.gte(m.from_at));
        if let Some(to) = m.to_at {
            found = found.filter(vehicle_alarm::Column::StartedAt.lte(to));
        }
        out.extend(
            found
                .order_by_desc(vehicle_alarm::Column::StartedAt)
                .limit(1000)
                .all(db)
                .await?,
        );
    }
    Ok(out)
}

/// How many low-pressure and leak alarms each of `tyres` had at its wheels while mounted there:
/// one query for a page of tyres.
async fn under_inflated_counts(
    db: &impl ConnectionTrait,
    tyres: &[i64],
) -> Result<HashMap<i64, u64>, AppError> {
    if tyres.is_empty() {
        return Ok(HashMap::new());
    }
    let ids = kernel::db::id_list(tyres);
    let sql = format!(
        "SELECT m.tyre_id AS t, COUNT(*) AS n FROM tyre_mounts m \
         JOIN vehicle_alarms a ON a.vehicle_id = m.vehicle_id AND a.position = m.position \
              AND a.kind IN ({}, {}) AND a.started_at >= m.from_at \
              AND (m.to_at IS NULL OR a.started_at <= m.to_at) \
         WHERE m.tyre_id IN ({ids}) GROUP BY m.tyre_id",
        alarm_kind::LOW_PRESSURE,
        alarm_kind::FAST_LEAK
    );
    let mut out = HashMap::new();
    for row in db
        .query_all_raw(Statement::from_string(db.get_database_backend(), sql))
        .await?
    {
        let n: i64 = row.try_get("", "n")?;
        out.insert(row.try_get("", "t")?, u64::try_from(n).unwrap_or(0));
    }
    Ok(out)
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MountInput {
    pub id: i64,
    pub vehicle_id: i64,
    /// axle × 10 + wheel.
    pub position: i32,
    pub work_order_id: Option<i64>,
    #[serde(default)]
    pub remark: String,
}

/// Closes a tyre's open mount: its km are added to the tyre's.
async fn close_mount(
    db: &impl ConnectionTrait,
    t: &tyre_asset::Model,
    now: DateTime<Utc>,
) -> Result<f64, AppError> {
    let Some(m) = tyre_mount::Entity::find()
        .filter(tyre_mount::Column::TyreId.eq(t.id))
        .filter(tyre_mount::Column::ToAt.is_null())
        .one(db)
        .await?
    else {
        return Ok(0.0);
    };
    let id = m.id;
    let mut row: tyre_mount::ActiveModel = m.into();
    row.to_at = Set(Some(now));
    row.to_day = Set(Some(now.date_naive()));
    let closed = row.update(db).await?;
    let km = km_of_mounts(
        db,
        &format!("SELECT vehicle_id, from_day, to_day FROM tyre_mounts WHERE id = {id}"),
        None,
    )
    .await?
    .values()
    .sum();
    let mut row: tyre_mount::ActiveModel = closed.into();
    row.km = Set(Some(km));
    row.update(db).await?;
    Ok(km)
}

/// Mounts a tyre at a wheel (from stock: an issue; mounted elsewhere: a rotation).
pub async fn mount(
    db: &DatabaseConnection,
    live: &LiveHub,
    scope: &Scope,
    input: MountInput,
) -> Result<TyreAsset, AppError> {
    refuse_read_only(scope)?;
    let t = scope.find::<tyre_asset::Entity>(db, input.id).await?;
    let v = crate::vehicle::find(db, scope, input.vehicle_id)
        .await
        .map_err(|_| {
            refused(
                "vehicleId",
                text!("车辆 {} 不存在", "No vehicle {}", input.vehicle_id),
            )
        })?;
    crate::vehicle::alarms::may_handle(db, scope, &v).await?;
    let wheel = vehicle_wheel::Entity::find()
        .filter(vehicle_wheel::Column::VehicleId.eq(v.id))
        .filter(vehicle_wheel::Column::Position.eq(input.position))
        .one(db)
        .await?
        .ok_or_else(|| {
            refused(
                "position",
                text!(
                    "车辆 {} 没有轮位 {}",
                    "Vehicle {} has no wheel position {}",
                    v.plate,
                    input.position
                ),
            )
        })?;
    if t.state != IN_STOCK && t.state != MOUNTED {
        return Err(AppError::fail(text!(
            "轮胎“{}”不在库也未装车，不能安装",
            "The tyre \"{}\" is neither in stock nor mounted and cannot be mounted",
            t.serial
        )));
    }
    if t.vehicle_id == Some(v.id) && t.position == Some(input.position) {
        return Err(refused(
            "position",
            text!(
                "轮胎“{}”已装在此轮位",
                "The tyre \"{}\" is already at this wheel",
                t.serial
            ),
        ));
    }
    if let Some(there) = tyre_asset::Entity::find()
        .filter(tyre_asset::Column::VehicleId.eq(v.id))
        .filter(tyre_asset::Column::Position.eq(input.position))
        .filter(tyre_asset::Column::State.eq(MOUNTED))
        .one(db)
        .await?
    {
        return Err(refused(
            "position",
            text!(
                "该轮位已装轮胎“{}”，请先卸下",
                "The tyre \"{}\" is at this wheel: dismount it first",
                there.serial
            ),
        ));
    }
    let work_order_id = match input.work_order_id {
        Some(o) => Some(ledger::checked_order(db, scope, o).await?),
        None => None,
    };
    let remark = limited("remark", &input.remark, 500)?;
    let setting = settings::of(db, t.enterprise_id).await?;
    let item = stock_item::Entity::find_by_id(t.item_id)
        .one(db)
        .await?
        .ok_or_else(|| AppError::fail(text!("物料 {} 不存在", "No item {}", t.item_id)))?;
    let txn = kernel::db::write_txn(db).await?;
    let now = Utc::now();
    let mut low = Vec::new();
    let mut km = t.km;
    let rotation = t.state == MOUNTED;
    if rotation {
        km += close_mount(&txn, &t, now).await?;
    } else {
        let warehouse_id = t.warehouse_id.unwrap_or_default();
        let doc = Doc {
            ent: t.enterprise_id,
            doc_no: ledger::DOC_NUMBERS.next(&txn, t.enterprise_id, now).await?,
            kind: Kind::Issue,
            by: scope.user.id,
            at: now,
            supplier_id: None,
            customer_id: None,
            vehicle_id: Some(v.id),
            work_order_id,
            remark: remark.clone(),
        };
        let posting = Posting {
            warehouse_id,
            item,
            quantity: -1.0,
            unit_cost: None,
            unit_price: None,
            tyre_ids: vec![t.id],
            field: "id".to_owned(),
        };
        ledger::post_all(&txn, &setting, &doc, vec![posting], &mut low).await?;
    }
    tyre_mount::ActiveModel {
        tyre_id: Set(t.id),
        vehicle_id: Set(v.id),
        position: Set(input.position),
        from_at: Set(now),
        to_at: Set(None),
        from_day: Set(now.date_naive()),
        to_day: Set(None),
        km: Set(None),
        work_order_id: Set(work_order_id),
        ..Default::default()
    }
    .insert(&txn)
    .await?;
    let mut row: tyre_asset::ActiveModel = t.clone().into();
    row.state = Set(MOUNTED);
    row.warehouse_id = Set(None);
    row.vehicle_id = Set(Some(v.id));
    row.position = Set(Some(input.position));
    row.mounted_at = Set(Some(now));
    row.km = Set(km);
    row.updated_at = Set(now);
    let saved = row.update(&txn).await?;
    if let Some(model) = stock_item::Entity::find_by_id(t.item_id)
        .one(&txn)
        .await?
        .and_then(|i| i.tyre_id)
    {
        let mut w: vehicle_wheel::ActiveModel = wheel.into();
        w.tyre_id = Set(Some(model));
        w.update(&txn).await?;
    }
    let detail = if rotation {
        format!(
            "{} → {} {}",
            t.position.unwrap_or_default(),
            input.position,
            remark
        )
    } else {
        remark
    };
    ledger::event(
        &txn,
        &saved,
        (if rotation { "rotate" } else { "mount" }, work_order_id),
        detail.trim(),
        scope.user.id,
        now,
    )
    .await?;
    txn.commit().await?;
    ledger::tell_low(db, live, low).await?;
    Ok(assets_out(db, vec![saved]).await?.remove(0))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DismountInput {
    pub id: i64,
    /// Where it goes back to.
    pub warehouse_id: i64,
    /// Scrap it right away.
    #[serde(default)]
    pub scrap: bool,
    /// The work order it comes off for.
    pub work_order_id: Option<i64>,
    #[serde(default)]
    pub remark: String,
}

/// Takes a tyre off its wheel back into a warehouse (a return), or to scrap.
pub async fn dismount(
    db: &DatabaseConnection,
    live: &LiveHub,
    scope: &Scope,
    input: DismountInput,
) -> Result<TyreAsset, AppError> {
    refuse_read_only(scope)?;
    let t = scope.find::<tyre_asset::Entity>(db, input.id).await?;
    if t.state != MOUNTED {
        return Err(AppError::fail(text!(
            "轮胎“{}”未装车",
            "The tyre \"{}\" is not mounted",
            t.serial
        )));
    }
    let w = warehouse_of(db, scope, input.warehouse_id, "warehouseId").await?;
    if w.enterprise_id != t.enterprise_id {
        return Err(refused(
            "warehouseId",
            text!(
                "仓库 {} 不属于该企业",
                "Warehouse {} belongs to another enterprise",
                w.id
            ),
        ));
    }
    let work_order_id = match input.work_order_id {
        Some(o) => Some(ledger::checked_order(db, scope, o).await?),
        None => None,
    };
    let remark = limited("remark", &input.remark, 500)?;
    if input.scrap && remark.is_empty() {
        return Err(refused(
            "remark",
            text!(
                "报废须写明原因（remark）",
                "Scrapping needs a reason (remark)"
            ),
        ));
    }
    let setting = settings::of(db, t.enterprise_id).await?;
    let item = stock_item::Entity::find_by_id(t.item_id)
        .one(db)
        .await?
        .ok_or_else(|| AppError::fail(text!("物料 {} 不存在", "No item {}", t.item_id)))?;
    let txn = kernel::db::write_txn(db).await?;
    let now = Utc::now();
    let km = t.km + close_mount(&txn, &t, now).await?;
    let mut low = Vec::new();
    let mut doc = Doc {
        ent: t.enterprise_id,
        doc_no: ledger::DOC_NUMBERS.next(&txn, t.enterprise_id, now).await?,
        kind: Kind::Return,
        by: scope.user.id,
        at: now,
        supplier_id: None,
        customer_id: None,
        vehicle_id: t.vehicle_id,
        work_order_id,
        remark: remark.clone(),
    };
    let posting = |q: f64| Posting {
        warehouse_id: w.id,
        item: item.clone(),
        quantity: q,
        unit_cost: (q > 0.0).then_some(t.purchase_cost),
        unit_price: None,
        tyre_ids: vec![t.id],
        field: "id".to_owned(),
    };
    ledger::post_all(&txn, &setting, &doc, vec![posting(1.0)], &mut low).await?;
    let mut row: tyre_asset::ActiveModel = t.clone().into();
    row.km = Set(km);
    row.mounted_at = Set(None);
    row.updated_at = Set(now);
    row.state = Set(IN_STOCK);
    row.warehouse_id = Set(Some(w.id));
    let back = row.update(&txn).await?;
    ledger::event(
        &txn,
        &back,
        ("dismount", work_order_id),
        &remark,
        scope.user.id,
        now,
    )
    .await?;
    let mut row: tyre_asset::ActiveModel = back.clone().into();
    row.vehicle_id = Set(None);
    row.position = Set(None);
    let mut saved = row.update(&txn).await?;
    if input.scrap {
        doc.kind = Kind::Scrap;
        ledger::post_all(&txn, &setting, &doc, vec![posting(-1.0)], &mut low).await?;
        let mut row: tyre_asset::ActiveModel = saved.into();
        row.state = Set(SCRAPPED);
        row.warehouse_id = Set(None);
        saved = row.update(&txn).await?;
        ledger::event(
            &txn,
            &saved,
            ("scrap", work_order_id),
            &remark,
            scope.user.id,
            now,
        )
        .await?;
    }
    txn.commit().await?;
    ledger::tell_low(db, live, low).await?;
    Ok(assets_out(db, vec![saved]).await?.remove(0))
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CostQuery {
    #[serde(flatten)]
    pub page: PageQuery,
    #[serde(default, alias = "ent_id", alias = "enterpriseId")]
    pub ent_id: Option<i64>,
    /// tyre (default), brand or model.
    #[serde(default)]
    pub group_by: Option<String>,
    /// Only the km of these days count.
    pub from: Option<NaiveDate>,
    pub to: Option<NaiveDate>,
    pub brand_id: Option<i64>,
    pub state: Option<i16>,
}

/// Cost and km of a tyre, a brand or a model.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TyreCost {
    /// The tyre id, brand id or item id.
    pub key: i64,
    /// Serial, brand or model name.
    pub name: String,
    pub tyres: u64,
    pub mileage: f64,
    pub cost: f64,
    pub cost_per_km: Option<f64>,
    pub under_inflated_alarms: u64,
}

/// Cost per km of tyres, by tyre, brand or model, most expensive per km first.
pub async fn costs(
    db: &DatabaseConnection,
    scope: &Scope,
    q: CostQuery,
) -> Result<PageResult<TyreCost>, AppError> {
    let page = q.page.checked()?;
    let ent = scope.acting(q.ent_id)?;
    let group = q
        .group_by
        .as_deref()
        .unwrap_or("tyre")
        .trim()
        .to_ascii_lowercase();
    if !["tyre", "brand", "model"].contains(&group.as_str()) {
        return Err(refused(
            "groupBy",
            text!(
                "groupBy 只能是 tyre、brand 或 model",
                "groupBy must be tyre, brand or model"
            ),
        ));
    }
    let ranged = q.from.is_some() || q.to.is_some();
    let days = ranged.then(|| {
        (
            q.from.unwrap_or(NaiveDate::MIN),
            q.to.unwrap_or_else(|| Utc::now().date_naive()),
        )
    });
    let backend = db.get_database_backend();
    // Every value written into the query is a number or a date, typed above.
    let mut tyres = format!("a.enterprise_id = {ent}");
    if let Some(b) = q.brand_id {
        let items = items_of_brand(ent, b);
        let items = match backend {
            sea_orm::DbBackend::Postgres => {
                items.to_string(sea_orm::sea_query::PostgresQueryBuilder)
            }
            _ => items.to_string(sea_orm::sea_query::SqliteQueryBuilder),
        };
        tyres.push_str(&format!(" AND a.item_id IN ({items})"));
    }
    if let Some(s) = q.state {
        tyres.push_str(&format!(" AND a.state = {s}"));
    }
    // With a range every mount's km is counted again within it; without, closed km are stored.
    let (open_only, own_km) = if ranged {
        ("", "0.0")
    } else {
        (" AND m.to_at IS NULL", "a.km")
    };
    let mounts = format!(
        "FROM tyre_mounts m JOIN tyre_assets a ON a.id = m.tyre_id WHERE {tyres}{open_only}"
    );
    let spans = spans_km(
        &format!("SELECT DISTINCT m.vehicle_id, m.from_day, m.to_day {mounts}"),
        days,
    );
    let (key, name) = match group.as_str() {
        "brand" => ("COALESCE(ty.brand_id, 0)", "COALESCE(b.name, '')"),
        "model" => (
            "a.item_id",
            "TRIM(COALESCE(b.name, '') || ' ' || COALESCE(ty.model, i.name, '') || ' ' || \
             COALESCE(ty.spec, ''))",
        ),
        _ => ("a.id", "a.serial"),
    };
    // A vehicle's tyres mounted together share one span (vehicle, first day, closing day).
    // The spans are materialised: inlined, both odometer reads would run again for every
    // mount of the span. A span may hold another enterprise's tyre mounted on the same vehicle
    // at the same time: `grouped` keeps only this enterprise's tyres.
    let grouped = format!(
        "WITH spans AS MATERIALIZED ({spans}), \
         mounted AS (SELECT m.tyre_id AS id, SUM(CASE WHEN s.km > 0 THEN s.km ELSE 0.0 END) AS km \
           FROM spans s JOIN tyre_mounts m ON m.vehicle_id = s.v AND m.from_day = s.f \
             AND m.to_day IS NOT DISTINCT FROM s.t{open_only} GROUP BY m.tyre_id), \
         grouped AS (SELECT {key} AS k, MAX({name}) AS name, COUNT(*) AS tyres, \
           SUM({own_km} + COALESCE(mounted.km, 0.0)) AS km, \
           SUM(a.purchase_cost + a.extra_cost) AS cost \
           FROM tyre_assets a LEFT JOIN mounted ON mounted.id = a.id \
           LEFT JOIN stock_items i ON i.id = a.item_id LEFT JOIN tyres ty ON ty.id = i.tyre_id \
           LEFT JOIN tyre_brands b ON b.id = ty.brand_id \
           WHERE {tyres} GROUP BY {key}) "
    );
    let rows = db
        .query_all_raw(Statement::from_string(
            backend,
            format!(
                "{grouped} SELECT k, name, tyres, km, cost, COUNT(*) OVER () AS total FROM grouped \
                 ORDER BY CASE WHEN km > 0 THEN cost / km ELSE -1 END DESC, k \
                 LIMIT {} OFFSET {}",
                page.page_size, page.offset
            ),
        ))
        .await?;
    let mut total = rows
        .first()
        .map_or(Ok(0), |r| r.try_get::<i64>("", "total"))?;
    if rows.is_empty() && page.offset > 0 {
        // past the last page: the window counted nothing
        total = db
            .query_one_raw(Statement::from_string(
                backend,
                format!("{grouped} SELECT COUNT(*) AS total FROM grouped"),
            ))
            .await?
            .map_or(Ok(0), |r| r.try_get::<i64>("", "total"))?;
    }
    let mut shown = rows
        .iter()
        .map(|r| {
            let km: f64 = r.try_get("", "km")?;
            let cost: f64 = r.try_get("", "cost")?;
            Ok(TyreCost {
                key: r.try_get("", "k")?,
                name: r.try_get("", "name")?,
                tyres: u64::try_from(r.try_get::<i64>("", "tyres")?).unwrap_or_default(),
                mileage: (km * 10.0).round() / 10.0,
                cost: money(cost),
                cost_per_km: (km > 0.0).then(|| (cost / km * 1000.0).round() / 1000.0),
                under_inflated_alarms: 0,
            })
        })
        .collect::<Result<Vec<_>, AppError>>()?;
    if group == "tyre" {
        let counts =
            under_inflated_counts(db, &shown.iter().map(|r| r.key).collect::<Vec<_>>()).await?;
        for row in &mut shown {
            row.under_inflated_alarms = counts.get(&row.key).copied().unwrap_or(0);
        }
    }
    Ok(page.holding(shown, total))
}

/// An entry of a tyre's life.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TyreEvent {
    pub at: DateTime<Utc>,
    /// receipt, mount, rotate, dismount, transfer, retreadOut, retreadIn, scrap, sale, alarm.
    pub kind: String,
    pub vehicle_id: Option<i64>,
    pub plate: String,
    pub position: Option<i32>,
    /// The tyre's km then (not known for alarms: null).
    pub mileage: Option<f64>,
    pub detail: String,
    pub by: String,
    /// The work order it was done for, and its number.
    pub work_order_id: Option<i64>,
    pub work_order_number: String,
}

/// A tyre's life, newest first: its events and the pressure alarms of its wheels while mounted.
pub async fn log(
    db: &DatabaseConnection,
    scope: &Scope,
    q: TyreId,
) -> Result<PageResult<TyreEvent>, AppError> {
    let page = q.page.checked()?;
    let t = scope.find::<tyre_asset::Entity>(db, q.id).await?;
    let events = tyre_event::Entity::find()
        .filter(tyre_event::Column::TyreId.eq(t.id))
        .order_by_desc(tyre_event::Column::At)
        .order_by_desc(tyre_event::Column::Id)
        .all(db)
        .await?;
    let mounts = tyre_mount::Entity::find()
        .filter(tyre_mount::Column::TyreId.eq(t.id))
        .all(db)
        .await?;
    let alarms = under_inflated(db, &mounts).await?;
    let plates = plates(
        db,
        events
            .iter()
            .filter_map(|e| e.vehicle_id)
            .chain(alarms.iter().map(|a| a.vehicle_id)),
    )
    .await?;
    let who = people(db, events.iter().map(|e| e.created_by)).await?;
    let orders = order_numbers(db, events.iter().filter_map(|e| e.work_order_id)).await?;
    let mut all: Vec<TyreEvent> = events
        .into_iter()
        .map(|e| TyreEvent {
            work_order_number: e
                .work_order_id
                .and_then(|o| orders.get(&o).cloned())
                .unwrap_or_default(),
            work_order_id: e.work_order_id,
            plate: e
                .vehicle_id
                .and_then(|v| plates.get(&v).cloned())
                .unwrap_or_default(),
            by: who.get(&e.created_by).cloned().unwrap_or_default(),
            at: e.at,
            kind: e.kind,
            vehicle_id: e.vehicle_id,
            position: e.position,
            mileage: Some(e.mileage),
            detail: e.detail,
        })
        .chain(alarms.into_iter().map(|a| TyreEvent {
            plate: plates.get(&a.vehicle_id).cloned().unwrap_or_default(),
            by: String::new(),
            at: a.started_at,
            kind: "alarm".to_owned(),
            vehicle_id: Some(a.vehicle_id),
            position: Some(a.position),
            mileage: None,
            detail: match (a.value, a.threshold) {
                (Some(v), Some(th)) => format!("{v} bar < {th} bar"),
                (Some(v), None) => format!("{v} bar"),
                _ => String::new(),
            },
            work_order_id: None,
            work_order_number: String::new(),
        }))
        .collect();
    all.sort_by_key(|e| std::cmp::Reverse(e.at));
    let total = all.len() as u64;
    Ok(page.of(all, total))
}
