//! Builds the React app (browser bundle, CSS and the QuickJS server bundle) before the server
//! compiles, so `cargo run --release` is the one command that produces a working product.
//! `npm ci` runs only when `node_modules` is missing or older than `package-lock.json`.
//! Set `WHEELEND_SKIP_APP_BUILD=1` to use an `app/dist` that was built separately.

use std::path::Path;
use std::process::Command;

fn main() {
    let app = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../app");
    for watched in [
        "src",
        "scripts",
        "package.json",
        "package-lock.json",
        "tsconfig.json",
    ] {
        println!("cargo:rerun-if-changed={}", app.join(watched).display());
    }
    println!("cargo:rerun-if-env-changed=WHEELEND_SKIP_APP_BUILD");
    let dist = app.join("dist/ssr.js");
    if std::env::var_os("WHEELEND_SKIP_APP_BUILD").is_some() && dist.exists() {
        return;
    }
    let lock = app.join("package-lock.json");
    let installed = app.join("node_modules/.package-lock.json");
    let stale = match (modified(&installed), modified(&lock)) {
        (Some(have), Some(want)) => have < want,
        _ => true,
    };
    if stale {
        npm(&app, &["ci", "--no-audit", "--no-fund"]);
    }
    npm(&app, &["run", "build"]);
}

fn modified(path: &Path) -> Option<std::time::SystemTime> {
    std::fs::metadata(path).and_then(|m| m.modified()).ok()
}

fn npm(dir: &Path, args: &[&str]) {
    let status = Command::new("npm")
        .args(args)
        .current_dir(dir)
        .status()
        .unwrap_or_else(|e| panic!("cannot run npm (install Node.js 20+ and npm): {e}"));
    assert!(
        status.success(),
        "npm {} failed in {}",
        args.join(" "),
        dir.display()
    );
}
