//! The in-process demo simulator: it creates its fleet once (a restart finds the same one)
//! and its vehicles report through ingestion, so positions and live state appear.

use std::time::Duration;

use entities::{device, position, vehicle, vehicle_state};
use kernel::search::starts_with;
use sea_orm::{ColumnTrait, EntityTrait, PaginatorTrait, QueryFilter};
use wheelend_tests::{Spawn, TestApp, spawn_app_with};

const DEMO_ENTERPRISE: i64 = 1014;

fn simulating(vehicles: usize) -> Spawn {
    Spawn {
        configure: Some(Box::new(move |mut cfg| {
            cfg.simulate = true;
            cfg.simulate_vehicles = vehicles;
            cfg.simulate_interval_secs = 1;
            cfg
        })),
        ..Spawn::default()
    }
}

async fn fleet(app: &TestApp) -> (u64, u64) {
    let db = &app.state.db;
    let vehicles = vehicle::Entity::find()
        .filter(vehicle::Column::EnterpriseId.eq(DEMO_ENTERPRISE))
        .filter(starts_with(vehicle::Column::Plate, "SIM-"))
        .count(db)
        .await
        .unwrap();
    let devices = device::Entity::find()
        .filter(device::Column::EnterpriseId.eq(DEMO_ENTERPRISE))
        .filter(device::Column::VehicleId.is_not_null())
        .filter(starts_with(device::Column::Imei, "8699"))
        .count(db)
        .await
        .unwrap();
    (vehicles, devices)
}

/// Vehicles of the simulated fleet with a stored position.
async fn positioned(app: &TestApp) -> usize {
    let db = &app.state.db;
    let ids: Vec<i64> = vehicle::Entity::find()
        .filter(starts_with(vehicle::Column::Plate, "SIM-"))
        .all(db)
        .await
        .unwrap()
        .into_iter()
        .map(|v| v.id)
        .collect();
    let states = vehicle_state::Entity::find()
        .filter(vehicle_state::Column::VehicleId.is_in(ids.clone()))
        .filter(vehicle_state::Column::Lat.is_not_null())
        .filter(vehicle_state::Column::Online.eq(true))
        .count(db)
        .await
        .unwrap();
    let with_history = position::Entity::find()
        .filter(position::Column::VehicleId.is_in(ids))
        .count(db)
        .await
        .unwrap();
    if with_history == 0 {
        0
    } else {
        usize::try_from(states).unwrap()
    }
}

async fn wait_for_positions(app: &TestApp, vehicles: usize) {
    for _ in 0..100 {
        if positioned(app).await == vehicles {
            return;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!(
        "only {} of {vehicles} simulated vehicles reported",
        positioned(app).await
    );
}

#[tokio::test]
async fn the_demo_fleet_is_created_once_and_reports_through_ingestion() {
    let app = spawn_app_with(simulating(6)).await;
    assert_eq!(fleet(&app).await, (6, 6));
    // Every device reports within a step or two of a one-second interval.
    wait_for_positions(&app, 6).await;
    let stats = app.state.ingest.stats();
    assert!(stats.accepted >= 6, "{stats:?}");

    // A restart (with a bigger fleet asked for) keeps the six and adds the rest.
    let again = app.restart_with(simulating(8)).await;
    assert_eq!(fleet(&again).await, (8, 8));
    wait_for_positions(&again, 8).await;
}

#[tokio::test]
async fn the_test_configuration_keeps_the_simulator_off() {
    let app = wheelend_tests::spawn_app().await;
    assert_eq!(fleet(&app).await, (0, 0));
}
