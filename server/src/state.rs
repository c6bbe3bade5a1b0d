use std::sync::Arc;

use sea_orm::DatabaseConnection;

use crate::config::Config;
use crate::services::authz::Policies;
use crate::services::brand::Brands;
use crate::services::files::FileStore;
use crate::services::guard::LoginGuard;
use crate::services::live::hub::LiveHub;
use crate::services::pages::Pages;
use crate::services::qr::QrLogins;
use crate::services::rule::dispatcher::Push;
use crate::services::scope::TreeCache;
use crate::services::session::Tokens;
use crate::services::sms;
use crate::services::telemetry::ingest::Ingestor;
use crate::services::vehicle::snapshot::FleetSnapshot;
use crate::services::wechat::WeChat;

/// Everything a handler may need, cheap to clone.
#[derive(Clone)]
pub struct AppState {
    pub db: DatabaseConnection,
    pub cfg: Arc<Config>,
    pub tokens: Tokens,
    pub policies: Policies,
    pub brands: Brands,
    pub pages: Pages,
    pub guard: LoginGuard,
    pub tree: TreeCache,
    /// The fleet in memory for the map feed and the state counters.
    pub fleet: FleetSnapshot,
    pub qr: QrLogins,
    pub sms: sms::Sender,
    pub files: FileStore,
    pub wechat: WeChat,
    pub live: LiveHub,
    pub ingest: Ingestor,
    /// Push rules, members' messages and webhooks: where alarm changes go.
    pub push: Push,
}

impl AppState {
    /// Call after a change to who sees what (the enterprise tree, clusters, relations and the
    /// vehicles they cover): drops the cached reach sets and reloads the fleet snapshot, so
    /// access granted or taken away shows at once.
    pub fn scope_changed(&self) {
        self.tree.invalidate();
        self.fleet.invalidate();
    }
}
