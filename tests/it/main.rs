//! One test binary; a module per area.

mod authorization_matrix;
mod authz;
mod contract;
mod foundation;
mod pages;
mod session;
mod system;
