//! Access control: casbin policies (subject = authorityId, object = call path, action = HTTP
//! method), the registry of calls they are granted over, and which calls are open or read-only.

use std::collections::{BTreeMap, BTreeSet};
use std::sync::Arc;

use casbin::{CoreApi, DefaultModel, Enforcer, MemoryAdapter, MgmtApi};
use chrono::{DateTime, Utc};
use entities::{
    casbin_rule, sys_api, sys_authority, sys_authority_btn, sys_authority_menu, sys_data_authority,
    sys_enterprise_menu, sys_user, sys_user_authority,
};
use sea_orm::sea_query::OnConflict;
use sea_orm::{
    ActiveModelTrait, ColumnTrait, Condition, ConnectionTrait, DatabaseConnection,
    DatabaseTransaction, EntityTrait, PaginatorTrait, QueryFilter, QueryOrder, Set,
};
use serde::Serialize;
use tokio::sync::RwLock;
use utoipa::ToSchema;

use super::{menu, menu_seed, seed};
use kernel::error::{AppError, DbResultExt};
use kernel::paging::{self, PageQuery, PageResult};
use kernel::text;

const MODEL: &str = "\
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

/// A call the API registry knows.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub struct ApiEntry {
    pub path: String,
    pub method: String,
    pub group: String,
    pub description: String,
    /// The declared kind; `None` for a catalogue call the server does not serve yet.
    pub kind: Option<CallKind>,
}

/// Every call of the spec's catalogue plus every call the code documents, by (path, method).
pub fn registry(openapi: &utoipa::openapi::OpenApi) -> Vec<ApiEntry> {
    let mut entries = std::collections::BTreeMap::new();
    for line in include_str!("api-catalogue.tsv").lines() {
        let cols: Vec<&str> = line.split('\t').collect();
        if let [method, base, path, area] = cols[..]
            && !method.starts_with('#')
        {
            let full = format!("{base}{path}");
            entries.insert(
                (full.clone(), method.to_owned()),
                ApiEntry {
                    path: full,
                    method: method.into(),
                    group: area.into(),
                    description: String::new(),
                    kind: None,
                },
            );
        }
    }
    for (path, item) in &openapi.paths.paths {
        for (method, op) in operations(item) {
            let group = op
                .tags
                .as_ref()
                .and_then(|t| t.first().cloned())
                .unwrap_or_default();
            let description = op.summary.clone().unwrap_or_default();
            let entry = entries
                .entry((path.clone(), method.to_owned()))
                .or_insert(ApiEntry {
                    path: path.clone(),
                    method: method.to_owned(),
                    group: group.clone(),
                    description: String::new(),
                    kind: None,
                });
            entry.description = description;
            entry.kind = kind_of(op);
            if entry.group.is_empty() {
                entry.group = group;
            }
        }
    }
    entries.into_values().collect()
}

fn operations(
    item: &utoipa::openapi::PathItem,
) -> Vec<(&'static str, &utoipa::openapi::path::Operation)> {
    [
        ("GET", item.get.as_ref()),
        ("POST", item.post.as_ref()),
        ("PUT", item.put.as_ref()),
        ("DELETE", item.delete.as_ref()),
        ("PATCH", item.patch.as_ref()),
    ]
    .into_iter()
    .filter_map(|(m, op)| op.map(|op| (m, op)))
    .collect()
}

/// Adds missing registry rows (never removes: operators may have added their own).
pub async fn sync_registry<C: ConnectionTrait>(
    db: &C,
    entries: &[ApiEntry],
) -> Result<(), sea_orm::DbErr> {
    let now = Utc::now();
    for chunk in entries.chunks(200) {
        let rows = chunk.iter().map(|e| sys_api::ActiveModel {
            path: Set(e.path.clone()),
            method: Set(e.method.clone()),
            api_group: Set(e.group.clone()),
            description: Set(e.description.clone()),
            kind: Set(e.kind.map(|k| k.as_str().to_owned())),
            created_at: Set(now),
            updated_at: Set(now),
            ..Default::default()
        });
        sys_api::Entity::insert_many(rows)
            .on_conflict(
                OnConflict::columns([sys_api::Column::Path, sys_api::Column::Method])
                    .do_nothing()
                    .to_owned(),
            )
            .exec_without_returning(db)
            .await?;
    }
    Ok(())
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
type Decisions = std::collections::HashMap<Box<str>, Vec<(i64, Box<str>, bool)>>;

/// Registered routes stay far below this; it bounds what odd requests can add.
const MAX_DECIDED_ROUTES: usize = 10_000;

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

    fn decided(&self) -> std::sync::RwLockReadGuard<'_, Decisions> {
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

fn role_not_found(id: i64) -> AppError {
    AppError::fail(text!("角色 {} 不存在", "role {} does not exist", id))
}

fn join_ids(ids: &[i64]) -> String {
    ids.iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(", ")
}

async fn find_role<C: ConnectionTrait>(db: &C, id: i64) -> Result<sys_authority::Model, AppError> {
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

// ---------------------------------------------------------------------------------------------
// Roles

/// A role the data scope names.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AuthorityRef {
    pub authority_id: i64,
    pub authority_name: String,
}

/// A role with its data scope and its child roles.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AuthorityNode {
    pub authority_id: i64,
    pub authority_name: String,
    /// 0 for a top-level role.
    pub parent_id: i64,
    /// The route the console opens after sign-in.
    pub default_router: String,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
    /// The roles whose data this role sees.
    pub data_authority_id: Vec<AuthorityRef>,
    #[schema(no_recursion)]
    pub children: Vec<AuthorityNode>,
}

/// Every role as trees (roots: parent 0, or a parent that no longer exists).
pub async fn authority_tree(db: &DatabaseConnection) -> Result<Vec<AuthorityNode>, AppError> {
    let roles = sys_authority::Entity::find()
        .order_by_asc(sys_authority::Column::AuthorityId)
        .all(db)
        .await?;
    let names: BTreeMap<i64, String> = roles
        .iter()
        .map(|r| (r.authority_id, r.authority_name.clone()))
        .collect();
    let mut scopes: BTreeMap<i64, Vec<AuthorityRef>> = BTreeMap::new();
    for d in sys_data_authority::Entity::find()
        .order_by_asc(sys_data_authority::Column::DataAuthorityId)
        .all(db)
        .await?
    {
        scopes
            .entry(d.authority_id)
            .or_default()
            .push(AuthorityRef {
                authority_id: d.data_authority_id,
                authority_name: names.get(&d.data_authority_id).cloned().unwrap_or_default(),
            });
    }
    let mut by_parent: BTreeMap<i64, Vec<AuthorityNode>> = BTreeMap::new();
    for r in roles {
        let parent = if names.contains_key(&r.parent_id) && r.parent_id != r.authority_id {
            r.parent_id
        } else {
            0
        };
        by_parent.entry(parent).or_default().push(AuthorityNode {
            data_authority_id: scopes.remove(&r.authority_id).unwrap_or_default(),
            authority_id: r.authority_id,
            authority_name: r.authority_name,
            parent_id: r.parent_id,
            default_router: r.default_router,
            created_at: r.created_at,
            updated_at: r.updated_at,
            children: Vec::new(),
        });
    }
    fn attach(
        parent: i64,
        by_parent: &mut BTreeMap<i64, Vec<AuthorityNode>>,
        depth: usize,
    ) -> Vec<AuthorityNode> {
        let mut nodes = by_parent.remove(&parent).unwrap_or_default();
        if depth < 64 {
            for n in &mut nodes {
                n.children = attach(n.authority_id, by_parent, depth + 1);
            }
        }
        nodes
    }
    Ok(attach(0, &mut by_parent, 0))
}

/// One role as a node (without children).
pub async fn authority_node(db: &DatabaseConnection, id: i64) -> Result<AuthorityNode, AppError> {
    let r = find_role(db, id).await?;
    let scope = data_scope(db, id).await?;
    Ok(AuthorityNode {
        authority_id: r.authority_id,
        authority_name: r.authority_name,
        parent_id: r.parent_id,
        default_router: r.default_router,
        created_at: r.created_at,
        updated_at: r.updated_at,
        data_authority_id: scope,
        children: Vec::new(),
    })
}

async fn data_scope<C: ConnectionTrait>(db: &C, id: i64) -> Result<Vec<AuthorityRef>, AppError> {
    let ids: Vec<i64> = sys_data_authority::Entity::find()
        .filter(sys_data_authority::Column::AuthorityId.eq(id))
        .all(db)
        .await?
        .into_iter()
        .map(|d| d.data_authority_id)
        .collect();
    Ok(sys_authority::Entity::find()
        .filter(sys_authority::Column::AuthorityId.is_in(ids))
        .order_by_asc(sys_authority::Column::AuthorityId)
        .all(db)
        .await?
        .into_iter()
        .map(|r| AuthorityRef {
            authority_id: r.authority_id,
            authority_name: r.authority_name,
        })
        .collect())
}

/// A role as `createAuthority` / `copyAuthority` write it.
pub struct NewAuthority {
    pub authority_id: i64,
    pub authority_name: String,
    pub parent_id: i64,
}

async fn check_new_role<C: ConnectionTrait>(db: &C, role: &NewAuthority) -> Result<(), AppError> {
    if role.authority_id <= 0 {
        return Err(AppError::fail(text!(
            "authorityId 必须是正整数",
            "authorityId must be a positive integer"
        )));
    }
    if role.authority_name.trim().is_empty() {
        return Err(AppError::fail(text!(
            "authorityName 不能为空",
            "authorityName must not be empty"
        )));
    }
    if sys_authority::Entity::find_by_id(role.authority_id)
        .one(db)
        .await?
        .is_some()
    {
        return Err(duplicate_role(role.authority_id));
    }
    if role.parent_id != 0 {
        find_role(db, role.parent_id).await.map_err(|_| {
            AppError::fail(text!(
                "上级角色 {} 不存在",
                "parent role {} does not exist",
                role.parent_id
            ))
        })?;
    }
    Ok(())
}

fn duplicate_role(id: i64) -> AppError {
    AppError::fail(duplicate_role_text(id))
}

fn duplicate_role_text(id: i64) -> kernel::i18n::Text {
    text!("存在相同角色id：{}", "a role with id {} already exists", id)
}

async fn insert_role<C: ConnectionTrait>(db: &C, role: &NewAuthority) -> Result<(), AppError> {
    let now = Utc::now();
    sys_authority::Entity::insert(sys_authority::ActiveModel {
        authority_id: Set(role.authority_id),
        authority_name: Set(role.authority_name.trim().to_owned()),
        parent_id: Set(role.parent_id),
        default_router: Set("map".into()),
        created_at: Set(now),
        updated_at: Set(now),
    })
    .exec_without_returning(db)
    .await
    .on_conflict(|| duplicate_role_text(role.authority_id))?;
    Ok(())
}

/// Creates a role with the default menus of a new role and the self-service policies every
/// signed-in role needs.
pub async fn create_authority(
    db: &DatabaseConnection,
    policies: &Policies,
    role: &NewAuthority,
) -> Result<AuthorityNode, AppError> {
    check_new_role(db, role).await?;
    let txn = kernel::db::write_txn(db).await?;
    insert_role(&txn, role).await?;
    let menus = menu::menu_subtrees_named(&txn, menu_seed::NEW_ROLE_MENUS).await?;
    menu::link_menus(&txn, role.authority_id, &menus).await?;
    let calls: Vec<(String, String)> = sys_api::Entity::find()
        .filter(sys_api::Column::Path.is_in(seed::SELF_CALLS.iter().copied()))
        .all(&txn)
        .await?
        .into_iter()
        .map(|a| (a.path, a.method))
        .collect();
    grant(&txn, role.authority_id, calls).await?;
    policies
        .commit_and_sync(txn, db, Some(&[role.authority_id]))
        .await?;
    authority_node(db, role.authority_id).await
}

/// Creates a role as a copy of another: its menus, buttons, policies and enterprise narrowings;
/// the data scope is `data_scope` when given, else the old role's.
pub async fn copy_authority(
    db: &DatabaseConnection,
    policies: &Policies,
    role: &NewAuthority,
    data_scope_ids: Option<Vec<i64>>,
    old_authority_id: i64,
) -> Result<AuthorityNode, AppError> {
    find_role(db, old_authority_id).await?;
    check_new_role(db, role).await?;
    let scope: Vec<i64> = match data_scope_ids {
        Some(ids) => {
            check_roles_exist(db, &ids).await?;
            ids
        }
        None => sys_data_authority::Entity::find()
            .filter(sys_data_authority::Column::AuthorityId.eq(old_authority_id))
            .all(db)
            .await?
            .into_iter()
            .map(|d| d.data_authority_id)
            .collect(),
    };
    let new_id = role.authority_id;
    let txn = kernel::db::write_txn(db).await?;
    insert_role(&txn, role).await?;
    let menus = menu::role_menu_ids(&txn, old_authority_id).await?;
    menu::link_menus(&txn, new_id, &menus).await?;
    let buttons: Vec<_> = sys_authority_btn::Entity::find()
        .filter(sys_authority_btn::Column::AuthorityId.eq(old_authority_id))
        .all(&txn)
        .await?
        .into_iter()
        .map(|b| sys_authority_btn::ActiveModel {
            authority_id: Set(new_id),
            menu_id: Set(b.menu_id),
            btn_id: Set(b.btn_id),
        })
        .collect();
    for chunk in buttons.chunks(300) {
        sys_authority_btn::Entity::insert_many(chunk.to_vec())
            .exec_without_returning(&txn)
            .await?;
    }
    let narrowings: Vec<_> = sys_enterprise_menu::Entity::find()
        .filter(sys_enterprise_menu::Column::AuthorityId.eq(old_authority_id))
        .all(&txn)
        .await?
        .into_iter()
        .map(|e| sys_enterprise_menu::ActiveModel {
            enterprise_id: Set(e.enterprise_id),
            authority_id: Set(new_id),
            menu_id: Set(e.menu_id),
        })
        .collect();
    for chunk in narrowings.chunks(300) {
        sys_enterprise_menu::Entity::insert_many(chunk.to_vec())
            .exec_without_returning(&txn)
            .await?;
    }
    insert_scope(&txn, new_id, &scope).await?;
    let calls: Vec<(String, String)> = casbin_rule::Entity::find()
        .filter(casbin_rule::Column::Ptype.eq("p"))
        .filter(casbin_rule::Column::V0.eq(old_authority_id.to_string()))
        .all(&txn)
        .await?
        .into_iter()
        .map(|r| (r.v1, r.v2))
        .collect();
    grant(&txn, new_id, calls).await?;
    policies.commit_and_sync(txn, db, Some(&[new_id])).await?;
    authority_node(db, new_id).await
}

async fn check_roles_exist<C: ConnectionTrait>(db: &C, ids: &[i64]) -> Result<(), AppError> {
    let known: BTreeSet<i64> = sys_authority::Entity::find()
        .filter(sys_authority::Column::AuthorityId.is_in(ids.to_vec()))
        .all(db)
        .await?
        .into_iter()
        .map(|r| r.authority_id)
        .collect();
    let unknown: Vec<i64> = ids.iter().filter(|i| !known.contains(i)).copied().collect();
    if unknown.is_empty() {
        Ok(())
    } else {
        Err(AppError::fail(text!(
            "角色 {} 不存在",
            "roles {} do not exist",
            join_ids(&unknown)
        )))
    }
}

async fn insert_scope<C: ConnectionTrait>(db: &C, id: i64, scope: &[i64]) -> Result<(), AppError> {
    let rows: Vec<_> = scope
        .iter()
        .copied()
        .collect::<BTreeSet<_>>()
        .into_iter()
        .map(|d| sys_data_authority::ActiveModel {
            authority_id: Set(id),
            data_authority_id: Set(d),
        })
        .collect();
    if !rows.is_empty() {
        sys_data_authority::Entity::insert_many(rows)
            .exec_without_returning(db)
            .await?;
    }
    Ok(())
}

/// The fields `updateAuthority` may change; `None` keeps the current value.
pub struct AuthorityChanges {
    pub authority_name: Option<String>,
    pub parent_id: Option<i64>,
    pub default_router: Option<String>,
}

/// Renames a role, moves it under another parent (not itself nor one of its descendants) or
/// changes its default route.
pub async fn update_authority(
    db: &DatabaseConnection,
    id: i64,
    changes: AuthorityChanges,
) -> Result<AuthorityNode, AppError> {
    let role = find_role(db, id).await?;
    let mut row: sys_authority::ActiveModel = role.into();
    if let Some(name) = changes.authority_name {
        let name = name.trim();
        if name.is_empty() {
            return Err(AppError::fail(text!(
                "authorityName 不能为空",
                "authorityName must not be empty"
            )));
        }
        row.authority_name = Set(name.to_owned());
    }
    if let Some(router) = changes.default_router {
        let router = router.trim();
        if router.is_empty() {
            return Err(AppError::fail(text!(
                "defaultRouter 不能为空",
                "defaultRouter must not be empty"
            )));
        }
        row.default_router = Set(router.to_owned());
    }
    if let Some(parent) = changes.parent_id {
        if parent != 0 {
            let parents: BTreeMap<i64, i64> = sys_authority::Entity::find()
                .all(db)
                .await?
                .into_iter()
                .map(|r| (r.authority_id, r.parent_id))
                .collect();
            if !parents.contains_key(&parent) {
                return Err(AppError::fail(text!(
                    "上级角色 {} 不存在",
                    "parent role {} does not exist",
                    parent
                )));
            }
            let mut cursor = parent;
            for _ in 0..=parents.len() {
                if cursor == id {
                    return Err(AppError::fail(text!(
                        "角色 {} 不能成为自己或下级角色的子角色",
                        "role {} cannot be placed under itself or one of its descendants",
                        id
                    )));
                }
                match parents.get(&cursor) {
                    Some(&p) if p != 0 => cursor = p,
                    _ => break,
                }
            }
        }
        row.parent_id = Set(parent);
    }
    row.updated_at = Set(Utc::now());
    row.update(db).await?;
    authority_node(db, id).await
}

/// Deletes a role nobody holds and that has no child roles, with its menus, buttons,
/// enterprise narrowings, data scopes (both ways) and policies.
pub async fn delete_authority(
    db: &DatabaseConnection,
    policies: &Policies,
    id: i64,
) -> Result<(), AppError> {
    find_role(db, id).await?;
    let active = sys_user::Entity::find()
        .filter(sys_user::Column::AuthorityId.eq(id))
        .count(db)
        .await?;
    let held = sys_user_authority::Entity::find()
        .filter(sys_user_authority::Column::AuthorityId.eq(id))
        .count(db)
        .await?;
    if active + held > 0 {
        return Err(AppError::fail(text!(
            "角色 {} 有用户正在使用，禁止删除",
            "users hold role {}; it cannot be deleted",
            id
        )));
    }
    let children = sys_authority::Entity::find()
        .filter(sys_authority::Column::ParentId.eq(id))
        .filter(sys_authority::Column::AuthorityId.ne(id))
        .count(db)
        .await?;
    if children > 0 {
        return Err(AppError::fail(text!(
            "角色 {} 存在子角色，禁止删除",
            "role {} has child roles; it cannot be deleted",
            id
        )));
    }
    let txn = kernel::db::write_txn(db).await?;
    sys_authority_btn::Entity::delete_many()
        .filter(sys_authority_btn::Column::AuthorityId.eq(id))
        .exec(&txn)
        .await?;
    sys_authority_menu::Entity::delete_many()
        .filter(sys_authority_menu::Column::AuthorityId.eq(id))
        .exec(&txn)
        .await?;
    sys_enterprise_menu::Entity::delete_many()
        .filter(sys_enterprise_menu::Column::AuthorityId.eq(id))
        .exec(&txn)
        .await?;
    sys_data_authority::Entity::delete_many()
        .filter(
            Condition::any()
                .add(sys_data_authority::Column::AuthorityId.eq(id))
                .add(sys_data_authority::Column::DataAuthorityId.eq(id)),
        )
        .exec(&txn)
        .await?;
    casbin_rule::Entity::delete_many()
        .filter(casbin_rule::Column::V0.eq(id.to_string()))
        .exec(&txn)
        .await?;
    sys_authority::Entity::delete_by_id(id).exec(&txn).await?;
    policies.commit_and_sync(txn, db, Some(&[id])).await
}

/// Replaces the roles whose data a role sees.
pub async fn set_data_authority(
    db: &DatabaseConnection,
    id: i64,
    scope: &[i64],
) -> Result<(), AppError> {
    find_role(db, id).await?;
    check_roles_exist(db, scope).await?;
    let txn = kernel::db::write_txn(db).await?;
    sys_data_authority::Entity::delete_many()
        .filter(sys_data_authority::Column::AuthorityId.eq(id))
        .exec(&txn)
        .await?;
    insert_scope(&txn, id, scope).await?;
    txn.commit().await?;
    Ok(())
}

// ---------------------------------------------------------------------------------------------
// The API registry

/// A registered call as the console shows it.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ApiItem {
    #[serde(rename = "ID")]
    pub id: i64,
    /// Full path including the base, e.g. `/api/user/getUserInfo`.
    pub path: String,
    pub description: String,
    pub api_group: String,
    pub method: String,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

impl From<sys_api::Model> for ApiItem {
    fn from(a: sys_api::Model) -> Self {
        Self {
            id: a.id,
            path: a.path,
            description: a.description,
            api_group: a.api_group,
            method: a.method,
            created_at: a.created_at,
            updated_at: a.updated_at,
        }
    }
}

/// Filters of `getApiList`.
#[derive(Debug, Default)]
pub struct ApiFilter {
    pub path: String,
    pub description: String,
    pub method: String,
    pub api_group: String,
    pub order_key: String,
    pub desc: bool,
}

/// A page of the registry: path and description match anywhere, method and group exactly;
/// ordered by `order_key` (id, path, api_group, description, method; default id descending).
pub async fn api_list(
    db: &DatabaseConnection,
    filter: &ApiFilter,
    page: PageQuery,
) -> Result<PageResult<ApiItem>, AppError> {
    let mut q = sys_api::Entity::find();
    if !filter.path.trim().is_empty() {
        q = q.filter(kernel::search::contains(
            sys_api::Column::Path,
            filter.path.trim(),
        ));
    }
    if !filter.description.trim().is_empty() {
        q = q.filter(kernel::search::contains(
            sys_api::Column::Description,
            filter.description.trim(),
        ));
    }
    if !filter.method.trim().is_empty() {
        q = q.filter(sys_api::Column::Method.eq(filter.method.trim().to_ascii_uppercase()));
    }
    if !filter.api_group.trim().is_empty() {
        q = q.filter(sys_api::Column::ApiGroup.eq(filter.api_group.trim()));
    }
    let column = match filter.order_key.as_str() {
        "" => None,
        "id" => Some(sys_api::Column::Id),
        "path" => Some(sys_api::Column::Path),
        "api_group" => Some(sys_api::Column::ApiGroup),
        "description" => Some(sys_api::Column::Description),
        "method" => Some(sys_api::Column::Method),
        other => {
            return Err(AppError::fail(text!(
                "非法的排序字段：{}",
                "invalid orderKey: {} (id, path, api_group, description or method)",
                other
            )));
        }
    };
    q = match column {
        None => q.order_by_desc(sys_api::Column::Id),
        Some(c) if filter.desc => q.order_by_desc(c).order_by_desc(sys_api::Column::Id),
        Some(c) => q.order_by_asc(c).order_by_asc(sys_api::Column::Id),
    };
    paging::fetch(db, q, page, ApiItem::from).await
}

/// A registry entry as written by `createApi` / `updateApi`.
pub struct ApiFields {
    pub path: String,
    pub description: String,
    pub api_group: String,
    pub method: String,
}

const METHODS: [&str; 5] = ["GET", "POST", "PUT", "DELETE", "PATCH"];

fn check_api_fields(f: &ApiFields) -> Result<(String, String), AppError> {
    for (value, field) in [
        (&f.path, "path"),
        (&f.description, "description"),
        (&f.api_group, "apiGroup"),
        (&f.method, "method"),
    ] {
        if value.trim().is_empty() {
            return Err(AppError::fail(text!(
                "{} 不能为空",
                "{} must not be empty",
                field
            )));
        }
    }
    let path = f.path.trim().to_owned();
    if !path.starts_with('/') {
        return Err(AppError::fail(text!(
            "path 必须以 / 开头",
            "path must start with /"
        )));
    }
    let method = f.method.trim().to_ascii_uppercase();
    if !METHODS.contains(&method.as_str()) {
        return Err(AppError::fail(text!(
            "method {} 无效（GET、POST、PUT、DELETE 或 PATCH）",
            "method {} is invalid (GET, POST, PUT, DELETE or PATCH)",
            f.method
        )));
    }
    Ok((path, method))
}

fn duplicate_api(method: &str, path: &str) -> kernel::i18n::Text {
    text!(
        "存在相同api：{} {}",
        "the registry already has {} {}",
        method,
        path
    )
}

async fn find_api<C: ConnectionTrait>(db: &C, id: i64) -> Result<sys_api::Model, AppError> {
    sys_api::Entity::find_by_id(id)
        .one(db)
        .await?
        .ok_or_else(|| AppError::fail(text!("API {} 不存在", "API {} does not exist", id)))
}

/// Registers a call.
pub async fn create_api(db: &DatabaseConnection, f: &ApiFields) -> Result<ApiItem, AppError> {
    let (path, method) = check_api_fields(f)?;
    let now = Utc::now();
    let id = sys_api::Entity::insert(sys_api::ActiveModel {
        path: Set(path.clone()),
        method: Set(method.clone()),
        api_group: Set(f.api_group.trim().to_owned()),
        description: Set(f.description.trim().to_owned()),
        created_at: Set(now),
        updated_at: Set(now),
        ..Default::default()
    })
    .exec(db)
    .await
    .on_conflict(|| duplicate_api(&method, &path))?
    .last_insert_id;
    Ok(find_api(db, id).await?.into())
}

pub async fn api_by_id(db: &DatabaseConnection, id: i64) -> Result<ApiItem, AppError> {
    Ok(find_api(db, id).await?.into())
}

/// The whole registry, newest first.
pub async fn all_apis(db: &DatabaseConnection) -> Result<Vec<ApiItem>, AppError> {
    Ok(sys_api::Entity::find()
        .order_by_desc(sys_api::Column::Id)
        .all(db)
        .await?
        .into_iter()
        .map(ApiItem::from)
        .collect())
}

/// Rewrites a registry entry; policies granted over its old (path, method) follow it.
pub async fn update_api(
    db: &DatabaseConnection,
    policies: &Policies,
    id: i64,
    f: &ApiFields,
) -> Result<ApiItem, AppError> {
    let old = find_api(db, id).await?;
    let (path, method) = check_api_fields(f)?;
    let clash = sys_api::Entity::find()
        .filter(sys_api::Column::Path.eq(path.clone()))
        .filter(sys_api::Column::Method.eq(method.clone()))
        .filter(sys_api::Column::Id.ne(id))
        .count(db)
        .await?;
    if clash > 0 {
        return Err(AppError::fail(duplicate_api(&method, &path)));
    }
    let moved = old.path != path || old.method != method;
    let txn = kernel::db::write_txn(db).await?;
    let subjects: Vec<String> = if moved {
        rules_over(&txn, &old.path, &old.method).await?
    } else {
        Vec::new()
    };
    let mut row: sys_api::ActiveModel = old.clone().into();
    row.path = Set(path.clone());
    row.method = Set(method.clone());
    row.api_group = Set(f.api_group.trim().to_owned());
    row.description = Set(f.description.trim().to_owned());
    row.updated_at = Set(Utc::now());
    row.update(&txn)
        .await
        .on_conflict(|| duplicate_api(&method, &path))?;
    let mut roles = Vec::new();
    if moved {
        delete_rules_over(&txn, &old.path, &old.method).await?;
        for sub in &subjects {
            let rule = casbin_rule::ActiveModel {
                ptype: Set("p".into()),
                v0: Set(sub.clone()),
                v1: Set(path.clone()),
                v2: Set(method.clone()),
                ..Default::default()
            };
            casbin_rule::Entity::insert(rule)
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
                .exec_without_returning(&txn)
                .await?;
            if let Ok(role) = sub.parse() {
                roles.push(role);
            }
        }
    }
    if subjects.len() == roles.len() {
        policies.commit_and_sync(txn, db, Some(&roles)).await?;
    } else {
        policies.commit_and_sync(txn, db, None).await?;
    }
    api_by_id(db, id).await
}

/// The subjects of the rules over a (path, method).
async fn rules_over<C: ConnectionTrait>(
    db: &C,
    path: &str,
    method: &str,
) -> Result<Vec<String>, AppError> {
    Ok(casbin_rule::Entity::find()
        .filter(casbin_rule::Column::Ptype.eq("p"))
        .filter(casbin_rule::Column::V1.eq(path))
        .filter(casbin_rule::Column::V2.eq(method))
        .all(db)
        .await?
        .into_iter()
        .map(|r| r.v0)
        .collect())
}

async fn delete_rules_over<C: ConnectionTrait>(
    db: &C,
    path: &str,
    method: &str,
) -> Result<(), AppError> {
    casbin_rule::Entity::delete_many()
        .filter(casbin_rule::Column::Ptype.eq("p"))
        .filter(casbin_rule::Column::V1.eq(path))
        .filter(casbin_rule::Column::V2.eq(method))
        .exec(db)
        .await?;
    Ok(())
}

/// Removes registry entries and every policy granted over them; all or nothing.
pub async fn delete_apis(
    db: &DatabaseConnection,
    policies: &Policies,
    ids: &[i64],
) -> Result<(), AppError> {
    let ids: BTreeSet<i64> = ids.iter().copied().collect();
    if ids.is_empty() {
        return Err(AppError::fail(text!(
            "ids 不能为空",
            "ids must not be empty"
        )));
    }
    let rows = sys_api::Entity::find()
        .filter(sys_api::Column::Id.is_in(ids.iter().copied()))
        .all(db)
        .await?;
    let found: BTreeSet<i64> = rows.iter().map(|a| a.id).collect();
    let missing: Vec<i64> = ids.difference(&found).copied().collect();
    if !missing.is_empty() {
        return Err(AppError::fail(text!(
            "API {} 不存在",
            "APIs {} do not exist",
            join_ids(&missing)
        )));
    }
    let txn = kernel::db::write_txn(db).await?;
    for a in &rows {
        delete_rules_over(&txn, &a.path, &a.method).await?;
    }
    sys_api::Entity::delete_many()
        .filter(sys_api::Column::Id.is_in(ids))
        .exec(&txn)
        .await?;
    policies.commit_and_sync(txn, db, None).await
}
