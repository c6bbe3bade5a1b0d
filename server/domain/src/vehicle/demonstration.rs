//! The demonstration fleet an enterprise can create for itself: tractors with hitched trailers and a bus.

use super::records::{self, VehicleInput};
use crate::scope::Scope;
use entities::vehicle;
use kernel::error::AppError;
use kernel::text;
use sea_orm::{ColumnTrait, DatabaseConnection, EntityTrait, QueryFilter};

/// The demonstration fleet: tractors with trailers and a bus, plates `DEMO<ent>-<n>`.
const DEMO_FLEET: &[(i16, &str)] = &[
    (0, "2,4,4"),
    (0, "2,4"),
    (1, "4,4,4"),
    (1, "4,4"),
    (2, "2,4"),
];

/// Creates a demonstration fleet for the acting enterprise (refused when it has one):
/// tractors with hitched trailers and a bus, with their wheels and states. Answers the ids.
pub async fn found_demonstration(
    db: &DatabaseConnection,
    scope: &Scope,
    ent: Option<i64>,
) -> Result<Vec<i64>, AppError> {
    let ent = scope.acting(ent)?;
    let prefix = format!("DEMO{ent}-");
    let exists = vehicle::Entity::find()
        .filter(vehicle::Column::EnterpriseId.eq(ent))
        .filter(kernel::search::starts_with(vehicle::Column::Plate, &prefix))
        .one(db)
        .await?;
    if exists.is_some() {
        return Err(AppError::fail(text!(
            "企业 {} 已有演示车队",
            "Enterprise {} has a demonstration fleet already",
            ent
        )));
    }
    let mut ids = Vec::new();
    for (n, (kind, layout)) in DEMO_FLEET.iter().enumerate() {
        ids.push(
            records::save(
                db,
                scope,
                VehicleInput {
                    enterprise_id: Some(ent),
                    plate: Some(format!("{prefix}{}", n + 1)),
                    kind: Some(*kind),
                    axle_layout: Some((*layout).to_owned()),
                    remark: Some("demo".into()),
                    ..VehicleInput::default()
                },
            )
            .await?,
        );
    }
    // Each tractor pulls one of the trailers.
    for (tractor, trailer) in [(ids[0], ids[2]), (ids[1], ids[3])] {
        super::trailers::change(db, scope, tractor, Some(trailer), Default::default()).await?;
    }
    Ok(ids)
}
