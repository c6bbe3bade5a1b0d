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
    pub token_ttl_secs: i64,
    /// Inside this window before expiry a response carries a fresh token in `new-token`.
    pub token_buffer_secs: i64,
    /// Largest accepted request body, in bytes.
    pub body_limit: usize,
    pub ssr: SsrSettings,
    pub log: String,
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

#[derive(Serialize)]
struct Defaults {
    addr: &'static str,
    data_dir: &'static str,
    simulate: bool,
    token_ttl_secs: i64,
    token_buffer_secs: i64,
    body_limit: usize,
    ssr: SsrDefaults,
    log: &'static str,
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
            token_ttl_secs: 7 * 24 * 3600,
            token_buffer_secs: 24 * 3600,
            body_limit: 4 * 1024 * 1024,
            ssr: SsrDefaults {
                deadline_ms: 2000,
                memory_mb: 256,
                queue: 64,
                cache_ttl_secs: 60,
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
