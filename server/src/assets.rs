//! Files built into the binary: `public/` (static files and the hashed app assets) and the
//! app's server bundle and manifest. In debug builds rust-embed reads them from disk instead.

use anyhow::Context as _;
use rust_embed::RustEmbed;

use crate::services::pages::Manifest;

#[derive(RustEmbed)]
#[folder = "../public"]
pub struct Public;

#[derive(RustEmbed)]
#[folder = "../app/dist"]
#[include = "ssr.js"]
#[include = "manifest.json"]
struct AppDist;

pub fn ssr_bundle() -> anyhow::Result<String> {
    let file = AppDist::get("ssr.js").context("app/dist/ssr.js is missing: build the app")?;
    String::from_utf8(file.data.into_owned()).context("ssr.js is not UTF-8")
}

pub fn manifest() -> anyhow::Result<Manifest> {
    let file = AppDist::get("manifest.json").context("app/dist/manifest.json is missing")?;
    serde_json::from_slice(&file.data).context("app/dist/manifest.json is malformed")
}
