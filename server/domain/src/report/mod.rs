//! Area `report`, the live logs: alarm incidents, the tyre pressure and temperature log, and the
//! reports each device sent (accepted and refused); and the fleet reports over finished days
//! (`rollups`). Every query goes through the caller's
//! [`Scope`](crate::scope::Scope); values are bar and °C as stored.

pub mod incidents;
pub mod reads;
pub mod rollups;
pub mod tpms;
