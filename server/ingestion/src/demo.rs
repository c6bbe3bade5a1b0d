//! The simulated fleet and the runner that drives it.
//!
//! [`ensure_fleet`] makes sure the demo enterprise has `count` simulated vehicles (plates
//! `SIM-00001`…), each with wheels and a receiver bound to it; it creates what is missing and
//! leaves what exists, so a restart finds the same fleet. [`drive`] steps a [`Simulation`] of
//! them every second and hands the reports that fall due to a sink: the server's own
//! [`Ingestor`] (the in-process demo, `WHEELEND_SIMULATE`) or HTTP posts to
//! `/tapi/device/report` (`wheelend simulate`). Either way the reports pass the checks, the
//! device lookup and the writer every device report passes.

use std::collections::HashMap;
use std::future::Future;
use std::time::Duration;

use chrono::Utc;
use entities::{device, device_key, vehicle, vehicle_state, vehicle_wheel};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, DatabaseConnection, EntityTrait, QueryFilter,
    QuerySelect, Set,
};

use crate::ingest::{Credential, Ingestor, MAX_PER_REQUEST};
use crate::report::Report;
use crate::simulator::{SimDevice, Simulation};
use domain::device::keys;
use domain::seed::fitted_vehicle;
use domain::vehicle::records::{layout_positions, new_state, parse_layout};
use kernel::db::write_txn;
use kernel::error::AppError;
use kernel::ids::DEMO_ENTERPRISE;

/// Most vehicles one simulation drives.
pub const MAX_VEHICLES: usize = 30_000;
const PLATE_PREFIX: &str = "SIM-";
/// Tyres per vehicle vary from 6 to 10 across the fleet.
const LAYOUTS: [&str; 3] = ["2,4", "2,2,4", "2,4,4"];
/// Rows per multi-row insert: well under SQLite's 32,766 bound parameters for every table here.
const ROWS_PER_INSERT: usize = 500;
/// How often the simulation looks for due reports: devices report when due, not on the same
/// tick, so a second's reports arrive spread over it as a real fleet's do.
const STEP: Duration = Duration::from_millis(100);

fn plate(n: usize) -> String {
    format!("{PLATE_PREFIX}{:05}", n + 1)
}

/// Simulated receivers' imeis start with this (15 digits in all).
const IMEI_PREFIX: &str = "8699";

fn imei(n: usize) -> String {
    format!("{IMEI_PREFIX}{:011}", n + 1)
}

async fn insert_chunked<A>(db: &impl ConnectionTrait, rows: Vec<A>) -> Result<(), AppError>
where
    A: ActiveModelTrait + Send + Clone,
{
    for chunk in rows.chunks(ROWS_PER_INSERT) {
        <A::Entity as EntityTrait>::insert_many(chunk.to_vec())
            .exec_without_returning(db)
            .await?;
    }
    Ok(())
}

/// Creates whatever of the simulated fleet of `count` vehicles is missing, in one
/// transaction, and answers its devices (those still bound to their simulated vehicle).
///
/// # Errors
/// When the database fails; nothing is created then.
pub async fn ensure_fleet(
    db: &DatabaseConnection,
    count: usize,
) -> Result<Vec<SimDevice>, AppError> {
    let count = count.min(MAX_VEHICLES);
    let plates: Vec<String> = (0..count).map(plate).collect();
    let txn = write_txn(db).await?;
    let existing = fleet_vehicles(&txn).await?;
    let now = Utc::now();
    let missing: Vec<usize> = (0..count)
        .filter(|n| !existing.contains_key(&plates[*n]))
        .collect();
    insert_chunked(
        &txn,
        missing
            .iter()
            .map(|n| {
                fitted_vehicle(
                    DEMO_ENTERPRISE,
                    plates[*n].clone(),
                    LAYOUTS[n % LAYOUTS.len()].to_owned(),
                    "simulated",
                    now,
                )
            })
            .collect(),
    )
    .await?;
    let vehicles = fleet_vehicles(&txn).await?;
    let mut wheels = Vec::new();
    let mut states = Vec::new();
    for n in &missing {
        let (id, layout) = &vehicles[&plates[*n]];
        let (_, positions) = layout_positions(layout);
        wheels.extend(
            positions
                .into_iter()
                .map(|(position, axle)| vehicle_wheel::ActiveModel {
                    vehicle_id: Set(*id),
                    position: Set(position),
                    axle: Set(axle),
                    tyre_id: Set(None),
                    sensor_no: Set(None),
                }),
        );
        states.push(new_state(*id));
    }
    insert_chunked(&txn, wheels).await?;
    insert_chunked::<vehicle_state::ActiveModel>(&txn, states).await?;

    let imeis: Vec<String> = (0..count).map(imei).collect();
    let known: HashMap<String, Option<i64>> = device::Entity::find()
        .select_only()
        .column(device::Column::Imei)
        .column(device::Column::VehicleId)
        .filter(kernel::search::starts_with(
            device::Column::Imei,
            IMEI_PREFIX,
        ))
        .into_tuple::<(String, Option<i64>)>()
        .all(&txn)
        .await?
        .into_iter()
        .collect();
    insert_chunked(
        &txn,
        (0..count)
            .filter(|n| !known.contains_key(&imeis[*n]))
            .map(|n| device::ActiveModel {
                enterprise_id: Set(DEMO_ENTERPRISE),
                vehicle_id: Set(Some(vehicles[&plates[n]].0)),
                parent_id: Set(None),
                kind: Set(0),
                imei: Set(imeis[n].clone()),
                sn: Set(None),
                part_no: Set(String::new()),
                model_id: Set(None),
                version: Set(String::new()),
                iccid: Set(String::new()),
                heartbeat_at: Set(None),
                online: Set(false),
                remark: Set("simulated".into()),
                created_at: Set(now),
                updated_at: Set(now),
                ..Default::default()
            })
            .collect(),
    )
    .await?;
    txn.commit().await?;
    // A receiver someone unbound or moved to another vehicle stays out of the simulation.
    Ok((0..count)
        .filter_map(|n| {
            let (id, layout) = &vehicles[&plates[n]];
            let bound_here = known.get(&imeis[n]).is_none_or(|v| *v == Some(*id));
            bound_here.then(|| SimDevice {
                imei: imeis[n].clone(),
                layout: layout.clone(),
            })
        })
        .collect())
}

/// The simulated vehicles of the demo enterprise: plate → (id, wheels per axle).
async fn fleet_vehicles(
    db: &impl ConnectionTrait,
) -> Result<HashMap<String, (i64, Vec<u8>)>, AppError> {
    let rows: Vec<(i64, String, String)> = vehicle::Entity::find()
        .select_only()
        .column(vehicle::Column::Id)
        .column(vehicle::Column::Plate)
        .column(vehicle::Column::AxleLayout)
        .filter(vehicle::Column::EnterpriseId.eq(DEMO_ENTERPRISE))
        .filter(kernel::search::starts_with(
            vehicle::Column::Plate,
            PLATE_PREFIX,
        ))
        .into_tuple()
        .all(db)
        .await?;
    Ok(rows
        .into_iter()
        // A layout edited into something invalid drives as the smallest one.
        .map(|(id, plate, layout)| {
            let axles = parse_layout(&layout).unwrap_or_else(|_| vec![2, 4]);
            (plate, (id, axles))
        })
        .collect())
}

/// Issues fresh report keys for `devices` (replacing earlier ones) and answers them by imei:
/// keys are kept only as hashes, so a runner outside the server needs new ones.
///
/// # Errors
/// When the database fails; no key changes then.
pub async fn issue_keys(
    db: &DatabaseConnection,
    devices: &[SimDevice],
) -> Result<HashMap<String, String>, AppError> {
    let imeis: Vec<String> = devices.iter().map(|d| d.imei.clone()).collect();
    let txn = write_txn(db).await?;
    let mut ids: Vec<(i64, String)> = Vec::with_capacity(imeis.len());
    for chunk in imeis.chunks(ROWS_PER_INSERT) {
        ids.extend(
            device::Entity::find()
                .select_only()
                .column(device::Column::Id)
                .column(device::Column::Imei)
                .filter(device::Column::Imei.is_in(chunk.to_vec()))
                .into_tuple::<(i64, String)>()
                .all(&txn)
                .await?,
        );
    }
    let now = Utc::now();
    let mut issued = HashMap::with_capacity(ids.len());
    let mut rows = Vec::with_capacity(ids.len());
    for (id, imei) in ids {
        let key = keys::generate();
        rows.push(device_key::ActiveModel {
            device_id: Set(id),
            key_hash: Set(keys::hash(&key)),
            created_at: Set(now),
        });
        issued.insert(imei, key);
    }
    for chunk in rows.chunks(ROWS_PER_INSERT) {
        device_key::Entity::insert_many(chunk.to_vec())
            .on_conflict(keys::replace_on_conflict())
            .exec_without_returning(&txn)
            .await?;
    }
    txn.commit().await?;
    Ok(issued)
}

fn now_ms() -> i64 {
    Utc::now().timestamp_millis()
}

/// Steps the simulation every second, forever, handing each step's reports (in slices of at
/// most [`MAX_PER_REQUEST`]) to `send`.
pub async fn drive<F, Fut>(devices: Vec<SimDevice>, interval: Duration, seed: u64, mut send: F)
where
    F: FnMut(Vec<Report>) -> Fut,
    Fut: Future<Output = ()>,
{
    let interval_ms = i64::try_from(interval.as_millis()).unwrap_or(i64::MAX);
    let mut sim = Simulation::new(devices, seed, now_ms(), interval_ms);
    let mut tick = tokio::time::interval(STEP);
    tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Skip);
    loop {
        tick.tick().await;
        let mut reports = sim.step(now_ms());
        while !reports.is_empty() {
            let rest = reports.split_off(reports.len().min(MAX_PER_REQUEST));
            send(reports).await;
            reports = rest;
        }
    }
}

/// Starts the in-process demo: the fleet of `count` vehicles is ensured now, then driven
/// through `ingest` in the background.
///
/// # Errors
/// When the fleet cannot be created.
pub async fn start_in_process(
    db: &DatabaseConnection,
    ingest: Ingestor,
    count: usize,
    interval: Duration,
) -> Result<(), AppError> {
    let devices = ensure_fleet(db, count).await?;
    tracing::info!(vehicles = devices.len(), "driving the simulated demo fleet");
    tokio::spawn(drive(devices, interval, rand::random(), move |reports| {
        let ingest = ingest.clone();
        async move {
            match ingest.submit(reports, Credential::Trusted).await {
                Ok(outcome) if !outcome.rejected.is_empty() => {
                    tracing::debug!(
                        rejected = outcome.rejected.len(),
                        "simulated reports refused"
                    );
                }
                Ok(_) => {}
                Err(err) => tracing::warn!(%err, "simulated reports not stored"),
            }
        }
    }));
    Ok(())
}

/// What the server answered to posted reports.
#[derive(Debug, Default, Clone, Copy)]
pub struct Tally {
    pub accepted: u64,
    pub refused: u64,
    /// Requests that got no answer or not the envelope (server down, overloaded).
    pub failed: u64,
}

impl Tally {
    pub fn add(&mut self, other: Self) {
        self.accepted += other.accepted;
        self.refused += other.refused;
        self.failed += other.failed;
    }
}

/// Requests in flight at once when posting over HTTP.
const HTTP_CONCURRENCY: usize = 64;

/// Posts each report to `url` (`…/tapi/device/report`) with its device's key in
/// `x-device-key`, as a device would, and counts the answers.
pub async fn post_reports(
    client: &reqwest::Client,
    url: &str,
    keys: &HashMap<String, String>,
    reports: Vec<Report>,
) -> Tally {
    use futures::StreamExt as _;
    let answers: Vec<Option<serde_json::Value>> = futures::stream::iter(reports)
        .map(|report| async move {
            let key = keys.get(&report.imei)?;
            let answer = client
                .post(url)
                .header("x-device-key", key)
                .json(&report)
                .send()
                .await
                .ok()?;
            answer.json::<serde_json::Value>().await.ok()
        })
        .buffer_unordered(HTTP_CONCURRENCY)
        .collect()
        .await;
    let mut tally = Tally::default();
    for answer in answers {
        match answer {
            Some(a) if a["code"] == 0 => tally.accepted += 1,
            Some(_) => tally.refused += 1,
            None => tally.failed += 1,
        }
    }
    tally
}
