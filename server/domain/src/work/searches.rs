//! Look-ups of the order forms: places (`poi_search`) and products (`product_search`).
//!
//! Places come from the addresses of the scope's past orders and its vehicles' last positions
//! (by plate). The enterprise's points of interest (issue 16) are a third source: a
//! `source: "poi"` list read next to these two in [`poi_search`].
//! Products come from the catalogue (tyre models, the part numbers of the scope's devices) and
//! from the lines of earlier repair records with their last price; warehouse stock (issue 18)
//! is another source of [`product_search`].

use std::collections::{BTreeMap, BTreeSet};

use entities::{device, tyre, vehicle, vehicle_state, work_order, work_order_line};
use sea_orm::{
    ColumnTrait, Condition, DatabaseConnection, EntityTrait, QueryFilter, QueryOrder, QuerySelect,
};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::orders::checked_location;
use super::visible;
use crate::scope::Scope;
use crate::vehicle::mileage::haversine_m;
use kernel::error::AppError;
use kernel::search::contains;
use kernel::text;

/// At most this many places or products are answered.
const LIMIT: usize = 50;

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PoiQuery {
    /// Part of an address, an order title or a plate.
    #[serde(default, alias = "name")]
    pub keyword: Option<String>,
    pub lat: Option<f64>,
    pub lon: Option<f64>,
    /// Around `lat`/`lon` (default 5000 m, at most 100 km).
    #[serde(default, alias = "radius_m", alias = "radius")]
    pub radius_m: Option<f64>,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Poi {
    pub name: String,
    pub address: String,
    pub lat: f64,
    pub lon: f64,
    /// `order` (a past order's address) or `vehicle` (a vehicle's last position); `poi` once
    /// the enterprise's points of interest exist.
    pub source: String,
    /// Metres from `lat`/`lon` when asked around a point.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub distance_m: Option<f64>,
}

/// Places for an order's location, nearest first around a point, else orders then vehicles.
pub async fn poi_search(
    db: &DatabaseConnection,
    scope: &Scope,
    q: PoiQuery,
) -> Result<Vec<Poi>, AppError> {
    checked_location(q.lat, q.lon)?;
    let radius = q.radius_m.unwrap_or(5000.0);
    if !(radius > 0.0 && radius <= 100_000.0) {
        return Err(AppError::field(
            "radiusM",
            text!(
                "radiusM 须在 0 到 100000 米之间",
                "radiusM must be between 0 and 100000 metres"
            ),
        ));
    }
    let keyword = q
        .keyword
        .as_deref()
        .map(str::trim)
        .filter(|k| !k.is_empty());
    let mut orders = work_order::Entity::find()
        .filter(visible(scope))
        .filter(work_order::Column::Lat.is_not_null())
        .filter(work_order::Column::Lon.is_not_null())
        .filter(work_order::Column::Address.ne(""));
    if let Some(k) = keyword {
        orders = orders.filter(
            Condition::any()
                .add(contains(work_order::Column::Address, k))
                .add(contains(work_order::Column::Title, k)),
        );
    }
    let mut seen = BTreeSet::new();
    let mut places: Vec<Poi> = orders
        .order_by_desc(work_order::Column::CreatedAt)
        .limit(500)
        .all(db)
        .await?
        .into_iter()
        .filter(|o| seen.insert(o.address.clone()))
        .map(|o| Poi {
            name: o.title,
            address: o.address,
            lat: o.lat.unwrap_or_default(),
            lon: o.lon.unwrap_or_default(),
            source: "order".to_owned(),
            distance_m: None,
        })
        .collect();
    let mut cars = vehicle::Entity::find()
        .filter(scope.vehicle_filter(vehicle::Column::Id, vehicle::Column::EnterpriseId));
    if let Some(k) = keyword {
        cars = cars.filter(contains(vehicle::Column::Plate, k));
    }
    let plates: BTreeMap<i64, String> = cars
        .limit(500)
        .all(db)
        .await?
        .into_iter()
        .map(|v| (v.id, v.plate))
        .collect();
    let states = vehicle_state::Entity::find()
        .filter(vehicle_state::Column::VehicleId.is_in(plates.keys().copied()))
        .filter(vehicle_state::Column::Lat.is_not_null())
        .filter(vehicle_state::Column::Lon.is_not_null())
        .all(db)
        .await?;
    places.extend(states.into_iter().map(|s| Poi {
        name: plates.get(&s.vehicle_id).cloned().unwrap_or_default(),
        address: s.address,
        lat: s.lat.unwrap_or_default(),
        lon: s.lon.unwrap_or_default(),
        source: "vehicle".to_owned(),
        distance_m: None,
    }));
    if let (Some(lat), Some(lon)) = (q.lat, q.lon) {
        for p in &mut places {
            p.distance_m = Some(haversine_m(lat, lon, p.lat, p.lon).round());
        }
        places.retain(|p| p.distance_m.is_some_and(|d| d <= radius));
        places.sort_by(|a, b| {
            a.distance_m
                .partial_cmp(&b.distance_m)
                .unwrap_or(std::cmp::Ordering::Equal)
        });
    }
    places.truncate(LIMIT);
    Ok(places)
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ProductQuery {
    #[serde(default, alias = "name")]
    pub keyword: Option<String>,
    /// `part` or `labour` (default both).
    pub kind: Option<String>,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Product {
    pub name: String,
    /// `part` or `labour`.
    pub kind: String,
    /// A part's last price.
    pub unit_price: Option<f64>,
    /// Labour's last hourly rate.
    pub rate: Option<f64>,
    /// `pcs` or `h`.
    pub unit: String,
    /// `catalogue` or `history`.
    pub source: String,
}

/// Parts and labour for an order's repair lines: earlier lines first (with their last price),
/// then catalogue entries.
pub async fn product_search(
    db: &DatabaseConnection,
    scope: &Scope,
    q: ProductQuery,
) -> Result<Vec<Product>, AppError> {
    let kind = match q.kind.as_deref().map(str::trim).filter(|k| !k.is_empty()) {
        None => None,
        Some("part") => Some(1i16),
        Some("labour") => Some(2i16),
        Some(other) => {
            return Err(AppError::field(
                "kind",
                text!(
                    "kind 须为 part 或 labour，而不是“{}”",
                    "kind must be part or labour, not \"{}\"",
                    other
                ),
            ));
        }
    };
    let keyword = q
        .keyword
        .as_deref()
        .map(str::trim)
        .filter(|k| !k.is_empty());
    let seen_orders = work_order::Entity::find()
        .select_only()
        .column(work_order::Column::Id)
        .filter(visible(scope));
    let mut lines = work_order_line::Entity::find().filter(
        work_order_line::Column::OrderId.in_subquery(sea_orm::QueryTrait::into_query(seen_orders)),
    );
    if let Some(k) = kind {
        lines = lines.filter(work_order_line::Column::Kind.eq(k));
    }
    if let Some(k) = keyword {
        lines = lines.filter(contains(work_order_line::Column::Name, k));
    }
    let mut names = BTreeSet::new();
    let mut out: Vec<Product> = lines
        .order_by_desc(work_order_line::Column::CreatedAt)
        .order_by_desc(work_order_line::Column::Id)
        .limit(1000)
        .all(db)
        .await?
        .into_iter()
        .filter(|l| names.insert((l.kind, l.name.clone())))
        .map(|l| {
            let part = l.kind == 1;
            Product {
                name: l.name,
                kind: if part { "part" } else { "labour" }.to_owned(),
                unit_price: part.then_some(l.unit_price),
                rate: (!part).then_some(l.unit_price),
                unit: if part { "pcs" } else { "h" }.to_owned(),
                source: "history".to_owned(),
            }
        })
        .collect();
    if kind != Some(2) {
        let own = Condition::any()
            .add(tyre::Column::EnterpriseId.is_null())
            .add(scope.filter(tyre::Column::EnterpriseId));
        let mut tyres = tyre::Entity::find().filter(own);
        if let Some(k) = keyword {
            tyres = tyres.filter(
                Condition::any()
                    .add(contains(tyre::Column::Model, k))
                    .add(contains(tyre::Column::Spec, k)),
            );
        }
        for t in tyres
            .order_by_asc(tyre::Column::Model)
            .limit(LIMIT as u64)
            .all(db)
            .await?
        {
            let name = format!("{} {}", t.model, t.spec).trim().to_owned();
            if names.insert((1, name.clone())) {
                out.push(catalogue_part(name));
            }
        }
        let mut devices = device::Entity::find()
            .select_only()
            .column(device::Column::PartNo)
            .distinct()
            .filter(scope.filter(device::Column::EnterpriseId))
            .filter(device::Column::PartNo.ne(""));
        if let Some(k) = keyword {
            devices = devices.filter(contains(device::Column::PartNo, k));
        }
        let part_nos: Vec<String> = devices.limit(LIMIT as u64).into_tuple().all(db).await?;
        for p in part_nos {
            if names.insert((1, p.clone())) {
                out.push(catalogue_part(p));
            }
        }
    }
    out.truncate(LIMIT);
    Ok(out)
}

fn catalogue_part(name: String) -> Product {
    Product {
        name,
        kind: "part".to_owned(),
        unit_price: None,
        rate: None,
        unit: "pcs".to_owned(),
        source: "catalogue".to_owned(),
    }
}
