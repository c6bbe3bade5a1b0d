//! Business rules, one module per area. Handlers call these; these never see HTTP.

pub mod authz;
pub mod brand;
pub mod dictionary;
pub mod files;
pub mod import;
pub mod oplog;
pub mod pages;
pub mod paging;
pub mod seed;
pub mod session;
pub mod wechat;
