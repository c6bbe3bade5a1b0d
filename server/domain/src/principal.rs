//! Who a valid token belongs to, as of now: the account and its memberships, kept in memory
//! per user so a signed-in call reads no table to know its caller. A service that changes an
//! account, its active role, its current enterprise or its memberships announces it
//! ([`Change::Users`](kernel::changes::Change)), and the next call of every token of that user
//! sees the change — a frozen user is refused at once. Judging a token against them
//! (`Principals::authenticate`) is in `session`, beside the tokens, so this stays below it.

use std::sync::Arc;
use std::time::Duration;

use entities::{sys_user, sys_user_authority};
use sea_orm::{ColumnTrait, DatabaseConnection, EntityTrait, QueryFilter};

use kernel::error::AppError;

/// A signed-in user's account and memberships.
#[derive(Debug)]
pub struct Principal {
    pub user: sys_user::Model,
    pub memberships: Vec<sys_user_authority::Model>,
}

/// The principals of recently active users.
#[derive(Clone)]
pub struct Principals {
    db: DatabaseConnection,
    /// `None`: the account no longer exists.
    cache: moka::future::Cache<i64, Option<Arc<Principal>>>,
}

/// Bounds how long a change made outside the console's calls (a database edit by hand) can
/// go unseen.
const TIME_TO_LIVE: Duration = Duration::from_secs(60);

impl Principals {
    pub fn new(db: DatabaseConnection) -> Self {
        Self {
            db,
            cache: moka::future::Cache::builder()
                .max_capacity(100_000)
                .time_to_live(TIME_TO_LIVE)
                .build(),
        }
    }

    /// The user's principal, `None` when the account is gone.
    pub async fn get(&self, uid: i64) -> Result<Option<Arc<Principal>>, AppError> {
        let db = self.db.clone();
        self.cache
            .try_get_with(uid, async move {
                let Some(user) = sys_user::Entity::find_by_id(uid).one(&db).await? else {
                    return Ok(None);
                };
                let memberships = sys_user_authority::Entity::find()
                    .filter(sys_user_authority::Column::UserId.eq(uid))
                    .all(&db)
                    .await?;
                Ok(Some(Arc::new(Principal { user, memberships })))
            })
            .await
            .map_err(|e: Arc<sea_orm::DbErr>| AppError::Internal(anyhow::anyhow!("{e}")))
    }

    pub async fn forget(&self, uids: impl IntoIterator<Item = i64>) {
        for uid in uids {
            self.cache.invalidate(&uid).await;
        }
    }

    pub fn forget_all(&self) {
        self.cache.invalidate_all();
    }
}
