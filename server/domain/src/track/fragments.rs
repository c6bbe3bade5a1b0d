//! Track fragments: one vehicle's finished UTC day summarised (fixes, distance, driving time,
//! first and last fix, bounding box, a simplified line), so a month or a year of tracks reads
//! one row per day instead of every position. Only days before today are stored; a report
//! that arrives late for such a day drops its fragment (ingestion), and the next read builds
//! it again. Rebuilds of many vehicles or days run in the background as *runs*
//! (`fragment_runs`), which the generation log lists and a caller may cancel.

use std::collections::{BTreeMap, BTreeSet};

use chrono::{DateTime, NaiveDate, NaiveTime, Utc};
use entities::{fragment_run, position, track_fragment};
use sea_orm::sea_query::OnConflict;
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, DatabaseConnection, EntityTrait, QueryFilter,
    QueryOrder, QuerySelect, Set,
};
use serde::Serialize;
use utoipa::ToSchema;

use super::geometry::{LonLat, bbox, simplified_indices};
use crate::scope::Scope;
use crate::vehicle::history::positions;
use crate::vehicle::mileage::{self, DayRange};
use kernel::error::AppError;
use kernel::paging::{self, PageQuery, PageResult};
use kernel::text;
use kernel::validate::{json_list, to_json};

/// Douglas–Peucker tolerance of a fragment's line, metres: a day's shape at city zoom.
const LINE_TOLERANCE_M: f64 = 20.0;

pub const RUNNING: i16 = 1;
pub const DONE: i16 = 2;
pub const FAILED: i16 = 3;
pub const CANCELLED: i16 = 4;

/// A day of a vehicle's track.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Fragment {
    pub day: NaiveDate,
    /// Fixes stored that day.
    pub total: i32,
    pub meters: f64,
    pub moving_seconds: i64,
    pub first_at: Option<DateTime<Utc>>,
    pub last_at: Option<DateTime<Utc>>,
    /// `[min lon, min lat, max lon, max lat]`; None for a day without fixes.
    #[schema(value_type = Option<Vec<f64>>)]
    pub bbox: Option<[f64; 4]>,
    #[schema(value_type = Vec<Vec<f64>>)]
    pub line: Vec<LonLat>,
}

fn midnight(day: NaiveDate) -> DateTime<Utc> {
    day.and_time(NaiveTime::MIN).and_utc()
}

/// The fragment of `day` from that day's fixes (oldest first). Distance and driving time are
/// counted as the mileage report counts them.
pub fn summarise(day: NaiveDate, fixes: &[position::Model]) -> Fragment {
    let (km, moving_seconds) = mileage::days(fixes).get(&day).copied().unwrap_or_default();
    let points: Vec<LonLat> = fixes.iter().map(|p| [p.lon, p.lat]).collect();
    let line = simplified_indices(&points, LINE_TOLERANCE_M)
        .into_iter()
        .map(|i| [round6(points[i][0]), round6(points[i][1])])
        .collect();
    Fragment {
        day,
        total: i32::try_from(fixes.len()).unwrap_or(i32::MAX),
        meters: km * 1000.0,
        moving_seconds,
        first_at: fixes.first().map(|p| p.ts),
        last_at: fixes.last().map(|p| p.ts),
        bbox: bbox(points.iter().copied()),
        line,
    }
}

/// Six decimals: about 11 cm, what the map shows.
fn round6(x: f64) -> f64 {
    (x * 1e6).round() / 1e6
}

impl From<track_fragment::Model> for Fragment {
    fn from(f: track_fragment::Model) -> Self {
        let empty = f.total == 0;
        Self {
            day: f.day,
            total: f.total,
            meters: f.meters,
            moving_seconds: f.moving_seconds,
            first_at: (!empty).then_some(f.first_at),
            last_at: (!empty).then_some(f.last_at),
            bbox: (!empty).then_some([f.min_lon, f.min_lat, f.max_lon, f.max_lat]),
            line: json_list(&f.line),
        }
    }
}

fn stored(vehicle_id: i64, f: &Fragment) -> track_fragment::ActiveModel {
    let [min_lon, min_lat, max_lon, max_lat] = f.bbox.unwrap_or_default();
    track_fragment::ActiveModel {
        vehicle_id: Set(vehicle_id),
        day: Set(f.day),
        total: Set(f.total),
        meters: Set(f.meters),
        moving_seconds: Set(f.moving_seconds),
        first_at: Set(f.first_at.unwrap_or_else(|| midnight(f.day))),
        last_at: Set(f.last_at.unwrap_or_else(|| midnight(f.day))),
        min_lon: Set(min_lon),
        min_lat: Set(min_lat),
        max_lon: Set(max_lon),
        max_lat: Set(max_lat),
        line: Set(to_json(&f.line)),
        built_at: Set(Utc::now()),
    }
}

/// Whether a day's fragment may be stored: the day is over.
pub fn finished(day: NaiveDate) -> bool {
    day < Utc::now().date_naive()
}

/// Builds a vehicle's fragment for `day` from its positions; stores it when the day is over.
pub async fn build(
    db: &impl ConnectionTrait,
    vehicle_id: i64,
    day: NaiveDate,
) -> Result<Fragment, AppError> {
    let from = midnight(day);
    let fixes = positions(db, vehicle_id, from, from + chrono::Duration::days(1)).await?;
    let fragment = summarise(day, &fixes);
    if finished(day) {
        track_fragment::Entity::insert(stored(vehicle_id, &fragment))
            .on_conflict(
                OnConflict::columns([
                    track_fragment::Column::VehicleId,
                    track_fragment::Column::Day,
                ])
                .update_columns([
                    track_fragment::Column::Total,
                    track_fragment::Column::Meters,
                    track_fragment::Column::MovingSeconds,
                    track_fragment::Column::FirstAt,
                    track_fragment::Column::LastAt,
                    track_fragment::Column::MinLon,
                    track_fragment::Column::MinLat,
                    track_fragment::Column::MaxLon,
                    track_fragment::Column::MaxLat,
                    track_fragment::Column::Line,
                    track_fragment::Column::BuiltAt,
                ])
                .to_owned(),
            )
            .exec(db)
            .await?;
    }
    Ok(fragment)
}

/// The stored fragments of a vehicle over a day range, by day.
pub async fn stored_days(
    db: &impl ConnectionTrait,
    vehicle_id: i64,
    range: DayRange,
) -> Result<BTreeMap<NaiveDate, Fragment>, AppError> {
    Ok(track_fragment::Entity::find()
        .filter(track_fragment::Column::VehicleId.eq(vehicle_id))
        .filter(track_fragment::Column::Day.gte(range.start_date))
        .filter(track_fragment::Column::Day.lte(range.end_date))
        .all(db)
        .await?
        .into_iter()
        .map(|f| (f.day, Fragment::from(f)))
        .collect())
}

/// Drops the stored fragments of vehicle-days that received late reports (ingestion calls it
/// with the days of the reports it wrote that are before today). One statement per batch:
/// it may drop a few more (another vehicle of the batch on another of its days), which the
/// next read builds again.
pub async fn forget(db: &impl ConnectionTrait, late: &[(i64, NaiveDate)]) -> Result<(), AppError> {
    if late.is_empty() {
        return Ok(());
    }
    let vehicles: BTreeSet<i64> = late.iter().map(|(v, _)| *v).collect();
    let days: BTreeSet<NaiveDate> = late.iter().map(|(_, d)| *d).collect();
    track_fragment::Entity::delete_many()
        .filter(track_fragment::Column::VehicleId.is_in(vehicles))
        .filter(track_fragment::Column::Day.is_in(days))
        .exec(db)
        .await?;
    Ok(())
}

// ---- runs ----------------------------------------------------------------------------------

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FragmentRun {
    pub id: i64,
    pub ent_id: Option<i64>,
    /// None: every vehicle of the caller's scope.
    pub vehicle_id: Option<i64>,
    pub start_day: NaiveDate,
    pub end_day: NaiveDate,
    pub vehicles: i32,
    /// Vehicle-days to build.
    pub days: i32,
    /// Vehicle-days built so far.
    pub built: i32,
    /// 1 running, 2 done, 3 failed, 4 cancelled.
    pub state: i16,
    pub error: String,
    pub created_by: i64,
    /// The runner's name (lists only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub created_by_name: Option<String>,
    /// The vehicle's plate (lists only, when one vehicle).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub plate: Option<String>,
    pub started_at: DateTime<Utc>,
    pub finished_at: Option<DateTime<Utc>>,
}

impl From<fragment_run::Model> for FragmentRun {
    fn from(r: fragment_run::Model) -> Self {
        Self {
            id: r.id,
            ent_id: r.enterprise_id,
            vehicle_id: r.vehicle_id,
            start_day: r.start_day,
            end_day: r.end_day,
            vehicles: r.vehicles,
            days: r.days,
            built: r.built,
            state: r.state,
            error: r.error,
            created_by: r.created_by,
            created_by_name: None,
            plate: None,
            started_at: r.started_at,
            finished_at: r.finished_at,
        }
    }
}

/// A run the scope sees: its enterprise's, or any for staff.
pub async fn find_run(
    db: &impl ConnectionTrait,
    scope: &Scope,
    id: i64,
) -> Result<fragment_run::Model, AppError> {
    fragment_run::Entity::find_by_id(id)
        .one(db)
        .await?
        .filter(|r| {
            scope.platform
                || r.enterprise_id.is_some_and(|e| scope.sees(e))
                || r.created_by == scope.user.id
        })
        .ok_or_else(|| AppError::fail(text!("生成任务 {} 不存在", "No fragment run {}", id)))
}

/// Stops a running run after the vehicle-day it is building.
pub async fn cancel(
    db: &impl ConnectionTrait,
    scope: &Scope,
    id: i64,
) -> Result<FragmentRun, AppError> {
    let run = find_run(db, scope, id).await?;
    if run.state != RUNNING {
        return Ok(run.into());
    }
    let mut row: fragment_run::ActiveModel = run.into();
    row.state = Set(CANCELLED);
    row.finished_at = Set(Some(Utc::now()));
    Ok(row.update(db).await?.into())
}

/// The runs the scope sees, newest first (the generation log).
pub async fn runs(
    db: &DatabaseConnection,
    scope: &Scope,
    page: PageQuery,
) -> Result<PageResult<FragmentRun>, AppError> {
    let mut select = fragment_run::Entity::find().order_by_desc(fragment_run::Column::Id);
    if !scope.platform {
        select = select.filter(
            sea_orm::Condition::any()
                .add(scope.filter(fragment_run::Column::EnterpriseId))
                .add(fragment_run::Column::CreatedBy.eq(scope.user.id)),
        );
    }
    let mut page = paging::fetch(db, select, page, FragmentRun::from).await?;
    let names = crate::work::orders::user_names(db, page.list.iter().map(|r| r.created_by)).await?;
    let plates: std::collections::HashMap<i64, String> = entities::vehicle::Entity::find()
        .select_only()
        .columns([
            entities::vehicle::Column::Id,
            entities::vehicle::Column::Plate,
        ])
        .filter(entities::vehicle::Column::Id.is_in(page.list.iter().filter_map(|r| r.vehicle_id)))
        .into_tuple::<(i64, String)>()
        .all(db)
        .await?
        .into_iter()
        .collect();
    for run in &mut page.list {
        run.created_by_name = names.get(&run.created_by).cloned();
        run.plate = run.vehicle_id.and_then(|v| plates.get(&v).cloned());
    }
    Ok(page)
}

/// The vehicle-days a run builds: each vehicle's finished days of the range.
struct Work {
    vehicles: Vec<i64>,
    days: Vec<NaiveDate>,
}

/// Records a run and builds its fragments in the background; answers the run as recorded.
async fn start(
    db: &DatabaseConnection,
    scope: &Scope,
    vehicle_id: Option<i64>,
    range: DayRange,
    work: Work,
) -> Result<FragmentRun, AppError> {
    let total = work.vehicles.len() * work.days.len();
    let run = fragment_run::ActiveModel {
        enterprise_id: Set(scope.enterprise_id),
        vehicle_id: Set(vehicle_id),
        start_day: Set(range.start_date),
        end_day: Set(range.end_date),
        vehicles: Set(i32::try_from(work.vehicles.len()).unwrap_or(i32::MAX)),
        days: Set(i32::try_from(total).unwrap_or(i32::MAX)),
        built: Set(0),
        state: Set(RUNNING),
        error: Set(String::new()),
        created_by: Set(scope.user.id),
        started_at: Set(Utc::now()),
        ..Default::default()
    }
    .insert(db)
    .await?;
    let id = run.id;
    let db = db.clone();
    tokio::spawn(async move {
        if let Err(err) = execute(&db, id, work).await {
            tracing::warn!(run = id, %err, "building track fragments");
            let failed = fragment_run::ActiveModel {
                id: Set(id),
                state: Set(FAILED),
                error: Set(err.to_string()),
                finished_at: Set(Some(Utc::now())),
                ..Default::default()
            };
            if let Err(err) = failed.update(&db).await {
                tracing::warn!(run = id, %err, "recording a failed fragment run");
            }
        }
    });
    Ok(run.into())
}

/// How many vehicle-days a run builds between two progress records (and cancel checks).
const PROGRESS_EVERY: usize = 10;

async fn execute(db: &DatabaseConnection, id: i64, work: Work) -> Result<(), AppError> {
    let mut built = 0usize;
    for vehicle_id in &work.vehicles {
        for day in &work.days {
            build(db, *vehicle_id, *day).await?;
            built += 1;
            if built.is_multiple_of(PROGRESS_EVERY) && !progress(db, id, built, RUNNING).await? {
                return Ok(()); // cancelled
            }
        }
    }
    progress(db, id, built, DONE).await?;
    Ok(())
}

/// Records progress unless the run was cancelled meanwhile; answers whether it goes on.
async fn progress(
    db: &DatabaseConnection,
    id: i64,
    built: usize,
    state: i16,
) -> Result<bool, AppError> {
    let mut update = fragment_run::Entity::update_many()
        .col_expr(
            fragment_run::Column::Built,
            i32::try_from(built).unwrap_or(i32::MAX).into(),
        )
        .col_expr(fragment_run::Column::State, state.into())
        .filter(fragment_run::Column::Id.eq(id))
        .filter(fragment_run::Column::State.eq(RUNNING));
    if state != RUNNING {
        update = update.col_expr(fragment_run::Column::FinishedAt, Some(Utc::now()).into());
    }
    Ok(update.exec(db).await?.rows_affected > 0)
}

/// The largest rebuild one request starts, in vehicle-days.
const MAX_RUN_VEHICLE_DAYS: usize = 2_000_000;

/// What to rebuild: one vehicle, or every vehicle of the scope when None, over a day range
/// (UTC, at most 366 days).
#[derive(Debug, Clone)]
pub struct Rebuild {
    pub vehicle_id: Option<i64>,
    pub range: DayRange,
}

/// Rebuilds fragments of one vehicle or of every vehicle the scope sees over a day range (the
/// finished days only), in the background.
pub async fn rebuild(
    db: &DatabaseConnection,
    scope: &Scope,
    input: &Rebuild,
) -> Result<FragmentRun, AppError> {
    crate::vehicle::writable(scope)?;
    let range = input.range.checked(mileage::MAX_DAYS)?;
    let vehicles: Vec<i64> = match input.vehicle_id {
        Some(id) => vec![crate::vehicle::find(db, scope, id).await?.id],
        None => {
            crate::vehicle::visible(scope)
                .select_only()
                .column(entities::vehicle::Column::Id)
                .into_tuple()
                .all(db)
                .await?
        }
    };
    let days: Vec<NaiveDate> = range.days().filter(|d| finished(*d)).collect();
    if vehicles.len() * days.len() > MAX_RUN_VEHICLE_DAYS {
        return Err(AppError::fail(text!(
            "一次最多重建 {} 个车·日，请缩小范围",
            "One rebuild covers at most {} vehicle-days; narrow the range",
            MAX_RUN_VEHICLE_DAYS
        )));
    }
    start(db, scope, input.vehicle_id, range, Work { vehicles, days }).await
}

/// Builds the missing days of one vehicle in the background (a long track analysis).
pub(super) async fn fill(
    db: &DatabaseConnection,
    scope: &Scope,
    vehicle_id: i64,
    range: DayRange,
    missing: Vec<NaiveDate>,
) -> Result<FragmentRun, AppError> {
    start(
        db,
        scope,
        Some(vehicle_id),
        range,
        Work {
            vehicles: vec![vehicle_id],
            days: missing,
        },
    )
    .await
}
