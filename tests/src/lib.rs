//! Test harness: [`spawn_app`] starts the real application on port 0 with a fresh database
//! (a SQLite file in a temp dir, or a new PostgreSQL database when `TEST_DATABASE_URL` is set)
//! and returns a [`TestApp`] whose typed client speaks the `{code, data, msg}` envelope.

use std::sync::OnceLock;

mod calls;
pub mod fleet;
pub mod tenants;
pub mod ws;

use reqwest::StatusCode;
use reqwest::header::HeaderMap;
use sea_orm::{ConnectionTrait, Database};
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use wheelend::{Application, Config, Overrides};

pub use serde_json::json;

pub const ADMIN_PASSWORD: &str = "test-admin-password";

/// `public/` and the app build read from disk. The binary embeds the same folders (crate
/// `assets`); the tests do not depend on that crate so a front-end edit does not rebuild them
/// (rust-embed reads folders at run time in debug builds).
#[derive(rust_embed::RustEmbed)]
#[folder = "../public"]
struct Public;

#[derive(rust_embed::RustEmbed)]
#[folder = "../app/dist"]
#[include = "ssr.js"]
#[include = "manifest.json"]
struct AppDist;

pub fn assets() -> wheelend::Assets {
    wheelend::Assets::of::<Public, AppDist>()
}

/// One SSR pool per test process: starting QuickJS workers per test would dominate run time.
fn shared_ssr() -> ssr::SsrPool {
    static POOL: OnceLock<ssr::SsrPool> = OnceLock::new();
    POOL.get_or_init(|| {
        let cfg = base_config(std::path::Path::new("."));
        wheelend::start_ssr(&cfg, &assets()).expect("the SSR pool starts on the built bundle")
    })
    .clone()
}

fn base_config(data_dir: &std::path::Path) -> Config {
    Config::figment()
        .merge(("data_dir", data_dir.display().to_string()))
        .merge(("admin_password", ADMIN_PASSWORD))
        .merge(("simulate", false))
        // Tests that need finished days derived call `domain::vehicle::days` themselves.
        .merge(("days_follower_secs", 0))
        // Tests that speak MQTT pick a free port (or broker) themselves.
        .merge(("mqtt_port", 0))
        .merge(("ssr.workers", 2))
        // Every test client is 127.0.0.1: budgets no test reaches unless it lowers them.
        .merge(("rate_limit_per_ip", 1_000_000))
        .merge(("rate_limit_burst", 1_000_000))
        .merge(("visitor_rate_limit", 1_000_000))
        .merge(("visitor_rate_burst", 1_000_000))
        .extract()
        .expect("test configuration is valid")
}

/// Options for [`spawn_app_with`].
#[derive(Default)]
pub struct Spawn {
    /// Adjusts the configuration before the app is built.
    pub configure: Option<Box<dyn FnOnce(Config) -> Config + Send>>,
    /// Start a dedicated SSR pool from the (configured) bundle instead of the shared one.
    pub own_ssr: bool,
    /// Routes merged into the app, to reach failure paths no real call has.
    pub extra_routes: Option<axum::Router<wheelend::state::AppState>>,
    /// Reuse this data dir and database (a restart) instead of fresh ones.
    pub reuse: Option<(std::path::PathBuf, Option<String>)>,
}

pub struct TestApp {
    pub base: String,
    pub client: reqwest::Client,
    /// Owned (and removed at the end) unless this app is a restart of another.
    pub data_dir: Option<tempfile::TempDir>,
    pub data_path: std::path::PathBuf,
    pub state: wheelend::state::AppState,
    _postgres: Option<PgDatabase>,
    database_url: Option<String>,
}

/// Starts the app with defaults.
pub async fn spawn_app() -> TestApp {
    spawn_app_with(Spawn::default()).await
}

pub async fn spawn_app_with(spawn: Spawn) -> TestApp {
    // Quiet unless asked: `TEST_LOG=debug cargo test …`.
    if let Ok(filter) = std::env::var("TEST_LOG") {
        let _ = tracing_subscriber::fmt()
            .with_env_filter(filter)
            .with_test_writer()
            .try_init();
    }
    let (data_dir, data_path, postgres, database_url) = match spawn.reuse {
        Some((path, url)) => (None, path, None, url),
        None => {
            let dir = tempfile::tempdir().expect("temp dir");
            let path = dir.path().to_path_buf();
            let pg = match std::env::var("TEST_DATABASE_URL") {
                Ok(server) if !server.is_empty() => Some(PgDatabase::create(&server).await),
                _ => None,
            };
            let url = pg.as_ref().map(|p| p.url.clone());
            (Some(dir), path, pg, url)
        }
    };
    let mut cfg = base_config(&data_path);
    cfg.database_url = database_url.clone().map(Into::into);
    if let Some(configure) = spawn.configure {
        cfg = configure(cfg);
    }
    let ssr = if spawn.own_ssr {
        wheelend::start_ssr(&cfg, &assets()).expect("SSR pool")
    } else {
        shared_ssr()
    };
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .expect("bind port 0");
    let overrides = Overrides {
        listener: Some(listener),
        ssr: Some(ssr),
        extra_routes: spawn.extra_routes,
    };
    let app = Application::build(cfg, assets(), overrides)
        .await
        .expect("the app builds");
    let base = format!("http://{}", app.local_addr());
    let state = app.state().clone();
    tokio::spawn(app.run_until_stopped());
    let client = reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .expect("http client");
    TestApp {
        base,
        client,
        data_dir,
        data_path,
        state,
        _postgres: postgres,
        database_url,
    }
}

/// A parsed envelope; `data` stays JSON unless asked for as a type.
#[derive(Debug, Deserialize, Serialize, Clone)]
pub struct Envelope<T = Value> {
    pub code: i32,
    pub data: T,
    pub msg: String,
}

/// An answer with its HTTP parts.
#[derive(Debug)]
pub struct Answer {
    pub status: StatusCode,
    pub headers: HeaderMap,
    pub text: String,
}

impl Answer {
    /// The body as an envelope; panics (failing the test) when it is not one.
    pub fn envelope(&self) -> Envelope {
        self.typed()
    }

    pub fn typed<T: DeserializeOwned>(&self) -> Envelope<T> {
        serde_json::from_str(&self.text)
            .unwrap_or_else(|e| panic!("not an envelope ({e}): HTTP {} {}", self.status, self.text))
    }

    /// Asserts HTTP 200 and code 0, returning `data`.
    pub fn ok(&self) -> Value {
        let env = self.envelope();
        assert_eq!(
            (self.status, env.code),
            (StatusCode::OK, 0),
            "expected success, got {}",
            self.text
        );
        env.data
    }

    /// Asserts HTTP 200 with the given code, returning the message.
    pub fn code(&self, code: i32) -> String {
        let env = self.envelope();
        assert_eq!(
            (self.status, env.code),
            (StatusCode::OK, code),
            "expected code {code}, got {}",
            self.text
        );
        env.msg
    }
}

impl TestApp {
    pub fn url(&self, path: &str) -> String {
        format!("{}{path}", self.base)
    }

    pub async fn send(&self, req: reqwest::RequestBuilder) -> Answer {
        let res = req.send().await.expect("the server answers");
        let status = res.status();
        let headers = res.headers().clone();
        let text = res.text().await.expect("a body");
        Answer {
            status,
            headers,
            text,
        }
    }

    /// POST a JSON body, optionally signed in. The request is built at once, so the future
    /// borrows only the app (closures may build bodies on the fly).
    pub fn post<'a>(
        &'a self,
        path: &str,
        body: &Value,
        token: Option<&str>,
    ) -> impl Future<Output = Answer> + use<'a> {
        let mut req = self.client.post(self.url(path)).json(body);
        if let Some(t) = token {
            req = req.header("x-token", t);
        }
        self.send(req)
    }

    pub fn get<'a>(
        &'a self,
        path: &str,
        token: Option<&str>,
    ) -> impl Future<Output = Answer> + use<'a> {
        let mut req = self.client.get(self.url(path));
        if let Some(t) = token {
            req = req.header("x-token", t);
        }
        self.send(req)
    }

    /// PUT a JSON body, optionally signed in.
    pub fn put<'a>(
        &'a self,
        path: &str,
        body: &Value,
        token: Option<&str>,
    ) -> impl Future<Output = Answer> + use<'a> {
        self.call("PUT", path, body, token, &[])
    }

    /// DELETE with a JSON body, optionally signed in.
    pub fn delete<'a>(
        &'a self,
        path: &str,
        body: &Value,
        token: Option<&str>,
    ) -> impl Future<Output = Answer> + use<'a> {
        self.call("DELETE", path, body, token, &[])
    }

    /// Any call: for GET the body's fields become the query string, otherwise it is sent as
    /// JSON; `headers` are added (e.g. `x-ent-id`).
    pub fn call<'a>(
        &'a self,
        method: &str,
        path: &str,
        body: &Value,
        token: Option<&str>,
        headers: &[(&str, &str)],
    ) -> impl Future<Output = Answer> + use<'a> {
        let method = reqwest::Method::from_bytes(method.as_bytes()).expect("an HTTP method");
        let mut req = if method == reqwest::Method::GET {
            let query: Vec<(String, String)> = body
                .as_object()
                .map(|o| {
                    o.iter()
                        .map(|(k, v)| {
                            let v = match v {
                                Value::String(s) => s.clone(),
                                other => other.to_string(),
                            };
                            (k.clone(), v)
                        })
                        .collect()
                })
                .unwrap_or_default();
            self.client.get(self.url(path)).query(&query)
        } else {
            self.client.request(method, self.url(path)).json(body)
        };
        if let Some(t) = token {
            req = req.header("x-token", t);
        }
        for (k, v) in headers {
            req = req.header(*k, *v);
        }
        self.send(req)
    }

    /// Signs in and returns the token.
    pub async fn login(&self, username: &str, password: &str) -> String {
        let data = self
            .post(
                "/api/base/login",
                &json!({"type": "password", "username": username, "password": password}),
                None,
            )
            .await
            .ok();
        data["token"]
            .as_str()
            .expect("login returns a token")
            .to_owned()
    }

    /// Signs in as the built-in visitor and returns the token.
    pub async fn visitor_token(&self) -> String {
        let data = self
            .post("/api/base/login", &json!({"type": "visitorLogin"}), None)
            .await
            .ok();
        data["token"].as_str().expect("a token").to_owned()
    }

    pub async fn admin_token(&self) -> String {
        self.login("admin", ADMIN_PASSWORD).await
    }

    /// A page as a browser would ask for it.
    pub async fn page(&self, path: &str, host: &str, lang_cookie: Option<&str>) -> Answer {
        let mut req = self.client.get(self.url(path)).header("host", host);
        if let Some(lang) = lang_cookie {
            req = req.header("cookie", format!("lang={lang}"));
        }
        self.send(req).await
    }

    pub fn is_postgres(&self) -> bool {
        self.database_url.is_some()
    }

    /// The PostgreSQL database of this app; `None` on SQLite (the file in the data dir).
    pub fn database_url(&self) -> Option<&str> {
        self.database_url.as_deref()
    }

    /// A second server on the same data dir and database, as after a restart.
    pub async fn restart(&self) -> TestApp {
        self.restart_with(Spawn::default()).await
    }

    /// [`Self::restart`] with options (`reuse` is set here).
    pub async fn restart_with(&self, spawn: Spawn) -> TestApp {
        spawn_app_with(Spawn {
            reuse: Some((self.data_path.clone(), self.database_url.clone())),
            ..spawn
        })
        .await
    }
}

/// A throwaway PostgreSQL database, dropped when the test ends.
struct PgDatabase {
    server: String,
    name: String,
    url: String,
}

impl PgDatabase {
    async fn create(server: &str) -> Self {
        let name = format!("wheelend_t_{}", uuid::Uuid::new_v4().simple());
        let admin = Database::connect(server)
            .await
            .expect("TEST_DATABASE_URL reachable");
        admin
            .execute_unprepared(&format!("CREATE DATABASE \"{name}\""))
            .await
            .expect("create test database");
        admin.close().await.ok();
        let base = server.rsplit_once('/').map_or(server, |(b, _)| b);
        Self {
            server: server.to_owned(),
            url: format!("{base}/{name}"),
            name,
        }
    }
}

impl Drop for PgDatabase {
    fn drop(&mut self) {
        let (server, name) = (self.server.clone(), self.name.clone());
        // Drop runs inside the test's runtime; use a thread with its own to wait for the drop.
        let _ = std::thread::spawn(move || {
            let rt = tokio::runtime::Builder::new_current_thread()
                .enable_all()
                .build()
                .ok()?;
            rt.block_on(async {
                let admin = Database::connect(&server).await.ok()?;
                admin
                    .execute_unprepared(&format!("DROP DATABASE IF EXISTS \"{name}\" WITH (FORCE)"))
                    .await
                    .ok()
            })
        })
        .join();
    }
}

/// Row counts of every table the seed writes, to prove a second seed adds nothing.
pub async fn table_counts(
    db: &sea_orm::DatabaseConnection,
) -> std::collections::BTreeMap<&'static str, i64> {
    let mut counts = std::collections::BTreeMap::new();
    for table in [
        "brand_profiles",
        "sys_authorities",
        "enterprises",
        "sys_users",
        "sys_user_authorities",
        "sys_dictionaries",
        "sys_dictionary_details",
        "clusters",
        "cluster_enterprises",
        "relations",
    ] {
        let row = db
            .query_one_raw(sea_orm::Statement::from_string(
                db.get_database_backend(),
                format!("SELECT COUNT(*) AS n FROM {table}"),
            ))
            .await
            .expect("count query")
            .expect("a row");
        counts.insert(table, row.try_get::<i64>("", "n").expect("a count"));
    }
    counts
}

/// Every row of the tables a tenant's calls may change, as JSON, to prove a refused call
/// changed nothing (the operation log, which records refusals too, is left out).
pub async fn fingerprint(db: &sea_orm::DatabaseConnection) -> Vec<(String, Vec<Value>)> {
    use sea_orm::{FromQueryResult, JsonValue, Statement};
    let mut out = Vec::new();
    for table in FINGERPRINT_TABLES {
        let rows = JsonValue::find_by_statement(Statement::from_string(
            db.get_database_backend(),
            format!("SELECT * FROM \"{table}\" ORDER BY 1, 2"),
        ))
        .all(db)
        .await
        .unwrap_or_else(|e| panic!("reading {table}: {e}"));
        out.push(((*table).to_owned(), rows));
    }
    out
}

/// The tables [`fingerprint`] reads; a new area adds its tables here.
pub const FINGERPRINT_TABLES: &[&str] = &[
    "enterprises",
    "sys_users",
    "sys_user_authorities",
    "clusters",
    "cluster_enterprises",
    "groups",
    "group_users",
    "relations",
    "relation_vehicles",
    "invitations",
    "invitation_logs",
    "enterprise_alarm_thresholds",
    "projects",
    "enterprise_group_vehicles",
    "trusteeships",
    "enterprise_settings",
    "vehicles",
    "devices",
    "push_rules",
    "push_rule_targets",
    "push_rule_members",
    "push_member_settings",
    "push_messages",
    "push_mutes",
    "webhooks",
    "webhook_deliveries",
    "vehicle_shares",
    "work_categories",
    "work_discussion_marks",
    "work_flows",
    "work_flow_nodes",
    "work_order_types",
    "work_orders",
    "work_order_links",
    "work_order_lines",
    "work_order_logs",
    "work_order_tasks",
    "work_informs",
    "work_inform_runs",
    "work_events",
    "report_boards",
    "report_charts",
    "search_recents",
    "work_order_relations",
    "tags",
    "tag_vehicles",
    "tag_fields",
    "tag_field_links",
    "tag_vehicle_values",
];

impl TestApp {
    /// Asserts that a password sign-in is refused.
    pub async fn login_fails(&self, username: &str, password: &str) -> String {
        self.post(
            "/api/base/login",
            &json!({"username": username, "password": password}),
            None,
        )
        .await
        .code(7)
    }
}

/// Row counts of every table in the database (found in the catalogue), to prove a refused
/// call changed nothing.
pub async fn all_table_counts(
    db: &sea_orm::DatabaseConnection,
) -> std::collections::BTreeMap<String, i64> {
    let backend = db.get_database_backend();
    let list = match backend {
        sea_orm::DatabaseBackend::Postgres => {
            "SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public'"
        }
        _ => "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'",
    };
    let tables: Vec<String> = db
        .query_all_raw(sea_orm::Statement::from_string(backend, list))
        .await
        .expect("table list")
        .into_iter()
        .map(|r| r.try_get::<String>("", "name").expect("a table name"))
        .collect();
    let mut counts = std::collections::BTreeMap::new();
    for table in tables {
        let row = db
            .query_one_raw(sea_orm::Statement::from_string(
                backend,
                format!("SELECT COUNT(*) AS n FROM \"{table}\""),
            ))
            .await
            .expect("count query")
            .expect("a row");
        counts.insert(table, row.try_get::<i64>("", "n").expect("a count"));
    }
    counts
}

/// Inserts a user holding `authority_id` (as active role and as the role in `enterprise_id`)
/// and returns its id.
pub async fn insert_user(
    db: &sea_orm::DatabaseConnection,
    username: &str,
    password: &str,
    authority_id: i64,
    enterprise_id: i64,
) -> i64 {
    use entities::{sys_user, sys_user_authority};
    use sea_orm::{EntityTrait, Set};
    let user = domain::users::account_row(
        username,
        username,
        password,
        authority_id,
        enterprise_id,
        false,
    );
    let id = sys_user::Entity::insert(user)
        .exec(db)
        .await
        .expect("insert user")
        .last_insert_id;
    sys_user_authority::Entity::insert(sys_user_authority::ActiveModel {
        user_id: Set(id),
        enterprise_id: Set(enterprise_id),
        authority_id: Set(authority_id),
    })
    .exec_without_returning(db)
    .await
    .expect("insert membership");
    id
}

/// The value at quantile `p` (0–1) of `sorted`, nearest rank; the default when empty. Shared by
/// the benchmarks.
pub fn percentile<T: Copy + Default>(sorted: &[T], p: f64) -> T {
    if sorted.is_empty() {
        return T::default();
    }
    #[allow(
        clippy::cast_possible_truncation,
        clippy::cast_sign_loss,
        clippy::cast_precision_loss
    )]
    let i = ((sorted.len() - 1) as f64 * p.clamp(0.0, 1.0)).round() as usize;
    sorted[i]
}

/// Times `rounds` sequential POSTs of `path`, compressed as a browser asks, after checking
/// that the call answers code 0; prints p50 and p95 under `name`. Shared by the benchmarks.
pub async fn measure_call(
    app: &TestApp,
    name: &str,
    path: &str,
    body: &Value,
    token: &str,
    rounds: usize,
) {
    let call = |encoding: &'static str| async move {
        let res = app
            .client
            .post(app.url(path))
            .header("x-token", token)
            .header("accept-encoding", encoding)
            .json(body)
            .send()
            .await
            .expect("an answer");
        res.bytes().await.expect("a body")
    };
    let first = call("identity").await;
    let text = String::from_utf8_lossy(&first);
    assert!(
        text.starts_with("{\"code\":0"),
        "{path}: {}",
        &text[..text.len().min(300)]
    );
    let mut times: Vec<std::time::Duration> = Vec::with_capacity(rounds);
    for _ in 0..rounds {
        let started = std::time::Instant::now();
        call("gzip").await;
        times.push(started.elapsed());
    }
    times.sort();
    println!(
        "{name:<52} p50 {:>7.1} ms  p95 {:>7.1} ms  {:>8} B",
        percentile(&times, 0.50).as_secs_f64() * 1000.0,
        percentile(&times, 0.95).as_secs_f64() * 1000.0,
        first.len()
    );
}

/// Brings the database to what a running server has after a bulk load, and says which it is:
/// the planner's statistics (the server refreshes SQLite's at start and hourly) and, on
/// PostgreSQL, what autovacuum does a minute later (statistics, and the visibility map that
/// index-only scans need). Shared by the benchmarks.
pub async fn settle_after_bulk_load(app: &TestApp) {
    kernel::db::refresh_statistics(&app.state.db)
        .await
        .expect("statistics");
    if app.is_postgres() {
        use sea_orm::ConnectionTrait;
        app.state
            .db
            .execute_unprepared("VACUUM (ANALYZE)")
            .await
            .expect("vacuum");
    }
    println!(
        "database: {}",
        if app.is_postgres() {
            "PostgreSQL"
        } else {
            "SQLite"
        }
    );
}

/// Makes sure the demo enterprise has `vehicles` simulated vehicles with receivers and starts
/// them reporting every 30 s through the app's ingestion, as a live fleet does, so a benchmark
/// measures under load. Answers the task driving them.
pub async fn report_fleet(app: &TestApp, vehicles: usize) -> tokio::task::JoinHandle<()> {
    use ingestion::demo;
    use ingestion::ingest::Credential;
    let devices = demo::ensure_fleet(&app.state.db, vehicles)
        .await
        .expect("the fleet");
    let ingest = app.state.ingest.clone();
    tokio::spawn(demo::drive(
        devices,
        std::time::Duration::from_secs(30),
        7,
        move |reports| {
            let ingest = ingest.clone();
            tokio::spawn(async move {
                let _ = ingest.submit(reports, Credential::Trusted).await;
            });
            std::future::ready(())
        },
    ))
}

/// Starts a fleet of simulated vehicles (the environment variable `setting`, default 30,000)
/// reporting every 30 s, so what a benchmark measures next it measures as the product runs;
/// answers the task driving them once the first reports are in.
pub async fn fleet_reporting_meanwhile(
    app: &TestApp,
    setting: &str,
) -> tokio::task::JoinHandle<()> {
    let fleet = usize::try_from(env_or(setting, 30_000_u32)).unwrap_or(30_000);
    let reporting = report_fleet(app, fleet).await;
    tokio::time::sleep(std::time::Duration::from_secs(5)).await;
    println!("a fleet of {fleet} simulated vehicles reports every 30 s meanwhile ({setting})");
    reporting
}

/// A benchmark's setting: the environment variable `name` parsed, else `default`.
pub fn env_or<T: std::str::FromStr>(name: &str, default: T) -> T {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}
