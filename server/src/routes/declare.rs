//! Where each call declares its kind: area routers register handlers with `.open(…)`,
//! `.read(…)`, `.write(…)` or `.device(…)` instead of `.routes(…)`. The kind is written into
//! the call's OpenAPI operation (`x-call-kind`), from which the server builds its
//! [`CallKinds`](domain::authz::CallKinds): one declaration, read by the session
//! check, the operation log, read-only trusteeships and the default grants of new calls.

use utoipa::openapi::extensions::ExtensionsBuilder;
use utoipa_axum::router::{OpenApiRouter, UtoipaMethodRouter};

use domain::authz::CallKind;

pub trait Declare<S> {
    /// Calls anyone may make without signing in.
    fn open(self, calls: UtoipaMethodRouter<S>) -> Self;
    /// Calls that change nothing.
    fn read(self, calls: UtoipaMethodRouter<S>) -> Self;
    /// Calls that change data.
    fn write(self, calls: UtoipaMethodRouter<S>) -> Self;
    /// Calls devices make with their device key.
    fn device(self, calls: UtoipaMethodRouter<S>) -> Self;
}

impl<S: Clone + Send + Sync + 'static> Declare<S> for OpenApiRouter<S> {
    fn open(self, calls: UtoipaMethodRouter<S>) -> Self {
        self.routes(declared(calls, CallKind::Open))
    }

    fn read(self, calls: UtoipaMethodRouter<S>) -> Self {
        self.routes(declared(calls, CallKind::Read))
    }

    fn write(self, calls: UtoipaMethodRouter<S>) -> Self {
        self.routes(declared(calls, CallKind::Write))
    }

    fn device(self, calls: UtoipaMethodRouter<S>) -> Self {
        self.routes(declared(calls, CallKind::Device))
    }
}

fn declared<S>(
    (schemas, mut paths, router): UtoipaMethodRouter<S>,
    kind: CallKind,
) -> UtoipaMethodRouter<S> {
    for item in paths.paths.values_mut() {
        for op in [
            &mut item.get,
            &mut item.post,
            &mut item.put,
            &mut item.delete,
            &mut item.patch,
        ]
        .into_iter()
        .flatten()
        {
            let ext = ExtensionsBuilder::new()
                .add(CallKind::EXTENSION, kind.as_str())
                .build();
            match &mut op.extensions {
                Some(existing) => existing.merge(ext),
                None => op.extensions = Some(ext),
            }
        }
    }
    (schemas, paths, router)
}
