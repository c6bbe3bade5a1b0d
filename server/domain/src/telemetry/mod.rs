//! Telemetry from devices: the report format shared by the HTTP and MQTT paths, its checks,
//! and the simulator that drives a demo fleet through the same paths.

pub mod conditions;
pub mod demo;
pub mod ingest;
pub mod keys;
pub mod mqtt;
pub mod rejects;
pub mod report;
pub mod simulator;
