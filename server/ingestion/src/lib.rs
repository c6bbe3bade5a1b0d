//! Telemetry from devices: the report format shared by the HTTP and MQTT paths, its checks, the
//! writer that turns reports into stored readings, alarms and live events, the MQTT listener,
//! the simulator that drives a demo fleet through the same paths, and ingestion's own counts.
//! It sits above `domain` (it raises alarms and records history through the areas' rules);
//! nothing in `domain` depends on it.

pub mod conditions;
pub mod demo;
pub mod drive;
pub mod ingest;
pub mod mqtt;
pub mod mqtt_console;
pub mod rejects;
pub mod report;
pub mod simulator;
pub mod summary;
