//! One test binary; a module per area.

mod foundation;
mod pages;
