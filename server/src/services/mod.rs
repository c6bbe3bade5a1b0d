//! Business rules, one module per area. Handlers call these; these never see HTTP.

pub mod brand;
pub mod pages;
pub mod seed;
pub mod session;
