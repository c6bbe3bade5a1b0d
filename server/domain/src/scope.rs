//! The data scope: which enterprises (and which other enterprises' vehicles) a request may read
//! and write. Every area's queries go through [`Scope`], so a new area cannot forget the rule.
//!
//! The rule:
//! - A user acts for one enterprise at a time: their current one (`now_ent_id`, set by
//!   `my_enterprise/cut`), or the `x-ent-id` header when they may act for that enterprise.
//! - They see the acting enterprise and its descendants, plus every enterprise (with its
//!   descendants) of the clusters that one of those enterprises supervises.
//! - Confirmed relations of type 2, 3 or 4 whose grantee they see give them exactly the vehicles
//!   the relation covers ([`Scope::vehicle_filter`]), not the grantor's other data. A relation
//!   covers only vehicles owned by its grantor or an enterprise below it — what the grantor sees
//!   as its own; vehicles it sees as a cluster's supervisor or through a relation are not its
//!   to pass on (`vehicle::records::require_owned_below`).
//! - Platform staff see everything: the super admin (active role 888), and 999/666 acting in
//!   the platform enterprise 1013.
//! - The visitor account sees the sample enterprises (`is_sample`) and nothing else, whatever
//!   its memberships or current enterprise say.
//! - A `/captain` request is served under the caller's trusteeship instead: the entrusted
//!   enterprise (and its subtree unless restricted) is all they see, whoever they are, and a
//!   read-only trusteeship refuses every mutating call.

use std::collections::BTreeSet;
use std::sync::Arc;
use std::time::Duration;

use chrono::Utc;
use entities::{
    cluster, cluster_enterprise, enterprise, relation, relation_vehicle, sys_user, trusteeship,
};
use sea_orm::{
    ColumnTrait, Condition, ConnectionTrait, EntityTrait, PrimaryKeyTrait, QueryFilter, QueryOrder,
    QuerySelect, QueryTrait,
};

use crate::principal::Principal;

use kernel::error::AppError;
use kernel::ids::{
    PLATFORM_ENTERPRISE, ROLE_PLATFORM_OPERATOR, ROLE_PLATFORM_SUPPORT, ROLE_SUPER_ADMIN,
};
use kernel::text;

/// Enterprise trees are at most three levels deep; this bounds the descent.
pub const MAX_DEPTH: usize = 3;

/// Relation types whose confirmed relations grant the grantee the vehicles they cover.
pub const COVERING_RELATION_TYPES: [i16; 3] = [2, 3, 4];
/// `relations.state` of a confirmed relation.
pub const RELATION_CONFIRMED: i16 = 1;

/// Trusteeship restriction bits.
pub const RESTRICT_READ_ONLY: i16 = 1;
pub const RESTRICT_ENTERPRISE_ONLY: i16 = 2;

/// The trusteeship a `/captain` request is served under.
#[derive(Debug, Clone)]
pub struct Trustee {
    pub id: i64,
    pub enterprise_id: i64,
    pub colony_id: Option<i64>,
    pub restriction: i16,
}

#[derive(Debug, Clone)]
pub struct Scope {
    pub user: sys_user::Model,
    /// The enterprise this request acts for.
    pub enterprise_id: Option<i64>,
    /// Platform staff: sees everything (never under a trusteeship).
    pub platform: bool,
    /// The enterprises the request sees; for platform staff, every enterprise there is (so an
    /// unknown id is refused before a write names it).
    pub visible: Arc<BTreeSet<i64>>,
    /// The cluster the request runs under: the trusteeship's, else the user's current one.
    pub cluster_id: Option<i64>,
    /// Set when a `/captain` request is served under a trusteeship.
    pub trusteeship: Option<Trustee>,
    /// The enterprises confirmed relations grant vehicles to (all scopes share the set): when
    /// none is visible, vehicle data is filtered by enterprise alone, which indexes can serve.
    grantees: Arc<BTreeSet<i64>>,
}

/// Descendant and reach sets by enterprise, shared by all requests; dropped when the tree or a
/// cluster changes.
#[derive(Clone)]
pub struct TreeCache {
    subtrees: moka::future::Cache<i64, Arc<BTreeSet<i64>>>,
    reach: moka::future::Cache<i64, Arc<BTreeSet<i64>>>,
    /// The sample enterprises, under the key 0.
    samples: moka::future::Cache<i64, Arc<BTreeSet<i64>>>,
    /// Every enterprise, under the key 0: what platform staff see.
    every: moka::future::Cache<i64, Arc<BTreeSet<i64>>>,
    /// The grantees of confirmed covering relations, under the key 0.
    grantees: moka::future::Cache<i64, Arc<BTreeSet<i64>>>,
}

fn cache() -> moka::future::Cache<i64, Arc<BTreeSet<i64>>> {
    moka::future::Cache::builder()
        .max_capacity(50_000)
        .time_to_live(Duration::from_secs(300))
        .build()
}

impl Default for TreeCache {
    fn default() -> Self {
        Self {
            subtrees: cache(),
            reach: cache(),
            samples: cache(),
            every: cache(),
            grantees: cache(),
        }
    }
}

impl TreeCache {
    /// Call after any change to the enterprise tree or to clusters.
    pub fn invalidate(&self) {
        self.subtrees.invalidate_all();
        self.reach.invalidate_all();
        self.samples.invalidate_all();
        self.every.invalidate_all();
        self.grantees.invalidate_all();
    }

    /// The enterprises holding sample data: what the visitor sees.
    pub async fn samples(&self, db: &impl ConnectionTrait) -> Result<Arc<BTreeSet<i64>>, AppError> {
        Self::enterprises(&self.samples, db, enterprise::Column::IsSample.eq(true)).await
    }

    /// Every enterprise: what platform staff see.
    pub async fn every(&self, db: &impl ConnectionTrait) -> Result<Arc<BTreeSet<i64>>, AppError> {
        Self::enterprises(&self.every, db, Condition::all()).await
    }

    /// The enterprises confirmed relations of types 2, 3 and 4 grant vehicles to.
    pub async fn grantees(
        &self,
        db: &impl ConnectionTrait,
    ) -> Result<Arc<BTreeSet<i64>>, AppError> {
        let query = relation::Entity::find()
            .select_only()
            .column(relation::Column::RelatedId)
            .distinct()
            .filter(relation::Column::State.eq(RELATION_CONFIRMED))
            .filter(relation::Column::RelationType.is_in(COVERING_RELATION_TYPES));
        Self::ids(&self.grantees, db, query).await
    }

    async fn enterprises(
        cache: &moka::future::Cache<i64, Arc<BTreeSet<i64>>>,
        db: &impl ConnectionTrait,
        which: impl sea_orm::sea_query::IntoCondition,
    ) -> Result<Arc<BTreeSet<i64>>, AppError> {
        let query = enterprise::Entity::find()
            .select_only()
            .column(enterprise::Column::Id)
            .filter(which);
        Self::ids(cache, db, query).await
    }

    /// The ids a one-column query answers, kept in `cache` under the key 0.
    async fn ids<E: EntityTrait>(
        cache: &moka::future::Cache<i64, Arc<BTreeSet<i64>>>,
        db: &impl ConnectionTrait,
        query: sea_orm::Select<E>,
    ) -> Result<Arc<BTreeSet<i64>>, AppError> {
        if let Some(hit) = cache.get(&0).await {
            return Ok(hit);
        }
        let all: Arc<BTreeSet<i64>> = Arc::new(
            query
                .into_tuple::<i64>()
                .all(db)
                .await?
                .into_iter()
                .collect(),
        );
        cache.insert(0, all.clone()).await;
        Ok(all)
    }

    /// `root` and every enterprise below it.
    pub async fn subtree(
        &self,
        db: &impl ConnectionTrait,
        root: i64,
    ) -> Result<Arc<BTreeSet<i64>>, AppError> {
        if let Some(hit) = self.subtrees.get(&root).await {
            return Ok(hit);
        }
        let mut all = BTreeSet::from([root]);
        let mut level = vec![root];
        for _ in 0..MAX_DEPTH {
            if level.is_empty() {
                break;
            }
            level = enterprise::Entity::find()
                .select_only()
                .column(enterprise::Column::Id)
                .filter(enterprise::Column::ParentId.is_in(level))
                .into_tuple::<i64>()
                .all(db)
                .await?
                .into_iter()
                .filter(|id| all.insert(*id))
                .collect();
        }
        let all = Arc::new(all);
        self.subtrees.insert(root, all.clone()).await;
        Ok(all)
    }

    /// What acting for `ent` sees: its subtree, and the subtrees of every enterprise of the
    /// clusters supervised by an enterprise of that subtree.
    pub async fn reach(
        &self,
        db: &impl ConnectionTrait,
        ent: i64,
    ) -> Result<Arc<BTreeSet<i64>>, AppError> {
        if let Some(hit) = self.reach.get(&ent).await {
            return Ok(hit);
        }
        let own = self.subtree(db, ent).await?;
        let supervised = cluster::Entity::find()
            .select_only()
            .column(cluster::Column::Id)
            .filter(cluster::Column::SupervisorEnterpriseId.is_in(own.iter().copied()))
            .into_query();
        let members: Vec<i64> = cluster_enterprise::Entity::find()
            .select_only()
            .column(cluster_enterprise::Column::EnterpriseId)
            .filter(cluster_enterprise::Column::ClusterId.in_subquery(supervised))
            .into_tuple::<i64>()
            .all(db)
            .await?;
        let mut all = (*own).clone();
        for m in members {
            if !all.contains(&m) {
                all.extend(self.subtree(db, m).await?.iter().copied());
            }
        }
        let all = Arc::new(all);
        self.reach.insert(ent, all.clone()).await;
        Ok(all)
    }
}

pub const PLATFORM_ROLES: [i64; 3] = [
    ROLE_SUPER_ADMIN,
    ROLE_PLATFORM_OPERATOR,
    ROLE_PLATFORM_SUPPORT,
];

fn may_not_act(id: i64) -> AppError {
    AppError::fail(text!(
        "无权操作企业 {}",
        "You may not act for enterprise {}",
        id
    ))
}

impl Scope {
    /// Resolves the scope of `user`, acting for `requested` (the `x-ent-id` header) when given;
    /// `captain` requests are served under the user's trusteeship.
    pub async fn resolve(
        db: &impl ConnectionTrait,
        tree: &TreeCache,
        principal: &Principal,
        requested: Option<i64>,
        captain: bool,
    ) -> Result<Self, AppError> {
        let user = principal.user.clone();
        if user.is_visitor {
            return Self::sample(db, tree, user, requested).await;
        }
        if captain {
            return Self::under_trusteeship(db, tree, user, requested).await;
        }
        let memberships = &principal.memberships;
        // Staff status follows the active role where it is held: the console's check is
        // "role 999 or 666 and enterprise 1013" on the current values.
        let platform = user.authority_id == ROLE_SUPER_ADMIN
            || (user.now_ent_id == Some(PLATFORM_ENTERPRISE)
                && [ROLE_PLATFORM_OPERATOR, ROLE_PLATFORM_SUPPORT].contains(&user.authority_id)
                && memberships.iter().any(|m| {
                    m.enterprise_id == PLATFORM_ENTERPRISE && m.authority_id == user.authority_id
                }));
        let enterprise_id = match requested {
            Some(e) if platform => Some(e),
            Some(e) => {
                // A member may act for whatever any of their memberships reaches.
                let mut allowed = false;
                for m in memberships {
                    if tree.reach(db, m.enterprise_id).await?.contains(&e) {
                        allowed = true;
                        break;
                    }
                }
                if !allowed {
                    return Err(may_not_act(e));
                }
                Some(e)
            }
            None => user.now_ent_id,
        };
        let visible = match (platform, enterprise_id) {
            (true, _) => tree.every(db).await?,
            (false, None) => Arc::default(),
            (false, Some(e)) => tree.reach(db, e).await?,
        };
        Ok(Self {
            cluster_id: user.current_cluster,
            user,
            enterprise_id,
            platform,
            visible,
            trusteeship: None,
            grantees: tree.grantees(db).await?,
        })
    }

    /// The visitor's scope: the sample enterprises only, acting for the one asked for (when it
    /// is one of them), else its current one if sample, else the first.
    async fn sample(
        db: &impl ConnectionTrait,
        tree: &TreeCache,
        user: sys_user::Model,
        requested: Option<i64>,
    ) -> Result<Self, AppError> {
        let visible = tree.samples(db).await?;
        let enterprise_id = match requested {
            Some(e) if visible.contains(&e) => Some(e),
            Some(e) => return Err(may_not_act(e)),
            None => user
                .now_ent_id
                .filter(|e| visible.contains(e))
                .or_else(|| visible.first().copied()),
        };
        Ok(Self {
            user,
            enterprise_id,
            platform: false,
            visible,
            cluster_id: None,
            trusteeship: None,
            grantees: tree.grantees(db).await?,
        })
    }

    async fn under_trusteeship(
        db: &impl ConnectionTrait,
        tree: &TreeCache,
        user: sys_user::Model,
        requested: Option<i64>,
    ) -> Result<Self, AppError> {
        let records = trusteeship::Entity::find()
            .filter(trusteeship::Column::UserId.eq(user.id))
            .filter(
                Condition::any()
                    .add(trusteeship::Column::ExpiresAt.is_null())
                    .add(trusteeship::Column::ExpiresAt.gt(Utc::now())),
            )
            .order_by_desc(trusteeship::Column::UpdatedAt)
            .order_by_desc(trusteeship::Column::Id)
            .all(db)
            .await?;
        if records.is_empty() {
            return Err(AppError::fail(text!(
                "您没有有效的托管授权",
                "You hold no active trusteeship"
            )));
        }
        let (record, acting) = match requested {
            None => (&records[0], records[0].enterprise_id),
            Some(e) => {
                let mut found = None;
                for r in &records {
                    let covers = if r.restriction & RESTRICT_ENTERPRISE_ONLY == 0 {
                        tree.reach(db, r.enterprise_id).await?.contains(&e)
                    } else {
                        r.enterprise_id == e
                    };
                    if covers {
                        found = Some(r);
                        break;
                    }
                }
                (found.ok_or_else(|| may_not_act(e))?, e)
            }
        };
        let visible = if record.restriction & RESTRICT_ENTERPRISE_ONLY == 0 {
            tree.reach(db, acting).await?
        } else {
            Arc::new(BTreeSet::from([acting]))
        };
        Ok(Self {
            user,
            enterprise_id: Some(acting),
            platform: false,
            visible,
            cluster_id: record.colony_id,
            trusteeship: Some(Trustee {
                id: record.id,
                enterprise_id: record.enterprise_id,
                colony_id: record.colony_id,
                restriction: record.restriction,
            }),
            grantees: tree.grantees(db).await?,
        })
    }

    /// This scope with `id` visible too: an enterprise the request just created below (or
    /// moved within) what it sees, before the tree cache reflects it.
    #[must_use]
    pub fn including(mut self, id: i64) -> Self {
        if !self.visible.contains(&id) {
            let mut v = (*self.visible).clone();
            v.insert(id);
            self.visible = Arc::new(v);
        }
        self
    }

    /// Whether this request may only read (a read-only trusteeship).
    pub fn read_only(&self) -> bool {
        self.trusteeship
            .as_ref()
            .is_some_and(|t| t.restriction & RESTRICT_READ_ONLY != 0)
    }

    /// Whether the request may see data of enterprise `id` (which exists).
    pub fn sees(&self, id: i64) -> bool {
        self.visible.contains(&id)
    }

    /// Refuses an enterprise the request may not act for, naming it.
    pub fn require(&self, id: i64) -> Result<(), AppError> {
        if self.sees(id) {
            Ok(())
        } else {
            Err(may_not_act(id))
        }
    }

    /// The acting enterprise, or the one asked for if the scope covers it.
    pub fn acting(&self, asked: Option<i64>) -> Result<i64, AppError> {
        match asked.filter(|e| *e != 0).or(self.enterprise_id) {
            Some(e) => self.require(e).map(|()| e),
            None => Err(AppError::fail(text!(
                "请先选择企业",
                "Choose an enterprise first"
            ))),
        }
    }

    /// A condition limiting `column` (an enterprise id) to the visible enterprises.
    pub fn filter<C: ColumnTrait>(&self, column: C) -> Condition {
        if self.platform {
            Condition::all()
        } else {
            Condition::all().add(column.is_in(self.visible.iter().copied()))
        }
    }

    /// The condition for vehicle rows (and rows of vehicle data): the vehicle's enterprise is
    /// visible, or the vehicle is covered by a confirmed relation of type 2, 3 or 4 whose
    /// grantee is visible. `vehicle_id` and `enterprise` are the row's columns. The same rule
    /// in memory is [`VehicleVisibility::sees`].
    pub fn vehicle_filter<V: ColumnTrait, E: ColumnTrait>(
        &self,
        vehicle_id: V,
        enterprise: E,
    ) -> Condition {
        if self.platform {
            return Condition::all();
        }
        let own = Condition::any().add(enterprise.is_in(self.visible.iter().copied()));
        if self.granted_vehicles() {
            own.add(vehicle_id.in_subquery(self.covered().into_query()))
        } else {
            own
        }
    }

    /// The enterprises whose vehicle rows this scope sees, when that is all it sees of them
    /// ([`Self::vehicle_filter`] is then `enterprise IN (these)`): not platform-wide, no
    /// vehicles granted by relations. Lets a reader go enterprise by enterprise, each in its
    /// index's order.
    pub fn only_enterprises(&self) -> Option<&BTreeSet<i64>> {
        (!self.platform && !self.granted_vehicles()).then_some(&*self.visible)
    }

    /// Whether relations may grant this scope vehicles of enterprises it does not see.
    fn granted_vehicles(&self) -> bool {
        self.grantees.iter().any(|g| self.visible.contains(g))
    }

    /// The vehicles granted to this scope by relations, as a query.
    fn covered(&self) -> sea_orm::Select<relation_vehicle::Entity> {
        let relations = relation::Entity::find()
            .select_only()
            .column(relation::Column::Id)
            .filter(relation::Column::State.eq(RELATION_CONFIRMED))
            .filter(relation::Column::RelationType.is_in(COVERING_RELATION_TYPES))
            .filter(relation::Column::RelatedId.is_in(self.visible.iter().copied()))
            .into_query();
        relation_vehicle::Entity::find()
            .select_only()
            .column(relation_vehicle::Column::VehicleId)
            .filter(relation_vehicle::Column::RelationId.in_subquery(relations))
    }

    /// [`Self::vehicle_filter`]'s rule resolved for filtering in memory (the fleet snapshot,
    /// the websocket): reads the vehicles relations grant this scope once.
    pub async fn vehicle_visibility(
        &self,
        db: &impl ConnectionTrait,
    ) -> Result<VehicleVisibility, AppError> {
        let covered = if self.platform || !self.granted_vehicles() {
            BTreeSet::new()
        } else {
            self.covered()
                .into_tuple::<i64>()
                .all(db)
                .await?
                .into_iter()
                .collect()
        };
        Ok(VehicleVisibility {
            platform: self.platform,
            visible: Arc::clone(&self.visible),
            covered,
        })
    }

    /// A row of `E` by id, if the scope sees its enterprise; else code 7 naming the thing
    /// (unknown and foreign ids get the same answer, so nothing about other tenants leaks).
    pub async fn find<E>(&self, db: &impl ConnectionTrait, id: i64) -> Result<E::Model, AppError>
    where
        E: EnterpriseOwned,
        <E::PrimaryKey as PrimaryKeyTrait>::ValueType: From<i64>,
    {
        E::find_by_id(id)
            .filter(self.filter(E::ENTERPRISE))
            .one(db)
            .await?
            .ok_or_else(|| E::not_found(id))
    }
}

/// A table whose rows belong to an enterprise, for [`Scope::find`].
pub trait EnterpriseOwned: EntityTrait {
    /// The column holding the owning enterprise's id.
    const ENTERPRISE: Self::Column;
    /// The refusal for an id the caller does not see.
    fn not_found(id: i64) -> AppError;
}

/// Which vehicles a scope sees, for filtering in memory. Equal visibilities see the same
/// vehicles, so answers built for one serve the other.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct VehicleVisibility {
    platform: bool,
    visible: Arc<BTreeSet<i64>>,
    covered: BTreeSet<i64>,
}

impl VehicleVisibility {
    /// Whether vehicle `vehicle_id`, owned by `enterprise_id`, is seen.
    pub fn sees(&self, vehicle_id: i64, enterprise_id: i64) -> bool {
        self.platform || self.visible.contains(&enterprise_id) || self.covered.contains(&vehicle_id)
    }

    /// Whether `scope` still sees the enterprises this was resolved with (relations changing
    /// are announced as reach changes, and drop what was resolved from them).
    pub fn resolved_for(&self, scope: &Scope) -> bool {
        self.platform == scope.platform
            && (Arc::ptr_eq(&self.visible, &scope.visible) || self.visible == scope.visible)
    }

    /// How many vehicles relations grant beyond the scope's own enterprises.
    pub fn covered_count(&self) -> usize {
        self.covered.len()
    }
}
