//! Access control: casbin policies (subject = authorityId, object = call path, action = HTTP
//! method), the registry of calls they are granted over, and which calls are open or read-only.

use casbin::{CoreApi, DefaultModel, Enforcer, MemoryAdapter, MgmtApi};
use entities::{casbin_rule, sys_api, sys_authority};
use kernel::error::AppError;
use kernel::text;
use sea_orm::sea_query::OnConflict;
use sea_orm::{
    ColumnTrait, ConnectionTrait, DatabaseConnection, DatabaseTransaction, EntityTrait,
    QueryFilter, Set,
};
use serde::Serialize;
use std::collections::BTreeSet;
use std::sync::Arc;
use tokio::sync::RwLock;
use utoipa::ToSchema;

mod apis;
mod registry;
mod roles;

pub use apis::*;
pub use registry::*;
pub use roles::*;

pub(super) const MODEL: &str = "\
[request_definition]
r = sub, obj, act
[policy_definition]
p = sub, obj, act
[policy_effect]
e = some(where (p.eft == allow))
[matchers]
m = r.sub == p.sub && keyMatch2(r.obj, p.obj) && r.act == p.act
";

/// What a call is, declared where its route is registered (`routes::declare`); the operation
/// log, read-only trusteeships, the default grants of new calls and the session check follow
/// from it.
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    PartialOrd,
    Ord,
    Hash,
    Serialize,
    serde::Deserialize,
    ToSchema,
)]
#[serde(rename_all = "lowercase")]
pub enum CallKind {
    /// Anyone may make it without signing in (sign-in, captcha, share pages): no session, no
    /// policy, not an operation.
    Open,
    /// Needs a session and a policy; changes nothing, so it is not logged and a read-only
    /// trusteeship may make it.
    Read,
    /// Needs a session and a policy; changes data, so it is logged and refused under a
    /// read-only trusteeship.
    Write,
    /// A device's own call, signed with its device key: no session, not an operation
    /// (ingestion counts it).
    Device,
}

impl CallKind {
    /// The OpenAPI operation extension that carries the kind.
    pub const EXTENSION: &'static str = "x-call-kind";

    pub fn as_str(self) -> &'static str {
        match self {
            Self::Open => "open",
            Self::Read => "read",
            Self::Write => "write",
            Self::Device => "device",
        }
    }

    pub fn parse(text: &str) -> Option<Self> {
        [Self::Open, Self::Read, Self::Write, Self::Device]
            .into_iter()
            .find(|k| k.as_str() == text)
    }

    /// Whether the caller needs a session and a policy.
    pub fn signed_in(self) -> bool {
        matches!(self, Self::Read | Self::Write)
    }

    /// Whether the operation log records it.
    pub fn is_operation(self) -> bool {
        self == Self::Write
    }
}

/// The declared kind of every served call, by (full path pattern, method), read from the
/// OpenAPI description the routers produce.
#[derive(Debug, Clone, Default)]
pub struct CallKinds(Arc<std::collections::HashMap<(String, String), CallKind>>);

impl CallKinds {
    pub fn of_spec(openapi: &utoipa::openapi::OpenApi) -> Self {
        let mut kinds = std::collections::HashMap::new();
        for (path, item) in &openapi.paths.paths {
            for (method, op) in operations(item) {
                if let Some(kind) = kind_of(op) {
                    kinds.insert((path.clone(), method.to_owned()), kind);
                }
            }
        }
        Self(Arc::new(kinds))
    }

    /// The kind of `method` on the route `path` (HEAD is served by GET).
    pub fn get(&self, path: &str, method: &str) -> Option<CallKind> {
        let method = if method == "HEAD" { "GET" } else { method };
        self.0.get(&(path.to_owned(), method.to_owned())).copied()
    }
}

/// The kind an operation declares, if any.
pub fn kind_of(op: &utoipa::openapi::path::Operation) -> Option<CallKind> {
    op.extensions
        .as_ref()?
        .get(CallKind::EXTENSION)?
        .as_str()
        .and_then(CallKind::parse)
}

/// Grants missing policies (idempotent).
pub async fn grant<C: ConnectionTrait>(
    db: &C,
    authority_id: i64,
    calls: impl IntoIterator<Item = (String, String)>,
) -> Result<(), sea_orm::DbErr> {
    let sub = authority_id.to_string();
    let rows: Vec<_> = calls
        .into_iter()
        .map(|(path, method)| casbin_rule::ActiveModel {
            ptype: Set("p".into()),
            v0: Set(sub.clone()),
            v1: Set(path),
            v2: Set(method),
            ..Default::default()
        })
        .collect();
    for chunk in rows.chunks(200) {
        casbin_rule::Entity::insert_many(chunk.to_vec())
            .on_conflict(
                OnConflict::columns([
                    casbin_rule::Column::Ptype,
                    casbin_rule::Column::V0,
                    casbin_rule::Column::V1,
                    casbin_rule::Column::V2,
                ])
                .do_nothing()
                .to_owned(),
            )
            .exec_without_returning(db)
            .await?;
    }
    Ok(())
}

/// The casbin enforcer, loaded from `casbin_rule`; edits go to the table and the enforcer
/// together, so they take effect at once. Decisions are remembered per (role, route, method):
/// the enforcer evaluates its matcher over every policy, far too slow to run on each call, and
/// every edit below forgets them all before the enforcer is unlocked.
#[derive(Clone)]
pub struct Policies {
    enforcer: Arc<RwLock<Enforcer>>,
    decisions: Arc<std::sync::RwLock<Decisions>>,
}

/// Decisions by route pattern, then by (role, method, allowed): a lookup borrows the call's
/// strings and allocates nothing. A route has a handful of (role, method) pairs.
pub(super) type Decisions = std::collections::HashMap<Box<str>, Vec<(i64, Box<str>, bool)>>;

/// Registered routes stay far below this; it bounds what odd requests can add.
pub(super) const MAX_DECIDED_ROUTES: usize = 10_000;

impl Policies {
    pub async fn load(db: &DatabaseConnection) -> anyhow::Result<Self> {
        let model = DefaultModel::from_str(MODEL).await?;
        let mut enforcer = Enforcer::new(model, MemoryAdapter::default()).await?;
        let rules: Vec<Vec<String>> = casbin_rule::Entity::find()
            .filter(casbin_rule::Column::Ptype.eq("p"))
            .all(db)
            .await?
            .into_iter()
            .map(|r| vec![r.v0, r.v1, r.v2])
            .collect();
        if !rules.is_empty() {
            enforcer.add_policies(rules).await?;
        }
        Ok(Self {
            enforcer: Arc::new(RwLock::new(enforcer)),
            decisions: Arc::default(),
        })
    }

    /// Whether the role may make the call `method` on the route `path` (a route pattern).
    pub async fn allows(&self, authority_id: i64, path: &str, method: &str) -> bool {
        let decided = self.decided().get(path).and_then(|pairs| {
            pairs
                .iter()
                .find(|(role, m, _)| *role == authority_id && &**m == method)
                .map(|(.., allowed)| *allowed)
        });
        if let Some(allowed) = decided {
            return allowed;
        }
        let enforcer = self.enforcer.read().await;
        let allowed = enforcer
            .enforce((authority_id.to_string(), path, method))
            .unwrap_or(false);
        let mut decisions = self.decisions_mut();
        if decisions.len() >= MAX_DECIDED_ROUTES {
            decisions.clear();
        }
        // Recorded while the enforcer is read-locked, so an edit (write-locked) cannot slip
        // between the decision and its recording.
        decisions
            .entry(path.into())
            .or_default()
            .push((authority_id, method.into(), allowed));
        drop(enforcer);
        allowed
    }

    pub(super) fn decided(&self) -> std::sync::RwLockReadGuard<'_, Decisions> {
        self.decisions
            .read()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    fn decisions_mut(&self) -> std::sync::RwLockWriteGuard<'_, Decisions> {
        self.decisions
            .write()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// The (path, method) pairs granted to a role.
    pub async fn of(&self, authority_id: i64) -> BTreeSet<(String, String)> {
        let enforcer = self.enforcer.read().await;
        enforcer
            .get_filtered_policy(0, vec![authority_id.to_string()])
            .into_iter()
            .filter_map(|p| Some((p.get(1)?.clone(), p.get(2)?.clone())))
            .collect()
    }

    /// Replaces a role's whole policy set, in the table and the enforcer.
    pub async fn replace(
        &self,
        db: &DatabaseConnection,
        authority_id: i64,
        calls: BTreeSet<(String, String)>,
    ) -> Result<(), AppError> {
        let sub = authority_id.to_string();
        let txn = kernel::db::write_txn(db).await?;
        casbin_rule::Entity::delete_many()
            .filter(casbin_rule::Column::V0.eq(sub.clone()))
            .exec(&txn)
            .await?;
        grant(&txn, authority_id, calls.iter().cloned()).await?;
        let mut enforcer = self.enforcer.write().await;
        // No decision is taken while the enforcer is write-locked, so none outlives the edit.
        self.decisions_mut().clear();
        txn.commit().await?;
        enforcer
            .remove_filtered_policy(0, vec![sub.clone()])
            .await
            .map_err(|e| AppError::Internal(e.into()))?;
        let rules: Vec<Vec<String>> = calls
            .into_iter()
            .map(|(p, m)| vec![sub.clone(), p, m])
            .collect();
        if !rules.is_empty() {
            enforcer
                .add_policies(rules)
                .await
                .map_err(|e| AppError::Internal(e.into()))?;
        }
        Ok(())
    }
}

impl Policies {
    /// Commits a transaction that edited `casbin_rule` and brings the enforcer in line with the
    /// table: for the given roles, or for every role when `roles` is `None`. The enforcer stays
    /// locked from before the commit until it is in line, so no request sees a half state.
    pub async fn commit_and_sync(
        &self,
        txn: DatabaseTransaction,
        db: &DatabaseConnection,
        roles: Option<&[i64]>,
    ) -> Result<(), AppError> {
        let internal = |e: casbin::Error| AppError::Internal(e.into());
        let mut enforcer = self.enforcer.write().await;
        // No decision is taken while the enforcer is write-locked, so none outlives the edit.
        self.decisions_mut().clear();
        txn.commit().await?;
        let mut query = casbin_rule::Entity::find().filter(casbin_rule::Column::Ptype.eq("p"));
        match roles {
            Some(roles) => {
                let subs: Vec<String> = roles.iter().map(ToString::to_string).collect();
                for sub in &subs {
                    enforcer
                        .remove_filtered_policy(0, vec![sub.clone()])
                        .await
                        .map_err(internal)?;
                }
                query = query.filter(casbin_rule::Column::V0.is_in(subs));
            }
            None => enforcer.clear_policy().await.map_err(internal)?,
        }
        let rules: Vec<Vec<String>> = query
            .all(db)
            .await?
            .into_iter()
            .map(|r| vec![r.v0, r.v1, r.v2])
            .collect();
        if !rules.is_empty() {
            enforcer.add_policies(rules).await.map_err(internal)?;
        }
        Ok(())
    }
}

pub(super) fn role_not_found(id: i64) -> AppError {
    AppError::fail(text!("角色 {} 不存在", "role {} does not exist", id))
}

pub(super) fn join_ids(ids: &[i64]) -> String {
    ids.iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(", ")
}

pub(super) async fn find_role<C: ConnectionTrait>(
    db: &C,
    id: i64,
) -> Result<sys_authority::Model, AppError> {
    sys_authority::Entity::find_by_id(id)
        .one(db)
        .await?
        .ok_or_else(|| role_not_found(id))
}

// ---------------------------------------------------------------------------------------------
// casbin

/// Replaces a role's policies with `calls`; every (path, method) must be in the API registry.
pub async fn update_casbin(
    db: &DatabaseConnection,
    policies: &Policies,
    authority_id: i64,
    calls: &[(String, String)],
) -> Result<(), AppError> {
    find_role(db, authority_id).await?;
    let wanted: BTreeSet<(String, String)> = calls
        .iter()
        .map(|(p, m)| (p.trim().to_owned(), m.trim().to_ascii_uppercase()))
        .collect();
    let known: BTreeSet<(String, String)> = sys_api::Entity::find()
        .all(db)
        .await?
        .into_iter()
        .map(|a| (a.path, a.method))
        .collect();
    let unknown: Vec<String> = wanted
        .difference(&known)
        .map(|(p, m)| format!("{m} {p}"))
        .collect();
    if !unknown.is_empty() {
        return Err(AppError::fail(text!(
            "以下接口不在 API 列表中：{}",
            "these calls are not in the API registry: {}",
            unknown.join(", ")
        )));
    }
    policies.replace(db, authority_id, wanted).await
}

/// The (path, method) pairs granted to a role.
pub async fn policy_paths(
    db: &DatabaseConnection,
    policies: &Policies,
    authority_id: i64,
) -> Result<BTreeSet<(String, String)>, AppError> {
    find_role(db, authority_id).await?;
    Ok(policies.of(authority_id).await)
}
