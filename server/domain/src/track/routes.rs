//! Planned routes: ordered nodes, a corridor width and the vehicles on the route (one route per
//! vehicle). Nodes can be drawn, or generated from a driven or uploaded track by
//! simplification. Route matching (is a vehicle inside its corridor?) reads them.

use std::collections::{BTreeMap, HashMap};

use chrono::{DateTime, Utc};
use entities::{route, route_vehicle, track_upload, vehicle};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, DatabaseConnection, EntityTrait, QueryFilter, QueryOrder,
    QuerySelect, Set, TransactionTrait,
};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::geometry::{LonLat, length_m, simplified_indices, valid_lon_lat};
use super::matching::{Places, RouteMatch};
use crate::scope::{EnterpriseOwned, Scope};
use crate::vehicle::history::{TimeRange, positions};
use kernel::changes::{Change, announce};
use kernel::error::AppError;
use kernel::paging::{self, PageQuery, PageResult};
use kernel::search::contains;
use kernel::text;
use kernel::validate::{json_list, required, to_json, vehicle_ids};

const DEFAULT_CORRIDOR_M: f64 = 200.0;
const MAX_NODES: usize = 5000;
/// Douglas–Peucker tolerance of generated nodes unless asked, metres.
const DEFAULT_TOLERANCE_M: f64 = 50.0;

impl EnterpriseOwned for route::Entity {
    const ENTERPRISE: Self::Column = route::Column::EnterpriseId;
    fn not_found(id: i64) -> AppError {
        AppError::fail(text!("线路 {} 不存在", "No route {}", id))
    }
}

/// A node of a route.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RouteNode {
    pub lon: f64,
    pub lat: f64,
    #[serde(default)]
    pub name: String,
    /// A planned stop (a stop elsewhere is a deviation).
    #[serde(default)]
    pub stop: bool,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RouteVehicle {
    pub id: i64,
    pub plate: String,
    /// How it keeps to the route by its latest report (None: no report since assigned).
    pub matched: Option<RouteMatch>,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RouteRow {
    pub id: i64,
    pub ent_id: i64,
    pub name: String,
    pub corridor_m: f64,
    pub nodes: Vec<RouteNode>,
    pub length_m: f64,
    pub vehicles: Vec<RouteVehicle>,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

/// A route's nodes as a line.
pub fn line_of(nodes: &[RouteNode]) -> Vec<LonLat> {
    nodes.iter().map(|n| [n.lon, n.lat]).collect()
}

#[derive(Debug, Clone, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RouteFilter {
    #[serde(default)]
    pub name: Option<String>,
    /// Just this route.
    #[serde(default)]
    pub id: Option<i64>,
}

/// The routes the scope sees, newest first, with their vehicles.
pub async fn list(
    db: &DatabaseConnection,
    places: &Places,
    scope: &Scope,
    filter: &RouteFilter,
    page: PageQuery,
) -> Result<PageResult<RouteRow>, AppError> {
    let mut select = route::Entity::find()
        .filter(scope.filter(route::Column::EnterpriseId))
        .order_by_desc(route::Column::Id);
    if let Some(name) = filter
        .name
        .as_deref()
        .map(str::trim)
        .filter(|n| !n.is_empty())
    {
        select = select.filter(contains(route::Column::Name, name));
    }
    if let Some(id) = filter.id.filter(|id| *id != 0) {
        select = select.filter(route::Column::Id.eq(id));
    }
    let page = paging::fetch(db, select, page, |r| r).await?;
    let ids: Vec<i64> = page.list.iter().map(|r| r.id).collect();
    let mut vehicles = vehicles_of(db, places, &ids).await?;
    Ok(PageResult {
        list: page
            .list
            .into_iter()
            .map(|r| RouteRow {
                vehicles: vehicles.remove(&r.id).unwrap_or_default(),
                nodes: json_list(&r.nodes),
                id: r.id,
                ent_id: r.enterprise_id,
                name: r.name,
                corridor_m: r.corridor_m,
                length_m: r.length_m,
                created_at: r.created_at,
                updated_at: r.updated_at,
            })
            .collect(),
        total: page.total,
        page: page.page,
        page_size: page.page_size,
    })
}

async fn vehicles_of(
    db: &DatabaseConnection,
    places: &Places,
    routes: &[i64],
) -> Result<HashMap<i64, Vec<RouteVehicle>>, AppError> {
    let rows: Vec<(i64, i64, String)> = route_vehicle::Entity::find()
        .select_only()
        .column(route_vehicle::Column::RouteId)
        .column(route_vehicle::Column::VehicleId)
        .column_as(vehicle::Column::Plate, "plate")
        .join(
            sea_orm::JoinType::InnerJoin,
            route_vehicle::Entity::belongs_to(vehicle::Entity)
                .from(route_vehicle::Column::VehicleId)
                .to(vehicle::Column::Id)
                .into(),
        )
        .filter(route_vehicle::Column::RouteId.is_in(routes.iter().copied()))
        .order_by_asc(vehicle::Column::Plate)
        .into_tuple()
        .all(db)
        .await?;
    let matches = places.matches(rows.iter().map(|r| r.1));
    let mut out: HashMap<i64, Vec<RouteVehicle>> = HashMap::new();
    for (route_id, id, plate) in rows {
        let matched = matches.get(&id).filter(|m| m.route_id == route_id).copied();
        out.entry(route_id)
            .or_default()
            .push(RouteVehicle { id, plate, matched });
    }
    Ok(out)
}

#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RouteInput {
    #[serde(default)]
    pub id: Option<i64>,
    #[serde(default, alias = "enterpriseId")]
    pub ent_id: Option<i64>,
    pub name: String,
    /// Metres either side of the line (10–5000, default 200).
    #[serde(default, alias = "corridor", alias = "width")]
    pub corridor_m: Option<f64>,
    pub nodes: Vec<RouteNode>,
}

fn checked_nodes(nodes: &[RouteNode]) -> Result<Vec<RouteNode>, AppError> {
    if nodes.len() < 2 || nodes.len() > MAX_NODES {
        return Err(AppError::field(
            "nodes",
            text!(
                "nodes：线路须有 2 到 {} 个节点",
                "nodes: a route has 2 to {} nodes",
                MAX_NODES
            ),
        ));
    }
    if let Some(bad) = nodes.iter().position(|n| !valid_lon_lat([n.lon, n.lat])) {
        return Err(AppError::field(
            "nodes",
            text!(
                "nodes：第 {} 个节点不是有效的经纬度",
                "nodes: node {} is not a valid lon/lat",
                bad + 1
            ),
        ));
    }
    nodes
        .iter()
        .map(|n| {
            Ok(RouteNode {
                name: kernel::validate::limited("nodes.name", &n.name, 64)?,
                ..n.clone()
            })
        })
        .collect()
}

/// Adds or updates a route; answers its id.
pub async fn save(
    db: &DatabaseConnection,
    scope: &Scope,
    input: RouteInput,
) -> Result<i64, AppError> {
    crate::vehicle::writable(scope)?;
    let name = required("name", &input.name, 64)?;
    let corridor = input.corridor_m.unwrap_or(DEFAULT_CORRIDOR_M);
    if !(10.0..=5000.0).contains(&corridor) {
        return Err(AppError::field(
            "corridorM",
            text!(
                "corridorM：走廊宽度须在 10 到 5000 米之间",
                "corridorM: the corridor is 10 to 5000 metres wide"
            ),
        ));
    }
    let nodes = checked_nodes(&input.nodes)?;
    let now = Utc::now();
    let mut row = match input.id.filter(|id| *id != 0) {
        Some(id) => scope.find::<route::Entity>(db, id).await?.into(),
        None => route::ActiveModel {
            enterprise_id: Set(scope.acting(input.ent_id)?),
            created_by: Set(scope.user.id),
            created_at: Set(now),
            ..Default::default()
        },
    };
    row.name = Set(name);
    row.corridor_m = Set(corridor);
    row.length_m = Set(length_m(&line_of(&nodes)));
    row.nodes = Set(to_json(&nodes));
    row.updated_at = Set(now);
    let saved = row.save(db).await?;
    announce(Change::Routes);
    Ok(saved.id.unwrap())
}

/// Deletes routes (their vehicles are then on none): all or none.
pub async fn delete(db: &DatabaseConnection, scope: &Scope, ids: &[i64]) -> Result<(), AppError> {
    crate::vehicle::writable(scope)?;
    if ids.is_empty() {
        return Err(AppError::field(
            "ids",
            text!("ids：请选择线路", "ids: choose routes"),
        ));
    }
    for id in ids {
        scope.find::<route::Entity>(db, *id).await?;
    }
    let txn = db.begin().await?;
    route_vehicle::Entity::delete_many()
        .filter(route_vehicle::Column::RouteId.is_in(ids.iter().copied()))
        .exec(&txn)
        .await?;
    route::Entity::delete_many()
        .filter(route::Column::Id.is_in(ids.iter().copied()))
        .exec(&txn)
        .await?;
    txn.commit().await?;
    announce(Change::Routes);
    Ok(())
}

#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AssignInput {
    /// 0 takes the vehicles off any route.
    #[serde(alias = "lineId", alias = "id")]
    pub route_id: i64,
    #[serde(alias = "carIds", alias = "vehicleIdList")]
    pub vehicle_ids: Vec<i64>,
}

/// Puts vehicles on a route (moving them off any other), or off every route; answers how many.
pub async fn assign(
    db: &DatabaseConnection,
    scope: &Scope,
    input: &AssignInput,
) -> Result<usize, AppError> {
    let ids = vehicle_ids("vehicleIds", &input.vehicle_ids)?;
    if ids.is_empty() {
        return Err(AppError::field(
            "vehicleIds",
            text!("vehicleIds：请选择车辆", "vehicleIds: choose vehicles"),
        ));
    }
    let vehicles = crate::vehicle::find_owned_all(db, scope, &ids).await?;
    let route = match input.route_id {
        0 => None,
        id => Some(scope.find::<route::Entity>(db, id).await?),
    };
    if let Some(r) = &route
        && let Some(v) = vehicles.iter().find(|v| v.enterprise_id != r.enterprise_id)
    {
        return Err(AppError::fail(text!(
            "车辆 {} 不属于线路“{}”的企业",
            "Vehicle {} does not belong to the enterprise of route \"{}\"",
            v.plate,
            r.name
        )));
    }
    let txn = db.begin().await?;
    route_vehicle::Entity::delete_many()
        .filter(route_vehicle::Column::VehicleId.is_in(ids.iter().copied()))
        .exec(&txn)
        .await?;
    if let Some(r) = &route {
        let now = Utc::now();
        route_vehicle::Entity::insert_many(ids.iter().map(|v| route_vehicle::ActiveModel {
            vehicle_id: Set(*v),
            route_id: Set(r.id),
            assigned_at: Set(now),
        }))
        .exec(&txn)
        .await?;
    }
    txn.commit().await?;
    announce(Change::Routes);
    announce(Change::Vehicles(ids.clone()));
    Ok(ids.len())
}

/// The route of each vehicle that is on one, with its corridor and nodes: what matching reads.
pub async fn assignments(
    db: &DatabaseConnection,
) -> Result<BTreeMap<i64, (i64, f64, Vec<RouteNode>)>, AppError> {
    let routes: HashMap<i64, (f64, Vec<RouteNode>)> = route::Entity::find()
        .all(db)
        .await?
        .into_iter()
        .map(|r| (r.id, (r.corridor_m, json_list::<RouteNode>(&r.nodes))))
        .collect();
    Ok(route_vehicle::Entity::find()
        .all(db)
        .await?
        .into_iter()
        .filter_map(|a| {
            let (corridor, nodes) = routes.get(&a.route_id)?;
            Some((a.vehicle_id, (a.route_id, *corridor, nodes.clone())))
        })
        .collect())
}

/// A line to start from: drawn points, a vehicle's driven track over a time range, an
/// uploaded track, or a route's nodes (one of them, in that order of precedence).
#[derive(Debug, Clone, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LineSource {
    #[serde(default)]
    #[schema(value_type = Option<Vec<Vec<f64>>>)]
    pub points: Option<Vec<LonLat>>,
    #[serde(default, alias = "carId")]
    pub vehicle_id: Option<i64>,
    /// With `vehicleId`: the time range driven.
    #[serde(default, flatten)]
    pub range: Option<TimeRange>,
    #[serde(default)]
    pub upload_id: Option<i64>,
    #[serde(default, alias = "lineId")]
    pub route_id: Option<i64>,
}

/// The line a source names, each point a valid position, at least two of them.
pub async fn source_line(
    db: &DatabaseConnection,
    scope: &Scope,
    source: &LineSource,
) -> Result<Vec<LonLat>, AppError> {
    let line: Vec<LonLat> = if let Some(points) = &source.points {
        points.clone()
    } else if let Some(vehicle_id) = source.vehicle_id {
        let range = source
            .range
            .ok_or_else(|| {
                AppError::field(
                    "start",
                    text!(
                        "start/end：请给出时间范围",
                        "start/end: give the time range"
                    ),
                )
            })?
            .checked()?;
        let v = crate::vehicle::find(db, scope, vehicle_id).await?;
        positions(db, v.id, range.start, range.end)
            .await?
            .iter()
            .map(|p| [p.lon, p.lat])
            .collect()
    } else if let Some(upload_id) = source.upload_id {
        let upload = scope.find::<track_upload::Entity>(db, upload_id).await?;
        json_list::<[Option<f64>; 3]>(&upload.line)
            .into_iter()
            .filter_map(|[lon, lat, _]| Some([lon?, lat?]))
            .collect()
    } else if let Some(route_id) = source.route_id {
        let route = scope.find::<route::Entity>(db, route_id).await?;
        line_of(&json_list::<RouteNode>(&route.nodes))
    } else {
        return Err(AppError::fail(text!(
            "请给出 points、vehicleId 和时间范围、uploadId 或 routeId",
            "Give points, a vehicleId with a time range, an uploadId or a routeId"
        )));
    };
    if line.len() < 2 {
        return Err(AppError::field(
            "points",
            text!(
                "points：至少需要两个点",
                "points: at least two points are needed"
            ),
        ));
    }
    if let Some(bad) = line.iter().position(|p| !valid_lon_lat(*p)) {
        return Err(AppError::field(
            "points",
            text!(
                "points：第 {} 个点不是有效的经纬度",
                "points: point {} is not a valid lon/lat",
                bad + 1
            ),
        ));
    }
    Ok(line)
}

#[derive(Debug, Clone, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct GenerateNodes {
    #[serde(flatten)]
    pub source: LineSource,
    /// Metres (default 50).
    #[serde(default)]
    pub tolerance: Option<f64>,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct GeneratedNodes {
    pub nodes: Vec<RouteNode>,
    /// Points of the line the nodes came from.
    pub source_points: usize,
    pub length_m: f64,
}

/// Route nodes from a drawn line, a driven track or an uploaded one, simplified with
/// Douglas–Peucker at `tolerance` metres.
pub async fn generate_nodes(
    db: &DatabaseConnection,
    scope: &Scope,
    input: &GenerateNodes,
) -> Result<GeneratedNodes, AppError> {
    let tolerance = input.tolerance.unwrap_or(DEFAULT_TOLERANCE_M);
    if !(0.0..=10_000.0).contains(&tolerance) {
        return Err(AppError::field(
            "tolerance",
            text!("tolerance：0 到 10000 米", "tolerance: 0 to 10000 metres"),
        ));
    }
    let line = source_line(db, scope, &input.source).await?;
    let kept = simplified_indices(&line, tolerance);
    let nodes: Vec<RouteNode> = kept
        .iter()
        .map(|i| RouteNode {
            lon: line[*i][0],
            lat: line[*i][1],
            name: String::new(),
            stop: false,
        })
        .collect();
    Ok(GeneratedNodes {
        length_m: length_m(&line_of(&nodes)),
        source_points: line.len(),
        nodes,
    })
}
