//! Server-side rendering of the Wheelend React bundle (`app/dist/ssr.js`, see
//! `docs/ssr-contract.md`) in a pool of QuickJS workers.
//!
//! Each worker is an OS thread that owns exactly one rquickjs `Runtime` + `Context`; they are
//! never shared or moved across threads (rquickjs #431). Jobs reach the workers through one
//! bounded queue, so overload turns into [`SsrError::Busy`] instead of unbounded latency.

mod escape;
mod worker;

use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::mpsc::{self, SyncSender, TrySendError};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use tokio::sync::oneshot;

pub use escape::escape_json_for_script;

/// Pool settings. `Default` gives the production values.
#[derive(Debug, Clone)]
pub struct SsrConfig {
    /// Worker threads, each with its own QuickJS runtime. Default: available parallelism.
    pub workers: usize,
    /// Wall-clock budget of one render (JS execution, not queue wait). Default 2 s.
    pub deadline: Duration,
    /// Heap limit per runtime in bytes. Default 256 MiB.
    pub memory_limit: usize,
    /// JS stack limit per runtime in bytes. Default 1 MiB.
    pub max_stack: usize,
    /// Renders allowed to wait beyond the busy workers before `render` answers `Busy`. Default 64.
    pub queue: usize,
}

impl Default for SsrConfig {
    fn default() -> Self {
        Self {
            workers: std::thread::available_parallelism().map_or(1, usize::from),
            deadline: Duration::from_secs(2),
            memory_limit: 256 * 1024 * 1024,
            max_stack: 1024 * 1024,
            queue: 64,
        }
    }
}

/// The browser bundle that hydrates a page (see the contract). The console's can hydrate any page.
#[derive(Debug, Clone, Copy, Default, serde::Deserialize, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum ClientBundle {
    /// The public pages only: small, without the console.
    Site,
    #[default]
    Console,
}

/// What `__wheelendRender` returns (see the contract).
#[derive(Debug, Clone, serde::Deserialize, PartialEq)]
pub struct RenderOutput {
    pub status: u16,
    #[serde(default)]
    pub head: String,
    #[serde(default)]
    pub html: String,
    #[serde(default)]
    pub redirect: Option<String>,
    /// Absent on redirects.
    #[serde(default)]
    pub bundle: ClientBundle,
}

#[derive(Debug, thiserror::Error)]
pub enum SsrError {
    /// The queue is full; the host should answer 503.
    #[error("all SSR workers are busy and the queue is full")]
    Busy,
    /// The render hit the deadline and was interrupted; the worker was replaced.
    #[error("SSR render exceeded its deadline")]
    Timeout,
    /// The runtime hit its memory limit; the worker was replaced.
    #[error("SSR render ran out of memory")]
    OutOfMemory,
    /// The bundle threw (or, at start-up, does not define `__wheelendRender`).
    #[error("SSR bundle threw: {message}")]
    Js {
        message: String,
        stack: Option<String>,
    },
    /// `__wheelendRender` returned something that is not the contract's JSON.
    #[error("SSR bundle returned bad output: {0}")]
    BadOutput(String),
    /// No worker can answer: all workers exited (could not be rebuilt), or the one rendering
    /// this request panicked.
    #[error("SSR pool is closed")]
    Closed,
}

/// A snapshot of the pool counters.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, serde::Serialize)]
pub struct PoolStats {
    /// Workers currently alive (normally `SsrConfig::workers`).
    pub workers: usize,
    /// Jobs waiting in the queue (not yet picked up by a worker).
    pub queued: usize,
    /// Successful renders.
    pub renders: u64,
    /// Renders that failed for any reason (includes timeouts).
    pub errors: u64,
    /// Renders cut by the deadline.
    pub timeouts: u64,
    /// Runtimes thrown away and rebuilt (timeout, out of memory, panic).
    pub restarts: u64,
    /// `render` calls refused with `Busy`.
    pub rejected: u64,
}

#[derive(Default)]
struct Counters {
    workers: AtomicUsize,
    queued: AtomicUsize,
    renders: AtomicU64,
    errors: AtomicU64,
    timeouts: AtomicU64,
    restarts: AtomicU64,
    rejected: AtomicU64,
}

type Reply = oneshot::Sender<Result<RenderOutput, SsrError>>;

struct Job {
    input: String,
    reply: Reply,
}

/// Cheap to clone; dropping the last clone lets the workers finish their job and exit.
#[derive(Clone)]
pub struct SsrPool {
    inner: Arc<Inner>,
}

struct Inner {
    tx: SyncSender<Job>,
    counters: Arc<Counters>,
    startup: Vec<Duration>,
}

impl SsrPool {
    /// Starts `cfg.workers` threads and evaluates the bundle once in each. Blocks until every
    /// worker is ready (call it at start-up, or from `spawn_blocking`), and fails if the bundle
    /// throws or does not define `globalThis.__wheelendRender`.
    pub fn new(bundle: impl Into<String>, cfg: SsrConfig) -> Result<Self, SsrError> {
        let workers = cfg.workers.max(1);
        let (tx, rx) = mpsc::sync_channel(cfg.queue);
        let counters = Arc::new(Counters::default());
        let shared = Arc::new(worker::Shared {
            rx: Mutex::new(rx),
            counters: Arc::clone(&counters),
            bundle: bundle.into(),
            cfg,
        });
        let (ready_tx, ready_rx) = mpsc::channel();
        for id in 0..workers {
            worker::spawn(id, Arc::clone(&shared), ready_tx.clone())?;
        }
        drop(ready_tx);
        drop(shared);

        let mut startup = Vec::with_capacity(workers);
        for _ in 0..workers {
            // If a worker fails, returning drops `tx`, so the others exit on their own.
            match ready_rx.recv() {
                Ok(Ok(took)) => startup.push(took),
                Ok(Err(err)) => return Err(err),
                Err(_) => return Err(SsrError::Closed),
            }
        }
        Ok(Self {
            inner: Arc::new(Inner {
                tx,
                counters,
                startup,
            }),
        })
    }

    /// Renders one request. `input_json` is the contract's input object as a JSON string.
    ///
    /// Never blocks: a full queue answers [`SsrError::Busy`] at once. The deadline covers JS
    /// execution only, not the wait in the queue; wrap the call in `tokio::time::timeout` to
    /// bound the total. Dropping the future is fine: a job whose caller is gone is skipped.
    pub async fn render(&self, input_json: String) -> Result<RenderOutput, SsrError> {
        let (reply, rx) = oneshot::channel();
        let counters = &self.inner.counters;
        // Count before sending so the worker's decrement never underflows.
        counters.queued.fetch_add(1, Ordering::Relaxed);
        match self.inner.tx.try_send(Job {
            input: input_json,
            reply,
        }) {
            Ok(()) => {}
            Err(TrySendError::Full(_)) => {
                counters.queued.fetch_sub(1, Ordering::Relaxed);
                counters.rejected.fetch_add(1, Ordering::Relaxed);
                return Err(SsrError::Busy);
            }
            Err(TrySendError::Disconnected(_)) => {
                counters.queued.fetch_sub(1, Ordering::Relaxed);
                return Err(SsrError::Closed);
            }
        }
        rx.await.unwrap_or(Err(SsrError::Closed))
    }

    pub fn stats(&self) -> PoolStats {
        let c = &self.inner.counters;
        PoolStats {
            workers: c.workers.load(Ordering::Relaxed),
            queued: c.queued.load(Ordering::Relaxed),
            renders: c.renders.load(Ordering::Relaxed),
            errors: c.errors.load(Ordering::Relaxed),
            timeouts: c.timeouts.load(Ordering::Relaxed),
            restarts: c.restarts.load(Ordering::Relaxed),
            rejected: c.rejected.load(Ordering::Relaxed),
        }
    }

    /// How long each worker took to create its runtime and evaluate the bundle at `new`.
    pub fn startup_times(&self) -> &[Duration] {
        &self.inner.startup
    }
}

impl std::fmt::Debug for SsrPool {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SsrPool")
            .field("stats", &self.stats())
            .finish_non_exhaustive()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn assert_send_sync<T: Send + Sync>(_: &T) {}

    #[allow(dead_code)] // compile-time check only: axum handlers need `Send` futures
    fn render_future_is_send(pool: &SsrPool) {
        fn send<T: Send>(_: T) {}
        send(pool.render(String::new()));
    }

    #[test]
    fn pool_is_send_sync_and_clone() {
        let pool = SsrPool::new(
            "globalThis.__wheelendRender = () => '{\"status\":200}';",
            SsrConfig {
                workers: 1,
                ..SsrConfig::default()
            },
        )
        .unwrap();
        let clone = pool.clone();
        assert_send_sync(&clone);
        drop(pool);
        assert_eq!(clone.stats().workers, 1);
    }

    #[test]
    fn defaults_match_the_spec() {
        let cfg = SsrConfig::default();
        assert!(cfg.workers >= 1);
        assert_eq!(cfg.deadline, Duration::from_secs(2));
        assert_eq!(cfg.memory_limit, 256 << 20);
        assert_eq!(cfg.max_stack, 1 << 20);
        assert_eq!(cfg.queue, 64);
    }
}
