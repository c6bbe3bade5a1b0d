//! Creating, editing, moving and deleting enterprises: at most three levels, no cycles, names unique among siblings.

use super::subtree;
use crate::enterprise::{find, find_visible};
use crate::scope::{MAX_DEPTH, Scope};
use chrono::Utc;
use entities::{enterprise, sys_user, sys_user_authority};
use kernel::changes::{Change, announce};
use kernel::error::AppError;
use kernel::ids::PLATFORM_ENTERPRISE;
use kernel::text;
use kernel::validate::{in_range, limited, required};
use sea_orm::sea_query::Expr;
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, DatabaseConnection, EntityTrait, QueryFilter,
    QuerySelect, Set,
};
use serde::Deserialize;
use std::collections::BTreeSet;
use utoipa::ToSchema;

/// How many levels `id` and the enterprises below it span (1 for a leaf).
pub(crate) async fn height(db: &impl ConnectionTrait, id: i64) -> Result<usize, AppError> {
    let mut levels = 1;
    let mut level = vec![id];
    let mut seen = BTreeSet::from([id]);
    loop {
        level = enterprise::Entity::find()
            .select_only()
            .column(enterprise::Column::Id)
            .filter(enterprise::Column::ParentId.is_in(level))
            .into_tuple::<i64>()
            .all(db)
            .await?
            .into_iter()
            .filter(|id| seen.insert(*id))
            .collect();
        if level.is_empty() || levels > MAX_DEPTH {
            return Ok(levels);
        }
        levels += 1;
    }
}

/// The level of `id` in its tree (1 for a top-level enterprise).
pub(crate) async fn level_of(db: &impl ConnectionTrait, id: i64) -> Result<usize, AppError> {
    let mut level = 1;
    let mut cur = find(db, id).await?.parent_id;
    while let Some(p) = cur {
        level += 1;
        if level > MAX_DEPTH + 1 {
            break;
        }
        cur = find(db, p).await?.parent_id;
    }
    Ok(level)
}

pub(crate) fn too_deep(levels: usize) -> AppError {
    AppError::fail(text!(
        "企业最多三级，此操作会形成 {} 级",
        "Enterprise trees are at most three levels deep; this would make {}",
        levels
    ))
}

/// Fields of an enterprise a request may set (absent fields keep their value).
#[derive(Debug, Default, Clone, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EnterpriseInput {
    /// The enterprise to edit; absent or 0 creates one.
    #[serde(default, alias = "ID", alias = "id")]
    pub ent_id: Option<i64>,
    /// The parent: on creation the new enterprise goes below it (absent or 0: top level); on
    /// an edit a different value moves the enterprise (0: to the top level).
    #[serde(default)]
    pub parent_id: Option<i64>,
    #[serde(default, alias = "ent_name")]
    pub ent_name: Option<String>,
    #[serde(default, alias = "ent_abbreviation")]
    pub ent_abbreviation: Option<String>,
    #[serde(default)]
    pub logo: Option<String>,
    #[serde(default, rename = "car_ico", alias = "carIco")]
    pub car_ico: Option<String>,
    #[serde(default, rename = "enable_group", alias = "enableGroup")]
    pub enable_group: Option<bool>,
    /// 0 direct, 1 superior, 2 outsourced, 3 agent, 4 supervisory.
    #[serde(default, rename = "type")]
    pub ent_type: Option<i16>,
    /// 0–10.
    #[serde(default)]
    pub docking_platform: Option<i16>,
    /// 0–3.
    #[serde(default)]
    pub wheel_support: Option<i16>,
    #[serde(default)]
    pub contact: Option<String>,
    #[serde(default)]
    pub phone: Option<String>,
    #[serde(default)]
    pub address: Option<String>,
    #[serde(default)]
    pub license_no: Option<String>,
}

/// What a save may do beyond editing fields.
#[derive(Debug, Clone, Copy, Default)]
pub struct SaveRules {
    /// Honour `parentId` on edits (move).
    pub allow_move: bool,
    /// Create or move to the top level without being platform staff (a cluster manager
    /// onboarding an enterprise into their cluster).
    pub allow_root: bool,
}

fn check_phone_like(phone: &str) -> Result<(), AppError> {
    let ok = phone.is_empty()
        || (phone.chars().count() <= 20
            && phone
                .chars()
                .all(|c| c.is_ascii_digit() || matches!(c, '+' | '-' | ' ')));
    if ok {
        Ok(())
    } else {
        Err(AppError::fail(text!(
            "phone 不是有效的电话号码",
            "phone is not a valid telephone number"
        )))
    }
}

fn apply(row: &mut enterprise::ActiveModel, input: &EnterpriseInput) -> Result<(), AppError> {
    if let Some(v) = &input.ent_name {
        row.ent_name = Set(required("entName", v, 64)?);
    }
    if let Some(v) = &input.ent_abbreviation {
        row.ent_abbreviation = Set(limited("entAbbreviation", v, 16)?);
    }
    if let Some(v) = &input.logo {
        row.logo = Set(limited("logo", v, 500)?);
    }
    if let Some(v) = &input.car_ico {
        row.car_ico = Set(limited("car_ico", v, 500)?);
    }
    if let Some(v) = input.enable_group {
        row.enable_group = Set(v);
    }
    if let Some(v) = input.ent_type {
        in_range("type", v.into(), 0, 4)?;
        row.ent_type = Set(v);
    }
    if let Some(v) = input.docking_platform {
        in_range("dockingPlatform", v.into(), 0, 10)?;
        row.docking_platform = Set(v);
    }
    if let Some(v) = input.wheel_support {
        in_range("wheelSupport", v.into(), 0, 3)?;
        row.wheel_support = Set(v);
    }
    if let Some(v) = &input.contact {
        row.contact = Set(limited("contact", v, 32)?);
    }
    if let Some(v) = &input.phone {
        let v = v.trim();
        check_phone_like(v)?;
        row.phone = Set(v.to_owned());
    }
    if let Some(v) = &input.address {
        row.address = Set(limited("address", v, 200)?);
    }
    if let Some(v) = &input.license_no {
        row.license_no = Set(limited("licenseNo", v, 32)?);
    }
    row.updated_at = Set(Utc::now());
    Ok(())
}

async fn unique_among_siblings(
    db: &impl ConnectionTrait,
    name: &str,
    parent: Option<i64>,
    exclude: Option<i64>,
) -> Result<(), AppError> {
    let mut q = enterprise::Entity::find().filter(enterprise::Column::EntName.eq(name));
    q = match parent {
        Some(p) => q.filter(enterprise::Column::ParentId.eq(p)),
        None => q.filter(enterprise::Column::ParentId.is_null()),
    };
    if let Some(id) = exclude {
        q = q.filter(enterprise::Column::Id.ne(id));
    }
    if q.one(db).await?.is_some() {
        return Err(AppError::fail(text!(
            "同级已有名为 {} 的企业",
            "An enterprise named {} already exists at this level",
            name
        )));
    }
    Ok(())
}

fn only_platform_roots() -> AppError {
    AppError::fail(text!(
        "只有平台人员可以创建或移出顶级企业",
        "Only platform staff may create or move an enterprise to the top level"
    ))
}

/// Checks moving `ent` below `new_parent` (None: to the top level).
async fn check_move(
    db: &impl ConnectionTrait,
    scope: &Scope,
    ent: &enterprise::Model,
    new_parent: Option<i64>,
    rules: SaveRules,
) -> Result<(), AppError> {
    if ent.id == PLATFORM_ENTERPRISE {
        return Err(AppError::fail(text!(
            "平台企业不能移动",
            "The platform enterprise cannot be moved"
        )));
    }
    if !scope.platform && scope.enterprise_id == Some(ent.id) {
        return Err(AppError::fail(text!(
            "不能移动您当前所在的企业 {}",
            "You cannot move enterprise {}, the one you act for",
            ent.id
        )));
    }
    match new_parent {
        Some(p) => {
            let below = subtree(db, ent.id).await?;
            if below.contains(&p) {
                return Err(AppError::fail(text!(
                    "不能把企业 {} 移到它自己或它的下级 {} 之下（会形成环）",
                    "Moving enterprise {} below itself or its descendant {} would make a cycle",
                    ent.id,
                    p
                )));
            }
            find_visible(db, scope, p).await?;
            let levels = level_of(db, p).await? + height(db, ent.id).await?;
            if levels > MAX_DEPTH {
                return Err(too_deep(levels));
            }
        }
        None if scope.platform || rules.allow_root => {}
        None => return Err(only_platform_roots()),
    }
    Ok(())
}

/// Creates (no `entId`) or edits an enterprise; with `rules.allow_move` a different
/// `parentId` moves it. Depth stays ≤ 3 and the tree acyclic. Callers invalidate the tree
/// cache afterwards.
pub async fn save(
    db: &DatabaseConnection,
    scope: &Scope,
    input: &EnterpriseInput,
    rules: SaveRules,
) -> Result<enterprise::Model, AppError> {
    let txn = kernel::db::write_txn(db).await?;
    let saved = save_in(&txn, scope, input, rules).await?;
    txn.commit().await?;
    Ok(saved)
}

/// [`save`] inside the caller's transaction.
pub async fn save_in(
    txn: &impl ConnectionTrait,
    scope: &Scope,
    input: &EnterpriseInput,
    rules: SaveRules,
) -> Result<enterprise::Model, AppError> {
    announce(Change::Reach);
    let saved = if let Some(id) = input.ent_id.filter(|id| *id != 0) {
        let ent = find_visible(txn, scope, id).await?;
        let mut row: enterprise::ActiveModel = ent.clone().into();
        apply(&mut row, input)?;
        let mut parent = ent.parent_id;
        if rules.allow_move
            && let Some(p) = input.parent_id
        {
            let wanted = (p != 0).then_some(p);
            if wanted != ent.parent_id {
                check_move(txn, scope, &ent, wanted, rules).await?;
                row.parent_id = Set(wanted);
                parent = wanted;
            }
        }
        let name = match &row.ent_name {
            sea_orm::ActiveValue::Set(n) | sea_orm::ActiveValue::Unchanged(n) => n.clone(),
            sea_orm::ActiveValue::NotSet => ent.ent_name.clone(),
        };
        unique_among_siblings(txn, &name, parent, Some(id)).await?;
        let saved = row.update(txn).await?;
        if parent != ent.parent_id {
            // Relations of its old superiors no longer cover its vehicles.
            crate::enterprise::relations::prune_coverage(txn, None).await?;
        }
        saved
    } else {
        let name = required("entName", input.ent_name.as_deref().unwrap_or(""), 64)?;
        let parent = input.parent_id.filter(|p| *p != 0);
        match parent {
            Some(p) => {
                find_visible(txn, scope, p).await?;
                let levels = level_of(txn, p).await? + 1;
                if levels > MAX_DEPTH {
                    return Err(too_deep(levels));
                }
            }
            None if scope.platform || rules.allow_root => {}
            None => return Err(only_platform_roots()),
        }
        unique_among_siblings(txn, &name, parent, None).await?;
        let now = Utc::now();
        let mut row = enterprise::ActiveModel {
            parent_id: Set(parent),
            ent_name: Set(name.clone()),
            ent_abbreviation: Set(name.chars().take(8).collect()),
            logo: Set(String::new()),
            car_ico: Set(String::new()),
            enable_group: Set(false),
            ent_type: Set(0),
            docking_platform: Set(0),
            wheel_support: Set(0),
            verified: Set(false),
            colony_id: Set(None),
            created_at: Set(now),
            updated_at: Set(now),
            contact: Set(String::new()),
            phone: Set(String::new()),
            address: Set(String::new()),
            license_no: Set(String::new()),
            verify_state: Set(0),
            verify_documents: Set("[]".into()),
            verify_reason: Set(String::new()),
            verify_submitted_at: Set(None),
            verify_reviewed_at: Set(None),
            ..Default::default()
        };
        apply(&mut row, input)?;
        row.insert(txn).await?
    };
    Ok(saved)
}

/// Deletes enterprises, all or none. Refused while one still has members, or sub-enterprises
/// that are not deleted with it, or while one still owns vehicles.
pub async fn delete_batch(
    db: &DatabaseConnection,
    scope: &Scope,
    ids: &[i64],
) -> Result<(), AppError> {
    announce(Change::AllUsers);
    announce(Change::AllVehicles);
    announce(Change::Reach);
    let ids: BTreeSet<i64> = ids.iter().copied().collect();
    if ids.is_empty() {
        return Err(AppError::fail(text!(
            "ids 不能为空",
            "ids must not be empty"
        )));
    }
    let txn = kernel::db::write_txn(db).await?;
    let mut rows = Vec::new();
    for id in &ids {
        rows.push(find_visible(&txn, scope, *id).await?);
    }
    for e in &rows {
        if e.id == PLATFORM_ENTERPRISE {
            return Err(AppError::fail(text!(
                "平台企业 {} 不能删除",
                "The platform enterprise {} cannot be deleted",
                e.id
            )));
        }
        if !scope.platform && scope.enterprise_id == Some(e.id) {
            return Err(AppError::fail(text!(
                "不能删除您当前所在的企业 {}",
                "You cannot delete enterprise {}, the one you act for",
                e.id
            )));
        }
    }
    let members: Vec<(i64, i64)> = sys_user_authority::Entity::find()
        .select_only()
        .column(sys_user_authority::Column::EnterpriseId)
        .column_as(sys_user_authority::Column::UserId.count(), "n")
        .filter(sys_user_authority::Column::EnterpriseId.is_in(ids.iter().copied()))
        .group_by(sys_user_authority::Column::EnterpriseId)
        .into_tuple()
        .all(&txn)
        .await?;
    if let Some((ent, n)) = members.into_iter().find(|(_, n)| *n > 0) {
        let name = rows
            .iter()
            .find(|r| r.id == ent)
            .map(|r| r.ent_name.clone())
            .unwrap_or_default();
        return Err(AppError::fail(text!(
            "企业 {}（{}）还有 {} 名成员，请先移除成员再删除",
            "Enterprise {} ({}) still has {} members; remove them before deleting it",
            name,
            ent,
            n
        )));
    }
    let owned =
        crate::enterprise::ownership::owned_counts(&txn, &ids.iter().copied().collect::<Vec<_>>())
            .await?;
    if let Some((ent, n)) = owned.into_iter().find(|(_, n)| *n > 0) {
        return Err(AppError::fail(text!(
            "企业 {} 还有 {} 辆车，请先删除或转移车辆",
            "Enterprise {} still owns {} vehicles; delete or transfer them first",
            ent,
            n
        )));
    }
    let children = enterprise::Entity::find()
        .filter(enterprise::Column::ParentId.is_in(ids.iter().copied()))
        .filter(enterprise::Column::Id.is_not_in(ids.iter().copied()))
        .one(&txn)
        .await?;
    if let Some(child) = children {
        let parent = child.parent_id.unwrap_or_default();
        return Err(AppError::fail(text!(
            "企业 {} 还有下级企业 {}（{}），请先删除或移走下级企业",
            "Enterprise {} still has the sub-enterprise {} ({}); delete or move it first",
            parent,
            child.ent_name,
            child.id
        )));
    }
    sys_user::Entity::update_many()
        .col_expr(
            sys_user::Column::NowEntId,
            Expr::value(sea_orm::Value::BigInt(None)),
        )
        .filter(sys_user::Column::NowEntId.is_in(ids.iter().copied()))
        .exec(&txn)
        .await?;
    // Deepest first, so no parent goes before its children.
    let mut by_depth = Vec::new();
    for e in &rows {
        by_depth.push((level_of(&txn, e.id).await?, e.id));
    }
    by_depth.sort_unstable_by(|a, b| b.cmp(a));
    for (_, id) in by_depth {
        enterprise::Entity::delete_by_id(id).exec(&txn).await?;
    }
    txn.commit().await?;
    Ok(())
}
