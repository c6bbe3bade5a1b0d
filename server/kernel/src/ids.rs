//! Ids the product relies on: the platform and demo enterprises and the built-in roles
//! (console-spec §6). The seed creates them; rules compare against them.

/// Enterprise id of the platform operator (console-spec §6: roles 999/666 in it are staff).
pub const PLATFORM_ENTERPRISE: i64 = 1013;
pub const DEMO_ENTERPRISE: i64 = 1014;
pub const DEMO_BRANCH: i64 = 1015;
/// A second demo tree: a tyre-service provider with custody of the demo fleet's vehicles.
pub const DEMO_SERVICE: i64 = 1016;
/// The sample fleet (`is_sample`): all the visitor account sees.
pub const SAMPLE_ENTERPRISE: i64 = 1017;
/// The demo cluster; colony 7 is the trusteeship (`/captain`) brand (console-spec §9).
pub const DEMO_CLUSTER: i64 = 7;

pub const ROLE_SUPER_ADMIN: i64 = 888;
pub const ROLE_PLATFORM_OPERATOR: i64 = 999;
pub const ROLE_PLATFORM_SUPPORT: i64 = 666;
pub const ROLE_ENTERPRISE_ADMIN: i64 = 100;
pub const ROLE_ENTERPRISE_MEMBER: i64 = 101;
pub const ROLE_SERVICE_PROVIDER: i64 = 200;
pub const ROLE_CLUSTER_SUPERVISOR: i64 = 300;
pub const ROLE_VISITOR: i64 = 777;
