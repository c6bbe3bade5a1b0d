//! What every part of the server builds on: the error type and wire envelope, the two
//! languages, the database connection, configuration, paging and search helpers, field
//! validation, announced changes and the ids the product relies on. Nothing here
//! knows an area's rules.

pub mod changes;
pub mod config;
pub mod db;
pub mod error;
pub mod gzip;
pub mod i18n;
pub mod ids;
pub mod numbering;
pub mod paging;
pub mod search;
pub mod validate;
