//! The live fleet: what consoles are told as it happens. Ingestion publishes vehicle updates
//! and alarms to the [`LiveHub`]; each websocket connection forwards the events its scope may
//! see.

pub mod hub;
