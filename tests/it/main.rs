//! One test binary; a module per area.

mod contract;
mod foundation;
mod pages;
mod system;
