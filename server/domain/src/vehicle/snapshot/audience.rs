//! Who a fleet answer is for, resolved once per user and filter and kept until a write
//! announces that it changed: the vehicles the caller's scope and relations reach, the
//! enterprise and member filters, and the caller's follows. Resolving takes queries; the map
//! and the counters are asked every few seconds by every console.

use std::collections::{BTreeSet, HashSet};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use entities::{vehicle_follower, vehicle_member};
use sea_orm::{ColumnTrait, DatabaseConnection, EntityTrait, QueryFilter, QuerySelect};

use super::FleetRow;
use crate::scope::{Scope, VehicleVisibility};
use crate::vehicle::fleet::FleetFilter;
use kernel::error::AppError;

/// Which vehicles an answer covers. Callers with equal reach get the same vehicles, so the
/// compressed feed is kept per reach, not per user.
#[derive(Debug, PartialEq, Eq, Hash)]
pub(super) struct Reach {
    vehicles: VehicleVisibility,
    enterprise: Option<i64>,
    /// Only these vehicles (a member's), when asked.
    only: Option<BTreeSet<i64>>,
}

impl Reach {
    pub(super) fn sees(&self, row: &FleetRow) -> bool {
        self.vehicles.sees(row.id, row.enterprise_id)
            && self.enterprise.is_none_or(|e| e == row.enterprise_id)
            && self.only.as_ref().is_none_or(|o| o.contains(&row.id))
    }
}

/// A caller's reach and follows.
pub(super) struct Audience {
    pub(super) reach: Arc<Reach>,
    followed: HashSet<i64>,
    /// The snapshot version when this was resolved: a delta from an older version may have
    /// been computed for another reach.
    pub(super) resolved_at: u64,
}

impl Audience {
    pub(super) fn sees(&self, row: &FleetRow) -> bool {
        self.reach.sees(row)
    }

    pub(super) fn follows(&self, vehicle: i64) -> bool {
        self.followed.contains(&vehicle)
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
struct Key {
    user: i64,
    enterprise: Option<i64>,
    member: Option<i64>,
}

/// Resolved audiences by user and filter.
pub(super) struct Audiences {
    cache: moka::sync::Cache<Key, Arc<Audience>>,
    /// Bumped by every forget: an audience resolved across one is not kept.
    generation: AtomicU64,
}

impl Default for Audiences {
    fn default() -> Self {
        Self {
            cache: moka::sync::Cache::builder()
                .max_capacity(20_000)
                .time_to_idle(Duration::from_secs(600))
                .support_invalidation_closures()
                .build(),
            generation: AtomicU64::new(0),
        }
    }
}

impl Audiences {
    /// The caller's audience for `filter`, from the cache when its scope still matches.
    pub(super) async fn resolve(
        &self,
        db: &DatabaseConnection,
        scope: &Scope,
        filter: FleetFilter,
        version: u64,
    ) -> Result<Arc<Audience>, AppError> {
        let enterprise = filter.enterprise_id.filter(|e| *e != 0);
        if let Some(e) = enterprise {
            scope.require(e)?;
        }
        let key = Key {
            user: scope.user.id,
            enterprise,
            member: filter.member_id.filter(|u| *u != 0),
        };
        if let Some(known) = self.cache.get(&key)
            && known.reach.vehicles.resolved_for(scope)
        {
            return Ok(known);
        }
        let generation = self.generation.load(Ordering::Acquire);
        let audience = Arc::new(read(db, scope, key, version).await?);
        if self.generation.load(Ordering::Acquire) == generation {
            self.cache.insert(key, Arc::clone(&audience));
        }
        Ok(audience)
    }

    pub(super) fn forget_all(&self) {
        self.generation.fetch_add(1, Ordering::AcqRel);
        self.cache.invalidate_all();
    }

    pub(super) fn forget_users(&self, users: impl IntoIterator<Item = i64>) {
        let users: HashSet<i64> = users.into_iter().collect();
        if users.is_empty() {
            return;
        }
        self.generation.fetch_add(1, Ordering::AcqRel);
        self.cache
            .invalidate_entries_if(move |key, _| users.contains(&key.user))
            .expect("the cache supports invalidation closures");
    }

    pub(super) fn forget_member_filters(&self) {
        self.generation.fetch_add(1, Ordering::AcqRel);
        self.cache
            .invalidate_entries_if(|key, _| key.member.is_some())
            .expect("the cache supports invalidation closures");
    }
}

async fn read(
    db: &DatabaseConnection,
    scope: &Scope,
    key: Key,
    version: u64,
) -> Result<Audience, AppError> {
    let vehicles = scope.vehicle_visibility(db).await?;
    let followed: HashSet<i64> = vehicle_follower::Entity::find()
        .select_only()
        .column(vehicle_follower::Column::VehicleId)
        .filter(vehicle_follower::Column::UserId.eq(scope.user.id))
        .into_tuple::<i64>()
        .all(db)
        .await?
        .into_iter()
        .collect();
    let only = match key.member {
        Some(uid) => Some(
            vehicle_member::Entity::find()
                .select_only()
                .column(vehicle_member::Column::VehicleId)
                .filter(vehicle_member::Column::UserId.eq(uid))
                .into_tuple::<i64>()
                .all(db)
                .await?
                .into_iter()
                .collect(),
        ),
        None => None,
    };
    Ok(Audience {
        reach: Arc::new(Reach {
            vehicles,
            enterprise: key.enterprise,
            only,
        }),
        followed,
        resolved_at: version,
    })
}
