//! Trusteeships: an enterprise entrusts its console to a user (typically service or platform
//! staff). The trustee's `/captain` calls are then served for that enterprise, under the
//! record's cluster, whoever the trustee is otherwise (see [`Scope`]). `restrict` is a set of
//! bits: 1 read-only, 2 that enterprise only (not the enterprises below it).
//!
//! Granted by anyone who may act for the enterprise (not under a trusteeship themselves);
//! revoked by the granting side or given up by the trustee; optional expiry.

use chrono::{DateTime, Utc};
use entities::{cluster, sys_user, trusteeship};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, Condition, ConnectionTrait, DatabaseConnection, EntityTrait,
    QueryFilter, QueryOrder, Set,
};
use serde::Serialize;
use utoipa::ToSchema;

use super::find_visible;
use crate::scope::Scope;
use kernel::error::AppError;
use kernel::paging::{self, PageQuery, PageResult};
use kernel::text;
use kernel::validate::in_range;

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TrusteeshipRow {
    #[serde(rename = "ID")]
    pub id: i64,
    /// The entrusted enterprise.
    pub ent_id: i64,
    pub ent_name: String,
    /// The trustee.
    pub user_id: i64,
    pub user_name: String,
    pub nick_name: String,
    /// The cluster the trustee works under (7: the `/captain` brand).
    pub colony_id: Option<i64>,
    /// Bits: 1 read-only, 2 that enterprise only.
    pub restrict: i16,
    pub granted_by: Option<i64>,
    pub expires_at: Option<DateTime<Utc>>,
    /// Not expired.
    pub active: bool,
    /// The caller is the trustee.
    pub mine: bool,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

fn not_found(id: i64) -> AppError {
    AppError::fail(text!(
        "托管授权 {} 不存在",
        "Trusteeship {} does not exist",
        id
    ))
}

/// Records the scope granted (visible enterprises) or holds (as trustee).
fn visible(scope: &Scope) -> Condition {
    Condition::any()
        .add(scope.filter(trusteeship::Column::EnterpriseId))
        .add(trusteeship::Column::UserId.eq(scope.user.id))
}

async fn rows(
    db: &impl ConnectionTrait,
    scope: &Scope,
    list: Vec<trusteeship::Model>,
) -> Result<Vec<TrusteeshipRow>, AppError> {
    let names = super::names(db, list.iter().map(|t| t.enterprise_id)).await?;
    let users: std::collections::HashMap<i64, sys_user::Model> = sys_user::Entity::find()
        .filter(sys_user::Column::Id.is_in(list.iter().map(|t| t.user_id)))
        .all(db)
        .await?
        .into_iter()
        .map(|u| (u.id, u))
        .collect();
    let now = Utc::now();
    Ok(list
        .into_iter()
        .map(|t| {
            let user = users.get(&t.user_id);
            TrusteeshipRow {
                id: t.id,
                ent_id: t.enterprise_id,
                ent_name: names.get(&t.enterprise_id).cloned().unwrap_or_default(),
                user_id: t.user_id,
                user_name: user.map(|u| u.username.clone()).unwrap_or_default(),
                nick_name: user.map(|u| u.nick_name.clone()).unwrap_or_default(),
                colony_id: t.colony_id,
                restrict: t.restriction,
                granted_by: t.granted_by,
                expires_at: t.expires_at,
                active: t.expires_at.is_none_or(|e| e > now),
                mine: t.user_id == scope.user.id,
                created_at: t.created_at,
                updated_at: t.updated_at,
            }
        })
        .collect())
}

pub struct Grant {
    pub ent_id: Option<i64>,
    pub user_id: Option<i64>,
    pub user_name: Option<String>,
    pub colony_id: Option<i64>,
    pub restrict: i16,
    pub expires_at: Option<DateTime<Utc>>,
}

/// Entrusts an enterprise to a user (or changes the existing record of that pair).
pub async fn grant(
    db: &DatabaseConnection,
    scope: &Scope,
    g: Grant,
) -> Result<TrusteeshipRow, AppError> {
    if scope.trusteeship.is_some() {
        return Err(AppError::fail(text!(
            "托管中不能再转授托管",
            "A trustee cannot entrust the enterprise further"
        )));
    }
    in_range("restrict", g.restrict.into(), 0, 3)?;
    let ent = scope.acting(g.ent_id)?;
    let txn = kernel::db::write_txn(db).await?;
    let e = find_visible(&txn, scope, ent).await?;
    let user = match (g.user_id.filter(|u| *u != 0), g.user_name.as_deref()) {
        (Some(id), _) => sys_user::Entity::find_by_id(id).one(&txn).await?,
        (None, Some(name)) if !name.trim().is_empty() => {
            sys_user::Entity::find()
                .filter(sys_user::Column::Username.eq(name.trim()))
                .one(&txn)
                .await?
        }
        _ => {
            return Err(AppError::fail(text!(
                "请求参数 userId 或 userName 不能为空",
                "Field userId or userName is required"
            )));
        }
    }
    .filter(|u| !u.is_visitor)
    .ok_or_else(|| AppError::fail(text!("受托用户不存在", "The trustee does not exist")))?;
    if user.id == scope.user.id {
        return Err(AppError::fail(text!(
            "不能把企业托管给自己",
            "You cannot entrust an enterprise to yourself"
        )));
    }
    let colony = match g.colony_id {
        Some(0) => None,
        Some(c) => {
            cluster::Entity::find_by_id(c)
                .one(&txn)
                .await?
                .ok_or_else(|| {
                    AppError::fail(text!("集群 {} 不存在", "Cluster {} does not exist", c))
                })?;
            Some(c)
        }
        None => e.colony_id,
    };
    if let Some(exp) = g.expires_at
        && exp <= Utc::now()
    {
        return Err(AppError::fail(text!(
            "expiresAt 须晚于当前时间",
            "expiresAt must be in the future"
        )));
    }
    let now = Utc::now();
    let existing = trusteeship::Entity::find()
        .filter(trusteeship::Column::UserId.eq(user.id))
        .filter(trusteeship::Column::EnterpriseId.eq(ent))
        .one(&txn)
        .await?;
    let saved = match existing {
        Some(t) => {
            let mut row: trusteeship::ActiveModel = t.into();
            row.colony_id = Set(colony);
            row.restriction = Set(g.restrict);
            row.granted_by = Set(Some(scope.user.id));
            row.expires_at = Set(g.expires_at);
            row.updated_at = Set(now);
            row.update(&txn).await?
        }
        None => {
            trusteeship::ActiveModel {
                user_id: Set(user.id),
                enterprise_id: Set(ent),
                colony_id: Set(colony),
                restriction: Set(g.restrict),
                granted_by: Set(Some(scope.user.id)),
                expires_at: Set(g.expires_at),
                created_at: Set(now),
                updated_at: Set(now),
                ..Default::default()
            }
            .insert(&txn)
            .await?
        }
    };
    txn.commit().await?;
    Ok(rows(db, scope, vec![saved]).await?.remove(0))
}

/// Trusteeships the caller's side granted, or (`mine`) those the caller holds.
pub async fn list(
    db: &DatabaseConnection,
    scope: &Scope,
    ent_id: Option<i64>,
    mine: bool,
    page: PageQuery,
) -> Result<PageResult<TrusteeshipRow>, AppError> {
    let mut cond = Condition::all();
    if mine {
        cond = cond.add(trusteeship::Column::UserId.eq(scope.user.id));
    } else {
        cond = cond.add(visible(scope));
    }
    if let Some(e) = ent_id.filter(|e| *e != 0) {
        scope.require(e)?;
        cond = cond.add(trusteeship::Column::EnterpriseId.eq(e));
    }
    let select = trusteeship::Entity::find()
        .filter(cond)
        .order_by_desc(trusteeship::Column::Id);
    let page = paging::fetch(db, select, page, |t| t).await?;
    Ok(PageResult {
        list: rows(db, scope, page.list).await?,
        total: page.total,
        page: page.page,
        page_size: page.page_size,
    })
}

/// Revokes (granting side) or gives up (trustee) a trusteeship.
pub async fn revoke(db: &DatabaseConnection, scope: &Scope, id: i64) -> Result<(), AppError> {
    let txn = kernel::db::write_txn(db).await?;
    let t = trusteeship::Entity::find_by_id(id)
        .filter(visible(scope))
        .one(&txn)
        .await?
        .ok_or_else(|| not_found(id))?;
    if scope.trusteeship.is_some() && t.user_id != scope.user.id {
        return Err(AppError::fail(text!(
            "托管中不能撤销他人的托管授权",
            "A trustee cannot revoke other trusteeships"
        )));
    }
    trusteeship::Entity::delete_by_id(t.id).exec(&txn).await?;
    txn.commit().await?;
    Ok(())
}
