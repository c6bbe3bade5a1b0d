//! Wheelend: the server and console of a chassis-safety and fleet platform.
//!
//! [`Application::build`] wires configuration, database, sessions and the SSR pool into one
//! axum app; `main.rs` and the integration tests both start it this way.

pub mod assets;
pub mod extract;
pub mod input;
pub mod openapi;
pub mod routes;
pub mod state;

use std::net::SocketAddr;
use std::path::Path;
use std::sync::Arc;
use std::time::Duration;

use anyhow::Context as _;
use axum::ServiceExt as _;
use rand::RngCore;
use secrecy::ExposeSecret;
use tokio::net::TcpListener;

pub use assets::Assets;
use domain::{authz::Policies, brand::Brands, pages::Pages, seed, session::Tokens};
pub use kernel::config::Config;
use kernel::db;
use state::AppState;

/// A built, not yet serving, application.
pub struct Application {
    listener: TcpListener,
    state: AppState,
    extra_routes: Option<axum::Router<AppState>>,
}

/// Parts a caller may supply instead of having them built from the configuration.
#[derive(Default)]
pub struct Overrides {
    /// Listen here (tests bind port 0) instead of `cfg.addr`.
    pub listener: Option<TcpListener>,
    /// Share an SSR pool (tests share one per process) instead of starting one.
    pub ssr: Option<ssr::SsrPool>,
    /// Extra routes merged into the app (tests use this to reach failure paths, e.g. a panic).
    pub extra_routes: Option<axum::Router<AppState>>,
}

impl Application {
    /// Connects, migrates, seeds, loads secrets and starts the SSR pool.
    ///
    /// # Errors
    /// Any start-up failure, with context saying which step.
    pub async fn build(cfg: Config, assets: Assets, overrides: Overrides) -> anyhow::Result<Self> {
        std::fs::create_dir_all(&cfg.data_dir)
            .with_context(|| format!("creating data dir {}", cfg.data_dir.display()))?;
        let db = prepare_database(&cfg).await?;

        let secret = jwt_secret(&cfg)?;
        let tokens = Tokens::new(&secret, cfg.token_ttl_secs, cfg.token_buffer_secs);
        let files = domain::files::FileStore::new(&cfg, &secret).context("the upload store")?;
        let wechat = domain::wechat::WeChat::from_settings(&cfg.wechat);
        tokens
            .load_revoked(&db)
            .await
            .context("loading revoked tokens")?;
        let policies = Policies::load(&db)
            .await
            .context("loading access policies")?;
        let brands = Brands::default();
        brands.load(&db).await.context("loading brand profiles")?;

        let pool = match overrides.ssr {
            Some(pool) => pool,
            None => start_ssr(&cfg, &assets)?,
        };
        let pages = Pages::new(
            pool,
            assets.manifest()?,
            Duration::from_secs(cfg.ssr.cache_ttl_secs),
        );
        let listener = match overrides.listener {
            Some(l) => l,
            None => TcpListener::bind(cfg.addr)
                .await
                .with_context(|| format!("binding {}", cfg.addr))?,
        };
        let live = domain::live::hub::LiveHub::new();
        let push = domain::rule::dispatcher::Push::start(db.clone(), live.clone(), &cfg.push);
        let fleet = domain::vehicle::snapshot::FleetSnapshot::start(db.clone(), &live);
        let mqtt = ingestion::mqtt_console::MqttConsole::new(&cfg);
        let state = AppState {
            assets,
            db: db.clone(),
            cfg: Arc::new(cfg),
            tokens,
            principals: domain::principal::Principals::new(db.clone()),
            policies,
            brands,
            pages,
            guard: domain::guard::LoginGuard::default(),
            tree: domain::scope::TreeCache::default(),
            fleet: fleet.clone(),
            qr: domain::qr::QrLogins::default(),
            sms: Arc::new(domain::sms::LogSender),
            files,
            wechat,
            ingest: ingestion::ingest::Ingestor::start(
                db.clone(),
                live.clone(),
                push.feed(),
                fleet,
            ),
            live,
            push,
            pois: domain::track::pois::PoiIndex::default(),
            mqtt,
        };
        ingestion::mqtt::start(&state.cfg, &state.ingest, &state.mqtt)?;
        state
            .mqtt
            .start(&db)
            .await
            .context("starting the MQTT console")?;
        use domain::retention;
        retention::daily(
            db.clone(),
            "history",
            state.cfg.history_retention_days,
            |db, before| async move { domain::vehicle::history::prune(&db, before).await },
        );
        let audit_days = state.cfg.operation_log_retention_days;
        retention::daily(
            db.clone(),
            "operation log",
            audit_days,
            |db, before| async move { domain::oplog::prune(&db, before).await },
        );
        retention::daily(
            db.clone(),
            "sign-ins",
            audit_days,
            |db, before| async move { domain::signins::prune(&db, before).await },
        );
        // Account cancellations whose cooling-off period is over (docs/site-pages.md).
        retention::daily(db.clone(), "account cancellations", 1, |db, _| async move {
            domain::cancellation::settle_due(&db, chrono::Utc::now()).await
        });
        // Notice plans' runs and overdue orders, once a minute.
        domain::work::informs::every_minute(db.clone());
        // Periodic reports to their subscribers once their period has closed.
        domain::report::periodic::delivery::every_minute(
            db.clone(),
            state.live.clone(),
            domain::report::periodic::ReportFiles::from_config(&state.cfg),
        );
        // Trips and mileage of finished days, kept as history changes.
        domain::vehicle::days::follow(
            db.clone(),
            Duration::from_secs(state.cfg.days_follower_secs),
        );
        kernel::db::keep_statistics(db.clone(), Duration::from_secs(3600));
        if state.cfg.simulate {
            ingestion::demo::start_in_process(
                &db,
                state.ingest.clone(),
                state.cfg.simulate_vehicles,
                Duration::from_secs(state.cfg.simulate_interval_secs),
            )
            .await
            .context("starting the demo fleet simulator")?;
        }
        Ok(Self {
            listener,
            state,
            extra_routes: overrides.extra_routes,
        })
    }

    /// Reads the fleet snapshot, the devices and the ingestion writer's vehicles now, in the
    /// background, so the first map and the first reports after a restart do not wait for
    /// them (tests leave it out: they seed the database after building the app).
    pub fn warm_up(&self) {
        let fleet = self.state.fleet.clone();
        let ingest = self.state.ingest.clone();
        tokio::spawn(async move {
            let started = std::time::Instant::now();
            match tokio::join!(fleet.preload(), ingest.preload()) {
                (Ok(()), Ok(devices)) => tracing::info!(
                    devices,
                    took = ?started.elapsed(),
                    "fleet and devices read"
                ),
                (fleet, devices) => tracing::warn!(
                    fleet = ?fleet.err(),
                    devices = ?devices.err(),
                    "reading the fleet at start"
                ),
            }
        });
    }

    pub fn local_addr(&self) -> SocketAddr {
        self.listener
            .local_addr()
            .expect("a bound listener has an address")
    }

    pub fn state(&self) -> &AppState {
        &self.state
    }

    /// Serves until the process is stopped.
    ///
    /// # Errors
    /// When accepting connections fails.
    pub async fn run_until_stopped(self) -> std::io::Result<()> {
        let app = routes::app(self.state, self.extra_routes);
        axum::serve(
            self.listener,
            app.into_make_service_with_connect_info::<SocketAddr>(),
        )
        .with_graceful_shutdown(shutdown_signal())
        .await
    }
}

/// Connects, migrates and seeds; prints a generated admin password once.
///
/// # Errors
/// Connection, migration or seed failure.
pub async fn prepare_database(cfg: &Config) -> anyhow::Result<sea_orm::DatabaseConnection> {
    let url = cfg.database_url.as_ref().map_or_else(
        || db::default_url(&cfg.data_dir),
        |u| u.expose_secret().to_owned(),
    );
    let db = db::connect(&url)
        .await
        .context("connecting to the database")?;
    db::migrate(&db).await.context("migrating the database")?;
    let admin_password = cfg
        .admin_password
        .as_ref()
        .map(|p| p.expose_secret().to_owned());
    let registry = domain::authz::registry(&openapi::spec());
    let report = seed::run(&db, admin_password.as_deref(), &registry)
        .await
        .context("seeding")?;
    if let Some(password) = report.generated_admin_password {
        let file = cfg.data_dir.join("admin-password.txt");
        write_private(&file, password.as_bytes())?;
        println!(
            "Created the super admin `admin` with password {password} (also in {})",
            file.display()
        );
    }
    Ok(db)
}

/// The configured JWT key, else the per-install key in the data dir (created on first start).
fn jwt_secret(cfg: &Config) -> anyhow::Result<Vec<u8>> {
    if let Some(secret) = &cfg.jwt_secret {
        return Ok(secret.expose_secret().as_bytes().to_vec());
    }
    let file = cfg.data_dir.join("jwt-secret");
    if let Ok(existing) = std::fs::read_to_string(&file) {
        return hex::decode(existing.trim()).context("the jwt-secret file is not hex");
    }
    let mut key = vec![0u8; 64];
    rand::rng().fill_bytes(&mut key);
    write_private(&file, hex::encode(&key).as_bytes())?;
    Ok(key)
}

fn write_private(path: &Path, contents: &[u8]) -> anyhow::Result<()> {
    use std::io::Write as _;
    #[cfg(unix)]
    use std::os::unix::fs::OpenOptionsExt as _;
    let mut opts = std::fs::OpenOptions::new();
    opts.write(true).create(true).truncate(true);
    #[cfg(unix)]
    opts.mode(0o600);
    let mut f = opts
        .open(path)
        .with_context(|| format!("writing {}", path.display()))?;
    f.write_all(contents)?;
    Ok(())
}

/// Starts the render pool on the built-in bundle (or `cfg.ssr.bundle`).
///
/// # Errors
/// When the bundle cannot be read or does not evaluate.
pub fn start_ssr(cfg: &Config, assets: &Assets) -> anyhow::Result<ssr::SsrPool> {
    let bundle = match &cfg.ssr.bundle {
        Some(path) => std::fs::read_to_string(path)
            .with_context(|| format!("reading SSR bundle {}", path.display()))?,
        None => assets.ssr_bundle()?,
    };
    let defaults = ssr::SsrConfig::default();
    let pool_cfg = ssr::SsrConfig {
        workers: cfg.ssr.workers.unwrap_or(defaults.workers),
        deadline: Duration::from_millis(cfg.ssr.deadline_ms),
        memory_limit: cfg.ssr.memory_mb * 1024 * 1024,
        queue: cfg.ssr.queue,
        ..defaults
    };
    ssr::SsrPool::new(bundle, pool_cfg).context("starting the SSR pool")
}

async fn shutdown_signal() {
    let ctrl_c = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let terminate = async {
        if let Ok(mut s) = tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate())
        {
            s.recv().await;
        }
    };
    #[cfg(not(unix))]
    let terminate = std::future::pending::<()>();
    tokio::select! {
        () = ctrl_c => {},
        () = terminate => {},
    }
}
