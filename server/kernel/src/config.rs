//! Configuration: built-in defaults, then an optional `wheelend.toml` (or the file named by
//! `WHEELEND_CONFIG`), then `WHEELEND_*` environment variables (nested keys with `__`, e.g.
//! `WHEELEND_SSR__WORKERS`), then `DATABASE_URL`. Secrets are `SecretString`, so printing the
//! configuration never shows them.

use std::net::SocketAddr;
use std::path::PathBuf;

use figment::Figment;
use figment::providers::{Env, Format, Serialized, Toml};
use secrecy::SecretString;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Deserialize)]
pub struct Config {
    /// Where the HTTP server listens.
    pub addr: SocketAddr,
    /// Data directory: SQLite file, generated secrets, uploads.
    pub data_dir: PathBuf,
    /// `sqlite://…` or `postgres://…`; default: `<data_dir>/wheelend.db`.
    pub database_url: Option<SecretString>,
    /// Password given to the seeded `admin`; random (and written to the data dir) when absent.
    pub admin_password: Option<SecretString>,
    /// JWT signing key; generated per install and kept in the data dir when absent.
    pub jwt_secret: Option<SecretString>,
    /// Runs the demo fleet simulator inside the server (`1`/`0` or `true`/`false`).
    #[serde(deserialize_with = "flag")]
    pub simulate: bool,
    /// Vehicles the in-process simulator drives (at most 30,000).
    pub simulate_vehicles: usize,
    /// Seconds between two reports of a simulated device.
    pub simulate_interval_secs: u64,
    /// Days of positions and wheel readings kept; older ones are deleted daily. 0 keeps all.
    pub history_retention_days: u32,
    /// Days of operation records and sign-in records kept; older ones are deleted daily (the
    /// only way rows leave them, apart from the super admin's deletions). 0 keeps all.
    pub operation_log_retention_days: u32,
    /// Seconds between two looks of the follower that keeps finished days' trips and mileage
    /// current (`domain::vehicle::days`); 0 turns it off.
    pub days_follower_secs: u64,
    /// Port of the embedded MQTT broker; 0 turns it off.
    pub mqtt_port: u16,
    /// Address the embedded MQTT broker listens on.
    pub mqtt_bind: std::net::IpAddr,
    /// An external broker to take reports from as well (`mqtt://host:port`, optionally with
    /// `user:password@`).
    pub mqtt_url: Option<SecretString>,
    /// Reports arrive on `<prefix>/<imei>/report`.
    pub mqtt_topic_prefix: String,
    /// Client id (and persistent session) at the external broker.
    pub mqtt_client_id: String,
    pub token_ttl_secs: i64,
    /// Inside this window before expiry a response carries a fresh token in `new-token`.
    pub token_buffer_secs: i64,
    /// Largest accepted request body, in bytes.
    pub body_limit: usize,
    /// Reverse proxies whose `X-Forwarded-For`/`-Host`/`-Proto` are believed (IPs or CIDRs, a
    /// list or one comma-separated string). Default none: the TCP peer is the client.
    #[serde(deserialize_with = "nets")]
    pub trusted_proxies: Vec<ipnet::IpNet>,
    /// Requests per second each client IP may make (static assets not counted); 0 turns the
    /// limit off.
    pub rate_limit_per_ip: u32,
    /// Requests an IP may make at once above its rate (0: the rate itself).
    pub rate_limit_burst: u32,
    /// Requests per second of every visitor session together; 0 turns the limit off.
    pub visitor_rate_limit: u32,
    /// Requests the visitor sessions may make at once above their rate (0: the rate itself).
    pub visitor_rate_burst: u32,
    pub ssr: SsrSettings,
    pub uploads: UploadSettings,
    pub wechat: WeChatSettings,
    pub push: PushSettings,
    /// The font periodic reports are written in as PDF (`WHEELEND_PDF_FONT`; a .ttf, .otf or
    /// .ttc with Chinese glyphs, subset-embedded); default Debian's Noto Sans CJK
    /// (`domain::report::periodic::DEFAULT_FONT`).
    #[serde(default)]
    pub pdf_font: Option<PathBuf>,
    pub log: String,
}

/// Webhook deliveries (docs/push.md).
#[derive(Debug, Clone, Deserialize)]
pub struct PushSettings {
    /// Seconds to wait before each retry of a failed delivery; after the last one the
    /// delivery is logged as failed.
    pub retry_delays_secs: Vec<u64>,
    /// Per attempt.
    pub timeout_secs: u64,
}

#[derive(Debug, Clone, Deserialize)]
pub struct SsrSettings {
    /// Render workers; default one per core.
    pub workers: Option<usize>,
    pub deadline_ms: u64,
    pub memory_mb: usize,
    /// Renders allowed to wait for a worker before the server answers 503.
    pub queue: usize,
    /// Seconds an anonymous page stays in the page cache.
    pub cache_ttl_secs: u64,
    /// Render with this bundle file instead of the one built into the binary.
    pub bundle: Option<PathBuf>,
}

#[derive(Debug, Clone, Deserialize)]
pub struct UploadSettings {
    /// Largest accepted file, in bytes (uploads and CSV imports).
    pub max_bytes: u64,
    /// Accepted file extensions; each is also checked against the file's leading bytes.
    /// A list, or one comma-separated string (handy in environment variables).
    #[serde(deserialize_with = "list")]
    pub allowed_types: Vec<String>,
    /// Life of an upload grant handed out by `GET /api/aliyunToken`.
    pub grant_ttl_secs: u64,
    /// Where files go: `local` (`<data_dir>/uploads`, served under `/uploads/`) or `s3`.
    pub store: StoreKind,
    pub s3: S3Settings,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum StoreKind {
    Local,
    S3,
}

/// An S3-compatible bucket (AWS, MinIO, Aliyun OSS in S3 mode, …); used when `store = "s3"`.
#[derive(Debug, Clone, Deserialize)]
pub struct S3Settings {
    /// e.g. `https://s3.eu-west-1.amazonaws.com` or `http://127.0.0.1:9000`.
    pub endpoint: Option<String>,
    pub bucket: Option<String>,
    pub region: String,
    pub access_key: Option<String>,
    pub secret_key: Option<SecretString>,
    /// Address objects are read from (a CDN or the bucket's public URL); default: the
    /// endpoint and bucket.
    pub public_url: Option<String>,
    /// `endpoint/bucket/key` (MinIO and most self-hosted stores) rather than `bucket.endpoint/key`.
    pub path_style: bool,
}

#[derive(Debug, Clone, Deserialize)]
pub struct WeChatSettings {
    /// The official account's AppID; share signing is off without it.
    pub app_id: Option<String>,
    pub app_secret: Option<SecretString>,
    /// A fixed jsapi_ticket (instead of fetching one with the AppSecret).
    pub jsapi_ticket: Option<SecretString>,
    /// Base address of WeChat's API (tests point it at a stand-in).
    pub api_base: String,
}

#[derive(Serialize)]
struct Defaults {
    addr: &'static str,
    data_dir: &'static str,
    simulate: bool,
    simulate_vehicles: usize,
    simulate_interval_secs: u64,
    history_retention_days: u32,
    operation_log_retention_days: u32,
    days_follower_secs: u64,
    mqtt_port: u16,
    mqtt_bind: &'static str,
    mqtt_topic_prefix: &'static str,
    mqtt_client_id: &'static str,
    token_ttl_secs: i64,
    token_buffer_secs: i64,
    body_limit: usize,
    trusted_proxies: &'static [&'static str],
    rate_limit_per_ip: u32,
    rate_limit_burst: u32,
    visitor_rate_limit: u32,
    visitor_rate_burst: u32,
    ssr: SsrDefaults,
    uploads: UploadDefaults,
    wechat: WeChatDefaults,
    push: PushDefaults,
    log: &'static str,
}

#[derive(Serialize)]
struct PushDefaults {
    retry_delays_secs: &'static [u64],
    timeout_secs: u64,
}

#[derive(Serialize)]
struct UploadDefaults {
    max_bytes: u64,
    allowed_types: &'static [&'static str],
    grant_ttl_secs: u64,
    store: &'static str,
    s3: S3Defaults,
}

#[derive(Serialize)]
struct S3Defaults {
    region: &'static str,
    path_style: bool,
}

#[derive(Serialize)]
struct WeChatDefaults {
    api_base: &'static str,
}

#[derive(Serialize)]
struct SsrDefaults {
    deadline_ms: u64,
    memory_mb: usize,
    queue: usize,
    cache_ttl_secs: u64,
}

impl Config {
    /// Reads the layered configuration.
    ///
    /// # Errors
    /// When a value has the wrong type or the TOML file is malformed.
    pub fn load() -> Result<Self, Box<figment::Error>> {
        let file = std::env::var("WHEELEND_CONFIG").unwrap_or_else(|_| "wheelend.toml".into());
        Self::figment()
            .merge(Toml::file(file))
            .merge(Env::prefixed("WHEELEND_").split("__"))
            .merge(
                Env::raw()
                    .only(&["DATABASE_URL"])
                    .map(|_| "database_url".into()),
            )
            .extract()
            .map_err(Box::new)
    }

    /// The built-in defaults alone (tests start from these).
    pub fn figment() -> Figment {
        Figment::from(Serialized::defaults(Defaults {
            addr: "127.0.0.1:8080",
            data_dir: "./data",
            simulate: true,
            simulate_vehicles: 200,
            simulate_interval_secs: 30,
            history_retention_days: 400,
            operation_log_retention_days: 180,
            days_follower_secs: 30,
            mqtt_port: 1884,
            mqtt_bind: "127.0.0.1",
            mqtt_topic_prefix: "wheelend",
            mqtt_client_id: "wheelend-ingest",
            token_ttl_secs: 7 * 24 * 3600,
            token_buffer_secs: 24 * 3600,
            body_limit: 4 * 1024 * 1024,
            trusted_proxies: &[],
            rate_limit_per_ip: 100,
            rate_limit_burst: 400,
            visitor_rate_limit: 50,
            visitor_rate_burst: 300,
            ssr: SsrDefaults {
                deadline_ms: 2000,
                memory_mb: 256,
                queue: 64,
                cache_ttl_secs: 60,
            },
            uploads: UploadDefaults {
                max_bytes: 20 * 1024 * 1024,
                allowed_types: &[
                    "jpg", "jpeg", "png", "gif", "webp", "bmp", "pdf", "csv", "xlsx", "bin",
                ],
                grant_ttl_secs: 900,
                store: "local",
                s3: S3Defaults {
                    region: "us-east-1",
                    path_style: true,
                },
            },
            wechat: WeChatDefaults {
                api_base: "https://api.weixin.qq.com",
            },
            push: PushDefaults {
                // 10 s, 1 min, 5 min, 30 min, 2 h.
                retry_delays_secs: &[10, 60, 300, 1800, 7200],
                timeout_secs: 5,
            },
            log: "info,sqlx=warn,sea_orm=warn",
        }))
    }
}

/// A switch written as a boolean, `1`/`0`, or `true`/`false`/`yes`/`no`/`on`/`off`.
fn flag<'de, D: serde::Deserializer<'de>>(de: D) -> Result<bool, D::Error> {
    #[derive(Deserialize)]
    #[serde(untagged)]
    enum Raw {
        Bool(bool),
        Int(i64),
        Text(String),
    }
    match Raw::deserialize(de)? {
        Raw::Bool(b) => Ok(b),
        Raw::Int(i) => Ok(i != 0),
        Raw::Text(t) => match t.trim().to_ascii_lowercase().as_str() {
            "1" | "true" | "yes" | "on" => Ok(true),
            "0" | "false" | "no" | "off" | "" => Ok(false),
            other => Err(serde::de::Error::custom(format!(
                "expected 0/1 or true/false, got {other:?}"
            ))),
        },
    }
}

/// A list written as a sequence or as one comma-separated string, entries trimmed and empty
/// ones dropped.
fn entries<'de, D: serde::Deserializer<'de>>(de: D) -> Result<Vec<String>, D::Error> {
    #[derive(Deserialize)]
    #[serde(untagged)]
    enum Raw {
        Many(Vec<String>),
        One(String),
    }
    let items = match Raw::deserialize(de)? {
        Raw::Many(items) => items,
        Raw::One(text) => text.split(',').map(str::to_owned).collect(),
    };
    Ok(items
        .iter()
        .map(|i| i.trim())
        .filter(|i| !i.is_empty())
        .map(str::to_owned)
        .collect())
}

/// [`entries`] lower-cased and stripped of a leading dot (file extensions).
fn list<'de, D: serde::Deserializer<'de>>(de: D) -> Result<Vec<String>, D::Error> {
    Ok(entries(de)?
        .iter()
        .map(|i| i.trim_start_matches('.').to_ascii_lowercase())
        .filter(|i| !i.is_empty())
        .collect())
}

/// [`entries`] as addresses and networks; a bare address is a network of one.
fn nets<'de, D: serde::Deserializer<'de>>(de: D) -> Result<Vec<ipnet::IpNet>, D::Error> {
    entries(de)?
        .iter()
        .map(|i| {
            i.parse::<ipnet::IpNet>()
                .or_else(|_| i.parse::<std::net::IpAddr>().map(ipnet::IpNet::from))
                .map_err(|_| {
                    serde::de::Error::custom(format!("{i:?} is not an IP address or CIDR network"))
                })
        })
        .collect()
}
