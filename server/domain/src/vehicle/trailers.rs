//! Trailers (vehicles of kind 1) and drop-and-hook: hitching, unhitching and swapping trailers
//! on tractors, each change recorded in `trailer_swaps` (who, when, from, to, where).

use std::collections::{BTreeSet, HashMap};

use chrono::{DateTime, Utc};
use entities::{trailer_swap, vehicle};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, Condition, ConnectionTrait, DatabaseConnection, EntityTrait,
    QueryFilter, QueryOrder, QuerySelect, Set,
};
use serde::Serialize;
use utoipa::ToSchema;

use super::find_owned;
use super::records::KIND_TRAILER;
use crate::scope::Scope;
use kernel::changes::{Change, announce};
use kernel::error::AppError;
use kernel::paging::{self, PageQuery, PageResult};
use kernel::search::contains;
use kernel::text;

/// Where a swap happened, when the caller knows.
#[derive(Debug, Clone, Default)]
pub struct Place {
    pub address: String,
    pub lat: Option<f64>,
    pub lon: Option<f64>,
}

/// Hitches `trailer` (None: unhitches) to `tractor` and records the change. The trailer must
/// be a trailer the scope may change and not be pulled by another tractor.
pub async fn hitch(
    db: &impl ConnectionTrait,
    scope: &Scope,
    tractor: &vehicle::Model,
    trailer: Option<i64>,
    place: Option<Place>,
) -> Result<(), AppError> {
    if trailer == tractor.trailer_id {
        return Ok(());
    }
    if tractor.kind == KIND_TRAILER {
        return Err(AppError::fail(text!(
            "挂车 {} 不能再挂挂车",
            "Trailer {} cannot pull a trailer",
            tractor.plate
        )));
    }
    let to = match trailer {
        Some(t) => {
            let t = find_owned(db, scope, t).await?;
            if t.kind != KIND_TRAILER {
                return Err(AppError::fail(text!(
                    "车辆 {} 不是挂车",
                    "Vehicle {} is not a trailer",
                    t.plate
                )));
            }
            if let Some(other) = vehicle::Entity::find()
                .filter(vehicle::Column::TrailerId.eq(t.id))
                .filter(vehicle::Column::Id.ne(tractor.id))
                .one(db)
                .await?
            {
                return Err(AppError::fail(text!(
                    "挂车 {} 已挂在 {} 上",
                    "Trailer {} is hitched to {}",
                    t.plate,
                    other.plate
                )));
            }
            Some(t)
        }
        None => None,
    };
    let from = match tractor.trailer_id {
        Some(f) => vehicle::Entity::find_by_id(f).one(db).await?,
        None => None,
    };
    vehicle::Entity::update_many()
        .col_expr(
            vehicle::Column::TrailerId,
            sea_orm::sea_query::Expr::value(to.as_ref().map(|t| t.id)),
        )
        .col_expr(
            vehicle::Column::UpdatedAt,
            sea_orm::sea_query::Expr::value(Utc::now()),
        )
        .filter(vehicle::Column::Id.eq(tractor.id))
        .exec(db)
        .await?;
    announce(Change::Vehicles(vec![tractor.id]));
    let place = place.unwrap_or_default();
    trailer_swap::ActiveModel {
        enterprise_id: Set(tractor.enterprise_id),
        tractor_id: Set(tractor.id),
        tractor_plate: Set(tractor.plate.clone()),
        from_trailer_id: Set(from.as_ref().map(|f| f.id)),
        from_plate: Set(from.map(|f| f.plate).unwrap_or_default()),
        to_trailer_id: Set(to.as_ref().map(|t| t.id)),
        to_plate: Set(to.map(|t| t.plate).unwrap_or_default()),
        operator_id: Set(scope.user.id),
        address: Set(place.address),
        lat: Set(place.lat),
        lon: Set(place.lon),
        created_at: Set(Utc::now()),
        ..Default::default()
    }
    .insert(db)
    .await?;
    Ok(())
}

/// trailerChange: hitches a trailer to a tractor (0 or none unhitches).
pub async fn change(
    db: &DatabaseConnection,
    scope: &Scope,
    tractor_id: i64,
    trailer_id: Option<i64>,
    place: Place,
) -> Result<(), AppError> {
    let txn = kernel::db::write_txn(db).await?;
    let tractor = find_owned(&txn, scope, tractor_id).await?;
    hitch(
        &txn,
        scope,
        &tractor,
        trailer_id.filter(|t| *t != 0),
        Some(place),
    )
    .await?;
    txn.commit().await.map_err(Into::into)
}

/// exchangeTrailer: two tractors swap their trailers (two records).
pub async fn exchange(
    db: &DatabaseConnection,
    scope: &Scope,
    first: i64,
    second: i64,
    place: Place,
) -> Result<(), AppError> {
    if first == second {
        return Err(AppError::fail(text!(
            "交换挂车需要两辆不同的牵引车",
            "Exchanging trailers needs two different tractors"
        )));
    }
    let txn = kernel::db::write_txn(db).await?;
    let a = find_owned(&txn, scope, first).await?;
    let b = find_owned(&txn, scope, second).await?;
    if a.trailer_id.is_none() && b.trailer_id.is_none() {
        return Err(AppError::fail(text!(
            "{} 和 {} 都没有挂车",
            "Neither {} nor {} pulls a trailer",
            a.plate,
            b.plate
        )));
    }
    // Unhitch the first so the second may take its trailer.
    hitch(&txn, scope, &a, None, Some(place.clone())).await?;
    let a_free = vehicle::Entity::find_by_id(a.id)
        .one(&txn)
        .await?
        .ok_or_else(|| AppError::fail(text!("车辆 {} 不存在", "No vehicle {}", a.id)))?;
    hitch(&txn, scope, &b, a.trailer_id, Some(place.clone())).await?;
    hitch(&txn, scope, &a_free, b.trailer_id, Some(place)).await?;
    txn.commit().await.map_err(Into::into)
}

/// A trailer swap record.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SwapRow {
    pub id: i64,
    pub enterprise_id: i64,
    pub tractor_id: i64,
    pub tractor_plate: String,
    /// The trailer taken off (absent when hitching to a bare tractor).
    pub from_trailer_id: Option<i64>,
    pub from_plate: String,
    /// The trailer put on (absent when unhitching).
    pub to_trailer_id: Option<i64>,
    pub to_plate: String,
    pub operator_id: i64,
    pub address: String,
    pub lat: Option<f64>,
    pub lon: Option<f64>,
    /// When (ms).
    pub created: i64,
}

impl From<trailer_swap::Model> for SwapRow {
    fn from(s: trailer_swap::Model) -> Self {
        Self {
            id: s.id,
            enterprise_id: s.enterprise_id,
            tractor_id: s.tractor_id,
            tractor_plate: s.tractor_plate,
            from_trailer_id: s.from_trailer_id,
            from_plate: s.from_plate,
            to_trailer_id: s.to_trailer_id,
            to_plate: s.to_plate,
            operator_id: s.operator_id,
            address: s.address,
            lat: s.lat,
            lon: s.lon,
            created: s.created_at.timestamp_millis(),
        }
    }
}

/// Which swap records to read.
#[derive(Debug, Clone, Default)]
pub struct SwapFilter {
    pub enterprise_id: Option<i64>,
    /// Records of this tractor or trailer.
    pub vehicle_id: Option<i64>,
    pub plate: Option<String>,
    pub from: Option<DateTime<Utc>>,
    pub to: Option<DateTime<Utc>>,
}

fn swap_condition(scope: &Scope, f: &SwapFilter) -> Result<Condition, AppError> {
    let mut cond = Condition::all().add(scope.filter(trailer_swap::Column::EnterpriseId));
    if let Some(e) = f.enterprise_id.filter(|e| *e != 0) {
        scope.require(e)?;
        cond = cond.add(trailer_swap::Column::EnterpriseId.eq(e));
    }
    if let Some(v) = f.vehicle_id.filter(|v| *v != 0) {
        cond = cond.add(
            Condition::any()
                .add(trailer_swap::Column::TractorId.eq(v))
                .add(trailer_swap::Column::FromTrailerId.eq(v))
                .add(trailer_swap::Column::ToTrailerId.eq(v)),
        );
    }
    if let Some(p) = f.plate.as_deref().map(str::trim).filter(|p| !p.is_empty()) {
        cond = cond.add(
            Condition::any()
                .add(contains(trailer_swap::Column::TractorPlate, p))
                .add(contains(trailer_swap::Column::FromPlate, p))
                .add(contains(trailer_swap::Column::ToPlate, p)),
        );
    }
    if let Some(t) = f.from {
        cond = cond.add(trailer_swap::Column::CreatedAt.gte(t));
    }
    if let Some(t) = f.to {
        cond = cond.add(trailer_swap::Column::CreatedAt.lt(t));
    }
    Ok(cond)
}

/// trailerList: swap records, newest first, paged.
pub async fn list(
    db: &DatabaseConnection,
    scope: &Scope,
    filter: &SwapFilter,
    page: PageQuery,
) -> Result<PageResult<SwapRow>, AppError> {
    let select = trailer_swap::Entity::find()
        .filter(swap_condition(scope, filter)?)
        .order_by_desc(trailer_swap::Column::CreatedAt)
        .order_by_desc(trailer_swap::Column::Id);
    paging::fetch(db, select, page, SwapRow::from).await
}

/// How a trailer was used over the records read.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TrailerUsage {
    pub trailer_id: i64,
    pub plate: String,
    /// Times it was hitched.
    pub hitches: u64,
    /// Distinct tractors that pulled it.
    pub tractors: usize,
    pub tractor_plates: Vec<String>,
    /// Seconds spent hitched (an open hitch counts up to now or the period's end).
    pub hitched_seconds: i64,
    /// The tractor pulling it now, if any.
    pub current_tractor_id: Option<i64>,
}

/// At most this many swap records feed one analysis.
const MAX_ANALYSED: u64 = 50_000;

/// analyse_trailer: per-trailer usage from the swap records (hitches, tractors, hitched time).
pub async fn analyse(
    db: &DatabaseConnection,
    scope: &Scope,
    filter: &SwapFilter,
) -> Result<Vec<TrailerUsage>, AppError> {
    let records = trailer_swap::Entity::find()
        .filter(swap_condition(scope, filter)?)
        .order_by_asc(trailer_swap::Column::CreatedAt)
        .order_by_asc(trailer_swap::Column::Id)
        .limit(MAX_ANALYSED)
        .all(db)
        .await?;
    let end = filter.to.unwrap_or_else(Utc::now).min(Utc::now());
    struct Acc {
        plate: String,
        hitches: u64,
        tractors: BTreeSet<String>,
        seconds: i64,
        since: Option<DateTime<Utc>>,
    }
    let mut by_trailer: HashMap<i64, Acc> = HashMap::new();
    for r in &records {
        if let Some(f) = r.from_trailer_id
            && let Some(acc) = by_trailer.get_mut(&f)
            && let Some(since) = acc.since.take()
        {
            acc.seconds += (r.created_at - since).num_seconds().max(0);
        }
        if let Some(t) = r.to_trailer_id {
            let acc = by_trailer.entry(t).or_insert_with(|| Acc {
                plate: r.to_plate.clone(),
                hitches: 0,
                tractors: BTreeSet::new(),
                seconds: 0,
                since: None,
            });
            acc.hitches += 1;
            acc.tractors.insert(r.tractor_plate.clone());
            acc.since = Some(r.created_at);
        }
    }
    let ids: Vec<i64> = by_trailer.keys().copied().collect();
    let pulling: HashMap<i64, i64> = vehicle::Entity::find()
        .filter(vehicle::Column::TrailerId.is_in(ids))
        .all(db)
        .await?
        .into_iter()
        .filter_map(|v| v.trailer_id.map(|t| (t, v.id)))
        .collect();
    let mut out: Vec<TrailerUsage> = by_trailer
        .into_iter()
        .map(|(id, acc)| TrailerUsage {
            trailer_id: id,
            plate: acc.plate,
            hitches: acc.hitches,
            tractors: acc.tractors.len(),
            tractor_plates: acc.tractors.into_iter().collect(),
            hitched_seconds: acc.seconds + acc.since.map_or(0, |s| (end - s).num_seconds().max(0)),
            current_tractor_id: pulling.get(&id).copied(),
        })
        .collect();
    out.sort_by(|a, b| {
        b.hitches
            .cmp(&a.hitches)
            .then(a.trailer_id.cmp(&b.trailer_id))
    });
    Ok(out)
}
