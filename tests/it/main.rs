//! One test binary; a module per area.

mod authorization_matrix;
mod authz;
mod contract;
mod enterprise;
mod foundation;
mod isolation;
mod pages;
mod session;
mod system;
