//! Spray (tyre cooling) events: a vehicle's history, recent activity across the fleet, and status.

use super::{SPRAY_ACTIVATION, SPRAY_FAULT, TimeRange, named_vehicles, plates};
use crate::scope::Scope;
use chrono::{DateTime, Duration, Utc};
use entities::{spray_event, vehicle, vehicle_state};
use kernel::error::AppError;
use kernel::paging::{PageQuery, PageResult};
use sea_orm::{
    ColumnTrait, Condition, ConnectionTrait, DatabaseConnection, EntityTrait, QueryFilter,
    QueryOrder, QuerySelect, QueryTrait,
};
use serde::Serialize;
use std::collections::BTreeMap;
use utoipa::ToSchema;

/// `vehicle_states.tp_flags` bits of the spray-cooling system.
const SPRAY_SWITCH_BIT: i32 = 32;

const SPRAY_FAULT_BIT: i32 = 64;

// ---- spray cooling -------------------------------------------------------------------------

/// A spray-cooling event.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SprayRow {
    pub id: i64,
    pub position: i32,
    /// 1 activation, 2 fault.
    pub kind: i16,
    pub started_at: DateTime<Utc>,
    pub ended_at: Option<DateTime<Utc>>,
    /// Seconds sprayed (to now while it lasts).
    pub seconds: i64,
    /// Trigger temperature, °C.
    pub temp: Option<f64>,
}

fn spray_row(e: &spray_event::Model, now: DateTime<Utc>) -> SprayRow {
    SprayRow {
        seconds: (e.ended_at.unwrap_or(now) - e.started_at)
            .num_seconds()
            .max(0),
        id: e.id,
        position: e.position,
        kind: e.kind,
        started_at: e.started_at,
        ended_at: e.ended_at,
        temp: e.temp,
    }
}

/// A vehicle's spray-cooling flags and events over a range.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SprayHistory {
    pub vehicle_id: i64,
    pub plate: String,
    /// The system is switched on (live flag).
    pub switch_on: bool,
    /// The system reports a fault (live flag).
    pub fault: bool,
    pub activations: usize,
    pub faults: usize,
    pub seconds: i64,
    pub events: Vec<SprayRow>,
}

async fn spray_events(
    db: &impl ConnectionTrait,
    vehicle_ids: Condition,
    from: DateTime<Utc>,
    to: DateTime<Utc>,
) -> Result<Vec<spray_event::Model>, AppError> {
    Ok(spray_event::Entity::find()
        .filter(vehicle_ids)
        .filter(spray_event::Column::StartedAt.gte(from))
        .filter(spray_event::Column::StartedAt.lt(to))
        .order_by_asc(spray_event::Column::StartedAt)
        .order_by_asc(spray_event::Column::Id)
        .all(db)
        .await?)
}

/// The spray-cooling history of a vehicle the scope sees.
pub async fn spray(
    db: &DatabaseConnection,
    scope: &Scope,
    vehicle_id: i64,
    range: TimeRange,
) -> Result<SprayHistory, AppError> {
    let range = range.checked()?;
    let v = crate::vehicle::find(db, scope, vehicle_id).await?;
    let flags = vehicle_state::Entity::find_by_id(v.id)
        .one(db)
        .await?
        .map_or(0, |s| s.tp_flags);
    let now = Utc::now();
    let events: Vec<SprayRow> = spray_events(
        db,
        Condition::all().add(spray_event::Column::VehicleId.eq(v.id)),
        range.start,
        range.end,
    )
    .await?
    .into_iter()
    .map(|e| spray_row(&e, now))
    .collect();
    let activations: Vec<&SprayRow> = events
        .iter()
        .filter(|e| e.kind == SPRAY_ACTIVATION)
        .collect();
    Ok(SprayHistory {
        vehicle_id: v.id,
        plate: v.plate,
        switch_on: flags & SPRAY_SWITCH_BIT != 0,
        fault: flags & SPRAY_FAULT_BIT != 0,
        activations: activations.len(),
        seconds: activations.iter().map(|e| e.seconds).sum(),
        faults: events.iter().filter(|e| e.kind == SPRAY_FAULT).count(),
        events,
    })
}

/// A vehicle's spray-cooling activity over the recent days.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SprayActivity {
    pub vehicle_id: i64,
    pub plate: String,
    pub activations: usize,
    pub seconds: i64,
    pub faults: usize,
    pub last_at: Option<DateTime<Utc>>,
    /// The highest trigger temperature, °C.
    pub max_temp: Option<f64>,
}

/// Spray-cooling activity of the vehicles the scope sees (or those named) over the last
/// `days` days (1–90): vehicles with any event, most activations first, paged.
pub async fn spray_recent(
    db: &DatabaseConnection,
    scope: &Scope,
    vehicle_ids: &[i64],
    days: i64,
    page: PageQuery,
) -> Result<PageResult<SprayActivity>, AppError> {
    let page = page.checked()?;
    kernel::validate::in_range("days", days, 1, 90)?;
    let which = if vehicle_ids.is_empty() {
        let visible = crate::vehicle::visible(scope)
            .select_only()
            .column(vehicle::Column::Id)
            .into_query();
        Condition::all().add(spray_event::Column::VehicleId.in_subquery(visible))
    } else {
        let named = named_vehicles(db, scope, vehicle_ids).await?;
        Condition::all().add(spray_event::Column::VehicleId.is_in(named.iter().map(|v| v.id)))
    };
    let now = Utc::now();
    let mut by_vehicle: BTreeMap<i64, SprayActivity> = BTreeMap::new();
    for e in spray_events(db, which, now - Duration::days(days), now).await? {
        let a = by_vehicle.entry(e.vehicle_id).or_insert(SprayActivity {
            vehicle_id: e.vehicle_id,
            plate: String::new(),
            activations: 0,
            seconds: 0,
            faults: 0,
            last_at: None,
            max_temp: None,
        });
        let row = spray_row(&e, now);
        if row.kind == SPRAY_FAULT {
            a.faults += 1;
        } else {
            a.activations += 1;
            a.seconds += row.seconds;
            a.max_temp = match (a.max_temp, row.temp) {
                (Some(m), Some(t)) => Some(m.max(t)),
                (m, t) => m.or(t),
            };
        }
        a.last_at = a.last_at.max(Some(row.started_at));
    }
    let mut list: Vec<SprayActivity> = by_vehicle.into_values().collect();
    list.sort_by(|a, b| {
        b.activations
            .cmp(&a.activations)
            .then(a.vehicle_id.cmp(&b.vehicle_id))
    });
    let total = list.len() as u64;
    let mut found = page.of(list, total);
    let plates = plates(db, found.list.iter().map(|a| a.vehicle_id)).await?;
    for a in &mut found.list {
        a.plate = plates.get(&a.vehicle_id).cloned().unwrap_or_default();
    }
    Ok(found)
}

/// The spray-cooling status of a vehicle: live flags and the last 24 hours.
pub async fn spray_status(
    db: &DatabaseConnection,
    scope: &Scope,
    vehicle_id: i64,
) -> Result<SprayHistory, AppError> {
    let now = Utc::now();
    let day = TimeRange {
        start: now - Duration::hours(24),
        end: now + Duration::seconds(1),
    };
    spray(db, scope, vehicle_id, day).await
}
