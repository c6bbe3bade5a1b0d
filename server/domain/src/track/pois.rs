//! Points of interest and geofences: points, circles and polygons, platform-wide
//! (`enterprise_id` NULL) or an enterprise's own. Searches run on an in-memory spatial index
//! ([`PoiIndex`]) rebuilt after a change is announced; the page's rows are then read by id.

use std::collections::HashMap;
use std::sync::Arc;

use chrono::{DateTime, Utc};
use entities::{enterprise, poi, vehicle_state, work_order};
use rstar::primitives::{GeomWithData, Rectangle};
use rstar::{AABB, RTree};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, Condition, DatabaseConnection, EntityTrait, QueryFilter,
    QueryOrder, QuerySelect, Set,
};
use serde::{Deserialize, Serialize};
use tokio::sync::RwLock;
use utoipa::ToSchema;

use super::geometry::{
    Area, LonLat, centroid, circle_bbox, distance_m, polygon_problem, valid_lon_lat,
};
use crate::scope::Scope;
use crate::work::states::{IN_PROGRESS, PENDING};
use kernel::changes::{Change, announce};
use kernel::error::AppError;
use kernel::paging::{PageQuery, PageResult};
use kernel::text;
use kernel::validate::{limited, required, to_json};

pub const GAS_STATION: i16 = 1;
pub const DEPOT: i16 = 2;
pub const SERVICE_AREA: i16 = 3;
pub const REPAIR_SHOP: i16 = 4;
pub const GEOFENCE: i16 = 5;
pub const OWN: i16 = 9;
const TYPES: [i16; 6] = [GAS_STATION, DEPOT, SERVICE_AREA, REPAIR_SHOP, GEOFENCE, OWN];

pub const POINT: i16 = 1;
pub const CIRCLE: i16 = 2;
pub const POLYGON: i16 = 3;

/// A circle's radius bounds, metres.
const MAX_RADIUS_M: f64 = 100_000.0;
const MAX_VERTICES: usize = 1000;
/// The radius of a search around a point unless asked (metres), and its largest.
const DEFAULT_SEARCH_M: f64 = 5_000.0;
const MAX_SEARCH_M: f64 = 1_000_000.0;
/// The most points of interest one viewport answer holds unless asked, and at most.
const DEFAULT_MAP_LIMIT: usize = 2000;
const MAX_MAP_LIMIT: usize = 10_000;

/// A point of interest as the calls answer it.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PoiRow {
    pub id: i64,
    /// None: platform-wide.
    pub ent_id: Option<i64>,
    /// The owner's name; empty for platform-wide ones.
    pub ent_name: String,
    pub name: String,
    /// 1 gas station, 2 depot, 3 service area, 4 repair shop, 5 geofence, 9 the enterprise's own.
    pub poi_type: i16,
    /// 1 point, 2 circle, 3 polygon.
    pub shape: i16,
    pub lon: f64,
    pub lat: f64,
    pub radius_m: Option<f64>,
    /// `[[lon, lat], …]`, an open ring.
    #[schema(value_type = Option<Vec<Vec<f64>>>)]
    pub polygon: Option<Vec<LonLat>>,
    pub address: String,
    pub phone: String,
    pub remark: String,
    /// 0 none, 1 alarm on entering, 2 alarm on leaving.
    pub fence: i16,
    /// From the point searched around, metres.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub distance_m: Option<f64>,
    pub created_at: DateTime<Utc>,
}

fn ring_of(text: Option<&str>) -> Option<Vec<LonLat>> {
    text.and_then(|t| serde_json::from_str(t).ok())
}

impl From<poi::Model> for PoiRow {
    fn from(p: poi::Model) -> Self {
        Self {
            polygon: ring_of(p.polygon.as_deref()),
            id: p.id,
            ent_id: p.enterprise_id,
            ent_name: String::new(),
            name: p.name,
            poi_type: p.poi_type,
            shape: p.shape,
            lon: p.lon,
            lat: p.lat,
            radius_m: p.radius_m,
            address: p.address,
            phone: p.phone,
            remark: p.remark,
            fence: p.fence,
            distance_m: None,
            created_at: p.created_at,
        }
    }
}

// ---- the spatial index ---------------------------------------------------------------------

/// What the index keeps of a point of interest: enough to filter, measure and test containment.
#[derive(Debug, Clone)]
struct Entry {
    id: i64,
    enterprise_id: Option<i64>,
    poi_type: i16,
    name: String,
    area: Area,
}

impl Entry {
    fn visible_to(&self, scope: &Scope) -> bool {
        scope.platform || self.enterprise_id.is_none_or(|e| scope.sees(e))
    }
}

/// A point on the unit sphere: straight-line distances between such points order like
/// great-circle distances, so nearest-neighbour search needs no projection.
fn on_sphere([lon, lat]: LonLat) -> [f64; 3] {
    let (lon, lat) = (lon.to_radians(), lat.to_radians());
    [lat.cos() * lon.cos(), lat.cos() * lon.sin(), lat.sin()]
}

/// The squared chord of a great-circle distance on the unit sphere.
fn chord2(metres: f64) -> f64 {
    let half = metres / (2.0 * 6_378_137.0);
    (2.0 * half.min(std::f64::consts::FRAC_PI_2).sin()).powi(2)
}

struct Indexed {
    entries: Vec<Entry>,
    /// Centres on the sphere, for radius and nearest searches.
    centres: RTree<GeomWithData<[f64; 3], usize>>,
    /// Bounding boxes in degrees, for viewports and containment.
    boxes: RTree<GeomWithData<Rectangle<[f64; 2]>, usize>>,
}

impl Indexed {
    fn build(entries: Vec<Entry>) -> Self {
        let centres = RTree::bulk_load(
            entries
                .iter()
                .enumerate()
                .map(|(i, e)| GeomWithData::new(on_sphere(e.area.centre), i))
                .collect(),
        );
        let boxes = RTree::bulk_load(
            entries
                .iter()
                .enumerate()
                .map(|(i, e)| {
                    let [a, b, c, d] = e.area.bbox();
                    GeomWithData::new(Rectangle::from_corners([a, b], [c, d]), i)
                })
                .collect(),
        );
        Self {
            entries,
            centres,
            boxes,
        }
    }

    /// Entries within `radius_m` of `p`, nearest first, with their distance.
    fn around(&self, p: LonLat, radius_m: f64) -> Vec<(&Entry, f64)> {
        let mut found: Vec<(&Entry, f64)> = self
            .centres
            .locate_within_distance(on_sphere(p), chord2(radius_m))
            .map(|g| {
                let e = &self.entries[g.data];
                (e, distance_m(p, e.area.centre))
            })
            .filter(|(_, d)| *d <= radius_m)
            .collect();
        found.sort_by(|a, b| a.1.total_cmp(&b.1));
        found
    }

    /// The nearest entries to `p` that `keep` accepts, nearest first.
    fn nearest<'a>(
        &'a self,
        p: LonLat,
        keep: impl Fn(&Entry) -> bool + 'a,
    ) -> impl Iterator<Item = (&'a Entry, f64)> + 'a {
        self.centres
            .nearest_neighbor_iter(&on_sphere(p))
            .map(|g| &self.entries[g.data])
            .filter(move |e| keep(e))
            .map(move |e| (e, distance_m(p, e.area.centre)))
    }

    fn in_box(&self, bbox: [f64; 4]) -> impl Iterator<Item = &Entry> {
        let envelope = AABB::from_corners([bbox[0], bbox[1]], [bbox[2], bbox[3]]);
        self.boxes
            .locate_in_envelope_intersecting(&envelope)
            .map(|g| &self.entries[g.data])
    }
}

/// What the index reads of a point of interest: id, owner, type, name, lon, lat, radius, ring.
type IndexRow = (
    i64,
    Option<i64>,
    i16,
    String,
    f64,
    f64,
    Option<f64>,
    Option<String>,
);

/// The spatial index of every point of interest, shared by all requests; built on first use
/// and again after [`PoiIndex::invalidate`] (a write announced `Change::Pois`).
#[derive(Clone, Default)]
pub struct PoiIndex {
    built: Arc<RwLock<Option<Arc<Indexed>>>>,
}

impl PoiIndex {
    pub fn invalidate(&self) {
        if let Ok(mut built) = self.built.try_write() {
            *built = None;
        } else {
            // A build is running: drop its result after it finishes.
            let built = Arc::clone(&self.built);
            tokio::spawn(async move { *built.write().await = None });
        }
    }

    async fn get(&self, db: &DatabaseConnection) -> Result<Arc<Indexed>, AppError> {
        if let Some(ready) = self.built.read().await.as_ref() {
            return Ok(Arc::clone(ready));
        }
        let mut slot = self.built.write().await;
        if let Some(ready) = slot.as_ref() {
            return Ok(Arc::clone(ready));
        }
        let rows: Vec<IndexRow> = poi::Entity::find()
            .select_only()
            .columns([
                poi::Column::Id,
                poi::Column::EnterpriseId,
                poi::Column::PoiType,
                poi::Column::Name,
                poi::Column::Lon,
                poi::Column::Lat,
                poi::Column::RadiusM,
                poi::Column::Polygon,
            ])
            .into_tuple()
            .all(db)
            .await?;
        let entries = rows
            .into_iter()
            .map(
                |(id, enterprise_id, poi_type, name, lon, lat, radius_m, polygon)| Entry {
                    id,
                    enterprise_id,
                    poi_type,
                    name,
                    area: Area {
                        centre: [lon, lat],
                        radius_m,
                        ring: ring_of(polygon.as_deref()),
                    },
                },
            )
            .collect();
        let ready = Arc::new(Indexed::build(entries));
        *slot = Some(Arc::clone(&ready));
        Ok(ready)
    }
}

// ---- writes --------------------------------------------------------------------------------

#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PoiInput {
    /// Set to update.
    #[serde(default)]
    pub id: Option<i64>,
    /// The owner; platform staff naming none make it platform-wide.
    #[serde(default, alias = "enterpriseId")]
    pub ent_id: Option<i64>,
    pub name: String,
    pub poi_type: i16,
    /// 1 point (default), 2 circle, 3 polygon.
    #[serde(default = "point_shape")]
    pub shape: i16,
    /// The point or the circle's centre; a polygon's is its centroid.
    #[serde(default)]
    pub lon: Option<f64>,
    #[serde(default)]
    pub lat: Option<f64>,
    #[serde(default, alias = "radius")]
    pub radius_m: Option<f64>,
    #[serde(default)]
    #[schema(value_type = Option<Vec<Vec<f64>>>)]
    pub polygon: Option<Vec<LonLat>>,
    #[serde(default)]
    pub address: String,
    #[serde(default)]
    pub phone: String,
    #[serde(default)]
    pub remark: String,
    /// 0 none, 1 alarm on entering, 2 alarm on leaving (circles and polygons).
    #[serde(default)]
    pub fence: i16,
}

fn point_shape() -> i16 {
    POINT
}

fn checked_point(input: &PoiInput) -> Result<LonLat, AppError> {
    let p = [input.lon.unwrap_or(f64::NAN), input.lat.unwrap_or(f64::NAN)];
    if valid_lon_lat(p) {
        Ok(p)
    } else {
        Err(AppError::field(
            "lon",
            text!(
                "lon/lat：需要 -180..180 的经度和 -90..90 的纬度",
                "lon/lat: a longitude in -180..180 and a latitude in -90..90 are required"
            ),
        ))
    }
}

/// The shape asked for, checked, as it is stored.
fn checked_shape(input: &PoiInput) -> Result<Area, AppError> {
    match input.shape {
        POINT => Ok(Area {
            centre: checked_point(input)?,
            radius_m: None,
            ring: None,
        }),
        CIRCLE => {
            let r = input.radius_m.unwrap_or(0.0);
            if !(1.0..=MAX_RADIUS_M).contains(&r) {
                return Err(AppError::field(
                    "radiusM",
                    text!(
                        "radiusM：圆的半径须在 1 到 {} 米之间",
                        "radiusM: a circle's radius is 1 to {} metres",
                        MAX_RADIUS_M
                    ),
                ));
            }
            Ok(Area {
                centre: checked_point(input)?,
                radius_m: Some(r),
                ring: None,
            })
        }
        POLYGON => {
            let mut ring = input.polygon.clone().unwrap_or_default();
            if ring.len() > 3 && ring.first() == ring.last() {
                ring.pop(); // a closed ring repeats its first vertex
            }
            if ring.len() < 3 || ring.len() > MAX_VERTICES {
                return Err(AppError::field(
                    "polygon",
                    text!(
                        "polygon：多边形须有 3 到 {} 个顶点",
                        "polygon: a polygon has 3 to {} vertices",
                        MAX_VERTICES
                    ),
                ));
            }
            if let Some(bad) = ring.iter().position(|p| !valid_lon_lat(*p)) {
                return Err(AppError::field(
                    "polygon",
                    text!(
                        "polygon：第 {} 个顶点不是有效的经纬度",
                        "polygon: vertex {} is not a valid lon/lat",
                        bad + 1
                    ),
                ));
            }
            if let Some(problem) = polygon_problem(&ring) {
                return Err(AppError::field(
                    "polygon",
                    text!(
                        "polygon：多边形无效（边自相交或顶点重复）：{}",
                        "polygon: not a valid polygon (edges cross or vertices repeat): {}",
                        problem
                    ),
                ));
            }
            Ok(Area {
                centre: centroid(&ring),
                radius_m: None,
                ring: Some(ring),
            })
        }
        other => Err(AppError::field(
            "shape",
            text!(
                "shape：1 点、2 圆或 3 多边形，收到 {}",
                "shape: 1 point, 2 circle or 3 polygon, got {}",
                other
            ),
        )),
    }
}

/// The owner a write may give a point of interest: None (platform-wide) for staff naming none.
fn owner(scope: &Scope, asked: Option<i64>) -> Result<Option<i64>, AppError> {
    match asked.filter(|e| *e != 0) {
        None if scope.platform => Ok(None),
        asked => scope.acting(asked).map(Some),
    }
}

/// A point of interest the scope may change: its own enterprise's, or a platform-wide one
/// for staff.
async fn find_writable(
    db: &DatabaseConnection,
    scope: &Scope,
    id: i64,
) -> Result<poi::Model, AppError> {
    Ok(writable_all(db, scope, &[id]).await?.remove(0))
}

/// Points of interest the scope may change, read in one query: all of `ids`, or the refusal
/// for the first that is not (unknown and foreign ids get the same answer).
async fn writable_all(
    db: &DatabaseConnection,
    scope: &Scope,
    ids: &[i64],
) -> Result<Vec<poi::Model>, AppError> {
    crate::vehicle::writable(scope)?;
    let mut found: HashMap<i64, poi::Model> = poi::Entity::find()
        .filter(poi::Column::Id.is_in(ids.iter().copied()))
        .all(db)
        .await?
        .into_iter()
        .filter(|p| scope.platform || p.enterprise_id.is_some_and(|e| scope.sees(e)))
        .map(|p| (p.id, p))
        .collect();
    ids.iter()
        .map(|id| {
            found.remove(id).ok_or_else(|| {
                AppError::fail(text!("兴趣点 {} 不存在", "No point of interest {}", id))
            })
        })
        .collect()
}

/// Adds or updates a point of interest; answers its id.
pub async fn save(
    db: &DatabaseConnection,
    scope: &Scope,
    input: PoiInput,
) -> Result<i64, AppError> {
    crate::vehicle::writable(scope)?;
    let name = required("name", &input.name, 64)?;
    if !TYPES.contains(&input.poi_type) {
        return Err(AppError::field(
            "poiType",
            text!(
                "poiType：1 加油站、2 场站、3 服务区、4 维修点、5 电子围栏、9 自定义，收到 {}",
                "poiType: 1 gas station, 2 depot, 3 service area, 4 repair shop, 5 geofence, 9 own; got {}",
                input.poi_type
            ),
        ));
    }
    let shape = checked_shape(&input)?;
    let fence = match (input.fence, input.shape) {
        (0, _) => 0,
        (f @ (1 | 2), CIRCLE | POLYGON) => f,
        (1 | 2, _) => {
            return Err(AppError::field(
                "fence",
                text!(
                    "fence：只有圆和多边形可以作为围栏",
                    "fence: only circles and polygons can be fences"
                ),
            ));
        }
        (other, _) => {
            return Err(AppError::field(
                "fence",
                text!(
                    "fence：0 无、1 进入告警、2 离开告警，收到 {}",
                    "fence: 0 none, 1 alarm on entering, 2 alarm on leaving; got {}",
                    other
                ),
            ));
        }
    };
    let now = Utc::now();
    let mut row = match input.id.filter(|id| *id != 0) {
        Some(id) => {
            let mut row: poi::ActiveModel = find_writable(db, scope, id).await?.into();
            if input.ent_id.is_some() {
                row.enterprise_id = Set(owner(scope, input.ent_id)?);
            }
            row
        }
        None => poi::ActiveModel {
            enterprise_id: Set(owner(scope, input.ent_id)?),
            created_by: Set(scope.user.id),
            created_at: Set(now),
            ..Default::default()
        },
    };
    row.name = Set(name);
    row.poi_type = Set(input.poi_type);
    row.shape = Set(input.shape);
    row.lon = Set(shape.centre[0]);
    row.lat = Set(shape.centre[1]);
    row.radius_m = Set(shape.radius_m);
    row.polygon = Set(shape.ring.as_ref().map(to_json));
    row.address = Set(limited("address", &input.address, 255)?);
    row.phone = Set(limited("phone", &input.phone, 32)?);
    row.remark = Set(limited("remark", &input.remark, 255)?);
    row.fence = Set(fence);
    row.updated_at = Set(now);
    let saved = row.save(db).await?;
    announce(Change::Pois);
    Ok(saved.id.unwrap())
}

/// Deletes points of interest: all of them or, if one may not be changed, none.
pub async fn delete(db: &DatabaseConnection, scope: &Scope, ids: &[i64]) -> Result<(), AppError> {
    if ids.is_empty() {
        return Err(AppError::field(
            "ids",
            text!("ids：请选择兴趣点", "ids: choose points of interest"),
        ));
    }
    writable_all(db, scope, ids).await?;
    poi::Entity::delete_many()
        .filter(poi::Column::Id.is_in(ids.iter().copied()))
        .exec(db)
        .await?;
    announce(Change::Pois);
    Ok(())
}

// ---- searches ------------------------------------------------------------------------------

#[derive(Debug, Clone, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PoiSearch {
    #[serde(default)]
    pub lon: Option<f64>,
    #[serde(default)]
    pub lat: Option<f64>,
    /// Metres around `lon`/`lat` (default 5000, at most 1,000,000).
    #[serde(default)]
    pub radius: Option<f64>,
    #[serde(default, alias = "name")]
    pub poi_name: Option<String>,
    /// Any of these types (all when empty).
    #[serde(default)]
    pub poi_type: Vec<i16>,
}

fn wanted(types: &[i16], e: &Entry) -> bool {
    types.is_empty() || types.contains(&e.poi_type)
}

fn name_matches(needle: Option<&str>, e: &Entry) -> bool {
    needle.is_none_or(|n| e.name.to_lowercase().contains(n))
}

/// Rows of `ids` in that order, with their distances.
async fn rows_of(
    db: &DatabaseConnection,
    found: &[(i64, Option<f64>)],
) -> Result<Vec<PoiRow>, AppError> {
    let mut by_id: HashMap<i64, poi::Model> = poi::Entity::find()
        .filter(poi::Column::Id.is_in(found.iter().map(|(id, _)| *id)))
        .all(db)
        .await?
        .into_iter()
        .map(|p| (p.id, p))
        .collect();
    let owners: HashMap<i64, String> = enterprise::Entity::find()
        .select_only()
        .columns([enterprise::Column::Id, enterprise::Column::EntName])
        .filter(enterprise::Column::Id.is_in(by_id.values().filter_map(|p| p.enterprise_id)))
        .into_tuple::<(i64, String)>()
        .all(db)
        .await?
        .into_iter()
        .collect();
    Ok(found
        .iter()
        .filter_map(|(id, d)| {
            by_id.remove(id).map(|p| PoiRow {
                distance_m: *d,
                ent_name: p
                    .enterprise_id
                    .and_then(|e| owners.get(&e).cloned())
                    .unwrap_or_default(),
                ..PoiRow::from(p)
            })
        })
        .collect())
}

/// Points of interest by name and type, and around a point (nearest first) when one is given.
pub async fn search(
    db: &DatabaseConnection,
    index: &PoiIndex,
    scope: &Scope,
    query: &PoiSearch,
    page: PageQuery,
) -> Result<PageResult<PoiRow>, AppError> {
    let page = page.checked()?;
    let needle = query
        .poi_name
        .as_deref()
        .map(|n| n.trim().to_lowercase())
        .filter(|n| !n.is_empty());
    let indexed = index.get(db).await?;
    let keep = |e: &Entry| {
        e.visible_to(scope) && wanted(&query.poi_type, e) && name_matches(needle.as_deref(), e)
    };
    let found: Vec<(i64, Option<f64>)> = match (query.lon, query.lat) {
        (Some(lon), Some(lat)) => {
            let p = [lon, lat];
            if !valid_lon_lat(p) {
                return Err(AppError::field(
                    "lon",
                    text!("lon/lat：不是有效的经纬度", "lon/lat: not a valid position"),
                ));
            }
            let radius = query.radius.unwrap_or(DEFAULT_SEARCH_M);
            if !(radius > 0.0 && radius <= MAX_SEARCH_M) {
                return Err(AppError::field(
                    "radius",
                    text!(
                        "radius：须大于 0 且不超过 {} 米",
                        "radius: more than 0 and at most {} metres",
                        MAX_SEARCH_M
                    ),
                ));
            }
            indexed
                .around(p, radius)
                .into_iter()
                .filter(|(e, _)| keep(e))
                .map(|(e, d)| (e.id, Some(d)))
                .collect()
        }
        _ => {
            let mut list: Vec<&Entry> = indexed.entries.iter().filter(|e| keep(e)).collect();
            list.sort_by_key(|e| std::cmp::Reverse(e.id));
            list.into_iter().map(|e| (e.id, None)).collect()
        }
    };
    let total = found.len() as u64;
    let start = usize::try_from(page.offset)
        .unwrap_or(usize::MAX)
        .min(found.len());
    let end = usize::try_from(page.end())
        .unwrap_or(usize::MAX)
        .min(found.len());
    Ok(page.holding(rows_of(db, &found[start..end]).await?, total))
}

#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Viewport {
    pub min_lon: f64,
    pub min_lat: f64,
    pub max_lon: f64,
    pub max_lat: f64,
    #[serde(default)]
    pub poi_type: Vec<i16>,
    /// At most this many (default 2000, at most 10,000).
    #[serde(default)]
    pub limit: Option<usize>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MapPois {
    pub list: Vec<PoiRow>,
    /// How many the viewport holds.
    pub total: usize,
    /// Whether `list` holds fewer than `total`.
    pub truncated: bool,
}

/// The points of interest whose shapes meet a viewport.
pub async fn in_viewport(
    db: &DatabaseConnection,
    index: &PoiIndex,
    scope: &Scope,
    view: &Viewport,
) -> Result<MapPois, AppError> {
    let corners = [[view.min_lon, view.min_lat], [view.max_lon, view.max_lat]];
    if !corners.iter().all(|p| valid_lon_lat(*p))
        || view.min_lon > view.max_lon
        || view.min_lat > view.max_lat
    {
        return Err(AppError::field(
            "minLon",
            text!(
                "视野范围无效：需要 minLon ≤ maxLon、minLat ≤ maxLat 的有效经纬度",
                "The viewport is not valid: minLon ≤ maxLon and minLat ≤ maxLat, as valid lon/lat"
            ),
        ));
    }
    let limit = view
        .limit
        .unwrap_or(DEFAULT_MAP_LIMIT)
        .clamp(1, MAX_MAP_LIMIT);
    let indexed = index.get(db).await?;
    let found: Vec<(i64, Option<f64>)> = indexed
        .in_box([view.min_lon, view.min_lat, view.max_lon, view.max_lat])
        .filter(|e| e.visible_to(scope) && wanted(&view.poi_type, e))
        .map(|e| (e.id, None))
        .collect();
    let total = found.len();
    Ok(MapPois {
        list: rows_of(db, &found[..total.min(limit)]).await?,
        total,
        truncated: total > limit,
    })
}

/// The circles and polygons holding a point (which geofences a vehicle is in).
pub async fn containing(
    db: &DatabaseConnection,
    index: &PoiIndex,
    scope: &Scope,
    p: LonLat,
) -> Result<Vec<PoiRow>, AppError> {
    if !valid_lon_lat(p) {
        return Err(AppError::field(
            "lon",
            text!("lon/lat：不是有效的经纬度", "lon/lat: not a valid position"),
        ));
    }
    let indexed = index.get(db).await?;
    let found: Vec<(i64, Option<f64>)> = indexed
        .in_box([p[0], p[1], p[0], p[1]])
        .filter(|e| e.visible_to(scope) && e.area.holds(p))
        .map(|e| (e.id, Some(distance_m(p, e.area.centre))))
        .collect();
    rows_of(db, &found).await
}

// ---- nearby --------------------------------------------------------------------------------

/// A place to search around: a point, or where an alarm was raised.
#[derive(Debug, Clone, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Nearby {
    #[serde(default)]
    pub lon: Option<f64>,
    #[serde(default)]
    pub lat: Option<f64>,
    #[serde(default)]
    pub alarm_id: Option<i64>,
    /// Metres (default 50,000 for orders).
    #[serde(default)]
    pub radius: Option<f64>,
    /// How many of each (default 10, at most 100).
    #[serde(default)]
    pub limit: Option<usize>,
}

/// The point a nearby search is about.
async fn place(db: &DatabaseConnection, scope: &Scope, near: &Nearby) -> Result<LonLat, AppError> {
    if let Some(alarm) = near.alarm_id {
        let alarm = crate::vehicle::alarms::find_visible(db, scope, alarm).await?;
        let at =
            crate::vehicle::history::position_at(db, alarm.vehicle_id, alarm.started_at).await?;
        if let Some(p) = at {
            return Ok(p);
        }
        let state = vehicle_state::Entity::find_by_id(alarm.vehicle_id)
            .one(db)
            .await?;
        return state.and_then(|s| Some([s.lon?, s.lat?])).ok_or_else(|| {
            AppError::fail(text!(
                "告警 {} 的车辆还没有位置",
                "The vehicle of alarm {} has no position yet",
                alarm.id
            ))
        });
    }
    let p = [near.lon.unwrap_or(f64::NAN), near.lat.unwrap_or(f64::NAN)];
    if valid_lon_lat(p) {
        Ok(p)
    } else {
        Err(AppError::field(
            "lon",
            text!(
                "lon/lat 或 alarmId：请给出位置或告警",
                "lon/lat or alarmId: name a position or an alarm"
            ),
        ))
    }
}

fn limit_of(near: &Nearby) -> usize {
    near.limit.unwrap_or(10).clamp(1, 100)
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct NearbyOrder {
    pub id: i64,
    pub number: String,
    pub title: String,
    pub state: i16,
    pub vehicle_id: Option<i64>,
    pub lon: f64,
    pub lat: f64,
    pub distance_m: f64,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct NearbyOrders {
    pub lon: f64,
    pub lat: f64,
    pub orders: Vec<NearbyOrder>,
}

/// An open order's id, number, title, state, vehicle and place.
type OrderPlace = (
    i64,
    String,
    String,
    i16,
    Option<i64>,
    Option<f64>,
    Option<f64>,
);

/// Open orders located near a place, nearest first: is one already open for this spot?
pub async fn nearby_orders(
    db: &DatabaseConnection,
    scope: &Scope,
    near: &Nearby,
) -> Result<NearbyOrders, AppError> {
    let p = place(db, scope, near).await?;
    let radius = near.radius.unwrap_or(50_000.0);
    if !(radius > 0.0 && radius <= MAX_SEARCH_M) {
        return Err(AppError::field(
            "radius",
            text!(
                "radius：须大于 0 且不超过 {} 米",
                "radius: more than 0 and at most {} metres",
                MAX_SEARCH_M
            ),
        ));
    }
    let [a, b, c, d] = circle_bbox(p, radius);
    let rows: Vec<OrderPlace> = work_order::Entity::find()
        .select_only()
        .columns([
            work_order::Column::Id,
            work_order::Column::Number,
            work_order::Column::Title,
            work_order::Column::State,
            work_order::Column::VehicleId,
            work_order::Column::Lon,
            work_order::Column::Lat,
        ])
        .filter(crate::work::visible(scope))
        .filter(work_order::Column::State.is_in([PENDING, IN_PROGRESS]))
        .filter(
            Condition::all()
                .add(work_order::Column::Lon.between(a, c))
                .add(work_order::Column::Lat.between(b, d)),
        )
        .order_by_desc(work_order::Column::Id)
        .limit(5000)
        .into_tuple()
        .all(db)
        .await?;
    let mut orders: Vec<NearbyOrder> = rows
        .into_iter()
        .filter_map(|(id, number, title, state, vehicle_id, lon, lat)| {
            let at = [lon?, lat?];
            let distance_m = distance_m(p, at);
            (distance_m <= radius).then_some(NearbyOrder {
                id,
                number,
                title,
                state,
                vehicle_id,
                lon: at[0],
                lat: at[1],
                distance_m,
            })
        })
        .collect();
    orders.sort_by(|x, y| x.distance_m.total_cmp(&y.distance_m));
    orders.truncate(limit_of(near));
    Ok(NearbyOrders {
        lon: p[0],
        lat: p[1],
        orders,
    })
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ServicePoint {
    pub poi: PoiRow,
    pub distance_m: f64,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Technician {
    pub user_id: i64,
    pub name: String,
    /// Open orders assigned to them.
    pub open_orders: u64,
    /// From the place to their nearest open order with a location.
    pub distance_m: f64,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct NearbyDispose {
    pub lon: f64,
    pub lat: f64,
    pub service_points: Vec<ServicePoint>,
    pub technicians: Vec<Technician>,
}

/// Who can handle a place: the nearest repair shops and service areas, and the technicians
/// whose open orders are nearest (where they are working now).
pub async fn nearby_dispose(
    db: &DatabaseConnection,
    index: &PoiIndex,
    scope: &Scope,
    near: &Nearby,
) -> Result<NearbyDispose, AppError> {
    let p = place(db, scope, near).await?;
    let limit = limit_of(near);
    let indexed = index.get(db).await?;
    let nearest: Vec<(i64, Option<f64>)> = indexed
        .nearest(p, |e| {
            e.visible_to(scope) && matches!(e.poi_type, REPAIR_SHOP | SERVICE_AREA)
        })
        .take(limit)
        .map(|(e, d)| (e.id, Some(d)))
        .collect();
    let service_points = rows_of(db, &nearest)
        .await?
        .into_iter()
        .map(|poi| ServicePoint {
            distance_m: poi.distance_m.unwrap_or_default(),
            poi,
        })
        .collect();

    let open: Vec<(i64, Option<f64>, Option<f64>)> = work_order::Entity::find()
        .select_only()
        .columns([
            work_order::Column::AssigneeId,
            work_order::Column::Lon,
            work_order::Column::Lat,
        ])
        .filter(crate::work::visible(scope))
        .filter(work_order::Column::State.is_in([PENDING, IN_PROGRESS]))
        .filter(work_order::Column::AssigneeId.is_not_null())
        .into_tuple::<(Option<i64>, Option<f64>, Option<f64>)>()
        .all(db)
        .await?
        .into_iter()
        .filter_map(|(who, lon, lat)| Some((who?, lon, lat)))
        .collect();
    let mut by_user: HashMap<i64, (u64, f64)> = HashMap::new();
    for (who, lon, lat) in open {
        let d = match (lon, lat) {
            (Some(lon), Some(lat)) => distance_m(p, [lon, lat]),
            _ => f64::INFINITY,
        };
        let e = by_user.entry(who).or_insert((0, f64::INFINITY));
        e.0 += 1;
        e.1 = e.1.min(d);
    }
    let mut nearest_people: Vec<(i64, u64, f64)> = by_user
        .into_iter()
        .filter(|(_, (_, d))| d.is_finite())
        .map(|(u, (n, d))| (u, n, d))
        .collect();
    nearest_people.sort_by(|a, b| a.2.total_cmp(&b.2));
    nearest_people.truncate(limit);
    let names = crate::work::orders::user_names(db, nearest_people.iter().map(|t| t.0)).await?;
    Ok(NearbyDispose {
        lon: p[0],
        lat: p[1],
        service_points,
        technicians: nearest_people
            .into_iter()
            .map(|(user_id, open_orders, distance_m)| Technician {
                name: names.get(&user_id).cloned().unwrap_or_default(),
                user_id,
                open_orders,
                distance_m,
            })
            .collect(),
    })
}
