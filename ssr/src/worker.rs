//! One worker thread = one QuickJS runtime + context, created, used and dropped on that thread.

use std::cell::Cell;
use std::panic::AssertUnwindSafe;
use std::rc::Rc;
use std::sync::atomic::Ordering;
use std::sync::mpsc::{Receiver, Sender};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

use rquickjs::context::EvalOptions;
use rquickjs::function::Rest;
use rquickjs::{Coerced, Context, Ctx, Function, Object, Runtime, Value};

use crate::{ClientBundle, Counters, Job, RenderOutput, SsrConfig, SsrError};

const RENDER_FN: &str = "__wheelendRender";
/// Renders between explicit GC passes; QuickJS refcounting frees most garbage, the GC is for cycles.
const GC_EVERY: u32 = 64;
/// Start-up (bundle evaluation) gets at least this long, whatever the render deadline is.
const MIN_STARTUP_DEADLINE: Duration = Duration::from_secs(10);
const REBUILD_ATTEMPTS: u32 = 3;

pub(crate) struct Shared {
    pub(crate) rx: Mutex<Receiver<Job>>,
    pub(crate) counters: Arc<Counters>,
    pub(crate) bundle: String,
    pub(crate) cfg: SsrConfig,
}

pub(crate) fn spawn(
    id: usize,
    shared: Arc<Shared>,
    ready: Sender<Result<Duration, SsrError>>,
) -> Result<(), SsrError> {
    // QuickJS checks its own stack limit; the OS stack must be larger than that plus Rust frames.
    let stack = shared.cfg.max_stack.saturating_mul(2) + 2 * 1024 * 1024;
    std::thread::Builder::new()
        .name(format!("ssr-{id}"))
        .stack_size(stack)
        .spawn(move || run(id, &shared, &ready))
        .map(drop)
        .map_err(|err| {
            tracing::error!(%err, "cannot spawn SSR worker thread");
            SsrError::Closed
        })
}

fn run(id: usize, shared: &Shared, ready: &Sender<Result<Duration, SsrError>>) {
    let counters = &shared.counters;
    let started = Instant::now();
    let mut engine = match Engine::new(&shared.bundle, &shared.cfg) {
        Ok(engine) => {
            counters.workers.fetch_add(1, Ordering::Relaxed);
            let _ = ready.send(Ok(started.elapsed()));
            engine
        }
        Err(err) => {
            let _ = ready.send(Err(err));
            return;
        }
    };
    tracing::debug!(worker = id, took = ?started.elapsed(), "SSR worker ready");

    let mut since_gc = 0;
    loop {
        let job = {
            let rx = shared.rx.lock().unwrap_or_else(PoisonError::into_inner);
            match rx.recv() {
                Ok(job) => job,
                Err(_) => break, // pool dropped
            }
        };
        counters.queued.fetch_sub(1, Ordering::Relaxed);
        if job.reply.is_closed() {
            continue; // the caller went away while queued
        }

        let outcome = std::panic::catch_unwind(AssertUnwindSafe(|| engine.render(&job.input)));
        let (result, broken) = match outcome {
            Ok(result) => {
                let broken = matches!(result, Err(SsrError::Timeout | SsrError::OutOfMemory));
                (result, broken)
            }
            Err(_) => {
                tracing::error!(worker = id, "SSR render panicked");
                (Err(SsrError::Closed), true)
            }
        };
        match &result {
            Ok(_) => counters.renders.fetch_add(1, Ordering::Relaxed),
            Err(err) => {
                if matches!(err, SsrError::Timeout) {
                    counters.timeouts.fetch_add(1, Ordering::Relaxed);
                }
                counters.errors.fetch_add(1, Ordering::Relaxed)
            }
        };
        if broken {
            // Counted before replying so the caller already sees it in `stats()`.
            counters.restarts.fetch_add(1, Ordering::Relaxed);
        }
        let _ = job.reply.send(result);

        if broken {
            // Drop first so two heaps never coexist, then start from a clean runtime.
            drop(engine);
            engine = match rebuild(id, shared) {
                Some(engine) => engine,
                None => break,
            };
            since_gc = 0;
        } else {
            since_gc += 1;
            if since_gc >= GC_EVERY {
                engine.rt.run_gc();
                since_gc = 0;
            }
        }
    }
    counters.workers.fetch_sub(1, Ordering::Relaxed);
}

fn rebuild(id: usize, shared: &Shared) -> Option<Engine> {
    for attempt in 1..=REBUILD_ATTEMPTS {
        let started = Instant::now();
        match Engine::new(&shared.bundle, &shared.cfg) {
            Ok(engine) => {
                tracing::info!(worker = id, took = ?started.elapsed(), "SSR worker restarted");
                return Some(engine);
            }
            Err(err) => {
                tracing::error!(worker = id, attempt, %err, "SSR worker restart failed");
                std::thread::sleep(Duration::from_millis(100));
            }
        }
    }
    tracing::error!(worker = id, "SSR worker gave up; pool capacity reduced");
    None
}

struct Engine {
    // Field order matters: the context must drop before its runtime.
    ctx: Context,
    rt: Runtime,
    /// Checked by the interrupt handler; `Some` only while JS runs on our behalf.
    deadline: Rc<Cell<Option<Instant>>>,
    /// Set when the interrupt handler fired, so we know an error was our interrupt.
    interrupted: Rc<Cell<bool>>,
    render_budget: Duration,
    memory_limit: usize,
}

impl Engine {
    fn new(bundle: &str, cfg: &SsrConfig) -> Result<Self, SsrError> {
        let rt = Runtime::new().map_err(|_| SsrError::OutOfMemory)?;
        rt.set_memory_limit(cfg.memory_limit);
        rt.set_max_stack_size(cfg.max_stack);

        // `Rc` is fine: the runtime (and thus this handler) never leaves this thread.
        let deadline: Rc<Cell<Option<Instant>>> = Rc::default();
        let interrupted: Rc<Cell<bool>> = Rc::default();
        rt.set_interrupt_handler(Some(Box::new({
            let deadline = Rc::clone(&deadline);
            let interrupted = Rc::clone(&interrupted);
            move || match deadline.get() {
                Some(at) if Instant::now() >= at => {
                    interrupted.set(true);
                    true
                }
                _ => false,
            }
        })));

        let ctx = Context::full(&rt).map_err(|_| SsrError::OutOfMemory)?;
        let engine = Self {
            ctx,
            rt,
            deadline,
            interrupted,
            render_budget: cfg.deadline,
            memory_limit: cfg.memory_limit,
        };

        engine.arm(cfg.deadline.max(MIN_STARTUP_DEADLINE));
        let loaded = engine.ctx.with(|ctx| {
            install_console(&ctx).map_err(|err| engine.js_error(&ctx, err))?;
            let mut opts = EvalOptions::default();
            opts.strict = false; // a classic script, as the contract says
            opts.filename = Some("ssr.js".into());
            ctx.eval_with_options::<(), _>(bundle, opts)
                .map_err(|err| engine.js_error(&ctx, err))?;
            let render: Option<Value<'_>> = ctx.globals().get(RENDER_FN).ok();
            if render.is_some_and(|f| f.is_function()) {
                Ok(())
            } else {
                Err(SsrError::Js {
                    message: format!("the bundle did not define globalThis.{RENDER_FN}"),
                    stack: None,
                })
            }
        });
        let loaded = engine.drain_jobs().and(engine.check_oom(loaded));
        engine.disarm();
        loaded.map(|()| engine)
    }

    fn arm(&self, budget: Duration) {
        self.interrupted.set(false);
        self.deadline.set(Some(Instant::now() + budget));
    }

    fn disarm(&self) {
        self.deadline.set(None);
    }

    fn render(&self, input: &str) -> Result<RenderOutput, SsrError> {
        self.arm(self.render_budget);
        let output = self.ctx.with(|ctx| {
            let render: Function<'_> = ctx
                .globals()
                .get(RENDER_FN)
                .map_err(|err| self.js_error(&ctx, err))?;
            let out: Value<'_> = render
                .call((input,))
                .map_err(|err| self.js_error(&ctx, err))?;
            self.read_output(&ctx, &out)
        });
        // Microtasks the bundle queued still run under the same deadline.
        let output = self.drain_jobs().and(self.check_oom(output));
        self.disarm();
        output
    }

    /// The output object, read property by property: no JSON round trip of the markup (see the
    /// contract).
    fn read_output<'js>(&self, ctx: &Ctx<'js>, out: &Value<'js>) -> Result<RenderOutput, SsrError> {
        let Some(obj) = out
            .as_object()
            .filter(|_| !out.is_function() && !out.is_array())
        else {
            return Err(SsrError::BadOutput(format!(
                "{RENDER_FN} returned {}, not an object",
                out.type_name()
            )));
        };
        let field = |name: &str| -> Result<Value<'js>, SsrError> {
            obj.get(name).map_err(|err| self.js_error(ctx, err))
        };
        let bad = |name: &str, v: &Value<'js>| {
            SsrError::BadOutput(format!("`{name}` is {}", v.type_name()))
        };
        let text = |name: &str, v: Value<'js>| -> Result<Option<String>, SsrError> {
            if v.is_undefined() {
                return Ok(None);
            }
            let s = v.as_string().ok_or_else(|| bad(name, &v))?;
            s.to_string()
                .map(Some)
                .map_err(|err| self.js_error(ctx, err))
        };

        let status = field("status")?;
        let status = status
            .as_number()
            .filter(|n| n.fract() == 0.0 && (0.0..=f64::from(u16::MAX)).contains(n))
            .ok_or_else(|| bad("status", &status))?;
        let redirect = field("redirect")?;
        let redirect = if redirect.is_null() {
            None
        } else {
            text("redirect", redirect)?
        };
        let bundle = match text("bundle", field("bundle")?)?.as_deref() {
            None | Some("console") => ClientBundle::Console,
            Some("site") => ClientBundle::Site,
            Some(other) => return Err(SsrError::BadOutput(format!("unknown bundle `{other}`"))),
        };
        Ok(RenderOutput {
            #[expect(clippy::cast_possible_truncation, clippy::cast_sign_loss)] // checked above
            status: status as u16,
            head: text("head", field("head")?)?.unwrap_or_default(),
            html: text("html", field("html")?)?.unwrap_or_default(),
            redirect,
            bundle,
        })
    }

    /// Runs queued promise jobs until none are left or the deadline passes.
    fn drain_jobs(&self) -> Result<(), SsrError> {
        loop {
            let expired = self.deadline.get().is_some_and(|at| Instant::now() >= at);
            if expired || self.interrupted.get() {
                return if self.rt.is_job_pending() {
                    Err(SsrError::Timeout)
                } else {
                    Ok(())
                };
            }
            match self.rt.execute_pending_job() {
                Ok(true) => {}
                Ok(false) => return Ok(()),
                Err(job) => {
                    let err = job
                        .0
                        .with(|ctx| self.js_error(&ctx, rquickjs::Error::Exception));
                    drop(job);
                    match self.check_oom::<()>(Err(err)) {
                        Err(err @ (SsrError::Timeout | SsrError::OutOfMemory)) => return Err(err),
                        Err(err) => {
                            tracing::warn!(target: "ssr::js", %err, "uncaught error in a promise job");
                        }
                        Ok(()) => {}
                    }
                }
            }
        }
    }

    /// Classifies a failed call. Must run inside `ctx.with` right after the failure, while the
    /// exception is still pending.
    fn js_error(&self, ctx: &Ctx<'_>, err: rquickjs::Error) -> SsrError {
        if self.interrupted.get() {
            let _ = ctx.catch();
            return SsrError::Timeout;
        }
        match err {
            rquickjs::Error::Allocation => SsrError::OutOfMemory,
            rquickjs::Error::Exception => {
                let value = ctx.catch();
                let (message, stack) = match value.as_exception() {
                    Some(ex) => (ex.message().unwrap_or_default(), ex.stack()),
                    None => (describe(ctx, &value), None),
                };
                if message == "out of memory" {
                    SsrError::OutOfMemory
                } else {
                    SsrError::Js { message, stack }
                }
            }
            other => SsrError::Js {
                message: other.to_string(),
                stack: None,
            },
        }
    }

    /// QuickJS may fail to even allocate its "out of memory" error, so a JS error thrown with the
    /// heap at the limit counts as OOM too. Runs outside `ctx.with` (it borrows the runtime).
    fn check_oom<T>(&self, result: Result<T, SsrError>) -> Result<T, SsrError> {
        match result {
            Err(SsrError::Js { .. }) if self.near_memory_limit() => Err(SsrError::OutOfMemory),
            other => other,
        }
    }

    fn near_memory_limit(&self) -> bool {
        let used = usize::try_from(self.rt.memory_usage().malloc_size).unwrap_or(usize::MAX);
        self.memory_limit > 0 && used >= self.memory_limit / 10 * 9
    }
}

/// `console.*` → `tracing` with target `ssr::js`. The bundle may replace it with its own.
fn install_console<'js>(ctx: &Ctx<'js>) -> rquickjs::Result<()> {
    let console = Object::new(ctx.clone())?;
    let levels = [
        ("log", tracing::Level::INFO),
        ("info", tracing::Level::INFO),
        ("debug", tracing::Level::DEBUG),
        ("trace", tracing::Level::TRACE),
        ("warn", tracing::Level::WARN),
        ("error", tracing::Level::ERROR),
    ];
    for (name, level) in levels {
        let log = move |ctx: Ctx<'js>, args: Rest<Value<'js>>| {
            let line = args
                .0
                .iter()
                .map(|v| describe(&ctx, v))
                .collect::<Vec<_>>()
                .join(" ");
            match level {
                tracing::Level::ERROR => tracing::error!(target: "ssr::js", "{line}"),
                tracing::Level::WARN => tracing::warn!(target: "ssr::js", "{line}"),
                tracing::Level::INFO => tracing::info!(target: "ssr::js", "{line}"),
                tracing::Level::DEBUG => tracing::debug!(target: "ssr::js", "{line}"),
                _ => tracing::trace!(target: "ssr::js", "{line}"),
            }
        };
        console.set(name, Function::new(ctx.clone(), log)?.with_name(name)?)?;
    }
    ctx.globals().set("console", console)
}

/// A readable one-line-ish rendering of any JS value, for logs and non-Error throws.
fn describe<'js>(ctx: &Ctx<'js>, value: &Value<'js>) -> String {
    if let Some(s) = value.as_string() {
        return s.to_string().unwrap_or_default();
    }
    if let Some(ex) = value.as_exception() {
        let message = ex.message().unwrap_or_default();
        return match ex.stack() {
            Some(stack) if !stack.is_empty() => format!("{message}\n{stack}"),
            _ => message,
        };
    }
    if value.is_object() && !value.is_function() {
        match ctx.json_stringify(value.clone()) {
            Ok(Some(json)) => {
                if let Ok(json) = json.to_string() {
                    return json;
                }
            }
            Ok(None) => {}
            Err(_) => drop(ctx.catch()), // e.g. a cycle; fall back to String(value)
        }
    }
    value
        .get::<Coerced<String>>()
        .map_or_else(|_| format!("<{}>", value.type_name()), |c| c.0)
}
