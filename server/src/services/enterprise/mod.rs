//! Area `enterprise`: the enterprise tree, membership and switching, clusters, groups,
//! relations, invitations, per-enterprise settings and trusteeships. Every query here goes
//! through [`Scope`](super::scope::Scope).

pub mod clusters;
pub mod enterprises;
pub mod groups;
pub mod invitations;
pub mod members;
pub mod relations;
pub mod settings;
pub mod trusteeships;

use std::collections::{BTreeSet, HashMap};

use entities::enterprise;
use sea_orm::{ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter};
use serde::Serialize;
use utoipa::ToSchema;

use super::scope::Scope;
use crate::error::AppError;
use crate::i18n::Text;
use crate::text;

/// An id and a display name, for enumerations and references.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct Named {
    pub id: i64,
    pub name: String,
}

/// Enterprise types (console-spec §3).
pub fn type_name(t: i16) -> String {
    match t {
        0 => text!("直营", "direct"),
        1 => text!("上级", "superior"),
        2 => text!("外包", "outsourced"),
        3 => text!("代理", "agent"),
        4 => text!("监管", "supervisory"),
        _ => text!("未知", "unknown"),
    }
    .current()
    .to_owned()
}

/// Wheel sensor support.
pub fn wheel_support_name(t: i16) -> String {
    match t {
        0 => text!("轴温+胎压", "axle temperature and tyre pressure"),
        1 => text!("仅轴温", "axle temperature only"),
        2 => text!("仅胎压", "tyre pressure only"),
        3 => text!("均不支持", "neither"),
        _ => text!("未知", "unknown"),
    }
    .current()
    .to_owned()
}

/// The docking platforms 0–10.
pub fn docking_platforms() -> Vec<(i16, Text)> {
    vec![
        (0, text!("无", "none")),
        (1, text!("车队管理平台", "fleet-management platform")),
        (2, text!("物流 App", "logistics app")),
        (3, text!("干线承运商", "trunk-line carrier")),
        (4, text!("快递承运商", "express carrier")),
        (5, text!("冷链承运商", "cold-chain carrier")),
        (6, text!("危化品承运商", "hazardous-goods carrier")),
        (7, text!("轮胎服务商", "tyre service provider")),
        (8, text!("轮胎翻新商", "tyre retreader")),
        (9, text!("道路救援服务商", "roadside-rescue provider")),
        (10, text!("车险服务商", "vehicle-insurance provider")),
    ]
}

pub fn docking_name(id: i16) -> String {
    docking_platforms()
        .into_iter()
        .find(|(i, _)| *i == id)
        .map_or_else(String::new, |(_, t)| t.current().to_owned())
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
    match t {
        0 => text!("未确认", "unconfirmed"),
        1 => text!("上下级", "superior-subordinate"),
        2 => text!("维保托管", "maintenance custody"),
        3 => text!("客户", "customer"),
        4 => text!("合作", "cooperation"),
        _ => text!("未知", "unknown"),
    }
    .current()
    .to_owned()
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

/// A required text field: trimmed, not empty, at most `max` characters.
pub fn required(field: &str, value: &str, max: usize) -> Result<String, AppError> {
    let v = value.trim();
    if v.is_empty() {
        return Err(AppError::fail(text!(
            "{} 不能为空",
            "{} must not be empty",
            field
        )));
    }
    limited(field, v, max)
}

/// An optional text field: trimmed, at most `max` characters.
pub fn limited(field: &str, value: &str, max: usize) -> Result<String, AppError> {
    let v = value.trim();
    if v.chars().count() > max {
        return Err(AppError::fail(text!(
            "{} 不能超过 {} 个字符",
            "{} must be at most {} characters",
            field,
            max
        )));
    }
    Ok(v.to_owned())
}

/// An integer within `lo..=hi`.
pub fn in_range(field: &str, value: i64, lo: i64, hi: i64) -> Result<(), AppError> {
    if (lo..=hi).contains(&value) {
        Ok(())
    } else {
        Err(AppError::fail(text!(
            "{} 须在 {} 到 {} 之间",
            "{} must be between {} and {}",
            field,
            lo,
            hi
        )))
    }
}

/// Vehicle ids as a request names them: positive, at most 1000, duplicates dropped.
pub fn vehicle_ids(field: &str, ids: &[i64]) -> Result<Vec<i64>, AppError> {
    if ids.len() > 1000 {
        return Err(AppError::fail(text!(
            "{} 最多 1000 个",
            "{} holds at most 1000 ids",
            field
        )));
    }
    if let Some(bad) = ids.iter().find(|id| **id <= 0) {
        return Err(AppError::fail(text!(
            "{} 含无效车辆编号 {}",
            "{} holds an invalid vehicle id {}",
            field,
            bad
        )));
    }
    Ok(ids
        .iter()
        .copied()
        .collect::<BTreeSet<_>>()
        .into_iter()
        .collect())
}

/// A JSON array stored in a text column.
pub fn json_list<T: serde::de::DeserializeOwned>(text: &str) -> Vec<T> {
    serde_json::from_str(text).unwrap_or_default()
}

pub fn to_json<T: Serialize>(value: &T) -> String {
    serde_json::to_string(value).unwrap_or_else(|_| "[]".into())
}
