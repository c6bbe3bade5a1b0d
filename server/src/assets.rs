//! The files the server hands out or renders with: `public/` (static files and the hashed app
//! build) and the app's server bundle and manifest. They come from the `assets` crate (embedded
//! in release builds), so that a front-end edit rebuilds that small crate and relinks instead of
//! recompiling this one; tests hand in the same folders read from disk.

use anyhow::Context as _;
use rust_embed::{EmbeddedFile, RustEmbed};

use domain::pages::Manifest;

/// Where the server finds its files (`Assets::of::<Public, AppDist>()` for two rust-embed folders).
#[derive(Clone, Copy)]
pub struct Assets {
    /// A file of `public/` by its path, e.g. `assets/index-3f2a.js`.
    pub public: fn(&str) -> Option<EmbeddedFile>,
    /// A file of the app's build output: `ssr.js` or `manifest.json`.
    pub app: fn(&str) -> Option<EmbeddedFile>,
}

impl Assets {
    pub fn of<Public: RustEmbed, AppDist: RustEmbed>() -> Self {
        Self {
            public: Public::get,
            app: AppDist::get,
        }
    }

    pub fn ssr_bundle(&self) -> anyhow::Result<String> {
        let file = (self.app)("ssr.js").context("app/dist/ssr.js is missing: build the app")?;
        String::from_utf8(file.data.into_owned()).context("ssr.js is not UTF-8")
    }

    pub fn manifest(&self) -> anyhow::Result<Manifest> {
        let file = (self.app)("manifest.json").context("app/dist/manifest.json is missing")?;
        serde_json::from_slice(&file.data).context("app/dist/manifest.json is malformed")
    }
}
