//! How a write tells the caches what it changed. A service that changes data calls
//! [`announce`] where it changes it; the request's announcements are handed to
//! the server's `AppState::apply` once the call has answered, and each
//! cache re-reads only what was named. Reads and sign-ins announce nothing.
//!
//! Announcements are collected per request (a task-local set up around every call), so a
//! service needs no handle to the caches. Outside a call (the simulator, ingestion) there is
//! nothing to collect: those writers feed the caches through live events instead.

use std::cell::RefCell;
use std::collections::BTreeSet;

/// What a write changed.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct Changes {
    /// Vehicles whose record, group, receiver or trailer changed, or that were deleted.
    pub vehicles: BTreeSet<i64>,
    /// Every vehicle may have changed (imports, enterprise deletion, upgrades).
    pub all_vehicles: bool,
    /// Devices (by IMEI) whose record or key changed: ingestion's device cache forgets them.
    pub devices: BTreeSet<String>,
    /// The receiver/repeater tree changed (repeater counts on the map).
    pub repeaters: bool,
    /// Who sees what: the enterprise tree, clusters, relations, invitations, trusteeships.
    pub reach: bool,
    /// Users whose account, active role, current enterprise or memberships changed.
    pub users: BTreeSet<i64>,
    /// Every user may have changed (a role or an enterprise was deleted).
    pub all_users: bool,
    /// Users whose followed vehicles changed.
    pub follows: BTreeSet<i64>,
    /// Which members are responsible for which vehicles changed.
    pub members: bool,
    /// Hostname brands (the page cache renders with them).
    pub brands: bool,
    /// Work order types (the rules that open orders from alarms).
    pub order_types: bool,
    /// Points of interest and geofences (their spatial index).
    pub pois: bool,
    /// Routes or the vehicles on them (route matching).
    pub routes: bool,
}

/// One thing a write changed, as a service names it.
#[derive(Debug, Clone)]
pub enum Change {
    Vehicles(Vec<i64>),
    AllVehicles,
    Devices(Vec<String>),
    Repeaters,
    Reach,
    Users(Vec<i64>),
    AllUsers,
    Follows(Vec<i64>),
    Members,
    Brands,
    OrderTypes,
    Pois,
    Routes,
}

impl Changes {
    pub fn is_empty(&self) -> bool {
        *self == Self::default()
    }

    fn add(&mut self, change: Change) {
        match change {
            Change::Vehicles(ids) => self.vehicles.extend(ids),
            Change::AllVehicles => self.all_vehicles = true,
            Change::Devices(imeis) => self.devices.extend(imeis),
            Change::Repeaters => self.repeaters = true,
            Change::Reach => self.reach = true,
            Change::Users(ids) => self.users.extend(ids),
            Change::AllUsers => self.all_users = true,
            Change::Follows(ids) => self.follows.extend(ids),
            Change::Members => self.members = true,
            Change::Brands => self.brands = true,
            Change::OrderTypes => self.order_types = true,
            Change::Pois => self.pois = true,
            Change::Routes => self.routes = true,
        }
    }
}

tokio::task_local! {
    static PENDING: RefCell<Changes>;
}

/// Records that the current call changed `change`. Caches hear of it once the call has
/// answered, after its commit; a rolled-back change costs only a needless re-read.
pub fn announce(change: Change) {
    // Outside a call there is no collector; see the module's note.
    let _ = PENDING.try_with(|pending| pending.borrow_mut().add(change));
}

/// Runs `call`, collecting what it announces.
pub async fn collect<F: Future>(call: F) -> (F::Output, Changes) {
    PENDING
        .scope(RefCell::new(Changes::default()), async move {
            let out = call.await;
            (out, PENDING.with(|pending| pending.take()))
        })
        .await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn a_call_collects_what_its_services_announce() {
        let ((), changes) = collect(async {
            announce(Change::Vehicles(vec![3, 1]));
            announce(Change::Users(vec![7]));
            announce(Change::Vehicles(vec![3]));
        })
        .await;
        assert_eq!(changes.vehicles, BTreeSet::from([1, 3]));
        assert_eq!(changes.users, BTreeSet::from([7]));
        assert!(!changes.reach);
    }

    #[tokio::test]
    async fn outside_a_call_announcing_is_harmless() {
        announce(Change::Reach);
        let ((), changes) = collect(async {}).await;
        assert!(changes.is_empty());
    }
}
