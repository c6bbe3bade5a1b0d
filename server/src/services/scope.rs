//! The data scope: which enterprises a request may read and write. Every area's queries go
//! through [`Scope`], so a new area cannot forget the rule.
//!
//! A user acts for one enterprise at a time (their current one, or the `x-ent-id` header when
//! they are a member of it) and sees it and its descendants. Platform staff (super admin, or
//! 999/666 in the platform enterprise) see everything.

use std::collections::BTreeSet;
use std::sync::Arc;
use std::time::Duration;

use entities::{enterprise, sys_user, sys_user_authority};
use sea_orm::{ColumnTrait, Condition, ConnectionTrait, EntityTrait, QueryFilter, QuerySelect};

use super::seed::{
    PLATFORM_ENTERPRISE, ROLE_PLATFORM_OPERATOR, ROLE_PLATFORM_SUPPORT, ROLE_SUPER_ADMIN,
};
use crate::error::AppError;
use crate::text;

/// Enterprise trees are at most three levels deep; this bounds the descent.
const MAX_DEPTH: usize = 3;

#[derive(Debug, Clone)]
pub struct Scope {
    pub user: sys_user::Model,
    /// The enterprise this request acts for.
    pub enterprise_id: Option<i64>,
    /// Super admin, or platform staff of the platform enterprise: sees everything.
    pub platform: bool,
    /// The acting enterprise and its descendants (empty for platform staff: no limit).
    pub visible: Arc<BTreeSet<i64>>,
}

/// Descendant sets by root enterprise, shared by all requests; dropped when the tree changes.
#[derive(Clone)]
pub struct TreeCache(moka::future::Cache<i64, Arc<BTreeSet<i64>>>);

impl Default for TreeCache {
    fn default() -> Self {
        Self(
            moka::future::Cache::builder()
                .max_capacity(50_000)
                .time_to_live(Duration::from_secs(300))
                .build(),
        )
    }
}

impl TreeCache {
    /// Call after any change to the enterprise tree.
    pub fn invalidate(&self) {
        self.0.invalidate_all();
    }

    /// `root` and every enterprise below it.
    pub async fn subtree(
        &self,
        db: &impl ConnectionTrait,
        root: i64,
    ) -> Result<Arc<BTreeSet<i64>>, AppError> {
        if let Some(hit) = self.0.get(&root).await {
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
        self.0.insert(root, all.clone()).await;
        Ok(all)
    }
}

pub const PLATFORM_ROLES: [i64; 3] = [
    ROLE_SUPER_ADMIN,
    ROLE_PLATFORM_OPERATOR,
    ROLE_PLATFORM_SUPPORT,
];

impl Scope {
    /// Resolves the scope of `user`, acting for `requested` (the `x-ent-id` header) when given.
    pub async fn resolve(
        db: &impl ConnectionTrait,
        tree: &TreeCache,
        user: sys_user::Model,
        requested: Option<i64>,
    ) -> Result<Self, AppError> {
        let memberships = sys_user_authority::Entity::find()
            .filter(sys_user_authority::Column::UserId.eq(user.id))
            .all(db)
            .await?;
        let platform = user.authority_id == ROLE_SUPER_ADMIN
            || memberships.iter().any(|m| {
                m.enterprise_id == PLATFORM_ENTERPRISE && PLATFORM_ROLES.contains(&m.authority_id)
            });
        let enterprise_id = match requested {
            Some(e) if platform => Some(e),
            Some(e) => {
                // A member may act for their enterprises and anything below them.
                let mut allowed = false;
                for m in &memberships {
                    if tree.subtree(db, m.enterprise_id).await?.contains(&e) {
                        allowed = true;
                        break;
                    }
                }
                if !allowed {
                    return Err(AppError::fail(text!(
                        "无权操作企业 {}",
                        "You may not act for enterprise {}",
                        e
                    )));
                }
                Some(e)
            }
            None => user.now_ent_id,
        };
        let visible = match (platform, enterprise_id) {
            (true, _) | (false, None) => Arc::default(),
            (false, Some(e)) => tree.subtree(db, e).await?,
        };
        Ok(Self {
            user,
            enterprise_id,
            platform,
            visible,
        })
    }

    /// Whether the request may see data of enterprise `id`.
    pub fn sees(&self, id: i64) -> bool {
        self.platform || self.visible.contains(&id)
    }

    /// Refuses an enterprise the request may not act for, naming it.
    pub fn require(&self, id: i64) -> Result<(), AppError> {
        if self.sees(id) {
            Ok(())
        } else {
            Err(AppError::fail(text!(
                "无权操作企业 {}",
                "You may not act for enterprise {}",
                id
            )))
        }
    }

    /// The acting enterprise, or the one asked for if the scope covers it.
    pub fn acting(&self, asked: Option<i64>) -> Result<i64, AppError> {
        match asked.or(self.enterprise_id) {
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
}
