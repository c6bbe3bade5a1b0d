//! Groups (teams) inside an enterprise: their members and the vehicles assigned to them.

use std::collections::{BTreeSet, HashMap};

use chrono::{DateTime, Utc};
use entities::{enterprise_group_vehicle, group, group_user, sys_user, sys_user_authority};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, Condition, ConnectionTrait, DatabaseConnection, EntityTrait,
    QueryFilter, QueryOrder, QuerySelect, Set, TryIntoModel,
};
use serde::Serialize;
use utoipa::ToSchema;

use super::find_visible;
use super::ownership::require_owned_by;
use crate::scope::{EnterpriseOwned, Scope};
use kernel::changes::{Change, announce};
use kernel::error::{AppError, DbResultExt};
use kernel::paging::{self, PageQuery, PageResult};
use kernel::text;
use kernel::validate::{limited, required};

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct GroupRow {
    #[serde(rename = "ID")]
    pub id: i64,
    pub ent_id: i64,
    pub ent_name: String,
    pub name: String,
    pub remark: String,
    pub sort: i32,
    pub user_ids: Vec<i64>,
    pub user_count: usize,
    pub vehicle_count: usize,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

/// A user as group pickers show them.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct GroupUser {
    #[serde(rename = "ID")]
    pub id: i64,
    pub user_name: String,
    pub nick_name: String,
    pub phone: String,
    /// The role held in the group's enterprise.
    pub authority_id: i64,
}

/// A group with its users (group id 0 holds the members in no group).
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct GroupWithUsers {
    pub group_id: i64,
    pub group_name: String,
    pub users: Vec<GroupUser>,
}

fn not_found(id: i64) -> AppError {
    AppError::fail(text!("分组 {} 不存在", "Group {} does not exist", id))
}

impl EnterpriseOwned for group::Entity {
    const ENTERPRISE: Self::Column = group::Column::EnterpriseId;
    fn not_found(id: i64) -> AppError {
        not_found(id)
    }
}

async fn group_rows(
    db: &impl ConnectionTrait,
    list: Vec<group::Model>,
) -> Result<Vec<GroupRow>, AppError> {
    let ids: Vec<i64> = list.iter().map(|g| g.id).collect();
    let mut users: HashMap<i64, Vec<i64>> = HashMap::new();
    for gu in group_user::Entity::find()
        .filter(group_user::Column::GroupId.is_in(ids.clone()))
        .order_by_asc(group_user::Column::UserId)
        .all(db)
        .await?
    {
        users.entry(gu.group_id).or_default().push(gu.user_id);
    }
    let mut vehicles: HashMap<i64, usize> = HashMap::new();
    for v in enterprise_group_vehicle::Entity::find()
        .filter(enterprise_group_vehicle::Column::GroupId.is_in(ids))
        .all(db)
        .await?
    {
        *vehicles.entry(v.group_id).or_default() += 1;
    }
    let names = super::names(db, list.iter().map(|g| g.enterprise_id)).await?;
    Ok(list
        .into_iter()
        .map(|g| {
            let user_ids = users.remove(&g.id).unwrap_or_default();
            GroupRow {
                id: g.id,
                ent_id: g.enterprise_id,
                ent_name: names.get(&g.enterprise_id).cloned().unwrap_or_default(),
                user_count: user_ids.len(),
                user_ids,
                vehicle_count: vehicles.get(&g.id).copied().unwrap_or_default(),
                name: g.name,
                remark: g.remark,
                sort: g.sort,
                created_at: g.created_at,
                updated_at: g.updated_at,
            }
        })
        .collect())
}

/// Groups of an enterprise (default: the acting one), paged.
pub async fn list(
    db: &DatabaseConnection,
    scope: &Scope,
    ent_id: Option<i64>,
    keyword: Option<&str>,
    page: PageQuery,
) -> Result<PageResult<GroupRow>, AppError> {
    let ent = scope.acting(ent_id)?;
    let mut cond = Condition::all()
        .add(group::Column::EnterpriseId.eq(ent))
        .add(scope.filter(group::Column::EnterpriseId));
    if let Some(k) = keyword.map(str::trim).filter(|k| !k.is_empty()) {
        cond = cond.add(kernel::search::contains(group::Column::Name, k));
    }
    let select = group::Entity::find()
        .filter(cond)
        .order_by_asc(group::Column::Sort)
        .order_by_asc(group::Column::Id);
    let page = paging::fetch(db, select, page, |g| g).await?;
    Ok(PageResult {
        list: group_rows(db, page.list).await?,
        total: page.total,
        page: page.page,
        page_size: page.page_size,
    })
}

/// The groups of an enterprise with their users; with `with_ungrouped`, a last entry (group
/// id 0) holds the members in no group.
pub async fn with_users(
    db: &DatabaseConnection,
    scope: &Scope,
    ent_id: Option<i64>,
    with_ungrouped: bool,
) -> Result<Vec<GroupWithUsers>, AppError> {
    let ent = scope.acting(ent_id)?;
    find_visible(db, scope, ent).await?;
    let groups = group::Entity::find()
        .filter(group::Column::EnterpriseId.eq(ent))
        .order_by_asc(group::Column::Sort)
        .order_by_asc(group::Column::Id)
        .all(db)
        .await?;
    let members: HashMap<i64, i64> = sys_user_authority::Entity::find()
        .filter(sys_user_authority::Column::EnterpriseId.eq(ent))
        .all(db)
        .await?
        .into_iter()
        .map(|m| (m.user_id, m.authority_id))
        .collect();
    let users: HashMap<i64, sys_user::Model> = sys_user::Entity::find()
        .filter(sys_user::Column::Id.is_in(members.keys().copied()))
        .all(db)
        .await?
        .into_iter()
        .map(|u| (u.id, u))
        .collect();
    let placed = group_user::Entity::find()
        .filter(group_user::Column::GroupId.is_in(groups.iter().map(|g| g.id)))
        .order_by_asc(group_user::Column::UserId)
        .all(db)
        .await?;
    let brief = |id: i64| {
        users.get(&id).map(|u| GroupUser {
            id: u.id,
            user_name: u.username.clone(),
            nick_name: u.nick_name.clone(),
            phone: u.phone.clone(),
            authority_id: members.get(&id).copied().unwrap_or_default(),
        })
    };
    let mut out: Vec<GroupWithUsers> = groups
        .iter()
        .map(|g| GroupWithUsers {
            group_id: g.id,
            group_name: g.name.clone(),
            users: placed
                .iter()
                .filter(|p| p.group_id == g.id && members.contains_key(&p.user_id))
                .filter_map(|p| brief(p.user_id))
                .collect(),
        })
        .collect();
    if with_ungrouped {
        let grouped: BTreeSet<i64> = placed.iter().map(|p| p.user_id).collect();
        let mut rest: Vec<i64> = members
            .keys()
            .copied()
            .filter(|u| !grouped.contains(u))
            .collect();
        rest.sort_unstable();
        out.push(GroupWithUsers {
            group_id: 0,
            group_name: kernel::text!("未分组", "ungrouped").current().to_owned(),
            users: rest.into_iter().filter_map(brief).collect(),
        });
    }
    Ok(out)
}

/// Checks every user is a member of `ent`, naming the first who is not.
async fn require_members(
    db: &impl ConnectionTrait,
    ent: i64,
    user_ids: &BTreeSet<i64>,
) -> Result<(), AppError> {
    let found: BTreeSet<i64> = sys_user_authority::Entity::find()
        .select_only()
        .column(sys_user_authority::Column::UserId)
        .filter(sys_user_authority::Column::EnterpriseId.eq(ent))
        .filter(sys_user_authority::Column::UserId.is_in(user_ids.iter().copied()))
        .into_tuple::<i64>()
        .all(db)
        .await?
        .into_iter()
        .collect();
    if let Some(missing) = user_ids.iter().find(|u| !found.contains(u)) {
        return Err(AppError::fail(text!(
            "用户 {} 不是企业 {} 的成员",
            "User {} is not a member of enterprise {}",
            missing,
            ent
        )));
    }
    Ok(())
}

async fn replace_users(
    db: &impl ConnectionTrait,
    group_id: i64,
    user_ids: &BTreeSet<i64>,
) -> Result<(), AppError> {
    group_user::Entity::delete_many()
        .filter(group_user::Column::GroupId.eq(group_id))
        .exec(db)
        .await?;
    if !user_ids.is_empty() {
        group_user::Entity::insert_many(user_ids.iter().map(|u| group_user::ActiveModel {
            group_id: Set(group_id),
            user_id: Set(*u),
        }))
        .exec_without_returning(db)
        .await?;
    }
    Ok(())
}

pub struct GroupInput {
    pub id: Option<i64>,
    pub ent_id: Option<i64>,
    pub name: Option<String>,
    pub remark: Option<String>,
    pub sort: Option<i32>,
    pub user_ids: Option<Vec<i64>>,
}

/// Creates (no id) or edits a group; `user_ids`, when given, replaces its members.
pub async fn save(
    db: &DatabaseConnection,
    scope: &Scope,
    input: GroupInput,
) -> Result<GroupRow, AppError> {
    let txn = kernel::db::write_txn(db).await?;
    let now = Utc::now();
    let (mut row, ent) = match input.id.filter(|i| *i != 0) {
        Some(id) => {
            let g = scope.find::<group::Entity>(&txn, id).await?;
            let ent = g.enterprise_id;
            (g.into(), ent)
        }
        None => {
            let ent = scope.acting(input.ent_id)?;
            find_visible(&txn, scope, ent).await?;
            let row = group::ActiveModel {
                enterprise_id: Set(ent),
                name: Set(required("name", input.name.as_deref().unwrap_or(""), 32)?),
                remark: Set(String::new()),
                sort: Set(0),
                created_at: Set(now),
                ..Default::default()
            };
            (row, ent)
        }
    };
    if let Some(n) = &input.name {
        row.name = Set(required("name", n, 32)?);
    }
    if let Some(r) = &input.remark {
        row.remark = Set(limited("remark", r, 200)?);
    }
    if let Some(s) = input.sort {
        row.sort = Set(s);
    }
    row.updated_at = Set(now);
    // `save` inserts a new row and updates a found one (its id is set).
    let saved = row.save(&txn).await.on_conflict(|| {
        text!(
            "该企业已有同名分组",
            "This enterprise already has a group with this name"
        )
    })?;
    let saved = saved.try_into_model()?;
    if let Some(users) = &input.user_ids {
        let users: BTreeSet<i64> = users.iter().copied().collect();
        require_members(&txn, ent, &users).await?;
        replace_users(&txn, saved.id, &users).await?;
    }
    txn.commit().await?;
    Ok(group_rows(db, vec![saved]).await?.remove(0))
}

/// Replaces a group's members.
pub async fn set_users(
    db: &DatabaseConnection,
    scope: &Scope,
    id: i64,
    user_ids: &[i64],
) -> Result<GroupRow, AppError> {
    let users: BTreeSet<i64> = user_ids.iter().copied().collect();
    let txn = kernel::db::write_txn(db).await?;
    let g = scope.find::<group::Entity>(&txn, id).await?;
    require_members(&txn, g.enterprise_id, &users).await?;
    replace_users(&txn, id, &users).await?;
    txn.commit().await?;
    Ok(group_rows(db, vec![g]).await?.remove(0))
}

/// Deletes groups, all or none; their memberships and vehicle assignments go with them.
pub async fn delete(db: &DatabaseConnection, scope: &Scope, ids: &[i64]) -> Result<(), AppError> {
    let ids: BTreeSet<i64> = ids.iter().copied().collect();
    if ids.is_empty() {
        return Err(AppError::fail(text!(
            "ids 不能为空",
            "ids must not be empty"
        )));
    }
    let txn = kernel::db::write_txn(db).await?;
    for id in &ids {
        scope.find::<group::Entity>(&txn, *id).await?;
    }
    group_user::Entity::delete_many()
        .filter(group_user::Column::GroupId.is_in(ids.iter().copied()))
        .exec(&txn)
        .await?;
    announce(Change::Vehicles(
        vehicles_in_groups(&txn, ids.iter().copied()).await?,
    ));
    enterprise_group_vehicle::Entity::delete_many()
        .filter(enterprise_group_vehicle::Column::GroupId.is_in(ids.iter().copied()))
        .exec(&txn)
        .await?;
    group::Entity::delete_many()
        .filter(group::Column::Id.is_in(ids.iter().copied()))
        .exec(&txn)
        .await?;
    txn.commit().await?;
    Ok(())
}

/// The vehicles in these groups.
async fn vehicles_in_groups(
    db: &impl ConnectionTrait,
    groups: impl IntoIterator<Item = i64>,
) -> Result<Vec<i64>, AppError> {
    Ok(enterprise_group_vehicle::Entity::find()
        .select_only()
        .column(enterprise_group_vehicle::Column::VehicleId)
        .filter(enterprise_group_vehicle::Column::GroupId.is_in(groups))
        .into_tuple()
        .all(db)
        .await?)
}

/// A group's vehicles after an assignment.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct GroupVehicles {
    pub ent_id: i64,
    /// 0 when vehicles were taken out of their groups.
    pub group_id: i64,
    pub vehicle_ids: Vec<i64>,
}

/// Assigns vehicles of the enterprise itself to one of its groups (each vehicle is in at most
/// one group per enterprise; a descendant's vehicles go into the descendant's groups, where
/// the vehicle list looks for them). `group_id` 0 takes them out of their group; `replace`
/// makes `vehicle_ids` the group's whole set.
pub async fn assign_vehicles(
    db: &DatabaseConnection,
    scope: &Scope,
    ent_id: Option<i64>,
    group_id: i64,
    vehicle_ids: &[i64],
    replace: bool,
) -> Result<GroupVehicles, AppError> {
    let vehicles = kernel::validate::vehicle_ids("vehicleIds", vehicle_ids)?;
    let txn = kernel::db::write_txn(db).await?;
    let ent = if group_id == 0 {
        let ent = scope.acting(ent_id)?;
        find_visible(&txn, scope, ent).await?;
        ent
    } else {
        let g = scope.find::<group::Entity>(&txn, group_id).await?;
        if let Some(asked) = ent_id.filter(|e| *e != 0 && *e != g.enterprise_id) {
            return Err(AppError::fail(text!(
                "分组 {} 不属于企业 {}",
                "Group {} does not belong to enterprise {}",
                group_id,
                asked
            )));
        }
        g.enterprise_id
    };
    require_owned_by(&txn, ent, &vehicles).await?;
    announce(Change::Vehicles(vehicles.clone()));
    if replace && group_id != 0 {
        announce(Change::Vehicles(
            vehicles_in_groups(&txn, [group_id]).await?,
        ));
        enterprise_group_vehicle::Entity::delete_many()
            .filter(enterprise_group_vehicle::Column::GroupId.eq(group_id))
            .exec(&txn)
            .await?;
    }
    enterprise_group_vehicle::Entity::delete_many()
        .filter(enterprise_group_vehicle::Column::EnterpriseId.eq(ent))
        .filter(enterprise_group_vehicle::Column::VehicleId.is_in(vehicles.clone()))
        .exec(&txn)
        .await?;
    if group_id != 0 && !vehicles.is_empty() {
        let now = Utc::now();
        enterprise_group_vehicle::Entity::insert_many(vehicles.iter().map(|v| {
            enterprise_group_vehicle::ActiveModel {
                enterprise_id: Set(ent),
                vehicle_id: Set(*v),
                group_id: Set(group_id),
                updated_at: Set(now),
            }
        }))
        .exec_without_returning(&txn)
        .await?;
    }
    let now_in = if group_id == 0 {
        Vec::new()
    } else {
        enterprise_group_vehicle::Entity::find()
            .select_only()
            .column(enterprise_group_vehicle::Column::VehicleId)
            .filter(enterprise_group_vehicle::Column::GroupId.eq(group_id))
            .order_by_asc(enterprise_group_vehicle::Column::VehicleId)
            .into_tuple::<i64>()
            .all(&txn)
            .await?
    };
    txn.commit().await?;
    Ok(GroupVehicles {
        ent_id: ent,
        group_id,
        vehicle_ids: now_in,
    })
}
