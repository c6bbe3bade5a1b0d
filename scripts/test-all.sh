#!/usr/bin/env bash
# Every check and every test suite, in one command (README "Test"). Installs what cargo and npm
# do not: Debian's Chromium and ChromeDriver for the browser tests, and the CJK font the PDF reports
# are set in (fonts-noto-cjk, README "Configuration").
# With TEST_DATABASE_URL set (a PostgreSQL server URL), the Rust suite runs on SQLite AND on it.
set -euo pipefail
cd "$(dirname "$0")/.."
# each step says when it starts, so a slow run shows where its time went
step() { printf '\n== [%dm%02ds] %s\n' $((SECONDS / 60)) $((SECONDS % 60)) "$*"; }

if [ ! -x /usr/bin/chromium ] || [ ! -f /usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc ]; then
  step "installing Chromium and the CJK font (Debian packages)"
  if [ "$(id -u)" = 0 ]; then apt-get update -qq && apt-get install -y -qq chromium chromium-driver fonts-noto-cjk >/dev/null
  else sudo apt-get update -qq && sudo apt-get install -y -qq chromium chromium-driver fonts-noto-cjk >/dev/null; fi
fi

step "app: install, build, type-check, lint, unit tests"
(cd app && { [ -d node_modules ] && [ node_modules/.package-lock.json -nt package-lock.json ] || npm ci --no-audit --no-fund; } \
  && npm run build && npm run typecheck && npm run lint && npm test)
export WHEELEND_SKIP_APP_BUILD=1 # built just above

step "rustfmt and clippy"
cargo fmt --all --check
cargo clippy --workspace --all-targets --quiet -- -D warnings

# The whole workspace in one build: its features are unified as the test build's are, so the tests
# reuse every crate (`-p assets` alone leaves out the test crate's features, e.g. lopdf's md-5, and
# the sqlx → sea-orm → server stack would compile twice). The durability and browser tests run the
# binary it makes.
step "the workspace and the server binary"
cargo build --quiet --workspace

# Library, binary and integration tests; the benchmarks (examples) are compiled by clippy above,
# not linked here (eleven debug binaries of ~390 MB each).
TESTS=(--workspace --lib --bins --tests --no-fail-fast)
step "Rust tests on SQLite"
env -u TEST_DATABASE_URL cargo nextest run "${TESTS[@]}"
if [ -n "${TEST_DATABASE_URL:-}" ]; then
  step "Rust tests on PostgreSQL ($TEST_DATABASE_URL)"
  # Four at once: here the tests mostly wait on the server (measured 393 s with two, 264 s with four).
  cargo nextest run "${TESTS[@]}" --test-threads 4
fi

step "browser tests (Playwright + Debian Chromium)"
(cd tests/browser && { [ -d node_modules ] && [ node_modules/.package-lock.json -nt package-lock.json ] || npm ci --no-audit --no-fund; })
# Two files at once, each with its own server, database and browser (measured: 1536 s one at a time, 833 s two);
# Lighthouse alone after them, so its performance scores are not taken beside another browser.
export WHEELEND_BIN="${CARGO_TARGET_DIR:-$PWD/target}/debug/wheelend"
mapfile -t BROWSER_TESTS < <(ls tests/browser/*.test.mjs | grep -v /lighthouse.test.mjs)
node --test --test-concurrency=2 "${BROWSER_TESTS[@]}"
node --test tests/browser/lighthouse.test.mjs
step "done"
