//! One test binary; a module per area.

mod audit;
mod authorization_matrix;
mod authz;
mod bad_input;
mod contract;
mod core;
mod device;
mod durability;
mod edge;
mod enterprise;
mod foundation;
mod isolation;
mod live;
mod mqtt;
mod pages;
mod report;
mod rule;
mod session;
mod share;
mod simulator;
mod system;
mod telemetry;
mod upgrade;
mod vehicle;
mod vehicle_history;
mod work;
