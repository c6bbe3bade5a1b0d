//! Business rules, one module per area. Handlers call these; these never see HTTP.

pub mod authz;
pub mod brand;
pub mod menu;
pub mod menu_seed;
pub mod oplog;
pub mod pages;
pub mod paging;
pub mod seed;
pub mod session;
