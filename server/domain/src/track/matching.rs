//! Route matching and geofences as reports arrive. [`Places`] holds, in memory, the corridor
//! of every vehicle on a route and every fencing point of interest; ingestion hands it each
//! position it writes ([`Places::observe`]) and turns the answer into alarm conditions:
//! - **off route** (kind 15): the vehicle is farther from its route's line than the corridor
//!   width; cleared when it is back inside;
//! - **geofence** (kind 16, its `position` holding the fence's id): inside a fence that alarms
//!   on entering, or outside one that alarms on leaving after having been inside; cleared when
//!   that ends.
//!
//! The last verdict per vehicle is kept for the map's route colours (console-spec §2):
//! matched (blue), off route (red), a system inference (orange: stopped away from the route's
//! planned stops, or reports that resumed after a gap), none (grey: no route or no report yet).

use std::collections::{BTreeSet, HashMap};
use std::sync::{Arc, Mutex, PoisonError};

use entities::poi;
use rstar::primitives::{GeomWithData, Rectangle};
use rstar::{AABB, RTree};
use sea_orm::{ColumnTrait, DatabaseConnection, EntityTrait, QueryFilter};
use serde::Serialize;
use utoipa::ToSchema;

use super::geometry::{Area, LonLat, distance_m, distance_to_line_m};
use super::routes;
use kernel::error::AppError;
use kernel::validate::json_list;

/// Below this speed a vehicle is stopped, km/h (as trips count it).
const STOPPED_KMH: f64 = 1.0;
/// A silence after which resumed reports are an inference abnormal, ms.
const GAP_MS: i64 = 10 * 60_000;
/// `pois.fence`: alarm on entering (else on leaving).
const ENTERING: i16 = 1;

/// How a vehicle keeps to its route.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum RouteState {
    /// No report since it was put on the route.
    None,
    Matched,
    OffRoute,
    /// Inside the corridor, but stopped where the route plans no stop, or back after a gap.
    Inference,
}

/// A vehicle's latest verdict against its route.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RouteMatch {
    pub route_id: i64,
    pub state: RouteState,
    /// From the route's line, metres.
    pub distance_m: f64,
    /// Report time of the verdict, ms.
    pub at: i64,
}

/// An alarm condition a position shows.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PlaceCondition {
    pub kind: i16,
    /// 0 for off route; the fence's id for a geofence.
    pub position: i32,
    /// Some((value, threshold)) raises; None clears.
    pub raise: Option<(f64, f64)>,
}

struct Corridor {
    route_id: i64,
    width_m: f64,
    line: Vec<LonLat>,
    stops: Vec<LonLat>,
}

struct Fence {
    id: i64,
    enterprise_id: i64,
    /// 1 alarm on entering, 2 alarm on leaving.
    fence: i16,
    area: Area,
}

#[derive(Default)]
struct Book {
    /// Routes and fences must be read again (a change was announced, or never read).
    stale: bool,
    loaded: bool,
    corridors: HashMap<i64, Arc<Corridor>>,
    fences: Vec<Fence>,
    fence_boxes: RTree<GeomWithData<Rectangle<[f64; 2]>, usize>>,
    matches: HashMap<i64, RouteMatch>,
    /// The fences each vehicle is inside (only vehicles inside one).
    inside: HashMap<i64, BTreeSet<i64>>,
}

/// Routes, fences and the vehicles' verdicts, shared by ingestion and the route calls.
#[derive(Clone, Default)]
pub struct Places {
    book: Arc<Mutex<Book>>,
}

fn lock(book: &Mutex<Book>) -> std::sync::MutexGuard<'_, Book> {
    book.lock().unwrap_or_else(PoisonError::into_inner)
}

impl Places {
    /// Routes, their vehicles or fences changed: read them again before the next report.
    pub fn changed(&self) {
        lock(&self.book).stale = true;
    }

    /// Reads routes and fences if they changed since they were read.
    pub async fn refresh(&self, db: &DatabaseConnection) -> Result<(), AppError> {
        {
            let book = lock(&self.book);
            if book.loaded && !book.stale {
                return Ok(());
            }
        }
        lock(&self.book).stale = false;
        let assigned = routes::assignments(db).await?;
        let fences: Vec<Fence> = poi::Entity::find()
            .filter(poi::Column::Fence.ne(0))
            .filter(poi::Column::EnterpriseId.is_not_null())
            .all(db)
            .await?
            .into_iter()
            .map(|p| Fence {
                id: p.id,
                enterprise_id: p.enterprise_id.unwrap_or_default(),
                fence: p.fence,
                area: Area {
                    centre: [p.lon, p.lat],
                    radius_m: p.radius_m,
                    ring: p.polygon.as_deref().map(json_list::<LonLat>),
                },
            })
            .collect();
        let fence_boxes = RTree::bulk_load(
            fences
                .iter()
                .enumerate()
                .map(|(i, f)| {
                    let [a, b, c, d] = f.area.bbox();
                    GeomWithData::new(Rectangle::from_corners([a, b], [c, d]), i)
                })
                .collect(),
        );
        let mut book = lock(&self.book);
        book.corridors = assigned
            .into_iter()
            .map(|(vehicle, (route_id, width_m, nodes))| {
                let corridor = Corridor {
                    route_id,
                    width_m,
                    line: routes::line_of(&nodes),
                    stops: nodes
                        .iter()
                        .filter(|n| n.stop)
                        .map(|n| [n.lon, n.lat])
                        .collect(),
                };
                (vehicle, Arc::new(corridor))
            })
            .collect();
        // A verdict stands while its vehicle stays on the same route.
        let on_route: HashMap<i64, i64> = book
            .corridors
            .iter()
            .map(|(v, c)| (*v, c.route_id))
            .collect();
        book.matches
            .retain(|v, m| on_route.get(v) == Some(&m.route_id));
        let fence_ids: BTreeSet<i64> = fences.iter().map(|f| f.id).collect();
        for inside in book.inside.values_mut() {
            inside.retain(|id| fence_ids.contains(id));
        }
        book.fences = fences;
        book.fence_boxes = fence_boxes;
        book.loaded = true;
        Ok(())
    }

    /// The verdicts of the vehicles on a route, by vehicle.
    pub fn matches(&self, vehicles: impl IntoIterator<Item = i64>) -> HashMap<i64, RouteMatch> {
        let book = lock(&self.book);
        vehicles
            .into_iter()
            .filter_map(|v| book.matches.get(&v).map(|m| (v, *m)))
            .collect()
    }

    /// Judges one position of a vehicle of `enterprise_id` reported at `ts` (ms); answers the
    /// conditions it shows. Call [`Self::refresh`] first.
    pub fn observe(
        &self,
        vehicle_id: i64,
        enterprise_id: i64,
        ts: i64,
        p: LonLat,
        speed: f64,
    ) -> Vec<PlaceCondition> {
        let mut book = lock(&self.book);
        let mut out = Vec::new();
        if let Some(corridor) = book.corridors.get(&vehicle_id).cloned() {
            let distance = distance_to_line_m(p, &corridor.line);
            let previous = book.matches.get(&vehicle_id).copied();
            let off = distance > corridor.width_m;
            let state = if off {
                RouteState::OffRoute
            } else if speed <= STOPPED_KMH
                && !corridor
                    .stops
                    .iter()
                    .any(|s| distance_m(*s, p) <= corridor.width_m)
                || previous.is_some_and(|m| ts - m.at > GAP_MS)
            {
                RouteState::Inference
            } else {
                RouteState::Matched
            };
            out.push(PlaceCondition {
                kind: crate::vehicle::alarms::kind::OFF_ROUTE,
                position: 0,
                raise: off.then_some((distance.round(), corridor.width_m)),
            });
            book.matches.insert(
                vehicle_id,
                RouteMatch {
                    route_id: corridor.route_id,
                    state,
                    distance_m: distance,
                    at: ts,
                },
            );
        }
        if !book.fences.is_empty() {
            let now_inside: BTreeSet<i64> = book
                .fence_boxes
                .locate_in_envelope_intersecting(&AABB::from_point(p))
                .map(|g| &book.fences[g.data])
                .filter(|f| f.enterprise_id == enterprise_id && f.area.holds(p))
                .map(|f| f.id)
                .collect();
            let before = book.inside.remove(&vehicle_id).unwrap_or_default();
            // Only the fences it is in or has just left: the others say nothing new.
            for f in book
                .fences
                .iter()
                .filter(|f| now_inside.contains(&f.id) || before.contains(&f.id))
            {
                let inside = now_inside.contains(&f.id);
                // Entering-fences alarm while inside; leaving-fences once left, until back.
                let raise = match f.fence {
                    ENTERING => inside,
                    _ => !inside,
                };
                out.push(PlaceCondition {
                    kind: crate::vehicle::alarms::kind::GEOFENCE,
                    position: i32::try_from(f.id).unwrap_or(i32::MAX),
                    raise: raise.then_some((f64::from(f.fence), f64::from(f.fence))),
                });
            }
            if !now_inside.is_empty() {
                book.inside.insert(vehicle_id, now_inside);
            }
        }
        out
    }
}
