//! Vehicle share links: the only way a vehicle's public page (`/mf/…`) shows anything.
//!
//! Someone who may change a vehicle (its own enterprises, not a relation partner, not a
//! read-only trusteeship) creates a link with an expiry; the link carries a random code and
//! opens as `/mf/P<code>` (or `/mf/<vehicleId>?code=<code>`), with `?colony=7` when the
//! vehicle's enterprise belongs to colony 7. A link shows the vehicle while it is not expired,
//! not revoked, and the vehicle still belongs to the enterprise that shared it. Every other
//! case answers the same "expired or not shared", so a visitor cannot probe which vehicles
//! exist.

use chrono::{DateTime, Duration, Utc};
use entities::{enterprise, sys_user, vehicle, vehicle_alarm, vehicle_share, vehicle_state};
use rand::Rng;
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, QueryOrder, Set,
};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::alarms::CLEARED;
use super::records::{StateOut, WheelOut, wheels};
use crate::enterprise::settings::effective_thresholds;
use crate::scope::Scope;
use kernel::error::AppError;
use kernel::text;

pub const DEFAULT_DAYS: i64 = 7;
pub const MAX_DAYS: i64 = 365;
const CODE_LEN: usize = 12;
const CODE_ALPHABET: &[u8] = b"abcdefghijkmnpqrstuvwxyz23456789";
/// Links of enterprises in this colony open with `?colony=7` (console-spec §2).
const COLONY_IN_LINK: i64 = 7;

/// A new link for a vehicle.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ShareInput {
    #[serde(alias = "carId", alias = "id")]
    pub vehicle_id: i64,
    /// Days until it expires, 1–365 (default 7).
    #[serde(default)]
    pub days: Option<i64>,
}

/// A share link as its vehicle's people see it.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ShareRow {
    pub id: i64,
    pub code: String,
    pub vehicle_id: i64,
    /// The page path, e.g. `/mf/Pabc…` (`?colony=7` for colony 7).
    pub link: String,
    pub created_by: i64,
    pub created_by_name: String,
    pub created_at: DateTime<Utc>,
    pub expires_at: DateTime<Utc>,
    pub revoked_at: Option<DateTime<Utc>>,
    /// Opens now (neither expired nor revoked).
    pub active: bool,
}

fn new_code() -> String {
    let mut rng = rand::rng();
    (0..CODE_LEN)
        .map(|_| char::from(CODE_ALPHABET[rng.random_range(0..CODE_ALPHABET.len())]))
        .collect()
}

async fn colony_of(db: &impl ConnectionTrait, ent: i64) -> Result<Option<i64>, AppError> {
    Ok(enterprise::Entity::find_by_id(ent)
        .one(db)
        .await?
        .and_then(|e| e.colony_id))
}

fn link(code: &str, colony: Option<i64>) -> String {
    match colony {
        Some(c) if c == COLONY_IN_LINK => format!("/mf/P{code}?colony={c}"),
        _ => format!("/mf/P{code}"),
    }
}

async fn rows(
    db: &impl ConnectionTrait,
    shares: Vec<vehicle_share::Model>,
    colony: Option<i64>,
) -> Result<Vec<ShareRow>, AppError> {
    let people: std::collections::HashMap<i64, String> = sys_user::Entity::find()
        .filter(sys_user::Column::Id.is_in(shares.iter().map(|s| s.created_by)))
        .all(db)
        .await?
        .into_iter()
        .map(|u| (u.id, u.nick_name))
        .collect();
    let now = Utc::now();
    Ok(shares
        .into_iter()
        .map(|s| ShareRow {
            link: link(&s.code, colony),
            created_by_name: people.get(&s.created_by).cloned().unwrap_or_default(),
            active: s.revoked_at.is_none() && s.expires_at > now,
            id: s.id,
            code: s.code,
            vehicle_id: s.vehicle_id,
            created_by: s.created_by,
            created_at: s.created_at,
            expires_at: s.expires_at,
            revoked_at: s.revoked_at,
        })
        .collect())
}

/// Creates a link for a vehicle the scope may change.
pub async fn create(
    db: &impl ConnectionTrait,
    scope: &Scope,
    input: &ShareInput,
) -> Result<ShareRow, AppError> {
    let days = input.days.unwrap_or(DEFAULT_DAYS);
    if !(1..=MAX_DAYS).contains(&days) {
        return Err(AppError::fail(text!(
            "days 须在 1 到 {} 之间",
            "days must be 1 to {}",
            MAX_DAYS
        )));
    }
    let v = super::find_owned(db, scope, input.vehicle_id).await?;
    let now = Utc::now();
    let share = vehicle_share::ActiveModel {
        code: Set(new_code()),
        vehicle_id: Set(v.id),
        enterprise_id: Set(v.enterprise_id),
        created_by: Set(scope.user.id),
        created_at: Set(now),
        expires_at: Set(now + Duration::days(days)),
        ..Default::default()
    }
    .insert(db)
    .await?;
    let colony = colony_of(db, v.enterprise_id).await?;
    Ok(rows(db, vec![share], colony).await?.remove(0))
}

/// A vehicle's links, newest first (the vehicle's own enterprises only).
pub async fn list(
    db: &impl ConnectionTrait,
    scope: &Scope,
    vehicle_id: i64,
) -> Result<Vec<ShareRow>, AppError> {
    let v = super::find_owned(db, scope, vehicle_id).await?;
    let shares = vehicle_share::Entity::find()
        .filter(vehicle_share::Column::VehicleId.eq(v.id))
        .order_by_desc(vehicle_share::Column::CreatedAt)
        .order_by_desc(vehicle_share::Column::Id)
        .all(db)
        .await?;
    let colony = colony_of(db, v.enterprise_id).await?;
    rows(db, shares, colony).await
}

/// Revokes a link at once (the page stops showing the vehicle on its next request).
pub async fn revoke(
    db: &impl ConnectionTrait,
    scope: &Scope,
    id: i64,
) -> Result<ShareRow, AppError> {
    let missing = || AppError::fail(text!("分享 {} 不存在", "No share {}", id));
    let share = vehicle_share::Entity::find_by_id(id)
        .one(db)
        .await?
        .ok_or_else(missing)?;
    // A link of a vehicle the caller may not change is answered like a missing one.
    let v = super::find_owned(db, scope, share.vehicle_id)
        .await
        .map_err(|_| missing())?;
    let share = if share.revoked_at.is_some() {
        share
    } else {
        let mut active: vehicle_share::ActiveModel = share.into();
        active.revoked_at = Set(Some(Utc::now()));
        active.revoked_by = Set(Some(scope.user.id));
        active.update(db).await?
    };
    let colony = colony_of(db, v.enterprise_id).await?;
    Ok(rows(db, vec![share], colony).await?.remove(0))
}

/// How a page or the anonymous call names a link.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ShareRef {
    /// `/mf/P<code>`.
    Code(String),
    /// `/mf/<vehicleId>?code=<code>`: the code must be one of that vehicle's links.
    Vehicle { id: i64, code: String },
}

impl ShareRef {
    /// Reads the `/mf/:id` segment and the `code` query value; None when they name no link.
    pub fn parse(segment: &str, code: Option<&str>) -> Option<Self> {
        let well_formed =
            |c: &str| c.len() == CODE_LEN && c.bytes().all(|b| CODE_ALPHABET.contains(&b));
        if let Some(code) = segment.strip_prefix('P') {
            return well_formed(code).then(|| Self::Code(code.to_owned()));
        }
        let id = segment.parse::<i64>().ok().filter(|id| *id > 0)?;
        let code = code.map(str::trim).filter(|c| well_formed(c))?;
        Some(Self::Vehicle {
            id,
            code: code.to_owned(),
        })
    }

    fn code(&self) -> &str {
        match self {
            Self::Code(c) | Self::Vehicle { code: c, .. } => c,
        }
    }
}

/// The limits the wheel diagram colours by (the drive axle's thresholds, as the vehicle
/// panel uses).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WheelLimits {
    /// bar
    pub high_pressure: f64,
    /// bar
    pub low_pressure: f64,
    /// °C
    pub high_temp: f64,
}

/// An alarm not yet cleared, as the public page shows it.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SharedAlarm {
    pub position: i32,
    /// As `AlarmRow.kind`.
    pub kind: i16,
    pub level: i16,
    /// 0 active, 1 acknowledged.
    pub state: i16,
    pub value: Option<f64>,
    pub threshold: Option<f64>,
    pub started_at: DateTime<Utc>,
}

/// What a share link shows: the vehicle's public state (no enterprise, driver or device data).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SharedVehicle {
    pub vehicle_id: i64,
    pub plate: String,
    /// 0 motor vehicle, 1 trailer.
    pub kind: i16,
    pub axle_layout: String,
    /// The colony the page opens with (7 carries `?colony=7`).
    pub colony: Option<i64>,
    pub state: Option<StateOut>,
    pub wheels: Vec<WheelOut>,
    pub limits: WheelLimits,
    /// Alarms not yet cleared, most severe first.
    pub alarms: Vec<SharedAlarm>,
    pub expires_at: DateTime<Utc>,
}

/// The vehicle a link shows, or None when the link is unknown, expired, revoked, or its
/// vehicle has left the enterprise that shared it.
pub async fn resolve(
    db: &impl ConnectionTrait,
    r: &ShareRef,
) -> Result<Option<SharedVehicle>, AppError> {
    let now = Utc::now();
    let Some(share) = vehicle_share::Entity::find()
        .filter(vehicle_share::Column::Code.eq(r.code()))
        .filter(vehicle_share::Column::RevokedAt.is_null())
        .filter(vehicle_share::Column::ExpiresAt.gt(now))
        .one(db)
        .await?
    else {
        return Ok(None);
    };
    if matches!(r, ShareRef::Vehicle { id, .. } if *id != share.vehicle_id) {
        return Ok(None);
    }
    let Some(v) = vehicle::Entity::find_by_id(share.vehicle_id)
        .one(db)
        .await?
        .filter(|v| v.enterprise_id == share.enterprise_id)
    else {
        return Ok(None);
    };
    Ok(Some(shared_vehicle(db, v, share.expires_at).await?))
}

async fn shared_vehicle(
    db: &impl ConnectionTrait,
    v: vehicle::Model,
    expires_at: DateTime<Utc>,
) -> Result<SharedVehicle, AppError> {
    let state = vehicle_state::Entity::find_by_id(v.id).one(db).await?;
    let [_, drive, _] = effective_thresholds(db, v.enterprise_id).await?;
    let alarms = vehicle_alarm::Entity::find()
        .filter(vehicle_alarm::Column::VehicleId.eq(v.id))
        .filter(vehicle_alarm::Column::State.lt(CLEARED))
        .order_by_desc(vehicle_alarm::Column::Level)
        .order_by_desc(vehicle_alarm::Column::StartedAt)
        .all(db)
        .await?
        .into_iter()
        .map(|a| SharedAlarm {
            position: a.position,
            kind: a.kind,
            level: a.level,
            state: a.state,
            value: a.value,
            threshold: a.threshold,
            started_at: a.started_at,
        })
        .collect();
    Ok(SharedVehicle {
        vehicle_id: v.id,
        colony: colony_of(db, v.enterprise_id).await?,
        state: state.as_ref().map(StateOut::from_model),
        wheels: wheels(db, v.id).await?,
        limits: WheelLimits {
            high_pressure: drive.high_pressure,
            low_pressure: drive.low_pressure_warning,
            high_temp: drive.high_temperature,
        },
        alarms,
        expires_at,
        plate: v.plate,
        kind: v.kind,
        axle_layout: v.axle_layout,
    })
}

/// The refusal of the anonymous call for every link that shows nothing.
pub fn not_shared() -> AppError {
    AppError::fail(text!(
        "链接已过期或车辆未分享",
        "This link has expired or the vehicle is not shared"
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_both_link_forms() {
        assert_eq!(ShareRef::parse("Pabcdefghijk", None), None, "too short");
        let code = "abcdefghijkm";
        assert_eq!(
            ShareRef::parse(&format!("P{code}"), None),
            Some(ShareRef::Code(code.into()))
        );
        assert_eq!(
            ShareRef::parse("42", Some(code)),
            Some(ShareRef::Vehicle {
                id: 42,
                code: code.into()
            })
        );
        assert_eq!(ShareRef::parse("42", None), None);
        assert_eq!(ShareRef::parse("-1", Some(code)), None);
        assert_eq!(ShareRef::parse("P../../x", None), None);
    }

    #[test]
    fn codes_are_well_formed() {
        let code = new_code();
        assert_eq!(
            ShareRef::parse(&format!("P{code}"), None),
            Some(ShareRef::Code(code))
        );
    }
}
