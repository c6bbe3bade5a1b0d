//! One test binary; a module per area.

mod authorization_matrix;
mod authz;
mod contract;
mod device;
mod durability;
mod enterprise;
mod foundation;
mod isolation;
mod live;
mod mqtt;
mod pages;
mod session;
mod simulator;
mod system;
mod telemetry;
mod vehicle;
mod vehicle_history;
mod work;
