//! Sensor chip and battery statistics (`/data/tp/chip`) over the scope: sensors by kind and by
//! battery band, the lowest batteries with where they are fitted, and the receivers by part
//! number and firmware version. Sensors carry no chip model or firmware of their own in the
//! database, so those are the receivers' (docs/reports.md).

use std::collections::BTreeMap;

use entities::{device, sensor};
use sea_orm::{ColumnTrait, DatabaseConnection, EntityTrait, QueryFilter, QueryOrder, QuerySelect};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::scope::Scope;
use kernel::error::AppError;
use kernel::validate::in_range;

/// Battery bands, % (from inclusive, to exclusive; the last includes 100).
pub const BANDS: [(i16, i16); 5] = [(0, 10), (10, 20), (20, 50), (50, 80), (80, 101)];

/// Whose sensors.
#[derive(Debug, Clone, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ChipQuery {
    /// Only this enterprise (one the caller sees).
    #[serde(default, alias = "entId")]
    pub enterprise_id: Option<i64>,
    /// Below this battery % a sensor is listed as low (1–100, default 20).
    #[serde(default)]
    pub low_battery: Option<i16>,
    /// How many low sensors to list, lowest first (1–500, default 100).
    #[serde(default)]
    pub limit: Option<u64>,
}

/// Sensors in a battery band.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Band {
    pub from: i16,
    /// Exclusive (101 for the band that holds 100).
    pub to: i16,
    pub sensors: i64,
}

/// A sensor low on battery.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LowSensor {
    pub sensor_no: String,
    /// 1 tyre, 2 axle.
    pub kind: i16,
    pub battery: i16,
    pub vehicle_id: Option<i64>,
    pub plate: String,
    pub position: Option<i32>,
}

/// Receivers of one part number and firmware version.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReceiverModel {
    pub part_no: String,
    pub version: String,
    pub devices: i64,
}

/// The statistics.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ChipStatistics {
    pub sensors: i64,
    pub tyre_sensors: i64,
    pub axle_sensors: i64,
    /// Bound to a vehicle.
    pub bound: i64,
    /// No battery reading yet.
    pub battery_unknown: i64,
    pub bands: Vec<Band>,
    /// Sensors below `lowBattery`, lowest first.
    pub low_battery: Vec<LowSensor>,
    /// How many there are in all (the list is capped).
    pub low_battery_total: i64,
    pub receivers: Vec<ReceiverModel>,
}

/// Statistics of the sensors (and receivers) the scope sees.
pub async fn statistics(
    db: &DatabaseConnection,
    scope: &Scope,
    q: &ChipQuery,
) -> Result<ChipStatistics, AppError> {
    let low = q.low_battery.unwrap_or(20);
    in_range("lowBattery", i64::from(low), 1, 100)?;
    let limit = q.limit.unwrap_or(100);
    in_range("limit", i64::try_from(limit).unwrap_or(i64::MAX), 1, 500)?;
    let mut sensors = sensor::Entity::find().filter(scope.filter(sensor::Column::EnterpriseId));
    let mut devices = device::Entity::find()
        .filter(scope.filter(device::Column::EnterpriseId))
        .filter(device::Column::Kind.eq(0_i16));
    if let Some(e) = q.enterprise_id.filter(|e| *e != 0) {
        scope.require(e)?;
        sensors = sensors.filter(sensor::Column::EnterpriseId.eq(e));
        devices = devices.filter(device::Column::EnterpriseId.eq(e));
    }
    // One row per (kind, bound, battery): at most 2 × 2 × 102 groups.
    let groups: Vec<(i16, bool, Option<i16>, i64)> = sensors
        .clone()
        .select_only()
        .column(sensor::Column::Kind)
        .column_as(sensor::Column::VehicleId.is_not_null(), "bound")
        .column(sensor::Column::Battery)
        .column_as(sensor::Column::Id.count(), "n")
        .group_by(sensor::Column::Kind)
        .group_by(sensor::Column::VehicleId.is_not_null())
        .group_by(sensor::Column::Battery)
        .into_tuple()
        .all(db)
        .await?;
    let mut out = ChipStatistics {
        sensors: 0,
        tyre_sensors: 0,
        axle_sensors: 0,
        bound: 0,
        battery_unknown: 0,
        bands: BANDS
            .iter()
            .map(|(from, to)| Band {
                from: *from,
                to: *to,
                sensors: 0,
            })
            .collect(),
        low_battery: Vec::new(),
        low_battery_total: 0,
        receivers: Vec::new(),
    };
    for (kind, bound, battery, n) in groups {
        out.sensors += n;
        match kind {
            1 => out.tyre_sensors += n,
            2 => out.axle_sensors += n,
            _ => {}
        }
        if bound {
            out.bound += n;
        }
        match battery {
            None => out.battery_unknown += n,
            Some(b) => {
                if let Some(band) = out.bands.iter_mut().find(|x| x.from <= b && b < x.to) {
                    band.sensors += n;
                }
                if b < low {
                    out.low_battery_total += n;
                }
            }
        }
    }
    let lowest = sensors
        .filter(sensor::Column::Battery.lt(low))
        .order_by_asc(sensor::Column::Battery)
        .order_by_asc(sensor::Column::SensorNo)
        .limit(limit)
        .all(db)
        .await?;
    let plates =
        crate::vehicle::history::plates(db, lowest.iter().filter_map(|s| s.vehicle_id)).await?;
    out.low_battery = lowest
        .into_iter()
        .map(|s| LowSensor {
            plate: s
                .vehicle_id
                .and_then(|v| plates.get(&v).cloned())
                .unwrap_or_default(),
            sensor_no: s.sensor_no,
            kind: s.kind,
            battery: s.battery.unwrap_or_default(),
            vehicle_id: s.vehicle_id,
            position: s.position,
        })
        .collect();
    let models: BTreeMap<(String, String), i64> = devices
        .select_only()
        .column(device::Column::PartNo)
        .column(device::Column::Version)
        .column_as(device::Column::Id.count(), "n")
        .group_by(device::Column::PartNo)
        .group_by(device::Column::Version)
        .into_tuple::<(String, String, i64)>()
        .all(db)
        .await?
        .into_iter()
        .map(|(p, v, n)| ((p, v), n))
        .collect();
    out.receivers = models
        .into_iter()
        .map(|((part_no, version), devices)| ReceiverModel {
            part_no,
            version,
            devices,
        })
        .collect();
    Ok(out)
}
