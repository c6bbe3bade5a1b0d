//! Business rules, one module per area. Handlers call these; these never see HTTP.

pub mod authz;
pub mod brand;
pub mod device;
pub mod dictionary;
pub mod enterprise;
pub mod files;
pub mod guard;
pub mod import;
pub mod live;
pub mod menu;
pub mod menu_seed;
pub mod oplog;
pub mod pages;
pub mod paging;
pub mod qr;
pub mod report;
pub mod rule;
pub mod scope;
pub mod seed;
pub mod session;
pub mod sms;
pub mod telemetry;
pub mod users;
pub mod vehicle;
pub mod wechat;
pub mod work;
