use std::sync::Arc;

use sea_orm::DatabaseConnection;

use domain::authz::Policies;
use domain::brand::Brands;
use domain::files::FileStore;
use domain::guard::LoginGuard;
use domain::live::hub::LiveHub;
use domain::pages::Pages;
use domain::principal::Principals;
use domain::qr::QrLogins;
use domain::rule::dispatcher::Push;
use domain::scope::TreeCache;
use domain::session::Tokens;
use domain::sms;
use domain::track::pois::PoiIndex;
use domain::vehicle::snapshot::FleetSnapshot;
use domain::wechat::WeChat;
use ingestion::ingest::Ingestor;
use kernel::changes::Changes;
use kernel::config::Config;

/// Everything a handler may need, cheap to clone.
#[derive(Clone)]
pub struct AppState {
    /// `public/` and the app build.
    pub assets: crate::Assets,
    pub db: DatabaseConnection,
    pub cfg: Arc<Config>,
    pub tokens: Tokens,
    /// Signed-in users' accounts and memberships, kept current by announced changes.
    pub principals: Principals,
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
    /// The MQTT console: what MQTT brought, subscriptions, routes, the publisher.
    pub mqtt: ingestion::mqtt_console::MqttConsole,
    /// Push rules, members' messages and webhooks: where alarm changes go.
    pub push: Push,
    /// The spatial index of points of interest.
    pub pois: PoiIndex,
}

impl AppState {
    /// Brings every cache in line with what a call's services announced they changed
    /// (`services::changes`), re-reading only what was named.
    pub async fn apply(&self, changes: &Changes) {
        if changes.all_users {
            self.principals.forget_all();
        } else {
            self.principals.forget(changes.users.iter().copied()).await;
        }
        if changes.reach {
            self.tree.invalidate();
        }
        if changes.reach || changes.all_users {
            self.fleet.forget_audiences();
        } else {
            self.fleet
                .forget_users(changes.users.iter().chain(&changes.follows).copied());
        }
        if changes.members {
            self.fleet.forget_members();
        }
        if changes.all_vehicles {
            self.fleet.invalidate();
        } else {
            self.fleet.touch(changes.vehicles.iter().copied());
        }
        if changes.pois {
            self.pois.invalidate();
        }
        if changes.pois || changes.routes {
            self.ingest.places().changed();
        }
        if changes.repeaters {
            self.fleet.repeaters_changed();
        }
        for imei in &changes.devices {
            self.ingest.forget_device(imei).await;
        }
        if changes.brands {
            self.pages.invalidate_all();
        }
        if changes.order_types {
            self.ingest.forget_order_types();
        }
    }
}
