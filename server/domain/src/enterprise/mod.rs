//! Area `enterprise`: the enterprise tree, membership and switching, clusters, groups,
//! relations, invitations, per-enterprise settings and trusteeships. Every query here goes
//! through [`Scope`](crate::scope::Scope).

pub mod clusters;
pub mod enterprises;
pub mod groups;
pub mod invitations;
pub mod members;
pub mod ownership;
pub mod relations;
pub mod settings;
pub mod trusteeships;

use std::collections::{BTreeSet, HashMap};

use entities::enterprise;
use sea_orm::{ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter};
use serde::Serialize;
use utoipa::ToSchema;

use crate::enumerations;
use crate::scope::Scope;
use kernel::error::AppError;
use kernel::i18n::Text;
use kernel::text;

/// An id and a display name, for enumerations and references.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct Named {
    pub id: i64,
    pub name: String,
}

/// Enterprise types (console-spec §3).
pub fn type_name(t: i16) -> String {
    enumerations::label(enumerations::ENTERPRISE_TYPE, t)
}

/// Wheel sensor support.
pub fn wheel_support_name(t: i16) -> String {
    enumerations::label(enumerations::WHEEL_SUPPORT, t)
}

/// The docking platforms 0–10.
pub fn docking_platforms() -> Vec<(i16, Text)> {
    enumerations::entries(enumerations::DOCKING_PLATFORM)
        .filter_map(|(value, label)| Some((value.parse().ok()?, label)))
        .collect()
}

pub fn docking_name(id: i16) -> String {
    enumerations::label(enumerations::DOCKING_PLATFORM, id)
}

/// Verification states.
pub fn verify_state_name(s: i16) -> String {
    match s {
        0 => text!("未提交", "not submitted"),
        1 => text!("待审核", "pending review"),
        2 => text!("已认证", "approved"),
        3 => text!("已驳回", "rejected"),
        _ => text!("未知", "unknown"),
    }
    .current()
    .to_owned()
}

/// Relation types.
pub fn relation_type_name(t: i16) -> String {
    enumerations::label(enumerations::RELATIONSHIP_TYPE, t)
}

pub fn not_found(id: i64) -> AppError {
    AppError::fail(text!("企业 {} 不存在", "Enterprise {} does not exist", id))
}

/// An enterprise by id.
pub async fn find(db: &impl ConnectionTrait, id: i64) -> Result<enterprise::Model, AppError> {
    enterprise::Entity::find_by_id(id)
        .one(db)
        .await?
        .ok_or_else(|| not_found(id))
}

/// An enterprise the scope may act for (others are refused without telling whether they exist).
pub async fn find_visible(
    db: &impl ConnectionTrait,
    scope: &Scope,
    id: i64,
) -> Result<enterprise::Model, AppError> {
    scope.require(id)?;
    find(db, id).await
}

/// Names of enterprises by id. (The ids are collected before the future is made, so no
/// borrowing iterator lives across an await.)
pub fn names<'c, C: ConnectionTrait>(
    db: &'c C,
    ids: impl IntoIterator<Item = i64>,
) -> impl std::future::Future<Output = Result<HashMap<i64, String>, AppError>> + Send + 'c {
    let ids: BTreeSet<i64> = ids.into_iter().collect();
    async move {
        if ids.is_empty() {
            return Ok(HashMap::new());
        }
        Ok(enterprise::Entity::find()
            .filter(enterprise::Column::Id.is_in(ids))
            .all(db)
            .await?
            .into_iter()
            .map(|e| (e.id, e.ent_name))
            .collect())
    }
}
