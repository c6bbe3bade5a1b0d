//! One test binary; a module per area.

mod contract;
mod enterprise;
mod foundation;
mod isolation;
mod pages;
mod session;
