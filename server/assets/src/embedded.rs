//! The files built into the binary. In debug builds rust-embed reads them from disk instead.

use rust_embed::RustEmbed;

#[derive(RustEmbed)]
#[folder = "../../public"]
pub struct Public;

#[derive(RustEmbed)]
#[folder = "../../app/dist"]
#[include = "ssr.js"]
#[include = "manifest.json"]
pub struct AppDist;

pub fn assets() -> wheelend::Assets {
    wheelend::Assets::of::<Public, AppDist>()
}
